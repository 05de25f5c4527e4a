/* Unit tests of the memory timing model (csim/sys/mem.c).
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/sys -Itests/common csim/sys/mem.c tests/sys/test_mem.c -lcmocka -o /tmp/t && /tmp/t
 *
 * Every expected cycle is worked out by hand from the parameters and the
 * rules of mem.h, written out next to the assertion. The base machine
 * (base()):
 *   2 cores; 32 B lines; L1 1 KB, 2-way (16 sets: set = line mod 16),
 *   4 MSHRs, hit 2 cycles, no port limit; interconnect 5 cycles each way;
 *   L2 4 KB, 2-way, 2 banks (bank = line mod 2, 32 sets a bank: set =
 *   (line / 2) mod 32), lookup 10 cycles, a bank takes a request every 3;
 *   2 DRAM channels (channel = line mod 2), latency 100, 8 B a cycle: a
 *   line holds its channel 4 cycles.
 * So, with every resource idle, a load issued at t is
 *   an L1 hit        t + 2
 *   an L2 hit        t + 2 + 5 + 10 + 5                 = t + 22
 *   an L2 miss       t + 2 + 5 + 10 + 4 + 100 + 5       = t + 126
 *                    (bank at t+7, lookup ends t+17, channel t+17..t+21,
 *                    data at the L2 at t+121)
 *   without an L2    t + 2 + 5 + 4 + 100 + 5            = t + 116
 *                    (channel t+7..t+11)
 * Lines are written by index: line i is bytes [32 i, 32 i + 32). */
#include <math.h>
#include <string.h>

#include "test_util.h"

#include "mem.h"

TEST_MODEL_HELPERS(mem, MEM_OK)

#define LB 32u /* line_bytes of base() */

static mem_params_t base(void)
{
    return (mem_params_t){
        .cores = 2,
        .line_bytes = LB,
        .l1_bytes = 1024,
        .l1_ways = 2,
        .l1_mshrs = 4,
        .l1_hit_cycles = 2,
        .l1_line_cycles = 0,
        .icnt_cycles = 5,
        .l2_bytes = 4096,
        .l2_ways = 2,
        .l2_banks = 2,
        .l2_hit_cycles = 10,
        .l2_bank_cycles = 3,
        .dram_channels = 2,
        .dram_cycles = 100,
        .dram_bytes_per_cycle = 8.0,
    };
}

static mem_params_t no_l2(void)
{
    mem_params_t p = base();
    p.l2_bytes = 0;
    return p;
}

/* An access with one lane in each of lines[0..n): lane i reads word i mod 8
 * of its line, so the lanes of a line are not all at one address. */
static int issue(mem_t *m, unsigned core, uint64_t now, bool store, const uint32_t *lines,
                 unsigned n, uint64_t *done)
{
    uint32_t addr[MEM_MAX_LANES];
    for (unsigned i = 0; i < n; i++)
        addr[i] = lines[i] * LB + 4u * (i % 8u);
    unsigned count = 0;
    int rc = mem_access(m, core, now, store, addr, n, 4, done, &count, NULL);
    if (rc == MEM_OK || rc == MEM_STALL) {
        unsigned distinct = 0; /* the lines given are distinct but for the tests that repeat one */
        for (unsigned i = 0; i < n; i++) {
            bool seen = false;
            for (unsigned j = 0; j < i; j++)
                seen |= lines[j] == lines[i];
            distinct += !seen;
        }
        assert_int_equal(count, distinct);
    }
    return rc;
}

#define LINES(...) (const uint32_t[]){__VA_ARGS__}, sizeof((uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t)

/* A load of a word in each line given, which must be accepted: its done. */
static uint64_t load_ok_(mem_t *m, unsigned core, uint64_t now, const uint32_t *lines, unsigned n)
{
    uint64_t done;
    assert_int_equal(issue(m, core, now, false, lines, n, &done), MEM_OK);
    return done;
}
#define LOAD(m, core, now, ...) load_ok_(m, core, now, LINES(__VA_ARGS__))

/* A load that must be refused: the cycle it says a retry can be accepted. */
static uint64_t stall_(mem_t *m, unsigned core, uint64_t now, const uint32_t *lines, unsigned n)
{
    uint64_t done;
    assert_int_equal(issue(m, core, now, false, lines, n, &done), MEM_STALL);
    return done;
}
#define STALL(m, core, now, ...) stall_(m, core, now, LINES(__VA_ARGS__))

static uint64_t store_ok_(mem_t *m, unsigned core, uint64_t now, const uint32_t *lines, unsigned n)
{
    uint64_t done;
    assert_int_equal(issue(m, core, now, true, lines, n, &done), MEM_OK);
    return done;
}
#define STORE(m, core, now, ...) store_ok_(m, core, now, LINES(__VA_ARGS__))

static mem_stats_t stats(const mem_t *m, unsigned core)
{
    mem_stats_t s;
    assert_int_equal(mem_stats(m, core, &s), MEM_OK);
    return s;
}

static mem_t *make(void **state, const mem_params_t *p)
{
    mem_t *m = create_ok(p);
    *state = m;
    return m;
}

/* ------------------------------------------------------------------ */
/* coalescing                                                           */

static void expect_lines(const uint32_t *addr, unsigned n, unsigned size, const uint32_t *want,
                         unsigned nwant)
{
    uint32_t got[MEM_MAX_LANES];
    unsigned count = 12345;
    assert_int_equal(mem_coalesce(addr, n, size, LB, got, &count), MEM_OK);
    assert_int_equal(count, nwant);
    for (unsigned i = 0; i < nwant; i++)
        assert_int_equal(got[i], want[i]);
}

static void coalesce_consecutive_words(void **state)
{
    (void)state;
    uint32_t a[32];
    /* 32 words from 0x1000: 128 bytes, lines 0x80..0x83 */
    for (unsigned i = 0; i < 32; i++)
        a[i] = 0x1000 + 4 * i;
    expect_lines(a, 32, 4, (const uint32_t[]){0x80, 0x81, 0x82, 0x83}, 4);
    /* from 0x1010, half a line in: lines 0x80 (4 words) .. 0x84 (4 words) */
    for (unsigned i = 0; i < 32; i++)
        a[i] = 0x1010 + 4 * i;
    expect_lines(a, 32, 4, (const uint32_t[]){0x80, 0x81, 0x82, 0x83, 0x84}, 5);
    /* 32 bytes from 0x1000: one line */
    for (unsigned i = 0; i < 32; i++)
        a[i] = 0x1000 + i;
    expect_lines(a, 32, 1, (const uint32_t[]){0x80}, 1);
    /* 32 halfwords from 0x1020: lines 0x81, 0x82 */
    for (unsigned i = 0; i < 32; i++)
        a[i] = 0x1020 + 2 * i;
    expect_lines(a, 32, 2, (const uint32_t[]){0x81, 0x82}, 2);
}

