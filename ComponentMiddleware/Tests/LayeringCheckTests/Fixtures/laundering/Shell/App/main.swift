import Event
import Shop

print(title(), shopName())
