#if JOINED
    import Linux
#endif
