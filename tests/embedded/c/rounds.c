/* The round engines through the one C function set: seeded whole rounds and matches of each
 * game built, every seat played by the lowest legal action (PARLOR_BOT_LOWEST, the core's
 * `lowest_legal_action`), through `parlor_round_*` / `parlor_match_*`, the same code for every
 * game.
 *
 * Each case prints one line in the format of tests/embedded/src/rounds.rs:
 *   round <game> lowest seed <S>: <N> actions, scores <s0> <s1> ..., digest <FNV-1a 32 of the
 *   final encoded state, 8 hex digits>
 * scripts/embedded-check compares these lines with the host's (the Rust firmware's verified
 * `rounds  ` lines): any difference fails the run. The seeds are rounds.rs's ROUND_SEEDS and
 * MATCH_SEEDS.
 *
 * Then one round per seed of each game with PARLOR_BOT_RANDOM (a new seed for every choice),
 * for its cost only: with the lowest rounds, each prints
 *   insns-round <game> <bot> seed <S>: <I> instructions, <N> actions
 * (the instructions of every to_act, bot and apply call of the round; meaningful on the parts
 * the script runs under `-icount`, see semihost.h), and the per-game rows of those calls
 * ("<game> parlor_round_apply") get stack and instruction lines of their own.
 *
 * Mahjong: in a call window `_to_act` names each seat that may still answer, in turn from the
 * discarder, and the lowest legal action of each is its pass. */
#include "check.h"
#include "parlor.h"

#define ACTION_CAP 200000ul

static const uint64_t round_seeds[] = {1, 7, 2026};
static const uint64_t match_seeds[] = {1, 7};
static const uint64_t random_seeds[] = {1, 7};
static uint8_t encoded[1024];
static uint8_t encoded_again[1024];

/* The state decoded from `encoded` encodes to the same bytes (`again` of them). */
static void check_same_bytes(uint32_t status, size_t again, size_t len) {
    size_t i;
    int same = status == PARLOR_OK && again == len;
    for (i = 0; same && i < len; i++) {
        same = encoded[i] == encoded_again[i];
    }
    CHECK(same);
}

static void put_i64(int64_t value) {
    if (value < 0) {
        host_puts("-");
        host_putu64((uint64_t)0 - (uint64_t)value);
    } else {
        host_putu64((uint64_t)value);
    }
}

static uint32_t fnv(const uint8_t *bytes, size_t len) {
    uint32_t hash = 0x811c9dc5u;
    size_t i;
    for (i = 0; i < len; i++) {
        hash = (hash ^ bytes[i]) * 0x01000193u;
    }
    return hash;
}


/* One outcome line; `error` or `!over` print as rounds.rs does. */
static void report(const char *kind, const char *game, const char *preset, uint64_t seed, unsigned long actions, int over, int error,
                   const int64_t *scores, int count, uint32_t digest) {
    static const char hex[] = "0123456789abcdef";
    char text[9];
    int i;
    host_puts(kind);
    host_puts(" ");
    host_puts(game);
    if (preset != NULL) {
        host_puts(" ");
        host_puts(preset);
    }
    host_puts(" lowest seed ");
    host_putu64(seed);
    host_puts(": ");
    host_putu(actions);
    host_puts(" actions, ");
    if (error) {
        host_puts("error: a bot found no action or the engine refused one\n");
    } else if (!over) {
        host_puts("did not end\n");
    } else {
        host_puts("scores");
        for (i = 0; i < count; i++) {
            host_puts(" ");
            put_i64(scores[i]);
        }
        for (i = 0; i < 8; i++) {
            text[i] = hex[(digest >> (28 - 4 * i)) & 15u];
        }
        text[8] = '\0';
        host_puts(", digest ");
        host_puts(text);
        host_puts("\n");
    }
    /* Counted as a check: the line itself is compared by the script. */
    CHECK(!error && over);
}


