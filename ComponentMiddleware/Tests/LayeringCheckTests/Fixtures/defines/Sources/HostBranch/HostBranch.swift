#if HOST_FLAG
    import Linux
#endif
