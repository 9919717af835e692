/* A C-side fuzz loop over every entry point of parlor.h: random inputs in memory that is valid
 * for exactly the lengths passed (each buffer its own malloc, so AddressSanitizer sees any byte
 * read or written past it), random lengths, capacities, codes and NULLs, random bytes as states
 * (tricks, combinations). Each call runs twice on equal inputs and equal output buffers; the
 * checks: the status is a documented code, a NULL required output is never PARLOR_OK, and both
 * runs agree on status and every output byte (no hidden state, no uninitialised reads).
 *
 * Bounded: PARLOR_C_FUZZ_SECONDS=N runs for N seconds, else PARLOR_C_FUZZ_ITERATIONS (default
 * 4000) iterations. tests/tests/c_abi.rs runs it plain and under -fsanitize=address,undefined. */
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

int main(void) {
    const char *seconds = getenv("PARLOR_C_FUZZ_SECONDS");
    const char *iterations = getenv("PARLOR_C_FUZZ_ITERATIONS");
    long limit = iterations ? atol(iterations) : 4000;
    long done = 0;
    time_t until = seconds ? time(NULL) + atol(seconds) : 0;
    while (seconds ? time(NULL) < until : done < limit) {
        one_call();
        done++;
    }
    printf("fuzz loop: %ld calls of every entry point\n", done);
    return CHECK_SUMMARY();
}
