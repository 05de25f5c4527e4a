/* Directed scenario files: one operation or check per line, one line per
 * clock cycle, written by hand from a paper's walk-through.
 *
 *   # comment
 *   sym A=0x100 B=0x200        named values (PCs, masks) for later lines
 *   VERB key=value key=value   a block-specific operation or check
 *
 * Values: decimal, 0x hex, 0b binary, a thread set [0-3,8], or a symbol.
 * The block's testbench gives the verbs and keys their meaning; a key it
 * does not use is an error, so a typo cannot silently turn a check off. The
 * language, for every block: docs/scenarios.md. */
#ifndef SIMT_SCENARIO_H
#define SIMT_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bitmask.h"
#include "ports.h"

#define SCN_LINE_KEYS 32 /* keys a line of a file may carry */
#define SCN_MAX_KEYS 64  /* and a vocabulary probe's line (every key a reader asks for) */
#define SCN_MAX_TOKEN 288 /* a 1024-bit mask in hex, with separators */

typedef struct scenario_symbol {
    const char *name;
    uint64_t value;
} scenario_symbol_t;

typedef scenario_symbol_t scenario_word_t; /* NULL-terminated tables of names */

/* A request verb of a block's scenario reader and what it does (one line
 * of docs/scenarios.md). A reader's table of them ends with {NULL, NULL}. */
typedef struct scenario_verb {
    const char *verb;
    const char *what;
} scenario_verb_t;

/* A reader's vocabulary: the keys it takes on each verb, found by probing
 * it (scenario_open_probe): check keys (compared with the outputs) apart. */
#define SCN_MAX_VOCAB 4096
typedef struct scenario_vocab {
    unsigned n;
    bool overflow;
    struct {
        char verb[32], key[32];
        bool check;
    } e[SCN_MAX_VOCAB];
} scenario_vocab_t;

typedef struct {
    const char *file;
    unsigned lineno;
    char verb[SCN_MAX_TOKEN];
    unsigned n;
    char key[SCN_MAX_KEYS][SCN_MAX_TOKEN];
    char val[SCN_MAX_KEYS][SCN_MAX_TOKEN];
    unsigned char used[SCN_MAX_KEYS];
    struct scenario *owner;
} scenario_line_t;

typedef struct scenario scenario_t;

/* Open a scenario; predef are symbols every line can use (e.g. "none"). */
scenario_t *scenario_open(const char *path, const scenario_symbol_t *predef, unsigned npredef,
                          char *err, size_t errlen);
void scenario_close(scenario_t *s);
/* The index of verb in a reader's verbs table, or -1. */
int scenario_verb_index(const scenario_verb_t *verbs, const char *verb);
/* The request verbs the reader takes: any other (but idle, expect and peek)
 * is an unknown operation, refused before the reader sees the line. */
void scenario_set_verbs(scenario_t *s, const scenario_verb_t *verbs);
/* A scenario of the one line `verb` that logs every key a reader asks for
 * into v, as if the line carried it with the value 0 (its vocabulary). */
scenario_t *scenario_open_probe(const char *verb, const scenario_symbol_t *predef,
                                unsigned npredef, scenario_vocab_t *v, char *err, size_t errlen);
/* The keys each verb may carry (a probe's v): a line whose reader takes
 * another is a testbench defect (its vocabulary would not list it). */
void scenario_set_vocabulary(scenario_t *s, const scenario_vocab_t *v);
/* The block's output ports (the kit's), which bound the values of the
 * check keys that name one (scenario_key_t.port). */
void scenario_set_ports(scenario_t *s, const port_desc_t *out, unsigned n);
/* A header line of a scenario, `# NAME: VALUE` (`# config: paper`, `# block:
 * pirat`), VALUE into val: 1 found, 0 none, -1 with a one-line message in
 * err (not a regular file, cannot read, no value, or two such lines that
 * disagree). */
int scenario_header(const char *path, const char *name, char *val, size_t len, char *err,
                    size_t errlen);
