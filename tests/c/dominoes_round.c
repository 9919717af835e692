/* The whole dominoes game through the C ABI, from C99: a given Five Up hand played out with
 * the rules' real scores, a seeded hand and a whole match played by "the first legal action",
 * illegal actions leaving the caller's state unchanged, garbage state bytes refused, and the stack
 * each entry point uses (a painted ucontext stack: POSIX, hence _XOPEN_SOURCE). */
#define _XOPEN_SOURCE 700
#include <stdint.h>
#include <stdlib.h>
#include <ucontext.h>

#include "parlor.h"
#include "check.h"

static ParlorDominoTile tile(uint32_t a, uint32_t b) {
    ParlorDominoTile t;
    t.a = a;
    t.b = b;
    return t;
}

static ParlorDominoesAction play(uint32_t a, uint32_t b, int on, uint32_t c, uint32_t d) {
    ParlorDominoesAction action;
    memset(&action, 0, sizeof action);
    action.kind = PARLOR_DOMINOES_ACTION_PLAY;
    action.tile = tile(a, b);
    action.has_on = (uint8_t)on;
    action.on = tile(c, d);
    return action;
}

static ParlorDominoesAction simple(uint8_t kind) {
    ParlorDominoesAction action;
    memset(&action, 0, sizeof action);
    action.kind = kind;
    return action;
}

