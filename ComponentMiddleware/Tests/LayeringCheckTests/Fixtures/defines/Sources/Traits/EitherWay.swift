#if WITH_EXTRA || os(Windows)
    import Linux
#endif
