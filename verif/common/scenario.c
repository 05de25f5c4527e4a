/* Directed scenario file reader: see scenario.h. */
#define _POSIX_C_SOURCE 200809L
#include "scenario.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define SCN_MAX_SYMS 256
#define SCN_MAX_FAILURES 64 /* failed checks kept with their message (all are counted) */
#define SCN_FAIL_LEN 384
#define SCN_MAX_LINE 4096

struct scenario {
    FILE *f;
    char *text; /* a probe's one line (f reads it), or NULL */
    char *path;
    unsigned lineno;
    uint64_t repeat;       /* further cycles of the last `idle n=` line */
    scenario_line_t idle;  /* that line */
    unsigned nsym;
    char sym_name[SCN_MAX_SYMS][SCN_MAX_TOKEN];
    char sym_text[SCN_MAX_SYMS][SCN_MAX_TOKEN]; /* a number, mask or thread set */
    const port_desc_t *out; /* the block's output ports */
    unsigned n_out;
    const scenario_verb_t *verbs;  /* the reader's request verbs, or NULL */
    scenario_vocab_t *probe;       /* a vocabulary probe: every key asked is logged here */
    bool asking_check;             /* the keys asked now are check keys */
    const scenario_vocab_t *vocab; /* the keys a line may carry, or NULL */
    /* the failed checks: their number, and the first SCN_MAX_FAILURES kept */
    unsigned nfail;
    struct {
        char msg[SCN_FAIL_LEN];
        uint64_t cycle;
        bool peek;
    } fail[SCN_MAX_FAILURES];
};

/* The text a symbol stands for, or t itself. */
static const char *resolve(const scenario_t *s, const char *t)
{
    for (unsigned i = 0; i < s->nsym; i++)
        if (!strcmp(s->sym_name[i], t))
            return s->sym_text[i];
    return t;
}

static int add_symbol(scenario_t *s, const char *name, const char *text)
{
    text = resolve(s, text);
    for (unsigned i = 0; i < s->nsym; i++)
        if (!strcmp(s->sym_name[i], name)) {
            snprintf(s->sym_text[i], SCN_MAX_TOKEN, "%s", text);
            return 0;
        }
    if (s->nsym == SCN_MAX_SYMS)
        return -1;
    snprintf(s->sym_name[s->nsym], SCN_MAX_TOKEN, "%s", name);
    snprintf(s->sym_text[s->nsym++], SCN_MAX_TOKEN, "%s", text);
    return 0;
}

scenario_t *scenario_open(const char *path, const scenario_symbol_t *predef, unsigned npredef,
                          char *err, size_t errlen)
{
    scenario_t *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->f = fopen(path, "r");
    struct stat st;
    if (!s->f || fstat(fileno(s->f), &st) || !S_ISREG(st.st_mode)) {
        if (s->f)
            snprintf(err, errlen, "scenario '%s' is not a file", path);
        else
            snprintf(err, errlen, "cannot open scenario '%s': %s", path, strerror(errno));
        if (s->f)
            fclose(s->f);
        free(s);
        return NULL;
    }
    s->path = strdup(path);
    for (unsigned i = 0; i < npredef; i++) {
        char text[24];
        snprintf(text, sizeof text, "0x%" PRIx64, predef[i].value);
        add_symbol(s, predef[i].name, text);
    }
    return s;
}

void scenario_set_verbs(scenario_t *s, const scenario_verb_t *verbs) { s->verbs = verbs; }

int scenario_verb_index(const scenario_verb_t *verbs, const char *verb)
{
    for (int i = 0; verbs[i].verb; i++)
        if (!strcmp(verbs[i].verb, verb))
            return i;
    return -1;
}

void scenario_set_vocabulary(scenario_t *s, const scenario_vocab_t *v) { s->vocab = v; }

