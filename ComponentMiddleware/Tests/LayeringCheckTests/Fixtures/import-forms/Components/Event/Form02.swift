import Shop.Sub
