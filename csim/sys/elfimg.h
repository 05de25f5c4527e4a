/* A kernel's RISC-V ELF file, loaded into the simulated memory with libelf
 * (elfutils): its segments, functions and the symbols of the kernel
 * runtime (kernels/rt/). */
#ifndef SIMT_SYS_ELFIMG_H
#define SIMT_SYS_ELFIMG_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t addr, size; /* [addr, addr + size) */
    char *name;
} elfimg_func_t;

typedef struct {
    uint32_t text_lo, text_hi; /* the read-only segment (code, constants) */
    uint32_t data_lo, data_hi; /* the writable segment, bss included */
    elfimg_func_t *funcs;      /* sized STT_FUNC symbols, by address */
    size_t num_funcs;
    struct elfimg_sym *syms;   /* every named symbol */
    size_t num_syms;
} elfimg_t;

/* Reads `path`, checks it is a 32-bit little-endian RISC-V executable for
 * the single-float ABI without compressed instructions, whose loadable
 * segments are one executable read-only segment and at most one writable
 * one, all inside [0x1000, mem_bytes), and copies them into mem (zero
 * beyond each segment's file size). Returns 0, or -1 with a one-line
 * message in err (no trailing newline). */
int elfimg_load(const char *path, uint8_t *mem, uint32_t mem_bytes, elfimg_t *img, char *err,
                size_t err_size);

void elfimg_free(elfimg_t *img);

/* The value of a named symbol; -1 if it has none. */
int elfimg_symbol(const elfimg_t *img, const char *name, uint32_t *value);

/* The function holding addr, or NULL. */
const elfimg_func_t *elfimg_func_at(const elfimg_t *img, uint32_t addr);

#endif /* SIMT_SYS_ELFIMG_H */
