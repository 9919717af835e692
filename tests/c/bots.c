/* The greedy and search bots through the C ABI, in every game: the scratch each level asks for,
 * a pinned choice for a seeded round (the same for the same seed, whatever the buffer held and
 * however it is aligned), a short or missing buffer only weakening the search (never an error),
 * and bad codes refused. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parlor.h"
#include "check.h"

typedef struct {
    ParlorGame game;
    const char *preset;
    uint64_t seed;
    size_t scratch[3];     /* parlor_bot_scratch_bytes of search easy, normal, hard */
    uint64_t greedy;       /* greedy's choice (seed 1) for the seat in turn */
    uint64_t search[3];    /* search's choice (seed 42) at each level, full scratch */
} Expected;

static const Expected EXPECTED[4] = {
    {PARLOR_GAME_DOMINOES, "five-up", 7, {682, 882, 2162}, 394497, {394497, 394497, 394497}},
    {PARLOR_GAME_TICHU, "standard", 7, {606, 766, 1806}, 1152921504606846976u, {1152921504606846976u, 1152921504606846976u, 1152921504606846976u}},
    {PARLOR_GAME_DOUDIZHU, "pagat", 7, {254, 414, 1334}, 0, {0, 0, 0}},
    {PARLOR_GAME_MAHJONG, "tenhou", 7, {754, 754, 754}, 13057, {13057, 13057, 13057}},
};

static void test_game(const Expected *e) {
    ParlorConfig config;
    ParlorRound round, copy;
    uint32_t seat = 0, level;
    uint64_t code = 0, again = 0;
    size_t bytes = 0;
    unsigned char *buffer;

    printf("%s\n", parlor_game_name(e->game));
    CHECK_EQ_U(parlor_config_preset(e->game, e->preset, strlen(e->preset), &config), PARLOR_OK);
    CHECK_EQ_U(parlor_round_new(&config, e->seed, &round), PARLOR_OK);
    CHECK_EQ_U(parlor_round_to_act(&round, &seat), PARLOR_OK);

    /* Bad codes: an unknown kind, a level on a bot without levels, a level past hard. */
    CHECK_EQ_U(parlor_bot_scratch_bytes(e->game, 5, &bytes), PARLOR_ERR_UNKNOWN_BOT);
    CHECK_EQ_U(parlor_bot_scratch_bytes(e->game, PARLOR_BOT_GREEDY | (1u << 8), &bytes), PARLOR_ERR_UNKNOWN_BOT);
    CHECK_EQ_U(parlor_bot_scratch_bytes(e->game, PARLOR_BOT_SEARCH | (3u << 8), &bytes), PARLOR_ERR_UNKNOWN_BOT);
    CHECK_EQ_U(parlor_bot_choose(&round, seat, PARLOR_BOT_SEARCH | (255u << 8), 0, NULL, 0, &code), PARLOR_ERR_UNKNOWN_BOT);

    /* Greedy: no scratch, a pinned legal choice. */
    CHECK_EQ_U(parlor_bot_scratch_bytes(e->game, PARLOR_BOT_GREEDY, &bytes), PARLOR_OK);
    CHECK_EQ_U(bytes, 0);
    CHECK_EQ_U(parlor_bot_choose(&round, seat, PARLOR_BOT_GREEDY, 1, NULL, 0, &code), PARLOR_OK);
    printf("  greedy: %llu\n", (unsigned long long)code);
    CHECK_EQ_U(code, e->greedy);
    copy = round;
    CHECK_EQ_U(parlor_round_apply(&copy, seat, code, NULL), PARLOR_OK);

    for (level = PARLOR_LEVEL_EASY; level <= PARLOR_LEVEL_HARD; level++) {
        ParlorBot bot = PARLOR_BOT_SEARCH | (level << 8);
        CHECK_EQ_U(parlor_bot_scratch_bytes(e->game, bot, &bytes), PARLOR_OK);
        printf("  search level %u: %lu scratch bytes", (unsigned)level, (unsigned long)bytes);
        CHECK_EQ_U(bytes, e->scratch[level]);
        CHECK(bytes <= 32 * 1024 + 7);
        /* One byte past malloc's alignment, filled with garbage: the bot aligns and clears. */
        buffer = (unsigned char *)malloc(bytes + 1);
        CHECK(buffer != NULL);
        if (!buffer) return;
        memset(buffer, 0xA5, bytes + 1);
        CHECK_EQ_U(parlor_bot_choose(&round, seat, bot, 42, buffer + 1, bytes, &code), PARLOR_OK);
        printf(", choice %llu\n", (unsigned long long)code);
        CHECK_EQ_U(code, e->search[level]);
        copy = round;
        CHECK_EQ_U(parlor_round_apply(&copy, seat, code, NULL), PARLOR_OK);
        /* The same seed and buffer length, another alignment and contents: the same choice. */
        memset(buffer, 0x00, bytes + 1);
        CHECK_EQ_U(parlor_bot_choose(&round, seat, bot, 42, buffer, bytes, &again), PARLOR_OK);
        CHECK_EQ_U(again, code);
        /* A short buffer (or none) weakens the search but still answers a legal action. */
        CHECK_EQ_U(parlor_bot_choose(&round, seat, bot, 42, buffer, bytes / 3, &again), PARLOR_OK);
        copy = round;
        CHECK_EQ_U(parlor_round_apply(&copy, seat, again, NULL), PARLOR_OK);
        CHECK_EQ_U(parlor_bot_choose(&round, seat, bot, 42, NULL, 0, &again), PARLOR_OK);
        copy = round;
        CHECK_EQ_U(parlor_round_apply(&copy, seat, again, NULL), PARLOR_OK);
        free(buffer);
    }
    /* A seat that may not act. */
    {
        uint32_t seats = 0, other;
        uint8_t may = 1;
        CHECK_EQ_U(parlor_round_seats(&round, &seats), PARLOR_OK);
        other = (seat + 1) % seats;
        CHECK_EQ_U(parlor_round_may_act(&round, other, &may), PARLOR_OK);
        if (!may) {
            CHECK_EQ_U(parlor_bot_choose(&round, other, PARLOR_BOT_GREEDY, 1, NULL, 0, &code), PARLOR_ERR_NOT_YOUR_TURN);
        }
    }
}

int main(void) {
    size_t i;
    for (i = 0; i < sizeof EXPECTED / sizeof EXPECTED[0]; i++) test_game(&EXPECTED[i]);
    return CHECK_SUMMARY();
}
