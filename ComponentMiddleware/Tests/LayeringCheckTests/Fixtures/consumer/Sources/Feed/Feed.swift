import Core

public func feed() -> [Item] { [] }