scenario_t *scenario_open_probe(const char *verb, const scenario_symbol_t *predef,
                                unsigned npredef, scenario_vocab_t *v, char *err, size_t errlen)
{
    scenario_t *s = calloc(1, sizeof *s);
    char *text = s ? malloc(strlen(verb) + 2) : NULL;
    if (text)
        sprintf(text, "%s\n", verb);
    if (!text || !(s->f = fmemopen(text, strlen(text), "r"))) {
        snprintf(err, errlen, "out of memory");
        free(text);
        free(s);
        return NULL;
    }
    s->text = text;
    s->path = strdup("(vocabulary probe)");
    s->probe = v;
    for (unsigned i = 0; i < npredef; i++) {
        char t[24];
        snprintf(t, sizeof t, "0x%" PRIx64, predef[i].value);
        add_symbol(s, predef[i].name, t);
    }
    return s;
}

void scenario_set_ports(scenario_t *s, const port_desc_t *out, unsigned n)
{
    s->out = out;
    s->n_out = n;
}

void scenario_close(scenario_t *s)
{
    if (!s)
        return;
    fclose(s->f);
    free(s->text);
    free(s->path);
    free(s);
}

/* Add digit value d (< base) to a little-endian multi-word number of
 * nwords words: 0, or -1 when it overflows them. */
static int push_digit(uint64_t *w, unsigned nwords, unsigned base, unsigned d)
{
    unsigned __int128 carry = d;
    for (unsigned i = 0; i < nwords; i++) {
        unsigned __int128 x = (unsigned __int128)w[i] * base + carry;
        w[i] = (uint64_t)x;
        carry = x >> 64;
    }
    return carry ? -1 : 0;
}

/* A number (decimal, 0x hex, 0b binary; digits only, no sign or space) into
 * nwords little-endian words: 0, or -1 (not a number, or too large). */
static int parse_number(const char *t, uint64_t *w, unsigned nwords)
{
    unsigned base = 10;
    memset(w, 0, nwords * sizeof *w);
    if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))
        base = 16, t += 2;
    else if (t[0] == '0' && (t[1] == 'b' || t[1] == 'B'))
        base = 2, t += 2;
    unsigned digits = 0;
    for (; *t; t++) {
        unsigned d;
        if (*t == '_' && digits)
            continue; /* digit separator: 0xffff_0000 */
        if (isdigit((unsigned char)*t))
            d = (unsigned)(*t - '0');
        else if (isxdigit((unsigned char)*t))
            d = (unsigned)(tolower((unsigned char)*t) - 'a' + 10);
        else
            return -1;
        if (d >= base || push_digit(w, nwords, base, d))
            return -1;
        digits++;
    }
    return digits ? 0 : -1;
}

static int parse_value(const scenario_t *s, const char *t, uint64_t *v)
{
    return parse_number(resolve(s, t), v, 1);
}

static int read_line(scenario_t *s, scenario_line_t *l, char *err, size_t errlen);

int scenario_next(scenario_t *s, scenario_line_t *l, char *err, size_t errlen)
{
    if (s->repeat) { /* the next cycle of an idle n= line: the same line again */
        s->repeat--;
        *l = s->idle;
        return 0;
    }
    int rc = read_line(s, l, err, errlen);
    if (!rc && s->verbs && strcmp(l->verb, "idle") && scenario_check_kind(l) == SCN_NO_CHECK) {
        if (scenario_verb_index(s->verbs, l->verb) < 0) {
            snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
            return -1;
        }
    }
    if (rc || strcmp(l->verb, "idle"))
        return rc;
    int i = -1;
    for (unsigned k = 0; k < l->n; k++)
        if (!strcmp(l->key[k], "n"))
            i = (int)k;
    if (i < 0)
        return 0;
    uint64_t n;
    l->used[i] = 1;
    if (parse_value(s, l->val[i], &n) || n == 0) {
        snprintf(err, errlen, "%s:%u: idle n= wants a number of cycles, at least 1", l->file,
                 l->lineno);
        return -1;
    }
    s->repeat = n - 1;
    s->idle = *l;
    return 0;
}

