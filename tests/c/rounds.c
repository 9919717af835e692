/* The whole games through the one C function set, from C99: for each game a seeded round (its
 * seat to act, its first legal actions as text, a round played out by the lowest bot with its
 * pinned scores), a seeded match played out, a given deal, and the conventions every game
 * shares: one status for one condition (garbage state, no such seat, not your turn, illegal
 * action, unknown action code, round not over), size queries (capacity 0) answer PARLOR_OK,
 * short buffers answer PARLOR_ERR_BUFFER_TOO_SMALL with the size, and a refused call leaves the
 * caller's state unchanged. (Ported from the per-game dominoes_round.c, tichu_round.c,
 * doudizhu_round.c and mahjong_round.c of ABI version 3.) */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parlor.h"
#include "check.h"

/* What one game's seeded round and match answer (pinned: the deals are value-stable). */
typedef struct {
    ParlorGame game;
    const char *preset;
    uint64_t seed;
    uint32_t seats;
    uint32_t to_act;
    size_t legal_count;
    const char *first_actions; /* the first (up to) three legal actions' texts, space-separated */
    const char *rule_key;      /* a rule key and a value it takes */
    const char *rule_value;
    const char *given;         /* a given deal (the replay-log notation) */
    uint32_t given_to_act;
    size_t lowest_steps;       /* actions of the round played by the lowest bot */
    int32_t lowest_scores[4];  /* its outcome */
    size_t random_steps;       /* the same round played by the random bot (seed = action number) */
    int32_t random_scores[4];
    size_t score_count;
    uint32_t match_rounds;     /* the match of the same seed played by the lowest bot */
    int32_t match_scores[4];
} Expected;

static const Expected EXPECTED[4] = {
    {PARLOR_GAME_DOMINOES, "five-up", 7, 2, 1, 5, "play 1-3 play 3-4 play 4-4", "target", "100",
     "5-5 5-0 1-2 2-3 0-0 | 5-6 4-4 1-1 0-3 3-3 | boneyard 0-1 0-2 0-4 0-6 1-3 1-4 1-5 1-6 2-2 2-4 2-5 2-6 3-4 3-5 "
     "3-6 4-5 4-6 6-6",
     0, 16, {6, 1, 0, 0}, 20, {10, 1, 0, 0}, 2, 16, {50, 61, 0, 0}},
    {PARLOR_GAME_TICHU, "standard", 7, 4, 0, 2, "no-grand grand", "target", "500",
     "2j2s2p2t3j3s3p3t4j4s4p4t5j5s 5p5t6j6s6p6t7j7s7p7t8j8s8p8t 9j9s9p9t0j0s0p0tJjJsJpJtQjQs QpQtKjKsKpKtAjAsApAt1DPR",
     0, 109, {50, 50, 0, 0}, 132, {0, 200, 0, 0}, 2, 17, {1130, 970, 0, 0}},
    {PARLOR_GAME_DOUDIZHU, "pagat", 7, 3, 0, 4, "pass bid 1 bid 2", "scoring", "win-loss",
     "3356666799TQQKA2R 34458899TJJJKAA22 44557778TTJQQKK2B 38A first 1", 1, 3, {0, 0, 0, 0}, 71, {6, -3, -3, 0}, 3, 9,
     {0, 0, 0, 0}},
    {PARLOR_GAME_MAHJONG, "tenhou", 7, 4, 0, 14, "discard 15 discard 16 discard 46", "red-fives", "no",
     "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 "
     "42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 "
     "80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 "
     "114 115 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131 132 133 134 135",
     0, 90, {0, 0, 0, 0}, 83, {0, 0, 0, 0}, 4, 12, {25000, 25000, 25000, 25000}},
};

/* The texts of the first (up to) three legal actions of `seat`, space-separated. */
static void first_actions(const ParlorRound *round, ParlorGame game, uint32_t seat, char *out, size_t cap) {
    uint64_t codes[3];
    size_t total = 0, i, used = 0;
    ParlorStatus st = parlor_round_legal_actions(round, seat, codes, 3, &total);
    CHECK(st == PARLOR_OK || st == PARLOR_ERR_BUFFER_TOO_SMALL);
    out[0] = 0;
    for (i = 0; i < total && i < 3; i++) {
        size_t len = 0;
        if (i) out[used++] = ' ';
        CHECK_EQ_U(parlor_action_text(game, codes[i], out + used, cap - used, &len), PARLOR_OK);
        used += len;
    }
}

