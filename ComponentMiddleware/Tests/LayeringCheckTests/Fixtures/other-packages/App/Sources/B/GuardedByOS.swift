#if os(macOS)
import DequeModule
#endif
