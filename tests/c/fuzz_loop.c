/* A C-side fuzz loop over every entry point of parlor.h: random inputs in memory that is valid
 * for exactly the lengths passed (each buffer its own malloc, so AddressSanitizer sees this
 * loop's reads and writes past it; the library is not instrumented, so the text inputs end at a
 * guard page instead, where its reads past them fault), random lengths, capacities, codes and NULLs, random bytes as states
 * (tricks, combinations, configs, rounds, matches). Each call runs twice on equal inputs and equal output
 * buffers; the checks: the status is a documented code, a NULL required output is never
 * PARLOR_OK, and both runs agree on status and every output byte (no hidden state, no
 * uninitialised reads). The whole games (the one function set: `parlor_config_*`,
 * `parlor_round_*`, `parlor_match_*`, `parlor_action_*`, `parlor_bot_*`) keep their states across
 * iterations and play them by mostly legal actions: see "The whole games" below.
 * tests/tests/c_abi.rs checks that every function the header declares is called here.
 *
 * Bounded: PARLOR_C_FUZZ_SECONDS=N runs for N seconds, else PARLOR_C_FUZZ_ITERATIONS (default
 * 40000) iterations. Each run draws a new seed and prints it first; PARLOR_C_FUZZ_SEED=S replays
 * a run (the same S, the same calls: a failure found with a seed and an iteration count replays). tests/tests/c_abi.rs runs it plain and under -fsanitize=address,undefined. */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS, sysconf */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <unistd.h>
#include "parlor.h"
#include "check.h"

static uint64_t rng = 0x9a4c0ff5eedULL;

static uint64_t next(void) {
    uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static size_t below(size_t n) { return n ? (size_t)(next() % n) : 0; }
static int one_in(unsigned n) { return below(n) == 0; }

/* Random bytes; sometimes text of the games' alphabets so parsers get past the first byte. */
static void fill(unsigned char *p, size_t n) {
    static const char alphabet[] = "0123456789TJQKAPDRM-mpsz BR/?,:";
    int text = one_in(2);
    size_t i;
    for (i = 0; i < n; i++) {
        p[i] = text ? (unsigned char)alphabet[below(sizeof alphabet - 1)] : (unsigned char)next();
    }
}

/* Small counts (0..=4, sometimes more) for card and tile arrays. */
static void fill_counts(uint8_t *p, size_t n, size_t max_total) {
    size_t i, total = 0;
    for (i = 0; i < n; i++) {
        uint8_t c = one_in(16) ? (uint8_t)next() : (uint8_t)below(3);
        if (total + c > max_total && !one_in(8)) c = 0;
        p[i] = c;
        total += c;
    }
}

/* An input buffer of exactly `bytes` bytes (malloc(0) may be NULL: one byte then, len 0). */
static void *input(size_t bytes) {
    unsigned char *p = malloc(bytes ? bytes : 1);
    if (!p) abort();
    fill(p, bytes);
    return p;
}

/* A text input of `bytes` (< a page) bytes that ends where an inaccessible page begins, in one
 * of two slots reused by every call. The library is not built with AddressSanitizer, so a read
 * of its own past the end of a malloc'd input goes unseen unless it happens to fault; a read
 * past a guarded input faults on its first byte. (This loop once passed the second text input
 * of parlor_tichu_is_legal with a length drawn apart from its buffer's: seed
 * 0x40bd54630bee0052 read past it and faulted only when the buffer ended a page.) */
static void *guarded_input(int slot, size_t bytes) {
    static unsigned char *slots[2];
    static size_t page;
    unsigned char *p;
    if (!slots[slot]) {
        void *m;
        page = (size_t)sysconf(_SC_PAGESIZE);
        m = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED || mprotect((unsigned char *)m + page, page, PROT_NONE) != 0) abort();
        slots[slot] = m;
    }
    if (bytes > page) abort();
    p = slots[slot] + page - bytes;
    fill(p, bytes);
    return p;
}

/* Two output buffers of `bytes` bytes with equal contents, or both NULL (1 in `null_one_in`). */
typedef struct {
    unsigned char *a, *b;
    size_t bytes;
} Out;

static Out out(size_t bytes, unsigned null_one_in) {
    Out o = {NULL, NULL, bytes};
    if (null_one_in && one_in(null_one_in)) {
        o.bytes = 0;
        return o;
    }
    o.a = malloc(bytes ? bytes : 1);
    o.b = malloc(bytes ? bytes : 1);
    if (!o.a || !o.b) abort();
    fill(o.a, bytes);
    memcpy(o.b, o.a, bytes);
    return o;
}

static void release(Out *o) {
    free(o->a);
    free(o->b);
}

static int known(ParlorStatus st) { return strcmp(parlor_status_str(st), "unknown status code") != 0; }

/* Both runs agree on every output; the statuses agree and are known. */
static void agree(const char *what, ParlorStatus s1, ParlorStatus s2, Out *outs, size_t n) {
    size_t i;
    int same = s1 == s2;
    for (i = 0; i < n; i++) {
        if (outs[i].a && memcmp(outs[i].a, outs[i].b, outs[i].bytes) != 0) same = 0;
    }
    if (!same || !known(s1)) printf("FAIL %s: status %u / %u\n", what, (unsigned)s1, (unsigned)s2);
    CHECK(same);
    CHECK(known(s1));
    for (i = 0; i < n; i++) release(&outs[i]);
}

/* A required output was NULL: the call must not report success. */
#define REQUIRED(o, st) CHECK((o).a != NULL || (st) != PARLOR_OK)

#define A(o, T) ((T *)(void *)(o).a)
#define B(o, T) ((T *)(void *)(o).b)
#define CAP(o, T) ((o).a ? (o).bytes / sizeof(T) : 0)

static uint8_t code(void) { return one_in(4) ? (uint8_t)next() : (uint8_t)below(4); }

