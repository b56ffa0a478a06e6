import let Shop.constant
