#if FLAG
    import Linux
#endif