static void one_call(void) {
    size_t len = below(64), cap = below(48);
    unsigned op = (unsigned)below(34);
    ParlorStatus s1 = 0, s2 = 0;
    Out o[4];
    /* The text inputs: each exactly as long as the length passed with it, against a guard page. */
    void *in = guarded_input(0, len);
    size_t len2 = below(64);
    void *in2 = guarded_input(1, len2);
    memset(o, 0, sizeof o);
    switch (op) {
    case 0: { /* parlor_dominoes_parse */
        o[0] = out(cap * sizeof(ParlorDominoTile), 8), o[1] = out(sizeof(size_t), 8), o[2] = out(sizeof(size_t), 2);
        s1 = parlor_dominoes_parse(in, len, A(o[0], ParlorDominoTile), CAP(o[0], ParlorDominoTile), A(o[1], size_t), A(o[2], size_t));
        s2 = parlor_dominoes_parse(in, len, B(o[0], ParlorDominoTile), CAP(o[0], ParlorDominoTile), B(o[1], size_t), B(o[2], size_t));
        REQUIRED(o[1], s1);
        agree("dominoes_parse", s1, s2, o, 3);
        break;
    }
    case 1: case 2: { /* parlor_dominoes_validate_scratch: the short or the full scratch */
        size_t n = below(12);
        ParlorDominoTile *tiles = input(n * sizeof *tiles);
        size_t i;
        for (i = 0; i < n && !one_in(8); i++) tiles[i].a = (uint32_t)below(7), tiles[i].b = (uint32_t)below(7);
        o[0] = out(sizeof(ParlorDominoVerdict), 8), o[1] = out(cap * sizeof(ParlorDominoPlacement), 4);
        {
            size_t full = op == 1 ? PARLOR_DOMINOES_SHORT_SCRATCH_BYTES : PARLOR_DOMINOES_SCRATCH_BYTES;
            size_t bytes = one_in(4) ? below(full) : full;
            void *scratch = input(bytes);
            uint8_t rule = code();
            s1 = parlor_dominoes_validate_scratch(tiles, n, rule, scratch, bytes, A(o[0], ParlorDominoVerdict), A(o[1], ParlorDominoPlacement), CAP(o[1], ParlorDominoPlacement));
            s2 = parlor_dominoes_validate_scratch(tiles, n, rule, scratch, bytes, B(o[0], ParlorDominoVerdict), B(o[1], ParlorDominoPlacement), CAP(o[1], ParlorDominoPlacement));
            free(scratch);
        }
        REQUIRED(o[0], s1);
        agree("dominoes_validate", s1, s2, o, 2);
        free(tiles);
        break;
    }
    case 3: case 4: { /* parlor_dominoes_play, _placements */
        size_t n = below(8), i;
        ParlorDominoTile *tiles = input(n * sizeof *tiles);
        ParlorDominoPlacement *places = input(n * sizeof *places);
        ParlorDominoTile tile;
        uint8_t rule = code();
        for (i = 0; i < n && !one_in(8); i++) tiles[i].a = (uint32_t)below(7), tiles[i].b = (uint32_t)below(7);
        tile.a = (uint32_t)below(8), tile.b = (uint32_t)below(8);
        o[1] = out(sizeof(size_t), 8);
        if (op == 3) {
            o[0] = out(cap * sizeof(ParlorDominoScore), 4);
            s1 = parlor_dominoes_play(tiles, places, n, rule, A(o[0], ParlorDominoScore), CAP(o[0], ParlorDominoScore), A(o[1], size_t));
            s2 = parlor_dominoes_play(tiles, places, n, rule, B(o[0], ParlorDominoScore), CAP(o[0], ParlorDominoScore), B(o[1], size_t));
        } else {
            o[0] = out(cap * sizeof(ParlorDominoPlacement), 4);
            s1 = parlor_dominoes_placements(tiles, places, n, rule, tile, A(o[0], ParlorDominoPlacement), CAP(o[0], ParlorDominoPlacement), A(o[1], size_t));
            s2 = parlor_dominoes_placements(tiles, places, n, rule, tile, B(o[0], ParlorDominoPlacement), CAP(o[0], ParlorDominoPlacement), B(o[1], size_t));
            REQUIRED(o[1], s1);
        }
        agree(op == 3 ? "dominoes_play" : "dominoes_placements", s1, s2, o, 2);
        free(tiles);
        free(places);
        break;
    }
    case 5: { /* parlor_doudizhu_parse */
        o[0] = out(sizeof(ParlorDoudizhuCards), 8), o[1] = out(sizeof(size_t), 2);
        s1 = parlor_doudizhu_parse(in, len, A(o[0], ParlorDoudizhuCards), A(o[1], size_t));
        s2 = parlor_doudizhu_parse(in, len, B(o[0], ParlorDoudizhuCards), B(o[1], size_t));
        REQUIRED(o[0], s1);
        agree("doudizhu_parse", s1, s2, o, 2);
        break;
    }
    case 6: case 7: case 8: case 9: case 10: case 11: { /* doudizhu format, classify, beats, moves, spring, min_plays */
        ParlorDoudizhuCards *a = input(sizeof *a), *b = input(sizeof *b), *c = input(sizeof *c);
        uint8_t preset = code();
        size_t small = op >= 10 ? 7 : 20; /* the searches stay small: this is a loop, not a benchmark */
        fill_counts(a->counts, 15, small), fill_counts(b->counts, 15, small), fill_counts(c->counts, 15, small);
        if (op == 6) {
            o[0] = out(below(70), 4), o[1] = out(sizeof(size_t), 2);
            s1 = parlor_doudizhu_format(a, (char *)o[0].a, o[0].bytes, A(o[1], size_t));
            s2 = parlor_doudizhu_format(a, (char *)o[0].b, o[0].bytes, B(o[1], size_t));
        } else if (op == 7) {
            o[0] = out(below(6) * sizeof(ParlorDoudizhuReading), 4), o[1] = out(sizeof(size_t), 8);
            s1 = parlor_doudizhu_classify(a, preset, A(o[0], ParlorDoudizhuReading), CAP(o[0], ParlorDoudizhuReading), A(o[1], size_t));
            s2 = parlor_doudizhu_classify(a, preset, B(o[0], ParlorDoudizhuReading), CAP(o[0], ParlorDoudizhuReading), B(o[1], size_t));
            REQUIRED(o[1], s1);
        } else if (op == 8) {
            const ParlorDoudizhuCards *prev = one_in(4) ? NULL : a;
            o[0] = out(1, 8);
            s1 = parlor_doudizhu_beats(prev, b, preset, A(o[0], uint8_t));
            s2 = parlor_doudizhu_beats(prev, b, preset, B(o[0], uint8_t));
            REQUIRED(o[0], s1);
        } else if (op == 9) {
            ParlorDoudizhuCards *prev = one_in(3) ? NULL : b;
            o[0] = out(cap * 4 * sizeof(ParlorDoudizhuCards), 4), o[1] = out(sizeof(size_t), 8);
            s1 = parlor_doudizhu_moves(a, prev, preset, A(o[0], ParlorDoudizhuCards), CAP(o[0], ParlorDoudizhuCards), A(o[1], size_t));
            s2 = parlor_doudizhu_moves(a, prev, preset, B(o[0], ParlorDoudizhuCards), CAP(o[0], ParlorDoudizhuCards), B(o[1], size_t));
            REQUIRED(o[1], s1);
        } else {
            size_t bytes = one_in(4) ? below(PARLOR_DOUDIZHU_SCRATCH_BYTES) : PARLOR_DOUDIZHU_SCRATCH_BYTES;
            uint8_t *scratch = input(bytes);
            if (op == 10) {
                const ParlorDoudizhuCards *first = one_in(3) ? NULL : b, *second = one_in(3) ? NULL : c;
                o[0] = out(below(PARLOR_DOUDIZHU_MAX_PLAN + 2) * sizeof(ParlorDoudizhuCards), 4);
                o[1] = out(sizeof(size_t), 4), o[2] = out(1, 8);
                s1 = parlor_doudizhu_spring(a, first, second, preset, scratch, bytes, A(o[0], ParlorDoudizhuCards), CAP(o[0], ParlorDoudizhuCards), A(o[1], size_t), A(o[2], uint8_t));
                s2 = parlor_doudizhu_spring(a, first, second, preset, scratch, bytes, B(o[0], ParlorDoudizhuCards), CAP(o[0], ParlorDoudizhuCards), B(o[1], size_t), B(o[2], uint8_t));
                REQUIRED(o[2], s1);
            } else {
                o[0] = out(1, 8);
                s1 = parlor_doudizhu_min_plays(a, preset, scratch, bytes, A(o[0], uint8_t));
                s2 = parlor_doudizhu_min_plays(a, preset, scratch, bytes, B(o[0], uint8_t));
                REQUIRED(o[0], s1);
            }
            free(scratch);
        }
        agree("doudizhu", s1, s2, o, 3);
        free(a), free(b), free(c);
        break;
    }
    case 12: { /* parlor_mahjong_parse */
        size_t n = one_in(4) ? below(40) : 34;
        o[0] = out(n, 8), o[1] = out(sizeof(size_t), 2), o[2] = out(sizeof(size_t), 2), o[3] = out(sizeof(size_t), 2);
        s1 = parlor_mahjong_parse(in, len, A(o[0], uint8_t), o[0].bytes, A(o[1], size_t), A(o[2], size_t), A(o[3], size_t));
        s2 = parlor_mahjong_parse(in, len, B(o[0], uint8_t), o[0].bytes, B(o[1], size_t), B(o[2], size_t), B(o[3], size_t));
        REQUIRED(o[0], s1);
        agree("mahjong_parse", s1, s2, o, 4);
        break;
    }
    case 13: case 14: case 15: case 16: case 17: case 18: case 19: { /* the other mahjong calls */
        size_t n = one_in(6) ? below(40) : 34;
        uint8_t *counts = input(n), *visible = NULL;
        size_t visible_len = 0;
        uint8_t c = code();
        fill_counts(counts, n, 14);
        if (op == 13) {
            o[0] = out(below(120), 4), o[1] = out(sizeof(size_t), 2);
            s1 = parlor_mahjong_format(counts, n, c, (char *)o[0].a, o[0].bytes, A(o[1], size_t));
            s2 = parlor_mahjong_format(counts, n, c, (char *)o[0].b, o[0].bytes, B(o[1], size_t));
        } else if (op == 14) {
            o[0] = out(sizeof(uint64_t), 8);
            s1 = parlor_mahjong_waits(counts, n, c, A(o[0], uint64_t));
            s2 = parlor_mahjong_waits(counts, n, c, B(o[0], uint64_t));
            REQUIRED(o[0], s1);
        } else if (op == 15) {
            o[0] = out(below(40), 4), o[1] = out(sizeof(size_t), 8);
            s1 = parlor_mahjong_waits_list(counts, n, c, A(o[0], uint8_t), o[0].bytes, A(o[1], size_t));
            s2 = parlor_mahjong_waits_list(counts, n, c, B(o[0], uint8_t), o[0].bytes, B(o[1], size_t));
            REQUIRED(o[1], s1);
        } else if (op == 16) {
            o[0] = out(1, 8);
            s1 = parlor_mahjong_is_complete(counts, n, c, A(o[0], uint8_t));
            s2 = parlor_mahjong_is_complete(counts, n, c, B(o[0], uint8_t));
            REQUIRED(o[0], s1);
        } else if (op == 17) {
            o[0] = out(1, 8);
            s1 = parlor_mahjong_shanten(counts, n, c, A(o[0], int8_t));
            s2 = parlor_mahjong_shanten(counts, n, c, B(o[0], int8_t));
            REQUIRED(o[0], s1);
        } else if (op == 18) {
            if (!one_in(3)) {
                visible_len = one_in(6) ? below(40) : 34;
                visible = input(visible_len);
                fill_counts(visible, visible_len, 8);
            }
            o[0] = out(sizeof(ParlorMahjongUkeire), 8);
            s1 = parlor_mahjong_ukeire(counts, n, visible, visible_len, c, A(o[0], ParlorMahjongUkeire));
            s2 = parlor_mahjong_ukeire(counts, n, visible, visible_len, c, B(o[0], ParlorMahjongUkeire));
            REQUIRED(o[0], s1);
        } else {
            o[0] = out(below(8) * sizeof(ParlorMahjongDecomposition), 4), o[1] = out(sizeof(size_t), 8);
            s1 = parlor_mahjong_decompositions(counts, n, c, A(o[0], ParlorMahjongDecomposition), CAP(o[0], ParlorMahjongDecomposition), A(o[1], size_t));
            s2 = parlor_mahjong_decompositions(counts, n, c, B(o[0], ParlorMahjongDecomposition), CAP(o[0], ParlorMahjongDecomposition), B(o[1], size_t));
            REQUIRED(o[1], s1);
        }
        agree("mahjong", s1, s2, o, 2);
        free(counts);
        free(visible);
        break;
    }
    case 20: { /* parlor_tichu_parse */
        o[0] = out(sizeof(uint64_t), 8), o[1] = out(sizeof(size_t), 2);
        s1 = parlor_tichu_parse(in, len, A(o[0], uint64_t), A(o[1], size_t));
        s2 = parlor_tichu_parse(in, len, B(o[0], uint64_t), B(o[1], size_t));
        REQUIRED(o[0], s1);
        agree("tichu_parse", s1, s2, o, 2);
        break;
    }
    case 21: { /* parlor_tichu_format */
        uint64_t mask = next();
        o[0] = out(below(140), 4), o[1] = out(sizeof(size_t), 2);
        s1 = parlor_tichu_format(mask, (char *)o[0].a, o[0].bytes, A(o[1], size_t));
        s2 = parlor_tichu_format(mask, (char *)o[0].b, o[0].bytes, B(o[1], size_t));
        agree("tichu_format", s1, s2, o, 2);
        break;
    }
    case 22: { /* parlor_tichu_is_legal */
        o[0] = out(1, 8);
        s1 = parlor_tichu_is_legal(in, len, in2, len2, A(o[0], uint8_t));
        s2 = parlor_tichu_is_legal(in, len, in2, len2, B(o[0], uint8_t));
        REQUIRED(o[0], s1);
        agree("tichu_is_legal", s1, s2, o, 1);
        break;
    }
    case 23: case 24: case 25: case 26: case 27: case 28: case 29: { /* tichu masks and states */
        uint64_t mask = one_in(2) ? next() : next() & next() & next(), hand = next() & next();
        ParlorTichuCombination *prev = input(sizeof *prev);
        ParlorTichuTrick *trick = input(sizeof *trick);
        uint8_t c = code(), seat = (uint8_t)(one_in(4) ? next() : below(4));
        if (op == 23) {
            o[0] = out(1, 8), o[1] = out(sizeof(ParlorTichuCombination), 8);
            s1 = parlor_tichu_previous(mask, A(o[0], uint8_t), A(o[1], ParlorTichuCombination));
            s2 = parlor_tichu_previous(mask, B(o[0], uint8_t), B(o[1], ParlorTichuCombination));
        } else if (op == 24) {
            o[0] = out(1, 8), o[1] = out(sizeof(ParlorTichuCombination), 8);
            const ParlorTichuCombination *previous = one_in(3) ? NULL : prev;
            s1 = parlor_tichu_resolve(previous, mask, A(o[0], uint8_t), A(o[1], ParlorTichuCombination));
            s2 = parlor_tichu_resolve(previous, mask, B(o[0], uint8_t), B(o[1], ParlorTichuCombination));
        } else if (op == 25) {
            uint64_t small = hand & next() & next(); /* few cards: a short move list */
            o[0] = out(cap * sizeof(uint64_t), 4), o[1] = out(sizeof(size_t), 8);
            s1 = parlor_tichu_moves(small, prev, c, A(o[0], uint64_t), CAP(o[0], uint64_t), A(o[1], size_t));
            s2 = parlor_tichu_moves(small, prev, c, B(o[0], uint64_t), CAP(o[0], uint64_t), B(o[1], size_t));
            REQUIRED(o[1], s1);
        } else if (op == 26) {
            o[0] = out(sizeof(ParlorTichuTrick), 8);
            uint8_t out_mask = (uint8_t)next();
            s1 = parlor_tichu_trick_new(seat, out_mask, c, A(o[0], ParlorTichuTrick));
            s2 = parlor_tichu_trick_new(seat, out_mask, c, B(o[0], ParlorTichuTrick));
            REQUIRED(o[0], s1);
        } else if (op == 27 || op == 28) {
            /* The trick is in-out: each run gets its own copy of the same random state. */
            o[0] = out(sizeof(ParlorTichuTrick), 0), o[1] = out(1, 8);
            memcpy(o[0].a, trick, sizeof *trick), memcpy(o[0].b, trick, sizeof *trick);
            if (op == 27) {
                s1 = parlor_tichu_trick_play(A(o[0], ParlorTichuTrick), seat, mask, hand | mask, c, A(o[1], uint8_t));
                s2 = parlor_tichu_trick_play(B(o[0], ParlorTichuTrick), seat, mask, hand | mask, c, B(o[1], uint8_t));
            } else {
                s1 = parlor_tichu_trick_pass(A(o[0], ParlorTichuTrick), seat, hand, A(o[1], uint8_t));
                s2 = parlor_tichu_trick_pass(B(o[0], ParlorTichuTrick), seat, hand, B(o[1], uint8_t));
            }
        } else if (op == 29) {
            o[0] = out(sizeof(int16_t), 8);
            s1 = parlor_tichu_card_points(mask, A(o[0], int16_t));
            s2 = parlor_tichu_card_points(mask, B(o[0], int16_t));
            REQUIRED(o[0], s1);
        }
        agree("tichu", s1, s2, o, 2);
        free(prev);
        free(trick);
        break;
    }
    case 30: { /* parlor_tichu_score_round */
        uint8_t *finish = input(4), *calls = input(4);
        int16_t *points = input(4 * sizeof(int16_t));
        int16_t last = (int16_t)next();
        size_t i;
        for (i = 0; i < 4 && !one_in(4); i++) finish[i] = (uint8_t)below(5), calls[i] = (uint8_t)below(3);
        o[0] = out(4 * sizeof(int16_t), 8);
        s1 = parlor_tichu_score_round(finish, points, last, calls, A(o[0], int16_t));
        s2 = parlor_tichu_score_round(finish, points, last, calls, B(o[0], int16_t));
        REQUIRED(o[0], s1);
        agree("tichu_score_round", s1, s2, o, 1);
        free(finish), free(calls), free(points);
        break;
    }
    default: { /* parlor_status_str over every code, version strings */
        uint32_t st = (uint32_t)below(600);
        const char *name = parlor_status_str(st);
        CHECK(name != NULL && strlen(name) > 0);
        CHECK(strlen(parlor_version()) >= 5);
        CHECK(parlor_abi_version() == PARLOR_ABI_VERSION);
        break;
    }
    }
}

