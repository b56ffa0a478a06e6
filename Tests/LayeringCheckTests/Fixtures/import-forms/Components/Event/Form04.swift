import class Shop.Store
