@testable import Shop