/* Where the last line read stands: "FILE:LINE" into buf. */
void scenario_where(const scenario_t *s, char *buf, size_t len);
/* Next operation line: 0, 1 at the end of the file, -1 on a syntax error.
 * `idle n=K` is returned K times (K cycles; its n is marked used). */
int scenario_next(scenario_t *s, scenario_line_t *l, char *err, size_t errlen);
/* Value of key: 1 found, 0 absent (*v untouched), -1 bad value. */
int scenario_get(scenario_line_t *l, const char *key, uint64_t *v, char *err, size_t errlen);
/* The same, and a value of more than width bits is a bad value. */
int scenario_get_bits(scenario_line_t *l, const char *key, unsigned width, uint64_t *v,
                      char *err, size_t errlen);
/* A mask of width bits (any width up to BM_MAX_BITS): a number (hex, binary
 * or decimal, `_` separators allowed) or a thread set `[0-7,12,40-43]`
 * (`[]`: none). A bit at or above width is a bad value. Same returns. */
int scenario_get_mask(scenario_line_t *l, const char *key, unsigned width, bitmask_t *m,
                      char *err, size_t errlen);
/* Value of key spelled as one of words, or as a number (a code no word
 * names: a reserved one). Same returns. */
int scenario_get_word(scenario_line_t *l, const char *key, const scenario_word_t *words,
                      uint64_t *v, char *err, size_t errlen);
/* a's words then b's into out (room for cap, the NULL end included): the
 * names of a composed block's codes after its children's. */
void scenario_words_join(scenario_word_t *out, unsigned cap, const scenario_word_t *a,
                         const scenario_word_t *b);
/* Look a word up, in any letter case: 0 found, -1 not. The words of a
 * block's codes (op, err, ...) are generated from its declaration:
 * <prefix>_<kind>_words in cosim_kit.h. */
int scenario_word(const scenario_word_t *words, const char *name, uint64_t *v);
/* -1 with a message if a key on the line was never asked for. */
int scenario_unused(const scenario_line_t *l, char *err, size_t errlen);

/* ---- expect and peek lines ---------------------------------------------------
 * Two verbs check outputs, with the same keys: `expect` is a cycle without a
 * request whose outputs are checked; `peek` checks the same outputs without
 * a cycle (no clock edge: the state, the cycle count and the recording stay
 * as they are; the testbench's stimulus returns COSIM_PEEK for it).
 */
enum scenario_check_kind { SCN_NO_CHECK, SCN_EXPECT, SCN_PEEK };
/* Which of them l is. */
enum scenario_check_kind scenario_check_kind(const scenario_line_t *l);
/* The end of reading a line: -1 with a message if a key on it was never
 * asked for (scenario_unused), else SCN_PEEK for a peek line (what the
 * stimulus returns as COSIM_PEEK), else 0. */
int scenario_done(const scenario_line_t *l, char *err, size_t errlen);

/* Check keys go on any line: an expect or peek line, or a request line (a
 * key the request itself has read -- read the request's keys first -- is
 * the request's). They are compared with the outputs of the line's cycle,
 * before its edge (on a request line of a block that registers its
 * response, that is still the previous request's response).
 *
 * A testbench names the outputs a line may check in a table of keys
 * (slot i = keys[i], an offset `first` lets two tables share one expect). It
 * reads the line's values when the line is read, before the model runs -- a
 * bad key or value is a bad file -- and compares them with the golden model's
 * outputs after the model's step: a difference is a failed check. */
#define SCN_MAX_EXPECT 64

typedef struct {
    const char *key;
    const scenario_word_t *words; /* the value spelled as one of these, or NULL */
    const char *port; /* the output port whose value it checks ("rsp_err_o"): a value
                       * wider than the port is a bad file; NULL: a value no one port
                       * holds (a field of one, a count the testbench derives) */
} scenario_key_t;

typedef struct {
    bool has[SCN_MAX_EXPECT];      /* the line gives slot i */
    uint64_t want[SCN_MAX_EXPECT]; /* and its value */
} scenario_expect_t;

/* Values of keys[0..n) on l into slots first..first+n-1: 0, or -1 (bad value,
 * a value wider than the key's port, or more than SCN_MAX_EXPECT slots).
 * Unknown keys are left to scenario_unused. */
