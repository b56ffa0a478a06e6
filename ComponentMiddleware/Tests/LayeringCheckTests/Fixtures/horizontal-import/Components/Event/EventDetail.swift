import Base
import Shop

let shopTitle = Shop.title(ShopID("s01"))
