#if RELEASE
    import Linux
#endif