/* The names of one game's per-call rows (stack and instructions). */
typedef struct {
    const char *to_act, *bot, *apply, *match_to_act, *match_round, *match_apply, *new_round, *outcome, *encode,
        *decode, *view, *legal, *new_match, *match_scores, *match_encode, *match_decode, *count;
} CallNames;
#define CALL_NAMES(game)                                                                                         \
    {                                                                                                            \
        game " parlor_round_to_act", game " parlor_bot_choose", game " parlor_round_apply",                      \
            game " parlor_match_to_act", game " parlor_match_round", game " parlor_match_apply",                 \
            game " parlor_round_new", game " parlor_round_outcome", game " parlor_round_encode",                 \
            game " parlor_round_decode", game " parlor_round_view", game " parlor_round_legal_actions",          \
            game " parlor_match_new", game " parlor_match_scores", game " parlor_match_encode",                   \
            game " parlor_match_decode", game " parlor_round_legal_action_count"                               \
    }
static const CallNames names_dominoes = CALL_NAMES("dominoes");
static const CallNames names_tichu = CALL_NAMES("tichu");
static const CallNames names_doudizhu = CALL_NAMES("doudizhu");
static const CallNames names_mahjong = CALL_NAMES("mahjong");
static const CallNames *names_of(ParlorGame game) {
    switch (game) {
        case PARLOR_GAME_TICHU: return &names_tichu;
        case PARLOR_GAME_DOUDIZHU: return &names_doudizhu;
        case PARLOR_GAME_MAHJONG: return &names_mahjong;
        default: return &names_dominoes;
    }
}

/* The C calls of the `lowest` rounds (the same states and actions as the Rust vector firmware's
 * core calls, whose ticks it prints as `ticks-core <game> round-<call>`): ticks and calls of
 * parlor_bot_choose and parlor_round_apply, per game. */
enum { LOWEST_BOT, LOWEST_APPLY, LOWEST_CALLS };
static const char *const lowest_names[LOWEST_CALLS] = {"bot", "apply"};
static uint64_t lowest_ticks[LOWEST_CALLS];
static unsigned long lowest_calls[LOWEST_CALLS];

static void count_lowest(int call) {
    lowest_ticks[call] += check_ticks;
    lowest_calls[call]++;
}

/* `insns-lowest <game> round-<call>: <N> calls, <T> ticks, mean <I> instructions` per call kind
 * (the script divides these ticks by the core's), then a new count for the next game. */
static void report_lowest(const char *game) {
    int call;
    for (call = 0; call < LOWEST_CALLS; call++) {
        if (lowest_calls[call] == 0u) continue;
        host_puts("insns-lowest ");
        host_puts(game);
        host_puts(" round-");
        host_puts(lowest_names[call]);
        host_puts(": ");
        host_putu(lowest_calls[call]);
        host_puts(" calls, ");
        host_putu64(lowest_ticks[call]);
        host_puts(" ticks, mean ");
        host_putu64(insns_of(lowest_ticks[call]) / lowest_calls[call]);
        host_puts(" instructions\n");
        lowest_ticks[call] = 0u;
        lowest_calls[call] = 0u;
    }
}

/* A view of every seat (a size query; the text itself is the host's test). */
static void check_views(const ParlorRound *round, const CallNames *names) {
    uint32_t seats = 0, seat;
    size_t len = 0;
    CHECK_EQ_U(parlor_round_seats(round, &seats), PARLOR_OK);
    for (seat = 0; seat < seats; seat++) {
        CHECK_EQ_U(STACK(names->view, parlor_round_view(round, seat, NULL, 0, &len)), PARLOR_OK);
        CHECK(len > 0);
    }
}

/* The cost line of one round (see the module text). */
static void report_cost(const char *game, const char *preset, const char *bot, uint64_t seed, uint64_t ticks,
                        unsigned long actions) {
    host_puts("insns-round ");
    host_puts(game);
    if (preset != NULL) {
        host_puts(" ");
        host_puts(preset);
    }
    host_puts(" ");
    host_puts(bot);
    host_puts(" seed ");
    host_putu64(seed);
    host_puts(": ");
    host_putu64(insns_of(ticks));
    host_puts(" instructions, ");
    host_putu(actions);
    host_puts(" actions\n");
}

