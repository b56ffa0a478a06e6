import Bridge
import Core

public func profile() -> Int { feed().count }
