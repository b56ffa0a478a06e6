#if !SWIFT_PACKAGE
    import Linux
#endif