/* ---------------------------------------------------------------------------------------------
 * The whole games through the one function set. Each game keeps a config, a round and a match
 * (opaque caller states) across iterations: made from random presets, rule settings and seeds,
 * played by mostly legal actions (by index, by a bot, from the list; sometimes a mutated or
 * random code), and queried with random seats, capacities and NULLs. A state argument is its
 * own malloc: a copy of the kept state, or (1 in 12) random bytes, or (1 in 40) NULL; random
 * bytes and NULL are never PARLOR_OK, a const state comes back unchanged, and a refused in-out
 * call leaves the state's bytes unchanged. A kept state with one flipped bit is refused with
 * PARLOR_ERR_INVALID_STATE, or (a bit past the state's used bytes) answers as the original. */

/* A copy of `n` bytes of `src` in a malloc of exactly `n` bytes. */
static void *copy_of(const void *src, size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) abort();
    memcpy(p, src, n);
    return p;
}

/* A const state argument (see above). */
typedef struct {
    void *p;
    size_t n;
    int garbage;
} StateIn;

static StateIn state_in(const void *state, size_t n, int have) {
    StateIn s;
    s.p = NULL, s.n = n, s.garbage = 0;
    if (one_in(40)) return s;
    if (!have || one_in(12)) {
        s.p = input(n);
        s.garbage = 1;
        return s;
    }
    s.p = copy_of(state, n);
    return s;
}

