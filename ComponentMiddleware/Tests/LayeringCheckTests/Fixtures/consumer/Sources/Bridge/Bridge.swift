import Core

@_exported import Feed
