#define _POSIX_C_SOURCE 200809L
#include "elfimg.h"

#include <stdbool.h>

#include <fcntl.h>
#include <gelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* e_flags of the RISC-V psABI */
#define RV_FLAG_RVC 0x1u
#define RV_FLAG_FLOAT_ABI 0x6u
#define RV_FLAG_FLOAT_SINGLE 0x2u
#define LOW_GUARD 0x1000u /* page 0 holds nothing: a null pointer faults */

struct elfimg_sym {
    char *name;
    uint32_t value;
};

static int fail(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return -1;
}

static int by_addr(const void *a, const void *b)
{
    const elfimg_func_t *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static int segments(Elf *e, const char *path, uint8_t *mem, uint32_t mem_bytes, elfimg_t *img,
                    char *err, size_t n)
{
    size_t count;
    if (elf_getphdrnum(e, &count))
        return fail(err, n, "%s: no program headers", path);
    size_t file_size;
    char *file = elf_rawfile(e, &file_size);
    bool have_text = false, have_data = false;
    for (size_t i = 0; i < count; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(e, (int)i, &ph))
            return fail(err, n, "%s: unreadable program header %zu", path, i);
        if (ph.p_type != PT_LOAD || !ph.p_memsz)
            continue;
        if (ph.p_filesz > ph.p_memsz || ph.p_offset + ph.p_filesz > file_size)
            return fail(err, n, "%s: segment %zu lies outside the file", path, i);
        if (ph.p_vaddr < LOW_GUARD || ph.p_vaddr + ph.p_memsz > mem_bytes)
            return fail(err, n,
                        "%s: segment %zu (0x%llx..0x%llx) outside the simulated memory "
                        "0x%x..0x%x",
                        path, i, (unsigned long long)ph.p_vaddr,
                        (unsigned long long)(ph.p_vaddr + ph.p_memsz), LOW_GUARD, mem_bytes);
        bool exec = ph.p_flags & PF_X, write = ph.p_flags & PF_W;
        if (exec && write)
            return fail(err, n, "%s: segment %zu is writable and executable (link with "
                                "kernels/rt/link.ld)", path, i);
        if ((exec && have_text) || (!exec && have_data) || (!exec && !write))
            return fail(err, n, "%s: expected one code segment and one data segment (link "
                                "with kernels/rt/link.ld)", path);
        memcpy(mem + ph.p_vaddr, file + ph.p_offset, ph.p_filesz);
        uint32_t lo = (uint32_t)ph.p_vaddr, hi = (uint32_t)(ph.p_vaddr + ph.p_memsz);
        if (exec) {
            img->text_lo = lo, img->text_hi = hi;
            have_text = true;
        } else {
            img->data_lo = lo, img->data_hi = hi;
            have_data = true;
        }
    }
    if (!have_text)
        return fail(err, n, "%s: no code segment", path);
    if (!have_data)
        img->data_lo = img->data_hi = img->text_hi;
    if (img->text_lo < img->data_hi && img->data_lo < img->text_hi)
        return fail(err, n, "%s: the code and data segments overlap", path);
    return 0;
}