static void coalesce_strided(void **state)
{
    (void)state;
    uint32_t a[32], want[32];
    /* a stride of one line: every lane its own line */
    for (unsigned i = 0; i < 32; i++) {
        a[i] = 0x2000 + 32 * i;
        want[i] = 0x100 + i;
    }
    expect_lines(a, 32, 4, want, 32);
    /* a stride of 132 bytes (a line and a word): still 32 lines, lane i in
     * line 0x100 + (132 i) / 32 = 0x100 + 4i + i/8 */
    for (unsigned i = 0; i < 32; i++) {
        a[i] = 0x2000 + 132 * i;
        want[i] = 0x100 + 4 * i + i / 8;
    }
    expect_lines(a, 32, 4, want, 32);
    /* a stride of 16 bytes: two lanes a line */
    for (unsigned i = 0; i < 32; i++)
        a[i] = 0x2000 + 16 * i;
    for (unsigned i = 0; i < 16; i++)
        want[i] = 0x100 + i;
    expect_lines(a, 32, 4, want, 16);
}

static void coalesce_same_address(void **state)
{
    (void)state;
    uint32_t a[64];
    for (unsigned i = 0; i < 64; i++)
        a[i] = 0xdead0;
    expect_lines(a, 64, 4, (const uint32_t[]){0xdead0 / 32}, 1);
    expect_lines(a, 1, 4, (const uint32_t[]){0xdead0 / 32}, 1);
    expect_lines(a, 0, 4, NULL, 0);
}

static void coalesce_first_appearance(void **state)
{
    (void)state;
    /* lines 5, 3, 5, 9, 3, 1 (at different words of them) -> 5, 3, 9, 1 */
    const uint32_t a[] = {5 * 32 + 8, 3 * 32, 5 * 32 + 28, 9 * 32 + 4, 3 * 32 + 16, 1 * 32 + 12};
    expect_lines(a, 6, 4, (const uint32_t[]){5, 3, 9, 1}, 4);
    /* 64 lanes, lane i in line 63 - i: the lines in descending order */
    uint32_t b[64], want[64];
    for (unsigned i = 0; i < 64; i++) {
        b[i] = (63 - i) * 32 + 4;
        want[i] = 63 - i;
    }
    expect_lines(b, 64, 4, want, 64);
    /* lanes alternating between lines 7 and 2, then line 7 again at the end */
    uint32_t c[33];
    for (unsigned i = 0; i < 32; i++)
        c[i] = (i % 2 ? 2 : 7) * 32 + 4 * (i % 8);
    c[32] = 7 * 32;
    expect_lines(c, 33, 4, (const uint32_t[]){7, 2}, 2);
}

/* Pseudo-random lanes against the obvious quadratic algorithm: for each
 * lane, its line unless an earlier lane had it. Few distinct lines (many
 * repeats) and many (hash collisions), up to MEM_MAX_LANES lanes. */
static void coalesce_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 0x9e3779b97f4a7c15u;
    static const unsigned ns[] = {1, 2, 7, 32, 33, 64, 100, 512, MEM_MAX_LANES};
    static const unsigned pools[] = {1, 3, 16, 1000, 1u << 26};
    uint32_t a[MEM_MAX_LANES], want[MEM_MAX_LANES];
    for (unsigned r = 0; r < 20; r++)
        for (size_t in = 0; in < ARRAY_LEN(ns); in++)
            for (size_t ip = 0; ip < ARRAY_LEN(pools); ip++) {
                const unsigned n = ns[in], size = 1u << (xorshift64(&seed) % 3);
                unsigned nwant = 0;
                for (unsigned i = 0; i < n; i++) {
                    const uint32_t line = (uint32_t)(xorshift64(&seed) % pools[ip]);
                    a[i] = line * 32 + (uint32_t)(xorshift64(&seed) % (32 / size)) * size;
                    bool seen = false;
                    for (unsigned j = 0; j < nwant; j++)
                        seen |= want[j] == line;
                    if (!seen)
                        want[nwant++] = line;
                }
                expect_lines(a, n, size, want, nwant);
            }
}

static void coalesce_errors(void **state)
{
    (void)state;
    uint32_t a[MEM_MAX_LANES + 1] = {0}, lines[MEM_MAX_LANES + 1];
    unsigned count = 77;
    assert_int_equal(mem_coalesce(a, 4, 4, 48, lines, &count), MEM_ELINE);
    assert_int_equal(mem_coalesce(a, 4, 4, 8, lines, &count), MEM_ELINE);
    assert_int_equal(mem_coalesce(a, 4, 4, 512, lines, &count), MEM_ELINE);
    assert_int_equal(mem_coalesce(a, 4, 3, 32, lines, &count), MEM_ESIZE);
    assert_int_equal(mem_coalesce(a, 4, 0, 32, lines, &count), MEM_ESIZE);
    assert_int_equal(mem_coalesce(a, 4, 32, 32, lines, &count), MEM_ESIZE);
    assert_int_equal(mem_coalesce(a, MEM_MAX_LANES + 1, 4, 32, lines, &count), MEM_ELANES);
    a[2] = 0x102; /* a word at a halfword boundary: misaligned */
    assert_int_equal(mem_coalesce(a, 4, 4, 32, lines, &count), MEM_EALIGN);
    assert_int_equal(count, 77);
    /* the same address is aligned for a halfword, and 16 bytes is a size */
    assert_int_equal(mem_coalesce(a, 4, 2, 32, lines, &count), MEM_OK);
    assert_int_equal(count, 2); /* lines 0 and 8 */
    a[2] = 0x110;
    assert_int_equal(mem_coalesce(a, 4, 16, 16, lines, &count), MEM_OK);
    assert_int_equal(count, 2); /* lines 0 and 0x11 */
    /* all lanes of a maximal warp */
    assert_int_equal(mem_coalesce(a, MEM_MAX_LANES, 1, 256, lines, &count), MEM_OK);
    assert_int_equal(count, 2); /* lines 0 and 1 of 256 B */
}