static void test_a_given_hand(void) {
    /* Seat 0: 5-5 5-0 1-2 2-3 0-0; seat 1: 5-6 4-4 1-1 0-3 3-3; the boneyard: the rest of the
     * double-six set in order. */
    ParlorDominoTile deal[28] = {
        {5, 5}, {5, 0}, {1, 2}, {2, 3}, {0, 0}, {5, 6}, {4, 4}, {1, 1}, {0, 3}, {3, 3},
        {0, 1}, {0, 2}, {0, 4}, {0, 6}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {2, 2}, {2, 4},
        {2, 5}, {2, 6}, {3, 4}, {3, 5}, {3, 6}, {4, 5}, {4, 6}, {6, 6},
    };
    ParlorDominoesConfig config;
    ParlorDominoesRound round, before;
    ParlorDominoesEvent event;
    ParlorDominoesOutcome outcome;
    ParlorDominoesObservation seen;
    ParlorDominoTile hand[PARLOR_DOMINOES_MAX_SET_TILES];
    ParlorDominoesLaid layout[PARLOR_DOMINOES_MAX_SET_TILES];
    ParlorDominoesAction legal[8];
    size_t total = 0;
    uint8_t seat = 0;

    CHECK_EQ_U(parlor_dominoes_config_preset(PARLOR_DOMINOES_PRESET_FIVE_UP, &config), PARLOR_OK);
    CHECK_EQ_U(config.hand_size, 5);
    CHECK_EQ_U(config.target, 61);
    CHECK_EQ_U(parlor_dominoes_round_new_given(&config, deal, 28, &round), PARLOR_OK);
    CHECK_EQ_U(parlor_dominoes_round_new_given(&config, deal, 27, &round), PARLOR_DOMINOES_ERR_BAD_DEAL);
    CHECK_EQ_U(parlor_dominoes_round_to_act(&round, &seat), PARLOR_OK);
    CHECK_EQ_U(seat, 0); /* the highest double dealt, 5-5 */

    /* The opening: any of the five tiles, in tile-id order (0-0 first). */
    CHECK_EQ_U(parlor_dominoes_round_legal_actions(&round, 0, legal, 8, &total), PARLOR_OK);
    CHECK_EQ_U(total, 5);
    CHECK_EQ_U(legal[0].tile.a, 0);
    CHECK_EQ_U(legal[0].tile.b, 0);
    CHECK_EQ_U(parlor_dominoes_round_legal_actions(&round, 0, legal, 2, &total), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(total, 5);
    /* Size queries (capacity 0) answer PARLOR_OK with the size, as the header's convention says
     * (a new user's trial found the round functions answering BUFFER_TOO_SMALL). */
    total = 0;
    CHECK_EQ_U(parlor_dominoes_round_legal_actions(&round, 0, NULL, 0, &total), PARLOR_OK);
    CHECK_EQ_U(total, 5);
    {
        size_t size = 0;
        CHECK_EQ_U(parlor_dominoes_round_encode(&round, NULL, 0, &size), PARLOR_OK);
        CHECK_EQ_U(size, PARLOR_DOMINOES_ROUND_ENCODED_BYTES);
    }
    CHECK_EQ_U(parlor_dominoes_round_legal_actions(&round, 1, legal, 8, &total), PARLOR_OK);
    CHECK_EQ_U(total, 0);

    /* Illegal actions: a status, and the caller's bytes are untouched. */
    before = round;
    {
        ParlorDominoesAction draw = simple(PARLOR_DOMINOES_ACTION_DRAW);
        ParlorDominoesAction bad_kind = simple(7);
        ParlorDominoesAction not_held = play(6, 6, 0, 0, 0);
        CHECK_EQ_U(parlor_dominoes_round_apply(&round, 0, &draw, &event), PARLOR_DOMINOES_ERR_MUST_PLAY);
        CHECK_EQ_U(parlor_dominoes_round_apply(&round, 1, &draw, &event), PARLOR_DOMINOES_ERR_NOT_YOUR_TURN);
        CHECK_EQ_U(parlor_dominoes_round_apply(&round, 0, &bad_kind, &event), PARLOR_ERR_INVALID_ARGUMENT);
        CHECK_EQ_U(parlor_dominoes_round_apply(&round, 0, &not_held, &event), PARLOR_DOMINOES_ERR_NOT_IN_HAND);
        CHECK_EQ_U(parlor_dominoes_round_apply(&round, 0, NULL, &event), PARLOR_ERR_NULL_POINTER);
    }
    CHECK(memcmp(&round, &before, sizeof round) == 0);

    {
        struct {
            uint8_t seat;
            ParlorDominoesAction action;
            uint8_t kind;
            uint16_t points;
            uint32_t open_total;
        } script[11];
        size_t i;
        script[0].seat = 0; script[0].action = play(5, 5, 0, 0, 0); script[0].points = 2; script[0].open_total = 10;
        script[1].seat = 1; script[1].action = play(5, 6, 1, 5, 5); script[1].points = 0; script[1].open_total = 16;
        script[2].seat = 0; script[2].action = play(5, 0, 1, 5, 5); script[2].points = 0; script[2].open_total = 6;
        script[3].seat = 1; script[3].action = play(0, 3, 1, 5, 0); script[3].points = 0; script[3].open_total = 9;
        script[4].seat = 0; script[4].action = play(2, 3, 1, 0, 3); script[4].points = 0; script[4].open_total = 8;
        script[5].seat = 1; script[5].action = simple(PARLOR_DOMINOES_ACTION_DRAW); script[5].points = 0; script[5].open_total = 0;
        script[6].seat = 1; script[6].action = simple(PARLOR_DOMINOES_ACTION_DRAW); script[6].points = 0; script[6].open_total = 0;
        script[7].seat = 1; script[7].action = play(0, 2, 1, 2, 3); script[7].points = 0; script[7].open_total = 6;
        script[8].seat = 0; script[8].action = play(0, 0, 1, 0, 2); script[8].points = 0; script[8].open_total = 6;
        script[9].seat = 1; script[9].action = play(0, 1, 1, 0, 0); script[9].points = 0; script[9].open_total = 7;
        script[10].seat = 0; script[10].action = play(1, 2, 1, 0, 1); script[10].points = 0; script[10].open_total = 8;
        for (i = 0; i < 11; i++) {
            CHECK_EQ_U(parlor_dominoes_round_apply(&round, script[i].seat, &script[i].action, &event), PARLOR_OK);
            CHECK_EQ_U(event.points, script[i].points);
            CHECK_EQ_U(event.open_total, script[i].open_total);
            if (i == 5) {
                CHECK_EQ_U(event.kind, PARLOR_DOMINOES_EVENT_DREW);
                CHECK_EQ_U(event.tile.a, 0);
                CHECK_EQ_U(event.tile.b, 1);
            }
            if (i == 3) {
                /* Seat 1 sees its own tiles and the layout, and only counts of the rest. */
                CHECK_EQ_U(parlor_dominoes_round_observe(&round, 1, &seen, hand, PARLOR_DOMINOES_MAX_SET_TILES,
                                                         layout, PARLOR_DOMINOES_MAX_SET_TILES),
                           PARLOR_OK);
                CHECK_EQ_U(seen.hand_len, 3);
                CHECK_EQ_U(seen.hand_counts[0], 3);
                CHECK_EQ_U(seen.boneyard, 18);
                CHECK_EQ_U(seen.layout_len, 4);
                CHECK_EQ_U(layout[3].tile.a, 0);
                CHECK_EQ_U(layout[3].on.b, 5);
                CHECK_EQ_U(seen.scores[0], 2);
                CHECK_EQ_U(parlor_dominoes_round_observe(&round, 1, &seen, hand, 1, layout, 8),
                           PARLOR_ERR_BUFFER_TOO_SMALL);
            }
        }
    }
    CHECK_EQ_U(event.hand_over, 1);
    CHECK_EQ_U(parlor_dominoes_round_outcome(&round, &outcome), PARLOR_OK);
    CHECK_EQ_U(outcome.over, 1);
    CHECK_EQ_U(outcome.end, PARLOR_DOMINOES_END_DOMINO);
    CHECK_EQ_U(outcome.domino_seat, 0);
    CHECK_EQ_U(outcome.bonus, 3); /* 4-4 1-1 3-3 left: 16 pips, (16 + 2) / 5 */
    CHECK_EQ_U(outcome.scores[0], 5);
    CHECK_EQ_U(outcome.scores[1], 0);
    CHECK_EQ_U(parlor_dominoes_round_to_act(&round, &seat), PARLOR_OK);
    CHECK_EQ_U(seat, PARLOR_DOMINOES_NO_SEAT);
}

static void test_seeded_hands_and_bytes(void) {
    ParlorDominoesConfig config;
    ParlorDominoesRound round, copy;
    ParlorDominoesAction legal[PARLOR_DOMINOES_MAX_SET_TILES];
    ParlorDominoesOutcome outcome;
    uint8_t bytes[PARLOR_DOMINOES_ROUND_ENCODED_BYTES];
    size_t total = 0, len = 0, steps = 0;
    uint8_t seat = 0;
    unsigned i;

    CHECK_EQ_U(parlor_dominoes_config_preset(PARLOR_DOMINOES_PRESET_FIVE_UP, &config), PARLOR_OK);
    CHECK_EQ_U(parlor_dominoes_round_new(&config, 3, &round), PARLOR_OK);
    while (parlor_dominoes_round_to_act(&round, &seat) == PARLOR_OK && seat != PARLOR_DOMINOES_NO_SEAT) {
        CHECK_EQ_U(parlor_dominoes_round_legal_actions(&round, seat, legal, PARLOR_DOMINOES_MAX_SET_TILES, &total),
                   PARLOR_OK);
        CHECK(total >= 1);
        CHECK_EQ_U(parlor_dominoes_round_apply(&round, seat, &legal[0], NULL), PARLOR_OK);
        steps++;
        if (steps > 200) break;
    }
    CHECK_EQ_U(parlor_dominoes_round_outcome(&round, &outcome), PARLOR_OK);
    CHECK_EQ_U(outcome.over, 1);

    /* Encode, decode, the same bytes. */
    CHECK_EQ_U(parlor_dominoes_round_encode(&round, bytes, sizeof bytes, &len), PARLOR_OK);
    CHECK_EQ_U(len, PARLOR_DOMINOES_ROUND_ENCODED_BYTES);
    CHECK_EQ_U(parlor_dominoes_round_encode(&round, bytes, 10, &len), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(parlor_dominoes_round_encode(&round, bytes, sizeof bytes, &len), PARLOR_OK);
    CHECK_EQ_U(parlor_dominoes_round_decode(bytes, len, &copy), PARLOR_OK);
    CHECK(memcmp(&copy, &round, sizeof round) == 0);
    CHECK_EQ_U(parlor_dominoes_round_decode(bytes, 100, &copy), PARLOR_DOMINOES_ERR_BAD_STATE);

    /* Garbage state bytes: a status, never a crash. */
    srand(7);
    for (i = 0; i < 200; i++) {
        size_t k;
        for (k = 0; k < PARLOR_DOMINOES_ROUND_WORDS; k++) {
            copy.opaque[k] = ((uint64_t)rand() << 33) ^ ((uint64_t)rand() << 11) ^ (uint64_t)rand();
        }
        CHECK_EQ_U(parlor_dominoes_round_to_act(&copy, &seat), PARLOR_DOMINOES_ERR_BAD_STATE);
    }
    memset(&copy, 0, sizeof copy);
    CHECK_EQ_U(parlor_dominoes_round_legal_actions(&copy, 0, legal, 8, &total), PARLOR_DOMINOES_ERR_BAD_STATE);
    config.players = 5;
    CHECK_EQ_U(parlor_dominoes_round_new(&config, 3, &round), PARLOR_DOMINOES_ERR_BAD_CONFIG);
    config.players = 2;
    config.spinner = 9;
    CHECK_EQ_U(parlor_dominoes_round_new(&config, 3, &round), PARLOR_ERR_INVALID_ARGUMENT);
}

static void test_a_whole_match(void) {
    ParlorDominoesConfig config;
    ParlorDominoesMatch game;
    ParlorDominoesAction legal[PARLOR_DOMINOES_MAX_SET_TILES];
    ParlorDominoesOutcome hand;
    uint16_t scores[4], sum[4] = {0, 0, 0, 0};
    uint8_t seat = 0, over = 0, winner = 0;
    size_t total = 0, hands = 0, steps = 0;
    int k;

    CHECK_EQ_U(parlor_dominoes_config_preset(PARLOR_DOMINOES_PRESET_FIVE_UP, &config), PARLOR_OK);
    CHECK_EQ_U(parlor_dominoes_match_new(&config, 11, &game), PARLOR_OK);
    while (parlor_dominoes_match_to_act(&game, &seat) == PARLOR_OK && seat != PARLOR_DOMINOES_NO_SEAT) {
        CHECK_EQ_U(parlor_dominoes_match_legal_actions(&game, seat, legal, PARLOR_DOMINOES_MAX_SET_TILES, &total),
                   PARLOR_OK);
        CHECK_EQ_U(parlor_dominoes_match_apply(&game, seat, &legal[0], NULL, &hand), PARLOR_OK);
        if (hand.over) {
            hands++;
            for (k = 0; k < 4; k++) sum[k] = (uint16_t)(sum[k] + hand.scores[k]);
        }
        if (++steps > 100000) break;
    }
    CHECK_EQ_U(parlor_dominoes_match_outcome(&game, scores, &over, &winner), PARLOR_OK);
    CHECK_EQ_U(over, 1);
    CHECK(hands >= 2);
    CHECK(winner < 2);
    CHECK(scores[winner] >= 61);
    CHECK_EQ_U(scores[0], sum[0]);
    CHECK_EQ_U(scores[1], sum[1]);
}

/* Regression (tests/c/fuzz_loop.c): a state with a non-zero byte past its encoded form (the
 * round's bytes 513..519 of 520, the match's 533..535 of 536) was accepted by every call and
 * then differed from encode-then-decode of itself; now it is PARLOR_DOMINOES_ERR_BAD_STATE, as
 * in the other games' states, and a refused apply leaves it unchanged. */
static void test_state_tail_bytes_are_refused(void) {
    ParlorDominoesConfig config;
    ParlorDominoesRound round, spoilt;
    ParlorDominoesMatch game, spoilt_game;
    ParlorDominoesAction legal[PARLOR_DOMINOES_MAX_SET_TILES];
    ParlorDominoesObservation seen;
    ParlorDominoesOutcome outcome;
    uint8_t bytes[PARLOR_DOMINOES_MATCH_ENCODED_BYTES];
    uint8_t seat = 0, over = 0, winner = 0;
    uint16_t scores[4];
    size_t total = 0, len = 0, at;

    CHECK_EQ_U(parlor_dominoes_config_preset(PARLOR_DOMINOES_PRESET_FIVE_UP, &config), PARLOR_OK);
    CHECK_EQ_U(parlor_dominoes_round_new(&config, 5, &round), PARLOR_OK);
    CHECK_EQ_U(parlor_dominoes_round_to_act(&round, &seat), PARLOR_OK);
    CHECK_EQ_U(parlor_dominoes_round_legal_actions(&round, seat, legal, PARLOR_DOMINOES_MAX_SET_TILES, &total), PARLOR_OK);
    for (at = PARLOR_DOMINOES_ROUND_ENCODED_BYTES; at < sizeof round; at++) {
        spoilt = round;
        ((uint8_t *)&spoilt)[at] = 1;
        CHECK_EQ_U(parlor_dominoes_round_to_act(&spoilt, &seat), PARLOR_DOMINOES_ERR_BAD_STATE);
        CHECK_EQ_U(parlor_dominoes_round_observe(&spoilt, 0, &seen, NULL, 0, NULL, 0), PARLOR_DOMINOES_ERR_BAD_STATE);
        CHECK_EQ_U(parlor_dominoes_round_outcome(&spoilt, &outcome), PARLOR_DOMINOES_ERR_BAD_STATE);
        CHECK_EQ_U(parlor_dominoes_round_encode(&spoilt, bytes, sizeof bytes, &len), PARLOR_DOMINOES_ERR_BAD_STATE);
        CHECK_EQ_U(parlor_dominoes_round_apply(&spoilt, seat, &legal[0], NULL), PARLOR_DOMINOES_ERR_BAD_STATE);
        CHECK_EQ_U(((uint8_t *)&spoilt)[at], 1);
    }
    CHECK_EQ_U(parlor_dominoes_round_apply(&round, seat, &legal[0], NULL), PARLOR_OK);

    CHECK_EQ_U(parlor_dominoes_match_new(&config, 5, &game), PARLOR_OK);
    CHECK_EQ_U(parlor_dominoes_match_to_act(&game, &seat), PARLOR_OK);
    CHECK_EQ_U(parlor_dominoes_match_legal_actions(&game, seat, legal, PARLOR_DOMINOES_MAX_SET_TILES, &total), PARLOR_OK);
    for (at = PARLOR_DOMINOES_MATCH_ENCODED_BYTES; at < sizeof game; at++) {
        spoilt_game = game;
        ((uint8_t *)&spoilt_game)[at] = 0x80;
        CHECK_EQ_U(parlor_dominoes_match_to_act(&spoilt_game, &seat), PARLOR_DOMINOES_ERR_BAD_STATE);
        CHECK_EQ_U(parlor_dominoes_match_round(&spoilt_game, &spoilt), PARLOR_DOMINOES_ERR_BAD_STATE);
        CHECK_EQ_U(parlor_dominoes_match_outcome(&spoilt_game, scores, &over, &winner), PARLOR_DOMINOES_ERR_BAD_STATE);
        CHECK_EQ_U(parlor_dominoes_match_encode(&spoilt_game, bytes, sizeof bytes, &len), PARLOR_DOMINOES_ERR_BAD_STATE);
        CHECK_EQ_U(parlor_dominoes_match_apply(&spoilt_game, seat, &legal[0], NULL, NULL), PARLOR_DOMINOES_ERR_BAD_STATE);
    }
    CHECK_EQ_U(parlor_dominoes_match_apply(&game, seat, &legal[0], NULL, NULL), PARLOR_OK);
}

/* Stack use: each entry point on a painted stack (the debug build the tests link uses more than
 * release; release figures are in docs/dominoes.md). */
#define PAINT 0xA5
static unsigned char probe_stack[64 * 1024];
static ucontext_t probe_caller, probe_callee;
static int probe_op;
static ParlorStatus probe_status;
static ParlorDominoesConfig probe_config;
static ParlorDominoesRound probe_round;
static ParlorDominoesMatch probe_match;
static ParlorDominoesAction probe_actions[PARLOR_DOMINOES_MAX_SET_TILES];
static ParlorDominoTile probe_hand[PARLOR_DOMINOES_MAX_SET_TILES];
static ParlorDominoesLaid probe_layout[PARLOR_DOMINOES_MAX_SET_TILES];
static uint8_t probe_bytes[PARLOR_DOMINOES_MATCH_ENCODED_BYTES];

static void probe_body(void) {
    size_t total = 0;
    ParlorDominoesEvent event;
    ParlorDominoesOutcome outcome;
    ParlorDominoesObservation seen;
    ParlorDominoesRound copy = probe_round;
    ParlorDominoesMatch game = probe_match;
    switch (probe_op) {
    case 0: probe_status = parlor_dominoes_round_new(&probe_config, 5, &copy); break;
    case 1:
        probe_status = parlor_dominoes_round_legal_actions(&probe_round, 0, probe_actions,
                                                           PARLOR_DOMINOES_MAX_SET_TILES, &total);
        break;
    case 2: probe_status = parlor_dominoes_round_apply(&copy, 0, &probe_actions[0], &event); break;
    case 3:
        probe_status = parlor_dominoes_round_observe(&probe_round, 0, &seen, probe_hand, PARLOR_DOMINOES_MAX_SET_TILES,
                                                     probe_layout, PARLOR_DOMINOES_MAX_SET_TILES);
        break;
    case 4: probe_status = parlor_dominoes_round_decode(probe_bytes, PARLOR_DOMINOES_ROUND_ENCODED_BYTES, &copy); break;
    case 5: probe_status = parlor_dominoes_match_new(&probe_config, 5, &game); break;
    case 7: probe_status = (ParlorStatus)(copy.opaque[3] ^ game.opaque[3] ^ copy.opaque[3] ^ game.opaque[3]); break;
    default: probe_status = parlor_dominoes_match_apply(&game, 0, &probe_actions[0], &event, &outcome); break;
    }
}

static size_t stack_used(int op) {
    size_t untouched = 0;
    probe_op = op;
    memset(probe_stack, PAINT, sizeof probe_stack);
    if (getcontext(&probe_callee) != 0) return sizeof probe_stack;
    probe_callee.uc_stack.ss_sp = probe_stack;
    probe_callee.uc_stack.ss_size = sizeof probe_stack;
    probe_callee.uc_link = &probe_caller;
    makecontext(&probe_callee, probe_body, 0);
    if (swapcontext(&probe_caller, &probe_callee) != 0) return sizeof probe_stack;
    while (untouched < sizeof probe_stack && probe_stack[untouched] == PAINT) untouched++;
    return sizeof probe_stack - untouched;
}

static void test_stack_use(void) {
    static const char *names[] = {"round_new", "round_legal_actions", "round_apply", "round_observe",
                                  "round_decode", "match_new", "match_apply", "(the probe's own frame)"};
    size_t total = 0, len = 0, most = 0;
    uint8_t seat = 0;
    int op;
    /* A double-18 hand (the largest state) with a few tiles down, seat 0 to act. */
    CHECK_EQ_U(parlor_dominoes_config_preset(PARLOR_DOMINOES_PRESET_FIVE_UP, &probe_config), PARLOR_OK);
    probe_config.high = 18;
    probe_config.leader = 1;
    CHECK_EQ_U(parlor_dominoes_round_new(&probe_config, 5, &probe_round), PARLOR_OK);
    CHECK_EQ_U(parlor_dominoes_match_new(&probe_config, 5, &probe_match), PARLOR_OK);
    while (parlor_dominoes_round_to_act(&probe_round, &seat) == PARLOR_OK && total < 3) {
        parlor_dominoes_round_legal_actions(&probe_round, seat, probe_actions, PARLOR_DOMINOES_MAX_SET_TILES, &len);
        parlor_dominoes_round_apply(&probe_round, seat, &probe_actions[0], NULL);
        total++;
    }
    parlor_dominoes_round_to_act(&probe_round, &seat);
    parlor_dominoes_round_legal_actions(&probe_round, 0, probe_actions, PARLOR_DOMINOES_MAX_SET_TILES, &len);
    parlor_dominoes_round_encode(&probe_round, probe_bytes, sizeof probe_bytes, &len);
    parlor_dominoes_match_legal_actions(&probe_match, 0, probe_actions, PARLOR_DOMINOES_MAX_SET_TILES, &len);
    for (op = 0; op < 8; op++) {
        size_t used = stack_used(op);
        if (op != 2 && op != 6) CHECK_EQ_U(probe_status, PARLOR_OK);
        printf("stack: parlor_dominoes_%s: %lu bytes\n", names[op], (unsigned long)used);
        if (used > most) most = used;
    }
    /* The debug build the tests link; release is far smaller (docs/dominoes.md). */
    CHECK(most < 32768);
}

/* A misaligned event or action pointer is refused (never read or written through) before the
 * action is taken: the state is as it was, and the same action then applies. */
static void test_misaligned_pointers_leave_the_state_unchanged(void) {
    ParlorDominoesConfig config;
    ParlorDominoesRound round, before;
    ParlorDominoesAction legal[PARLOR_DOMINOES_MAX_SET_TILES];
    union {
        ParlorDominoesEvent event;
        ParlorDominoesAction action;
        unsigned char bytes[sizeof(ParlorDominoesEvent) + sizeof(ParlorDominoesAction) + 8];
    } space;
    size_t total = 0;
    uint8_t seat = 0;

    CHECK_EQ_U(parlor_dominoes_config_preset(PARLOR_DOMINOES_PRESET_FIVE_UP, &config), PARLOR_OK);
    CHECK_EQ_U(parlor_dominoes_round_new(&config, 9, &round), PARLOR_OK);
    CHECK_EQ_U(parlor_dominoes_round_to_act(&round, &seat), PARLOR_OK);
    CHECK_EQ_U(parlor_dominoes_round_legal_actions(&round, seat, legal, PARLOR_DOMINOES_MAX_SET_TILES, &total), PARLOR_OK);
    CHECK(total >= 1);
    before = round;
    CHECK_EQ_U(parlor_dominoes_round_apply(&round, seat, &legal[0], (ParlorDominoesEvent *)(void *)(space.bytes + 1)),
               PARLOR_ERR_INVALID_ARGUMENT);
    CHECK(memcmp(&round, &before, sizeof round) == 0);
    memcpy(space.bytes + 1, &legal[0], sizeof legal[0]);
    CHECK_EQ_U(parlor_dominoes_round_apply(&round, seat, (const ParlorDominoesAction *)(const void *)(space.bytes + 1), NULL),
               PARLOR_ERR_INVALID_ARGUMENT);
    CHECK(memcmp(&round, &before, sizeof round) == 0);
    CHECK_EQ_U(parlor_dominoes_round_apply(&round, seat, &legal[0], &space.event), PARLOR_OK);
    CHECK(memcmp(&round, &before, sizeof round) != 0);
}

int main(void) {
    test_stack_use();
    test_a_given_hand();
    test_seeded_hands_and_bytes();
    test_a_whole_match();
    test_state_tail_bytes_are_refused();
    test_misaligned_pointers_leave_the_state_unchanged();
    return CHECK_SUMMARY();
}
