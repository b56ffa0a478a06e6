// Defines for C are no names of Swift's.
#if C_ONLY || TO_VALUE
    import Linux
#endif