/* The next line of f into buf (size bytes: the line, its newline and a
 * NUL), counting every byte, a NUL byte too: its length, -1 at the end of the
 * file, -2 when it does not fit. */
static long get_line(FILE *f, char *buf, size_t size)
{
    size_t n = 0;
    int c;
    while ((c = getc(f)) != EOF) {
        if (n + 2 > size)
            return -2;
        buf[n++] = (char)c;
        if (c == '\n')
            break;
    }
    buf[n] = '\0';
    return n || c != EOF ? (long)n : -1;
}

/* A line that is not text: the column (from 1) of its first byte that is
 * neither printable nor a space (a NUL byte too), or 0. */
static unsigned not_text(const char *buf, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isprint((unsigned char)buf[i]) && !isspace((unsigned char)buf[i]))
            return (unsigned)i + 1;
    return 0;
}

static int read_line(scenario_t *s, scenario_line_t *l, char *err, size_t errlen)
{
    char buf[SCN_MAX_LINE];
    long len;
    while ((len = get_line(s->f, buf, sizeof buf)) != -1) {
        s->lineno++;
        if (len == -2) {
            snprintf(err, errlen, "%s:%u: line too long (at most %d bytes)", s->path, s->lineno,
                     SCN_MAX_LINE - 2);
            return -1;
        }
        unsigned col = not_text(buf, (size_t)len);
        if (col) {
            snprintf(err, errlen, "%s:%u: not a text line (byte 0x%02x at column %u)", s->path,
                     s->lineno, (unsigned char)buf[col - 1], col);
            return -1;
        }
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = '\0';
        memset(l, 0, sizeof *l);
        l->file = s->path;
        l->lineno = s->lineno;
        l->owner = s;
        char *save = NULL;
        char *tok = strtok_r(buf, " \t\r\n", &save);
        if (!tok)
            continue;
        if (strlen(tok) >= SCN_MAX_TOKEN) {
            snprintf(err, errlen, "%s:%u: word too long", s->path, s->lineno);
            return -1;
        }
        snprintf(l->verb, sizeof l->verb, "%s", tok);
        while ((tok = strtok_r(NULL, " \t\r\n", &save))) {
            char *eq = strchr(tok, '=');
            if (l->n == SCN_LINE_KEYS) {
                snprintf(err, errlen, "%s:%u: more than %u keys on a line; split it", s->path,
                         s->lineno, SCN_LINE_KEYS);
                return -1;
            }
            if (!eq || eq == tok || !eq[1] ||
                (size_t)(eq - tok) >= SCN_MAX_TOKEN || strlen(eq + 1) >= SCN_MAX_TOKEN) {
                snprintf(err, errlen, "%s:%u: expected key=value, got '%s'", s->path,
                         s->lineno, tok);
                return -1;
            }
            *eq = '\0';
            for (unsigned i = 0; i < l->n; i++)
                if (!strcmp(l->key[i], tok)) {
                    snprintf(err, errlen, "%s:%u: key '%s' given twice", s->path, s->lineno,
                             tok);
                    return -1;
                }
            snprintf(l->key[l->n], SCN_MAX_TOKEN, "%s", tok);
            snprintf(l->val[l->n], SCN_MAX_TOKEN, "%s", eq + 1);
            l->n++;
        }
        if (!strcmp(l->verb, "sym")) {
            for (unsigned i = 0; i < l->n; i++) {
                if (add_symbol(s, l->key[i], l->val[i])) {
                    snprintf(err, errlen, "%s:%u: too many symbols (at most %u): '%s'",
                             s->path, s->lineno, SCN_MAX_SYMS, l->key[i]);
                    return -1;
                }
            }
            continue;
        }
        return 0;
    }
    return 1;
}

static int find_key(scenario_line_t *l, const char *key);

