#if canImport(DequeModule)
import DequeModule
#endif
