#if Extra
    import Linux
#endif