/* One seeded round of `game` under `preset` played by PARLOR_BOT_RANDOM, for its cost. */
static void cost_random_round(ParlorGame game, const char *name, const char *preset, uint64_t seed) {
    static ParlorConfig config;
    static ParlorRound round;
    const CallNames *names = names_of(game);
    unsigned long actions = 0;
    uint64_t ticks = 0;
    int error = 0;
    size_t plen = preset ? text_len(preset) : 0;
    if (parlor_config_preset(game, preset ? preset : "", plen, &config) != PARLOR_OK ||
        parlor_round_new(&config, seed, &round) != PARLOR_OK) {
        error = 1;
    }
    while (!error && actions < ACTION_CAP) {
        uint32_t seat = PARLOR_NO_SEAT;
        uint64_t code = 0;
        error = STACK(names->to_act, parlor_round_to_act(&round, &seat)) != PARLOR_OK;
        ticks += check_ticks;
        if (error || seat == PARLOR_NO_SEAT) break;
        error = STACK(names->bot, parlor_bot_choose(&round, seat, PARLOR_BOT_RANDOM, seed * 1000003u + actions, NULL, 0,
                                                    &code)) != PARLOR_OK;
        ticks += check_ticks;
        if (error) break;
        error = STACK(names->apply, parlor_round_apply(&round, seat, code, NULL)) != PARLOR_OK;
        ticks += check_ticks;
        actions++;
    }
    CHECK(!error);
    report_cost(name, preset, "random", seed, ticks, actions);
}

/* One seeded round of `game` under `preset` ("" the default; NULL in the line). */
static void play_round(ParlorGame game, const char *name, const char *preset, uint64_t seed) {
    const CallNames *names = names_of(game);
    uint64_t ticks = 0;
    static ParlorConfig config;
    static ParlorRound round, copy;
    unsigned long actions = 0;
    int error = 0, over = 0, i;
    int64_t scores[4] = {0, 0, 0, 0};
    int32_t raw[PARLOR_MAX_SEATS];
    size_t len = 0, count = 0, again = 0, plen = preset ? text_len(preset) : 0;
    uint32_t status;
    if (STACK("parlor_config_preset", parlor_config_preset(game, preset ? preset : "", plen, &config)) != PARLOR_OK ||
        STACK(names->new_round, parlor_round_new(&config, seed, &round)) != PARLOR_OK) {
        error = 1;
    }
    while (!error && actions < ACTION_CAP) {
        uint32_t seat = PARLOR_NO_SEAT;
        uint64_t code = 0;
        size_t legal = 0;
        if (STACK(names->to_act, parlor_round_to_act(&round, &seat)) != PARLOR_OK) {
            error = 1;
        } else if ((ticks += check_ticks, seat == PARLOR_NO_SEAT)) {
            break;
        } else if (STACK(names->bot, parlor_bot_choose(&round, seat, PARLOR_BOT_LOWEST, 0, NULL, 0, &code)) !=
                   PARLOR_OK) {
            error = 1;
        } else if ((ticks += check_ticks, count_lowest(LOWEST_BOT),
                    /* Asked for its row only (not in the round's figure): at least one action. */
                    STACK(names->count, parlor_round_legal_action_count(&round, seat, &legal)) != PARLOR_OK ||
                        legal == 0u)) {
            error = 1;
        } else if ((STACK(names->apply, parlor_round_apply(&round, seat, code, NULL))) !=
                   PARLOR_OK) {
            error = 1;
        } else {
            ticks += check_ticks;
            count_lowest(LOWEST_APPLY);
            actions++;
        }
    }
    report_cost(name, preset, "lowest", seed, ticks, actions);
    if (!error) {
        over = STACK(names->outcome, parlor_round_outcome(&round, raw, PARLOR_MAX_SEATS, &count)) == PARLOR_OK;
        for (i = 0; over && i < (int)count; i++) scores[i] = raw[i];
    }
    error |= STACK(names->encode, parlor_round_encode(&round, encoded, sizeof encoded, &len)) != PARLOR_OK;
    status = STACK(names->decode, parlor_round_decode(game, encoded, len, &copy));
    if (status == PARLOR_OK) status = parlor_round_encode(&copy, encoded_again, sizeof encoded_again, &again);
    check_same_bytes(status, again, len);
    check_views(&round, names);
    {
        size_t total = 0;
        CHECK_EQ_U(STACK(names->legal, parlor_round_legal_actions(&round, 0, NULL, 0, &total)), PARLOR_OK);
    }
    report("round", name, preset, seed, actions, over, error, scores, (int)count, fnv(encoded, len));
}

