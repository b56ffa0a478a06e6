#if !(COMMENTED && INTERPOLATED && RAW && EMPTY && TWICE && ALSO_FLAG)
    import Linux
#endif
#if MULTILINE || BOTH
    import Linux
#endif
