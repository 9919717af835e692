/* One search decision per game: `parlor_bot_choose` with PARLOR_BOT_SEARCH at the levels normal
 * and hard, the scratch memory parlor_bot_scratch_bytes asks for given (a static buffer), from
 * the first decision of a seeded round that has a choice (two legal actions or more; the
 * earlier decisions are played by PARLOR_BOT_LOWEST). In Tichu the first 16 actions (the Grand
 * Tichu calls and the exchange, which the search hands to its greedy policy without iterating)
 * are passed over, so that the decision measured is a play that the search iterates on. Each prints
 *   search <game> <level>: <I> instructions, <B> bytes of scratch, <N> legal actions
 * (instructions meaningful on the parts the script runs under `-icount`, see semihost.h), and
 * its stack goes in the row "<game> parlor_bot_choose search <level>". The chosen action must be
 * legal (parlor_round_apply takes it) and the same seed and scratch give the same choice. */
#include "check.h"
#include "parlor.h"

#define SEARCH_SEED 2026u
#define SEARCH_ROUND_SEED 1u
/* The largest scratch given: the firmware's shared buffer (check.h), a little over the hard
 * goal's 32 KiB (the bytes asked for are printed and judged by the script). */
#define SCRATCH_CAP FIRMWARE_SCRATCH_BYTES
#define scratch ((uint8_t *)firmware_scratch)


typedef struct {
    const char *normal, *hard;
} SearchNames;

/* The round of `game` at its first decision with a choice: `seat` to decide, `count` legal
 * actions; 0 when there is none within 400 actions. */
static int first_choice(ParlorGame game, ParlorRound *round, uint32_t *seat, size_t *count) {
    static ParlorConfig config;
    int actions;
    if (parlor_config_preset(game, "", 0, &config) != PARLOR_OK ||
        parlor_round_new(&config, SEARCH_ROUND_SEED, round) != PARLOR_OK) {
        return 0;
    }
    for (actions = 0; actions < 400; actions++) {
        uint64_t code = 0;
        if (parlor_round_to_act(round, seat) != PARLOR_OK || *seat == PARLOR_NO_SEAT) return 0;
        if (parlor_round_legal_actions(round, *seat, NULL, 0, count) != PARLOR_OK) return 0;
        if (*count >= 2u && actions >= (game == PARLOR_GAME_TICHU ? 16 : 0)) return 1;
        if (parlor_bot_choose(round, *seat, PARLOR_BOT_LOWEST, 0, NULL, 0, &code) != PARLOR_OK ||
            parlor_round_apply(round, *seat, code, NULL) != PARLOR_OK) {
            return 0;
        }
    }
    return 0;
}

static void decide(ParlorGame game, const char *name, const ParlorRound *start, uint32_t seat, size_t count,
                   uint32_t level, const char *level_name, const char *row) {
    static ParlorRound round;
    uint32_t bot = PARLOR_BOT_SEARCH | (level << 8);
    size_t need = 0, given;
    uint64_t code = PARLOR_ACTION_NONE, again = PARLOR_ACTION_NONE;
    uint64_t ticks;
    CHECK_EQ_U(parlor_bot_scratch_bytes(game, bot, &need), PARLOR_OK);
    given = need < SCRATCH_CAP ? need : SCRATCH_CAP;
    CHECK(need <= SCRATCH_CAP);
    CHECK_EQ_U(STACK(row, parlor_bot_choose(start, seat, bot, SEARCH_SEED, scratch, given, &code)), PARLOR_OK);
    ticks = check_ticks;
    /* The same seed and scratch length give the same choice, whatever the scratch held. */
    CHECK_EQ_U(parlor_bot_choose(start, seat, bot, SEARCH_SEED, scratch, given, &again), PARLOR_OK);
    CHECK(code == again);
    /* The choice is one of the seat's legal actions. */
    round = *start;
    CHECK_EQ_U(parlor_round_apply(&round, seat, code, NULL), PARLOR_OK);
    host_puts("search ");
    host_puts(name);
    host_puts(" ");
    host_puts(level_name);
    host_puts(": ");
    host_putu64(insns_of(ticks));
    host_puts(" instructions, ");
    host_putu64((uint64_t)need);
    host_puts(" bytes of scratch, ");
    host_putu64((uint64_t)count);
    host_puts(" legal actions\n");
}

static void search_game(ParlorGame game, const char *name, const SearchNames *rows) {
    static ParlorRound round;
    uint32_t seat = PARLOR_NO_SEAT;
    size_t count = 0;
    int found = first_choice(game, &round, &seat, &count);
    CHECK(found);
    if (!found) return;
    decide(game, name, &round, seat, count, PARLOR_LEVEL_NORMAL, "normal", rows->normal);
    decide(game, name, &round, seat, count, PARLOR_LEVEL_HARD, "hard", rows->hard);
}

#define SEARCH_NAMES(game) {game " parlor_bot_choose search normal", game " parlor_bot_choose search hard"}

void test_search(void) {
#ifdef PARLOR_TEST_DOMINOES
    {
        static const SearchNames rows = SEARCH_NAMES("dominoes");
        search_game(PARLOR_GAME_DOMINOES, "dominoes", &rows);
    }
#endif
#ifdef PARLOR_TEST_TICHU
    {
        static const SearchNames rows = SEARCH_NAMES("tichu");
        search_game(PARLOR_GAME_TICHU, "tichu", &rows);
    }
#endif
#ifdef PARLOR_TEST_DOUDIZHU
    {
        static const SearchNames rows = SEARCH_NAMES("doudizhu");
        search_game(PARLOR_GAME_DOUDIZHU, "doudizhu", &rows);
    }
#endif
#ifdef PARLOR_TEST_MAHJONG
    {
        static const SearchNames rows = SEARCH_NAMES("mahjong");
        search_game(PARLOR_GAME_MAHJONG, "mahjong", &rows);
    }
#endif
}
