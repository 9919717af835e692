/* The Dou Dizhu whole game through the C ABI: a given deal played to a spring, refused actions,
 * corrupted states, and a seeded match played to its end. */
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

static ParlorDoudizhuAction actions[PARLOR_DOUDIZHU_MAX_ACTIONS];

/* The legal play of `text` (its first reading in legal order), or a pass action if none. */
static ParlorDoudizhuAction find_play(const ParlorDoudizhuRound *round, uint8_t seat, const char *text) {
    ParlorDoudizhuCards want = cards(text);
    size_t n = 0, i;
    ParlorDoudizhuAction none;
    memset(&none, 0, sizeof none);
    if (parlor_doudizhu_round_legal_actions(round, seat, actions, PARLOR_DOUDIZHU_MAX_ACTIONS, &n) != PARLOR_OK)
        return none;
    for (i = 0; i < n; i++)
        if (actions[i].kind == PARLOR_DOUDIZHU_ACTION_PLAY && memcmp(&actions[i].cards, &want, sizeof want) == 0)
            return actions[i];
    return none;
}

int main(void) {
    ParlorDoudizhuCards hands[3];
    ParlorDoudizhuCards kitty = cards("8BR");
    ParlorDoudizhuRound round, before;
    ParlorDoudizhuAction action;
    ParlorDoudizhuEvent event;
    ParlorDoudizhuObservation obs;
    ParlorDoudizhuOutcome outcome;
    uint8_t seat = 9;
    size_t n = 0;

    hands[0] = cards("33344455566677788");
    hands[1] = cards("3456789999TTTTJJJ");
    hands[2] = cards("JQQQQKKKKAAAA2222");
    CHECK_EQ_U(parlor_doudizhu_round_new_given(PARLOR_DOUDIZHU_GAME_PAGAT, hands, &kitty, 0, &round), PARLOR_OK);
    CHECK_EQ_U(parlor_doudizhu_round_to_act(&round, &seat), PARLOR_OK);
    CHECK_EQ_U(seat, 0);

    /* The auction: pass and bids 1, 2, 3; a seat out of turn and a bid of 4 are refused. */
    CHECK_EQ_U(parlor_doudizhu_round_legal_actions(&round, 0, actions, PARLOR_DOUDIZHU_MAX_ACTIONS, &n), PARLOR_OK);
    CHECK_EQ_U(n, 4);
    CHECK_EQ_U(actions[0].kind, PARLOR_DOUDIZHU_ACTION_PASS);
    CHECK_EQ_U(actions[3].bid, 3);
    CHECK_EQ_U(parlor_doudizhu_round_legal_actions(&round, 0, actions, 2, &n), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(n, 4);
    memset(&action, 0, sizeof action);
    action.kind = PARLOR_DOUDIZHU_ACTION_BID;
    action.bid = 4;
    before = round;
    CHECK_EQ_U(parlor_doudizhu_round_apply(&round, 0, &action, &event), PARLOR_DOUDIZHU_ERR_ILLEGAL_ACTION);
    action.bid = 3;
    CHECK_EQ_U(parlor_doudizhu_round_apply(&round, 1, &action, &event), PARLOR_DOUDIZHU_ERR_NOT_YOUR_TURN);
    CHECK(memcmp(&round, &before, sizeof round) == 0);

    /* Before the auction ends nobody sees the kitty; seat 1 sees only its own hand. */
    CHECK_EQ_U(parlor_doudizhu_round_observe(&round, 1, &obs), PARLOR_OK);
    CHECK_EQ_U(obs.kitty_known, 0);
    CHECK(memcmp(&obs.hand, &hands[1], sizeof obs.hand) == 0);
    CHECK_EQ_U(obs.counts[0], 17);

    CHECK_EQ_U(parlor_doudizhu_round_apply(&round, 0, &action, &event), PARLOR_OK);
    CHECK_EQ_U(event.landlord, 0);
    CHECK(memcmp(&event.kitty, &kitty, sizeof kitty) == 0);
    CHECK_EQ_U(parlor_doudizhu_round_observe(&round, 2, &obs), PARLOR_OK);
    CHECK_EQ_U(obs.kitty_known, 1);
    CHECK_EQ_U(obs.counts[0], 20);

    /* The leader may not pass. */
    memset(&action, 0, sizeof action);
    CHECK_EQ_U(parlor_doudizhu_round_apply(&round, 0, &action, NULL), PARLOR_DOUDIZHU_ERR_ILLEGAL_ACTION);

    /* The six-triplet airplane, two passes, then the rocket: a spring. */
    action = find_play(&round, 0, "333444555666777888");
    CHECK_EQ_U(action.kind, PARLOR_DOUDIZHU_ACTION_PLAY);
    CHECK_EQ_U(action.reading.kind, PARLOR_DOUDIZHU_KIND_AIRPLANE);
    CHECK_EQ_U(action.reading.chain, 6);
    CHECK_EQ_U(parlor_doudizhu_round_apply(&round, 0, &action, &event), PARLOR_OK);
    memset(&action, 0, sizeof action);
    CHECK_EQ_U(parlor_doudizhu_round_apply(&round, 1, &action, &event), PARLOR_OK);
    CHECK_EQ_U(event.lead, PARLOR_DOUDIZHU_NO_SEAT);
    CHECK_EQ_U(parlor_doudizhu_round_apply(&round, 2, &action, &event), PARLOR_OK);
    CHECK_EQ_U(event.lead, 0);
    CHECK_EQ_U(parlor_doudizhu_round_outcome(&round, &outcome), PARLOR_ERR_INVALID_STATE);
    action = find_play(&round, 0, "BR");
    CHECK_EQ_U(parlor_doudizhu_round_apply(&round, 0, &action, &event), PARLOR_OK);
    CHECK_EQ_U(event.doubled, 1);
    CHECK_EQ_U(event.over, 1);
    CHECK_EQ_U(parlor_doudizhu_round_outcome(&round, &outcome), PARLOR_OK);
    CHECK_EQ_U(outcome.spring, 1);
    CHECK_EQ_U(outcome.bombs, 1);
    CHECK_EQ_U(outcome.stake, 12);
    CHECK(outcome.scores[0] == 24 && outcome.scores[1] == -12 && outcome.scores[2] == -12);
    CHECK_EQ_U(parlor_doudizhu_round_to_act(&round, &seat), PARLOR_OK);
    CHECK_EQ_U(seat, PARLOR_DOUDIZHU_NO_SEAT);

    /* Encode / decode; a corrupted state is a status code. */
    {
        uint8_t bytes[256];
        size_t len = 0;
        ParlorDoudizhuRound copy;
        CHECK_EQ_U(parlor_doudizhu_round_encode(&round, bytes, sizeof bytes, &len), PARLOR_OK);
        CHECK_EQ_U(len, 161);
        CHECK_EQ_U(parlor_doudizhu_round_encode(&round, bytes, 10, &len), PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ_U(parlor_doudizhu_round_decode(bytes, len, &copy), PARLOR_OK);
        CHECK(memcmp(&copy, &round, sizeof copy) == 0);
        bytes[20] ^= 0x40;
        CHECK_EQ_U(parlor_doudizhu_round_decode(bytes, len, &copy), PARLOR_DOUDIZHU_ERR_INVALID_STATE);
        memset(&copy, 0xA5, sizeof copy);
        CHECK_EQ_U(parlor_doudizhu_round_to_act(&copy, &seat), PARLOR_DOUDIZHU_ERR_INVALID_STATE);
        CHECK_EQ_U(parlor_doudizhu_round_new(9, 1, &copy), PARLOR_ERR_INVALID_ARGUMENT);
        CHECK_EQ_U(parlor_doudizhu_round_new(PARLOR_DOUDIZHU_GAME_PAGAT, 1, NULL), PARLOR_ERR_NULL_POINTER);
    }

    /* OpenSpiel action ids: the rocket is 26,056; ids map back to the same action; the legal
     * actions of an OpenSpiel deal all have ids (legal-action masks). */
    {
        uint32_t id = 0, i;
        ParlorDoudizhuAction back;
        ParlorDoudizhuRound os;
        CHECK_EQ_U(parlor_doudizhu_openspiel_action(26056, &back), PARLOR_OK);
        CHECK_EQ_U(back.kind, PARLOR_DOUDIZHU_ACTION_PLAY);
        CHECK_EQ_U(back.reading.kind, PARLOR_DOUDIZHU_KIND_ROCKET);
        CHECK_EQ_U(parlor_doudizhu_openspiel_action_id(&back, &id), PARLOR_OK);
        CHECK_EQ_U(id, 26056);
        CHECK_EQ_U(parlor_doudizhu_openspiel_action(PARLOR_DOUDIZHU_OPENSPIEL_ACTIONS, &back),
                   PARLOR_ERR_INVALID_ARGUMENT);
        memset(&action, 0, sizeof action);
        action.kind = PARLOR_DOUDIZHU_ACTION_CALL;
        CHECK_EQ_U(parlor_doudizhu_openspiel_action_id(&action, &id), PARLOR_ERR_INVALID_ARGUMENT);
        CHECK_EQ_U(parlor_doudizhu_round_new(PARLOR_DOUDIZHU_GAME_OPENSPIEL, 1, &os), PARLOR_OK);
        CHECK_EQ_U(parlor_doudizhu_round_to_act(&os, &seat), PARLOR_OK);
        CHECK_EQ_U(seat, 1); /* seed 1: the face-up card went to seat 1 */
        action.kind = PARLOR_DOUDIZHU_ACTION_BID;
        action.bid = 3;
        CHECK_EQ_U(parlor_doudizhu_round_apply(&os, seat, &action, &event), PARLOR_OK);
        CHECK_EQ_U(parlor_doudizhu_round_legal_actions(&os, seat, actions, PARLOR_DOUDIZHU_MAX_ACTIONS, &n), PARLOR_OK);
        CHECK(n > 20);
        for (i = 0; i < n; i++) {
            uint32_t got = 0;
            if (parlor_doudizhu_openspiel_action_id(&actions[i], &got) != PARLOR_OK ||
                parlor_doudizhu_openspiel_action(got, &back) != PARLOR_OK ||
                memcmp(&back, &actions[i], sizeof back) != 0) {
                printf("FAIL: action %u has no round-tripping OpenSpiel id\n", (unsigned)i);
                check_failed++;
            }
        }
        check_passed++;
    }

    /* A seeded OpenSpiel-rules match, played to its end by a simple deterministic chooser. */
    {
        ParlorDoudizhuMatch m;
        int64_t scores[3];
        uint16_t deals = 0;
        uint8_t over = 0;
        uint32_t lcg = 12345;
        int steps = 0;
        CHECK_EQ_U(parlor_doudizhu_match_new(PARLOR_DOUDIZHU_GAME_OPENSPIEL, 2026, &m), PARLOR_OK);
        while (steps < 100000) {
            CHECK_EQ_U(parlor_doudizhu_match_to_act(&m, &seat), PARLOR_OK);
            if (seat == PARLOR_DOUDIZHU_NO_SEAT) break;
            CHECK_EQ_U(parlor_doudizhu_match_legal_actions(&m, seat, actions, PARLOR_DOUDIZHU_MAX_ACTIONS, &n),
                       PARLOR_OK);
            lcg = lcg * 1103515245u + 12345u;
            CHECK_EQ_U(parlor_doudizhu_match_apply(&m, seat, &actions[(lcg >> 8) % n], &event), PARLOR_OK);
            steps++;
        }
        CHECK_EQ_U(parlor_doudizhu_match_scores(&m, scores, &deals, &over), PARLOR_OK);
        CHECK_EQ_U(deals, 9);
        CHECK_EQ_U(over, 1);
        CHECK(scores[0] + scores[1] + scores[2] == 0);
        CHECK(steps > 9 * 3);
    }
    return CHECK_SUMMARY();
}
