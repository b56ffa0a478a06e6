public struct Item {}
