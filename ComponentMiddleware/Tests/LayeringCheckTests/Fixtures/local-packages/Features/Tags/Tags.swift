import Base

public let tags = [Page()]
