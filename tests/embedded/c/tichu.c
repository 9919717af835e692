/* Tichu through the C ABI on the Cortex-M3: the seed's legality examples, move generation, a
 * trick driven by an engine, card points, and the error paths (null pointers, bad UTF-8, bad
 * codes, too-small buffers). Expected values come from the seed and docs/rules/tichu.md. */
#include "check.h"
#include "parlor.h"

static uint64_t mask_of(const char *text) {
    uint64_t mask = 0;
    size_t offset = 0;
    CHECK_EQ_U(parlor_tichu_parse(text, text_len(text), &mask, &offset), PARLOR_OK);
    return mask;
}

static int legal(const char *previous, const char *play) {
    uint8_t out = 2;
    uint32_t status = STACK("parlor_tichu_is_legal",
                            parlor_tichu_is_legal(previous, text_len(previous), play, text_len(play), &out));
    CHECK_EQ_U(status, PARLOR_OK);
    return out;
}

static void seed_examples(void) {
    /* Legal (seed 000). */
    CHECK_EQ_U(legal("6", "J"), 1);
    CHECK_EQ_U(legal("44499", "77722"), 1);
    CHECK_EQ_U(legal("223344", "QQKKAA"), 1);
    CHECK_EQ_U(legal("A", "P"), 1);
    CHECK_EQ_U(legal("P6", "77"), 1);
    CHECK_EQ_U(legal("58304967", "6P0594J7"), 1);
    CHECK_EQ_U(legal("-", "D"), 1);
    CHECK_EQ_U(legal("", "12345"), 1);
    CHECK_EQ_U(legal("3344556677889900", "JJJJ"), 1);
    /* Illegal. */
    CHECK_EQ_U(legal("9", "3"), 0);
    CHECK_EQ_U(legal("45678", "34567"), 0);
    CHECK_EQ_U(legal("R", "P"), 0);
    CHECK_EQ_U(legal("77", "6P"), 0);
    CHECK_EQ_U(legal("1", "D"), 0);
    CHECK_EQ_U(legal("-", "1234"), 0);
    CHECK_EQ_U(legal("7777", "5555"), 0);
}