/* Random bytes and NULL never succeed; a kept state is not written through a const pointer. */
static void state_done(StateIn *s, const void *state, ParlorStatus st) {
    if (s->p == NULL || s->garbage) {
        if (st == PARLOR_OK) printf("FAIL: a %s state was accepted\n", s->p ? "random" : "NULL");
        CHECK(st != PARLOR_OK);
    } else {
        CHECK(memcmp(s->p, state, s->n) == 0);
    }
    free(s->p);
}

/* An in-out state: two equal copies of the kept state (or random bytes; `*garbage` then). */
static Out state_io(const void *state, size_t n, int have, int *garbage) {
    Out o = out(n, 0);
    *garbage = !have || one_in(12);
    if (!*garbage) {
        memcpy(o.a, state, n);
        memcpy(o.b, state, n);
    }
    return o;
}

/* After an in-out call: random bytes never succeed; a refused call leaves the bytes as they were. */
static void io_done(const Out *o, const void *state, int garbage, ParlorStatus st) {
    if (garbage) {
        CHECK(st != PARLOR_OK);
    } else if (st != PARLOR_OK) {
        if (memcmp(o->a, state, o->bytes) != 0) printf("FAIL: refused call (status %u) changed the state\n", (unsigned)st);
        CHECK(memcmp(o->a, state, o->bytes) == 0);
    }
}

/* Flips a random bit of a random byte. */
static void flip(void *p, size_t n) {
    ((unsigned char *)p)[below(n)] ^= (unsigned char)(1u << below(8));
}

/* A random seat: usually one of 0..3 (or the given one), sometimes anything. */
static uint32_t any_seat(uint32_t seat) {
    if (one_in(8)) return one_in(2) ? (uint32_t)next() : (uint32_t)below(6);
    return seat;
}

/* A game code: usually 1..4, sometimes anything. */
static ParlorGame any_game(int g) {
    if (one_in(20)) return one_in(2) ? (ParlorGame)next() : (ParlorGame)below(6);
    return (ParlorGame)(g + 1);
}

typedef struct {
    ParlorConfig config;
    ParlorRound round;
    ParlorMatch match;
    int have_config, have_round, have_match;
} Table;

static Table tables[4];

/* Per game (dominoes, Tichu, Dou Dizhu, Mahjong): whole-game calls, actions applied, rounds and
 * matches played to their end (the closing line: the loop gets deep into the games). */
static long game_calls[4], applied[4], ended[4], matches_ended[4];

/* Every status a whole-game call may answer (the documented ones). */
static int documented(ParlorStatus st) {
    return st == PARLOR_OK || st == PARLOR_ERR_NULL_POINTER || st == PARLOR_ERR_INVALID_ARGUMENT ||
           st == PARLOR_ERR_BUFFER_TOO_SMALL || st == PARLOR_ERR_INVALID_UTF8 || st == PARLOR_ERR_PARSE ||
           st == PARLOR_ERR_INVALID_STATE || (st >= PARLOR_ERR_NOT_YOUR_TURN && st <= PARLOR_ERR_UNKNOWN_BOT);
}

/* A rule setting: a key of the game (or random text) and one of its values (or random text). */
static void random_rule(ParlorGame game, char *key, size_t *key_len, char *value, size_t *value_len) {
    char values[256];
    size_t n = 0, len = 0, i, start = 0, pick, k = 0;
    *key_len = 0, *value_len = 0;
    while (parlor_config_key(game, n, PARLOR_KEY_NAME, NULL, 0, &len) == PARLOR_OK) n++;
    if (n == 0 || one_in(10)) {
        *key_len = below(12);
        fill((unsigned char *)key, *key_len);
    } else {
        size_t index = below(n);
        CHECK_EQ_U(parlor_config_key(game, index, PARLOR_KEY_NAME, key, 64, key_len), PARLOR_OK);
        CHECK_EQ_U(parlor_config_key(game, index, PARLOR_KEY_VALUES, values, sizeof values, &len), PARLOR_OK);
        /* `a|b|c` or `0..=N`: one alternative, a number, or random text. */
        pick = below(8);
        for (i = 0; i <= len; i++) {
            if (i == len || values[i] == '|') {
                if (k == pick || i == len) {
                    *value_len = i - start < 63 ? i - start : 63;
                    memcpy(value, values + start, *value_len);
                    break;
                }
                k++, start = i + 1;
            }
        }
        if (strstr(values, "..") || one_in(6)) *value_len = (size_t)sprintf(value, "%u", (unsigned)below(one_in(4) ? 100000 : 70));
        return;
    }
    *value_len = below(8);
    fill((unsigned char *)value, *value_len);
}

/* A new config (preset, sometimes rule settings), round and match for game g. */
static void deal(int g) {
    Table *t = &tables[g];
    ParlorGame game = any_game(g);
    char name[64], key[64], value[64];
    size_t len = 0, presets = 0, i;
    ParlorStatus s1, s2;
    Out o[2];
    memset(o, 0, sizeof o);
    while (parlor_config_preset_name((ParlorGame)(g + 1), presets, NULL, 0, &len) == PARLOR_OK) presets++;
    CHECK(presets >= 1);
    if (one_in(10)) {
        len = below(10);
        fill((unsigned char *)name, len);
    } else if (one_in(8)) {
        len = 0; /* the default */
    } else {
        CHECK_EQ_U(parlor_config_preset_name((ParlorGame)(g + 1), below(presets), name, sizeof name, &len), PARLOR_OK);
    }
    o[0] = out(sizeof(ParlorConfig), 30);
    s1 = parlor_config_preset(game, name, len, A(o[0], ParlorConfig));
    s2 = parlor_config_preset(game, name, len, B(o[0], ParlorConfig));
    REQUIRED(o[0], s1);
    /* Kept only when it is this game's (a random game code may name another). */
    if (s1 == PARLOR_OK && o[0].a && game == (ParlorGame)(g + 1)) memcpy(&t->config, o[0].a, sizeof t->config), t->have_config = 1;
    agree("config_preset", s1, s2, o, 1);
    if (!t->have_config) return;
    for (i = below(3); i > 0; i--) {
        size_t key_len, value_len;
        int garbage;
        random_rule((ParlorGame)(g + 1), key, &key_len, value, &value_len);
        o[0] = state_io(&t->config, sizeof t->config, t->have_config, &garbage);
        s1 = parlor_config_set(A(o[0], ParlorConfig), key, key_len, value, value_len);
        s2 = parlor_config_set(B(o[0], ParlorConfig), key, key_len, value, value_len);
        io_done(&o[0], &t->config, garbage, s1);
        if (s1 == PARLOR_OK) {
            char back[64];
            size_t back_len = 0;
            memcpy(&t->config, o[0].a, sizeof t->config);
            /* The value reads back as set (numbers may be written in their own form). */
            CHECK_EQ_U(parlor_config_get(&t->config, key, key_len, back, sizeof back, &back_len), PARLOR_OK);
        }
        agree("config_set", s1, s2, o, 1);
    }
    {
        uint64_t seed = next();
        StateIn st = state_in(&t->config, sizeof t->config, t->have_config);
        o[0] = out(sizeof(ParlorRound), 30);
        s1 = parlor_round_new(st.p, seed, A(o[0], ParlorRound));
        s2 = parlor_round_new(st.p, seed, B(o[0], ParlorRound));
        REQUIRED(o[0], s1);
        CHECK(documented(s1));
        if (s1 == PARLOR_OK && o[0].a) memcpy(&t->round, o[0].a, sizeof t->round), t->have_round = 1;
        state_done(&st, &t->config, s1);
        agree("round_new", s1, s2, o, 1);
        st = state_in(&t->config, sizeof t->config, t->have_config);
        o[0] = out(sizeof(ParlorMatch), 30);
        s1 = parlor_match_new(st.p, seed, A(o[0], ParlorMatch));
        s2 = parlor_match_new(st.p, seed, B(o[0], ParlorMatch));
        REQUIRED(o[0], s1);
        if (s1 == PARLOR_OK && o[0].a) memcpy(&t->match, o[0].a, sizeof t->match), t->have_match = 1;
        state_done(&st, &t->config, s1);
        agree("match_new", s1, s2, o, 1);
    }
}