/* mem_access counts the coalesced lines: 32 consecutive words in 32 B lines
 * are 4 line requests, and when the lines are in the L1 the load is one
 * hit time however many lines it has (no port limit in base()). */
static void access_counts_lines(void **state)
{
    mem_params_t p = base();
    mem_t *m = make(state, &p);
    uint32_t a[32];
    for (unsigned i = 0; i < 32; i++)
        a[i] = 0x1000 + 4 * i;
    uint64_t done;
    unsigned lines = 0;
    assert_int_equal(mem_access(m, 0, 0, false, a, 32, 4, &done, &lines, NULL), MEM_OK);
    assert_int_equal(lines, 4);
    /* lines 0x80..0x83: banks 0,1,0,1 and channels likewise, all issued at
     * 0, so 0x80, 0x81 at 126; 0x82 waits for bank 0 (7 -> 10, lookup to
     * 20) and channel 0 (busy to 21, then 21..25): 125 + 5 = 130; 0x83 the
     * same on bank 1 / channel 1: 130 */
    assert_int_equal(done, 130);
    assert_int_equal(mem_access(m, 0, 200, false, a, 32, 4, &done, &lines, NULL), MEM_OK);
    assert_int_equal(lines, 4);
    assert_int_equal(done, 202);
    mem_stats_t s = stats(m, 0);
    assert_int_equal(s.loads, 2);
    assert_int_equal(s.load_lines, 8);
    assert_int_equal(s.l1_misses, 4);
    assert_int_equal(s.l1_hits, 4);
    assert_int_equal(s.l2_queue_cycles, 3 + 3);
    assert_true(s.dram_queue_cycles == 1.0 + 1.0);
    /* a load with no active lane passes the L1 pipeline and fetches nothing */
    assert_int_equal(mem_access(m, 1, 300, false, a, 0, 4, &done, &lines, NULL), MEM_OK);
    assert_int_equal(lines, 0);
    assert_int_equal(done, 302);
}

/* ------------------------------------------------------------------ */
/* latencies                                                            */

static void cold_miss_merge_hit(void **state)
{
    mem_params_t p = base();
    mem_t *m = make(state, &p);
    assert_int_equal(LOAD(m, 0, 0, 0), 126);   /* the worked example of the file head */
    assert_int_equal(LOAD(m, 0, 10, 0), 126);  /* MSHR merge: its fill */
    assert_int_equal(LOAD(m, 0, 125, 0), 127); /* a merge is never faster than a hit: 125 + 2 */
    assert_int_equal(LOAD(m, 0, 126, 0), 128); /* filled: a hit */
    mem_stats_t s = stats(m, 0);
    assert_int_equal(s.loads, 4);
    assert_int_equal(s.load_lines, 4);
    assert_int_equal(s.l1_misses, 1);
    assert_int_equal(s.l1_merges, 2);
    assert_int_equal(s.l1_hits, 1);
    assert_int_equal(s.l2_misses, 1);
    assert_int_equal(s.l2_hits + s.l2_merges, 0);
    assert_int_equal(s.dram_read_bytes, 32);
    assert_int_equal(s.dram_write_bytes, 0);
    assert_int_equal(s.mshr_cycles, 126); /* one MSHR, 0..126 */
    assert_int_equal(s.l2_queue_cycles, 0);
    assert_true(s.dram_queue_cycles == 0.0);
    assert_int_equal(stats(m, 1).loads, 0);
}

static void l2_hit_and_merge(void **state)
{
    mem_params_t p = base();
    mem_t *m = make(state, &p);
    assert_int_equal(LOAD(m, 0, 0, 0), 126);
    /* core 1 at 1: leaves its L1 at 3, bank 0 at 8, busy to 10 (core 0's
     * request took it at 7); lookup 10..20 finds the line being filled
     * (data at the L2 at 121): back at 121 + 5 */
    assert_int_equal(LOAD(m, 1, 1, 0), 126);
    /* core 1 has line 0 in its own L1 now */
    assert_int_equal(LOAD(m, 1, 200, 0), 202);
    mem_stats_t s = stats(m, 1);
    assert_int_equal(s.l1_misses, 1);
    assert_int_equal(s.l2_merges, 1);
    assert_int_equal(s.l2_hits + s.l2_misses, 0);
    assert_int_equal(s.l2_queue_cycles, 2);
    assert_int_equal(s.dram_read_bytes, 0);
    assert_int_equal(s.mshr_cycles, 126 - 1);
    /* an L2 hit: core 0 fetches line 2 at 300, core 1 reads it at 500 */
    assert_int_equal(LOAD(m, 0, 300, 2), 426);
    assert_int_equal(LOAD(m, 1, 500, 2), 522);
    assert_int_equal(stats(m, 1).l2_hits, 1);
    assert_int_equal(stats(m, MEM_ALL_CORES).dram_read_bytes, 64);
}

static void without_l2(void **state)
{
    mem_params_t p = no_l2();
    p.l2_ways = p.l2_banks = 0; /* ignored without an L2 */
    mem_t *m = make(state, &p);
    assert_int_equal(LOAD(m, 0, 0, 0), 116);
    assert_int_equal(LOAD(m, 1, 200, 0), 316); /* nothing shared to hit in */
    assert_int_equal(LOAD(m, 0, 200, 0), 202);
    mem_stats_t s = stats(m, MEM_ALL_CORES);
    assert_int_equal(s.l2_hits + s.l2_merges + s.l2_misses + s.l2_queue_cycles, 0);
    assert_int_equal(s.dram_read_bytes, 64);
}

/* ------------------------------------------------------------------ */
/* MSHRs                                                                */

