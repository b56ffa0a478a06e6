import Base
import Reminders
import Tags

print(tags, reminders)