static void readings_and_moves(void) {
    uint8_t has = 9;
    ParlorTichuCombination top = {0, 0, 0};
    ParlorTichuCombination reading = {0, 0, 0};
    uint8_t ok = 9;
    uint64_t moves[16];
    size_t count = 0;

    /* A lone Phoenix led counts 1½: key 3 in half ranks. */
    CHECK_EQ_U(STACK("parlor_tichu_previous", parlor_tichu_previous(mask_of("P"), &has, &top)), PARLOR_OK);
    CHECK_EQ_U(has, 1);
    CHECK_EQ_U(top.kind, PARLOR_TICHU_SINGLE);
    CHECK_EQ_U(top.key, 3);
    CHECK_EQ_U(parlor_tichu_previous(0, &has, &top), PARLOR_OK);
    CHECK_EQ_U(has, 0);
    CHECK_EQ_U(parlor_tichu_previous(mask_of("D"), &has, &top), PARLOR_TICHU_ERR_PREVIOUS_IS_DOG);

    /* The previous play 66 (pair, key 12); 7P reads as the pair of 7s (key 14). */
    CHECK_EQ_U(parlor_tichu_previous(mask_of("66"), &has, &top), PARLOR_OK);
    CHECK_EQ_U(top.kind, PARLOR_TICHU_PAIR);
    CHECK_EQ_U(top.key, 12);
    CHECK_EQ_U(STACK("parlor_tichu_resolve", parlor_tichu_resolve(&top, mask_of("7P"), &ok, &reading)), PARLOR_OK);
    CHECK_EQ_U(ok, 1);
    CHECK_EQ_U(reading.kind, PARLOR_TICHU_PAIR);
    CHECK_EQ_U(reading.key, 14);
    CHECK_EQ_U(parlor_tichu_resolve(&top, mask_of("55"), &ok, NULL), PARLOR_OK);
    CHECK_EQ_U(ok, 0);

    /* From 23456 on the lead: five singles and the straight. */
    CHECK_EQ_U(STACK("parlor_tichu_moves", parlor_tichu_moves(mask_of("23456"), NULL, 0, moves, 16, &count)),
               PARLOR_OK);
    CHECK_EQ_U(count, 6);
    /* From 556677P on 66: 77 and 7P. */
    CHECK_EQ_U(parlor_tichu_moves(mask_of("556677P"), &top, 0, moves, 16, &count), PARLOR_OK);
    CHECK_EQ_U(count, 2);
    /* With a wish for 7 the leader holding 1234567 must play a 7: 7, 1234567, 234567, 34567. */
    CHECK_EQ_U(parlor_tichu_moves(mask_of("1234567"), NULL, 7, moves, 16, &count), PARLOR_OK);
    CHECK_EQ_U(count, 4);
    /* Too small: what fits is written, the count needed comes back. */
    CHECK_EQ_U(parlor_tichu_moves(mask_of("23456"), NULL, 0, moves, 2, &count), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(count, 6);
    CHECK_EQ_U(parlor_tichu_moves(mask_of("23456"), NULL, 0, NULL, 0, &count), PARLOR_OK);
    CHECK_EQ_U(count, 6);
    CHECK_EQ_U(parlor_tichu_moves(mask_of("23456"), NULL, 1, moves, 16, &count), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_tichu_moves(mask_of("1234567890JQKAP"), NULL, 0, moves, 16, &count),
               PARLOR_TICHU_ERR_HAND_TOO_LARGE);
    reading.kind = 99;
    CHECK_EQ_U(parlor_tichu_moves(mask_of("23456"), &reading, 0, moves, 16, &count), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_tichu_resolve(&reading, mask_of("2"), &ok, NULL), PARLOR_ERR_INVALID_ARGUMENT);
}

static void trick(void) {
    ParlorTichuTrick t;
    uint8_t next = 9;
    CHECK_EQ_U(STACK("parlor_tichu_trick_new", parlor_tichu_trick_new(0, 0, 0, &t)), PARLOR_OK);
    CHECK_EQ_U(t.turn, 0);
    CHECK_EQ_U(t.has_top, 0);
    /* Seat 0 leads a King (10 points), seat 1 passes, seat 2 beats it with the Dragon. */
    CHECK_EQ_U(STACK("parlor_tichu_trick_play", parlor_tichu_trick_play(&t, 0, mask_of("K"), mask_of("K3"), 0, &next)),
               PARLOR_OK);
    CHECK_EQ_U(next, 1);
    CHECK_EQ_U(t.points, 10);
    CHECK_EQ_U(parlor_tichu_trick_pass(&t, 0, mask_of("3"), &next), PARLOR_TICHU_ERR_NOT_YOUR_TURN);
    CHECK_EQ_U(STACK("parlor_tichu_trick_pass", parlor_tichu_trick_pass(&t, 1, mask_of("45"), &next)), PARLOR_OK);
    CHECK_EQ_U(next, 2);
    CHECK_EQ_U(parlor_tichu_trick_play(&t, 2, mask_of("Q"), mask_of("QR"), 0, &next), PARLOR_TICHU_ERR_ILLEGAL_PLAY);
    CHECK_EQ_U(parlor_tichu_trick_play(&t, 2, mask_of("R"), mask_of("QR"), 0, &next), PARLOR_OK);
    CHECK_EQ_U(t.points, 35);
    CHECK_EQ_U(parlor_tichu_trick_play(&t, 3, mask_of("9"), mask_of("8"), 0, &next), PARLOR_TICHU_ERR_NOT_IN_HAND);
    CHECK_EQ_U(parlor_tichu_trick_pass(&t, 3, mask_of("8"), &next), PARLOR_OK);
    CHECK_EQ_U(parlor_tichu_trick_pass(&t, 0, mask_of("3"), &next), PARLOR_OK);
    CHECK_EQ_U(parlor_tichu_trick_pass(&t, 1, mask_of("45"), &next), PARLOR_OK);
    CHECK_EQ_U(next, PARLOR_TICHU_NO_SEAT);
    CHECK_EQ_U(t.over, 1);
    CHECK_EQ_U(t.end.taker, 2);
    CHECK_EQ_U(t.end.dragon, 1);
    CHECK_EQ_U(t.end.points, 35);
    CHECK_EQ_U(parlor_tichu_trick_new(4, 0, 0, &t), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_tichu_trick_new(0, 0x10, 0, &t), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_tichu_trick_new(0, 0, 0, NULL), PARLOR_ERR_NULL_POINTER);
    t.turn = 7;
    CHECK_EQ_U(parlor_tichu_trick_pass(&t, 1, 0, &next), PARLOR_TICHU_ERR_INVALID_TRICK);
}

static void text_and_errors(void) {
    uint64_t mask = 0;
    size_t offset = 99;
    size_t len = 0;
    char buf[32];
    char tiny[3];
    int16_t points = 0;
    uint8_t out = 0;
    const char bad_utf8[2] = {(char)0xC3, (char)0x28};

    CHECK_EQ_U(STACK("parlor_tichu_parse", parlor_tichu_parse("6X", 2, &mask, &offset)), PARLOR_TICHU_ERR_UNKNOWN_CARD);
    CHECK_EQ_U(offset, 1);
    CHECK_EQ_U(parlor_tichu_parse("77777", 5, &mask, NULL), PARLOR_TICHU_ERR_TOO_MANY_OF_RANK);
    CHECK_EQ_U(parlor_tichu_parse("PP", 2, &mask, &offset), PARLOR_TICHU_ERR_DUPLICATE_CARD);
    CHECK_EQ_U(parlor_tichu_parse(NULL, 3, &mask, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_tichu_parse(NULL, 0, &mask, NULL), PARLOR_OK);
    CHECK_EQ_U(mask, 0);
    CHECK_EQ_U(parlor_tichu_parse("6", 1, NULL, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_tichu_parse(bad_utf8, 2, &mask, NULL), PARLOR_ERR_INVALID_UTF8);
    CHECK_EQ_U(parlor_tichu_is_legal("6", 1, "J", 1, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_tichu_is_legal("6", 1, "Z", 1, &out), PARLOR_TICHU_ERR_UNKNOWN_CARD);

    /* Format round-trips; a too-small buffer reports the length needed. */
    mask = mask_of("0J9QK");
    CHECK_EQ_U(STACK("parlor_tichu_format", parlor_tichu_format(mask, buf, sizeof buf, &len)), PARLOR_OK);
    CHECK_EQ_U(len, 5);
    CHECK_EQ_U(mask_of(buf), mask);
    CHECK_EQ_U(parlor_tichu_format(mask, tiny, sizeof tiny, &len), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(len, 5);
    CHECK_EQ_U(tiny[2], 0);
    CHECK_EQ_U(parlor_tichu_format(mask, NULL, 0, &len), PARLOR_OK);
    CHECK_EQ_U(parlor_tichu_format(mask, NULL, 4, &len), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_tichu_format(0, buf, sizeof buf, &len), PARLOR_OK);
    CHECK_STR(buf, "-");
    CHECK_EQ_U(parlor_tichu_format(~(uint64_t)0, buf, sizeof buf, &len), PARLOR_TICHU_ERR_INVALID_MASK);

    /* Card points: 5, ten, King, Dragon, Phoenix = 5 + 10 + 10 + 25 - 25. */
    CHECK_EQ_U(STACK("parlor_tichu_card_points", parlor_tichu_card_points(mask_of("50KRP"), &points)), PARLOR_OK);
    CHECK_EQ_U(points, 25);
    CHECK_EQ_U(parlor_tichu_card_points(~(uint64_t)0, &points), PARLOR_TICHU_ERR_INVALID_MASK);
    CHECK_EQ_U(parlor_tichu_card_points(0, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_STR(parlor_status_str(PARLOR_TICHU_ERR_UNKNOWN_CARD), "tichu: unknown card");
}

static void scoring(void) {
    /* Seat 0 out first (Tichu made), seat 3 last with 10 points in hand and 5 in tricks: the
     * tricks go to the first out, the hand to the opponents (spec, "Beyond the seed"). */
    const uint8_t finish[4] = {0, 1, 2, 3};
    const int16_t points[4] = {40, 20, 25, 5};
    const uint8_t calls[4] = {1, 0, 0, 0};
    const uint8_t double_victory[4] = {1, 3, 0, 2};
    const int16_t none[4] = {0, 0, 0, 0};
    const uint8_t no_calls[4] = {0, 0, 0, 0};
    const uint8_t bad_call[4] = {3, 0, 0, 0};
    const uint8_t repeated[4] = {0, 0, 2, 3};
    int16_t scores[2] = {0, 0};
    CHECK_EQ_U(STACK("parlor_tichu_score_round", parlor_tichu_score_round(finish, points, 10, calls, scores)), PARLOR_OK);
    CHECK_EQ_U(scores[0], 180);
    CHECK_EQ_U(scores[1], 20);
    /* Seats 1 and 3 out first: a double victory, 200 to team 1, card points not counted. */
    CHECK_EQ_U(parlor_tichu_score_round(double_victory, none, 0, no_calls, scores), PARLOR_OK);
    CHECK_EQ_U(scores[0], 0);
    CHECK_EQ_U(scores[1], 200);
    CHECK_EQ_U(parlor_tichu_score_round(finish, points, 10, bad_call, scores), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_tichu_score_round(repeated, points, 10, calls, scores), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_tichu_score_round(finish, NULL, 10, calls, scores), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_tichu_score_round(finish, points, 10, calls, NULL), PARLOR_ERR_NULL_POINTER);
}

void test_tichu(void) {
    scoring();
    seed_examples();
    readings_and_moves();
    trick();
    text_and_errors();
}
