public let linux = true
