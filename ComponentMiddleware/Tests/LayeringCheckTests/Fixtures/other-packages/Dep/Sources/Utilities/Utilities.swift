public let xUtilities = 1