/* An action code for a seat of a kept round: mostly legal (by index or by a bot), sometimes
 * mutated or random. */
static uint64_t some_code(const ParlorRound *round, uint32_t seat) {
    size_t count = 0;
    uint64_t code = next();
    if (!one_in(10) && parlor_round_legal_action_count(round, seat, &count) == PARLOR_OK && count > 0) {
        if (one_in(2)) {
            CHECK_EQ_U(parlor_round_legal_action_at(round, seat, below(count), &code), PARLOR_OK);
        } else {
            ParlorStatus st = parlor_bot_choose(round, seat, one_in(2) ? PARLOR_BOT_LOWEST : PARLOR_BOT_RANDOM, next(), NULL, 0, &code);
            CHECK(st == PARLOR_OK || st == PARLOR_ERR_NOT_YOUR_TURN);
        }
        if (one_in(12)) code ^= 1ull << below(64);
    }
    return code;
}

/* The seat to act of a kept round, or a random seat. */
static uint32_t seat_of(const ParlorRound *round) {
    uint32_t seat = 0;
    if (parlor_round_to_act(round, &seat) != PARLOR_OK || seat == PARLOR_NO_SEAT || one_in(6)) seat = (uint32_t)below(4);
    return any_seat(seat);
}

/* One whole-game call on game g's kept states. */
static void game_call_of(int g) {
    Table *t = &tables[g];
    unsigned op = t->have_round && t->have_match && !one_in(300) ? (unsigned)below(16) : 99;
    ParlorStatus s1 = 0, s2 = 0;
    Out o[3];
    StateIn st;
    int garbage;
    memset(o, 0, sizeof o);
    game_calls[g]++;
    if (op == 99) {
        deal(g);
        return;
    }
    switch (op) {
    case 0: case 1: case 2: { /* _apply: the round */
        uint32_t seat = seat_of(&t->round);
        uint64_t code = some_code(&t->round, seat);
        o[0] = state_io(&t->round, sizeof t->round, t->have_round, &garbage);
        o[1] = out(sizeof(ParlorStep), 8);
        s1 = parlor_round_apply(A(o[0], ParlorRound), seat, code, A(o[1], ParlorStep));
        s2 = parlor_round_apply(B(o[0], ParlorRound), seat, code, B(o[1], ParlorStep));
        CHECK(documented(s1));
        io_done(&o[0], &t->round, garbage, s1);
        if (s1 == PARLOR_OK && !garbage) {
            memcpy(&t->round, o[0].a, sizeof t->round);
            applied[g]++;
            if (o[1].a && A(o[1], ParlorStep)->round_over) {
                int32_t scores[PARLOR_MAX_SEATS];
                size_t count = 0;
                ended[g]++;
                CHECK_EQ_U(parlor_round_outcome(&t->round, scores, PARLOR_MAX_SEATS, &count), PARLOR_OK);
                CHECK_EQ_U(count, A(o[1], ParlorStep)->score_count);
                CHECK(memcmp(scores, A(o[1], ParlorStep)->scores, count * sizeof *scores) == 0);
            }
        }
        agree("round_apply", s1, s2, o, 2);
        break;
    }
    case 3: { /* _legal_actions with random capacities; agrees with _count and _at */
        uint32_t seat = seat_of(&t->round);
        size_t cap = one_in(4) ? 0 : below(40), capx, count = 0;
        st = state_in(&t->round, sizeof t->round, t->have_round);
        o[0] = out(cap * sizeof(uint64_t), 6), o[1] = out(sizeof(size_t), 20);
        capx = o[0].a ? cap : 0;
        s1 = parlor_round_legal_actions(st.p, seat, A(o[0], uint64_t), capx, A(o[1], size_t));
        s2 = parlor_round_legal_actions(st.p, seat, B(o[0], uint64_t), capx, B(o[1], size_t));
        REQUIRED(o[1], s1);
        CHECK(documented(s1));
        if (st.p && !st.garbage && o[1].a && (s1 == PARLOR_OK || s1 == PARLOR_ERR_BUFFER_TOO_SMALL)) {
            size_t total = *A(o[1], size_t), i;
            CHECK_EQ_U(s1, capx == 0 || total <= capx ? PARLOR_OK : PARLOR_ERR_BUFFER_TOO_SMALL);
            CHECK_EQ_U(parlor_round_legal_action_count(st.p, seat, &count), PARLOR_OK);
            CHECK_EQ_U(count, total);
            for (i = 0; i < capx && i < total; i++) {
                uint64_t code = 0;
                CHECK_EQ_U(parlor_round_legal_action_at(st.p, seat, i, &code), PARLOR_OK);
                CHECK(code == A(o[0], uint64_t)[i]);
            }
            if (total) {
                uint64_t code = 0;
                CHECK_EQ_U(parlor_round_legal_action_at(st.p, seat, total, &code), PARLOR_ERR_INVALID_ARGUMENT);
            }
        }
        state_done(&st, &t->round, s1);
        agree("round_legal_actions", s1, s2, o, 2);
        break;
    }
    case 4: { /* header queries: _to_act, _may_act, _seats, _game */
        uint32_t seat = any_seat((uint32_t)below(4));
        st = state_in(&t->round, sizeof t->round, t->have_round);
        o[0] = out(sizeof(uint32_t), 20), o[1] = out(1, 20), o[2] = out(sizeof(uint32_t), 20);
        s1 = parlor_round_to_act(st.p, A(o[0], uint32_t));
        s2 = parlor_round_to_act(st.p, B(o[0], uint32_t));
        REQUIRED(o[0], s1);
        CHECK(s1 == s2);
        s1 = parlor_round_may_act(st.p, seat, A(o[1], uint8_t));
        s2 = parlor_round_may_act(st.p, seat, B(o[1], uint8_t));
        CHECK(s1 == s2);
        s1 = one_in(2) ? parlor_round_seats(st.p, A(o[2], uint32_t)) : parlor_round_game(st.p, A(o[2], uint32_t));
        s2 = s1;
        if (st.p && !st.garbage && o[2].a && s1 == PARLOR_OK) CHECK(*A(o[2], uint32_t) >= 1 && *A(o[2], uint32_t) <= 4);
        if (o[2].a) memcpy(o[2].b, o[2].a, o[2].bytes);
        state_done(&st, &t->round, s1);
        agree("round_header", s1, s2, o, 3);
        break;
    }
    case 5: { /* _view with random capacities */
        uint32_t seat = seat_of(&t->round);
        st = state_in(&t->round, sizeof t->round, t->have_round);
        o[0] = out(below(one_in(2) ? 40 : 2000), 6), o[1] = out(sizeof(size_t), 4);
        s1 = parlor_round_view(st.p, seat, (char *)o[0].a, o[0].bytes, A(o[1], size_t));
        s2 = parlor_round_view(st.p, seat, (char *)o[0].b, o[0].bytes, B(o[1], size_t));
        CHECK(documented(s1));
        if (s1 == PARLOR_OK && o[0].a && o[0].bytes) CHECK(memchr(o[0].a, 0, o[0].bytes) != NULL);
        state_done(&st, &t->round, s1);
        agree("round_view", s1, s2, o, 2);
        break;
    }
    case 6: { /* _outcome */
        size_t cap = below(6);
        st = state_in(&t->round, sizeof t->round, t->have_round);
        o[0] = out(cap * sizeof(int32_t), 6), o[1] = out(sizeof(size_t), 20);
        s1 = parlor_round_outcome(st.p, A(o[0], int32_t), o[0].a ? cap : 0, A(o[1], size_t));
        s2 = parlor_round_outcome(st.p, B(o[0], int32_t), o[0].a ? cap : 0, B(o[1], size_t));
        REQUIRED(o[1], s1);
        CHECK(documented(s1));
        state_done(&st, &t->round, s1);
        agree("round_outcome", s1, s2, o, 2);
        break;
    }
    case 7: { /* _encode and _decode: the round trip, a flipped encoding, random bytes */
        int m = one_in(2);
        size_t enc = 0, cap, got = 0;
        uint8_t *bytes;
        CHECK_EQ_U(m ? parlor_match_encode(&t->match, NULL, 0, &enc) : parlor_round_encode(&t->round, NULL, 0, &enc), PARLOR_OK);
        CHECK(enc > 0 && enc <= sizeof(ParlorRound));
        cap = one_in(3) ? enc : below(enc + 8);
        st = state_in(m ? (const void *)&t->match : (const void *)&t->round, sizeof t->round, 1);
        o[0] = out(cap, 8), o[1] = out(sizeof(size_t), 20);
        s1 = m ? parlor_match_encode(st.p, A(o[0], uint8_t), o[0].bytes, A(o[1], size_t)) : parlor_round_encode(st.p, A(o[0], uint8_t), o[0].bytes, A(o[1], size_t));
        s2 = m ? parlor_match_encode(st.p, B(o[0], uint8_t), o[0].bytes, B(o[1], size_t)) : parlor_round_encode(st.p, B(o[0], uint8_t), o[0].bytes, B(o[1], size_t));
        REQUIRED(o[1], s1);
        if (s1 == PARLOR_OK && o[1].a) CHECK_EQ_U(*A(o[1], size_t), enc);
        state_done(&st, m ? (const void *)&t->match : (const void *)&t->round, s1);
        agree("encode", s1, s2, o, 2);
        bytes = malloc(enc);
        if (!bytes) abort();
        CHECK_EQ_U(m ? parlor_match_encode(&t->match, bytes, enc, &got) : parlor_round_encode(&t->round, bytes, enc, &got), PARLOR_OK);
        {
            ParlorRound back_round;
            ParlorMatch back_match;
            ParlorStatus st2 = m ? parlor_match_decode((ParlorGame)(g + 1), bytes, enc, &back_match) : parlor_round_decode((ParlorGame)(g + 1), bytes, enc, &back_round);
            CHECK_EQ_U(st2, PARLOR_OK);
            CHECK(m ? memcmp(&back_match, &t->match, sizeof back_match) == 0 : memcmp(&back_round, &t->round, sizeof back_round) == 0);
            if (one_in(2)) flip(bytes, enc);
            else fill(bytes, enc);
            ParlorGame as = any_game(g);
            o[0] = out(sizeof(ParlorRound), 20);
            s1 = m ? parlor_match_decode(as, bytes, enc, A(o[0], ParlorMatch)) : parlor_round_decode(as, bytes, enc, A(o[0], ParlorRound));
            s2 = m ? parlor_match_decode(as, bytes, enc, B(o[0], ParlorMatch)) : parlor_round_decode(as, bytes, enc, B(o[0], ParlorRound));
            CHECK(documented(s1));
            /* A flipped encoding that decodes (as this game) is a state every call accepts: keep it. */
            if (s1 == PARLOR_OK && o[0].a && s1 == s2 && as == (ParlorGame)(g + 1)) {
                if (m) memcpy(&t->match, o[0].a, sizeof t->match);
                else memcpy(&t->round, o[0].a, sizeof t->round);
            }
            agree("decode", s1, s2, o, 1);
        }
        free(bytes);
        break;
    }
    case 8: { /* a flipped bit: refused, or (past the used bytes) the same answers */
        ParlorRound copy = t->round;
        uint32_t a = 0, b = 0;
        ParlorStatus fa, fb;
        flip(&copy, sizeof copy);
        fa = parlor_round_to_act(&t->round, &a);
        fb = parlor_round_to_act(&copy, &b);
        CHECK(fb == PARLOR_ERR_INVALID_STATE || (fb == fa && a == b));
        if (fb == PARLOR_OK) {
            size_t ca = 0, cb = 0;
            CHECK_EQ_U(parlor_round_legal_action_count(&copy, a == PARLOR_NO_SEAT ? 0 : a, &cb), parlor_round_legal_action_count(&t->round, a == PARLOR_NO_SEAT ? 0 : a, &ca));
            CHECK_EQ_U(ca, cb);
        }
        s1 = parlor_round_apply(&copy, 0, next(), NULL);
        CHECK(documented(s1));
        break;
    }
    case 9: case 10: case 11: { /* the match: _apply by a bot on its round, or a random code */
        ParlorRound round;
        uint32_t seat = 0;
        uint64_t code = next();
        if (parlor_match_round(&t->match, &round) == PARLOR_OK && parlor_match_to_act(&t->match, &seat) == PARLOR_OK && seat != PARLOR_NO_SEAT && !one_in(10)) {
            uint8_t may = 0;
            CHECK_EQ_U(parlor_match_may_act(&t->match, seat, &may), PARLOR_OK);
            CHECK_EQ_U(may, 1);
            code = some_code(&round, seat);
        }
        seat = any_seat(seat);
        o[0] = state_io(&t->match, sizeof t->match, t->have_match, &garbage);
        o[1] = out(sizeof(ParlorStep), 8);
        s1 = parlor_match_apply(A(o[0], ParlorMatch), seat, code, A(o[1], ParlorStep));
        s2 = parlor_match_apply(B(o[0], ParlorMatch), seat, code, B(o[1], ParlorStep));
        CHECK(documented(s1));
        io_done(&o[0], &t->match, garbage, s1);
        if (s1 == PARLOR_OK && !garbage) {
            memcpy(&t->match, o[0].a, sizeof t->match);
            applied[g]++;
            if (o[1].a && A(o[1], ParlorStep)->match_over) {
                uint8_t places[PARLOR_MAX_SEATS];
                size_t count = 0;
                uint32_t seats = 0;
                matches_ended[g]++;
                CHECK_EQ_U(parlor_match_result(&t->match, places, PARLOR_MAX_SEATS, &count), PARLOR_OK);
                CHECK_EQ_U(parlor_match_seats(&t->match, &seats), PARLOR_OK);
                CHECK_EQ_U(count, seats);
                t->have_match = !one_in(2); /* sometimes a fresh deal */
                if (!t->have_match) deal(g);
            }
        }
        agree("match_apply", s1, s2, o, 2);
        break;
    }
    case 12: { /* match queries */
        st = state_in(&t->match, sizeof t->match, t->have_match);
        switch (below(7)) {
        case 0:
            o[0] = out(below(6) * sizeof(int32_t), 6), o[1] = out(sizeof(size_t), 20);
            s1 = parlor_match_scores(st.p, A(o[0], int32_t), o[0].bytes / sizeof(int32_t), A(o[1], size_t));
            s2 = parlor_match_scores(st.p, B(o[0], int32_t), o[0].bytes / sizeof(int32_t), B(o[1], size_t));
            break;
        case 1:
            o[0] = out(below(6), 6), o[1] = out(sizeof(size_t), 20);
            s1 = parlor_match_result(st.p, A(o[0], uint8_t), o[0].bytes, A(o[1], size_t));
            s2 = parlor_match_result(st.p, B(o[0], uint8_t), o[0].bytes, B(o[1], size_t));
            break;
        case 2:
            o[0] = out(sizeof(uint32_t), 20);
            s1 = parlor_match_rounds_played(st.p, A(o[0], uint32_t));
            s2 = parlor_match_rounds_played(st.p, B(o[0], uint32_t));
            break;
        case 3:
            o[0] = out(sizeof(ParlorRound), 20);
            s1 = parlor_match_round(st.p, A(o[0], ParlorRound));
            s2 = parlor_match_round(st.p, B(o[0], ParlorRound));
            break;
        case 4:
            o[0] = out(sizeof(uint32_t), 20);
            s1 = parlor_match_seats(st.p, A(o[0], uint32_t));
            s2 = parlor_match_seats(st.p, B(o[0], uint32_t));
            break;
        case 5:
            o[0] = out(sizeof(uint32_t), 20);
            s1 = parlor_match_game(st.p, A(o[0], uint32_t));
            s2 = parlor_match_game(st.p, B(o[0], uint32_t));
            if (s1 == PARLOR_OK && !st.garbage) CHECK_EQ_U(*A(o[0], uint32_t), g + 1);
            break;
        default:
            o[0] = out(sizeof(uint32_t), 20), o[1] = out(1, 20);
            s1 = parlor_match_to_act(st.p, A(o[0], uint32_t));
            s2 = parlor_match_to_act(st.p, B(o[0], uint32_t));
            CHECK(s1 == s2);
            s1 = parlor_match_may_act(st.p, any_seat((uint32_t)below(4)), A(o[1], uint8_t));
            s2 = s1;
            if (o[1].a) memcpy(o[1].b, o[1].a, 1);
            break;
        }
        CHECK(documented(s1));
        state_done(&st, &t->match, s1);
        agree("match_query", s1, s2, o, 2);
        break;
    }
    case 13: { /* action texts and parsing: a legal code round-trips, random codes and texts are refused or round-trip */
        uint32_t seat = seat_of(&t->round);
        uint64_t code = some_code(&t->round, seat), back = 0;
        ParlorGame game = any_game(g);
        o[0] = out(below(one_in(2) ? 8 : 80), 6), o[1] = out(sizeof(size_t), 4);
        s1 = parlor_action_text(game, code, (char *)o[0].a, o[0].bytes, A(o[1], size_t));
        s2 = parlor_action_text(game, code, (char *)o[0].b, o[0].bytes, B(o[1], size_t));
        CHECK(documented(s1));
        if (s1 == PARLOR_OK && o[0].a && o[1].a && o[0].bytes) {
            CHECK_EQ_U(parlor_action_parse(game, (const char *)o[0].a, *A(o[1], size_t), &back), PARLOR_OK);
            CHECK(back == code);
        }
        agree("action_text", s1, s2, o, 2);
        {
            size_t len = below(16);
            unsigned char *text = input(len);
            o[0] = out(sizeof(uint64_t), 20);
            s1 = parlor_action_parse(game, (const char *)text, len, A(o[0], uint64_t));
            s2 = parlor_action_parse(game, (const char *)text, len, B(o[0], uint64_t));
            CHECK(documented(s1));
            agree("action_parse", s1, s2, o, 1);
            free(text);
        }
        break;
    }
    case 14: { /* bots: a choice is legal (short scratch too); scratch sizes within 32 KiB + 7 */
        uint32_t seat = seat_of(&t->round);
        ParlorBot bot = one_in(6) ? (ParlorBot)below(8) : (ParlorBot)(1 + below(2));
        uint64_t seed = next();
        size_t scratch_len = below(16), bytes = 0;
        uint8_t *scratch = input(scratch_len);
        st = state_in(&t->round, sizeof t->round, t->have_round);
        o[0] = out(sizeof(uint64_t), 20);
        s1 = parlor_bot_choose(st.p, seat, bot, seed, scratch, scratch_len, A(o[0], uint64_t));
        s2 = parlor_bot_choose(st.p, seat, bot, seed, scratch, scratch_len, B(o[0], uint64_t));
        CHECK(documented(s1));
        if (s1 == PARLOR_OK && o[0].a && *A(o[0], uint64_t) != PARLOR_ACTION_NONE) {
            ParlorRound copy = t->round;
            CHECK_EQ_U(parlor_round_apply(&copy, seat, *A(o[0], uint64_t), NULL), PARLOR_OK);
        }
        state_done(&st, &t->round, s1);
        agree("bot_choose", s1, s2, o, 1);
        o[0] = out(sizeof(size_t), 20);
        s1 = parlor_bot_scratch_bytes(any_game(g), bot, A(o[0], size_t));
        s2 = s1;
        if (o[0].a) memcpy(o[0].b, o[0].a, o[0].bytes);
        CHECK(documented(s1));
        if (s1 == PARLOR_OK) CHECK(parlor_bot_scratch_bytes((ParlorGame)(g + 1), bot, &bytes) == PARLOR_OK && bytes <= 32 * 1024 + 7);
        agree("bot_scratch_bytes", s1, s2, o, 1);
        free(scratch);
        break;
    }
    default: { /* configs: _get, _key, _preset_name, _game, _new_given; game names */
        char key[64], value[64];
        size_t key_len = 0, value_len = 0;
        ParlorGame game = 0;
        random_rule((ParlorGame)(g + 1), key, &key_len, value, &value_len);
        st = state_in(&t->config, sizeof t->config, t->have_config);
        o[0] = out(below(one_in(2) ? 4 : 64), 6), o[1] = out(sizeof(size_t), 4);
        s1 = parlor_config_get(st.p, key, key_len, (char *)o[0].a, o[0].bytes, A(o[1], size_t));
        s2 = parlor_config_get(st.p, key, key_len, (char *)o[0].b, o[0].bytes, B(o[1], size_t));
        CHECK(documented(s1));
        state_done(&st, &t->config, s1);
        agree("config_get", s1, s2, o, 2);
        o[0] = out(below(80), 6), o[1] = out(sizeof(size_t), 4);
        {
            size_t index = below(30);
            uint32_t field = (uint32_t)below(4);
            ParlorGame which = any_game(g);
            s1 = parlor_config_key(which, index, field, (char *)o[0].a, o[0].bytes, A(o[1], size_t));
            s2 = parlor_config_key(which, index, field, (char *)o[0].b, o[0].bytes, B(o[1], size_t));
            CHECK(documented(s1));
            agree("config_key", s1, s2, o, 2);
            o[0] = out(below(40), 6), o[1] = out(sizeof(size_t), 4);
            s1 = parlor_config_preset_name(which, below(6), (char *)o[0].a, o[0].bytes, A(o[1], size_t));
            s2 = parlor_config_preset_name(which, below(6), (char *)o[0].b, o[0].bytes, B(o[1], size_t));
            CHECK(documented(s1));
            if (o[0].a) memcpy(o[0].b, o[0].a, o[0].bytes);
            if (o[1].a) memcpy(o[1].b, o[1].a, o[1].bytes);
            agree("config_preset_name", s1, s1, o, 2);
            CHECK(parlor_game_name(which) != NULL);
        }
        if (parlor_config_game(&t->config, &game) == PARLOR_OK) CHECK_EQ_U(game, g + 1);
        {
            /* A given deal: random text (refused or a round), never UB. */
            size_t len = below(200);
            unsigned char *text = input(len);
            st = state_in(&t->config, sizeof t->config, t->have_config);
            o[0] = out(sizeof(ParlorRound), 20);
            s1 = parlor_round_new_given(st.p, (const char *)text, len, A(o[0], ParlorRound));
            s2 = parlor_round_new_given(st.p, (const char *)text, len, B(o[0], ParlorRound));
            CHECK(documented(s1));
            state_done(&st, &t->config, s1);
            agree("round_new_given", s1, s2, o, 1);
            free(text);
        }
        break;
    }
    }
}

