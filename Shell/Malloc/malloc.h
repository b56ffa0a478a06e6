// The header of GlibcMalloc: glibc's own <malloc.h> (mallopt, M_ARENA_MAX).
#include <malloc.h>
