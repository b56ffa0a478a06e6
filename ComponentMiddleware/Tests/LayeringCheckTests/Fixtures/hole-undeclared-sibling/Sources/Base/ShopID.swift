public struct ShopID: Sendable { public let raw: String; public init(_ raw: String) { self.raw = raw } }
