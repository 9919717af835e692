/* A C-side fuzz loop over every entry point of parlor.h: random inputs in memory that is valid
 * for exactly the lengths passed (each buffer its own malloc, so AddressSanitizer sees any byte
 * read or written past it), random lengths, capacities, codes and NULLs, random bytes as states
 * (tricks, combinations, rounds, matches). Each call runs twice on equal inputs and equal output
 * buffers; the checks: the status is a documented code, a NULL required output is never
 * PARLOR_OK, and both runs agree on status and every output byte (no hidden state, no
 * uninitialised reads). The whole games (the `_round_*` and `_match_*` calls) keep their states
 * across iterations and play them by mostly legal actions: see "The whole games" below.
 * tests/tests/c_abi.rs checks that every function the header declares is called here.
 *
 * Bounded: PARLOR_C_FUZZ_SECONDS=N runs for N seconds, else PARLOR_C_FUZZ_ITERATIONS (default
 * 40000) iterations; PARLOR_C_FUZZ_SEED=S starts the generator elsewhere (the same S, the same
 * calls: a failure found with a seed and an iteration count replays). tests/tests/c_abi.rs runs it plain and under -fsanitize=address,undefined. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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
    void *in = input(len), *in2 = input(below(64));
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
        size_t len2 = below(64);
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
    free(in);
    free(in2);
}

/* ---------------------------------------------------------------------------------------------
 * The whole games: each game keeps a round and a match (opaque caller states) across iterations.
 * They are dealt by _new/_new_given from random seeds, configs and deals, then played by mostly
 * legal actions (one taken from _legal_actions; sometimes a mutated or random one), sometimes a
 * byte of the state is flipped, and the queries run on them with random seats, capacities and
 * NULLs. A state argument is its own malloc: a copy of the kept state, or (1 in 12) random bytes,
 * or (1 in 40) NULL; random bytes and NULL are never PARLOR_OK, and a const state comes back
 * unchanged. On a state that decodes: the seat to act has a legal action, every listed legal
 * action applies, an action refused leaves the state's bytes unchanged, and encode then decode
 * gives the state's bytes back. */

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
static uint8_t any_seat(uint8_t seat) {
    if (one_in(8)) return (uint8_t)(one_in(2) ? next() : below(6));
    return seat;
}

/* A random set bit of `mask` (0..7), or 255 when none. */
static uint8_t bit_of(uint8_t mask) {
    uint8_t seats[8], n = 0, s;
    for (s = 0; s < 8; s++)
        if (mask & (1u << s)) seats[n++] = s;
    return n ? seats[below(n)] : 255;
}

/* Changes one byte of an action to a small or random value (an almost-legal action). */
static void mutate(void *p, size_t n) {
    unsigned char *b = p;
    b[below(n)] = one_in(2) ? (unsigned char)next() : (unsigned char)below(5);
}

/* A random permutation of 0..n-1. */
static void permutation(uint8_t *p, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) p[i] = (uint8_t)i;
    for (i = n; i > 1; i--) {
        size_t j = below(i);
        uint8_t t = p[i - 1];
        p[i - 1] = p[j];
        p[j] = t;
    }
}

/* Sometimes a wrong deal: one entry changed, two equal. */
static void spoil(uint8_t *p, size_t n) {
    if (one_in(10)) p[below(n)] = (uint8_t)(one_in(2) ? next() : below(n));
}