int scenario_get(scenario_line_t *l, const char *key, uint64_t *v, char *err, size_t errlen)
{
    int i = find_key(l, key);
    if (i < 0)
        return 0;
    if (parse_value(l->owner, l->val[i], v)) {
        snprintf(err, errlen, "%s:%u: bad value '%s' for %s", l->file, l->lineno, l->val[i], key);
        return -1;
    }
    return 1;
}

void scenario_words_join(scenario_word_t *out, unsigned cap, const scenario_word_t *a,
                         const scenario_word_t *b)
{
    const scenario_word_t *const tables[2] = {a, b};
    unsigned n = 0;
    for (unsigned k = 0; k < 2; k++)
        for (unsigned i = 0; tables[k] && tables[k][i].name && n + 1u < cap; i++)
            out[n++] = tables[k][i];
    if (cap)
        out[n] = (scenario_word_t){NULL, 0};
}

int scenario_word(const scenario_word_t *words, const char *name, uint64_t *v)
{
    for (; words->name; words++)
        if (!strcasecmp(words->name, name)) {
            *v = words->value;
            return 0;
        }
    return -1;
}

/* Log key as one the line's verb takes (a probe). */
static void probe_log(scenario_t *s, const char *verb, const char *key)
{
    scenario_vocab_t *v = s->probe;
    for (unsigned i = 0; i < v->n; i++)
        if (!strcmp(v->e[i].verb, verb) && !strcmp(v->e[i].key, key))
            return;
    if (v->n == SCN_MAX_VOCAB || strlen(verb) >= sizeof v->e[0].verb ||
        strlen(key) >= sizeof v->e[0].key) {
        v->overflow = true;
        return;
    }
    memcpy(v->e[v->n].verb, verb, strlen(verb) + 1); /* lengths checked above */
    memcpy(v->e[v->n].key, key, strlen(key) + 1);
    v->e[v->n++].check = s->asking_check;
}

/* The line's value of key: its index, -1 absent. Marks it used. On a probe
 * line every key asked is there (value 0) and logged. */
static int find_key(scenario_line_t *l, const char *key)
{
    for (unsigned i = 0; i < l->n; i++)
        if (!strcmp(l->key[i], key)) {
            l->used[i] = 1;
            return (int)i;
        }
    if (!l->owner || !l->owner->probe || strlen(key) >= SCN_MAX_TOKEN)
        return -1;
    probe_log(l->owner, l->verb, key);
    if (l->n == SCN_MAX_KEYS) {
        l->owner->probe->overflow = true; /* a reader that asks for more: said as a defect */
        return -1;
    }
    snprintf(l->key[l->n], SCN_MAX_TOKEN, "%s", key);
    snprintf(l->val[l->n], SCN_MAX_TOKEN, "0");
    l->used[l->n] = 1;
    return (int)l->n++;
}

int scenario_get_bits(scenario_line_t *l, const char *key, unsigned width, uint64_t *v,
                      char *err, size_t errlen)
{
    int rc = scenario_get(l, key, v, err, errlen);
    if (rc == 1 && width < 64 && *v >> width) {
        snprintf(err, errlen, "%s:%u: %s=%s does not fit in %u bits", l->file, l->lineno, key,
                 l->val[find_key(l, key)], width);
        return -1;
    }
    return rc;
}

/* A thread set: [] or [a,b-c,...], thread numbers < width. */
static int parse_set(const char *t, unsigned width, bitmask_t *m)
{
    size_t n = strlen(t);
    if (n < 2 || t[0] != '[' || t[n - 1] != ']')
        return -1;
    char buf[SCN_MAX_TOKEN];
    snprintf(buf, sizeof buf, "%.*s", (int)(n - 2), t + 1);
    if (!buf[0])
        return 0;
    char *save = NULL;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        uint64_t lo, hi;
        char *dash = strchr(item, '-');
        if (dash)
            *dash = '\0';
        if (parse_number(item, &lo, 1) || (dash && parse_number(dash + 1, &hi, 1)))
            return -1;
        if (!dash)
            hi = lo;
        if (lo > hi || hi >= width)
            return -1;
        for (uint64_t k = lo; k <= hi; k++)
            bm_set(m, (unsigned)k, true);
    }
    return 0;
}