static int symbols(Elf *e, const char *path, elfimg_t *img, char *err, size_t n)
{
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(e, scn))) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB)
            continue;
        Elf_Data *d = elf_getdata(scn, NULL);
        size_t count = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
        img->syms = calloc(count ? count : 1, sizeof *img->syms);
        img->funcs = calloc(count ? count : 1, sizeof *img->funcs);
        if (!d || !img->syms || !img->funcs)
            return fail(err, n, "%s: cannot read the symbol table", path);
        for (size_t i = 0; i < count; i++) {
            GElf_Sym s;
            if (!gelf_getsym(d, (int)i, &s))
                return fail(err, n, "%s: cannot read symbol %zu", path, i);
            const char *name = elf_strptr(e, sh.sh_link, s.st_name);
            if (!name || !*name)
                continue;
            char *copy = strdup(name);
            if (!copy)
                return fail(err, n, "out of memory");
            img->syms[img->num_syms++] = (struct elfimg_sym){copy, (uint32_t)s.st_value};
            if (GELF_ST_TYPE(s.st_info) == STT_FUNC && s.st_size)
                img->funcs[img->num_funcs++] =
                    (elfimg_func_t){(uint32_t)s.st_value, (uint32_t)s.st_size, copy};
        }
        qsort(img->funcs, img->num_funcs, sizeof *img->funcs, by_addr);
        for (size_t i = 0; i < img->num_funcs; i++) {
            const elfimg_func_t *f = &img->funcs[i];
            if (f->addr % 4 || f->size % 4 || f->addr < img->text_lo ||
                f->addr + f->size > img->text_hi)
                return fail(err, n, "%s: function %s (0x%x, %u bytes) is not whole 4-byte "
                                    "instructions in the code segment", path, f->name, f->addr,
                            f->size);
            if (i && img->funcs[i - 1].addr + img->funcs[i - 1].size > f->addr)
                return fail(err, n, "%s: functions %s and %s overlap", path,
                            img->funcs[i - 1].name, f->name);
        }
        return 0;
    }
    return fail(err, n, "%s: no symbol table (do not strip the kernel)", path);
}

int elfimg_load(const char *path, uint8_t *mem, uint32_t mem_bytes, elfimg_t *img, char *err,
                size_t n)
{
    memset(img, 0, sizeof *img);
    if (elf_version(EV_CURRENT) == EV_NONE)
        return fail(err, n, "libelf: %s", elf_errmsg(-1));
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return fail(err, n, "%s: cannot open it", path);
    Elf *e = elf_begin(fd, ELF_C_READ, NULL);
    int rc = -1;
    GElf_Ehdr eh;
    if (!e || elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh))
        fail(err, n, "%s: not an ELF file", path);
    else if (eh.e_ident[EI_CLASS] != ELFCLASS32 || eh.e_ident[EI_DATA] != ELFDATA2LSB ||
             eh.e_machine != EM_RISCV)
        fail(err, n, "%s: not a 32-bit little-endian RISC-V ELF file", path);
    else if (eh.e_type != ET_EXEC)
        fail(err, n, "%s: not an executable (link it with kernels/rt/link.ld)", path);
    else if (eh.e_flags & RV_FLAG_RVC)
        fail(err, n, "%s: uses compressed instructions (build with -march=rv32imf)", path);
    else if ((eh.e_flags & RV_FLAG_FLOAT_ABI) != RV_FLAG_FLOAT_SINGLE)
        fail(err, n, "%s: not the single-float ABI (build with -mabi=ilp32f)", path);
    else if (!segments(e, path, mem, mem_bytes, img, err, n) &&
             !symbols(e, path, img, err, n))
        rc = 0;
    if (e)
        elf_end(e);
    close(fd);
    if (rc)
        elfimg_free(img);
    return rc;
}

void elfimg_free(elfimg_t *img)
{
    for (size_t i = 0; i < img->num_syms; i++)
        free(img->syms[i].name);
    free(img->syms);
    free(img->funcs);
    memset(img, 0, sizeof *img);
}

int elfimg_symbol(const elfimg_t *img, const char *name, uint32_t *value)
{
    for (size_t i = 0; i < img->num_syms; i++)
        if (!strcmp(img->syms[i].name, name)) {
            *value = img->syms[i].value;
            return 0;
        }
    return -1;
}

const elfimg_func_t *elfimg_func_at(const elfimg_t *img, uint32_t addr)
{
    size_t lo = 0, hi = img->num_funcs;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const elfimg_func_t *f = &img->funcs[mid];
        if (addr < f->addr)
            hi = mid;
        else if (addr >= f->addr + f->size)
            lo = mid + 1;
        else
            return f;
    }
    return NULL;
}
