import Base
import Event
import Shop

Event.require_shopTitle = { Shop.title($0) }
print(Event.require_shopTitle?(ShopID("s01")) ?? "unwired")
