#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

/// Heap allocations made by this process so far (malloc, calloc, realloc and the aligned ones), or
/// -1 where they cannot be counted (only glibc lets a program replace malloc this simply).
long bench_allocation_count(void);

/// Does nothing, out of the optimizer's sight: a result passed here must be computed.
void bench_consume(long value);

#endif