int scenario_expect_read(scenario_line_t *l, scenario_expect_t *e, const scenario_key_t *keys,
                         unsigned n, unsigned first, char *err, size_t errlen);
/* got[i] against the value expected for keys[i] (slot first + i). Every
 * difference is a failed check, kept with the scenario ("FILE:LINE: expected
 * KEY = ... (from the paper walk-through), model gives ...") and the run goes
 * on, so that a walk-through reports all of its failures (scenario_failures);
 * returns 0. */
int scenario_expect_check(const scenario_line_t *l, const scenario_expect_t *e,
                          const scenario_key_t *keys, unsigned n, unsigned first,
                          const uint64_t *got, char *err, size_t errlen);

/* A testbench's directed-scenario state: the file (NULL: random stimulus),
 * this cycle's line, whether it is an expect or peek line, and its values. */
typedef struct {
    scenario_t *scn;
    scenario_line_t line;
    enum scenario_check_kind check;
    scenario_expect_t exp;
} scenario_cycle_t;
/* The next line into c->line, its check kind, its expect values cleared:
 * as scenario_next (0, 1 at the end of the file, -1 bad line). */
int scenario_cycle_next(scenario_cycle_t *c, char *err, size_t errlen);

/* A mask output of any width up to BM_MAX_BITS (a block's thread set): read
 * as scenario_get_mask reads a mask, reported as a thread set. */
typedef struct {
    const char *key;
    unsigned width;
    bool has;
    bitmask_t want;
    bool hex; /* reported as a number (a packed vector), not a thread set */
} scenario_mask_expect_t;

/* Read key (width bits) into e: 0 (e->has tells whether the line gives it),
 * or -1 on a bad value. */
int scenario_expect_mask_read(scenario_line_t *l, scenario_mask_expect_t *e, const char *key,
                              unsigned width, char *err, size_t errlen);
/* got against e: a difference is a failed check, kept as above ("expected
 * KEY = [set] ..., model gives [set]"); returns 0. */
int scenario_expect_mask_check(const scenario_line_t *l, const scenario_mask_expect_t *e,
                               const bitmask_t *got, char *err, size_t errlen);

/* ---- the port-level language ------------------------------------------------------
 * A block whose testbench has no reader of its own is driven port by port:
 * `cycle PORT=VALUE ...` drives the named inputs for one cycle (the others
 * 0), and any line checks outputs (`cycle in_i=0b0100 idx_o=2`); a key is a
 * port's name, a value a number or thread set of the port's width (any
 * width). */
#define SCN_MAX_PORTS 96
typedef struct {
    bool has[SCN_MAX_PORTS];
    bitmask_t want[SCN_MAX_PORTS];
} scenario_ports_expect_t;

extern const scenario_verb_t scenario_port_verbs[]; /* {"cycle", ...} */
/* A line's inputs into in (the port words, zeroed by the caller) and its
 * checks into e: 0, or -1 (bad key or value; a peek: no such line here). */
int scenario_ports_read(scenario_line_t *l, const port_desc_t *in_desc, unsigned n_in,
                        uint64_t *in, const port_desc_t *out_desc, unsigned n_out,
                        scenario_ports_expect_t *e, char *err, size_t errlen);
/* The outputs (port words) against e: each difference a failed check. */
void scenario_ports_check(const scenario_line_t *l, const scenario_ports_expect_t *e,
                          const port_desc_t *out_desc, unsigned n_out, const uint64_t *out);

/* The failed checks so far, in the order they failed: their number, and
 * failure i's message and the cycle it was tagged with (UINT64_MAX until
 * scenario_tag_failures). */
unsigned scenario_failures(const scenario_t *s);
const char *scenario_failure(const scenario_t *s, unsigned i, uint64_t *cycle, bool *peek);
/* Tag the failures from the `from`-th on with the cycle they were found in
 * (peek: on a peek line, before that cycle's edge). */
void scenario_tag_failures(scenario_t *s, unsigned from, uint64_t cycle, bool peek);

#endif /* SIMT_SCENARIO_H */