/* One seeded match of `game` under `preset`. */
static void play_match(ParlorGame game, const char *name, const char *preset, uint64_t seed) {
    const CallNames *names = names_of(game);
    static ParlorConfig config;
    static ParlorMatch played, copy;
    static ParlorRound round;
    unsigned long actions = 0;
    int error = 0, over = 0, i;
    int64_t scores[4] = {0, 0, 0, 0};
    int32_t raw[PARLOR_MAX_SEATS];
    size_t len = 0, count = 0, again = 0, plen = preset ? text_len(preset) : 0;
    uint32_t status;
    if (STACK("parlor_config_preset", parlor_config_preset(game, preset ? preset : "", plen, &config)) != PARLOR_OK ||
        STACK(names->new_match, parlor_match_new(&config, seed, &played)) != PARLOR_OK) {
        error = 1;
    }
    while (!error && actions < ACTION_CAP) {
        uint32_t seat = PARLOR_NO_SEAT;
        uint64_t code = 0;
        ParlorStep step;
        if (STACK(names->match_to_act, parlor_match_to_act(&played, &seat)) != PARLOR_OK) {
            error = 1;
        } else if (seat == PARLOR_NO_SEAT) {
            over = 1;
            break;
        } else if (STACK(names->match_round, parlor_match_round(&played, &round)) != PARLOR_OK ||
                   parlor_bot_choose(&round, seat, PARLOR_BOT_LOWEST, 0, NULL, 0, &code) != PARLOR_OK) {
            error = 1;
        } else if (STACK(names->match_apply, parlor_match_apply(&played, seat, code, &step)) != PARLOR_OK) {
            error = 1;
        } else {
            actions++;
        }
    }
    error |= STACK(names->match_scores, parlor_match_scores(&played, raw, PARLOR_MAX_SEATS, &count)) != PARLOR_OK;
    for (i = 0; !error && i < (int)count; i++) scores[i] = raw[i];
    error |= STACK(names->match_encode, parlor_match_encode(&played, encoded, sizeof encoded, &len)) != PARLOR_OK;
    status = STACK(names->match_decode, parlor_match_decode(game, encoded, len, &copy));
    if (status == PARLOR_OK) status = parlor_match_encode(&copy, encoded_again, sizeof encoded_again, &again);
    check_same_bytes(status, again, len);
    report("match", name, preset, seed, actions, over, error, scores, (int)count, fnv(encoded, len));
}

static void play_game(ParlorGame game, const char *name, const char *preset) {
    size_t i;
    for (i = 0; i < sizeof round_seeds / sizeof round_seeds[0]; i++) play_round(game, name, preset, round_seeds[i]);
    /* Dou Dizhu: its default and rlcard rounds together, as the Rust firmware counts them. */
    if (game != PARLOR_GAME_DOUDIZHU || preset != NULL) report_lowest(name);
    for (i = 0; i < sizeof match_seeds / sizeof match_seeds[0]; i++) play_match(game, name, preset, match_seeds[i]);
    for (i = 0; i < sizeof random_seeds / sizeof random_seeds[0]; i++) cost_random_round(game, name, preset, random_seeds[i]);
}

#ifdef PARLOR_TEST_MAHJONG
#include "mahjong_win.h"
/* A Riichi win through the C calls (mahjong_win.h, generated by tests/tests/embedded_win.rs):
 * the lowest rounds never win and the random ones almost never, so without it no measured call
 * would value a winning hand. The round one action before the win is decoded (its call window's
 * ron checked), the win applied (the hand valued and paid), the others' passes end the round,
 * and the finished round's outcome, encoding, decoding (its end record checked) and views are
 * asked, each on the game's stack row. */
