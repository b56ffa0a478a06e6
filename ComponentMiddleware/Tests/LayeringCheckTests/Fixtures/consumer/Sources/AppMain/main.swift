import Feed
import Profile

print(profile(), feed().count)
