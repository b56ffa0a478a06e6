#if os(macOS)
import Shop
#elseif canImport(Glibc)
    import Shop
#else
  @testable import `Shop`
#endif
