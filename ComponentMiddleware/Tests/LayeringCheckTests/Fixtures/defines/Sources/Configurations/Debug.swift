#if DEBUG
    import Linux
#endif
