import typealias Shop.Alias
