import var Shop.variable
