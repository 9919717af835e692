/* The Mahjong C ABI from C99: parse, format, waits (mask and list), completeness, shanten,
 * ukeire and decompositions, with real answers from the seed and the hard cases, and
 * every error path: null pointers, bad lengths, bad codes, too-small buffers. */
#include "parlor.h"
#include "check.h"

#define KINDS PARLOR_MAHJONG_KINDS

static uint32_t parse(const char *text, uint8_t counts[KINDS]) {
    size_t tiles = 0;
    return parlor_mahjong_parse(text, strlen(text), counts, KINDS, &tiles, NULL, NULL);
}

static int64_t shanten_of(const char *text, uint8_t form) {
    uint8_t counts[KINDS];
    int8_t value = 99;
    if (parse(text, counts) != PARLOR_OK) return 100;
    if (parlor_mahjong_shanten(counts, KINDS, form, &value) != PARLOR_OK) return 101;
    return value;
}

static uint64_t bit(int code) { return (uint64_t)1 << code; }

int main(void) {
    uint8_t counts[KINDS];
    size_t tiles = 0, start = 0, end = 0, count = 0, len = 0;
    uint64_t mask = 0;
    char text[64];

    /* Parsing: spaced and compact, tile codes 1m = 0, 1p = 9, 1s = 18, 1z = 27. */
    CHECK_EQ_U(parlor_mahjong_parse("1m 1m 2m 5p 7z", 14, counts, KINDS, &tiles, NULL, NULL), PARLOR_OK);
    CHECK_EQ_U(tiles, 5);
    CHECK_EQ_U(counts[0], 2);
    CHECK_EQ_U(counts[1], 1);
    CHECK_EQ_U(counts[13], 1);
    CHECK_EQ_U(counts[33], 1);
    CHECK_EQ_U(parse("112m456p11z", counts), PARLOR_OK);
    CHECK_EQ_U(counts[27], 2);
    /* Errors with the bad token's span. */
    CHECK_EQ_U(parlor_mahjong_parse("1m 8z", 5, counts, KINDS, &tiles, &start, &end), PARLOR_MAHJONG_ERR_UNKNOWN_TILE);
    CHECK_EQ_U(start, 3);
    CHECK_EQ_U(end, 5);
    CHECK_EQ_U(parse("11111m", counts), PARLOR_MAHJONG_ERR_FIFTH_COPY);
    CHECK_EQ_U(parse("11112222333344m5z", counts), PARLOR_MAHJONG_ERR_TOO_MANY_TILES);
    CHECK_EQ_U(parlor_mahjong_parse("\xff", 1, counts, KINDS, NULL, NULL, NULL), PARLOR_ERR_INVALID_UTF8);
    CHECK_EQ_U(parlor_mahjong_parse(NULL, 3, counts, KINDS, NULL, NULL, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_mahjong_parse("1m", 2, NULL, KINDS, NULL, NULL, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_mahjong_parse("1m", 2, counts, 33, NULL, NULL, NULL), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_mahjong_parse(NULL, 0, counts, KINDS, &tiles, NULL, NULL), PARLOR_OK);
    CHECK_EQ_U(tiles, 0);

    /* Formatting, and a too-small buffer reports the length needed. */
    CHECK_EQ_U(parse("1m 1m 2m 5p 7z", counts), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_format(counts, KINDS, 0, text, sizeof text, &len), PARLOR_OK);
    CHECK_STR(text, "1m 1m 2m 5p 7z");
    CHECK_EQ_U(parlor_mahjong_format(counts, KINDS, 1, text, sizeof text, &len), PARLOR_OK);
    CHECK_STR(text, "112m5p7z");
    CHECK_EQ_U(parlor_mahjong_format(counts, KINDS, 1, text, 4, &len), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(len, 8);
    CHECK_EQ_U(parlor_mahjong_format(counts, KINDS, 1, NULL, 0, &len), PARLOR_OK);
    CHECK_EQ_U(len, 8);

    /* Waits: the seed's examples. */
    CHECK_EQ_U(parse("1m 1m 1m 4s 4s 4s 7p 7p 7p 3m 3m 3m 9s", counts), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, &mask), PARLOR_OK);
    CHECK(mask == bit(26));
    CHECK_EQ_U(parse("1m 1m 1m 3m 3m 3m 5m 5m 5m 2s 3s 7p 8p", counts), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, &mask), PARLOR_OK);
    CHECK(mask == 0);
    CHECK_EQ_U(parse("1m 2m 2m 3m 3m 3m 3m 4m 1s 1s 9s 9s 9s", counts), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, &mask), PARLOR_OK);
    CHECK(mask == bit(18));
    CHECK_EQ_U(parse("1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m", counts), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, &mask), PARLOR_OK);
    CHECK(mask == 0x1ff);
    CHECK_EQ_U(parse("1m 1m 1m 5p 2m 3m 5p 7s 8s 5p 9s 9s 9s", counts), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, &mask), PARLOR_OK);
    CHECK(mask == (bit(0) | bit(3) | bit(23) | bit(26)));
    {
        uint8_t list[4];
        CHECK_EQ_U(parlor_mahjong_waits_list(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, list, 4, &count), PARLOR_OK);
        CHECK_EQ_U(count, 4);
        CHECK_EQ_U(list[0], 0);
        CHECK_EQ_U(list[1], 3);
        CHECK_EQ_U(list[2], 23);
        CHECK_EQ_U(list[3], 26);
        CHECK_EQ_U(parlor_mahjong_waits_list(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, list, 2, &count),
                   PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ_U(count, 4);
        CHECK_EQ_U(parlor_mahjong_waits_list(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, NULL, 0, &count),
                   PARLOR_OK);
        CHECK_EQ_U(count, 4);
    }
    /* Seven pairs only under Riichi rules; bad codes, sizes, pointers, counts. */
    CHECK_EQ_U(parse("1122m3344p5566s7z", counts), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, &mask), PARLOR_OK);
    CHECK(mask == 0);
    CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, PARLOR_MAHJONG_RULES_RIICHI, &mask), PARLOR_OK);
    CHECK(mask == bit(33));
    CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, 2, &mask), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_mahjong_waits(NULL, KINDS, PARLOR_MAHJONG_RULES_SEED, &mask), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_mahjong_waits(counts, 10, PARLOR_MAHJONG_RULES_SEED, &mask), PARLOR_ERR_INVALID_ARGUMENT);
    counts[0] = 5;
    CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, &mask), PARLOR_MAHJONG_ERR_FIFTH_COPY);
    CHECK_EQ_U(parse("123m", counts), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, &mask), PARLOR_MAHJONG_ERR_WRONG_SIZE);

    /* Completeness. */
    {
        uint8_t complete = 9;
        CHECK_EQ_U(parse("111m444s777p333m99s", counts), PARLOR_OK);
        CHECK_EQ_U(parlor_mahjong_is_complete(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, &complete), PARLOR_OK);
        CHECK_EQ_U(complete, 1);
        CHECK_EQ_U(parse("1122m3344p5566s77z", counts), PARLOR_OK);
        CHECK_EQ_U(parlor_mahjong_is_complete(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, &complete), PARLOR_OK);
        CHECK_EQ_U(complete, 0);
        CHECK_EQ_U(parlor_mahjong_is_complete(counts, KINDS, PARLOR_MAHJONG_RULES_RIICHI, &complete), PARLOR_OK);
        CHECK_EQ_U(complete, 1);
        CHECK_EQ_U(parlor_mahjong_is_complete(counts, KINDS, 7, &complete), PARLOR_ERR_INVALID_ARGUMENT);
    }

    /* Shanten: the hard cases. */
    CHECK(shanten_of("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 1p 1p", PARLOR_MAHJONG_FORM_REGULAR) == 1);
    CHECK(shanten_of("1z 1z 1z 1z", PARLOR_MAHJONG_FORM_REGULAR) == 1);
    CHECK(shanten_of("1m 1m 1m 1m 4m 4m 4m 4m", PARLOR_MAHJONG_FORM_REGULAR) == 1);
    CHECK(shanten_of("2m 3m 1z 1z 1z 1z 2z 2z 2z 2z 3z 3z 3z", PARLOR_MAHJONG_FORM_REGULAR) == 2);
    CHECK(shanten_of("2m 2m 5m 5m 5p 5p 6s 6s 6s 7s 7s 8s 8s 8s", PARLOR_MAHJONG_FORM_SEVEN_PAIRS) == 1);
    CHECK(shanten_of("19m19p19s1234567z", PARLOR_MAHJONG_FORM_THIRTEEN_ORPHANS) == 0);
    CHECK(shanten_of("1122m3344p5566s77z", PARLOR_MAHJONG_FORM_MINIMUM) == -1);
    {
        int8_t value = 0;
        CHECK_EQ_U(parse("1m 2m 3m 4m", counts), PARLOR_OK);
        CHECK_EQ_U(parlor_mahjong_shanten(counts, KINDS, PARLOR_MAHJONG_FORM_SEVEN_PAIRS, &value),
                   PARLOR_MAHJONG_ERR_WRONG_SIZE);
        CHECK_EQ_U(parlor_mahjong_shanten(counts, KINDS, 4, &value), PARLOR_ERR_INVALID_ARGUMENT);
    }
    {
        /* Rules and form codes are apart (16-31, 32-47): the seven-pairs tenpai hand asked with
         * a rules code where the form belongs is an error. While the two families shared
         * numbers, RIICHI (1) read as REGULAR (1) and answered 3 instead of 0. */
        int8_t value = 99;
        CHECK_EQ_U(parse("1122m3344p5566s7z", counts), PARLOR_OK);
        CHECK_EQ_U(parlor_mahjong_shanten(counts, KINDS, PARLOR_MAHJONG_FORM_SEVEN_PAIRS, &value), PARLOR_OK);
        CHECK(value == 0);
        CHECK_EQ_U(parlor_mahjong_shanten(counts, KINDS, PARLOR_MAHJONG_RULES_RIICHI, &value),
                   PARLOR_ERR_INVALID_ARGUMENT);
        CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, PARLOR_MAHJONG_FORM_REGULAR, &mask), PARLOR_ERR_INVALID_ARGUMENT);
        CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, PARLOR_MAHJONG_RULES_RIICHI, &mask), PARLOR_OK);
        CHECK_EQ_U(mask, bit(33));
        CHECK_EQ_U(parlor_mahjong_shanten(counts, KINDS, PARLOR_MAHJONG_FORM_MINIMUM, NULL), PARLOR_ERR_NULL_POINTER);
    }

    /* Ukeire with visible tiles. */
    {
        ParlorMahjongUkeire u;
        uint8_t visible[KINDS];
        memset(visible, 0, sizeof visible);
        visible[26] = 2; /* two 9s seen elsewhere */
        CHECK_EQ_U(parse("1m 1m 1m 4s 4s 4s 7p 7p 7p 3m 3m 3m 9s", counts), PARLOR_OK);
        CHECK_EQ_U(parlor_mahjong_ukeire(counts, KINDS, visible, KINDS, PARLOR_MAHJONG_FORM_MINIMUM, &u), PARLOR_OK);
        CHECK_EQ_U(u.shanten, 0);
        CHECK(u.accepted == bit(26));
        CHECK_EQ_U(u.kinds, 1);
        CHECK_EQ_U(u.remaining[26], 1);
        CHECK_EQ_U(u.total, 1);
        CHECK_EQ_U(parlor_mahjong_ukeire(counts, KINDS, NULL, 0, PARLOR_MAHJONG_FORM_MINIMUM, &u), PARLOR_OK);
        CHECK_EQ_U(u.total, 3);
        visible[26] = 4;
        CHECK_EQ_U(parlor_mahjong_ukeire(counts, KINDS, visible, KINDS, PARLOR_MAHJONG_FORM_MINIMUM, &u),
                   PARLOR_MAHJONG_ERR_FIFTH_COPY);
        CHECK_EQ_U(parlor_mahjong_ukeire(counts, KINDS, NULL, KINDS, PARLOR_MAHJONG_FORM_MINIMUM, &u),
                   PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(parlor_mahjong_ukeire(counts, KINDS, visible, 3, PARLOR_MAHJONG_FORM_MINIMUM, &u),
                   PARLOR_ERR_INVALID_ARGUMENT);
        CHECK_EQ_U(parlor_mahjong_ukeire(counts, KINDS, NULL, 0, 9, &u), PARLOR_ERR_INVALID_ARGUMENT);
    }

    /* Decompositions: 111222333m can be three triplets or three equal runs. */
    {
        ParlorMahjongDecomposition d[3];
        CHECK_EQ_U(parse("111222333m789p55z", counts), PARLOR_OK);
        CHECK_EQ_U(parlor_mahjong_decompositions(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, d, 3, &count), PARLOR_OK);
        CHECK_EQ_U(count, 2);
        CHECK_EQ_U(d[0].form, PARLOR_MAHJONG_FORM_REGULAR);
        CHECK_EQ_U(d[0].pair, 31);
        CHECK_EQ_U(d[0].set_count, 4);
        CHECK_EQ_U(d[0].set_kinds[0], PARLOR_MAHJONG_SET_TRIPLET);
        CHECK_EQ_U(d[0].set_tiles[3], 15);
        CHECK_EQ_U(d[0].set_kinds[3], PARLOR_MAHJONG_SET_RUN);
        CHECK_EQ_U(d[1].set_kinds[0], PARLOR_MAHJONG_SET_RUN);
        CHECK_EQ_U(d[1].set_tiles[2], 0);
        CHECK_EQ_U(parlor_mahjong_decompositions(counts, KINDS, PARLOR_MAHJONG_RULES_SEED, d, 1, &count),
                   PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ_U(count, 2);
        CHECK_EQ_U(parse("1122m3344p5566s77z", counts), PARLOR_OK);
        CHECK_EQ_U(parlor_mahjong_decompositions(counts, KINDS, PARLOR_MAHJONG_RULES_RIICHI, d, 3, &count), PARLOR_OK);
        CHECK_EQ_U(count, 1);
        CHECK_EQ_U(d[0].form, PARLOR_MAHJONG_FORM_SEVEN_PAIRS);
        CHECK_EQ_U(d[0].pairs[6], 33);
        CHECK_EQ_U(parlor_mahjong_decompositions(counts, KINDS, PARLOR_MAHJONG_RULES_RIICHI, d, 3, NULL),
                   PARLOR_ERR_NULL_POINTER);
    }

    CHECK_STR(parlor_status_str(PARLOR_MAHJONG_ERR_FIFTH_COPY), "mahjong: a fifth copy of a tile");
    CHECK_STR(parlor_status_str(PARLOR_MAHJONG_ERR_WRONG_SIZE), "mahjong: wrong hand size");
    return CHECK_SUMMARY();
}
