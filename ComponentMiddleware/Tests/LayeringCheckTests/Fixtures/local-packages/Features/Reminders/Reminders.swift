import Base
import Tags

public let reminders = [Page()]
