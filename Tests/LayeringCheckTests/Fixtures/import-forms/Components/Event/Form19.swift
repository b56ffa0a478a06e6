@preconcurrency import Shop
