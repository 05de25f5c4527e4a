/* What the SIMT-X testbenches share (verif/simtx/, each block's _tb.c). */
#ifndef SIMT_SIMTX_TB_COMMON_H
#define SIMT_SIMTX_TB_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "pathtable.h"

/* No thread lost or duplicated: the masks of warp w's paths in the set
 * `paths` (bit h: path h, masks from the Pathtable model) are disjoint and,
 * with the threads of the paths that ended, make up the warp's threads.
 * 0, or -1 with err saying which path (`what`: "path", "committed path")
 * breaks it. */
int simtx_threads_check(const pathtable_t *pt, unsigned w, uint64_t paths, uint64_t ended,
                        uint64_t threads, const char *what, char *err, size_t errlen);

#endif /* SIMT_SIMTX_TB_COMMON_H */