int scenario_get_mask(scenario_line_t *l, const char *key, unsigned width, bitmask_t *m,
                      char *err, size_t errlen)
{
    int i = find_key(l, key);
    if (i < 0)
        return 0;
    const char *t = resolve(l->owner, l->val[i]);
    bm_clear(m);
    int bad = t[0] == '[' ? parse_set(t, width, m) : parse_number(t, m->w, BM_WORDS);
    if (!bad) {
        bitmask_t trimmed = *m;
        bm_trim(&trimmed, width);
        bad = !bm_eq(&trimmed, m);
    }
    if (bad) {
        snprintf(err, errlen,
                 "%s:%u: bad %s '%s': want a number of at most %u bits or a thread set "
                 "[a,b-c] of threads 0..%u",
                 l->file, l->lineno, key, l->val[i], width, width - 1);
        return -1;
    }
    return 1;
}

int scenario_get_word(scenario_line_t *l, const char *key, const scenario_word_t *words,
                      uint64_t *v, char *err, size_t errlen)
{
    int i = find_key(l, key);
    if (i < 0)
        return 0;
    if (l->val[i][0] >= '0' && l->val[i][0] <= '9') /* a code by number: a reserved one */
        return scenario_get(l, key, v, err, errlen);
    if (scenario_word(words, l->val[i], v)) {
        snprintf(err, errlen, "%s:%u: unknown %s '%s'", l->file, l->lineno, key, l->val[i]);
        return -1;
    }
    return 1;
}

enum scenario_check_kind scenario_check_kind(const scenario_line_t *l)
{
    if (!strcmp(l->verb, "expect"))
        return SCN_EXPECT;
    return strcmp(l->verb, "peek") ? SCN_NO_CHECK : SCN_PEEK;
}

int scenario_cycle_next(scenario_cycle_t *c, char *err, size_t errlen)
{
    int rc = scenario_next(c->scn, &c->line, err, errlen);
    if (rc)
        return rc;
    c->check = scenario_check_kind(&c->line);
    memset(&c->exp, 0, sizeof c->exp);
    return 0;
}

int scenario_done(const scenario_line_t *l, char *err, size_t errlen)
{
    if (scenario_unused(l, err, errlen))
        return -1;
    return scenario_check_kind(l) == SCN_PEEK ? SCN_PEEK : 0;
}

/* Whether the vocabulary has key on verb. */
static bool in_vocab(const scenario_vocab_t *v, const char *verb, const char *key)
{
    for (unsigned i = 0; i < v->n; i++)
        if (!strcmp(v->e[i].verb, verb) && !strcmp(v->e[i].key, key))
            return true;
    return false;
}

int scenario_unused(const scenario_line_t *l, char *err, size_t errlen)
{
    for (unsigned i = 0; i < l->n; i++) {
        if (!l->used[i]) {
            snprintf(err, errlen, "%s:%u: '%s' does not take key '%s'", l->file, l->lineno,
                     l->verb, l->key[i]);
            return -1;
        }
        const scenario_vocab_t *v = l->owner ? l->owner->vocab : NULL;
        bool repeat = !strcmp(l->verb, "idle") && !strcmp(l->key[i], "n"); /* the harness's */
        if (v && !repeat && !in_vocab(v, l->verb, l->key[i])) {
            snprintf(err, errlen, "%s:%u: testbench defect: its reader took key '%s' on '%s', "
                     "which its vocabulary (--vocabulary, docs/scenarios.md) does not list",
                     l->file, l->lineno, l->key[i], l->verb);
            return -1;
        }
    }
    return 0;
}

