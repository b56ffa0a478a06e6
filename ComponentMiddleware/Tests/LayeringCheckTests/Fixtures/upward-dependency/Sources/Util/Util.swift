import Event

public let hasShopTitle = Event.require_shopTitle != nil
