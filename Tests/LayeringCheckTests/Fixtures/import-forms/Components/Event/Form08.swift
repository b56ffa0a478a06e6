import func Shop.make
