@_exported import Shop