/* Plays `round` to its end with `bot` (the seat in turn; the random bot seeded with the action's
 * number); returns the actions taken. */
static size_t play_out(ParlorRound *round, ParlorBot bot) {
    size_t steps = 0;
    uint32_t seat = 0;
    for (;;) {
        uint64_t code = 0;
        ParlorStep step;
        CHECK_EQ_U(parlor_round_to_act(round, &seat), PARLOR_OK);
        if (seat == PARLOR_NO_SEAT || steps > 5000) break;
        CHECK_EQ_U(parlor_bot_choose(round, seat, bot, steps, NULL, 0, &code), PARLOR_OK);
        CHECK_EQ_U(parlor_round_apply(round, seat, code, &step), PARLOR_OK);
        steps++;
    }
    return steps;
}

static void test_game(const Expected *e) {
    ParlorConfig config, changed;
    ParlorRound round, before, copy;
    ParlorMatch match;
    char text[2048], value[64];
    size_t len = 0, total = 0, count = 0, i;
    uint32_t seat = 0, seats = 0, rounds = 0;
    uint64_t codes[4], code = 0;
    int32_t scores[PARLOR_MAX_SEATS];
    ParlorGame game = 0;
    uint8_t may = 0;

    printf("%s\n", parlor_game_name(e->game));
    CHECK_EQ_U(parlor_config_preset(e->game, e->preset, strlen(e->preset), &config), PARLOR_OK);
    CHECK_EQ_U(parlor_config_game(&config, &game), PARLOR_OK);
    CHECK_EQ_U(game, e->game);
    CHECK_EQ_U(parlor_config_preset(e->game, "no-such-preset", 14, &config), PARLOR_ERR_UNKNOWN_PRESET);
    CHECK_EQ_U(parlor_config_preset(e->game, e->preset, strlen(e->preset), &config), PARLOR_OK);

    /* Rules by key: set, read back; an unknown key and a bad value leave the config unchanged. */
    changed = config;
    CHECK_EQ_U(parlor_config_set(&changed, e->rule_key, strlen(e->rule_key), e->rule_value, strlen(e->rule_value)), PARLOR_OK);
    CHECK_EQ_U(parlor_config_get(&changed, e->rule_key, strlen(e->rule_key), value, sizeof value, &len), PARLOR_OK);
    CHECK_STR(value, e->rule_value);
    CHECK_EQ_U(len, strlen(e->rule_value));
    CHECK_EQ_U(parlor_config_get(&changed, e->rule_key, strlen(e->rule_key), NULL, 0, &len), PARLOR_OK);
    CHECK_EQ_U(len, strlen(e->rule_value));
    {
        ParlorConfig kept = changed;
        CHECK_EQ_U(parlor_config_set(&changed, "no-such-rule", 12, "yes", 3), PARLOR_ERR_UNKNOWN_RULE);
        CHECK_EQ_U(parlor_config_set(&changed, e->rule_key, strlen(e->rule_key), "maybe?", 6), PARLOR_ERR_BAD_RULE_VALUE);
        CHECK(memcmp(&kept, &changed, sizeof kept) == 0);
    }
    /* The keys are listed by number; the first past the last is UNKNOWN_RULE. */
    for (i = 0; parlor_config_key(e->game, i, PARLOR_KEY_NAME, text, sizeof text, &len) == PARLOR_OK; i++) {
        CHECK(len > 0);
    }
    CHECK(i >= 2);
    CHECK_EQ_U(parlor_config_key(e->game, i, PARLOR_KEY_NAME, text, sizeof text, &len), PARLOR_ERR_UNKNOWN_RULE);

    /* A seeded round. */
    CHECK_EQ_U(parlor_round_new(&config, e->seed, &round), PARLOR_OK);
    CHECK_EQ_U(parlor_round_game(&round, &game), PARLOR_OK);
    CHECK_EQ_U(game, e->game);
    CHECK_EQ_U(parlor_round_seats(&round, &seats), PARLOR_OK);
    CHECK_EQ_U(seats, e->seats);
    CHECK_EQ_U(parlor_round_to_act(&round, &seat), PARLOR_OK);
    CHECK_EQ_U(seat, e->to_act);
    CHECK_EQ_U(parlor_round_may_act(&round, seat, &may), PARLOR_OK);
    CHECK_EQ_U(may, 1);
    CHECK_EQ_U(parlor_round_may_act(&round, seats, &may), PARLOR_ERR_NO_SUCH_SEAT);
    CHECK_EQ_U(parlor_round_legal_action_count(&round, seat, &total), PARLOR_OK);
    CHECK_EQ_U(total, e->legal_count);
    first_actions(&round, e->game, seat, text, sizeof text);
    printf("  first actions: %s\n", text);
    CHECK_STR(text, e->first_actions);
    /* Size query, short buffer, index access, a seat that does not exist. */
    CHECK_EQ_U(parlor_round_legal_actions(&round, seat, NULL, 0, &total), PARLOR_OK);
    CHECK_EQ_U(total, e->legal_count);
    if (e->legal_count > 1) {
        CHECK_EQ_U(parlor_round_legal_actions(&round, seat, codes, 1, &total), PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ_U(total, e->legal_count);
        CHECK_EQ_U(parlor_round_legal_action_at(&round, seat, 0, &code), PARLOR_OK);
        CHECK(code == codes[0]);
    }
    CHECK_EQ_U(parlor_round_legal_action_at(&round, seat, e->legal_count, &code), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_round_legal_actions(&round, seats, codes, 4, &total), PARLOR_ERR_NO_SUCH_SEAT);
    /* The text of an action parses back to its code. */
    CHECK_EQ_U(parlor_round_legal_action_at(&round, seat, 0, &code), PARLOR_OK);
    CHECK_EQ_U(parlor_action_text(e->game, code, text, sizeof text, &len), PARLOR_OK);
    {
        uint64_t back = 0;
        CHECK_EQ_U(parlor_action_parse(e->game, text, len, &back), PARLOR_OK);
        CHECK(back == code);
        CHECK_EQ_U(parlor_action_parse(e->game, "%%%", 3, &back), PARLOR_ERR_PARSE);
        CHECK_EQ_U(parlor_action_text(e->game, PARLOR_ACTION_NONE, text, sizeof text, &len), PARLOR_ERR_UNKNOWN_ACTION);
        /* A short text buffer: as much as fits, NUL-terminated, and the length. */
        CHECK_EQ_U(parlor_action_text(e->game, code, text, 2, &len), PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK(len >= 2 && text[1] == 0);
    }
    /* The view: a size query, then the text. */
    CHECK_EQ_U(parlor_round_view(&round, seat, NULL, 0, &len), PARLOR_OK);
    CHECK(len > 10 && len < sizeof text);
    CHECK_EQ_U(parlor_round_view(&round, seat, text, sizeof text, &total), PARLOR_OK);
    CHECK_EQ_U(total, len);
    CHECK(len < sizeof text && text[len - 1] == '\n');
    /* Not over yet: the same status in every game. */
    CHECK_EQ_U(parlor_round_outcome(&round, scores, PARLOR_MAX_SEATS, &count), PARLOR_ERR_ROUND_NOT_OVER);

    /* Refused actions leave the state as it was, with one status per condition. */
    before = round;
    CHECK_EQ_U(parlor_round_apply(&round, seats, code, NULL), PARLOR_ERR_NO_SUCH_SEAT);
    CHECK_EQ_U(parlor_round_apply(&round, seat, PARLOR_ACTION_NONE, NULL), PARLOR_ERR_UNKNOWN_ACTION);
    {
        uint32_t other = (seat + 1) % seats;
        uint8_t other_may = 0;
        CHECK_EQ_U(parlor_round_may_act(&round, other, &other_may), PARLOR_OK);
        if (!other_may) CHECK_EQ_U(parlor_round_apply(&round, other, code, NULL), PARLOR_ERR_NOT_YOUR_TURN);
    }
    CHECK(memcmp(&before, &round, sizeof round) == 0);

    /* Garbage, a flipped bit, a state of another kind: PARLOR_ERR_INVALID_STATE, never UB. */
    copy = round;
    copy.opaque[3] ^= 1u << 5;
    CHECK_EQ_U(parlor_round_to_act(&copy, &seat), PARLOR_ERR_INVALID_STATE);
    CHECK_EQ_U(parlor_round_apply(&copy, 0, code, NULL), PARLOR_ERR_INVALID_STATE);
    memset(&copy, 0xA5, sizeof copy);
    CHECK_EQ_U(parlor_round_legal_actions(&copy, 0, codes, 4, &total), PARLOR_ERR_INVALID_STATE);
    CHECK_EQ_U(parlor_match_new(&config, e->seed, &match), PARLOR_OK);
    memcpy(&copy, &match, sizeof copy);
    CHECK_EQ_U(parlor_round_to_act(&copy, &seat), PARLOR_ERR_INVALID_STATE);

    /* The byte form: a size query, a round trip, another game's bytes refused. */
    {
        uint8_t bytes[sizeof(ParlorRound)];
        size_t size = 0;
        ParlorRound back;
        CHECK_EQ_U(parlor_round_encode(&round, NULL, 0, &size), PARLOR_OK);
        CHECK(size > 0 && size <= sizeof bytes);
        CHECK_EQ_U(parlor_round_encode(&round, bytes, size - 1, &len), PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ_U(parlor_round_encode(&round, bytes, sizeof bytes, &len), PARLOR_OK);
        CHECK_EQ_U(len, size);
        CHECK_EQ_U(parlor_round_decode(e->game, bytes, len, &back), PARLOR_OK);
        CHECK(memcmp(&back, &round, sizeof back) == 0);
        CHECK_EQ_U(parlor_round_decode(e->game % 4 + 1, bytes, len, &back), PARLOR_ERR_INVALID_STATE);
        CHECK_EQ_U(parlor_round_decode(99, bytes, len, &back), PARLOR_ERR_UNKNOWN_GAME);
    }

    /* Played out by the random bot, then by the lowest bot: the pinned outcomes. */
    copy = round;
    total = play_out(&copy, PARLOR_BOT_RANDOM);
    printf("  random bot: %lu actions, scores", (unsigned long)total);
    CHECK_EQ_U(total, e->random_steps);
    CHECK_EQ_U(parlor_round_outcome(&copy, scores, PARLOR_MAX_SEATS, &count), PARLOR_OK);
    CHECK_EQ_U(count, e->score_count);
    for (i = 0; i < count; i++) {
        printf(" %d", (int)scores[i]);
        CHECK_EQ_U((uint32_t)scores[i], (uint32_t)e->random_scores[i]);
    }
    printf("\n");
    total = play_out(&round, PARLOR_BOT_LOWEST);
    printf("  lowest bot: %lu actions, scores", (unsigned long)total);
    CHECK_EQ_U(total, e->lowest_steps);
    CHECK_EQ_U(parlor_round_outcome(&round, NULL, 0, &count), PARLOR_OK);
    CHECK_EQ_U(count, e->score_count);
    CHECK_EQ_U(parlor_round_outcome(&round, scores, PARLOR_MAX_SEATS, &count), PARLOR_OK);
    for (i = 0; i < count; i++) {
        printf(" %d", (int)scores[i]);
        CHECK_EQ_U((uint32_t)scores[i], (uint32_t)e->lowest_scores[i]);
    }
    printf("\n");
    CHECK_EQ_U(parlor_round_to_act(&round, &seat), PARLOR_OK);
    CHECK_EQ_U(seat, PARLOR_NO_SEAT);
    CHECK_EQ_U(parlor_round_apply(&round, 0, code, NULL), PARLOR_ERR_ROUND_OVER);
    CHECK_EQ_U(parlor_bot_choose(&round, 0, PARLOR_BOT_LOWEST, 0, NULL, 0, &code), PARLOR_ERR_ROUND_OVER);

    /* Bots: an unknown search level is refused; greedy and random choices are legal (bots.c pins
     * the greedy and search bots' choices). */
    CHECK_EQ_U(parlor_round_new(&config, e->seed, &round), PARLOR_OK);
    CHECK_EQ_U(parlor_round_to_act(&round, &seat), PARLOR_OK);
    CHECK_EQ_U(parlor_bot_choose(&round, seat, PARLOR_BOT_SEARCH | (3u << 8), 0, NULL, 0, &code), PARLOR_ERR_UNKNOWN_BOT);
    CHECK_EQ_U(parlor_bot_choose(&round, seat, PARLOR_BOT_GREEDY, 0, NULL, 0, &code), PARLOR_OK);
    copy = round;
    CHECK_EQ_U(parlor_round_apply(&copy, seat, code, NULL), PARLOR_OK);
    CHECK_EQ_U(parlor_bot_scratch_bytes(e->game, PARLOR_BOT_RANDOM, &len), PARLOR_OK);
    CHECK_EQ_U(len, 0);
    CHECK_EQ_U(parlor_bot_choose(&round, seat, PARLOR_BOT_RANDOM, 12345, NULL, 0, &code), PARLOR_OK);
    CHECK_EQ_U(parlor_round_apply(&round, seat, code, NULL), PARLOR_OK);

    /* A given deal. */
    CHECK_EQ_U(parlor_round_new_given(&config, e->given, strlen(e->given), &round), PARLOR_OK);
    CHECK_EQ_U(parlor_round_to_act(&round, &seat), PARLOR_OK);
    CHECK_EQ_U(seat, e->given_to_act);
    CHECK_EQ_U(parlor_round_new_given(&config, "nonsense", 8, &round), PARLOR_ERR_BAD_DEAL);

    /* The match of the same seed, played out by the lowest bot. */
    CHECK_EQ_U(parlor_match_new(&config, e->seed, &match), PARLOR_OK);
    CHECK_EQ_U(parlor_match_game(&match, &game), PARLOR_OK);
    CHECK_EQ_U(game, e->game);
    CHECK_EQ_U(parlor_match_seats(&match, &seats), PARLOR_OK);
    CHECK_EQ_U(seats, e->seats);
    {
        uint8_t places[PARLOR_MAX_SEATS];
        size_t steps = 0, finished = 0;
        CHECK_EQ_U(parlor_match_result(&match, places, PARLOR_MAX_SEATS, &count), PARLOR_ERR_MATCH_NOT_OVER);
        for (;;) {
            ParlorStep step;
            CHECK_EQ_U(parlor_match_to_act(&match, &seat), PARLOR_OK);
            if (seat == PARLOR_NO_SEAT || steps > 200000) break;
            CHECK_EQ_U(parlor_match_may_act(&match, seat, &may), PARLOR_OK);
            CHECK_EQ_U(may, 1);
            CHECK_EQ_U(parlor_match_round(&match, &round), PARLOR_OK);
            CHECK_EQ_U(parlor_bot_choose(&round, seat, PARLOR_BOT_LOWEST, 0, NULL, 0, &code), PARLOR_OK);
            CHECK_EQ_U(parlor_match_apply(&match, seat, code, &step), PARLOR_OK);
            finished += step.round_over;
            steps++;
        }
        CHECK_EQ_U(parlor_match_rounds_played(&match, &rounds), PARLOR_OK);
        CHECK_EQ_U(rounds, finished);
        CHECK_EQ_U(rounds, e->match_rounds);
        CHECK_EQ_U(parlor_match_scores(&match, scores, PARLOR_MAX_SEATS, &count), PARLOR_OK);
        CHECK_EQ_U(count, e->score_count);
        printf("  match: %u rounds, totals", (unsigned)rounds);
        for (i = 0; i < count; i++) {
            printf(" %d", (int)scores[i]);
            CHECK_EQ_U((uint32_t)scores[i], (uint32_t)e->match_scores[i]);
        }
        printf("\n");
        CHECK_EQ_U(parlor_match_result(&match, NULL, 0, &count), PARLOR_OK);
        CHECK_EQ_U(count, e->seats);
        CHECK_EQ_U(parlor_match_result(&match, places, PARLOR_MAX_SEATS, &count), PARLOR_OK);
        CHECK(places[0] == 0 || places[1] == 0 || (count > 2 && places[2] == 0) || (count > 3 && places[3] == 0));
        CHECK_EQ_U(parlor_match_apply(&match, 0, code, NULL), PARLOR_ERR_ROUND_OVER);
    }
}

/* Tichu: seats out of turn may act (a Tichu call); a bot lets the right pass
 * (PARLOR_ACTION_NONE), yet the seat's own legal action applies out of turn. */
static void test_out_of_turn(void) {
    ParlorConfig config;
    ParlorRound round;
    uint32_t seat = 0, other;
    uint64_t code = 0;
    size_t count = 0;
    uint8_t may = 0;
    int i;
    CHECK_EQ_U(parlor_config_preset(PARLOR_GAME_TICHU, "", 0, &config), PARLOR_OK);
    CHECK_EQ_U(parlor_round_new(&config, 7, &round), PARLOR_OK);
    for (i = 0; i < 4; i++) { /* the four Grand Tichu decisions */
        CHECK_EQ_U(parlor_round_to_act(&round, &seat), PARLOR_OK);
        CHECK_EQ_U(parlor_bot_choose(&round, seat, PARLOR_BOT_LOWEST, 0, NULL, 0, &code), PARLOR_OK);
        CHECK_EQ_U(parlor_round_apply(&round, seat, code, NULL), PARLOR_OK);
    }
    CHECK_EQ_U(parlor_round_to_act(&round, &seat), PARLOR_OK);
    other = (seat + 1) % 4;
    CHECK_EQ_U(parlor_round_may_act(&round, other, &may), PARLOR_OK);
    CHECK_EQ_U(may, 1);
    CHECK_EQ_U(parlor_bot_choose(&round, other, PARLOR_BOT_LOWEST, 0, NULL, 0, &code), PARLOR_OK);
    CHECK(code == PARLOR_ACTION_NONE);
    CHECK_EQ_U(parlor_round_legal_action_count(&round, other, &count), PARLOR_OK);
    CHECK(count >= 1);
    CHECK_EQ_U(parlor_round_legal_action_at(&round, other, 0, &code), PARLOR_OK);
    CHECK_EQ_U(parlor_round_apply(&round, other, code, NULL), PARLOR_OK);
}

/* Dou Dizhu's OpenSpiel ids map to the one set's action codes and back: every legal action of
 * the openspiel preset's first bidder has an id, and the id gives its code again. */
static void test_openspiel_ids(void) {
    ParlorConfig config;
    ParlorRound round;
    uint64_t codes[8], code = 0;
    size_t total = 0, i;
    uint32_t seat = 0, id = 0;
    CHECK_EQ_U(parlor_config_preset(PARLOR_GAME_DOUDIZHU, "openspiel", 9, &config), PARLOR_OK);
    CHECK_EQ_U(parlor_round_new(&config, 7, &round), PARLOR_OK);
    CHECK_EQ_U(parlor_round_to_act(&round, &seat), PARLOR_OK);
    CHECK_EQ_U(parlor_round_legal_actions(&round, seat, codes, 8, &total), PARLOR_OK);
    CHECK_EQ_U(total, 4); /* pass, bid 1, bid 2, bid 3 */
    for (i = 0; i < total; i++) {
        CHECK_EQ_U(parlor_doudizhu_openspiel_action_id(codes[i], &id), PARLOR_OK);
        CHECK_EQ_U(id, i); /* OpenSpiel: 0 pass, 1-3 the bids */
        CHECK_EQ_U(parlor_doudizhu_openspiel_action(id, &code), PARLOR_OK);
        CHECK(code == codes[i]);
    }
    CHECK_EQ_U(parlor_doudizhu_openspiel_action(PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS, &code), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_doudizhu_openspiel_action(PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS - 1, &code), PARLOR_OK);
    CHECK_EQ_U(parlor_doudizhu_openspiel_action_id(code, &id), PARLOR_OK);
    CHECK_EQ_U(id, PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS - 1);
    CHECK_EQ_U(parlor_doudizhu_openspiel_action_id(PARLOR_ACTION_NONE, &id), PARLOR_ERR_UNKNOWN_ACTION);
}

/* Regression (C++ tryout): PARLOR_NO_SEAT was the bare literal 4294967295 (a `long`), so
 * `printf("%u", PARLOR_NO_SEAT)` failed -Wformat under -Werror; it is UINT32_MAX now. This file
 * is built with -Wall -Wextra -Werror, so the printf below is the compile-time half. */
static void test_regression_no_seat_is_unsigned_32(void) {
    char text[16];
    CHECK_EQ_U(sizeof(PARLOR_NO_SEAT), sizeof(uint32_t));
    CHECK_EQ_U(snprintf(text, sizeof text, "%u", PARLOR_NO_SEAT), 10);
    CHECK_STR(text, "4294967295");
}

/* Regression (C++ tryout): capacity 0 with a null length pointer asks nothing; every text
 * function answers PARLOR_ERR_BUFFER_TOO_SMALL for it in every game (docs/c-abi.md), while
 * capacity 0 with a length pointer is the size query (PARLOR_OK). */
static void test_regression_size_query_without_length(void) {
    static const ParlorGame games[4] = {PARLOR_GAME_DOMINOES, PARLOR_GAME_TICHU, PARLOR_GAME_DOUDIZHU,
                                        PARLOR_GAME_MAHJONG};
    size_t g, len = 0;
    for (g = 0; g < 4; g++) {
        ParlorConfig config;
        ParlorRound round;
        uint64_t code = 0;
        uint32_t seat = 0;
        CHECK_EQ_U(parlor_config_preset(games[g], "", 0, &config), PARLOR_OK);
        CHECK_EQ_U(parlor_round_new(&config, 3, &round), PARLOR_OK);
        CHECK_EQ_U(parlor_round_to_act(&round, &seat), PARLOR_OK);
        CHECK_EQ_U(parlor_round_legal_action_at(&round, seat, 0, &code), PARLOR_OK);
        CHECK_EQ_U(parlor_action_text(games[g], code, NULL, 0, NULL), PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ_U(parlor_round_view(&round, 0, NULL, 0, NULL), PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ_U(parlor_config_key(games[g], 0, PARLOR_KEY_NAME, NULL, 0, NULL), PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ_U(parlor_config_preset_name(games[g], 0, NULL, 0, NULL), PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ_U(parlor_action_text(games[g], code, NULL, 0, &len), PARLOR_OK);
        CHECK(len > 0);
        CHECK_EQ_U(parlor_round_view(&round, 0, NULL, 0, &len), PARLOR_OK);
        CHECK(len > 0);
    }
}

int main(void) {
    size_t g;
    CHECK_EQ_U(parlor_abi_version(), PARLOR_ABI_VERSION);
    CHECK_EQ_U(PARLOR_ABI_VERSION, 4);
    CHECK_STR(parlor_status_str(PARLOR_ERR_ROUND_NOT_OVER), "the round is not over");
    CHECK_STR(parlor_status_str(PARLOR_ERR_NOT_YOUR_TURN), "not this seat's turn");
    CHECK_STR(parlor_game_name(5), "");
    {
        ParlorConfig config;
        CHECK_EQ_U(parlor_config_preset(0, "", 0, &config), PARLOR_ERR_UNKNOWN_GAME);
        CHECK_EQ_U(parlor_config_preset(5, "", 0, &config), PARLOR_ERR_UNKNOWN_GAME);
        CHECK_EQ_U(parlor_config_preset(PARLOR_GAME_TICHU, "", 0, NULL), PARLOR_ERR_NULL_POINTER);
    }
    for (g = 0; g < 4; g++) test_game(&EXPECTED[g]);
    test_out_of_turn();
    test_openspiel_ids();
    test_regression_no_seat_is_unsigned_32();
    test_regression_size_query_without_length();
    return CHECK_SUMMARY();
}