/* The width of output port name, or 0 if the block has none of that name. */
static unsigned out_width(const scenario_t *s, const char *name)
{
    for (unsigned i = 0; s && i < s->n_out; i++)
        if (!strcmp(s->out[i].name, name))
            return s->out[i].width;
    return 0;
}

/* On a request line, a key its request has read is the request's, not a
 * check (init ... mask=: the INIT's threads). */
static bool request_key(const scenario_line_t *l, const char *key)
{
    if (scenario_check_kind(l) != SCN_NO_CHECK)
        return false;
    for (unsigned i = 0; i < l->n; i++)
        if (!strcmp(l->key[i], key))
            return l->used[i];
    return false;
}

int scenario_expect_read(scenario_line_t *l, scenario_expect_t *e, const scenario_key_t *keys,
                         unsigned n, unsigned first, char *err, size_t errlen)
{
    if (first + n > SCN_MAX_EXPECT) {
        snprintf(err, errlen, "%s:%u: more than %u expect keys", l->file, l->lineno,
                 SCN_MAX_EXPECT);
        return -1;
    }
    for (unsigned i = 0; i < n; i++) {
        uint64_t *v = &e->want[first + i];
        e->has[first + i] = false;
        if (request_key(l, keys[i].key))
            continue;
        if (l->owner)
            l->owner->asking_check = true;
        int has = keys[i].words ? scenario_get_word(l, keys[i].key, keys[i].words, v, err, errlen)
                                : scenario_get(l, keys[i].key, v, err, errlen);
        if (l->owner)
            l->owner->asking_check = false;
        if (has < 0)
            return -1;
        e->has[first + i] = has;
        if (!has || !keys[i].port)
            continue;
        unsigned width = out_width(l->owner, keys[i].port);
        if (!width && l->owner && l->owner->out) {
            snprintf(err, errlen, "testbench defect: key '%s' checks port %s, which the block "
                     "does not have", keys[i].key, keys[i].port);
            return -1;
        }
        if (width && width < 64 && *v >> width) {
            snprintf(err, errlen, "%s:%u: %s=%s does not fit %s (%u bits)", l->file, l->lineno,
                     keys[i].key, l->val[find_key(l, keys[i].key)], keys[i].port, width);
            return -1;
        }
    }
    return 0;
}

/* Keep a failed check of l: "FILE:LINE: expected ...". */
static void fail(const scenario_line_t *l, const char *what)
{
    scenario_t *s = l->owner;
    if (s->nfail < SCN_MAX_FAILURES) {
        snprintf(s->fail[s->nfail].msg, SCN_FAIL_LEN, "%s:%u: %s", l->file, l->lineno, what);
        s->fail[s->nfail].cycle = UINT64_MAX;
        s->fail[s->nfail].peek = false;
    }
    if (s->nfail < UINT_MAX)
        s->nfail++;
}

int scenario_expect_check(const scenario_line_t *l, const scenario_expect_t *e,
                          const scenario_key_t *keys, unsigned n, unsigned first,
                          const uint64_t *got, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    for (unsigned i = 0; i < n && first + i < SCN_MAX_EXPECT; i++) {
        if (!e->has[first + i] || e->want[first + i] == got[i])
            continue;
        char what[SCN_FAIL_LEN];
        snprintf(what, sizeof what,
                 "expected %s = 0x%llx (from the paper walk-through), model gives 0x%llx",
                 keys[i].key, (unsigned long long)e->want[first + i],
                 (unsigned long long)got[i]);
        fail(l, what);
    }
    return 0;
}

/* ---- the port-level language ---------------------------------------------------- */

/* m (width bits) as a 0x number. */
static void format_hex(const bitmask_t *m, unsigned width, char *buf, size_t len)
{
    unsigned words = width ? (width + 63) / 64 : 1, top = words - 1;
    while (top > 0 && !m->w[top])
        top--;
    size_t n = (size_t)snprintf(buf, len, "0x%" PRIx64, m->w[top]);
    for (unsigned i = top; i-- > 0 && n < len;)
        n += (size_t)snprintf(buf + n, len - n, "%016" PRIx64, m->w[i]);
}