static void mshr_merge_and_full(void **state)
{
    mem_params_t p = base();
    p.l1_mshrs = 1;
    mem_t *m = make(state, &p);
    assert_int_equal(LOAD(m, 0, 0, 0), 126);
    assert_int_equal(LOAD(m, 0, 10, 0), 126); /* merge: needs no MSHR */
    assert_int_equal(STALL(m, 0, 11, 1), 126);    /* retry at the fill */
    assert_int_equal(STALL(m, 0, 125, 1), 126);
    assert_int_equal(STALL(m, 0, 125, 0, 1), 126); /* a merge does not help */
    assert_int_equal(LOAD(m, 0, 126, 1), 252);        /* free at the fill; line 1 cold */
    assert_int_equal(LOAD(m, 0, 127, 0), 129);        /* line 0 a hit */
    mem_stats_t s = stats(m, 0);
    assert_int_equal(s.stalls, 3);
    assert_int_equal(s.loads, 4);
    assert_int_equal(s.load_lines, 4);
    assert_int_equal(s.l1_misses, 2);
    assert_int_equal(s.l1_merges, 1);
    assert_int_equal(s.l1_hits, 1);
    assert_int_equal(s.mshr_cycles, 126 + 126);
    /* the other core has MSHRs of its own */
    assert_int_equal(LOAD(m, 1, 128, 2), 254);
}

/* A refused load changes nothing: a shadow model gets every call but the
 * refused one, and both then answer alike. The refused load holds a hit on
 * line 0 of L1 set 0 {0, 16}, where 0 is least recently used: had it
 * touched line 0, the later miss on 32 would evict 16 instead. */
static void stall_changes_nothing(void **state)
{
    mem_params_t p = base();
    p.l1_mshrs = 2;
    shadowed_t *t = shadowed_new(state, &p);
    mem_t *both[2] = {t->m, t->s};
    for (unsigned i = 0; i < 2; i++) {
        mem_t *m = both[i];
        assert_int_equal(LOAD(m, 0, 0, 0), 126);
        assert_int_equal(LOAD(m, 0, 200, 16), 326);
        /* both MSHRs taken, until 526 and 530: line 1 takes bank 1
         * 407..410, lookup to 417, channel 1 417..421, back at 526; line 3
         * waits for bank 1 to 410, lookup to 420, for channel 1 to 421:
         * 421..425, back at 425 + 100 + 5 */
        assert_int_equal(LOAD(m, 0, 400, 1, 3), 530);
    }
    assert_int_equal(STALL(t->m, 0, 401, 0, 5), 526);
    mem_stats_t sm = stats(t->m, 0), ss = stats(t->s, 0);
    assert_int_equal(sm.stalls, 1);
    assert_int_equal(ss.stalls, 0);
    sm.stalls = 0;
#define SAME_(type, name, doc) assert_true(sm.name == ss.name);
    MEM_STAT_FIELDS(SAME_)
    for (unsigned i = 0; i < 2; i++) {
        mem_t *m = both[i];
        assert_int_equal(LOAD(m, 0, 600, 32), 726); /* evicts line 0 (LRU) */
        assert_int_equal(LOAD(m, 0, 800, 16), 802); /* kept */
        assert_int_equal(LOAD(m, 0, 800, 0), 822);  /* evicted: an L2 hit */
        assert_int_equal(LOAD(m, 0, 900, 5), 1026); /* never installed anywhere */
    }
    sm = stats(t->m, 0);
    ss = stats(t->s, 0);
    sm.stalls = 0;
    MEM_STAT_FIELDS(SAME_)
#undef SAME_
}

/* With every MSHR free, a load with more misses than MSHRs is accepted;
 * the third miss waits for the first fill. */
static void more_misses_than_mshrs(void **state)
{
    mem_params_t p = base();
    p.l1_mshrs = 2;
    mem_t *m = make(state, &p);
    /* lines 0 and 1 take the MSHRs at 0 and are back at 126 (banks and
     * channels 0 and 1); line 2 takes line 0's MSHR at 126: bank 0 at 131
     * (idle since 10), lookup to 141, channel 0 141..145, back at 250 */
    assert_int_equal(LOAD(m, 0, 0, 0, 1, 2), 250);
    assert_int_equal(stats(m, 0).mshr_cycles, 126 + 126 + (250 - 126));
    assert_int_equal(STALL(m, 0, 1, 3), 126); /* MSHRs taken until 126 and 250 */
    assert_int_equal(STALL(m, 0, 125, 3), 126);
    assert_int_equal(STALL(m, 0, 126, 3, 4), 250); /* one free, two wanted */
    /* line 3 at 126: leaves at 128, bank 1 133..136, lookup to 143, channel 1
     * 143..147, back at 252 */
    assert_int_equal(LOAD(m, 0, 126, 3), 252);
    assert_int_equal(stats(m, 0).l1_misses, 4);
    assert_int_equal(stats(m, 0).stalls, 3);
    /* three misses, two MSHRs (taken until 250 and 252): all must be free */
    assert_int_equal(STALL(m, 0, 127, 5, 6, 7), 252);
    assert_int_equal(STALL(m, 0, 251, 5, 6, 7), 252);
    /* at 252: 5 and 6 take the MSHRs, banks 1 and 0 at 259, lookups to
     * 269, channels 269..273, back at 378; 7 takes the first MSHR again at
     * 378: bank 1 at 383, lookup to 393, channel 1 393..397, back at 502 */
    assert_int_equal(LOAD(m, 0, 252, 5, 6, 7), 502);
    assert_int_equal(stats(m, 0).stalls, 5);
}

/* ------------------------------------------------------------------ */
/* bandwidth and contention                                             */

/* Four cores miss at cycle 0 on lines 0, 2, 4, 6: all on channel 0 (no L2),
 * arriving at 7; they hold it 7..11, 11..15, 15..19, 19..23: back at 116,
 * 120, 124, 128. */
static void dram_bandwidth(void **state)
{
    mem_params_t p = no_l2();
    p.cores = 4;
    mem_t *m = make(state, &p);
    for (unsigned c = 0; c < 4; c++)
        assert_int_equal(LOAD(m, c, 0, 2 * c), 116 + 4 * c);
    mem_stats_t s = stats(m, MEM_ALL_CORES);
    assert_true(s.dram_queue_cycles == 0 + 4 + 8 + 12);
    assert_true(stats(m, 3).dram_queue_cycles == 12);
    /* the same from one core in one load: done with the last, 128 */
    assert_int_equal(LOAD(m, 0, 1000, 8, 10, 12, 14), 1128);
    /* lines on the other channel meanwhile are not held up */
    assert_int_equal(LOAD(m, 1, 1000, 9), 1116);
}

/* A fractional service time: 32 B at 21.33 B a cycle is 1.5 cycles. Two
 * misses at 7 on the one channel: 7..8.5 and 8.5..10, data at 9 + 100 and
 * 10 + 100. */
