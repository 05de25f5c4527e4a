/* What Robust SIMD's blocks (asu, warp_slice_table) share: how a width
 * divides the WPU's warps. The cfg lines of the same facts are in
 * configs/robust.inc. */
#ifndef SIMT_ROBUST_H
#define SIMT_ROBUST_H

/* S(width) = NumWarps * ceil(WarpWidth / width): the warp-slices (slice
 * positions) a width makes; 0 for width 0. */
static inline unsigned robust_slices(unsigned num_warps, unsigned warp_width, unsigned width)
{
    return width ? num_warps * ((warp_width + width - 1u) / width) : 0u;
}

/* MinWidth = ceil(WarpWidth / max(1, MaxSlices div NumWarps)): the narrowest
 * width whose slices fit in MaxSlices entries. */
static inline unsigned robust_min_width(unsigned num_warps, unsigned warp_width,
                                        unsigned max_slices)
{
    unsigned per_warp = num_warps ? max_slices / num_warps : 0u;
    if (per_warp < 1u)
        per_warp = 1u;
    return (warp_width + per_warp - 1u) / per_warp;
}

#endif /* SIMT_ROBUST_H */
