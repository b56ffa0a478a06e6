@_weakLinked import Shop
