/* Dou Dizhu through the C ABI: real answers from the seed's rules, plus every error path. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parlor.h"
#include "check.h"

static ParlorDoudizhuCards cards(const char *text) {
    ParlorDoudizhuCards out;
    memset(&out, 0, sizeof out);
    if (parlor_doudizhu_parse(text, strlen(text), &out, NULL) != PARLOR_OK) {
        printf("FAIL: cannot parse %s\n", text);
        check_failed++;
    }
    return out;
}

static int beats(const char *prev, const char *play, uint8_t preset) {
    ParlorDoudizhuCards a = cards(prev), b = cards(play);
    uint8_t yes = 9;
    ParlorStatus status = parlor_doudizhu_beats(&a, &b, preset, &yes);
    return status == PARLOR_OK ? (int)yes : -(int)status;
}

int main(void) {
    /* Parse and format: 10 and T, either case; errors name the offending byte. */
    ParlorDoudizhuCards c = cards("10 10 j");
    char text[64];
    size_t len = 0;
    CHECK_EQ_U(parlor_doudizhu_format(&c, text, sizeof text, &len), PARLOR_OK);
    CHECK_STR(text, "TTJ");
    CHECK_EQ_U(len, 3);
    CHECK_EQ_U(parlor_doudizhu_format(&c, text, 2, &len), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(len, 3);
    size_t offset = 0;
    CHECK_EQ_U(parlor_doudizhu_parse("33X", 3, &c, &offset), PARLOR_DOUDIZHU_ERR_UNKNOWN_CARD);
    CHECK_EQ_U(offset, 2);
    CHECK_EQ_U(parlor_doudizhu_parse("77777", 5, &c, &offset), PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES);
    CHECK_EQ_U(offset, 4);
    CHECK_EQ_U(parlor_doudizhu_parse("RR", 2, &c, NULL), PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES);
    CHECK_EQ_U(parlor_doudizhu_parse(NULL, 3, &c, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_doudizhu_parse("3", 1, NULL, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_doudizhu_parse("\xff", 1, &c, NULL), PARLOR_ERR_INVALID_UTF8);
    CHECK_EQ_U(parlor_doudizhu_parse(NULL, 0, &c, NULL), PARLOR_OK); /* empty = no cards */
    CHECK_STR(parlor_status_str(PARLOR_DOUDIZHU_ERR_NOT_A_COMBINATION),
              "doudizhu: the previous play is not a combination");

    /* Classify: the seed's airplane with single wings, keyed by its lowest triplet. */
    ParlorDoudizhuReading readings[PARLOR_DOUDIZHU_MAX_READINGS];
    size_t n = 99;
    c = cards("77788836");
    CHECK_EQ_U(parlor_doudizhu_classify(&c, PARLOR_DOUDIZHU_PRESET_PAGAT, readings, 4, &n), PARLOR_OK);
    CHECK_EQ_U(n, 1);
    CHECK_EQ_U(readings[0].kind, PARLOR_DOUDIZHU_KIND_AIRPLANE_SINGLES);
    CHECK_EQ_U(readings[0].chain, 2);
    CHECK_EQ_U(readings[0].key, 4); /* rank index of 7 */
    /* Under OpenSpiel a plain four-triplet airplane has three readings; strongest first. */
    c = cards("333444555666");
    CHECK_EQ_U(parlor_doudizhu_classify(&c, PARLOR_DOUDIZHU_PRESET_OPENSPIEL, readings, 4, &n), PARLOR_OK);
    CHECK_EQ_U(n, 3);
    CHECK_EQ_U(readings[0].kind, PARLOR_DOUDIZHU_KIND_AIRPLANE_SINGLES);
    CHECK_EQ_U(readings[0].key, 1);
    CHECK_EQ_U(parlor_doudizhu_classify(&c, PARLOR_DOUDIZHU_PRESET_OPENSPIEL, readings, 1, &n),
               PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(n, 3);
    c = cards("777888BR"); /* never both jokers as wings */
    CHECK_EQ_U(parlor_doudizhu_classify(&c, PARLOR_DOUDIZHU_PRESET_PAGAT, readings, 4, &n), PARLOR_OK);
    CHECK_EQ_U(n, 0);
    c = cards("333344"); /* quad + a pair as two singles: RLCard only */
    CHECK_EQ_U(parlor_doudizhu_classify(&c, PARLOR_DOUDIZHU_PRESET_RLCARD, readings, 4, &n), PARLOR_OK);
    CHECK_EQ_U(n, 1);
    CHECK_EQ_U(readings[0].kind, PARLOR_DOUDIZHU_KIND_QUAD_SINGLES);
    CHECK_EQ_U(parlor_doudizhu_classify(&c, PARLOR_DOUDIZHU_PRESET_PAGAT, readings, 4, &n), PARLOR_OK);
    CHECK_EQ_U(n, 0);
    CHECK_EQ_U(parlor_doudizhu_classify(&c, PARLOR_DOUDIZHU_PRESET_BOTZONE, readings, 4, &n), PARLOR_OK);
    CHECK_EQ_U(n, 0); /* Botzone's judge: a pair is never two singles */
    c = cards("33334444"); /* Botzone's chain of two quads */
    CHECK_EQ_U(parlor_doudizhu_classify(&c, PARLOR_DOUDIZHU_PRESET_BOTZONE, readings, 4, &n), PARLOR_OK);
    CHECK_EQ_U(n, 1);
    CHECK_EQ_U(readings[0].kind, PARLOR_DOUDIZHU_KIND_QUAD_CHAIN);
    CHECK_EQ_U(readings[0].chain, 2);
    CHECK_EQ_U(parlor_doudizhu_classify(&c, PARLOR_DOUDIZHU_PRESET_PAGAT, readings, 4, &n), PARLOR_OK);
    CHECK_EQ_U(n, 0);
    CHECK_EQ_U(parlor_doudizhu_classify(&c, 5, readings, 4, &n), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_doudizhu_classify(NULL, 0, readings, 4, &n), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_doudizhu_classify(&c, 0, NULL, 4, &n), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_doudizhu_classify(&c, 0, readings, 4, NULL), PARLOR_ERR_NULL_POINTER);
    ParlorDoudizhuCards bad;
    memset(&bad, 0, sizeof bad);
    bad.counts[14] = 2; /* two red jokers */
    CHECK_EQ_U(parlor_doudizhu_classify(&bad, 0, readings, 4, &n), PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES);

    /* Beats: the seed's examples. */
    CHECK_EQ_U(beats("888A", "9993", 0), 1);
    CHECK_EQ_U(beats("9993", "888A", 0), 0);
    CHECK_EQ_U(beats("TTTKK", "QQQ66", 0), 1);
    CHECK_EQ_U(beats("666689", "3333", 0), 1);  /* any bomb beats a quad + two */
    CHECK_EQ_U(beats("3333", "777789", 0), 0);  /* a quad + two never beats a bomb */
    CHECK_EQ_U(beats("2222", "BR", 0), 1);      /* the rocket beats everything */
    CHECK_EQ_U(beats("34567", "456789", 0), 0); /* the same number of cards */
    CHECK_EQ_U(beats("34", "55", 0), -(int)PARLOR_DOUDIZHU_ERR_NOT_A_COMBINATION);
    {
        ParlorDoudizhuCards play = cards("33");
        uint8_t yes = 9;
        CHECK_EQ_U(parlor_doudizhu_beats(NULL, &play, 0, &yes), PARLOR_OK); /* a lead */
        CHECK_EQ_U(yes, 1);
        CHECK_EQ_U(parlor_doudizhu_beats(NULL, NULL, 0, &yes), PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(parlor_doudizhu_beats(NULL, &play, 0, NULL), PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(parlor_doudizhu_beats(NULL, &play, 200, &yes), PARLOR_ERR_INVALID_ARGUMENT);
    }

    /* Moves: the 77 airplanes with single wings above QQQKKK34, from the whole deck. */
    {
        ParlorDoudizhuCards deck = cards("333344445555666677778888999910101010JJJJQQQQKKKKAAAA2222BR");
        ParlorDoudizhuCards prev = cards("QQQKKK34");
        ParlorDoudizhuCards *out = malloc(sizeof(ParlorDoudizhuCards) * PARLOR_DOUDIZHU_MAX_MOVES);
        size_t count = 0, eight = 0, i;
        CHECK(out != NULL);
        CHECK_EQ_U(parlor_doudizhu_moves(&deck, &prev, 0, out, PARLOR_DOUDIZHU_MAX_MOVES, &count), PARLOR_OK);
        for (i = 0; i < count; i++) {
            unsigned sum = 0, r;
            for (r = 0; r < 15; r++) sum += out[i].counts[r];
            if (sum == 8) eight++;
        }
        CHECK_EQ_U(eight, 77);
        CHECK_EQ_U(count, 77 + 13 + 1); /* plus 13 bombs and the rocket */
        /* Size query and a short buffer. */
        CHECK_EQ_U(parlor_doudizhu_moves(&deck, &prev, 0, NULL, 0, &count), PARLOR_OK);
        CHECK_EQ_U(count, 91);
        CHECK_EQ_U(parlor_doudizhu_moves(&deck, &prev, 0, out, 5, &count), PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ_U(parlor_doudizhu_moves(&deck, &prev, 0, NULL, 5, &count), PARLOR_ERR_NULL_POINTER);
        /* The example: a 20-card hand with more than 500 leads (RLCard rules). */
        ParlorDoudizhuCards hand = cards("333444555666789TJQKA");
        CHECK_EQ_U(parlor_doudizhu_moves(&hand, NULL, PARLOR_DOUDIZHU_PRESET_RLCARD, out,
                                         PARLOR_DOUDIZHU_MAX_MOVES, &count), PARLOR_OK);
        CHECK_EQ_U(count, 519);
        CHECK_EQ_U(parlor_doudizhu_moves(&hand, NULL, PARLOR_DOUDIZHU_PRESET_PAGAT, out,
                                         PARLOR_DOUDIZHU_MAX_MOVES, &count), PARLOR_OK);
        CHECK_EQ_U(count, 497);
        free(out);
    }

    /* Spring and min-plays with caller scratch memory. */
    {
        uint8_t *scratch = malloc(PARLOR_DOUDIZHU_SCRATCH_BYTES);
        ParlorDoudizhuCards plan[PARLOR_DOUDIZHU_MAX_PLAN];
        size_t plan_len = 99;
        uint8_t yes = 9, plays = 0;
        ParlorDoudizhuCards landlord = cards("BR2222AAAAKKKKQQQQJJ");
        ParlorDoudizhuCards p1 = cards("33334444555566667");
        ParlorDoudizhuCards p2 = cards("77788889999TTTTJJ");
        CHECK(scratch != NULL);
        CHECK_EQ_U(parlor_doudizhu_spring(&landlord, &p1, &p2, 0, scratch, PARLOR_DOUDIZHU_SCRATCH_BYTES, plan,
                                          PARLOR_DOUDIZHU_MAX_PLAN, &plan_len, &yes), PARLOR_OK);
        CHECK_EQ_U(yes, 1);
        CHECK_EQ_U(plan_len, 6); /* rocket, four bombs, then JJ last */
        CHECK_EQ_U(parlor_doudizhu_format(&plan[plan_len - 1], text, sizeof text, NULL), PARLOR_OK);
        CHECK_STR(text, "JJ");
        CHECK_EQ_U(parlor_doudizhu_spring(&landlord, &p1, &p2, 0, scratch, PARLOR_DOUDIZHU_SCRATCH_BYTES, plan, 2,
                                          &plan_len, &yes), PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ_U(plan_len, 6);
        /* Peasant 1 holds the rocket: nothing is safe. */
        landlord = cards("2222AAAAKKKKQQQQJJJJ");
        p1 = cards("33334444555566BR7");
        p2 = cards("6677788889999TTTT");
        CHECK_EQ_U(parlor_doudizhu_spring(&landlord, &p1, &p2, 0, scratch, PARLOR_DOUDIZHU_SCRATCH_BYTES, plan,
                                          PARLOR_DOUDIZHU_MAX_PLAN, &plan_len, &yes), PARLOR_OK);
        CHECK_EQ_U(yes, 0);
        CHECK_EQ_U(plan_len, 0);
        /* Errors: overlapping hands, short scratch, a peasant 2 without peasant 1. */
        p2 = cards("2");
        CHECK_EQ_U(parlor_doudizhu_spring(&landlord, &p1, &p2, 0, scratch, PARLOR_DOUDIZHU_SCRATCH_BYTES, plan,
                                          PARLOR_DOUDIZHU_MAX_PLAN, &plan_len, &yes), PARLOR_DOUDIZHU_ERR_CARDS_OVERLAP);
        CHECK_EQ_U(parlor_doudizhu_spring(&landlord, NULL, NULL, 0, scratch, 100, plan, PARLOR_DOUDIZHU_MAX_PLAN,
                                          &plan_len, &yes), PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL);
        CHECK_EQ_U(parlor_doudizhu_spring(&landlord, NULL, &p2, 0, scratch, PARLOR_DOUDIZHU_SCRATCH_BYTES, plan,
                                          PARLOR_DOUDIZHU_MAX_PLAN, &plan_len, &yes), PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(parlor_doudizhu_spring(&landlord, NULL, NULL, 7, scratch, PARLOR_DOUDIZHU_SCRATCH_BYTES, plan,
                                          PARLOR_DOUDIZHU_MAX_PLAN, &plan_len, &yes), PARLOR_ERR_INVALID_ARGUMENT);
        /* Min plays: 34567 and the rocket. */
        landlord = cards("34567BR");
        CHECK_EQ_U(parlor_doudizhu_min_plays(&landlord, 0, scratch, PARLOR_DOUDIZHU_SCRATCH_BYTES, &plays), PARLOR_OK);
        CHECK_EQ_U(plays, 2);
        landlord = cards("333444555666777888999"); /* 21 cards */
        CHECK_EQ_U(parlor_doudizhu_min_plays(&landlord, 0, scratch, PARLOR_DOUDIZHU_SCRATCH_BYTES, &plays),
                   PARLOR_DOUDIZHU_ERR_HAND_TOO_LARGE);
        CHECK_EQ_U(parlor_doudizhu_min_plays(&landlord, 0, NULL, 0, &plays), PARLOR_DOUDIZHU_ERR_HAND_TOO_LARGE);
        landlord = cards("3");
        CHECK_EQ_U(parlor_doudizhu_min_plays(&landlord, 0, NULL, 0, &plays), PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL);
        CHECK_EQ_U(parlor_doudizhu_min_plays(&landlord, 0, scratch, PARLOR_DOUDIZHU_SCRATCH_BYTES, NULL),
                   PARLOR_ERR_NULL_POINTER);
        /* Bad preset codes and impossible counts on every search entry point. */
        CHECK_EQ_U(parlor_doudizhu_min_plays(&landlord, 5, scratch, PARLOR_DOUDIZHU_SCRATCH_BYTES, &plays),
                   PARLOR_ERR_INVALID_ARGUMENT);
        CHECK_EQ_U(parlor_doudizhu_min_plays(&landlord, 255, scratch, PARLOR_DOUDIZHU_SCRATCH_BYTES, &plays),
                   PARLOR_ERR_INVALID_ARGUMENT);
        landlord.counts[14] = 2; /* two red jokers */
        CHECK_EQ_U(parlor_doudizhu_min_plays(&landlord, 0, scratch, PARLOR_DOUDIZHU_SCRATCH_BYTES, &plays),
                   PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES);
        CHECK_EQ_U(parlor_doudizhu_spring(&landlord, NULL, NULL, 0, scratch, PARLOR_DOUDIZHU_SCRATCH_BYTES, plan,
                                          PARLOR_DOUDIZHU_MAX_PLAN, &plan_len, &yes), PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES);
        landlord.counts[14] = 0;
        landlord.counts[0] = 5; /* a fifth 3 */
        {
            size_t count = 0;
            ParlorDoudizhuCards one[4];
            CHECK_EQ_U(parlor_doudizhu_moves(&landlord, NULL, 0, one, 4, &count), PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES);
            landlord.counts[0] = 1;
            CHECK_EQ_U(parlor_doudizhu_moves(&landlord, NULL, 5, one, 4, &count), PARLOR_ERR_INVALID_ARGUMENT);
            CHECK_EQ_U(parlor_doudizhu_moves(&landlord, NULL, 0, one, 4, &count), PARLOR_OK);
            CHECK_EQ_U(count, 1);
        }
        free(scratch);
    }
    return CHECK_SUMMARY();
}
