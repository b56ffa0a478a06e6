@_spiOnly import Shop
