package import Shop
