/* Dou Dizhu through the C ABI on the Cortex-M3: the seed's classification and beating examples,
 * move generation, and the error paths (null pointers, bad UTF-8, unknown presets, bad counts,
 * too-small buffers). The searches (spring, min-plays) run in the caller memory
 * parlor_doudizhu_scratch_bytes names for the hand (779 bytes for 3BR; at most
 * PARLOR_DOUDIZHU_SCRATCH_BYTES = 32 KiB), and answer scratch-too-small below it. Expected values: docs/rules/doudizhu.md and the seed vectors. */
#include "check.h"
#include "parlor.h"

#define PAGAT PARLOR_DOUDIZHU_PRESET_PAGAT
#define READINGS PARLOR_DOUDIZHU_MAX_READINGS

static ParlorDoudizhuCards cards_of(const char *text) {
    ParlorDoudizhuCards cards;
    size_t offset = 0;
    CHECK_EQ_U(parlor_doudizhu_parse(text, text_len(text), &cards, &offset), PARLOR_OK);
    return cards;
}

/* The kind code of the strongest reading, or 255 when the set is no combination. */
static unsigned kind_of(const char *text, uint8_t preset) {
    ParlorDoudizhuCards cards = cards_of(text);
    ParlorDoudizhuReading readings[READINGS];
    size_t count = 99;
    CHECK_EQ_U(STACK("parlor_doudizhu_classify", parlor_doudizhu_classify(&cards, preset, readings, READINGS, &count)),
               PARLOR_OK);
    return count == 0 ? 255u : readings[0].kind;
}

static int beats(const char *prev, const char *play) {
    ParlorDoudizhuCards a = cards_of(prev);
    ParlorDoudizhuCards b = cards_of(play);
    uint8_t yes = 9;
    CHECK_EQ_U(STACK("parlor_doudizhu_beats", parlor_doudizhu_beats(&a, &b, PAGAT, &yes)), PARLOR_OK);
    return yes;
}

static void seed_examples(void) {
    CHECK_EQ_U(kind_of("3", PAGAT), PARLOR_DOUDIZHU_KIND_SINGLE);
    CHECK_EQ_U(kind_of("AA", PAGAT), PARLOR_DOUDIZHU_KIND_PAIR);
    CHECK_EQ_U(kind_of("999", PAGAT), PARLOR_DOUDIZHU_KIND_TRIPLET);
    CHECK_EQ_U(kind_of("6668", PAGAT), PARLOR_DOUDIZHU_KIND_TRIPLET_SINGLE);
    CHECK_EQ_U(kind_of("QQQ66", PAGAT), PARLOR_DOUDIZHU_KIND_TRIPLET_PAIR);
    CHECK_EQ_U(kind_of("89TJQ", PAGAT), PARLOR_DOUDIZHU_KIND_SEQUENCE);
    CHECK_EQ_U(kind_of("JQKA2", PAGAT), 255);
    CHECK_EQ_U(kind_of("3456B", PAGAT), 255);
    CHECK_EQ_U(kind_of("334455", PAGAT), PARLOR_DOUDIZHU_KIND_PAIR_SEQUENCE);
    CHECK_EQ_U(kind_of("BR", PAGAT), PARLOR_DOUDIZHU_KIND_ROCKET);
    CHECK_EQ_U(kind_of("7777", PAGAT), PARLOR_DOUDIZHU_KIND_BOMB);
    CHECK_EQ_U(kind_of("666689", PAGAT), PARLOR_DOUDIZHU_KIND_QUAD_SINGLES);
    CHECK_EQ_U(kind_of("JJJJ99QQ", PAGAT), PARLOR_DOUDIZHU_KIND_QUAD_PAIRS);
    /* Presets: a pair as two single wings is rlcard's, not the seed's. */
    CHECK_EQ_U(kind_of("33344455", PAGAT), 255);
    CHECK_EQ_U(kind_of("33344455", PARLOR_DOUDIZHU_PRESET_RLCARD), PARLOR_DOUDIZHU_KIND_AIRPLANE_SINGLES);

    CHECK_EQ_U(beats("3", "4"), 1);
    CHECK_EQ_U(beats("B", "R"), 1);
    CHECK_EQ_U(beats("R", "B"), 0);
    CHECK_EQ_U(beats("K", "K"), 0);
    CHECK_EQ_U(beats("888A", "9993"), 1);
    CHECK_EQ_U(beats("TTTKK", "QQQ66"), 1);
    CHECK_EQ_U(beats("QQQKKK34", "KKKAAA56"), 1);
    CHECK_EQ_U(beats("34567", "45678"), 1);
    CHECK_EQ_U(beats("34567", "456789"), 0);
    CHECK_EQ_U(beats("22", "3333"), 1);
    CHECK_EQ_U(beats("2222", "BR"), 1);
    CHECK_EQ_U(beats("BR", "2222"), 0);
}