static void dram_fractional_rate(void **state)
{
    mem_params_t p = no_l2();
    p.dram_channels = 1;
    p.dram_bytes_per_cycle = 32 / 1.5;
    mem_t *m = make(state, &p);
    assert_int_equal(LOAD(m, 0, 0, 0), 9 + 100 + 5);
    assert_int_equal(LOAD(m, 1, 0, 1), 10 + 100 + 5);
    assert_true(stats(m, 1).dram_queue_cycles == 1.5);
    /* a third at 1: arrives at 8, starts at 10, ends at 11.5: 12 + 105 */
    assert_int_equal(LOAD(m, 0, 1, 2), 12 + 105);
}

/* Two lines of one bank (0 and 2) in one load serialise on it by 3 cycles;
 * two lines of different banks do not. */
static void l2_bank_conflict(void **state)
{
    mem_params_t p = base();
    mem_t *m = make(state, &p);
    /* all arrive at bank 0 at 7: line 0 126; line 2 takes the bank 10..13,
     * lookup to 20, channel 0 (busy to 21) 21..25, back at 125 + 5; line 4
     * the bank 13..16, lookup to 23, channel 0 25..29, back at 129 + 5 */
    assert_int_equal(LOAD(m, 0, 0, 0, 2, 4), 134);
    assert_int_equal(stats(m, 0).l2_queue_cycles, 3 + 6);
    /* L2 hits for core 1: 1007..1017 -> 1022, 1010..1020 -> 1025,
     * 1013..1023 -> 1028 */
    assert_int_equal(LOAD(m, 1, 1000, 0, 2, 4), 1028);
    assert_int_equal(stats(m, 1).l2_queue_cycles, 3 + 6);
    assert_int_equal(stats(m, 1).l2_hits, 3);
    /* lines 6 and 7: banks 0 and 1, channels 0 and 1, no wait */
    assert_int_equal(LOAD(m, 1, 2000, 6, 7), 2126);
    assert_int_equal(stats(m, 1).l2_queue_cycles, 3 + 6);
    /* a bank that takes a request every cycle: no wait for a bank */
    destroy_state(state);
    p.l2_bank_cycles = 0;
    m = make(state, &p);
    assert_int_equal(LOAD(m, 0, 0, 0, 2), 130); /* still channel 0: 17..21, 21..25 */
    assert_int_equal(LOAD(m, 1, 1000, 0, 2), 1022);
}

/* An L1 port that takes one line a cycle: line j of a load is looked up at
 * start + j. */
static void l1_port(void **state)
{
    mem_params_t p = base();
    p.l1_line_cycles = 1;
    mem_t *m = make(state, &p);
    /* lines 0..3 looked up at 0..3, leave at 2..5, banks at 7..10:
     *   0 bank 0 7..10 lookup 17, channel 0 17..21 -> 126
     *   1 bank 1 8..11 lookup 18, channel 1 18..22 -> 127
     *   2 bank 0 from 10 (arrived 9), lookup 20, channel 0 21..25 -> 130
     *   3 bank 1 from 11 (arrived 10), lookup 21, channel 1 22..26 -> 131 */
    assert_int_equal(LOAD(m, 0, 0, 0, 1, 2, 3), 131);
    /* merges at slots 125 and 126 on lines filled at 126 and 127: neither
     * completes before a hit would, max(126, 127) and max(127, 128) */
    assert_int_equal(LOAD(m, 0, 125, 0, 1), 128);
    assert_int_equal(stats(m, 0).l1_merges, 2);
    /* four hits at 1000..1003: the last at 1005; the port busy to 1004 */
    assert_int_equal(LOAD(m, 0, 1000, 0, 1, 2, 3), 1005);
    assert_int_equal(LOAD(m, 0, 1001, 0), 1006);
    /* a store's lines take the port too (1010, 1011), a load after it 1012 */
    assert_int_equal(STORE(m, 0, 1010, 0, 1), 1011);
    assert_int_equal(LOAD(m, 0, 1010, 2), 1014);
    /* the other core has a port of its own: its L2 hit of line 0 leaves at
     * 1012 and waits for the store of line 0 on bank 0 (1017..1020): lookup
     * 1020..1030, back at 1035 */
    assert_int_equal(LOAD(m, 1, 1010, 0), 1035);
}

/* ------------------------------------------------------------------ */
/* replacement                                                          */

/* L1 set 0 holds lines 0, 16, 32, ... (2 ways). */
static void l1_lru(void **state)
{
    mem_params_t p = base();
    mem_t *m = make(state, &p);
    assert_int_equal(LOAD(m, 0, 0, 0), 126);
    assert_int_equal(LOAD(m, 0, 200, 16), 326);
    assert_int_equal(LOAD(m, 0, 400, 0), 402);  /* 16 now least recently used */
    assert_int_equal(LOAD(m, 0, 500, 32), 626); /* evicts 16 */
    assert_int_equal(LOAD(m, 0, 700, 0), 702);
    assert_int_equal(LOAD(m, 0, 800, 16), 822); /* L2 hit; evicts 32 */
    assert_int_equal(LOAD(m, 0, 900, 32), 922); /* L2 hit */
    assert_int_equal(LOAD(m, 0, 1000, 16), 1002); /* set 0 {16, 32}: 0 went at 900 */
    mem_stats_t s = stats(m, 0);
    assert_int_equal(s.l1_hits, 3);
    assert_int_equal(s.l1_misses, 5);
    assert_int_equal(s.l2_hits, 2);
    assert_int_equal(s.l2_misses, 3);
}

/* L2 bank 0, set 0 holds lines 0, 64, 128, ... (2 ways). */
static void l2_lru(void **state)
{
    mem_params_t p = base();
    mem_t *m = make(state, &p);
    assert_int_equal(LOAD(m, 0, 0, 0), 126);
    assert_int_equal(LOAD(m, 0, 200, 64), 326);
    assert_int_equal(LOAD(m, 0, 400, 128), 526); /* evicts 0 from the L2 */
    assert_int_equal(LOAD(m, 1, 600, 64), 622);  /* L2 hit; 128 now LRU */
    assert_int_equal(LOAD(m, 1, 700, 0), 826);   /* L2 miss; evicts 128 */
    assert_int_equal(LOAD(m, 1, 900, 128), 1026);
    assert_int_equal(LOAD(m, 1, 1100, 0), 1102); /* core 1's L1 {0, 128}: hit */
    mem_stats_t s = stats(m, 1);
    assert_int_equal(s.l2_hits, 1);
    assert_int_equal(s.l2_misses, 2);
}

