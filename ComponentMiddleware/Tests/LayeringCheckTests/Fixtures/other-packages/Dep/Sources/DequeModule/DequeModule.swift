public let xDequeModule = 1
