public let xOrderedCollections = 1
