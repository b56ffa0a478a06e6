@_spi(Internal) import Shop
