/* The RISC-V side of the kernel runtime: the heap and the launch block the
 * simulator reads. */
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
