import Base
import Formatting

let loud = Formatting.title("shop")
