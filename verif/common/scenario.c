/* Directed scenario file reader: see scenario.h. */
#define _POSIX_C_SOURCE 200809L
#include "scenario.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCN_MAX_SYMS 256

struct scenario {
    FILE *f;
    char *path;
    unsigned lineno;
    unsigned nsym;
    char sym_name[SCN_MAX_SYMS][SCN_MAX_TOKEN];
    uint64_t sym_val[SCN_MAX_SYMS];
};

static int add_symbol(scenario_t *s, const char *name, uint64_t v)
{
    for (unsigned i = 0; i < s->nsym; i++)
        if (!strcmp(s->sym_name[i], name)) {
            s->sym_val[i] = v;
            return 0;
        }
    if (s->nsym == SCN_MAX_SYMS)
        return -1;
    snprintf(s->sym_name[s->nsym], SCN_MAX_TOKEN, "%s", name);
    s->sym_val[s->nsym++] = v;
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
    if (!s->f) {
        snprintf(err, errlen, "cannot open scenario '%s': %s", path, strerror(errno));
        free(s);
        return NULL;
    }
    s->path = strdup(path);
    for (unsigned i = 0; i < npredef; i++)
        add_symbol(s, predef[i].name, predef[i].value);
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

static int parse_value(const scenario_t *s, const char *t, uint64_t *v)
{
    char *end;
    errno = 0;
    if (t[0] == '0' && (t[1] == 'b' || t[1] == 'B')) {
        if (!t[2])
            return -1;
        *v = strtoull(t + 2, &end, 2);
    } else if (t[0] >= '0' && t[0] <= '9') {
        *v = strtoull(t, &end, 0);
    } else {
        for (unsigned i = 0; i < s->nsym; i++)
            if (!strcmp(s->sym_name[i], t)) {
                *v = s->sym_val[i];
                return 0;
            }
        return -1;
    }
    return (errno || *end) ? -1 : 0;
}

int scenario_next(scenario_t *s, scenario_line_t *l, char *err, size_t errlen)
{
    char buf[1024];
    while (fgets(buf, sizeof buf, s->f)) {
        s->lineno++;
        if (!strchr(buf, '\n') && !feof(s->f)) {
            snprintf(err, errlen, "%s:%u: line too long", s->path, s->lineno);
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
            if (!eq || eq == tok || !eq[1] || l->n == SCN_MAX_KEYS ||
                (size_t)(eq - tok) >= SCN_MAX_TOKEN || strlen(eq + 1) >= SCN_MAX_TOKEN) {
                snprintf(err, errlen, "%s:%u: expected key=value, got '%s'", s->path,
                         s->lineno, tok);
                return -1;
            }
            *eq = '\0';
            snprintf(l->key[l->n], SCN_MAX_TOKEN, "%s", tok);
            snprintf(l->val[l->n], SCN_MAX_TOKEN, "%s", eq + 1);
            l->n++;
        }
        if (!strcmp(l->verb, "sym")) {
            for (unsigned i = 0; i < l->n; i++) {
                uint64_t v;
                if (parse_value(s, l->val[i], &v) || add_symbol(s, l->key[i], v)) {
                    snprintf(err, errlen, "%s:%u: bad symbol value '%s'", s->path, s->lineno,
                             l->val[i]);
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
        if (!strcmp(words->name, name)) {
            *v = words->value;
            return 0;
        }
    return -1;
}

int scenario_get_word(scenario_line_t *l, const char *key, const scenario_word_t *words,
                      uint64_t *v, char *err, size_t errlen)
{
    for (unsigned i = 0; i < l->n; i++) {
        if (strcmp(l->key[i], key))
            continue;
        l->used[i] = 1;
        if (scenario_word(words, l->val[i], v)) {
            snprintf(err, errlen, "%s:%u: unknown %s '%s'", l->file, l->lineno, key, l->val[i]);
            return -1;
        }
        return 1;
    }
    return 0;
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
