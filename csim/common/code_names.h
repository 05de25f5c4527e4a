/* The name tables of the code lists in the generated csim/<group>/<block>_decl.h
 * (scripts/gen_decl.py): one definition of a name look-up for all of them. */
#ifndef SIMT_CODE_NAMES_H
#define SIMT_CODE_NAMES_H

/* CODE_NAMES(fn, [CODE] = "NAME", ...) defines
 *     static inline const char *fn(unsigned v)
 * the name of code v from the table of designated initializers; NULL for a
 * value that has no name (an unused code, or one past the last). */
#define CODE_NAMES(fn, ...)                                                              \
    static inline const char *fn(unsigned v)                                             \
    {                                                                                    \
        static const char *const names[] = {__VA_ARGS__};                                \
        return v < sizeof names / sizeof names[0] ? names[v] : 0;                        \
    }

#endif /* SIMT_CODE_NAMES_H */