static void moves_and_text(void) {
    ParlorDoudizhuCards hand = cards_of("3445556");
    ParlorDoudizhuCards prev = cards_of("33");
    ParlorDoudizhuCards out[16];
    ParlorDoudizhuReading readings[READINGS];
    size_t count = 0;
    size_t offset = 0;
    size_t len = 0;
    char buf[64];
    char tiny[4];
    const char bad_utf8[2] = {(char)0xC3, (char)0x28};

    /* On 33 from 3445556: the pairs 44 and 55. */
    CHECK_EQ_U(STACK("parlor_doudizhu_moves", parlor_doudizhu_moves(&hand, &prev, PAGAT, out, 16, &count)), PARLOR_OK);
    CHECK_EQ_U(count, 2);
    CHECK_EQ_U(parlor_doudizhu_moves(&hand, &prev, PAGAT, NULL, 0, &count), PARLOR_OK);
    CHECK_EQ_U(count, 2);
    CHECK_EQ_U(parlor_doudizhu_moves(&hand, &prev, PAGAT, out, 1, &count), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(count, 2);
    /* Leading from 34: the singles 3 and 4 only. */
    hand = cards_of("34");
    CHECK_EQ_U(parlor_doudizhu_moves(&hand, NULL, PAGAT, out, 16, &count), PARLOR_OK);
    CHECK_EQ_U(count, 2);
    prev = cards_of("35");
    CHECK_EQ_U(parlor_doudizhu_moves(&hand, &prev, PAGAT, out, 16, &count), PARLOR_DOUDIZHU_ERR_NOT_A_COMBINATION);
    CHECK_EQ_U(parlor_doudizhu_moves(&hand, NULL, 7, out, 16, &count), PARLOR_ERR_INVALID_ARGUMENT);

    /* Text: 10 and T are the same card; format writes T, low to high. */
    hand = cards_of("10 9 J");
    CHECK_EQ_U(STACK("parlor_doudizhu_format", parlor_doudizhu_format(&hand, buf, sizeof buf, &len)), PARLOR_OK);
    CHECK_STR(buf, "9TJ");
    CHECK_EQ_U(len, 3);
    CHECK_EQ_U(parlor_doudizhu_format(&hand, tiny, 2, &len), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(len, 3);
    CHECK_EQ_U(STACK("parlor_doudizhu_parse", parlor_doudizhu_parse("33X", 3, &hand, &offset)),
               PARLOR_DOUDIZHU_ERR_UNKNOWN_CARD);
    CHECK_EQ_U(offset, 2);
    CHECK_EQ_U(parlor_doudizhu_parse("RR", 2, &hand, &offset), PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES);
    CHECK_EQ_U(parlor_doudizhu_parse(bad_utf8, 2, &hand, NULL), PARLOR_ERR_INVALID_UTF8);
    CHECK_EQ_U(parlor_doudizhu_parse(NULL, 2, &hand, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_doudizhu_parse("3", 1, NULL, NULL), PARLOR_ERR_NULL_POINTER);

    /* Bad counts, null outputs, unknown presets, a too-small readings buffer. */
    hand.counts[0] = 5;
    CHECK_EQ_U(parlor_doudizhu_classify(&hand, PAGAT, readings, READINGS, &count), PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES);
    hand = cards_of("33344456");
    CHECK_EQ_U(parlor_doudizhu_classify(&hand, 5, readings, READINGS, &count), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_doudizhu_classify(&hand, PAGAT, readings, READINGS, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_doudizhu_classify(NULL, PAGAT, readings, READINGS, &count), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_doudizhu_classify(&hand, PAGAT, NULL, 0, &count), PARLOR_OK);
    CHECK_EQ_U(count, 1);
    CHECK_EQ_U(parlor_doudizhu_classify(&hand, PAGAT, readings, READINGS, &count), PARLOR_OK);
    CHECK_EQ_U(readings[0].kind, PARLOR_DOUDIZHU_KIND_AIRPLANE_SINGLES);
    CHECK_EQ_U(readings[0].chain, 2);
    CHECK_EQ_U(readings[0].key, 0);
    CHECK_EQ_U(parlor_doudizhu_beats(NULL, &hand, PAGAT, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_STR(parlor_status_str(PARLOR_DOUDIZHU_ERR_UNKNOWN_CARD) == NULL ? "" : "set", "set");
}

static void searches_need_memory(void) {
    ParlorDoudizhuCards landlord = cards_of("3BR");
    ParlorDoudizhuCards first = cards_of("44");
    ParlorDoudizhuCards second = cards_of("55");
    ParlorDoudizhuCards plan[20];
    uint8_t scratch[1024];
    size_t plan_len = 0;
    size_t need = 0;
    uint8_t yes = 9;
    uint8_t plays = 0;
    /* 683 bytes of safety cache, 4 plays (3, B, R, BR) of 8 bytes, 8 sub-hands: 8 memo entries. */
    CHECK_EQ_U(STACK("parlor_doudizhu_scratch_bytes", parlor_doudizhu_scratch_bytes(&landlord, PAGAT, &need)),
               PARLOR_OK);
    CHECK_EQ_U(need, 683 + 4 * 8 + 8 * 8);
    CHECK_EQ_U(STACK("parlor_doudizhu_spring", parlor_doudizhu_spring(&landlord, &first, &second, PAGAT, scratch,
                                                                       need, plan, 20, &plan_len, &yes)),
               PARLOR_OK);
    CHECK_EQ_U(yes, 1);
    CHECK_EQ_U(plan_len, 2);
    CHECK_EQ_U(plan[0].counts[13] + plan[0].counts[14], 2); /* the rocket first, */
    CHECK_EQ_U(plan[1].counts[0], 1);                         /* the 3 last */
    CHECK_EQ_U(STACK("parlor_doudizhu_min_plays", parlor_doudizhu_min_plays(&landlord, PAGAT, scratch, need, &plays)),
               PARLOR_OK);
    CHECK_EQ_U(plays, 2);
    CHECK_EQ_U(parlor_doudizhu_spring(&landlord, &first, &second, PAGAT, scratch, need - 1, plan, 20, &plan_len, &yes),
               PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL);
    CHECK_EQ_U(parlor_doudizhu_min_plays(&landlord, PAGAT, scratch, 256, &plays), PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL);
    CHECK_EQ_U(parlor_doudizhu_spring(&landlord, NULL, &second, PAGAT, scratch, sizeof scratch, plan, 20, &plan_len,
                                      &yes),
               PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_doudizhu_min_plays(&landlord, PAGAT, NULL, 16, &plays), PARLOR_ERR_NULL_POINTER);
}

void test_doudizhu(void) {
    seed_examples();
    moves_and_text();
    searches_need_memory();
}
