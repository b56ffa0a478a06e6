import Base
import Shop

public let eventShopTitle = Shop.title(ShopID("s02"))
