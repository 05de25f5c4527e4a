/* What Robust SIMD's blocks (asu, warp_slice_table) share: how a width
 * divides the WPU's warps. (MinWidth, the narrowest width whose slices fit,
 * is configs/robust.inc's: <prefix>_derive_min_width() of the generated
 * headers.) */
#ifndef SIMT_ROBUST_H
#define SIMT_ROBUST_H

/* S(width) = NumWarps * ceil(WarpWidth / width): the warp-slices (slice
 * positions) a width makes; 0 for width 0. */
static inline unsigned robust_slices(unsigned num_warps, unsigned warp_width, unsigned width)
{
    return width ? num_warps * ((warp_width + width - 1u) / width) : 0u;
}

#endif /* SIMT_ROBUST_H */