static void play_mahjong_win(void) {
    const CallNames *names = &names_mahjong;
    static ParlorRound round, copy;
    int32_t raw[PARLOR_MAX_SEATS];
    size_t len = 0, count = 0, again = 0;
    uint32_t seat = PARLOR_NO_SEAT, status;
    uint64_t code = 0;
    int guard = 0;
    CHECK_EQ_U(STACK(names->decode, parlor_round_decode(PARLOR_GAME_MAHJONG, mahjong_win_state,
                                                        sizeof mahjong_win_state, &round)),
               PARLOR_OK);
    CHECK_EQ_U(STACK(names->apply, parlor_round_apply(&round, MAHJONG_WIN_SEAT, MAHJONG_WIN_CODE, NULL)), PARLOR_OK);
    while (guard++ < 8 && STACK(names->to_act, parlor_round_to_act(&round, &seat)) == PARLOR_OK &&
           seat != PARLOR_NO_SEAT) {
        CHECK_EQ_U(parlor_bot_choose(&round, seat, PARLOR_BOT_LOWEST, 0, NULL, 0, &code), PARLOR_OK);
        CHECK_EQ_U(STACK(names->apply, parlor_round_apply(&round, seat, code, NULL)), PARLOR_OK);
    }
    CHECK(seat == PARLOR_NO_SEAT);
    CHECK_EQ_U(STACK(names->outcome, parlor_round_outcome(&round, raw, PARLOR_MAX_SEATS, &count)), PARLOR_OK);
    CHECK(count == 4u && raw[MAHJONG_WIN_SEAT] == MAHJONG_WIN_DELTA);
    CHECK_EQ_U(STACK(names->encode, parlor_round_encode(&round, encoded, sizeof encoded, &len)), PARLOR_OK);
    status = STACK(names->decode, parlor_round_decode(PARLOR_GAME_MAHJONG, encoded, len, &copy));
    if (status == PARLOR_OK) status = parlor_round_encode(&copy, encoded_again, sizeof encoded_again, &again);
    check_same_bytes(status, again, len);
    check_views(&round, names);
    /* The same through a match (its own seed's win): decoded one action before it, the win and
     * the passes applied by parlor_match_apply, the match after it encoded and decoded. */
    {
        static ParlorMatch played, match_copy;
        static ParlorRound current;
        ParlorStep step;
        step.round_over = 0;
        guard = 0;
        CHECK_EQ_U(STACK(names->match_decode, parlor_match_decode(PARLOR_GAME_MAHJONG, mahjong_match_win_state,
                                                                  sizeof mahjong_match_win_state, &played)),
                   PARLOR_OK);
        status = STACK(names->match_apply,
                       parlor_match_apply(&played, MAHJONG_MATCH_WIN_SEAT, MAHJONG_MATCH_WIN_CODE, &step));
        CHECK_EQ_U(status, PARLOR_OK);
        while (status == PARLOR_OK && !step.round_over && guard++ < 8) {
            status = parlor_match_to_act(&played, &seat);
            if (status == PARLOR_OK) status = parlor_match_round(&played, &current);
            if (status == PARLOR_OK) status = parlor_bot_choose(&current, seat, PARLOR_BOT_LOWEST, 0, NULL, 0, &code);
            if (status == PARLOR_OK) status = STACK(names->match_apply, parlor_match_apply(&played, seat, code, &step));
            CHECK_EQ_U(status, PARLOR_OK);
        }
        CHECK(step.round_over && step.scores[MAHJONG_MATCH_WIN_SEAT] == MAHJONG_MATCH_WIN_DELTA);
        CHECK_EQ_U(STACK(names->match_encode, parlor_match_encode(&played, encoded, sizeof encoded, &len)), PARLOR_OK);
        status = STACK(names->match_decode, parlor_match_decode(PARLOR_GAME_MAHJONG, encoded, len, &match_copy));
        if (status == PARLOR_OK) status = parlor_match_encode(&match_copy, encoded_again, sizeof encoded_again, &again);
        check_same_bytes(status, again, len);
    }
}
#endif

void test_rounds(void) {
    (void)play_game;
#ifdef PARLOR_TEST_DOMINOES
    play_game(PARLOR_GAME_DOMINOES, "dominoes", NULL);
#endif
#ifdef PARLOR_TEST_TICHU
    play_game(PARLOR_GAME_TICHU, "tichu", NULL);
#endif
#ifdef PARLOR_TEST_DOUDIZHU
    play_game(PARLOR_GAME_DOUDIZHU, "doudizhu", NULL);
    play_game(PARLOR_GAME_DOUDIZHU, "doudizhu", "rlcard");
#endif
#ifdef PARLOR_TEST_MAHJONG
    play_game(PARLOR_GAME_MAHJONG, "mahjong", NULL);
    play_mahjong_win();
#endif
}
