import enum Shop.Kind