/* ---- Rule-check configs, scratch sizes, OpenSpiel ids, hand values ---- */

/* 234m 567p 23455s 678s won on 8s (tests/c/mahjong_score.c): a valid win to mutate. */
static void mahjong_win(ParlorMahjongWin *win) {
    static const uint8_t kinds[14] = {1, 2, 3, 13, 14, 15, 19, 20, 21, 22, 22, 23, 24, 25};
    int i;
    memset(win, 0, sizeof *win);
    for (i = 0; i < 14; i++) win->closed[i] = (uint8_t)(kinds[i] * 4 + (kinds[i] % 9 == 4 ? 1 : 0) + (i == 10 ? 2 : 0));
    win->closed_len = 14;
    win->winning = 25 * 4;
    win->seat = 1;
    win->riichi = 1;
    win->tsumo = 1;
    for (i = (int)below(4); i > 0; i--) {
        switch (below(8)) {
        case 0: win->closed[below(14)] = (uint8_t)below(140); break;
        case 1: win->closed_len = (uint8_t)below(16); break;
        case 2: win->melds_len = (uint8_t)below(3), win->melds[0].kind = code(), win->melds[0].called = code(); break;
        case 3: win->tsumo = (uint8_t)below(3), win->riichi = (uint8_t)below(4); break;
        case 4: win->seat = (uint8_t)below(5), win->round = (uint8_t)below(5); break;
        case 5: win->flags = (uint32_t)(one_in(2) ? next() : 1u << below(12)); break;
        case 6: win->dora_len = (uint8_t)below(7), win->dora[0] = (uint8_t)below(140), win->ura_len = (uint8_t)below(7); break;
        default: win->honba = (uint16_t)below(10), win->riichi_sticks = (uint16_t)below(10), win->winning = (uint8_t)below(140); break;
        }
    }
}

