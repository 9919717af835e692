/* The stack each call of the one function set uses, per game: every call runs on a painted
 * stack of its own (a POSIX ucontext, hence _XOPEN_SOURCE) and the untouched paint tells the
 * high-water mark. The figures print; the check is a loose bound for the debug build the tests
 * link (release figures are far smaller: docs/c-abi.md). */
#define _XOPEN_SOURCE 700
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include "parlor.h"
#include "check.h"

#define STACK_BYTES (256 * 1024)
#define PAINT 0xA5

static ucontext_t caller, probe;
static unsigned char *stack;
static int which;
static ParlorStatus status;
static ParlorConfig config;
static ParlorRound round_state, scratch_round;
static ParlorMatch match_state, scratch_match;
static uint32_t seat, match_seat;
static uint64_t code, match_code, codes[64];
static size_t total;
static char text[4096];
static int32_t scores[PARLOR_MAX_SEATS];
static uint8_t bytes[sizeof(ParlorMatch)], match_bytes[sizeof(ParlorMatch)];
static size_t bytes_len, match_bytes_len;
static ParlorGame game;

static const char *const NAMES[] = {
    "parlor_round_new",        "parlor_round_to_act",        "parlor_round_legal_actions",
    "parlor_round_apply",      "parlor_round_view",          "parlor_bot_choose (random)",
    "parlor_round_encode",     "parlor_round_decode",        "parlor_match_new",
    "parlor_match_to_act",     "parlor_match_apply",         "parlor_match_round",
    "parlor_match_scores",     "parlor_match_decode",        "parlor_action_text",
};
#define CALLS (sizeof NAMES / sizeof NAMES[0])

static void run(void) {
    scratch_round = round_state;
    scratch_match = match_state;
    switch (which) {
    case 0: status = parlor_round_new(&config, 7, &scratch_round); break;
    case 1: status = parlor_round_to_act(&round_state, &seat); break;
    case 2:
        status = parlor_round_legal_actions(&round_state, seat, codes, 64, &total);
        if (status == PARLOR_ERR_BUFFER_TOO_SMALL) status = PARLOR_OK; /* every action still enumerated */
        break;
    case 3: status = parlor_round_apply(&scratch_round, seat, code, NULL); break;
    case 4: status = parlor_round_view(&round_state, seat, text, sizeof text, &total); break;
    case 5: status = parlor_bot_choose(&round_state, seat, PARLOR_BOT_RANDOM, 3, NULL, 0, &codes[0]); break;
    case 6: status = parlor_round_encode(&round_state, bytes, sizeof bytes, &bytes_len); break;
    case 7: status = parlor_round_decode(game, bytes, bytes_len, &scratch_round); break;
    case 8: status = parlor_match_new(&config, 7, &scratch_match); break;
    case 9: status = parlor_match_to_act(&match_state, &match_seat); break;
    case 10: status = parlor_match_apply(&scratch_match, match_seat, match_code, NULL); break;
    case 11: status = parlor_match_round(&match_state, &scratch_round); break;
    case 12: status = parlor_match_scores(&match_state, scores, PARLOR_MAX_SEATS, &total); break;
    case 13: status = parlor_match_decode(game, match_bytes, match_bytes_len, &scratch_match); break;
    default: status = parlor_action_text(game, code, text, sizeof text, &total); break;
    }
}

/* The bytes of the painted stack `call` touched. */
static size_t stack_used(int call) {
    size_t untouched = 0;
    memset(stack, PAINT, STACK_BYTES);
    which = call;
    if (getcontext(&probe) != 0) abort();
    probe.uc_stack.ss_sp = stack;
    probe.uc_stack.ss_size = STACK_BYTES;
    probe.uc_link = &caller;
    makecontext(&probe, run, 0);
    if (swapcontext(&caller, &probe) != 0) abort();
    while (untouched < STACK_BYTES && stack[untouched] == PAINT) untouched++;
    return STACK_BYTES - untouched;
}

int main(void) {
    stack = malloc(STACK_BYTES);
    if (!stack) abort();
    for (game = PARLOR_GAME_DOMINOES; game <= PARLOR_GAME_MAHJONG; game++) {
        size_t call, most = 0;
        int i;
        CHECK_EQ_U(parlor_config_preset(game, "", 0, &config), PARLOR_OK);
        CHECK_EQ_U(parlor_round_new(&config, 7, &round_state), PARLOR_OK);
        CHECK_EQ_U(parlor_match_new(&config, 7, &match_state), PARLOR_OK);
        for (i = 0; i < 6; i++) { /* a few actions in: a state with a history */
            CHECK_EQ_U(parlor_round_to_act(&round_state, &seat), PARLOR_OK);
            if (seat == PARLOR_NO_SEAT) break;
            CHECK_EQ_U(parlor_bot_choose(&round_state, seat, PARLOR_BOT_RANDOM, (uint64_t)i, NULL, 0, &code), PARLOR_OK);
            CHECK_EQ_U(parlor_round_apply(&round_state, seat, code, NULL), PARLOR_OK);
        }
        CHECK_EQ_U(parlor_round_to_act(&round_state, &seat), PARLOR_OK);
        CHECK(seat != PARLOR_NO_SEAT);
        CHECK_EQ_U(parlor_bot_choose(&round_state, seat, PARLOR_BOT_LOWEST, 0, NULL, 0, &code), PARLOR_OK);
        CHECK_EQ_U(parlor_match_to_act(&match_state, &match_seat), PARLOR_OK);
        CHECK_EQ_U(parlor_match_round(&match_state, &scratch_round), PARLOR_OK);
        CHECK_EQ_U(parlor_bot_choose(&scratch_round, match_seat, PARLOR_BOT_LOWEST, 0, NULL, 0, &match_code), PARLOR_OK);
        CHECK_EQ_U(parlor_match_encode(&match_state, match_bytes, sizeof match_bytes, &match_bytes_len), PARLOR_OK);
        printf("%s:", parlor_game_name(game));
        for (call = 0; call < CALLS; call++) {
            size_t used = stack_used((int)call);
            CHECK_EQ_U(status, PARLOR_OK);
            printf(" %s %lu%s", NAMES[call], (unsigned long)used, call + 1 < CALLS ? "," : "\n");
            if (used > most) most = used;
        }
        /* Header-only calls stay small whatever the game. */
        CHECK(stack_used(1) < 4096);
        CHECK(stack_used(9) < 4096);
        CHECK(most < 64 * 1024);
    }
    free(stack);
    return CHECK_SUMMARY();
}
