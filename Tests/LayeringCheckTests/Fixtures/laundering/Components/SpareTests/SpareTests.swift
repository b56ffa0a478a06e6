import Event
import Shop
