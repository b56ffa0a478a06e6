import Reminders
