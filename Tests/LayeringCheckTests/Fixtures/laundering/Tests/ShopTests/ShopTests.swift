import Shop