static void misc_call(void) {
    ParlorStatus s1 = 0, s2 = 0;
    Out o[4];
    memset(o, 0, sizeof o);
    switch (below(6)) {
    case 0: { /* parlor_dominoes_scratch_bytes */
        size_t len = one_in(4) ? (size_t)next() : below(300);
        o[0] = out(sizeof(size_t), 20);
        s1 = parlor_dominoes_scratch_bytes(len, A(o[0], size_t));
        s2 = parlor_dominoes_scratch_bytes(len, B(o[0], size_t));
        REQUIRED(o[0], s1);
        if (o[0].a) {
            CHECK_EQ_U(s1, len > PARLOR_DOMINOES_MAX_PLAY_ORDER ? PARLOR_ERR_CAPACITY_EXCEEDED : PARLOR_OK);
            if (s1 == PARLOR_OK) CHECK_EQ_U(*A(o[0], size_t), len <= PARLOR_DOMINOES_SHORT_TILES ? PARLOR_DOMINOES_SHORT_SCRATCH_BYTES : PARLOR_DOMINOES_SCRATCH_BYTES);
        }
        agree("dominoes_scratch_bytes", s1, s2, o, 1);
        break;
    }
    case 1: { /* parlor_doudizhu_scratch_bytes: the exact threshold of min_plays */
        ParlorDoudizhuCards *hand = input(sizeof *hand);
        uint8_t preset = one_in(6) ? code() : (uint8_t)below(3);
        fill_counts(hand->counts, 15, one_in(8) ? 24 : 7);
        o[0] = out(sizeof(size_t), 20);
        s1 = parlor_doudizhu_scratch_bytes(hand, preset, A(o[0], size_t));
        s2 = parlor_doudizhu_scratch_bytes(hand, preset, B(o[0], size_t));
        REQUIRED(o[0], s1);
        if (s1 == PARLOR_OK && o[0].a) {
            size_t need = *A(o[0], size_t), total = 0, i;
            uint8_t plays = 0;
            for (i = 0; i < 15; i++) total += hand->counts[i];
            CHECK(need > 0 && need <= PARLOR_DOUDIZHU_SCRATCH_BYTES);
            if (total <= 7) {
                uint8_t *scratch = input(need);
                CHECK_EQ_U(parlor_doudizhu_min_plays(hand, preset, scratch, need, &plays), PARLOR_OK);
                CHECK_EQ_U(parlor_doudizhu_min_plays(hand, preset, scratch, need - 1, &plays), PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL);
                free(scratch);
            }
        }
        agree("doudizhu_scratch_bytes", s1, s2, o, 1);
        free(hand);
        break;
    }
    case 2: { /* parlor_doudizhu_openspiel_action, _action_id: ids map to codes and back */
        uint32_t id = one_in(8) ? (uint32_t)next() : (uint32_t)below(PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS + 2);
        uint64_t code = next();
        o[0] = out(sizeof(uint64_t), 20);
        s1 = parlor_doudizhu_openspiel_action(id, A(o[0], uint64_t));
        s2 = parlor_doudizhu_openspiel_action(id, B(o[0], uint64_t));
        REQUIRED(o[0], s1);
        if (o[0].a) CHECK_EQ_U(s1, id < PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS ? PARLOR_OK : PARLOR_ERR_INVALID_ARGUMENT);
        if (s1 == PARLOR_OK && o[0].a) {
            code = *A(o[0], uint64_t);
            if (one_in(4)) code ^= 1ull << below(64);
        }
        agree("doudizhu_openspiel_action", s1, s2, o, 1);
        o[0] = out(sizeof(uint32_t), 20);
        s1 = parlor_doudizhu_openspiel_action_id(code, A(o[0], uint32_t));
        s2 = parlor_doudizhu_openspiel_action_id(code, B(o[0], uint32_t));
        REQUIRED(o[0], s1);
        if (s1 == PARLOR_OK && o[0].a) {
            uint32_t back = *A(o[0], uint32_t);
            uint64_t again = 0;
            CHECK(back < PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS);
            CHECK_EQ_U(parlor_doudizhu_openspiel_action(back, &again), PARLOR_OK);
            CHECK(again == code);
        }
        agree("doudizhu_openspiel_action_id", s1, s2, o, 1);
        break;
    }
    case 3: { /* parlor_mahjong_config_preset */
        uint8_t preset = code();
        o[0] = out(sizeof(ParlorMahjongConfig), 8);
        s1 = parlor_mahjong_config_preset(preset, A(o[0], ParlorMahjongConfig));
        s2 = parlor_mahjong_config_preset(preset, B(o[0], ParlorMahjongConfig));
        REQUIRED(o[0], s1);
        CHECK((s1 == PARLOR_OK) == (preset < 4 && o[0].a != NULL));
        agree("mahjong_config_preset", s1, s2, o, 1);
        break;
    }
    default: { /* parlor_mahjong_score */
        ParlorMahjongWin w, *win;
        ParlorMahjongConfig c, *config;
        mahjong_win(&w);
        if (parlor_mahjong_config_preset((uint8_t)below(4), &c) != PARLOR_OK) CHECK(0);
        if (one_in(6)) ((uint8_t *)&c)[below(sizeof c)] = code();
        win = one_in(30) ? NULL : one_in(12) ? input(sizeof w) : copy_of(&w, sizeof w);
        config = one_in(30) ? NULL : copy_of(&c, sizeof c);
        o[0] = out(sizeof(ParlorMahjongValue), 20);
        s1 = parlor_mahjong_score(win, config, A(o[0], ParlorMahjongValue));
        s2 = parlor_mahjong_score(win, config, B(o[0], ParlorMahjongValue));
        REQUIRED(o[0], s1);
        if (!win || !config) CHECK(s1 != PARLOR_OK);
        agree("mahjong_score", s1, s2, o, 1);
        free(win), free(config);
        break;
    }
    }
}