const scenario_verb_t scenario_port_verbs[] = {
    {"cycle", "one cycle: the input ports the line names (PORT=VALUE), the others 0"},
    {NULL, NULL},
};

/* Port desc's value from a bitmask into the port words, and back. */
static void mask_to_words(const bitmask_t *m, const port_desc_t *d, uint64_t *words)
{
    for (unsigned i = 0; i < port_words(d); i++)
        words[d->word + i] = m->w[i];
}

int scenario_ports_read(scenario_line_t *l, const port_desc_t *in_desc, unsigned n_in,
                        uint64_t *in, const port_desc_t *out_desc, unsigned n_out,
                        scenario_ports_expect_t *e, char *err, size_t errlen)
{
    if (scenario_check_kind(l) == SCN_PEEK) {
        snprintf(err, errlen, "%s:%u: this block's lines are port by port, without peek",
                 l->file, l->lineno);
        return -1;
    }
    if (n_out > SCN_MAX_PORTS) {
        snprintf(err, errlen, "testbench defect: more than %u output ports", SCN_MAX_PORTS);
        return -1;
    }
    for (unsigned p = 0; !strcmp(l->verb, "cycle") && p < n_in; p++) {
        bitmask_t m;
        int has = scenario_get_mask(l, in_desc[p].name, in_desc[p].width, &m, err, errlen);
        if (has < 0)
            return -1;
        if (has)
            mask_to_words(&m, &in_desc[p], in);
    }
    for (unsigned p = 0; p < n_out; p++) {
        e->has[p] = false;
        if (l->owner)
            l->owner->asking_check = true;
        int has = scenario_get_mask(l, out_desc[p].name, out_desc[p].width, &e->want[p], err,
                                    errlen);
        if (l->owner)
            l->owner->asking_check = false;
        if (has < 0)
            return -1;
        e->has[p] = has;
    }
    return scenario_done(l, err, errlen) < 0 ? -1 : 0;
}

void scenario_ports_check(const scenario_line_t *l, const scenario_ports_expect_t *e,
                          const port_desc_t *out_desc, unsigned n_out, const uint64_t *out)
{
    for (unsigned p = 0; p < n_out && p < SCN_MAX_PORTS; p++) {
        const port_desc_t *d = &out_desc[p];
        bitmask_t got;
        bm_clear(&got);
        for (unsigned i = 0; i < port_words(d); i++)
            got.w[i] = out[d->word + i];
        if (!e->has[p] || bm_eq(&got, &e->want[p]))
            continue;
        char want_s[96], got_s[96], what[SCN_FAIL_LEN];
        format_hex(&e->want[p], d->width, want_s, sizeof want_s);
        format_hex(&got, d->width, got_s, sizeof got_s);
        snprintf(what, sizeof what, "expected %.40s = %.90s (from the paper walk-through), "
                 "model gives %.90s", d->name, want_s, got_s);
        fail(l, what);
    }
}

unsigned scenario_failures(const scenario_t *s) { return s ? s->nfail : 0; }

const char *scenario_failure(const scenario_t *s, unsigned i, uint64_t *cycle, bool *peek)
{
    if (i >= s->nfail || i >= SCN_MAX_FAILURES)
        return NULL;
    *cycle = s->fail[i].cycle;
    *peek = s->fail[i].peek;
    return s->fail[i].msg;
}

void scenario_tag_failures(scenario_t *s, unsigned from, uint64_t cycle, bool peek)
{
    for (unsigned i = from; i < s->nfail && i < SCN_MAX_FAILURES; i++) {
        s->fail[i].cycle = cycle;
        s->fail[i].peek = peek;
    }
}

void scenario_where(const scenario_t *s, char *buf, size_t len)
{
    snprintf(buf, len, "%s:%u", s->path, s->lineno);
}

