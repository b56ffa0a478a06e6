import protocol Shop.Provider
