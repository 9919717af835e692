/* The Riichi round engine and match through the C ABI, from C99: the preset, a given wall dealt
 * as the documented layout says, a seeded hand played out by "the first legal action" with the
 * legal-action, observation, encode and outcome calls checked at every step, illegal actions
 * leaving the caller's state unchanged, garbage state bytes refused, and a whole seeded match. */
#include <stdint.h>
#include <stdlib.h>

#include "parlor.h"
#include "check.h"

static ParlorMahjongAction simple(uint8_t kind, uint8_t tile) {
    ParlorMahjongAction action;
    memset(&action, 0, sizeof action);
    action.kind = kind;
    action.tile = tile;
    return action;
}

static void test_preset_and_given_wall(void) {
    ParlorMahjongRoundConfig config;
    ParlorMahjongRound round;
    ParlorMahjongObservation seen;
    uint8_t wall[PARLOR_MAHJONG_WALL_TILES];
    uint8_t seat = 0, mask = 0;
    size_t total = 0;
    int i;

    CHECK_EQ_U(parlor_mahjong_round_config_preset(PARLOR_MAHJONG_PRESET_TENHOU, &config), PARLOR_OK);
    CHECK_EQ_U(config.rounds, 8);
    CHECK_EQ_U(config.start_points, 25000);
    CHECK_EQ_U(config.target_points, 30000);
    CHECK_EQ_U(config.multi_ron, 1);
    CHECK_EQ_U(config.kuikae_forbidden, 1);
    CHECK_EQ_U(config.score.red_fives, 1);
    CHECK_EQ_U(parlor_mahjong_round_config_preset(PARLOR_MAHJONG_PRESET_BASIC, &config), PARLOR_OK);
    CHECK_EQ_U(config.multi_ron, 0);
    CHECK_EQ_U(parlor_mahjong_round_config_preset(3, &config), PARLOR_ERR_INVALID_ARGUMENT);

    /* The wall 0, 1, …, 135 with seat 0 dealing: seat k holds ids 13k .. 13k+12 and the dealer
     * draws id 52, the front of the live wall; the first dora indicator is id 126. */
    for (i = 0; i < PARLOR_MAHJONG_WALL_TILES; i++) {
        wall[i] = (uint8_t)i;
    }
    CHECK_EQ_U(parlor_mahjong_round_new_given(NULL, wall, PARLOR_MAHJONG_WALL_TILES, NULL, &round), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_round_to_act(&round, &seat, &mask), PARLOR_OK);
    CHECK_EQ_U(seat, 0);
    CHECK_EQ_U(mask, 1);
    CHECK_EQ_U(parlor_mahjong_round_observe(&round, 0, &seen), PARLOR_OK);
    CHECK_EQ_U(seen.phase, PARLOR_MAHJONG_PHASE_TURN);
    CHECK_EQ_U(seen.hand_len, 14);
    for (i = 0; i < 13; i++) {
        CHECK_EQ_U(seen.hand[i], i);
    }
    CHECK_EQ_U(seen.hand[13], 52);
    CHECK_EQ_U(seen.drawn, 52);
    CHECK_EQ_U(seen.wall_left, 69);
    CHECK_EQ_U(seen.dora_count, 1);
    CHECK_EQ_U(seen.dora[0], 126);
    CHECK_EQ_U(seen.hand_counts[0], 14);
    CHECK_EQ_U(seen.hand_counts[1], 13);
    CHECK_EQ_U(seen.scores[2], 25000);
    /* Seat 1 sees its own 13 tiles (ids 13..25) and nothing of the dealer's draw. */
    CHECK_EQ_U(parlor_mahjong_round_observe(&round, 1, &seen), PARLOR_OK);
    CHECK_EQ_U(seen.hand_len, 13);
    CHECK_EQ_U(seen.hand[0], 13);
    CHECK_EQ_U(seen.drawn, PARLOR_MAHJONG_ROUND_NONE);
    CHECK_EQ_U(seen.may_act, 0);
    CHECK_EQ_U(parlor_mahjong_round_observe(&round, 4, &seen), PARLOR_MAHJONG_ERR_NO_SUCH_SEAT);
    /* 14 discards (one per id held); nobody else acts. */
    CHECK_EQ_U(parlor_mahjong_round_legal_actions(&round, 0, NULL, 0, &total), PARLOR_OK);
    CHECK(total >= 14);
    CHECK_EQ_U(parlor_mahjong_round_legal_actions(&round, 2, NULL, 0, &total), PARLOR_OK);
    CHECK_EQ_U(total, 0);

    /* A wall with an id twice is no deal; a short wall is a bad argument. */
    wall[5] = 6;
    CHECK_EQ_U(parlor_mahjong_round_new_given(NULL, wall, PARLOR_MAHJONG_WALL_TILES, NULL, &round),
               PARLOR_MAHJONG_ERR_BAD_DEAL);
    CHECK_EQ_U(parlor_mahjong_round_new_given(NULL, wall, 135, NULL, &round), PARLOR_ERR_INVALID_ARGUMENT);
}

