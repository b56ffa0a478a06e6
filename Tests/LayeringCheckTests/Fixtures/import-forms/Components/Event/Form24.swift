import Foundation; import Shop
