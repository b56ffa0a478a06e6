public import Shop