static void test_a_seeded_hand(void) {
    ParlorMahjongRound round, before, copy;
    ParlorMahjongAction legal[PARLOR_MAHJONG_MAX_ACTIONS];
    ParlorMahjongAction bad;
    ParlorMahjongEvent event;
    ParlorMahjongOutcome outcome;
    ParlorMahjongObservation seen;
    ParlorMahjongStart start;
    uint8_t bytes[PARLOR_MAHJONG_ROUND_ENCODED_BYTES];
    size_t total = 0, len = 0;
    uint8_t seat = 0, over = 1, mask = 0, other;
    int steps = 0, i, sum = 0;

    /* South 2: seat 1 deals, one honba, one stick on the table. */
    memset(&start, 0, sizeof start);
    start.round_wind = 1;
    start.dealer = 1;
    start.honba = 1;
    start.sticks = 1;
    for (i = 0; i < 4; i++) {
        start.scores[i] = 24000 + 1000 * i;
    }
    CHECK_EQ_U(parlor_mahjong_round_new(NULL, 7, &start, &round), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_round_to_act(&round, &seat, NULL), PARLOR_OK);
    CHECK_EQ_U(seat, 1);
    CHECK_EQ_U(parlor_mahjong_round_outcome(&round, &outcome, &over), PARLOR_OK);
    CHECK_EQ_U(over, 0);
    start.dealer = 4;
    CHECK_EQ_U(parlor_mahjong_round_new(NULL, 7, &start, &copy), PARLOR_MAHJONG_ERR_BAD_DEAL);

    /* Buffers: a size query, a short buffer, the encoded form's size. */
    CHECK_EQ_U(parlor_mahjong_round_legal_actions(&round, 1, NULL, 0, &total), PARLOR_OK);
    CHECK(total >= 14 && total <= PARLOR_MAHJONG_MAX_ACTIONS);
    CHECK_EQ_U(parlor_mahjong_round_legal_actions(&round, 1, legal, 2, &total), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(parlor_mahjong_round_legal_actions(&round, 9, legal, 2, &total), PARLOR_MAHJONG_ERR_NO_SUCH_SEAT);
    CHECK_EQ_U(parlor_mahjong_round_encode(&round, NULL, 0, &len), PARLOR_OK);
    CHECK_EQ_U(len, PARLOR_MAHJONG_ROUND_ENCODED_BYTES);

    for (;;) {
        CHECK_EQ_U(parlor_mahjong_round_to_act(&round, &seat, NULL), PARLOR_OK);
        if (seat == PARLOR_MAHJONG_ROUND_NONE) {
            break;
        }
        CHECK_EQ_U(parlor_mahjong_round_legal_actions(&round, seat, legal, PARLOR_MAHJONG_MAX_ACTIONS, &total),
                   PARLOR_OK);
        CHECK(total >= 1);
        CHECK_EQ_U(parlor_mahjong_round_observe(&round, seat, &seen), PARLOR_OK);
        CHECK_EQ_U(seen.may_act, 1);
        /* Illegal actions leave the state as it was: an unknown kind, an id past 135, a field
         * that must be 0, a seat that may not act. */
        before = round;
        bad = simple(11, 0);
        CHECK_EQ_U(parlor_mahjong_round_apply(&round, seat, &bad, NULL), PARLOR_ERR_INVALID_ARGUMENT);
        bad = simple(PARLOR_MAHJONG_ACTION_DISCARD, 136);
        CHECK_EQ_U(parlor_mahjong_round_apply(&round, seat, &bad, NULL), PARLOR_ERR_INVALID_ARGUMENT);
        bad = simple(PARLOR_MAHJONG_ACTION_TSUMO, 3);
        CHECK_EQ_U(parlor_mahjong_round_apply(&round, seat, &bad, NULL), PARLOR_ERR_INVALID_ARGUMENT);
        CHECK_EQ_U(parlor_mahjong_round_to_act(&round, &seat, &mask), PARLOR_OK);
        for (other = 0; other < 4; other++) {
            if (!(mask & (1u << other))) {
                bad = simple(PARLOR_MAHJONG_ACTION_PASS, 0);
                CHECK_EQ_U(parlor_mahjong_round_apply(&round, other, &bad, NULL), PARLOR_MAHJONG_ERR_NOT_YOUR_TURN);
                break;
            }
        }
        if (seen.phase == PARLOR_MAHJONG_PHASE_TURN) {
            /* A discard of a tile the seat does not hold. */
            uint8_t absent = 0;
            for (;; absent++) {
                for (i = 0; i < seen.hand_len && seen.hand[i] != absent; i++) {
                }
                if (i == seen.hand_len) {
                    break;
                }
            }
            bad = simple(PARLOR_MAHJONG_ACTION_DISCARD, absent);
            CHECK_EQ_U(parlor_mahjong_round_apply(&round, seat, &bad, NULL), PARLOR_MAHJONG_ERR_ILLEGAL_ACTION);
        }
        CHECK(memcmp(&round, &before, sizeof round) == 0);
        CHECK_EQ_U(parlor_mahjong_round_apply(&round, seat, &legal[0], &event), PARLOR_OK);
        steps++;
        if (steps > 600) {
            break;
        }
        /* The caller's bytes are the encoded round. */
        CHECK_EQ_U(parlor_mahjong_round_encode(&round, bytes, sizeof bytes, &len), PARLOR_OK);
        CHECK_EQ_U(parlor_mahjong_round_decode(bytes, len, &copy), PARLOR_OK);
        CHECK(memcmp(&round, &copy, sizeof round) == 0);
    }
    CHECK(steps > 60);
    CHECK_EQ_U(event.round_over, 1);
    CHECK_EQ_U(parlor_mahjong_round_outcome(&round, &outcome, &over), PARLOR_OK);
    CHECK_EQ_U(over, 1);
    /* Points are kept: the deltas, the riichi sticks put down and the sticks left add up. */
    for (i = 0; i < 4; i++) {
        CHECK_EQ_U(outcome.scores[i], start.scores[i] + outcome.deltas[i] - 1000 * outcome.riichi[i]);
        sum += outcome.scores[i];
    }
    CHECK_EQ_U(sum + 1000 * outcome.sticks, 24000 + 25000 + 26000 + 27000 + 1000);
    CHECK_EQ_U(outcome.honba, 1);
    CHECK(outcome.end <= PARLOR_MAHJONG_END_TRIPLE_RON);
    bad = simple(PARLOR_MAHJONG_ACTION_PASS, 0);
    CHECK_EQ_U(parlor_mahjong_round_apply(&round, 0, &bad, NULL), PARLOR_MAHJONG_ERR_ROUND_OVER);

    /* Garbage state bytes are refused, never read as a round. */
    memset(&copy, 0xA5, sizeof copy);
    CHECK_EQ_U(parlor_mahjong_round_to_act(&copy, &seat, NULL), PARLOR_ERR_INVALID_STATE);
    CHECK_EQ_U(parlor_mahjong_round_observe(&copy, 0, &seen), PARLOR_ERR_INVALID_STATE);
    bytes[0] ^= 0xFF;
    CHECK_EQ_U(parlor_mahjong_round_decode(bytes, len, &copy), PARLOR_ERR_INVALID_STATE);
    CHECK_EQ_U(parlor_mahjong_round_to_act(NULL, &seat, NULL), PARLOR_ERR_NULL_POINTER);
}

static void test_a_seeded_match(void) {
    ParlorMahjongMatch game, copy;
    ParlorMahjongRound round;
    ParlorMahjongAction legal[PARLOR_MAHJONG_MAX_ACTIONS];
    ParlorMahjongEvent event;
    ParlorMahjongOutcome outcome;
    uint8_t bytes[PARLOR_MAHJONG_MATCH_ENCODED_BYTES];
    int32_t scores[4];
    uint8_t placement[4];
    uint32_t rounds = 0;
    uint8_t seat = 0, over = 0, round_over = 0, seen_mask = 0;
    size_t total = 0, len = 0;
    int steps = 0, hands = 0, i, sum = 0;

    CHECK_EQ_U(parlor_mahjong_match_new(NULL, 2026, &game), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_match_round(&game, &round), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_round_to_act(&round, &seat, NULL), PARLOR_OK);
    CHECK_EQ_U(seat, 0);
    for (;;) {
        CHECK_EQ_U(parlor_mahjong_match_to_act(&game, &seat, NULL), PARLOR_OK);
        if (seat == PARLOR_MAHJONG_ROUND_NONE) {
            break;
        }
        CHECK_EQ_U(parlor_mahjong_match_legal_actions(&game, seat, legal, PARLOR_MAHJONG_MAX_ACTIONS, &total),
                   PARLOR_OK);
        CHECK(total >= 1);
        CHECK_EQ_U(parlor_mahjong_match_apply(&game, seat, &legal[0], &event, &outcome, &round_over), PARLOR_OK);
        if (round_over) {
            hands++;
            seen_mask |= (uint8_t)(1u << (outcome.end < 8 ? outcome.end : 7));
        }
        if (++steps > 40000) {
            break;
        }
    }
    CHECK_EQ_U(event.match_over, 1);
    CHECK_EQ_U(parlor_mahjong_match_scores(&game, scores, &rounds, &over, placement), PARLOR_OK);
    CHECK_EQ_U(over, 1);
    CHECK_EQ_U(rounds, (uint32_t)hands);
    CHECK(hands >= 8);
    for (i = 0; i < 4; i++) {
        sum += scores[i];
        CHECK(placement[i] < 4);
    }
    /* Final points: every stick went to the top seat, so the four add up to the start. */
    CHECK_EQ_U(sum, 100000);
    CHECK(scores[placement[0]] >= scores[placement[1]]);
    CHECK(scores[placement[1]] >= scores[placement[2]]);
    CHECK(scores[placement[2]] >= scores[placement[3]]);
    CHECK_EQ_U(parlor_mahjong_match_apply(&game, 0, &legal[0], NULL, NULL, NULL), PARLOR_MAHJONG_ERR_MATCH_OVER);
    CHECK_EQ_U(parlor_mahjong_match_encode(&game, bytes, sizeof bytes, &len), PARLOR_OK);
    CHECK_EQ_U(len, PARLOR_MAHJONG_MATCH_ENCODED_BYTES);
    CHECK_EQ_U(parlor_mahjong_match_decode(bytes, len, &copy), PARLOR_OK);
    CHECK(memcmp(&game, &copy, sizeof game) == 0);
    memset(&copy, 0x5A, sizeof copy);
    CHECK_EQ_U(parlor_mahjong_match_scores(&copy, scores, &rounds, &over, NULL), PARLOR_ERR_INVALID_STATE);
}

/* A misaligned output pointer is refused before the action is taken: the match is as it was,
 * and the same action then applies (regression: the match was advanced, then the status said
 * the call failed). `ParlorMahjongOutcome` holds int32_t fields, so one byte off is misaligned. */
static void test_misaligned_outcome_leaves_the_match_unchanged(void) {
    ParlorMahjongMatch game, before;
    ParlorMahjongAction legal[PARLOR_MAHJONG_MAX_ACTIONS];
    union {
        ParlorMahjongOutcome outcome;
        unsigned char bytes[sizeof(ParlorMahjongOutcome) + 8];
    } space;
    ParlorMahjongOutcome *misaligned = (ParlorMahjongOutcome *)(void *)(space.bytes + 1);
    size_t total = 0;
    uint8_t seat = 0, mask = 0, round_over = 0;

    CHECK_EQ_U(parlor_mahjong_match_new(NULL, 11, &game), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_match_to_act(&game, &seat, &mask), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_match_legal_actions(&game, seat, legal, PARLOR_MAHJONG_MAX_ACTIONS, &total), PARLOR_OK);
    CHECK(total >= 1);
    before = game;
    CHECK_EQ_U(parlor_mahjong_match_apply(&game, seat, &legal[0], NULL, misaligned, &round_over),
               PARLOR_ERR_INVALID_ARGUMENT);
    CHECK(memcmp(&game, &before, sizeof game) == 0);
    CHECK_EQ_U(parlor_mahjong_match_apply(&game, seat, &legal[0], NULL, &space.outcome, &round_over), PARLOR_OK);
    CHECK(memcmp(&game, &before, sizeof game) != 0);
}

int main(void) {
    test_preset_and_given_wall();
    test_a_seeded_hand();
    test_a_seeded_match();
    test_misaligned_outcome_leaves_the_match_unchanged();
    return CHECK_SUMMARY();
}
