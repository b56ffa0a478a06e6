#if DEBUG_ON_LINUX
    import Linux
#endif
