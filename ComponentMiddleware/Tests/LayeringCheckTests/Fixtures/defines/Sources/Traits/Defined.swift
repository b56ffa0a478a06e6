#if WITH_EXTRA
    import Linux
#endif
