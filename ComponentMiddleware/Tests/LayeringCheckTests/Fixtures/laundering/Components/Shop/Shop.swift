import Base

public func shopName() -> String { "Blue Bottle" }
