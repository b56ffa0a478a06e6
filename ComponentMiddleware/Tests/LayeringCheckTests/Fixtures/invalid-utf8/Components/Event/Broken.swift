import Base
// café ÿþ
import Shop
