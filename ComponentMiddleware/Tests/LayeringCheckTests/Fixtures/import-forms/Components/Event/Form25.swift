import
    Shop