/* The victim is the least recently used way whose line has arrived: core
 * 0's set 0 gets line 16 at 200 (an L2 miss, filled at 326), then line 0
 * at 201 (an L2 hit, core 1 fetched it: bank 0 from 210 where 16 held it
 * since 207, lookup to 220, back at 225). At 225 line 32 replaces line 0,
 * which has just arrived, although 16 is less recently used, because 16 is
 * still being filled. */
static void victim_not_being_filled(void **state)
{
    mem_params_t p = base();
    mem_t *m = make(state, &p);
    assert_int_equal(LOAD(m, 1, 0, 0), 126);
    assert_int_equal(LOAD(m, 0, 200, 16), 326);
    assert_int_equal(LOAD(m, 0, 201, 0), 225);
    /* line 32: bank 0 at 232, lookup to 242, channel 0 (free since 221)
     * 242..246, back at 351 */
    assert_int_equal(LOAD(m, 0, 225, 32), 351);
    assert_int_equal(LOAD(m, 0, 400, 16), 402); /* kept */
    assert_int_equal(LOAD(m, 0, 401, 0), 423);  /* evicted: an L2 hit */
    /* with every way being filled, the least recently used goes: set 1
     * gets 1 at 500 and 17 at 501 (filled at 626 and 630), then 33 at 502
     * replaces 1 */
    assert_int_equal(LOAD(m, 0, 500, 1), 626);
    /* 17: bank 1 arrived 508, free at 510, lookup 520, channel 1 busy to
     * 521: 521..525 -> 630 */
    assert_int_equal(LOAD(m, 0, 501, 17), 630);
    /* 33: bank 1 arrived 509, free at 513, lookup 523, channel 1 525..529 -> 634 */
    assert_int_equal(LOAD(m, 0, 502, 33), 634);
    assert_int_equal(LOAD(m, 0, 700, 17, 33), 702);
    assert_int_equal(LOAD(m, 0, 800, 1), 822);
}

/* ------------------------------------------------------------------ */
/* stores                                                               */

static void store_write_through_no_allocate(void **state)
{
    mem_params_t p = base();
    mem_t *m = make(state, &p);
    assert_int_equal(STORE(m, 0, 0, 0), 1); /* does not block */
    mem_stats_t s = stats(m, 0);
    assert_int_equal(s.stores, 1);
    assert_int_equal(s.store_lines, 1);
    assert_int_equal(s.l1_store_hits, 0);
    assert_int_equal(s.dram_write_bytes, 32);
    assert_int_equal(s.loads + s.load_lines + s.l1_misses + s.dram_read_bytes, 0);
    /* installed in neither cache: a cold miss */
    assert_int_equal(LOAD(m, 0, 1000, 0), 1126);
    /* a store to a line the L1 holds updates it: still a hit after */
    assert_int_equal(STORE(m, 0, 1200, 0, 1), 1201);
    assert_int_equal(LOAD(m, 0, 1300, 0), 1302);
    s = stats(m, 0);
    assert_int_equal(s.stores, 2);
    assert_int_equal(s.store_lines, 3);
    assert_int_equal(s.l1_store_hits, 1);
    assert_int_equal(s.dram_write_bytes, 3 * 32);
    assert_int_equal(s.l1_misses, 1);
    assert_int_equal(s.l2_misses, 1);
    /* a store hit makes its line most recently used: set 0 holds {0, 16}
     * with 0 least recently used until the store at 1600; the miss on 32
     * then evicts 16 */
    assert_int_equal(LOAD(m, 0, 1400, 16), 1526);
    assert_int_equal(STORE(m, 0, 1600, 0), 1601);
    assert_int_equal(LOAD(m, 0, 1700, 32), 1826);
    assert_int_equal(LOAD(m, 0, 1900, 0), 1902);
    assert_int_equal(LOAD(m, 0, 1900, 16), 1922); /* an L2 hit */
    assert_int_equal(stats(m, 0).l1_store_hits, 2);
    /* the same in the L2: bank 0 set 0 holds {0, 64}, core 1's store
     * (which misses its own L1) makes 0 most recently used, so 128 evicts 64 */
    destroy_state(state);
    m = make(state, &p);
    assert_int_equal(LOAD(m, 0, 0, 0), 126);
    assert_int_equal(LOAD(m, 0, 200, 64), 326);
    assert_int_equal(STORE(m, 1, 400, 0), 401);
    assert_int_equal(LOAD(m, 0, 500, 128), 626);
    assert_int_equal(LOAD(m, 1, 700, 0), 722);  /* an L2 hit */
    assert_int_equal(LOAD(m, 1, 800, 64), 926); /* an L2 miss */
    /* stores take no MSHR: with the only one taken, they go on */
    destroy_state(state);
    p.l1_mshrs = 1;
    m = make(state, &p);
    assert_int_equal(LOAD(m, 0, 0, 0), 126);
    assert_int_equal(STORE(m, 0, 1, 1, 2, 3), 2);
    assert_int_equal(stats(m, 0).stalls, 0);
}

/* A store holds its channel (and bank) like a load, so a load behind it
 * waits. */
static void store_delays_later_miss(void **state)
{
    mem_params_t p = no_l2();
    mem_t *m = make(state, &p);
    /* the store of line 2 holds channel 0 7..11; core 1's load of line 0
     * arrives at 7 and takes it 11..15: 115 + 5 (alone: 116) */
    assert_int_equal(STORE(m, 0, 0, 2), 1);
    assert_int_equal(LOAD(m, 1, 0, 0), 120);
    assert_true(stats(m, 1).dram_queue_cycles == 4);
    assert_true(stats(m, 0).dram_queue_cycles == 0);
    /* the other channel is free */
    assert_int_equal(STORE(m, 0, 1000, 2), 1001);
    assert_int_equal(LOAD(m, 1, 1000, 1), 1116);
    /* with an L2: the store holds bank 0 7..10 and channel 0 17..21; the
     * load takes bank 0 10..13 (lookup to 20), channel 0 21..25: 125 + 5 */
    destroy_state(state);
    p = base();
    m = make(state, &p);
    assert_int_equal(STORE(m, 0, 0, 2), 1);
    assert_int_equal(LOAD(m, 1, 0, 0), 130);
    mem_stats_t s = stats(m, 1);
    assert_int_equal(s.l2_queue_cycles, 3);
    assert_true(s.dram_queue_cycles == 1);
    /* a store to a line the L2 holds is not a DRAM read: bytes written only */
    assert_int_equal(STORE(m, 0, 500, 0), 501);
    s = stats(m, MEM_ALL_CORES);
    assert_int_equal(s.dram_write_bytes, 64);
    assert_int_equal(s.dram_read_bytes, 32);
}

