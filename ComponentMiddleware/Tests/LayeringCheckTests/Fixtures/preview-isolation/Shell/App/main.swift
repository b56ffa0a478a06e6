import Base
import Event
import Shop

Shop.require_eventTitle = { Event.title($0) }
print(Shop.title(ShopID("s01")))