/* One call of the whole-game part. */
static void game_call(void) {
    unsigned g = (unsigned)below(9);
    if (g < 8) game_call_of((int)(g / 2));
    else misc_call();
}

int main(void) {
    const char *seconds = getenv("PARLOR_C_FUZZ_SECONDS");
    const char *iterations = getenv("PARLOR_C_FUZZ_ITERATIONS");
    long limit = iterations ? atol(iterations) : 40000;
    long done = 0;
    time_t until = seconds ? time(NULL) + atol(seconds) : 0;
    const char *seed = getenv("PARLOR_C_FUZZ_SEED");
    /* A new seed each run (time and clock mixed), printed first: PARLOR_C_FUZZ_SEED replays it. */
    rng = seed ? strtoull(seed, NULL, 0) : (uint64_t)time(NULL) * 0x9e3779b97f4a7c15ULL ^ (uint64_t)clock() ^ (uint64_t)(size_t)&done;
    printf("fuzz loop: seed %#llx (PARLOR_C_FUZZ_SEED=%#llx reproduces this run)\n", (unsigned long long)rng, (unsigned long long)rng);
    fflush(stdout);
    while (seconds ? time(NULL) < until : done < limit) {
        if (one_in(2)) one_call();
        else game_call();
        done++;
    }
    printf("fuzz loop: %ld iterations\n", done);
    {
        static const char *const names[4] = {"dominoes", "tichu", "doudizhu", "mahjong"};
        int g;
        for (g = 0; g < 4; g++)
            printf("  %s: %ld whole-game calls, %ld actions applied, %ld rounds and %ld matches played out\n", names[g], game_calls[g],
                   applied[g], ended[g], matches_ended[g]);
    }
    return CHECK_SUMMARY();
}
