internal import Shop
