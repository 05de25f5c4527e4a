/* The RISC-V side of the kernel runtime: the heap and the launch block the
 * simulator reads, and the four C library functions a freestanding build
 * still needs (GCC may call them for a struct copy or a zeroing loop, and
 * simt.h offers them to kernels). Byte loops: the compiler must not turn
 * them back into calls to themselves. */
#include "simt.h"

simt_launch_t simt_launch;

extern char _end[];
char *simt_heap_top = _end; /* the simulator reads it: the heap ends here */
/* Set by the simulator before simt_setup() (crt0.S: a3): the heap's end. */
char *simt_heap_limit;

void *simt_alloc(size_t bytes)
{
    char *p = (char *)(((uintptr_t)simt_heap_top + 15u) & ~(uintptr_t)15u);
    if (bytes > (size_t)(simt_heap_limit - p))
        __builtin_trap();
    simt_heap_top = p + bytes;
    return p; /* zero: the simulator's memory starts zeroed, and nothing is freed */
}

__attribute__((weak)) int simt_next(simt_launch_t *l, unsigned launch)
{
    (void)l;
    (void)launch;
    return 0;
}

#define NO_LIBCALL __attribute__((optimize("no-tree-loop-distribute-patterns")))

NO_LIBCALL void *memcpy(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    for (size_t i = 0; i < n; i++)
        d[i] = s[i];
    return dst;
}

NO_LIBCALL void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d < s)
        for (size_t i = 0; i < n; i++)
            d[i] = s[i];
    else
        for (size_t i = n; i > 0; i--)
            d[i - 1] = s[i - 1];
    return dst;
}

NO_LIBCALL void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    for (size_t i = 0; i < n; i++)
        d[i] = (unsigned char)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}
