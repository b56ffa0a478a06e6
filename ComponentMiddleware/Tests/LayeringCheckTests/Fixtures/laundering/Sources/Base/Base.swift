public struct ShopID {}