/* ------------------------------------------------------------------ */
/* interface                                                            */

static void bad_params(void **state)
{
    (void)state;
    mem_params_t p = base();
    bad_params_t c[40];
    size_t n = 0;
#define BAD(field, value, code)                                                          \
    do {                                                                                 \
        c[n].p = p;                                                                      \
        c[n].p.field = (value);                                                          \
        c[n++].rc = (code);                                                              \
    } while (0)
    BAD(cores, 0, MEM_ECORES);
    BAD(cores, MEM_MAX_CORES + 1, MEM_ECORES);
    BAD(line_bytes, 0, MEM_ELINE);
    BAD(line_bytes, 8, MEM_ELINE);
    BAD(line_bytes, 48, MEM_ELINE);
    BAD(line_bytes, 512, MEM_ELINE);
    BAD(l1_ways, 0, MEM_EL1_WAYS);
    BAD(l1_bytes, 0, MEM_EL1_SIZE);
    BAD(l1_bytes, 32, MEM_EL1_SIZE);   /* less than a set (2 ways x 32 B) */
    BAD(l1_bytes, 1000, MEM_EL1_SIZE); /* not a whole number of sets */
    BAD(l1_bytes, 192, MEM_EL1_SIZE);  /* 3 sets */
    BAD(l1_ways, 3, MEM_EL1_SIZE);     /* 1024 B is not 3 x 32 x 2^k */
    BAD(l1_mshrs, 0, MEM_EL1_MSHRS);
    BAD(l1_mshrs, MEM_MAX_MSHRS + 1, MEM_EL1_MSHRS);
    BAD(l1_hit_cycles, 0, MEM_EL1_HIT);
    BAD(l2_ways, 0, MEM_EL2_WAYS);
    BAD(l2_banks, 0, MEM_EL2_BANKS);
    BAD(l2_banks, MEM_MAX_BANKS + 1, MEM_EL2_BANKS);
    BAD(l2_bytes, 3000, MEM_EL2_SIZE);
    BAD(l2_bytes, 64, MEM_EL2_SIZE);   /* less than one set in each bank */
    BAD(l2_banks, 3, MEM_EL2_SIZE);    /* 4096 B is not 3 x 2 x 32 x 2^k */
    BAD(dram_channels, 0, MEM_EDRAM_CHANNELS);
    BAD(dram_channels, MEM_MAX_CHANNELS + 1, MEM_EDRAM_CHANNELS);
    BAD(dram_bytes_per_cycle, 0.0, MEM_EDRAM_RATE);
    BAD(dram_bytes_per_cycle, -8.0, MEM_EDRAM_RATE);
    BAD(dram_bytes_per_cycle, NAN, MEM_EDRAM_RATE);
    BAD(dram_bytes_per_cycle, INFINITY, MEM_EDRAM_RATE);
    BAD(dram_bytes_per_cycle, 32.0 * 65536 * 4, MEM_EDRAM_RATE); /* 2^-18 cycle a line */
    BAD(dram_bytes_per_cycle, 32.0 / 70000, MEM_EDRAM_RATE);     /* 70000 cycles a line */
    /* the first failing check wins */
    c[n].p = p;
    c[n].p.cores = 0;
    c[n].p.line_bytes = 0;
    c[n++].rc = MEM_ECORES;
    c[n].p = p;
    c[n].p.l1_ways = 0;
    c[n].p.dram_channels = 0;
    c[n++].rc = MEM_EL1_WAYS;
#undef BAD
    assert_true(n <= ARRAY_LEN(c));
    expect_bad_params(c, n);
    mem_t *m = (mem_t *)&m;
    assert_int_equal(mem_create(NULL, &m), MEM_ECORES);
    assert_null(m);
    assert_int_equal(mem_create(&p, NULL), MEM_ECORES);
}

/* The limits of the ranges are accepted. */
static void good_params(void **state)
{
    (void)state;
    mem_params_t p = base();
    mem_params_t ok[12];
    size_t n = 0;
    ok[n++] = p;
    ok[n] = p, ok[n].l1_ways = 3, ok[n++].l1_bytes = 3 * 32 * 16; /* 3 ways, 16 sets */
    ok[n] = p, ok[n].l2_banks = 3, ok[n++].l2_bytes = 3 * 2 * 32 * 4;
    ok[n] = p, ok[n].line_bytes = 16, ok[n++].l2_bytes = 0;
    ok[n] = p, ok[n].line_bytes = 256, ok[n].l1_bytes = 512, ok[n++].l2_bytes = 1024;
    ok[n] = p, ok[n].l1_mshrs = MEM_MAX_MSHRS, ok[n++].dram_channels = MEM_MAX_CHANNELS;
    ok[n] = p, ok[n].l1_ways = 32, ok[n++].l1_hit_cycles = 1; /* fully associative */
    ok[n] = p, ok[n++].dram_bytes_per_cycle = 32.0 * 65536;   /* 2^-16 cycle a line */
    ok[n] = p, ok[n++].dram_bytes_per_cycle = 32.0 / 65536;   /* 2^16 cycles a line */
    ok[n] = p, ok[n].cores = MEM_MAX_CORES, ok[n].l1_bytes = 64, ok[n++].l1_ways = 1;
    for (size_t i = 0; i < n; i++)
        mem_destroy(create_ok(&ok[i]));
    mem_destroy(NULL);
}

