@testable @preconcurrency public import Shop