int scenario_expect_mask_read(scenario_line_t *l, scenario_mask_expect_t *e, const char *key,
                              unsigned width, char *err, size_t errlen)
{
    e->key = key;
    e->width = width;
    e->has = false;
    e->hex = false;
    if (request_key(l, key))
        return 0;
    if (l->owner)
        l->owner->asking_check = true;
    int has = scenario_get_mask(l, key, width, &e->want, err, errlen);
    if (l->owner)
        l->owner->asking_check = false;
    e->has = has > 0;
    return has < 0 ? -1 : 0;
}

static void format_hex(const bitmask_t *m, unsigned width, char *buf, size_t len);

/* m (width bits) as a thread set "[0-3,8]", cut with "..." where buf ends. */
static void format_set(const bitmask_t *m, unsigned width, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "[");
    const char *sep = "";
    for (unsigned i = 0; i < width && n < len; i++) {
        if (!bm_get(m, i))
            continue;
        unsigned j = i;
        while (j + 1 < width && bm_get(m, j + 1))
            j++;
        n += (size_t)(j > i ? snprintf(buf + n, len - n, "%s%u-%u", sep, i, j)
                            : snprintf(buf + n, len - n, "%s%u", sep, i));
        sep = ",";
        i = j;
    }
    if (n < len)
        snprintf(buf + n, len - n, "]");
    else if (len > 4)
        memcpy(buf + len - 4, "...", 4);
}

int scenario_expect_mask_check(const scenario_line_t *l, const scenario_mask_expect_t *e,
                               const bitmask_t *got, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    bitmask_t g = *got;
    bm_trim(&g, e->width);
    if (!e->has || bm_eq(&e->want, &g))
        return 0;
    char want_s[96], got_s[96], what[SCN_FAIL_LEN];
    void (*format)(const bitmask_t *, unsigned, char *, size_t) = e->hex ? format_hex : format_set;
    format(&e->want, e->width, want_s, sizeof want_s);
    format(&g, e->width, got_s, sizeof got_s);
    snprintf(what, sizeof what, "expected %s = %s (from the paper walk-through), model gives %s",
             e->key, want_s, got_s);
    fail(l, what);
    return 0;
}

int scenario_header(const char *path, const char *name, char *val, size_t len, char *err,
                    size_t errlen)
{
    FILE *f = fopen(path, "r");
    struct stat st;
    if (!f || fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
        if (f)
            snprintf(err, errlen, "scenario '%s' is not a file", path);
        else
            snprintf(err, errlen, "cannot open scenario '%s': %s", path, strerror(errno));
        if (f)
            fclose(f);
        return -1;
    }
    char buf[SCN_MAX_LINE];
    size_t nlen = strlen(name);
    int found = 0;
    unsigned lineno = 0;
    long n;
    while ((n = get_line(f, buf, sizeof buf)) >= 0) {
        lineno++;
        const char *p = buf;
        if (not_text(buf, (size_t)n) || *p++ != '#')
            continue; /* the reader names a line that is not text */
        while (*p == ' ' || *p == '\t')
            p++;
        if (strncmp(p, name, nlen) || p[nlen] != ':')
            continue;
        p += nlen + 1;
        while (*p == ' ' || *p == '\t')
            p++;
        size_t k = strcspn(p, " \t\r\n");
        if (!k || k >= len) {
            snprintf(err, errlen, "%s:%u: '# %s:' names no %s", path, lineno, name, name);
            found = -1;
            break;
        }
        if (found && (strlen(val) != k || strncmp(val, p, k))) {
            snprintf(err, errlen, "%s:%u: a second '# %s:' line names '%.*s', an earlier one '%s'",
                     path, lineno, name, (int)k, p, val);
            found = -1;
            break;
        }
        memcpy(val, p, k);
        val[k] = '\0';
        found = 1;
    }
    fclose(f);
    return found;
}
