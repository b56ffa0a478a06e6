@_implementationOnly import Shop
