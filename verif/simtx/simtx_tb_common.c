/* What the SIMT-X testbenches share (see simtx_tb_common.h). */
#include "simtx_tb_common.h"

#include <stdio.h>

int simtx_threads_check(const pathtable_t *pt, unsigned w, uint64_t paths, uint64_t ended,
                        uint64_t threads, const char *what, char *err, size_t errlen)
{
    uint64_t seen = ended;
    for (unsigned h = 0; h < 64u && (paths >> h); h++) {
        if (!((paths >> h) & 1u))
            continue;
        uint64_t mk = pathtable_mask(pt, w, h);
        if (mk & seen) {
            snprintf(err, errlen, "warp %u: %s %u's threads %#llx are also another path's or "
                     "ended", w, what, h, (unsigned long long)(mk & seen));
            return -1;
        }
        seen |= mk;
    }
    if (seen != threads) {
        snprintf(err, errlen, "warp %u: %ss and ended threads %#llx, warp threads %#llx", w,
                 what, (unsigned long long)seen, (unsigned long long)threads);
        return -1;
    }
    return 0;
}
