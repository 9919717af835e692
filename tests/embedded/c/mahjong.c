/* Mahjong through the C ABI on the Cortex-M3: the seed's waits examples, shanten, ukeire,
 * decompositions, and the error paths (null pointers, bad UTF-8, bad lengths and codes,
 * too-small buffers). Expected values: seed 003 and docs/rules/mahjong.md. Tile codes: m 0-8,
 * p 9-17, s 18-26, z 27-33. */
#include "check.h"
#include "parlor.h"

#define SEED PARLOR_MAHJONG_RULES_SEED
#define KINDS 34

static void hand(const char *text, uint8_t *counts) {
    size_t tiles = 0;
    CHECK_EQ_U(STACK("parlor_mahjong_parse", parlor_mahjong_parse(text, text_len(text), counts, KINDS, &tiles, NULL, NULL)),
               PARLOR_OK);
}

static uint64_t waits(const char *text) {
    uint8_t counts[KINDS];
    uint64_t mask = 0;
    hand(text, counts);
    CHECK_EQ_U(STACK("parlor_mahjong_waits", parlor_mahjong_waits(counts, KINDS, SEED, &mask)), PARLOR_OK);
    return mask;
}

#define BIT(code) ((uint64_t)1 << (code))

static void seed_examples(void) {
    uint8_t counts[KINDS];
    uint8_t list[KINDS];
    size_t count = 0;
    CHECK(waits("1m 1m 1m 4s 4s 4s 7p 7p 7p 3m 3m 3m 9s") == BIT(26));
    CHECK(waits("1m 1m 1m 3m 3m 3m 5m 5m 5m 2s 3s 7p 8p") == 0);
    CHECK(waits("1m 2m 2m 3m 3m 3m 3m 4m 1s 1s 9s 9s 9s") == BIT(18));
    CHECK(waits("1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m") == 0x1FFu);
    CHECK(waits("1m 1m 1m 5p 2m 3m 5p 7s 8s 5p 9s 9s 9s") == (BIT(0) | BIT(3) | BIT(23) | BIT(26)));
    /* The same as a list, in order; too small a list reports the count. */
    hand("1m 1m 1m 5p 2m 3m 5p 7s 8s 5p 9s 9s 9s", counts);
    CHECK_EQ_U(STACK("parlor_mahjong_waits_list", parlor_mahjong_waits_list(counts, KINDS, SEED, list, KINDS, &count)),
               PARLOR_OK);
    CHECK_EQ_U(count, 4);
    CHECK_EQ_U(list[0], 0);
    CHECK_EQ_U(list[1], 3);
    CHECK_EQ_U(list[2], 23);
    CHECK_EQ_U(list[3], 26);
    CHECK_EQ_U(parlor_mahjong_waits_list(counts, KINDS, SEED, list, 2, &count), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(count, 4);
}

static void shanten_ukeire_decompose(void) {
    uint8_t counts[KINDS];
    int8_t shanten = 9;
    uint8_t complete = 9;
    ParlorMahjongUkeire ukeire;
    ParlorMahjongDecomposition found[4];
    size_t count = 0;
    size_t len = 0;
    char buf[64];

    /* 111m 222m 333m 789p 55z is complete, and also reads as 123m 123m 123m. */
    hand("111m222m333m789p55z", counts);
    CHECK_EQ_U(STACK("parlor_mahjong_is_complete", parlor_mahjong_is_complete(counts, KINDS, SEED, &complete)),
               PARLOR_OK);
    CHECK_EQ_U(complete, 1);
    CHECK_EQ_U(STACK("parlor_mahjong_shanten",
                     parlor_mahjong_shanten(counts, KINDS, PARLOR_MAHJONG_FORM_MINIMUM, &shanten)),
               PARLOR_OK);
    CHECK_EQ_U(shanten, (int8_t)-1);
    CHECK_EQ_U(STACK("parlor_mahjong_decompositions",
                     parlor_mahjong_decompositions(counts, KINDS, SEED, found, 4, &count)),
               PARLOR_OK);
    CHECK_EQ_U(count, 2);
    CHECK_EQ_U(found[0].form, PARLOR_MAHJONG_FORM_REGULAR);
    CHECK_EQ_U(found[0].pair, 31);
    CHECK_EQ_U(parlor_mahjong_decompositions(counts, KINDS, SEED, found, 1, &count), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(count, 2);
    CHECK_EQ_U(STACK("parlor_mahjong_format", parlor_mahjong_format(counts, KINDS, 1, buf, sizeof buf, &len)),
               PARLOR_OK);
    CHECK_STR(buf, "111222333m789p55z");
    CHECK_EQ_U(parlor_mahjong_format(counts, KINDS, 1, buf, 4, &len), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(len, 17);

    /* Tenpai on 9s (the seed's first hand): shanten 0; ukeire 9s with 3 unseen copies. */
    hand("1m 1m 1m 4s 4s 4s 7p 7p 7p 3m 3m 3m 9s", counts);
    CHECK_EQ_U(parlor_mahjong_shanten(counts, KINDS, PARLOR_MAHJONG_FORM_REGULAR, &shanten), PARLOR_OK);
    CHECK_EQ_U(shanten, 0);
    CHECK_EQ_U(STACK("parlor_mahjong_ukeire",
                     parlor_mahjong_ukeire(counts, KINDS, NULL, 0, PARLOR_MAHJONG_FORM_MINIMUM, &ukeire)),
               PARLOR_OK);
    CHECK_EQ_U(ukeire.shanten, 0);
    CHECK(ukeire.accepted == BIT(26));
    CHECK_EQ_U(ukeire.remaining[26], 3);
    CHECK_EQ_U(ukeire.total, 3);
    CHECK_EQ_U(parlor_mahjong_shanten(counts, KINDS, 4, &shanten), PARLOR_ERR_INVALID_ARGUMENT);
}

static void errors(void) {
    uint8_t counts[KINDS];
    size_t start = 0;
    size_t end = 0;
    uint64_t mask = 0;
    const char bad_utf8[2] = {(char)0xC3, (char)0x28};

    CHECK_EQ_U(parlor_mahjong_parse("1m 0x 2m", 8, counts, KINDS, NULL, &start, &end), PARLOR_MAHJONG_ERR_UNKNOWN_TILE);
    CHECK_EQ_U(start, 3);
    CHECK_EQ_U(end, 5);
    CHECK_EQ_U(parlor_mahjong_parse("1m 1m 1m 1m 1m", 14, counts, KINDS, NULL, NULL, NULL), PARLOR_MAHJONG_ERR_FIFTH_COPY);
    CHECK_EQ_U(parlor_mahjong_parse("11112222333344445m", 18, counts, KINDS, NULL, NULL, NULL),
               PARLOR_MAHJONG_ERR_TOO_MANY_TILES);
    CHECK_EQ_U(parlor_mahjong_parse(bad_utf8, 2, counts, KINDS, NULL, NULL, NULL), PARLOR_ERR_INVALID_UTF8);
    CHECK_EQ_U(parlor_mahjong_parse(NULL, 2, counts, KINDS, NULL, NULL, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_mahjong_parse("1m", 2, counts, 33, NULL, NULL, NULL), PARLOR_ERR_INVALID_ARGUMENT);
    hand("1m 2m", counts);
    CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, SEED, &mask), PARLOR_MAHJONG_ERR_WRONG_SIZE);
    hand("1m", counts);
    CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, 2, &mask), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_mahjong_waits(counts, KINDS, SEED, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_mahjong_waits(NULL, KINDS, SEED, &mask), PARLOR_ERR_NULL_POINTER);
    counts[0] = 5;
    CHECK(parlor_mahjong_waits(counts, KINDS, SEED, &mask) != PARLOR_OK);
}

void test_mahjong(void) {
    seed_examples();
    shanten_ukeire_decompose();
    errors();
}