/* The encoded form of a state that decoded: encode (full capacity) and decode give its bytes. */
#define ROUND_TRIP(encode, decode, T, state, bytes)                                        \
    do {                                                                                   \
        uint8_t *rt_buf = malloc(bytes);                                                   \
        T *rt_back = malloc(sizeof(T));                                                    \
        size_t rt_len = 0;                                                                 \
        if (!rt_buf || !rt_back) abort();                                                  \
        CHECK_EQ_U(encode(state, rt_buf, bytes, &rt_len), PARLOR_OK);                      \
        CHECK_EQ_U(rt_len, bytes);                                                         \
        CHECK_EQ_U(decode(rt_buf, bytes, rt_back), PARLOR_OK);                             \
        if (memcmp(rt_back, state, sizeof(T)) != 0) printf("FAIL: %s round trip\n", #T); \
        CHECK(memcmp(rt_back, state, sizeof(T)) == 0);                                     \
        free(rt_buf);                                                                      \
        free(rt_back);                                                                     \
    } while (0)

/* Per game (dominoes, Dou Dizhu, Mahjong, Tichu): whole-game calls, actions applied, states
 * played to their end (the closing line: the loop gets deep into the games, not only deals). */
static long game_calls[4], applied[4], ended[4];

/* States kept from flipped bytes that decoded (`have` 2, the others 1) are states no play
 * reaches, but every decoder checks all it reads, so a legal action on one must again give a
 * state the library accepts (a gap here was Riichi's stored window answers, now checked on
 * decode: core test `decode_refuses_a_stored_window_answer_the_seat_could_not_give`). */
static long broken[4];

static void after_play(int game, int *have, ParlorStatus still_valid) {
    if (*have == 2 && still_valid != PARLOR_OK) {
        printf("FAIL: game %d: a decoded state became invalid after a legal action (status %u)\n", game,
               (unsigned)still_valid);
        broken[game]++, *have = 0;
    }
    CHECK(still_valid == PARLOR_OK || *have != 2);
    CHECK(broken[game] == 0);
}

#define VALID_0 (m ? parlor_dominoes_match_to_act(state, &valid_seat) : parlor_dominoes_round_to_act(state, &valid_seat))
#define VALID_1 (m ? parlor_doudizhu_match_to_act(state, &valid_seat) : parlor_doudizhu_round_to_act(state, &valid_seat))
#define VALID_2 (m ? parlor_mahjong_match_to_act(state, &valid_seat, NULL) : parlor_mahjong_round_to_act(state, &valid_seat, NULL))
#define VALID_3 (m ? parlor_tichu_match_round(state, &valid_round) : parlor_tichu_round_to_act(state, &valid_seat))
static uint8_t valid_seat;
static ParlorTichuRound valid_round;

/* ---- Dominoes ---- */

static ParlorDominoesRound dom_round;
static ParlorDominoesMatch dom_match;
static int dom_have[2];

static void dominoes_config(ParlorDominoesConfig *c) {
    static const uint8_t highs[] = {6, 9, 12, 6, 7};
    if (parlor_dominoes_config_preset((uint8_t)below(3), c) != PARLOR_OK) CHECK(0);
    if (one_in(3)) {
        switch (below(9)) {
        case 0: c->high = highs[below(sizeof highs)]; break;
        case 1: c->players = (uint8_t)below(6); break;
        case 2: c->partnerships = (uint8_t)below(3); break;
        case 3: c->hand_size = (uint8_t)below(12); break;
        case 4: c->spinner = (uint8_t)below(4); break;
        case 5: c->draw = (uint8_t)below(4); break;
        case 6: c->reserve = (uint8_t)below(5); break;
        case 7: c->unit = (uint8_t)below(3), c->scores_plays = (uint8_t)below(3), c->leader = (uint8_t)below(3); break;
        default: c->target = (uint16_t)below(200); break;
        }
    }
}

/* The whole set of `high` in random order and orientation (sometimes spoilt). */
static ParlorDominoTile *dominoes_deal(uint8_t high, size_t *len) {
    size_t h = high > 18 ? 6 : high, n = (h + 1) * (h + 2) / 2, i = 0, a, b;
    ParlorDominoTile *tiles = malloc(n * sizeof *tiles);
    uint8_t order[190];
    if (!tiles) abort();
    for (a = 0; a <= h; a++)
        for (b = a; b <= h; b++) {
            int flipped = one_in(2);
            tiles[i].a = (uint32_t)(flipped ? b : a), tiles[i].b = (uint32_t)(flipped ? a : b), i++;
        }
    permutation(order, n);
    {
        ParlorDominoTile *shuffled = malloc(n * sizeof *shuffled);
        if (!shuffled) abort();
        for (i = 0; i < n; i++) shuffled[i] = tiles[order[i]];
        free(tiles);
        tiles = shuffled;
    }
    if (one_in(10)) tiles[below(n)].a = (uint32_t)below(20);
    *len = one_in(10) ? below(n + 2) : n;
    return tiles;
}

static void dominoes_call(void) {
    int m = one_in(2);
    void *state = m ? (void *)&dom_match : (void *)&dom_round;
    size_t n = m ? sizeof dom_match : sizeof dom_round;
    size_t enc = m ? PARLOR_DOMINOES_MATCH_ENCODED_BYTES : PARLOR_DOMINOES_ROUND_ENCODED_BYTES;
    int *have = &dom_have[m], garbage = 0;
    unsigned op = *have && !one_in(2000) ? 1 + (unsigned)below(15) : 0;
    ParlorStatus s1 = 0, s2 = 0;
    Out o[4];
    StateIn st;
    memset(o, 0, sizeof o);
    game_calls[0]++;
    switch (op) {
    case 0: { /* _new, _new_given, config_preset */
        ParlorDominoesConfig c, *config;
        int given = !m && one_in(2);
        dominoes_config(&c);
        config = one_in(20) ? NULL : one_in(10) ? input(sizeof c) : copy_of(&c, sizeof c);
        o[0] = out(n, 30);
        if (given) {
            size_t len = 0;
            ParlorDominoTile *tiles = dominoes_deal(config ? config->high : 6, &len);
            s1 = parlor_dominoes_round_new_given(config, tiles, len, A(o[0], ParlorDominoesRound));
            s2 = parlor_dominoes_round_new_given(config, tiles, len, B(o[0], ParlorDominoesRound));
            free(tiles);
        } else {
            uint64_t seed = next();
            if (m) {
                s1 = parlor_dominoes_match_new(config, seed, A(o[0], ParlorDominoesMatch));
                s2 = parlor_dominoes_match_new(config, seed, B(o[0], ParlorDominoesMatch));
            } else {
                s1 = parlor_dominoes_round_new(config, seed, A(o[0], ParlorDominoesRound));
                s2 = parlor_dominoes_round_new(config, seed, B(o[0], ParlorDominoesRound));
            }
        }
        REQUIRED(o[0], s1);
        if (!config) CHECK(s1 != PARLOR_OK);
        if (s1 == PARLOR_OK && o[0].a) memcpy(state, o[0].a, n), *have = 1;
        agree("dominoes_new", s1, s2, o, 1);
        free(config);
        {
            uint8_t preset = code();
            o[0] = out(sizeof c, 8);
            s1 = parlor_dominoes_config_preset(preset, A(o[0], ParlorDominoesConfig));
            s2 = parlor_dominoes_config_preset(preset, B(o[0], ParlorDominoesConfig));
            REQUIRED(o[0], s1);
            CHECK((s1 == PARLOR_OK) == (preset < 3 && o[0].a != NULL));
            agree("dominoes_config_preset", s1, s2, o, 1);
        }
        break;
    }
    case 1: case 2: case 3: case 4: case 5: case 6: { /* play a legal (sometimes mutated) action */
        uint8_t seat = 0;
        size_t total = 0;
        ParlorDominoesAction action;
        s1 = m ? parlor_dominoes_match_to_act(state, &seat) : parlor_dominoes_round_to_act(state, &seat);
        CHECK_EQ_U(s1, PARLOR_OK);
        if (s1 != PARLOR_OK) { *have = 0; break; }
        if (seat == PARLOR_DOMINOES_NO_SEAT) { if (one_in(4)) *have = 0, ended[0]++; break; }
        s1 = m ? parlor_dominoes_match_legal_actions(state, seat, NULL, 0, &total)
               : parlor_dominoes_round_legal_actions(state, seat, NULL, 0, &total);
        CHECK_EQ_U(s1, PARLOR_OK);
        CHECK(total > 0);
        if (total == 0) { *have = 0; break; }
        o[0] = out(total * sizeof action, 0);
        s1 = m ? parlor_dominoes_match_legal_actions(state, seat, A(o[0], ParlorDominoesAction), total, &total)
               : parlor_dominoes_round_legal_actions(state, seat, A(o[0], ParlorDominoesAction), total, &total);
        s2 = m ? parlor_dominoes_match_legal_actions(state, seat, B(o[0], ParlorDominoesAction), total, &total)
               : parlor_dominoes_round_legal_actions(state, seat, B(o[0], ParlorDominoesAction), total, &total);
        CHECK_EQ_U(s1, PARLOR_OK);
        action = A(o[0], ParlorDominoesAction)[below(total)];
        agree("dominoes_legal_actions", s1, s2, o, 1);
        {
            int mutated = one_in(6);
            ParlorDominoesAction *act;
            uint8_t who = any_seat(seat);
            if (mutated) mutate(&action, sizeof action);
            act = one_in(40) ? NULL : copy_of(&action, sizeof action);
            o[0] = state_io(state, n, 1, &garbage);
            o[1] = out(sizeof(ParlorDominoesEvent), 4);
            if (m) {
                o[2] = out(sizeof(ParlorDominoesOutcome), 4);
                s1 = parlor_dominoes_match_apply(A(o[0], ParlorDominoesMatch), who, act, A(o[1], ParlorDominoesEvent), A(o[2], ParlorDominoesOutcome));
                s2 = parlor_dominoes_match_apply(B(o[0], ParlorDominoesMatch), who, act, B(o[1], ParlorDominoesEvent), B(o[2], ParlorDominoesOutcome));
            } else {
                s1 = parlor_dominoes_round_apply(A(o[0], ParlorDominoesRound), who, act, A(o[1], ParlorDominoesEvent));
                s2 = parlor_dominoes_round_apply(B(o[0], ParlorDominoesRound), who, act, B(o[1], ParlorDominoesEvent));
            }
            if (!garbage && !mutated && act && who == seat) {
                if (s1 != PARLOR_OK) printf("FAIL: dominoes listed action refused: %u\n", (unsigned)s1);
                CHECK_EQ_U(s1, PARLOR_OK);
            }
            if (!act) CHECK(s1 != PARLOR_OK);
            io_done(&o[0], state, garbage, s1);
            if (s1 == PARLOR_OK && !garbage) memcpy(state, o[0].a, n), applied[0]++, after_play(0, have, VALID_0);
            agree("dominoes_apply", s1, s2, o, 3);
            free(act);
        }
        break;
    }
    case 7: { /* flip a byte of a copy: refused, or still a state (then kept: every check holds) */
        uint8_t seat = 0;
        void *copy = copy_of(state, n);
        flip(copy, one_in(2) ? enc : n);
        s1 = m ? parlor_dominoes_match_to_act(copy, &seat) : parlor_dominoes_round_to_act(copy, &seat);
        CHECK(known(s1));
        if (s1 == PARLOR_OK) memcpy(state, copy, n), *have = 2; /* still a state: kept */
        free(copy);
        break;
    }
    case 8: { /* _to_act */
        st = state_in(state, n, *have);
        o[0] = out(1, 20);
        s1 = m ? parlor_dominoes_match_to_act(st.p, A(o[0], uint8_t)) : parlor_dominoes_round_to_act(st.p, A(o[0], uint8_t));
        s2 = m ? parlor_dominoes_match_to_act(st.p, B(o[0], uint8_t)) : parlor_dominoes_round_to_act(st.p, B(o[0], uint8_t));
        REQUIRED(o[0], s1);
        state_done(&st, state, s1);
        agree("dominoes_to_act", s1, s2, o, 1);
        break;
    }
    case 9: { /* _legal_actions with random capacities */
        uint8_t seat = any_seat((uint8_t)below(4));
        size_t cap = one_in(4) ? 0 : below(12), capx;
        st = state_in(state, n, *have);
        o[0] = out(cap * sizeof(ParlorDominoesAction), 6), o[1] = out(sizeof(size_t), 20);
        capx = o[0].a ? cap : one_in(2) ? 0 : 2;
        s1 = m ? parlor_dominoes_match_legal_actions(st.p, seat, A(o[0], ParlorDominoesAction), capx, A(o[1], size_t))
               : parlor_dominoes_round_legal_actions(st.p, seat, A(o[0], ParlorDominoesAction), capx, A(o[1], size_t));
        s2 = m ? parlor_dominoes_match_legal_actions(st.p, seat, B(o[0], ParlorDominoesAction), capx, B(o[1], size_t))
               : parlor_dominoes_round_legal_actions(st.p, seat, B(o[0], ParlorDominoesAction), capx, B(o[1], size_t));
        REQUIRED(o[1], s1);
        if (!o[0].a && capx) CHECK(s1 != PARLOR_OK);
        if (s1 == PARLOR_OK && o[1].a) CHECK(*A(o[1], size_t) <= capx || capx == 0);
        state_done(&st, state, s1);
        agree("dominoes_legal_actions", s1, s2, o, 2);
        break;
    }
    case 10: { /* _observe (of the round, or the match's round) */
        uint8_t seat = any_seat((uint8_t)below(4));
        size_t hc = one_in(3) ? below(30) : PARLOR_DOMINOES_MAX_SET_TILES, lc = one_in(3) ? below(30) : PARLOR_DOMINOES_MAX_SET_TILES;
        ParlorDominoesRound *round = NULL;
        if (m) {
            st = state_in(state, n, *have);
            o[0] = out(sizeof *round, 20);
            s1 = parlor_dominoes_match_round(st.p, A(o[0], ParlorDominoesRound));
            s2 = parlor_dominoes_match_round(st.p, B(o[0], ParlorDominoesRound));
            REQUIRED(o[0], s1);
            state_done(&st, state, s1);
            if (s1 == PARLOR_OK && o[0].a) round = copy_of(o[0].a, sizeof *round);
            agree("dominoes_match_round", s1, s2, o, 1);
            if (!round) break;
            if (!dom_have[0] || one_in(64)) memcpy(&dom_round, round, sizeof *round), dom_have[0] = *have;
            st.p = round, st.n = sizeof *round, st.garbage = 0;
        } else {
            st = state_in(state, n, *have);
        }
        o[0] = out(sizeof(ParlorDominoesObservation), 20);
        o[1] = out(hc * sizeof(ParlorDominoTile), 8), o[2] = out(lc * sizeof(ParlorDominoesLaid), 8);
        s1 = parlor_dominoes_round_observe(st.p, seat, A(o[0], ParlorDominoesObservation), A(o[1], ParlorDominoTile), CAP(o[1], ParlorDominoTile), A(o[2], ParlorDominoesLaid), CAP(o[2], ParlorDominoesLaid));
        s2 = parlor_dominoes_round_observe(st.p, seat, B(o[0], ParlorDominoesObservation), B(o[1], ParlorDominoTile), CAP(o[1], ParlorDominoTile), B(o[2], ParlorDominoesLaid), CAP(o[2], ParlorDominoesLaid));
        REQUIRED(o[0], s1);
        if (m) free(st.p); else state_done(&st, state, s1);
        agree("dominoes_observe", s1, s2, o, 3);
        break;
    }
    case 11: { /* _outcome */
        st = state_in(state, n, *have);
        if (m) {
            o[0] = out(4 * sizeof(uint16_t), 20), o[1] = out(1, 20), o[2] = out(1, 20);
            s1 = parlor_dominoes_match_outcome(st.p, A(o[0], uint16_t), A(o[1], uint8_t), A(o[2], uint8_t));
            s2 = parlor_dominoes_match_outcome(st.p, B(o[0], uint16_t), B(o[1], uint8_t), B(o[2], uint8_t));
            REQUIRED(o[0], s1); REQUIRED(o[1], s1); REQUIRED(o[2], s1);
        } else {
            o[0] = out(sizeof(ParlorDominoesOutcome), 20);
            s1 = parlor_dominoes_round_outcome(st.p, A(o[0], ParlorDominoesOutcome));
            s2 = parlor_dominoes_round_outcome(st.p, B(o[0], ParlorDominoesOutcome));
            REQUIRED(o[0], s1);
        }
        state_done(&st, state, s1);
        agree("dominoes_outcome", s1, s2, o, 3);
        break;
    }
    case 12: case 13: { /* _encode with random capacities; the round trip */
        size_t cap = one_in(3) ? enc : below(enc + 8);
        st = state_in(state, n, *have);
        o[0] = out(cap, 8), o[1] = out(sizeof(size_t), 20);
        s1 = m ? parlor_dominoes_match_encode(st.p, A(o[0], uint8_t), o[0].bytes, A(o[1], size_t))
               : parlor_dominoes_round_encode(st.p, A(o[0], uint8_t), o[0].bytes, A(o[1], size_t));
        s2 = m ? parlor_dominoes_match_encode(st.p, B(o[0], uint8_t), o[0].bytes, B(o[1], size_t))
               : parlor_dominoes_round_encode(st.p, B(o[0], uint8_t), o[0].bytes, B(o[1], size_t));
        REQUIRED(o[1], s1);
        if (s1 == PARLOR_OK && o[1].a) CHECK_EQ_U(*A(o[1], size_t), enc);
        if (st.p && !st.garbage) {
            if (m) ROUND_TRIP(parlor_dominoes_match_encode, parlor_dominoes_match_decode, ParlorDominoesMatch, state, enc);
            else ROUND_TRIP(parlor_dominoes_round_encode, parlor_dominoes_round_decode, ParlorDominoesRound, state, enc);
        }
        state_done(&st, state, s1);
        agree("dominoes_encode", s1, s2, o, 2);
        break;
    }
    case 14: case 15: { /* _decode: random bytes, or an encoding with a flipped byte */
        size_t len = one_in(4) ? below(enc + 8) : enc, got = 0;
        uint8_t *bytes = input(len);
        int random = 1;
        if (op == 15 && len >= enc && (m ? parlor_dominoes_match_encode(state, bytes, len, &got) : parlor_dominoes_round_encode(state, bytes, len, &got)) == PARLOR_OK) {
            flip(bytes, enc);
            random = 0;
        }
        o[0] = out(n, 20);
        s1 = m ? parlor_dominoes_match_decode(bytes, len, A(o[0], ParlorDominoesMatch)) : parlor_dominoes_round_decode(bytes, len, A(o[0], ParlorDominoesRound));
        s2 = m ? parlor_dominoes_match_decode(bytes, len, B(o[0], ParlorDominoesMatch)) : parlor_dominoes_round_decode(bytes, len, B(o[0], ParlorDominoesRound));
        REQUIRED(o[0], s1);
        if (random) CHECK(s1 != PARLOR_OK);
        if (s1 == PARLOR_OK && o[0].a) memcpy(state, o[0].a, n), *have = 2; /* a flipped encoding that decodes */
        agree("dominoes_decode", s1, s2, o, 1);
        free(bytes);
        break;
    }
    }
}

/* ---- Dou Dizhu ---- */

static ParlorDoudizhuRound ddz_round;
static ParlorDoudizhuMatch ddz_match;
static int ddz_have[2];

/* A deck of 54 by rank index, shuffled, dealt 17/17/17 and a kitty of 3 (sometimes spoilt). */
static void doudizhu_deal(ParlorDoudizhuCards *hands, ParlorDoudizhuCards *kitty) {
    uint8_t order[54];
    size_t i;
    memset(hands, 0, 3 * sizeof *hands);
    memset(kitty, 0, sizeof *kitty);
    permutation(order, 54);
    for (i = 0; i < 54; i++) {
        uint8_t rank = order[i] >= 52 ? (uint8_t)(13 + order[i] - 52) : (uint8_t)(order[i] / 4);
        if (i < 51) hands[i / 17].counts[rank]++;
        else kitty->counts[rank]++;
    }
    if (one_in(10)) hands[below(3)].counts[below(15)] = (uint8_t)below(6);
}

static void doudizhu_call(void) {
    int m = one_in(2);
    void *state = m ? (void *)&ddz_match : (void *)&ddz_round;
    size_t n = m ? sizeof ddz_match : sizeof ddz_round;
    size_t enc = m ? 196 : 161;
    int *have = &ddz_have[m], garbage = 0;
    unsigned op = *have && !one_in(2000) ? 1 + (unsigned)below(15) : 0;
    ParlorStatus s1 = 0, s2 = 0;
    Out o[4];
    StateIn st;
    memset(o, 0, sizeof o);
    game_calls[1]++;
    switch (op) {
    case 0: { /* _new, _new_given */
        uint8_t game = one_in(6) ? code() : (uint8_t)below(5);
        o[0] = out(n, 30);
        if (!m && one_in(2)) {
            ParlorDoudizhuCards deal[3], kit, *hands, *kitty;
            uint8_t first = (uint8_t)(one_in(8) ? next() : below(3));
            doudizhu_deal(deal, &kit);
            hands = one_in(30) ? NULL : copy_of(deal, sizeof deal);
            kitty = one_in(30) ? NULL : copy_of(&kit, sizeof kit);
            s1 = parlor_doudizhu_round_new_given(game, hands, kitty, first, A(o[0], ParlorDoudizhuRound));
            s2 = parlor_doudizhu_round_new_given(game, hands, kitty, first, B(o[0], ParlorDoudizhuRound));
            if (!hands || !kitty) CHECK(s1 != PARLOR_OK);
            free(hands), free(kitty);
        } else {
            uint64_t seed = next();
            if (m) {
                s1 = parlor_doudizhu_match_new(game, seed, A(o[0], ParlorDoudizhuMatch));
                s2 = parlor_doudizhu_match_new(game, seed, B(o[0], ParlorDoudizhuMatch));
            } else {
                s1 = parlor_doudizhu_round_new(game, seed, A(o[0], ParlorDoudizhuRound));
                s2 = parlor_doudizhu_round_new(game, seed, B(o[0], ParlorDoudizhuRound));
            }
        }
        REQUIRED(o[0], s1);
        if (s1 == PARLOR_OK && o[0].a) memcpy(state, o[0].a, n), *have = 1;
        agree("doudizhu_new", s1, s2, o, 1);
        break;
    }
    case 1: case 2: case 3: case 4: case 5: case 6: { /* play a legal (sometimes mutated) action */
        uint8_t seat = 0;
        size_t total = 0;
        ParlorDoudizhuAction action;
        s1 = m ? parlor_doudizhu_match_to_act(state, &seat) : parlor_doudizhu_round_to_act(state, &seat);
        CHECK_EQ_U(s1, PARLOR_OK);
        if (s1 != PARLOR_OK) { *have = 0; break; }
        if (seat == PARLOR_DOUDIZHU_NO_SEAT) { if (one_in(4)) *have = 0, ended[1]++; break; }
        s1 = m ? parlor_doudizhu_match_legal_actions(state, seat, NULL, 0, &total)
               : parlor_doudizhu_round_legal_actions(state, seat, NULL, 0, &total);
        CHECK_EQ_U(s1, PARLOR_OK);
        CHECK(total > 0 && total <= PARLOR_DOUDIZHU_MAX_ACTIONS);
        if (total == 0) { *have = 0; break; }
        o[0] = out(total * sizeof action, 0);
        s1 = m ? parlor_doudizhu_match_legal_actions(state, seat, A(o[0], ParlorDoudizhuAction), total, &total)
               : parlor_doudizhu_round_legal_actions(state, seat, A(o[0], ParlorDoudizhuAction), total, &total);
        s2 = m ? parlor_doudizhu_match_legal_actions(state, seat, B(o[0], ParlorDoudizhuAction), total, &total)
               : parlor_doudizhu_round_legal_actions(state, seat, B(o[0], ParlorDoudizhuAction), total, &total);
        CHECK_EQ_U(s1, PARLOR_OK);
        action = A(o[0], ParlorDoudizhuAction)[below(total)];
        agree("doudizhu_legal_actions", s1, s2, o, 1);
        {
            int mutated = one_in(6);
            ParlorDoudizhuAction *act;
            uint8_t who = any_seat(seat);
            if (mutated) mutate(&action, sizeof action);
            /* Every action is also an OpenSpiel id or refused; an id maps back to the action. */
            {
                uint32_t id = 0;
                ParlorDoudizhuAction back;
                ParlorStatus si = parlor_doudizhu_openspiel_action_id(&action, &id);
                CHECK(known(si));
                if (si == PARLOR_OK) {
                    CHECK(id < PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS);
                    CHECK_EQ_U(parlor_doudizhu_openspiel_action(id, &back), PARLOR_OK);
                    CHECK_EQ_U(back.kind, action.kind);
                    CHECK(back.kind != PARLOR_DOUDIZHU_ACTION_PLAY || memcmp(&back.cards, &action.cards, sizeof back.cards) == 0);
                }
            }
            act = one_in(40) ? NULL : copy_of(&action, sizeof action);
            o[0] = state_io(state, n, 1, &garbage);
            o[1] = out(sizeof(ParlorDoudizhuEvent), 4);
            if (m) {
                s1 = parlor_doudizhu_match_apply(A(o[0], ParlorDoudizhuMatch), who, act, A(o[1], ParlorDoudizhuEvent));
                s2 = parlor_doudizhu_match_apply(B(o[0], ParlorDoudizhuMatch), who, act, B(o[1], ParlorDoudizhuEvent));
            } else {
                s1 = parlor_doudizhu_round_apply(A(o[0], ParlorDoudizhuRound), who, act, A(o[1], ParlorDoudizhuEvent));
                s2 = parlor_doudizhu_round_apply(B(o[0], ParlorDoudizhuRound), who, act, B(o[1], ParlorDoudizhuEvent));
            }
            if (!garbage && !mutated && act && who == seat) {
                if (s1 != PARLOR_OK) printf("FAIL: doudizhu listed action refused: %u\n", (unsigned)s1);
                CHECK_EQ_U(s1, PARLOR_OK);
            }
            if (!act) CHECK(s1 != PARLOR_OK);
            io_done(&o[0], state, garbage, s1);
            if (s1 == PARLOR_OK && !garbage) memcpy(state, o[0].a, n), applied[1]++, after_play(1, have, VALID_1);
            agree("doudizhu_apply", s1, s2, o, 2);
            free(act);
        }
        break;
    }
    case 7: { /* flip a byte of a copy (as above) */
        uint8_t seat = 0;
        void *copy = copy_of(state, n);
        flip(copy, one_in(2) ? enc : n);
        s1 = m ? parlor_doudizhu_match_to_act(copy, &seat) : parlor_doudizhu_round_to_act(copy, &seat);
        CHECK(known(s1));
        if (s1 == PARLOR_OK) memcpy(state, copy, n), *have = 2; /* still a state: kept */
        free(copy);
        break;
    }
    case 8: { /* _to_act */
        st = state_in(state, n, *have);
        o[0] = out(1, 20);
        s1 = m ? parlor_doudizhu_match_to_act(st.p, A(o[0], uint8_t)) : parlor_doudizhu_round_to_act(st.p, A(o[0], uint8_t));
        s2 = m ? parlor_doudizhu_match_to_act(st.p, B(o[0], uint8_t)) : parlor_doudizhu_round_to_act(st.p, B(o[0], uint8_t));
        REQUIRED(o[0], s1);
        state_done(&st, state, s1);
        agree("doudizhu_to_act", s1, s2, o, 1);
        break;
    }
    case 9: { /* _legal_actions with random capacities */
        uint8_t seat = any_seat((uint8_t)below(3));
        size_t cap = one_in(4) ? 0 : below(12), capx;
        st = state_in(state, n, *have);
        o[0] = out(cap * sizeof(ParlorDoudizhuAction), 6), o[1] = out(sizeof(size_t), 20);
        capx = o[0].a ? cap : one_in(2) ? 0 : 2;
        s1 = m ? parlor_doudizhu_match_legal_actions(st.p, seat, A(o[0], ParlorDoudizhuAction), capx, A(o[1], size_t))
               : parlor_doudizhu_round_legal_actions(st.p, seat, A(o[0], ParlorDoudizhuAction), capx, A(o[1], size_t));
        s2 = m ? parlor_doudizhu_match_legal_actions(st.p, seat, B(o[0], ParlorDoudizhuAction), capx, B(o[1], size_t))
               : parlor_doudizhu_round_legal_actions(st.p, seat, B(o[0], ParlorDoudizhuAction), capx, B(o[1], size_t));
        REQUIRED(o[1], s1);
        if (!o[0].a && capx) CHECK(s1 != PARLOR_OK);
        if (s1 == PARLOR_OK && o[1].a) CHECK(*A(o[1], size_t) <= capx || capx == 0);
        state_done(&st, state, s1);
        agree("doudizhu_legal_actions", s1, s2, o, 2);
        break;
    }
    case 10: { /* _observe (of the round, or the match's round) */
        uint8_t seat = any_seat((uint8_t)below(3));
        ParlorDoudizhuRound *round = NULL;
        if (m) {
            st = state_in(state, n, *have);
            o[0] = out(sizeof *round, 20);
            s1 = parlor_doudizhu_match_round(st.p, A(o[0], ParlorDoudizhuRound));
            s2 = parlor_doudizhu_match_round(st.p, B(o[0], ParlorDoudizhuRound));
            REQUIRED(o[0], s1);
            state_done(&st, state, s1);
            if (s1 == PARLOR_OK && o[0].a) round = copy_of(o[0].a, sizeof *round);
            agree("doudizhu_match_round", s1, s2, o, 1);
            if (!round) break;
            if (!ddz_have[0] || one_in(64)) memcpy(&ddz_round, round, sizeof *round), ddz_have[0] = *have;
            st.p = round, st.n = sizeof *round, st.garbage = 0;
        } else {
            st = state_in(state, n, *have);
        }
        o[0] = out(sizeof(ParlorDoudizhuObservation), 20);
        s1 = parlor_doudizhu_round_observe(st.p, seat, A(o[0], ParlorDoudizhuObservation));
        s2 = parlor_doudizhu_round_observe(st.p, seat, B(o[0], ParlorDoudizhuObservation));
        REQUIRED(o[0], s1);
        if (m) free(st.p); else state_done(&st, state, s1);
        agree("doudizhu_observe", s1, s2, o, 1);
        break;
    }
    case 11: { /* _outcome, _match_scores */
        st = state_in(state, n, *have);
        if (m) {
            o[0] = out(3 * sizeof(int64_t), 20), o[1] = out(sizeof(uint16_t), 20), o[2] = out(1, 20);
            s1 = parlor_doudizhu_match_scores(st.p, A(o[0], int64_t), A(o[1], uint16_t), A(o[2], uint8_t));
            s2 = parlor_doudizhu_match_scores(st.p, B(o[0], int64_t), B(o[1], uint16_t), B(o[2], uint8_t));
            REQUIRED(o[0], s1); REQUIRED(o[1], s1); REQUIRED(o[2], s1);
        } else {
            o[0] = out(sizeof(ParlorDoudizhuOutcome), 20);
            s1 = parlor_doudizhu_round_outcome(st.p, A(o[0], ParlorDoudizhuOutcome));
            s2 = parlor_doudizhu_round_outcome(st.p, B(o[0], ParlorDoudizhuOutcome));
            REQUIRED(o[0], s1);
        }
        state_done(&st, state, s1);
        agree("doudizhu_outcome", s1, s2, o, 3);
        break;
    }
    case 12: case 13: { /* _encode with random capacities; the round trip */
        size_t cap = one_in(3) ? enc : below(enc + 8);
        st = state_in(state, n, *have);
        o[0] = out(cap, 8), o[1] = out(sizeof(size_t), 20);
        s1 = m ? parlor_doudizhu_match_encode(st.p, A(o[0], uint8_t), o[0].bytes, A(o[1], size_t))
               : parlor_doudizhu_round_encode(st.p, A(o[0], uint8_t), o[0].bytes, A(o[1], size_t));
        s2 = m ? parlor_doudizhu_match_encode(st.p, B(o[0], uint8_t), o[0].bytes, B(o[1], size_t))
               : parlor_doudizhu_round_encode(st.p, B(o[0], uint8_t), o[0].bytes, B(o[1], size_t));
        REQUIRED(o[1], s1);
        if (s1 == PARLOR_OK && o[1].a) CHECK_EQ_U(*A(o[1], size_t), enc);
        if (st.p && !st.garbage) {
            if (m) ROUND_TRIP(parlor_doudizhu_match_encode, parlor_doudizhu_match_decode, ParlorDoudizhuMatch, state, enc);
            else ROUND_TRIP(parlor_doudizhu_round_encode, parlor_doudizhu_round_decode, ParlorDoudizhuRound, state, enc);
        }
        state_done(&st, state, s1);
        agree("doudizhu_encode", s1, s2, o, 2);
        break;
    }
    case 14: case 15: { /* _decode: random bytes, or an encoding with a flipped byte */
        size_t len = one_in(4) ? below(enc + 8) : enc, got = 0;
        uint8_t *bytes = input(len);
        int random = 1;
        if (op == 15 && len >= enc && (m ? parlor_doudizhu_match_encode(state, bytes, len, &got) : parlor_doudizhu_round_encode(state, bytes, len, &got)) == PARLOR_OK) {
            flip(bytes, enc);
            random = 0;
        }
        o[0] = out(n, 20);
        s1 = m ? parlor_doudizhu_match_decode(bytes, len, A(o[0], ParlorDoudizhuMatch)) : parlor_doudizhu_round_decode(bytes, len, A(o[0], ParlorDoudizhuRound));
        s2 = m ? parlor_doudizhu_match_decode(bytes, len, B(o[0], ParlorDoudizhuMatch)) : parlor_doudizhu_round_decode(bytes, len, B(o[0], ParlorDoudizhuRound));
        REQUIRED(o[0], s1);
        if (random) CHECK(s1 != PARLOR_OK);
        if (s1 == PARLOR_OK && o[0].a) memcpy(state, o[0].a, n), *have = 2; /* a flipped encoding that decodes */
        agree("doudizhu_decode", s1, s2, o, 1);
        free(bytes);
        break;
    }
    }
}

/* ---- Riichi Mahjong ---- */

static ParlorMahjongRound mj_round;
static ParlorMahjongMatch mj_match;
static int mj_have[2];

static void mahjong_round_config(ParlorMahjongRoundConfig *c) {
    if (parlor_mahjong_round_config_preset((uint8_t)below(3), c) != PARLOR_OK) CHECK(0);
    if (one_in(4)) {
        switch (below(5)) {
        case 0: c->rounds = (uint8_t)below(18); break;
        case 1: ((uint8_t *)c)[below(sizeof c->score)] = (uint8_t)below(3); break; /* a score flag */
        case 2: c->multi_ron = (uint8_t)below(3), c->busting = (uint8_t)below(3), c->agari_yame = (uint8_t)below(3); break;
        case 3: c->start_points = (int32_t)(below(8) * 5000), c->target_points = (int32_t)(below(8) * 5000); break;
        default: c->abort_four_kans = (uint8_t)below(3), c->pao = (uint8_t)below(3), c->kuikae_forbidden = (uint8_t)below(3); break;
        }
    }
}

static void mahjong_start(ParlorMahjongStart *s) {
    int i;
    s->round_wind = (uint8_t)below(one_in(8) ? 6 : 2);
    s->dealer = (uint8_t)below(one_in(8) ? 6 : 4);
    s->honba = (uint8_t)below(4);
    s->sticks = (uint8_t)below(3);
    for (i = 0; i < 4; i++) s->scores[i] = 25000 - (i == 0 ? 1000 * s->sticks : 0) + (one_in(8) ? (int32_t)below(20000) - 10000 : 0);
}

static void mahjong_call(void) {
    int m = one_in(2);
    void *state = m ? (void *)&mj_match : (void *)&mj_round;
    size_t n = m ? sizeof mj_match : sizeof mj_round;
    size_t enc = m ? PARLOR_MAHJONG_MATCH_ENCODED_BYTES : PARLOR_MAHJONG_ROUND_ENCODED_BYTES;
    int *have = &mj_have[m], garbage = 0;
    unsigned op = *have && !one_in(2000) ? 1 + (unsigned)below(15) : 0;
    ParlorStatus s1 = 0, s2 = 0;
    Out o[4];
    StateIn st;
    memset(o, 0, sizeof o);
    game_calls[2]++;
    switch (op) {
    case 0: { /* _new, _new_given, the presets */
        ParlorMahjongRoundConfig c, *config;
        ParlorMahjongStart sv, *start = NULL;
        uint8_t wall[PARLOR_MAHJONG_WALL_TILES], *w = NULL;
        size_t wall_len = one_in(10) ? below(140) : PARLOR_MAHJONG_WALL_TILES;
        uint64_t seed = next();
        mahjong_round_config(&c);
        config = one_in(6) ? NULL : one_in(10) ? input(sizeof c) : copy_of(&c, sizeof c);
        if (one_in(2)) mahjong_start(&sv), start = copy_of(&sv, sizeof sv);
        if (one_in(2)) {
            permutation(wall, PARLOR_MAHJONG_WALL_TILES);
            spoil(wall, PARLOR_MAHJONG_WALL_TILES);
            w = one_in(30) ? NULL : copy_of(wall, wall_len);
        }
        o[0] = out(n, 30);
        if (m && w) {
            s1 = parlor_mahjong_match_new_given(config, w, wall_len, A(o[0], ParlorMahjongMatch));
            s2 = parlor_mahjong_match_new_given(config, w, wall_len, B(o[0], ParlorMahjongMatch));
        } else if (m) {
            s1 = parlor_mahjong_match_new(config, seed, A(o[0], ParlorMahjongMatch));
            s2 = parlor_mahjong_match_new(config, seed, B(o[0], ParlorMahjongMatch));
        } else if (w) {
            s1 = parlor_mahjong_round_new_given(config, w, wall_len, start, A(o[0], ParlorMahjongRound));
            s2 = parlor_mahjong_round_new_given(config, w, wall_len, start, B(o[0], ParlorMahjongRound));
        } else {
            s1 = parlor_mahjong_round_new(config, seed, start, A(o[0], ParlorMahjongRound));
            s2 = parlor_mahjong_round_new(config, seed, start, B(o[0], ParlorMahjongRound));
        }
        REQUIRED(o[0], s1);
        if (w && wall_len != PARLOR_MAHJONG_WALL_TILES) CHECK(s1 != PARLOR_OK);
        if (s1 == PARLOR_OK && o[0].a) memcpy(state, o[0].a, n), *have = 1;
        agree("mahjong_new", s1, s2, o, 1);
        free(config), free(start), free(w);
        {
            uint8_t preset = code();
            o[0] = out(sizeof c, 8);
            s1 = parlor_mahjong_round_config_preset(preset, A(o[0], ParlorMahjongRoundConfig));
            s2 = parlor_mahjong_round_config_preset(preset, B(o[0], ParlorMahjongRoundConfig));
            REQUIRED(o[0], s1);
            CHECK((s1 == PARLOR_OK) == (preset < 3 && o[0].a != NULL));
            agree("mahjong_round_config_preset", s1, s2, o, 1);
        }
        break;
    }
    case 1: case 2: case 3: case 4: case 5: case 6: { /* play a legal (sometimes mutated) action */
        uint8_t seat = 0, mask = 0;
        size_t total = 0;
        ParlorMahjongAction action;
        s1 = m ? parlor_mahjong_match_to_act(state, &seat, &mask) : parlor_mahjong_round_to_act(state, &seat, &mask);
        CHECK_EQ_U(s1, PARLOR_OK);
        if (s1 != PARLOR_OK) { *have = 0; break; }
        if (seat == PARLOR_MAHJONG_ROUND_NONE) {
            uint8_t over = 0;
            int32_t scores[4];
            uint32_t rounds = 0;
            CHECK(mask == 0);
            if (m && parlor_mahjong_match_scores(state, scores, &rounds, &over, NULL) == PARLOR_OK && !over) {
                /* A given-walls match awaiting its next wall. */
                uint8_t wall[PARLOR_MAHJONG_WALL_TILES];
                size_t wall_len = one_in(20) ? below(140) : PARLOR_MAHJONG_WALL_TILES;
                uint8_t *w;
                permutation(wall, PARLOR_MAHJONG_WALL_TILES);
                spoil(wall, PARLOR_MAHJONG_WALL_TILES);
                w = one_in(30) ? NULL : copy_of(wall, wall_len);
                o[0] = state_io(state, n, 1, &garbage);
                s1 = parlor_mahjong_match_deal(A(o[0], ParlorMahjongMatch), w, wall_len);
                s2 = parlor_mahjong_match_deal(B(o[0], ParlorMahjongMatch), w, wall_len);
                if (!w || wall_len != PARLOR_MAHJONG_WALL_TILES) CHECK(s1 != PARLOR_OK);
                io_done(&o[0], state, garbage, s1);
                if (s1 == PARLOR_OK && !garbage) memcpy(state, o[0].a, n), after_play(2, have, VALID_2);
                agree("mahjong_match_deal", s1, s2, o, 1);
                free(w);
            } else if (one_in(4)) {
                *have = 0, ended[2]++;
            }
            break;
        }
        CHECK(mask & (1u << seat));
        if (one_in(2)) seat = bit_of(mask);
        s1 = m ? parlor_mahjong_match_legal_actions(state, seat, NULL, 0, &total)
               : parlor_mahjong_round_legal_actions(state, seat, NULL, 0, &total);
        CHECK_EQ_U(s1, PARLOR_OK);
        CHECK(total > 0 && total <= PARLOR_MAHJONG_MAX_ACTIONS);
        if (total == 0) { *have = 0; break; }
        o[0] = out(total * sizeof action, 0);
        s1 = m ? parlor_mahjong_match_legal_actions(state, seat, A(o[0], ParlorMahjongAction), total, &total)
               : parlor_mahjong_round_legal_actions(state, seat, A(o[0], ParlorMahjongAction), total, &total);
        s2 = m ? parlor_mahjong_match_legal_actions(state, seat, B(o[0], ParlorMahjongAction), total, &total)
               : parlor_mahjong_round_legal_actions(state, seat, B(o[0], ParlorMahjongAction), total, &total);
        CHECK_EQ_U(s1, PARLOR_OK);
        action = A(o[0], ParlorMahjongAction)[below(total)];
        agree("mahjong_legal_actions", s1, s2, o, 1);
        {
            int mutated = one_in(6);
            ParlorMahjongAction *act;
            uint8_t who = any_seat(seat);
            if (mutated) mutate(&action, sizeof action);
            act = one_in(40) ? NULL : copy_of(&action, sizeof action);
            o[0] = state_io(state, n, 1, &garbage);
            o[1] = out(sizeof(ParlorMahjongEvent), 4);
            if (m) {
                o[2] = out(sizeof(ParlorMahjongOutcome), 4), o[3] = out(1, 4);
                s1 = parlor_mahjong_match_apply(A(o[0], ParlorMahjongMatch), who, act, A(o[1], ParlorMahjongEvent), A(o[2], ParlorMahjongOutcome), A(o[3], uint8_t));
                s2 = parlor_mahjong_match_apply(B(o[0], ParlorMahjongMatch), who, act, B(o[1], ParlorMahjongEvent), B(o[2], ParlorMahjongOutcome), B(o[3], uint8_t));
            } else {
                s1 = parlor_mahjong_round_apply(A(o[0], ParlorMahjongRound), who, act, A(o[1], ParlorMahjongEvent));
                s2 = parlor_mahjong_round_apply(B(o[0], ParlorMahjongRound), who, act, B(o[1], ParlorMahjongEvent));
            }
            if (!garbage && !mutated && act && who == seat) {
                if (s1 != PARLOR_OK) printf("FAIL: mahjong listed action refused: %u\n", (unsigned)s1);
                CHECK_EQ_U(s1, PARLOR_OK);
            }
            if (!act) CHECK(s1 != PARLOR_OK);
            io_done(&o[0], state, garbage, s1);
            if (s1 == PARLOR_OK && !garbage) memcpy(state, o[0].a, n), applied[2]++, after_play(2, have, VALID_2);
            agree("mahjong_apply", s1, s2, o, 4);
            free(act);
        }
        break;
    }
    case 7: { /* flip a byte of a copy (as above) */
        uint8_t seat = 0;
        void *copy = copy_of(state, n);
        flip(copy, one_in(2) ? enc : n);
        s1 = m ? parlor_mahjong_match_to_act(copy, &seat, NULL) : parlor_mahjong_round_to_act(copy, &seat, NULL);
        CHECK(known(s1));
        if (s1 == PARLOR_OK) memcpy(state, copy, n), *have = 2; /* still a state: kept */
        free(copy);
        break;
    }
    case 8: { /* _to_act */
        st = state_in(state, n, *have);
        o[0] = out(1, 20), o[1] = out(1, 4);
        s1 = m ? parlor_mahjong_match_to_act(st.p, A(o[0], uint8_t), A(o[1], uint8_t)) : parlor_mahjong_round_to_act(st.p, A(o[0], uint8_t), A(o[1], uint8_t));
        s2 = m ? parlor_mahjong_match_to_act(st.p, B(o[0], uint8_t), B(o[1], uint8_t)) : parlor_mahjong_round_to_act(st.p, B(o[0], uint8_t), B(o[1], uint8_t));
        REQUIRED(o[0], s1);
        state_done(&st, state, s1);
        agree("mahjong_to_act", s1, s2, o, 2);
        break;
    }
    case 9: { /* _legal_actions with random capacities */
        uint8_t seat = any_seat((uint8_t)below(4));
        size_t cap = one_in(4) ? 0 : below(12), capx;
        st = state_in(state, n, *have);
        o[0] = out(cap * sizeof(ParlorMahjongAction), 6), o[1] = out(sizeof(size_t), 20);
        capx = o[0].a ? cap : one_in(2) ? 0 : 2;
        s1 = m ? parlor_mahjong_match_legal_actions(st.p, seat, A(o[0], ParlorMahjongAction), capx, A(o[1], size_t))
               : parlor_mahjong_round_legal_actions(st.p, seat, A(o[0], ParlorMahjongAction), capx, A(o[1], size_t));
        s2 = m ? parlor_mahjong_match_legal_actions(st.p, seat, B(o[0], ParlorMahjongAction), capx, B(o[1], size_t))
               : parlor_mahjong_round_legal_actions(st.p, seat, B(o[0], ParlorMahjongAction), capx, B(o[1], size_t));
        REQUIRED(o[1], s1);
        if (!o[0].a && capx) CHECK(s1 != PARLOR_OK);
        if (s1 == PARLOR_OK && o[1].a) CHECK(*A(o[1], size_t) <= capx || capx == 0);
        state_done(&st, state, s1);
        agree("mahjong_legal_actions", s1, s2, o, 2);
        break;
    }
    case 10: { /* _observe (of the round, or the match's round) */
        uint8_t seat = any_seat((uint8_t)below(4));
        ParlorMahjongRound *round = NULL;
        if (m) {
            st = state_in(state, n, *have);
            o[0] = out(sizeof *round, 20);
            s1 = parlor_mahjong_match_round(st.p, A(o[0], ParlorMahjongRound));
            s2 = parlor_mahjong_match_round(st.p, B(o[0], ParlorMahjongRound));
            REQUIRED(o[0], s1);
            state_done(&st, state, s1);
            if (s1 == PARLOR_OK && o[0].a) round = copy_of(o[0].a, sizeof *round);
            agree("mahjong_match_round", s1, s2, o, 1);
            if (!round) break;
            if (!mj_have[0] || one_in(64)) memcpy(&mj_round, round, sizeof *round), mj_have[0] = *have;
            st.p = round, st.n = sizeof *round, st.garbage = 0;
        } else {
            st = state_in(state, n, *have);
        }
        o[0] = out(sizeof(ParlorMahjongObservation), 20);
        s1 = parlor_mahjong_round_observe(st.p, seat, A(o[0], ParlorMahjongObservation));
        s2 = parlor_mahjong_round_observe(st.p, seat, B(o[0], ParlorMahjongObservation));
        REQUIRED(o[0], s1);
        if (m) free(st.p); else state_done(&st, state, s1);
        agree("mahjong_observe", s1, s2, o, 1);
        break;
    }
    case 11: { /* _outcome, _match_scores */
        st = state_in(state, n, *have);
        if (m) {
            o[0] = out(4 * sizeof(int32_t), 20), o[1] = out(sizeof(uint32_t), 20), o[2] = out(1, 20), o[3] = out(4, 4);
            s1 = parlor_mahjong_match_scores(st.p, A(o[0], int32_t), A(o[1], uint32_t), A(o[2], uint8_t), A(o[3], uint8_t));
            s2 = parlor_mahjong_match_scores(st.p, B(o[0], int32_t), B(o[1], uint32_t), B(o[2], uint8_t), B(o[3], uint8_t));
            REQUIRED(o[0], s1); REQUIRED(o[1], s1); REQUIRED(o[2], s1);
        } else {
            o[0] = out(sizeof(ParlorMahjongOutcome), 20), o[1] = out(1, 20);
            s1 = parlor_mahjong_round_outcome(st.p, A(o[0], ParlorMahjongOutcome), A(o[1], uint8_t));
            s2 = parlor_mahjong_round_outcome(st.p, B(o[0], ParlorMahjongOutcome), B(o[1], uint8_t));
            REQUIRED(o[0], s1); REQUIRED(o[1], s1);
        }
        state_done(&st, state, s1);
        agree("mahjong_outcome", s1, s2, o, 4);
        break;
    }
    case 12: case 13: { /* _encode with random capacities; the round trip */
        size_t cap = one_in(3) ? enc : below(enc + 8);
        st = state_in(state, n, *have);
        o[0] = out(cap, 8), o[1] = out(sizeof(size_t), 20);
        s1 = m ? parlor_mahjong_match_encode(st.p, A(o[0], uint8_t), o[0].bytes, A(o[1], size_t))
               : parlor_mahjong_round_encode(st.p, A(o[0], uint8_t), o[0].bytes, A(o[1], size_t));
        s2 = m ? parlor_mahjong_match_encode(st.p, B(o[0], uint8_t), o[0].bytes, B(o[1], size_t))
               : parlor_mahjong_round_encode(st.p, B(o[0], uint8_t), o[0].bytes, B(o[1], size_t));
        REQUIRED(o[1], s1);
        if (s1 == PARLOR_OK && o[1].a) CHECK_EQ_U(*A(o[1], size_t), enc);
        if (st.p && !st.garbage) {
            if (m) ROUND_TRIP(parlor_mahjong_match_encode, parlor_mahjong_match_decode, ParlorMahjongMatch, state, enc);
            else ROUND_TRIP(parlor_mahjong_round_encode, parlor_mahjong_round_decode, ParlorMahjongRound, state, enc);
        }
        state_done(&st, state, s1);
        agree("mahjong_encode", s1, s2, o, 2);
        break;
    }
    case 14: case 15: { /* _decode: random bytes, or an encoding with a flipped byte */
        size_t len = one_in(4) ? below(enc + 8) : enc, got = 0;
        uint8_t *bytes = input(len);
        int random = 1;
        if (op == 15 && len >= enc && (m ? parlor_mahjong_match_encode(state, bytes, len, &got) : parlor_mahjong_round_encode(state, bytes, len, &got)) == PARLOR_OK) {
            flip(bytes, enc);
            random = 0;
        }
        o[0] = out(n, 20);
        s1 = m ? parlor_mahjong_match_decode(bytes, len, A(o[0], ParlorMahjongMatch)) : parlor_mahjong_round_decode(bytes, len, A(o[0], ParlorMahjongRound));
        s2 = m ? parlor_mahjong_match_decode(bytes, len, B(o[0], ParlorMahjongMatch)) : parlor_mahjong_round_decode(bytes, len, B(o[0], ParlorMahjongRound));
        REQUIRED(o[0], s1);
        if (random) CHECK(s1 != PARLOR_OK);
        if (s1 == PARLOR_OK && o[0].a) memcpy(state, o[0].a, n), *have = 2; /* a flipped encoding that decodes */
        agree("mahjong_decode", s1, s2, o, 1);
        free(bytes);
        break;
    }
    }
}

/* ---- Tichu ---- */

static ParlorTichuRound tc_round;
static ParlorTichuMatch tc_match;
static int tc_have[2];

static void tichu_call(void) {
    int m = one_in(2);
    void *state = m ? (void *)&tc_match : (void *)&tc_round;
    size_t n = m ? sizeof tc_match : sizeof tc_round;
    size_t enc = m ? PARLOR_TICHU_MATCH_ENCODED_BYTES : PARLOR_TICHU_ROUND_ENCODED_BYTES;
    int *have = &tc_have[m], garbage = 0;
    unsigned op = *have && !one_in(2000) ? 1 + (unsigned)below(15) : 0;
    ParlorStatus s1 = 0, s2 = 0;
    Out o[4];
    StateIn st;
    memset(o, 0, sizeof o);
    game_calls[3]++;
    switch (op) {
    case 0: { /* _new (seeded or given hands), config_default */
        ParlorTichuConfig c, *config;
        uint8_t deck[PARLOR_TICHU_DECK], *hands = NULL;
        uint64_t seed = next();
        if (parlor_tichu_config_default(&c) != PARLOR_OK) CHECK(0);
        if (one_in(4)) {
            switch (below(3)) {
            case 0: c.target = (uint16_t)(one_in(2) ? next() : below(400)); break;
            case 1: c.tichu_during_exchange = (uint8_t)below(3); break;
            default: c.bomb_priority = (uint8_t)below(3); break;
            }
        }
        config = one_in(6) ? NULL : one_in(10) ? input(sizeof c) : copy_of(&c, sizeof c);
        o[0] = out(n, 30);
        if (m) {
            s1 = parlor_tichu_match_new(config, seed, A(o[0], ParlorTichuMatch));
            s2 = parlor_tichu_match_new(config, seed, B(o[0], ParlorTichuMatch));
        } else {
            if (one_in(2)) {
                permutation(deck, PARLOR_TICHU_DECK);
                spoil(deck, PARLOR_TICHU_DECK);
                hands = copy_of(deck, sizeof deck);
            }
            s1 = parlor_tichu_round_new(config, seed, hands, A(o[0], ParlorTichuRound));
            s2 = parlor_tichu_round_new(config, seed, hands, B(o[0], ParlorTichuRound));
        }
        REQUIRED(o[0], s1);
        if (s1 == PARLOR_OK && o[0].a) memcpy(state, o[0].a, n), *have = 1;
        agree("tichu_new", s1, s2, o, 1);
        free(config), free(hands);
        o[0] = out(sizeof c, 8);
        s1 = parlor_tichu_config_default(A(o[0], ParlorTichuConfig));
        s2 = parlor_tichu_config_default(B(o[0], ParlorTichuConfig));
        CHECK((s1 == PARLOR_OK) == (o[0].a != NULL));
        agree("tichu_config_default", s1, s2, o, 1);
        break;
    }
    case 1: case 2: case 3: case 4: case 5: case 6: { /* play a legal (sometimes mutated) action */
        uint8_t seat = 0, mask = 0, order[4];
        size_t total = 0;
        ParlorTichuRound round;
        ParlorTichuAction action;
        if (m) {
            s1 = parlor_tichu_match_round(state, &round);
            CHECK_EQ_U(s1, PARLOR_OK);
            if (s1 != PARLOR_OK) { *have = 0; break; }
        } else {
            round = tc_round;
        }
        s1 = parlor_tichu_round_may_act(&round, &mask, order);
        CHECK_EQ_U(s1, PARLOR_OK);
        if (s1 != PARLOR_OK) { *have = 0; break; }
        if (mask == 0) {
            uint8_t to_act = 0;
            CHECK_EQ_U(parlor_tichu_round_to_act(&round, &to_act), PARLOR_OK);
            CHECK_EQ_U(to_act, PARLOR_TICHU_ROUND_NO_SEAT);
            if (one_in(4)) *have = 0, ended[3]++;
            break;
        }
        seat = bit_of(mask);
        CHECK_EQ_U(parlor_tichu_round_legal_actions(&round, seat, NULL, 0, &total), PARLOR_OK);
        CHECK(total > 0 && total <= PARLOR_TICHU_MAX_ACTIONS);
        if (total == 0) { *have = 0; break; }
        o[0] = out(total * sizeof action, 0);
        s1 = parlor_tichu_round_legal_actions(&round, seat, A(o[0], ParlorTichuAction), total, &total);
        s2 = parlor_tichu_round_legal_actions(&round, seat, B(o[0], ParlorTichuAction), total, &total);
        CHECK_EQ_U(s1, PARLOR_OK);
        action = A(o[0], ParlorTichuAction)[below(total)];
        agree("tichu_legal_actions", s1, s2, o, 1);
        {
            int mutated = one_in(6);
            ParlorTichuAction *act;
            uint8_t who = any_seat(seat);
            if (mutated) {
                if (one_in(2)) mutate(&action, sizeof action);
                else action.cards ^= 1ull << below(64);
            }
            act = one_in(40) ? NULL : copy_of(&action, sizeof action);
            o[0] = state_io(state, n, 1, &garbage);
            o[1] = out(sizeof(ParlorTichuEvent), 4);
            if (m) {
                o[2] = out(sizeof(ParlorTichuOutcome), 4);
                s1 = parlor_tichu_match_apply(A(o[0], ParlorTichuMatch), who, act, A(o[1], ParlorTichuEvent), A(o[2], ParlorTichuOutcome));
                s2 = parlor_tichu_match_apply(B(o[0], ParlorTichuMatch), who, act, B(o[1], ParlorTichuEvent), B(o[2], ParlorTichuOutcome));
            } else {
                s1 = parlor_tichu_round_apply(A(o[0], ParlorTichuRound), who, act, A(o[1], ParlorTichuEvent));
                s2 = parlor_tichu_round_apply(B(o[0], ParlorTichuRound), who, act, B(o[1], ParlorTichuEvent));
            }
            if (!garbage && !mutated && act && who == seat) {
                if (s1 != PARLOR_OK) printf("FAIL: tichu listed action refused: %u\n", (unsigned)s1);
                CHECK_EQ_U(s1, PARLOR_OK);
            }
            if (!act) CHECK(s1 != PARLOR_OK);
            io_done(&o[0], state, garbage, s1);
            if (s1 == PARLOR_OK && !garbage) memcpy(state, o[0].a, n), applied[3]++, after_play(3, have, VALID_3);
            agree("tichu_apply", s1, s2, o, 3);
            free(act);
        }
        break;
    }
    case 7: { /* flip a byte of a copy (as above) */
        int32_t scores[2];
        uint32_t rounds = 0;
        uint8_t seat = 0;
        void *copy = copy_of(state, n);
        flip(copy, one_in(2) ? enc : n);
        s1 = m ? parlor_tichu_match_scores(copy, scores, &rounds, &seat) : parlor_tichu_round_to_act(copy, &seat);
        CHECK(known(s1));
        if (s1 == PARLOR_OK) memcpy(state, copy, n), *have = 2; /* still a state: kept */
        free(copy);
        break;
    }
    case 8: { /* _to_act, _may_act (of the round, or the match's round) */
        ParlorTichuRound *round = NULL;
        if (m) {
            st = state_in(state, n, *have);
            o[0] = out(sizeof *round, 20);
            s1 = parlor_tichu_match_round(st.p, A(o[0], ParlorTichuRound));
            s2 = parlor_tichu_match_round(st.p, B(o[0], ParlorTichuRound));
            REQUIRED(o[0], s1);
            state_done(&st, state, s1);
            if (s1 == PARLOR_OK && o[0].a) round = copy_of(o[0].a, sizeof *round);
            agree("tichu_match_round", s1, s2, o, 1);
            if (!round) break;
            if (!tc_have[0] || one_in(64)) memcpy(&tc_round, round, sizeof *round), tc_have[0] = *have;
            st.p = round, st.n = sizeof *round, st.garbage = 0;
        } else {
            st = state_in(state, n, *have);
        }
        o[0] = out(1, 20);
        s1 = parlor_tichu_round_to_act(st.p, A(o[0], uint8_t));
        s2 = parlor_tichu_round_to_act(st.p, B(o[0], uint8_t));
        REQUIRED(o[0], s1);
        agree("tichu_to_act", s1, s2, o, 1);
        o[0] = out(1, 20), o[1] = out(4, 4);
        s1 = parlor_tichu_round_may_act(st.p, A(o[0], uint8_t), A(o[1], uint8_t));
        s2 = parlor_tichu_round_may_act(st.p, B(o[0], uint8_t), B(o[1], uint8_t));
        REQUIRED(o[0], s1);
        if (m) free(st.p); else state_done(&st, state, s1);
        agree("tichu_may_act", s1, s2, o, 2);
        break;
    }
    case 9: case 10: case 11: { /* _legal_actions, _observe, _outcome (of the round, or the match's round); _match_scores */
        uint8_t seat = any_seat((uint8_t)below(4));
        ParlorTichuRound *round = NULL;
        if (m) {
            st = state_in(state, n, *have);
            if (op == 11) {
                o[0] = out(2 * sizeof(int32_t), 20), o[1] = out(sizeof(uint32_t), 20), o[2] = out(1, 20);
                s1 = parlor_tichu_match_scores(st.p, A(o[0], int32_t), A(o[1], uint32_t), A(o[2], uint8_t));
                s2 = parlor_tichu_match_scores(st.p, B(o[0], int32_t), B(o[1], uint32_t), B(o[2], uint8_t));
                REQUIRED(o[0], s1); REQUIRED(o[1], s1); REQUIRED(o[2], s1);
                state_done(&st, state, s1);
                agree("tichu_match_scores", s1, s2, o, 3);
                break;
            }
            o[0] = out(sizeof *round, 20);
            s1 = parlor_tichu_match_round(st.p, A(o[0], ParlorTichuRound));
            s2 = parlor_tichu_match_round(st.p, B(o[0], ParlorTichuRound));
            REQUIRED(o[0], s1);
            state_done(&st, state, s1);
            if (s1 == PARLOR_OK && o[0].a) round = copy_of(o[0].a, sizeof *round);
            agree("tichu_match_round", s1, s2, o, 1);
            if (!round) break;
            st.p = round, st.n = sizeof *round, st.garbage = 0;
        } else {
            st = state_in(state, n, *have);
        }
        if (op == 9) {
            size_t cap = one_in(4) ? 0 : below(12), capx;
            o[0] = out(cap * sizeof(ParlorTichuAction), 6), o[1] = out(sizeof(size_t), 20);
            capx = o[0].a ? cap : one_in(2) ? 0 : 2;
            s1 = parlor_tichu_round_legal_actions(st.p, seat, A(o[0], ParlorTichuAction), capx, A(o[1], size_t));
            s2 = parlor_tichu_round_legal_actions(st.p, seat, B(o[0], ParlorTichuAction), capx, B(o[1], size_t));
            REQUIRED(o[1], s1);
            if (!o[0].a && capx) CHECK(s1 != PARLOR_OK);
        } else if (op == 10) {
            o[0] = out(sizeof(ParlorTichuObservation), 20);
            s1 = parlor_tichu_round_observe(st.p, seat, A(o[0], ParlorTichuObservation));
            s2 = parlor_tichu_round_observe(st.p, seat, B(o[0], ParlorTichuObservation));
            REQUIRED(o[0], s1);
        } else {
            o[0] = out(sizeof(ParlorTichuOutcome), 20), o[1] = out(1, 20);
            s1 = parlor_tichu_round_outcome(st.p, A(o[0], ParlorTichuOutcome), A(o[1], uint8_t));
            s2 = parlor_tichu_round_outcome(st.p, B(o[0], ParlorTichuOutcome), B(o[1], uint8_t));
            REQUIRED(o[0], s1); REQUIRED(o[1], s1);
        }
        if (m) free(st.p); else state_done(&st, state, s1);
        agree("tichu_round_query", s1, s2, o, 2);
        break;
    }
    case 12: case 13: { /* _encode with random capacities; the round trip */
        size_t cap = one_in(3) ? enc : below(enc + 8);
        st = state_in(state, n, *have);
        o[0] = out(cap, 8), o[1] = out(sizeof(size_t), 20);
        s1 = m ? parlor_tichu_match_encode(st.p, A(o[0], uint8_t), o[0].bytes, A(o[1], size_t))
               : parlor_tichu_round_encode(st.p, A(o[0], uint8_t), o[0].bytes, A(o[1], size_t));
        s2 = m ? parlor_tichu_match_encode(st.p, B(o[0], uint8_t), o[0].bytes, B(o[1], size_t))
               : parlor_tichu_round_encode(st.p, B(o[0], uint8_t), o[0].bytes, B(o[1], size_t));
        REQUIRED(o[1], s1);
        if (s1 == PARLOR_OK && o[1].a) CHECK_EQ_U(*A(o[1], size_t), enc);
        if (st.p && !st.garbage) {
            if (m) ROUND_TRIP(parlor_tichu_match_encode, parlor_tichu_match_decode, ParlorTichuMatch, state, enc);
            else ROUND_TRIP(parlor_tichu_round_encode, parlor_tichu_round_decode, ParlorTichuRound, state, enc);
        }
        state_done(&st, state, s1);
        agree("tichu_encode", s1, s2, o, 2);
        break;
    }
    case 14: case 15: { /* _decode: random bytes, or an encoding with a flipped byte */
        size_t len = one_in(4) ? below(enc + 8) : enc, got = 0;
        uint8_t *bytes = input(len);
        int random = 1;
        if (op == 15 && len >= enc && (m ? parlor_tichu_match_encode(state, bytes, len, &got) : parlor_tichu_round_encode(state, bytes, len, &got)) == PARLOR_OK) {
            flip(bytes, enc);
            random = 0;
        }
        o[0] = out(n, 20);
        s1 = m ? parlor_tichu_match_decode(bytes, len, A(o[0], ParlorTichuMatch)) : parlor_tichu_round_decode(bytes, len, A(o[0], ParlorTichuRound));
        s2 = m ? parlor_tichu_match_decode(bytes, len, B(o[0], ParlorTichuMatch)) : parlor_tichu_round_decode(bytes, len, B(o[0], ParlorTichuRound));
        REQUIRED(o[0], s1);
        if (random) CHECK(s1 != PARLOR_OK);
        if (s1 == PARLOR_OK && o[0].a) memcpy(state, o[0].a, n), *have = 2; /* a flipped encoding that decodes */
        agree("tichu_decode", s1, s2, o, 1);
        free(bytes);
        break;
    }
    }
}

/* ---- Configs, presets, scratch sizes, OpenSpiel ids, hand values ---- */

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
    case 2: { /* parlor_doudizhu_openspiel_action, _action_id: ids map to actions and back */
        uint32_t id = one_in(8) ? (uint32_t)next() : (uint32_t)below(PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS + 2);
        ParlorDoudizhuAction *action = input(sizeof *action);
        o[0] = out(sizeof *action, 20);
        s1 = parlor_doudizhu_openspiel_action(id, A(o[0], ParlorDoudizhuAction));
        s2 = parlor_doudizhu_openspiel_action(id, B(o[0], ParlorDoudizhuAction));
        REQUIRED(o[0], s1);
        if (o[0].a) CHECK_EQ_U(s1, id < PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS ? PARLOR_OK : PARLOR_ERR_INVALID_ARGUMENT);
        if (s1 == PARLOR_OK && o[0].a) {
            memcpy(action, o[0].a, sizeof *action);
            if (one_in(4)) mutate(action, sizeof *action);
        }
        agree("doudizhu_openspiel_action", s1, s2, o, 1);
        o[0] = out(sizeof(uint32_t), 20);
        s1 = parlor_doudizhu_openspiel_action_id(action, A(o[0], uint32_t));
        s2 = parlor_doudizhu_openspiel_action_id(action, B(o[0], uint32_t));
        REQUIRED(o[0], s1);
        if (s1 == PARLOR_OK && o[0].a) {
            uint32_t back = *A(o[0], uint32_t);
            ParlorDoudizhuAction again;
            CHECK(back < PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS);
            CHECK_EQ_U(parlor_doudizhu_openspiel_action(back, &again), PARLOR_OK);
            CHECK_EQ_U(again.kind, action->kind);
            CHECK(again.kind != PARLOR_DOUDIZHU_ACTION_PLAY || memcmp(&again.cards, &action->cards, sizeof again.cards) == 0);
        }
        agree("doudizhu_openspiel_action_id", s1, s2, o, 1);
        free(action);
        break;
    }
    case 3: { /* parlor_mahjong_config_preset */
        uint8_t preset = code();
        o[0] = out(sizeof(ParlorMahjongConfig), 8);
        s1 = parlor_mahjong_config_preset(preset, A(o[0], ParlorMahjongConfig));
        s2 = parlor_mahjong_config_preset(preset, B(o[0], ParlorMahjongConfig));
        REQUIRED(o[0], s1);
        CHECK((s1 == PARLOR_OK) == (preset < 3 && o[0].a != NULL));
        agree("mahjong_config_preset", s1, s2, o, 1);
        break;
    }
    default: { /* parlor_mahjong_score */
        ParlorMahjongWin w, *win;
        ParlorMahjongConfig c, *config;
        mahjong_win(&w);
        if (parlor_mahjong_config_preset((uint8_t)below(3), &c) != PARLOR_OK) CHECK(0);
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
    switch (below(9)) {
    case 0: case 1: dominoes_call(); break;
    case 2: case 3: doudizhu_call(); break;
    case 4: case 5: mahjong_call(); break;
    case 6: case 7: tichu_call(); break;
    default: misc_call(); break;
    }
}

int main(void) {
    const char *seconds = getenv("PARLOR_C_FUZZ_SECONDS");
    const char *iterations = getenv("PARLOR_C_FUZZ_ITERATIONS");
    long limit = iterations ? atol(iterations) : 40000;
    long done = 0;
    time_t until = seconds ? time(NULL) + atol(seconds) : 0;
    const char *seed = getenv("PARLOR_C_FUZZ_SEED");
    if (seed) rng = strtoull(seed, NULL, 0);
    printf("fuzz loop: seed %#llx\n", (unsigned long long)rng);
    while (seconds ? time(NULL) < until : done < limit) {
        if (one_in(2)) one_call();
        else game_call();
        done++;
    }
    printf("fuzz loop: %ld iterations\n", done);
    {
        static const char *const names[4] = {"dominoes", "doudizhu", "mahjong", "tichu"};
        int g;
        for (g = 0; g < 4; g++)
            printf("  %s: %ld whole-game calls, %ld actions applied, %ld rounds/matches played out, %ld flipped states broken by play\n",
                   names[g], game_calls[g], applied[g], ended[g], broken[g]);
    }
    return CHECK_SUMMARY();
}
