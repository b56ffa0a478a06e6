private import Shop
