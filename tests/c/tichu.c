/* Tichu through the C ABI: the seed's examples, the resolved form, straight-flush bombs, move
 * generation, a trick, and every kind of bad argument. */
#include <stdint.h>
#include <stdlib.h>
#include "parlor.h"
#include "check.h"

static uint64_t cards(const char *text) {
    uint64_t mask = 0;
    ParlorStatus status = parlor_tichu_parse(text, strlen(text), &mask, NULL);
    CHECK_EQ_U(status, PARLOR_OK);
    return mask;
}

static int legal(const char *previous, const char *play) {
    uint8_t out = 99;
    ParlorStatus status = parlor_tichu_is_legal(previous, strlen(previous), play, strlen(play), &out);
    return status == PARLOR_OK ? out : -(int)status;
}

static const char *LEGAL[][2] = {
    {"6", "J"}, {"JJ", "QQ"}, {"555", "KKK"}, {"44499", "77722"}, {"23456", "56789"},
    {"223344", "QQKKAA"}, {"49494", "72727"}, {"A", "R"}, {"A", "P"}, {"P", "R"}, {"66", "7P"},
    {"P6", "77"}, {"58304967", "6P0594J7"}, {"5P304967", "680594J7"}, {"57446765", "788657P5"},
    {"-", "D"}, {"-", "1"}, {"-", "12345"}, {"3344556677889900", "JJJJ"}, {"5555", "7777"},
};
static const char *ILLEGAL[][2] = {
    {"9", "3"}, {"66", "55"}, {"888", "444"}, {"44", "888"}, {"77722", "44499"}, {"44499", "777"},
    {"44499", "777JJJ"}, {"45678", "34567"}, {"34567", "456789"}, {"556677", "334455"},
    {"5566", "778899"}, {"72727", "49494"}, {"A", "A"}, {"R", "A"}, {"R", "P"}, {"77", "RP"},
    {"77", "6P"}, {"P7", "66"}, {"680594J7", "5P304967"}, {"6P0594J7", "58304967"},
    {"57446765", "3645P536"}, {"1", "D"}, {"2", "D"}, {"2", "1"}, {"-", "1234"}, {"7777", "5555"},
    {"-", "223355"},
};

