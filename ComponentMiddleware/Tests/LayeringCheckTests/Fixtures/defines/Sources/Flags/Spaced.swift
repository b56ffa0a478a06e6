#if SPACED
    import Linux
#endif
