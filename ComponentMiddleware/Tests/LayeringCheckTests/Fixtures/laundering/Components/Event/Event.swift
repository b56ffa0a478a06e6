import Base
import Bridge

public func title() -> String { shopName() }