static void access_errors(void **state)
{
    mem_params_t p = base();
    mem_t *m = make(state, &p);
    uint32_t a[MEM_MAX_LANES + 1] = {0};
    uint64_t done = 7;
    unsigned lines = 7;
    assert_int_equal(mem_access(m, 0, 10, false, a, 1, 4, &done, &lines, NULL), MEM_OK);
    assert_int_equal(mem_access(m, 2, 10, false, a, 1, 4, &done, &lines, NULL), MEM_ECORE);
    assert_int_equal(mem_access(m, 1, 9, false, a, 1, 4, &done, &lines, NULL), MEM_ETIME);
    assert_int_equal(mem_access(m, 1, 10, false, a, 1, 3, &done, &lines, NULL), MEM_ESIZE);
    assert_int_equal(mem_access(m, 1, 10, true, a, 1, 32, &done, &lines, NULL), MEM_ESIZE);
    assert_int_equal(mem_access(m, 1, 10, false, a, MEM_MAX_LANES + 1, 4, &done, &lines, NULL),
                     MEM_ELANES);
    a[1] = 6;
    assert_int_equal(mem_access(m, 1, 10, true, a, 2, 4, &done, &lines, NULL), MEM_EALIGN);
    assert_int_equal(done, 10 + 126);
    assert_int_equal(lines, 1);
    /* nothing of them counted */
    mem_stats_t s = stats(m, MEM_ALL_CORES);
    assert_int_equal(s.loads + s.stores + s.stalls, 1);
    assert_int_equal(mem_stats(m, 2, &s), MEM_ECORE);
    /* done and lines may be NULL; the whole warp at once */
    assert_int_equal(mem_access(m, 1, 11, false, a, MEM_MAX_LANES, 2, NULL, NULL, NULL), MEM_OK);
}

static void status_names(void **state)
{
    (void)state;
    for (unsigned c = MEM_OK; c <= MEM_ELANES; c++) {
        assert_non_null(mem_status_name(c));
        for (unsigned d = MEM_OK; d < c; d++)
            assert_string_not_equal(mem_status_name(c), mem_status_name(d));
    }
    assert_null(mem_status_name(MEM_ELANES + 1));
}

/* MEM_ALL_CORES sums the cores; mem_reset() returns to the created state. */
static void totals_and_reset(void **state)
{
    mem_params_t p = base();
    mem_t *m = make(state, &p);
    assert_int_equal(LOAD(m, 0, 0, 0, 1), 126);
    assert_int_equal(LOAD(m, 1, 1, 0), 126);
    assert_int_equal(STORE(m, 1, 2, 5), 3);
    mem_stats_t a = stats(m, 0), b = stats(m, 1), t = stats(m, MEM_ALL_CORES);
#define SUM_(type, name, doc) assert_true(t.name == a.name + b.name);
    MEM_STAT_FIELDS(SUM_)
#undef SUM_
    assert_int_equal(t.loads, 2);
    assert_int_equal(t.load_lines, 3);
    assert_int_equal(t.stores, 1);
    mem_reset(m);
    t = stats(m, MEM_ALL_CORES);
#define ZERO_(type, name, doc) assert_true(t.name == 0);
    MEM_STAT_FIELDS(ZERO_)
#undef ZERO_
    /* empty caches, idle resources, time from 0 again */
    assert_int_equal(LOAD(m, 1, 0, 0), 126);
    assert_int_equal(LOAD(m, 1, 0, 1), 126);
}

/* Per-lane results of a load (mem_lanes_t), from the header's worked
 * example: line 0 cold at cycle 0 (back at 126); at cycle 10 lanes on line
 * 0 merge into its MSHR (126, not hits) while a lane on line 1 misses
 * (bank 1, channel 1: 10 + 126 = 136); at 200 line 0 is held and filled
 * (a hit, 202) and line 2 is cold (bank 0, channel 0: 326). The lanes are
 * interleaved, so each lane must get its own line's result. */
static void lanes_done_and_hits(void **state)
{
    mem_params_t p = base();
    mem_t *m = make(state, &p);
    mem_lanes_t ln;
    uint64_t done;
    uint32_t a0[1] = {0};
    assert_int_equal(mem_access(m, 0, 0, false, a0, 1, 4, &done, NULL, &ln), MEM_OK);
    assert_int_equal(ln.done[0], 126);
    assert_int_equal(ln.hit, 0);
    uint32_t a1[3] = {4, LB + 8, 12};
    assert_int_equal(mem_access(m, 0, 10, false, a1, 3, 4, &done, NULL, &ln), MEM_OK);
    assert_int_equal(ln.done[0], 126);
    assert_int_equal(ln.done[1], 136);
    assert_int_equal(ln.done[2], 126);
    assert_int_equal(ln.hit, 0);
    assert_int_equal(done, 136);
    uint32_t a2[4] = {2 * LB, 0, 2 * LB + 4, 8};
    assert_int_equal(mem_access(m, 0, 200, false, a2, 4, 4, &done, NULL, &ln), MEM_OK);
    assert_int_equal(ln.done[0], 326);
    assert_int_equal(ln.done[1], 202);
    assert_int_equal(ln.done[2], 326);
    assert_int_equal(ln.done[3], 202);
    assert_int_equal(ln.hit, 0xa);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(coalesce_consecutive_words),
        cmocka_unit_test(coalesce_strided),
        cmocka_unit_test(coalesce_same_address),
        cmocka_unit_test(coalesce_first_appearance),
        cmocka_unit_test(coalesce_brute_force),
        cmocka_unit_test(coalesce_errors),
        UNIT_TEST(access_counts_lines),
        UNIT_TEST(lanes_done_and_hits),
        UNIT_TEST(cold_miss_merge_hit),
        UNIT_TEST(l2_hit_and_merge),
        UNIT_TEST(without_l2),
        UNIT_TEST(mshr_merge_and_full),
        cmocka_unit_test_teardown(stall_changes_nothing, shadowed_teardown),
        UNIT_TEST(more_misses_than_mshrs),
        UNIT_TEST(dram_bandwidth),
        UNIT_TEST(dram_fractional_rate),
        UNIT_TEST(l2_bank_conflict),
        UNIT_TEST(l1_port),
        UNIT_TEST(l1_lru),
        UNIT_TEST(l2_lru),
        UNIT_TEST(victim_not_being_filled),
        UNIT_TEST(store_write_through_no_allocate),
        UNIT_TEST(store_delays_later_miss),
        cmocka_unit_test(bad_params),
        cmocka_unit_test(good_params),
        UNIT_TEST(access_errors),
        cmocka_unit_test(status_names),
        UNIT_TEST(totals_and_reset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
