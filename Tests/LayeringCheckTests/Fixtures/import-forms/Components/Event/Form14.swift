fileprivate import Shop
