/* Directed scenario file reader: see scenario.h. */
#define _POSIX_C_SOURCE 200809L
#include "scenario.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define SCN_MAX_SYMS 256

struct scenario {
    FILE *f;
    char *path;
    unsigned lineno;
    uint64_t repeat;       /* further cycles of the last `idle n=` line */
    scenario_line_t idle;  /* that line */
    unsigned nsym;
    char sym_name[SCN_MAX_SYMS][SCN_MAX_TOKEN];
    char sym_text[SCN_MAX_SYMS][SCN_MAX_TOKEN]; /* a number, mask or thread set */
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

void scenario_close(scenario_t *s)
{
    if (!s)
        return;
    fclose(s->f);
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

static int read_line(scenario_t *s, scenario_line_t *l, char *err, size_t errlen)
{
    char buf[4096];
    while (fgets(buf, sizeof buf, s->f)) {
        s->lineno++;
        if (!strchr(buf, '\n') && !feof(s->f)) {
            snprintf(err, errlen, "%s:%u: line too long", s->path, s->lineno);
            return -1;
        }
        for (const char *c = buf; *c; c++)
            if (!isprint((unsigned char)*c) && !isspace((unsigned char)*c)) {
                snprintf(err, errlen, "%s:%u: not a text line (byte 0x%02x at column %u)",
                         s->path, s->lineno, (unsigned char)*c, (unsigned)(c - buf) + 1);
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
            if (l->n == SCN_MAX_KEYS) {
                snprintf(err, errlen, "%s:%u: more than %u keys on a line; split it", s->path,
                         s->lineno, SCN_MAX_KEYS);
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

int scenario_get(scenario_line_t *l, const char *key, uint64_t *v, char *err, size_t errlen)
{
    for (unsigned i = 0; i < l->n; i++) {
        if (strcmp(l->key[i], key))
            continue;
        l->used[i] = 1;
        if (parse_value(l->owner, l->val[i], v)) {
            snprintf(err, errlen, "%s:%u: bad value '%s' for %s", l->file, l->lineno, l->val[i],
                     key);
            return -1;
        }
        return 1;
    }
    return 0;
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

/* The line's value of key: its index, -1 absent. Marks it used. */
static int find_key(scenario_line_t *l, const char *key)
{
    for (unsigned i = 0; i < l->n; i++)
        if (!strcmp(l->key[i], key)) {
            l->used[i] = 1;
            return (int)i;
        }
    return -1;
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
    for (unsigned i = 0; i < l->n; i++) {
        if (strcmp(l->key[i], key))
            continue;
        l->used[i] = 1;
        if (l->val[i][0] >= '0' && l->val[i][0] <= '9') /* a code by number: a reserved one */
            return scenario_get(l, key, v, err, errlen);
        if (scenario_word(words, l->val[i], v)) {
            snprintf(err, errlen, "%s:%u: unknown %s '%s'", l->file, l->lineno, key, l->val[i]);
            return -1;
        }
        return 1;
    }
    return 0;
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

int scenario_unused(const scenario_line_t *l, char *err, size_t errlen)
{
    for (unsigned i = 0; i < l->n; i++)
        if (!l->used[i]) {
            snprintf(err, errlen, "%s:%u: '%s' does not take key '%s'", l->file, l->lineno,
                     l->verb, l->key[i]);
            return -1;
        }
    return 0;
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
        int has = keys[i].words ? scenario_get_word(l, keys[i].key, keys[i].words, v, err, errlen)
                                : scenario_get(l, keys[i].key, v, err, errlen);
        if (has < 0)
            return -1;
        e->has[first + i] = has;
    }
    return 0;
}

int scenario_expect_check(const scenario_line_t *l, const scenario_expect_t *e,
                          const scenario_key_t *keys, unsigned n, unsigned first,
                          const uint64_t *got, char *err, size_t errlen)
{
    for (unsigned i = 0; i < n && first + i < SCN_MAX_EXPECT; i++) {
        if (!e->has[first + i] || e->want[first + i] == got[i])
            continue;
        snprintf(err, errlen,
                 "%s:%u: expected %s = 0x%llx (from the paper walk-through), model gives 0x%llx",
                 l->file, l->lineno, keys[i].key, (unsigned long long)e->want[first + i],
                 (unsigned long long)got[i]);
        return -1;
    }
    return 0;
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
    int has = scenario_get_mask(l, key, width, &e->want, err, errlen);
    e->has = has > 0;
    return has < 0 ? -1 : 0;
}

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
    bitmask_t g = *got;
    bm_trim(&g, e->width);
    if (!e->has || bm_eq(&e->want, &g))
        return 0;
    char want_s[96], got_s[96];
    format_set(&e->want, e->width, want_s, sizeof want_s);
    format_set(&g, e->width, got_s, sizeof got_s);
    snprintf(err, errlen, "%s:%u: expected %s = %s (from the paper walk-through), model gives %s",
             l->file, l->lineno, e->key, want_s, got_s);
    return -1;
}

int scenario_config(const char *path, char *config, size_t len)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char buf[4096];
    int found = 0;
    while (!found && fgets(buf, sizeof buf, f)) {
        const char *p = buf;
        if (*p++ != '#')
            continue;
        while (*p == ' ' || *p == '\t')
            p++;
        if (strncmp(p, "config:", 7))
            continue;
        p += 7;
        while (*p == ' ' || *p == '\t')
            p++;
        size_t n = strcspn(p, " \t\r\n");
        if (n && n < len) {
            memcpy(config, p, n);
            config[n] = '\0';
            found = 1;
        }
    }
    fclose(f);
    return found;
}
