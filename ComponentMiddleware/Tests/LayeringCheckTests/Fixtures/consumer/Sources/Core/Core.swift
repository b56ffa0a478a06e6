import CSystem

public struct Item {}