int main(void) {
    size_t i;
    for (i = 0; i < sizeof LEGAL / sizeof LEGAL[0]; i++) CHECK_EQ_U(legal(LEGAL[i][0], LEGAL[i][1]), 1);
    for (i = 0; i < sizeof ILLEGAL / sizeof ILLEGAL[0]; i++) CHECK_EQ_U(legal(ILLEGAL[i][0], ILLEGAL[i][1]), 0);
    CHECK_EQ_U(legal("", "12345"), 1); /* "" is the lead too */

    /* Straight-flush bombs with suits. */
    CHECK_EQ_U(legal("AjAsApAt", "5j6j7j8j9j"), 1);
    CHECK_EQ_U(legal("6s7s8s9s0s", "5j6j7j8j9j"), 0);
    CHECK_EQ_U(legal("6s7s8s9s0s", "7j8j9j0jJs"), 0); /* mixed suits: a plain straight */

    /* Bad input: typed codes, the offending byte. */
    {
        uint64_t mask = 0;
        size_t offset = 0;
        CHECK_EQ_U(parlor_tichu_parse("77777", 5, &mask, &offset), PARLOR_TICHU_ERR_TOO_MANY_OF_RANK);
        CHECK_EQ_U(offset, 4);
        CHECK_EQ_U(parlor_tichu_parse("PP", 2, &mask, &offset), PARLOR_TICHU_ERR_DUPLICATE_CARD);
        CHECK_EQ_U(parlor_tichu_parse("5j6", 3, &mask, &offset), PARLOR_TICHU_ERR_MIXED_NOTATION);
        CHECK_EQ_U(parlor_tichu_parse("5x", 2, &mask, &offset), PARLOR_TICHU_ERR_UNKNOWN_CARD);
        CHECK_EQ_U(offset, 1);
        CHECK_EQ_U(parlor_tichu_parse("\xff", 1, &mask, NULL), PARLOR_ERR_INVALID_UTF8);
        CHECK_EQ_U(parlor_tichu_parse(NULL, 3, &mask, NULL), PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(parlor_tichu_parse(NULL, 0, &mask, NULL), PARLOR_OK); /* empty = no cards */
        CHECK_EQ_U(mask, 0);
        CHECK_EQ_U(parlor_tichu_parse("5", 1, NULL, NULL), PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(-legal("777", "77"), PARLOR_TICHU_ERR_CARDS_OVERLAP);
        CHECK_EQ_U(-legal("D", "5"), PARLOR_TICHU_ERR_PREVIOUS_IS_DOG);
        CHECK_EQ_U(-legal("1234", "5"), PARLOR_TICHU_ERR_PREVIOUS_NOT_A_COMBINATION);
        CHECK_EQ_U(parlor_tichu_is_legal("6", 1, "J", 1, NULL), PARLOR_ERR_NULL_POINTER);
        CHECK_STR(parlor_status_str(PARLOR_TICHU_ERR_TOO_MANY_OF_RANK), "tichu: a fifth card of one rank");
    }

    /* Formatting: canonical order, size query, too-small buffer. */
    {
        char buf[32];
        char tiny[4];
        size_t len = 0;
        CHECK_EQ_U(parlor_tichu_format(cards("6P0594J7"), buf, sizeof buf, &len), PARLOR_OK);
        CHECK_STR(buf, "456790JP");
        CHECK_EQ_U(len, 8);
        CHECK_EQ_U(parlor_tichu_format(cards("6P0594J7"), NULL, 0, &len), PARLOR_OK);
        CHECK_EQ_U(len, 8);
        CHECK_EQ_U(parlor_tichu_format(cards("6P0594J7"), tiny, sizeof tiny, &len), PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_STR(tiny, "456");
        CHECK_EQ_U(parlor_tichu_format(cards("9t5jRP"), buf, sizeof buf, NULL), PARLOR_OK);
        CHECK_STR(buf, "5j9tRP");
        CHECK_EQ_U(parlor_tichu_format(1ull << 60, buf, sizeof buf, NULL), PARLOR_TICHU_ERR_INVALID_MASK);
        CHECK_EQ_U(parlor_tichu_format(0x2, buf, sizeof buf, NULL), PARLOR_TICHU_ERR_INVALID_MASK);
    }

    /* The resolved form: a single on a Phoenix is judged against n + 1/2. */
    {
        ParlorTichuCombination nine = {PARLOR_TICHU_SINGLE, 1, 18};
        ParlorTichuCombination on_phoenix;
        ParlorTichuCombination bad = {42, 1, 18};
        ParlorTichuCombination bad_shape = {PARLOR_TICHU_PAIR, 3, 18};
        uint8_t ok = 9, has = 9;
        CHECK_EQ_U(parlor_tichu_resolve(&nine, cards("P"), &ok, &on_phoenix), PARLOR_OK);
        CHECK_EQ_U(ok, 1);
        CHECK_EQ_U(on_phoenix.key, 19);
        CHECK_EQ_U(parlor_tichu_resolve(&on_phoenix, cards("9"), &ok, NULL), PARLOR_OK);
        CHECK_EQ_U(ok, 0);
        CHECK_EQ_U(parlor_tichu_resolve(&on_phoenix, cards("0"), &ok, NULL), PARLOR_OK);
        CHECK_EQ_U(ok, 1);
        CHECK_EQ_U(parlor_tichu_resolve(NULL, cards("P3456"), &ok, &on_phoenix), PARLOR_OK);
        CHECK_EQ_U(on_phoenix.kind, PARLOR_TICHU_STRAIGHT);
        CHECK_EQ_U(on_phoenix.key, 14); /* read at its strongest: 3-7 */
        CHECK_EQ_U(parlor_tichu_resolve(&bad, cards("9"), &ok, NULL), PARLOR_ERR_INVALID_ARGUMENT);
        CHECK_EQ_U(parlor_tichu_resolve(&bad_shape, cards("9"), &ok, NULL), PARLOR_TICHU_ERR_INVALID_COMBINATION);
        CHECK_EQ_U(parlor_tichu_resolve(&nine, cards("9"), NULL, NULL), PARLOR_ERR_NULL_POINTER);
        {
            /* Nothing is played on the Dog: the same answer as parlor_tichu_moves and is_legal. */
            ParlorTichuCombination dog = {PARLOR_TICHU_DOG, 1, 0};
            CHECK_EQ_U(parlor_tichu_resolve(&dog, cards("5"), &ok, NULL), PARLOR_TICHU_ERR_PREVIOUS_IS_DOG);
        }
        CHECK_EQ_U(parlor_tichu_previous(cards("P"), &has, &on_phoenix), PARLOR_OK);
        CHECK_EQ_U(has, 1);
        CHECK_EQ_U(on_phoenix.key, 3); /* a lone Phoenix counts as led: 1 1/2 */
        CHECK_EQ_U(parlor_tichu_previous(0, &has, &on_phoenix), PARLOR_OK);
        CHECK_EQ_U(has, 0);
        CHECK_EQ_U(parlor_tichu_previous(cards("D"), &has, &on_phoenix), PARLOR_TICHU_ERR_PREVIOUS_IS_DOG);
    }

    /* Move generation. */
    {
        uint64_t out[16];
        uint64_t *all = (uint64_t *)malloc(PARLOR_TICHU_MAX_MOVES * sizeof(uint64_t));
        size_t count = 0;
        char buf[32];
        ParlorTichuCombination pair_of_fives = {PARLOR_TICHU_PAIR, 2, 10};
        ParlorTichuCombination six = {PARLOR_TICHU_SINGLE, 1, 12};
        CHECK_EQ_U(parlor_tichu_moves(cards("1234P"), NULL, 0, out, 16, &count), PARLOR_OK);
        CHECK_EQ_U(count, 9);
        CHECK_EQ_U(parlor_tichu_format(out[8], buf, sizeof buf, NULL), PARLOR_OK);
        CHECK_STR(buf, "1234P");
        CHECK_EQ_U(parlor_tichu_moves(cards("1234P"), NULL, 0, out, 4, &count), PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ_U(count, 9);
        CHECK_EQ_U(parlor_tichu_moves(cards("1234P"), NULL, 0, NULL, 0, &count), PARLOR_OK);
        CHECK_EQ_U(parlor_tichu_moves(cards("1234P"), NULL, 0, NULL, 4, &count), PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(parlor_tichu_moves(cards("5667P9999R"), &pair_of_fives, 0, out, 16, &count), PARLOR_OK);
        CHECK_EQ_U(count, 6);
        CHECK_EQ_U(out[5], cards("9999"));
        CHECK_EQ_U(parlor_tichu_moves(cards("27KR"), &six, 7, out, 16, &count), PARLOR_OK);
        CHECK_EQ_U(count, 1); /* the wish for 7s binds */
        CHECK_EQ_U(out[0], cards("7"));
        CHECK_EQ_U(parlor_tichu_moves(cards("27KR"), &six, 1, out, 16, &count), PARLOR_ERR_INVALID_ARGUMENT);
        CHECK_EQ_U(parlor_tichu_moves(cards("1234567890JQKAR"), NULL, 0, out, 16, &count),
                   PARLOR_TICHU_ERR_HAND_TOO_LARGE);
        CHECK(all != NULL);
        if (all != NULL) {
            CHECK_EQ_U(parlor_tichu_moves(cards("1234567890JQKP"), NULL, 0, all, PARLOR_TICHU_MAX_MOVES, &count),
                       PARLOR_OK);
            CHECK(count > 100);
            free(all);
        }
    }

    /* A trick: lead, a bomb out of turn, passes; the Dog. */
    {
        ParlorTichuTrick trick;
        uint8_t next = 0;
        CHECK_EQ_U(parlor_tichu_trick_new(0, 0, 0, &trick), PARLOR_OK);
        CHECK_EQ_U(parlor_tichu_trick_pass(&trick, 0, cards("5K"), &next), PARLOR_TICHU_ERR_CANNOT_PASS_ON_LEAD);
        CHECK_EQ_U(parlor_tichu_trick_play(&trick, 0, cards("K"), cards("5K"), 0, &next), PARLOR_OK);
        CHECK_EQ_U(next, 1);
        CHECK_EQ_U(parlor_tichu_trick_play(&trick, 2, cards("A"), cards("A"), 0, &next), PARLOR_TICHU_ERR_NOT_YOUR_TURN);
        CHECK_EQ_U(parlor_tichu_trick_play(&trick, 1, cards("R"), cards("R2"), 0, &next), PARLOR_OK);
        CHECK_EQ_U(parlor_tichu_trick_play(&trick, 3, cards("4444"), cards("44448"), 0, &next), PARLOR_OK);
        CHECK_EQ_U(next, 0);
        CHECK_EQ_U(parlor_tichu_trick_pass(&trick, 0, cards("5"), &next), PARLOR_OK);
        CHECK_EQ_U(parlor_tichu_trick_pass(&trick, 1, cards("2"), &next), PARLOR_OK);
        CHECK_EQ_U(parlor_tichu_trick_pass(&trick, 2, cards("A"), &next), PARLOR_OK);
        CHECK_EQ_U(next, PARLOR_TICHU_NO_SEAT);
        CHECK_EQ_U(trick.over, 1);
        CHECK_EQ_U(trick.end.taker, 3);
        CHECK_EQ_U(trick.end.points, 35);
        CHECK_EQ_U(parlor_tichu_trick_pass(&trick, 3, cards("8"), &next), PARLOR_TICHU_ERR_TRICK_OVER);
        /* Regression: the Jade Ace a second time within one trick, in an out-of-turn bomb. */
        CHECK_EQ_U(parlor_tichu_trick_new(0, 0, 0, &trick), PARLOR_OK);
        CHECK_EQ_U(parlor_tichu_trick_play(&trick, 0, cards("5j"), cards("5j9s"), 0, &next), PARLOR_OK);
        CHECK_EQ_U(parlor_tichu_trick_play(&trick, 1, cards("Aj"), cards("Aj3s"), 0, &next), PARLOR_OK);
        CHECK_EQ_U(parlor_tichu_trick_pass(&trick, 2, cards("2s"), &next), PARLOR_OK);
        CHECK_EQ_U(trick.played, cards("5jAj"));
        CHECK_EQ_U(parlor_tichu_trick_play(&trick, 3, cards("AjAsApAt"), cards("AjAsApAt2j"), 0, &next),
                   PARLOR_TICHU_ERR_PLAYED_TWICE);
        CHECK_EQ_U(trick.played, cards("5jAj"));
        CHECK_EQ_U(trick.turn, 3);
        CHECK_EQ_U(parlor_tichu_trick_new(1, 0, 0, &trick), PARLOR_OK);
        CHECK_EQ_U(parlor_tichu_trick_play(&trick, 1, cards("D"), cards("D5"), 0, &next), PARLOR_OK);
        CHECK_EQ_U(trick.end.dog, 1);
        CHECK_EQ_U(trick.end.next_leader, 3);
        CHECK_EQ_U(parlor_tichu_trick_new(4, 0, 0, &trick), PARLOR_ERR_INVALID_ARGUMENT);
        CHECK_EQ_U(parlor_tichu_trick_new(0, 0, 15, &trick), PARLOR_ERR_INVALID_ARGUMENT);
        CHECK_EQ_U(parlor_tichu_trick_new(0, 1, 0, &trick), PARLOR_TICHU_ERR_SEAT_IS_OUT);
        CHECK_EQ_U(parlor_tichu_trick_new(0, 0, 0, NULL), PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(parlor_tichu_trick_new(0, 0, 0, &trick), PARLOR_OK);
        trick.turn = 9; /* a corrupted state is refused */
        CHECK_EQ_U(parlor_tichu_trick_play(&trick, 0, cards("5"), cards("5"), 0, &next), PARLOR_TICHU_ERR_INVALID_TRICK);
        /* An unreachable state: the turn back at the top play's own seat (the trick ends first). */
        CHECK_EQ_U(parlor_tichu_trick_new(0, 0, 0, &trick), PARLOR_OK);
        CHECK_EQ_U(parlor_tichu_trick_play(&trick, 0, cards("9"), cards("9K"), 0, &next), PARLOR_OK);
        trick.turn = 0;
        CHECK_EQ_U(parlor_tichu_trick_pass(&trick, 0, cards("K"), &next), PARLOR_TICHU_ERR_INVALID_TRICK);
        /* Flags crossing the ABI are 0 or 1: a finished trick with dragon = 2 is corrupt. */
        CHECK_EQ_U(parlor_tichu_trick_new(1, 0, 0, &trick), PARLOR_OK);
        CHECK_EQ_U(parlor_tichu_trick_play(&trick, 1, cards("D"), cards("D5"), 0, &next), PARLOR_OK);
        CHECK_EQ_U(parlor_tichu_trick_pass(&trick, 3, cards("5"), &next), PARLOR_TICHU_ERR_TRICK_OVER);
        trick.end.dragon = 2;
        CHECK_EQ_U(parlor_tichu_trick_pass(&trick, 3, cards("5"), &next), PARLOR_TICHU_ERR_INVALID_TRICK);
        /* An unknown kind code in the previous play, a wish of 15. */
        {
            ParlorTichuCombination bad_kind = {9, 1, 12};
            uint64_t masks[4];
            size_t n = 0;
            uint8_t legal = 0;
            CHECK_EQ_U(parlor_tichu_resolve(&bad_kind, cards("7"), &legal, NULL), PARLOR_ERR_INVALID_ARGUMENT);
            CHECK_EQ_U(parlor_tichu_moves(cards("7"), &bad_kind, 0, masks, 4, &n), PARLOR_ERR_INVALID_ARGUMENT);
            CHECK_EQ_U(parlor_tichu_moves(cards("7"), NULL, 15, masks, 4, &n), PARLOR_ERR_INVALID_ARGUMENT);
        }
    }

    {
        const uint8_t finish[4] = {2, 1, 0, 3};
        const uint8_t double_victory[4] = {0, 2, 1, 3};
        const uint8_t bad_finish[4] = {0, 0, 1, 3};
        const int16_t tricks[4] = {10, 30, 25, 15};
        const uint8_t calls[4] = {0, 2, 1, 0};
        const uint8_t bad_calls[4] = {0, 3, 1, 0};
        int16_t scores[2] = {0, 0};
        CHECK_EQ_U(parlor_tichu_score_round(finish, tricks, 20, calls, scores), PARLOR_OK);
        CHECK_EQ_U(scores[0], 170); /* 100 (Tichu) + 10 + 25 + 15 (last's tricks) + 20 (last's hand) */
        CHECK(scores[1] == -170); /* 30 - 200 (failed Grand Tichu) */
        CHECK_EQ_U(parlor_tichu_score_round(double_victory, tricks, 0, calls, scores), PARLOR_OK);
        CHECK_EQ_U(scores[0], 100); /* 200 - 100: seat 2 called Tichu but seat 0 went out first */
        CHECK(scores[1] == -200);
        CHECK_EQ_U(parlor_tichu_score_round(bad_finish, tricks, 20, calls, scores), PARLOR_ERR_INVALID_ARGUMENT);
        CHECK_EQ_U(parlor_tichu_score_round(finish, tricks, 20, bad_calls, scores), PARLOR_ERR_INVALID_ARGUMENT);
        CHECK_EQ_U(parlor_tichu_score_round(finish, tricks, 0, calls, scores), PARLOR_ERR_INVALID_ARGUMENT);
        {
            /* Sums to 100 but no deal makes it: a pile of 11 points; two negative piles. */
            const int16_t odd[4] = {11, 24, 25, 20};
            const int16_t two_phoenixes[4] = {-25, -25, 75, 55};
            CHECK_EQ_U(parlor_tichu_score_round(finish, odd, 20, calls, scores), PARLOR_ERR_INVALID_ARGUMENT);
            CHECK_EQ_U(parlor_tichu_score_round(finish, two_phoenixes, 20, calls, scores), PARLOR_ERR_INVALID_ARGUMENT);
        }
        {
            /* A double victory does not count card points, but they must still be card points. */
            const int16_t garbage[4] = {32767, 32767, -32768, -32768};
            CHECK_EQ_U(parlor_tichu_score_round(double_victory, garbage, 32767, calls, scores), PARLOR_ERR_INVALID_ARGUMENT);
        }
        CHECK_EQ_U(parlor_tichu_score_round(NULL, tricks, 20, calls, scores), PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(parlor_tichu_score_round(finish, tricks, 20, calls, NULL), PARLOR_ERR_NULL_POINTER);
    }
    {
        int16_t points = 0;
        CHECK_EQ_U(parlor_tichu_card_points(cards("50KRP"), &points), PARLOR_OK);
        CHECK_EQ_U(points, 25);
        CHECK_EQ_U(parlor_tichu_card_points(cards("50KRP"), NULL), PARLOR_ERR_NULL_POINTER);
    }
    return CHECK_SUMMARY();
}
