/* The Tichu round engine and match through the C ABI: a whole round and a whole match by the
 * lowest-legal player, observations, encode/decode, and refused inputs. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "parlor.h"
#include "check.h"

static int popcount(uint64_t x) {
    int n = 0;
    while (x) { x &= x - 1; n++; }
    return n;
}

/* Applies seat's first legal action; returns the status of the apply. */
static ParlorStatus lowest(ParlorTichuRound *round, uint8_t seat, ParlorTichuAction *buffer, ParlorTichuEvent *event) {
    size_t total = 0;
    CHECK_EQ_U(parlor_tichu_round_legal_actions(round, seat, buffer, PARLOR_TICHU_MAX_ACTIONS, &total), PARLOR_OK);
    CHECK(total > 0 && total <= PARLOR_TICHU_MAX_ACTIONS);
    return parlor_tichu_round_apply(round, seat, &buffer[0], event);
}

int main(void) {
    ParlorTichuAction *buffer = malloc(sizeof(ParlorTichuAction) * PARLOR_TICHU_MAX_ACTIONS);
    CHECK(buffer != NULL);
    if (buffer == NULL) return 1;

    /* A whole round, seed 0. */
    {
        ParlorTichuRound round, saved;
        ParlorTichuObservation obs;
        ParlorTichuOutcome outcome;
        ParlorTichuEvent event;
        ParlorTichuConfig config;
        uint8_t seat = 0, over = 9, mask = 0, order[4];
        size_t total = 0, steps = 0;
        CHECK_EQ_U(parlor_tichu_config_default(&config), PARLOR_OK);
        CHECK_EQ_U(config.target, 1000);
        CHECK_EQ_U(parlor_tichu_round_new(&config, 0, NULL, &round), PARLOR_OK);
        CHECK_EQ_U(parlor_tichu_round_to_act(&round, &seat), PARLOR_OK);
        CHECK_EQ_U(seat, 0);
        /* Before the Grand Tichu decisions a seat sees only its first 8 cards. */
        CHECK_EQ_U(parlor_tichu_round_observe(&round, 2, &obs), PARLOR_OK);
        CHECK_EQ_U(popcount(obs.hand & ~(1ull << 63)), 8);
        CHECK_EQ_U(obs.phase, PARLOR_TICHU_PHASE_GRAND_TICHU);
        CHECK_EQ_U(parlor_tichu_round_legal_actions(&round, 0, NULL, 0, &total), PARLOR_OK);
        CHECK_EQ_U(total, 2); /* decline, call */
        CHECK_EQ_U(parlor_tichu_round_legal_actions(&round, 1, buffer, 4, &total), PARLOR_OK);
        CHECK_EQ_U(total, 0);
        CHECK_EQ_U(parlor_tichu_round_outcome(&round, &outcome, &over), PARLOR_OK);
        CHECK_EQ_U(over, 0);
        /* Refused actions leave the state unchanged. */
        {
            ParlorTichuAction pass = {PARLOR_TICHU_ACTION_PASS, 0, 0, 0, {0, 0, 0}, 0};
            ParlorTichuAction bad = {9, 0, 0, 0, {0, 0, 0}, 0};
            saved = round;
            CHECK_EQ_U(parlor_tichu_round_apply(&round, 0, &pass, &event), PARLOR_TICHU_ERR_WRONG_PHASE);
            CHECK_EQ_U(parlor_tichu_round_apply(&round, 0, &bad, &event), PARLOR_ERR_INVALID_ARGUMENT);
            CHECK_EQ_U(parlor_tichu_round_apply(&round, 7, &pass, &event), PARLOR_ERR_INVALID_ARGUMENT);
            CHECK_EQ_U(parlor_tichu_round_apply(&round, 0, NULL, &event), PARLOR_ERR_NULL_POINTER);
            CHECK(memcmp(&saved, &round, sizeof round) == 0);
        }
        while (parlor_tichu_round_to_act(&round, &seat) == PARLOR_OK && seat != PARLOR_TICHU_ROUND_NO_SEAT) {
            CHECK_EQ_U(lowest(&round, seat, buffer, &event), PARLOR_OK);
            steps++;
            if (steps > 400) break;
        }
        CHECK_EQ_U(steps, 94);
        CHECK_EQ_U(parlor_tichu_round_outcome(&round, &outcome, &over), PARLOR_OK);
        CHECK_EQ_U(over, 1);
        CHECK((outcome.scores[0]) == 75);
        CHECK((outcome.scores[1]) == 25);
        CHECK((outcome.card_points[0] + outcome.card_points[1]) == 100);
        CHECK_EQ_U(outcome.finish[0], 3);
        CHECK_EQ_U(outcome.double_victory, PARLOR_TICHU_ROUND_NO_SEAT);
        CHECK_EQ_U(parlor_tichu_round_may_act(&round, &mask, order), PARLOR_OK);
        CHECK_EQ_U(mask, 0);
        /* Every card played or in the last hand: the observation's counts. */
        CHECK_EQ_U(parlor_tichu_round_observe(&round, 1, &obs), PARLOR_OK);
        CHECK_EQ_U(obs.out_count, 3);
        CHECK_EQ_U(obs.phase, PARLOR_TICHU_PHASE_OVER);
        {
            size_t i, played = 0;
            for (i = 0; i < PARLOR_TICHU_DECK; i++) played += obs.card_play[i] != 0;
            CHECK_EQ_U(played + obs.card_counts[0] + obs.card_counts[1] + obs.card_counts[2] + obs.card_counts[3], 56);
        }
        /* Encode, decode, corruption. */
        {
            uint8_t bytes[PARLOR_TICHU_ROUND_ENCODED_BYTES];
            size_t len = 0;
            ParlorTichuRound back;
            CHECK_EQ_U(parlor_tichu_round_encode(&round, bytes, 10, &len), PARLOR_ERR_BUFFER_TOO_SMALL);
            CHECK_EQ_U(len, PARLOR_TICHU_ROUND_ENCODED_BYTES);
            CHECK_EQ_U(parlor_tichu_round_encode(&round, bytes, sizeof bytes, &len), PARLOR_OK);
            CHECK_EQ_U(parlor_tichu_round_decode(bytes, len, &back), PARLOR_OK);
            CHECK(memcmp(&back, &round, sizeof round) == 0);
            bytes[200] ^= 0x55;
            CHECK_EQ_U(parlor_tichu_round_decode(bytes, len, &back), PARLOR_ERR_INVALID_STATE);
            memset(&back, 0xAB, sizeof back);
            CHECK_EQ_U(parlor_tichu_round_to_act(&back, &seat), PARLOR_ERR_INVALID_STATE);
        }
    }

    /* Given hands: the deck in order, 14 cards each (seat 0: the lowest cards). */
    {
        uint8_t hands[56];
        ParlorTichuRound round;
        ParlorTichuObservation obs;
        size_t i;
        for (i = 0; i < 56; i++) hands[i] = (uint8_t)i;
        CHECK_EQ_U(parlor_tichu_round_new(NULL, 0, hands, &round), PARLOR_OK);
        CHECK_EQ_U(parlor_tichu_round_observe(&round, 0, &obs), PARLOR_OK);
        CHECK_EQ_U(obs.hand, (1ull << 63) | 0xFFull); /* the first 8 cards: 2s and 3s */
        hands[3] = 0;
        CHECK_EQ_U(parlor_tichu_round_new(NULL, 0, hands, &round), PARLOR_TICHU_ERR_INVALID_DEAL);
        hands[3] = 60;
        CHECK_EQ_U(parlor_tichu_round_new(NULL, 0, hands, &round), PARLOR_ERR_INVALID_ARGUMENT);
    }

    /* A whole match, seed 42. */
    {
        ParlorTichuMatch game;
        ParlorTichuRound round;
        ParlorTichuEvent event;
        ParlorTichuOutcome outcome;
        int32_t scores[2];
        uint32_t rounds = 0, ended = 0;
        uint8_t winner = 0, seat = 0;
        size_t total = 0, steps = 0;
        CHECK_EQ_U(parlor_tichu_match_new(NULL, 42, &game), PARLOR_OK);
        for (;;) {
            CHECK_EQ_U(parlor_tichu_match_scores(&game, scores, &rounds, &winner), PARLOR_OK);
            if (winner != PARLOR_TICHU_ROUND_NO_SEAT || steps > 20000) break;
            CHECK_EQ_U(parlor_tichu_match_round(&game, &round), PARLOR_OK);
            CHECK_EQ_U(parlor_tichu_round_to_act(&round, &seat), PARLOR_OK);
            CHECK_EQ_U(parlor_tichu_round_legal_actions(&round, seat, buffer, PARLOR_TICHU_MAX_ACTIONS, &total), PARLOR_OK);
            CHECK_EQ_U(parlor_tichu_match_apply(&game, seat, &buffer[0], &event, &outcome), PARLOR_OK);
            if (event.round_over) ended++;
            steps++;
        }
        CHECK_EQ_U(rounds, 13);
        CHECK_EQ_U(ended, 13);
        CHECK((scores[0]) == 570);
        CHECK((scores[1]) == 1030);
        CHECK_EQ_U(winner, 1);
        CHECK_EQ_U(event.match_over, 1);
        CHECK_EQ_U(parlor_tichu_match_apply(&game, 0, &buffer[0], &event, NULL), PARLOR_TICHU_ERR_ROUND_OVER);
        {
            uint8_t bytes[PARLOR_TICHU_MATCH_ENCODED_BYTES];
            size_t len = 0;
            ParlorTichuMatch back;
            CHECK_EQ_U(parlor_tichu_match_encode(&game, bytes, sizeof bytes, &len), PARLOR_OK);
            CHECK_EQ_U(parlor_tichu_match_decode(bytes, len, &back), PARLOR_OK);
            CHECK(memcmp(&back, &game, sizeof game) == 0);
        }
    }
    free(buffer);
    return CHECK_SUMMARY();
}
