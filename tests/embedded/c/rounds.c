/* The round engines through the C ABI: seeded whole rounds and matches of each landed game,
 * every seat played by the lowest legal action (the first of `parlor_<g>_round_legal_actions`,
 * the core's `lowest_legal_action`), through `parlor_<g>_round_*` / `parlor_<g>_match_*`.
 *
 * Each case prints one line in the format of tests/embedded/src/rounds.rs:
 *   round <game> lowest seed <S>: <N> actions, scores <s0> <s1> ..., digest <FNV-1a 32 of the
 *   final encoded state, 8 hex digits>
 * scripts/embedded-check compares these lines with the host's (the Rust firmware's verified
 * `rounds  ` lines): any difference fails the run. The seeds are rounds.rs's ROUND_SEEDS and
 * MATCH_SEEDS.
 *
 * A new game's round engine: add <game>_round/<game>_match below in the same shape (and its
 * module in rounds.rs). Mahjong: in a call window `_to_act` names each seat that may still
 * answer, in turn from the discarder, and the lowest legal action of each is its pass. */
#include "check.h"
#include "parlor.h"

#define NO_SEAT 255u
#define ACTION_CAP 200000ul

static const uint64_t round_seeds[] = {1, 7, 2026};
static const uint64_t match_seeds[] = {1, 7};
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

/* An observation answer: PARLOR_OK, or (dominoes, lists not asked for) a too-small buffer. */
static void check_observed(uint32_t status) {
    CHECK(status == PARLOR_OK || status == PARLOR_ERR_BUFFER_TOO_SMALL);
}

static void put_u64(uint64_t value) {
    char digits[24];
    int n = 0;
    do {
        digits[n++] = (char)('0' + (int)(value % 10u));
        value /= 10u;
    } while (value != 0u && n < 23);
    while (n > 0) {
        char one[2];
        one[0] = digits[--n];
        one[1] = '\0';
        host_puts(one);
    }
}

static void put_i64(int64_t value) {
    if (value < 0) {
        host_puts("-");
        put_u64((uint64_t)0 - (uint64_t)value);
    } else {
        put_u64((uint64_t)value);
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

/* Whether a one-slot `_legal_actions` call filled its slot: some games answer a short buffer
 * with PARLOR_ERR_BUFFER_TOO_SMALL (the first actions written, the total set), others with
 * PARLOR_OK. */
static int listed(uint32_t status, size_t total) {
    return (status == PARLOR_OK || status == PARLOR_ERR_BUFFER_TOO_SMALL) && total > 0;
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
    put_u64(seed);
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

#ifdef PARLOR_GAME_DOMINOES
static void dominoes_round(uint64_t seed) {
    struct ParlorDominoesConfig config;
    struct ParlorDominoesRound round;
    struct ParlorDominoesOutcome outcome;
    unsigned long actions = 0;
    int error = 0, i;
    int64_t scores[4];
    size_t len = 0;
    CHECK_EQ_U(parlor_dominoes_config_preset(PARLOR_DOMINOES_PRESET_FIVE_UP, &config), PARLOR_OK);
    if (STACK("parlor_dominoes_round_new", parlor_dominoes_round_new(&config, seed, &round)) != PARLOR_OK) {
        error = 1;
    }
    while (!error && actions < ACTION_CAP) {
        uint8_t seat = NO_SEAT;
        struct ParlorDominoesAction action;
        size_t total = 0;
        if (STACK("parlor_dominoes_round_to_act", parlor_dominoes_round_to_act(&round, &seat)) != PARLOR_OK) {
            error = 1;
        } else if (seat == NO_SEAT) {
            break;
        } else if (!listed(STACK("parlor_dominoes_round_legal_actions",
                         parlor_dominoes_round_legal_actions(&round, seat, &action, 1, &total)), total)) {
            error = 1;
        } else if (STACK("parlor_dominoes_round_apply", parlor_dominoes_round_apply(&round, seat, &action, NULL)) !=
                   PARLOR_OK) {
            error = 1;
        } else {
            actions++;
        }
    }
    error |= STACK("parlor_dominoes_round_outcome", parlor_dominoes_round_outcome(&round, &outcome)) != PARLOR_OK;
    error |= STACK("parlor_dominoes_round_encode",
                   parlor_dominoes_round_encode(&round, encoded, sizeof encoded, &len)) != PARLOR_OK;
    {
        struct ParlorDominoesRound copy;
        struct ParlorDominoesObservation observation;
        size_t again = 0;
        uint8_t seat;
        uint32_t status = STACK("parlor_dominoes_round_decode", parlor_dominoes_round_decode(encoded, len, &copy));
        if (status == PARLOR_OK) {
            status = parlor_dominoes_round_encode(&copy, encoded_again, sizeof encoded_again, &again);
        }
        check_same_bytes(status, again, len);
        for (seat = 0; seat < 2; seat++) {
            check_observed(STACK("parlor_dominoes_round_observe",
                                 parlor_dominoes_round_observe(&round, seat, &observation, NULL, 0, NULL, 0)));
        }
    }
    for (i = 0; i < 4; i++) {
        scores[i] = outcome.scores[i];
    }
    report("round", "dominoes", NULL, seed, actions, outcome.over != 0, error, scores, 4, fnv(encoded, len));
}

static void dominoes_match(uint64_t seed) {
    struct ParlorDominoesConfig config;
    struct ParlorDominoesMatch game;
    unsigned long actions = 0;
    int error = 0, i;
    uint16_t totals[4] = {0, 0, 0, 0};
    uint8_t over = 0, winner = NO_SEAT;
    int64_t scores[4];
    size_t len = 0;
    CHECK_EQ_U(parlor_dominoes_config_preset(PARLOR_DOMINOES_PRESET_FIVE_UP, &config), PARLOR_OK);
    if (STACK("parlor_dominoes_match_new", parlor_dominoes_match_new(&config, seed, &game)) != PARLOR_OK) {
        error = 1;
    }
    while (!error && actions < ACTION_CAP) {
        uint8_t seat = NO_SEAT;
        struct ParlorDominoesAction action;
        size_t total = 0;
        if (STACK("parlor_dominoes_match_outcome", parlor_dominoes_match_outcome(&game, totals, &over, &winner)) !=
            PARLOR_OK) {
            error = 1;
        } else if (over) {
            break;
        } else if (STACK("parlor_dominoes_match_to_act", parlor_dominoes_match_to_act(&game, &seat)) != PARLOR_OK ||
                   seat == NO_SEAT) {
            error = 1;
        } else if (!listed(STACK("parlor_dominoes_match_legal_actions",
                         parlor_dominoes_match_legal_actions(&game, seat, &action, 1, &total)), total)) {
            error = 1;
        } else if (STACK("parlor_dominoes_match_apply", parlor_dominoes_match_apply(&game, seat, &action, NULL, NULL)) !=
                   PARLOR_OK) {
            error = 1;
        } else {
            actions++;
        }
    }
    error |= STACK("parlor_dominoes_match_encode",
                   parlor_dominoes_match_encode(&game, encoded, sizeof encoded, &len)) != PARLOR_OK;
    {
        struct ParlorDominoesMatch copy;
        struct ParlorDominoesRound last;
        size_t again = 0;
        uint32_t status = STACK("parlor_dominoes_match_decode", parlor_dominoes_match_decode(encoded, len, &copy));
        if (status == PARLOR_OK) {
            status = parlor_dominoes_match_encode(&copy, encoded_again, sizeof encoded_again, &again);
        }
        check_same_bytes(status, again, len);
        CHECK_EQ_U(STACK("parlor_dominoes_match_round", parlor_dominoes_match_round(&game, &last)), PARLOR_OK);
    }
    for (i = 0; i < 4; i++) {
        scores[i] = totals[i];
    }
    report("match", "dominoes", NULL, seed, actions, over != 0, error, scores, 4, fnv(encoded, len));
}
#endif

#ifdef PARLOR_GAME_TICHU
static void tichu_round(uint64_t seed) {
    struct ParlorTichuRound round;
    struct ParlorTichuOutcome outcome;
    unsigned long actions = 0;
    int error = 0, i;
    uint8_t over = 0;
    int64_t scores[2];
    size_t len = 0;
    if (STACK("parlor_tichu_round_new", parlor_tichu_round_new(NULL, seed, NULL, &round)) != PARLOR_OK) {
        error = 1;
    } else {
        uint8_t mask = 0, order[4];
        /* The Grand Tichu decisions come first: the seat in turn may act. */
        CHECK_EQ_U(STACK("parlor_tichu_round_may_act", parlor_tichu_round_may_act(&round, &mask, order)), PARLOR_OK);
        CHECK(mask != 0);
    }
    while (!error && actions < ACTION_CAP) {
        uint8_t seat = NO_SEAT;
        struct ParlorTichuAction action;
        size_t total = 0;
        if (STACK("parlor_tichu_round_to_act", parlor_tichu_round_to_act(&round, &seat)) != PARLOR_OK) {
            error = 1;
        } else if (seat == NO_SEAT) {
            break;
        } else if (!listed(STACK("parlor_tichu_round_legal_actions",
                         parlor_tichu_round_legal_actions(&round, seat, &action, 1, &total)), total)) {
            error = 1;
        } else if (STACK("parlor_tichu_round_apply", parlor_tichu_round_apply(&round, seat, &action, NULL)) !=
                   PARLOR_OK) {
            error = 1;
        } else {
            actions++;
        }
    }
    error |= STACK("parlor_tichu_round_outcome", parlor_tichu_round_outcome(&round, &outcome, &over)) != PARLOR_OK;
    error |= STACK("parlor_tichu_round_encode", parlor_tichu_round_encode(&round, encoded, sizeof encoded, &len)) !=
             PARLOR_OK;
    {
        struct ParlorTichuRound copy;
        struct ParlorTichuObservation observation;
        size_t again = 0;
        uint8_t seat;
        uint32_t status = STACK("parlor_tichu_round_decode", parlor_tichu_round_decode(encoded, len, &copy));
        if (status == PARLOR_OK) {
            status = parlor_tichu_round_encode(&copy, encoded_again, sizeof encoded_again, &again);
        }
        check_same_bytes(status, again, len);
        for (seat = 0; seat < 4; seat++) {
            check_observed(STACK("parlor_tichu_round_observe", parlor_tichu_round_observe(&round, seat, &observation)));
        }
    }
    for (i = 0; i < 2; i++) {
        scores[i] = outcome.scores[i];
    }
    report("round", "tichu", NULL, seed, actions, over != 0, error, scores, 2, fnv(encoded, len));
}

static void tichu_match(uint64_t seed) {
    struct ParlorTichuMatch game;
    struct ParlorTichuRound round;
    unsigned long actions = 0;
    int error = 0, i;
    int32_t totals[2] = {0, 0};
    uint32_t rounds = 0;
    uint8_t winner = NO_SEAT;
    int64_t scores[2];
    size_t len = 0;
    if (STACK("parlor_tichu_match_new", parlor_tichu_match_new(NULL, seed, &game)) != PARLOR_OK) {
        error = 1;
    }
    while (!error && actions < ACTION_CAP) {
        uint8_t seat = NO_SEAT;
        struct ParlorTichuAction action;
        size_t total = 0;
        if (STACK("parlor_tichu_match_scores", parlor_tichu_match_scores(&game, totals, &rounds, &winner)) !=
            PARLOR_OK) {
            error = 1;
        } else if (winner != NO_SEAT) {
            break;
        } else if (STACK("parlor_tichu_match_round", parlor_tichu_match_round(&game, &round)) != PARLOR_OK ||
                   parlor_tichu_round_to_act(&round, &seat) != PARLOR_OK || seat == NO_SEAT) {
            error = 1;
        } else if (!listed(parlor_tichu_round_legal_actions(&round, seat, &action, 1, &total), total)) {
            error = 1;
        } else if (STACK("parlor_tichu_match_apply", parlor_tichu_match_apply(&game, seat, &action, NULL, NULL)) !=
                   PARLOR_OK) {
            error = 1;
        } else {
            actions++;
        }
    }
    error |= STACK("parlor_tichu_match_encode", parlor_tichu_match_encode(&game, encoded, sizeof encoded, &len)) !=
             PARLOR_OK;
    {
        struct ParlorTichuMatch copy;
        size_t again = 0;
        uint32_t status = STACK("parlor_tichu_match_decode", parlor_tichu_match_decode(encoded, len, &copy));
        if (status == PARLOR_OK) {
            status = parlor_tichu_match_encode(&copy, encoded_again, sizeof encoded_again, &again);
        }
        check_same_bytes(status, again, len);
    }
    for (i = 0; i < 2; i++) {
        scores[i] = totals[i];
    }
    report("match", "tichu", NULL, seed, actions, winner != NO_SEAT, error, scores, 2, fnv(encoded, len));
}
#endif

#ifdef PARLOR_GAME_DOUDIZHU
/* `game`: PARLOR_DOUDIZHU_GAME_*; `preset`: its name in the line (NULL: the default, pagat). */
static void doudizhu_round(uint8_t game, const char *preset, uint64_t seed) {
    struct ParlorDoudizhuRound round;
    struct ParlorDoudizhuOutcome outcome;
    unsigned long actions = 0;
    int error = 0, over = 0, i;
    int64_t scores[3] = {0, 0, 0};
    size_t len = 0;
    if (STACK("parlor_doudizhu_round_new", parlor_doudizhu_round_new(game, seed, &round)) !=
        PARLOR_OK) {
        error = 1;
    }
    while (!error && actions < ACTION_CAP) {
        uint8_t seat = NO_SEAT;
        struct ParlorDoudizhuAction action;
        size_t total = 0;
        if (STACK("parlor_doudizhu_round_to_act", parlor_doudizhu_round_to_act(&round, &seat)) != PARLOR_OK) {
            error = 1;
        } else if (seat == NO_SEAT) {
            break;
        } else if (!listed(STACK("parlor_doudizhu_round_legal_actions",
                         parlor_doudizhu_round_legal_actions(&round, seat, &action, 1, &total)), total)) {
            error = 1;
        } else if (STACK("parlor_doudizhu_round_apply", parlor_doudizhu_round_apply(&round, seat, &action, NULL)) !=
                   PARLOR_OK) {
            error = 1;
        } else {
            actions++;
        }
    }
    if (!error) {
        over = STACK("parlor_doudizhu_round_outcome", parlor_doudizhu_round_outcome(&round, &outcome)) == PARLOR_OK;
        for (i = 0; over && i < 3; i++) {
            scores[i] = outcome.scores[i];
        }
    }
    error |= STACK("parlor_doudizhu_round_encode",
                   parlor_doudizhu_round_encode(&round, encoded, sizeof encoded, &len)) != PARLOR_OK;
    {
        struct ParlorDoudizhuRound copy;
        struct ParlorDoudizhuObservation observation;
        size_t again = 0;
        uint8_t seat;
        uint32_t status = STACK("parlor_doudizhu_round_decode", parlor_doudizhu_round_decode(encoded, len, &copy));
        if (status == PARLOR_OK) {
            status = parlor_doudizhu_round_encode(&copy, encoded_again, sizeof encoded_again, &again);
        }
        check_same_bytes(status, again, len);
        for (seat = 0; seat < 3; seat++) {
            check_observed(
                STACK("parlor_doudizhu_round_observe", parlor_doudizhu_round_observe(&round, seat, &observation)));
        }
    }
    report("round", "doudizhu", preset, seed, actions, over, error, scores, 3, fnv(encoded, len));
}

static void doudizhu_match(uint8_t game_code, const char *preset, uint64_t seed) {
    struct ParlorDoudizhuMatch game;
    unsigned long actions = 0;
    int error = 0;
    int64_t scores[3] = {0, 0, 0};
    uint16_t deals = 0;
    uint8_t over = 0;
    size_t len = 0;
    if (STACK("parlor_doudizhu_match_new", parlor_doudizhu_match_new(game_code, seed, &game)) !=
        PARLOR_OK) {
        error = 1;
    }
    while (!error && actions < ACTION_CAP) {
        uint8_t seat = NO_SEAT;
        struct ParlorDoudizhuAction action;
        size_t total = 0;
        if (STACK("parlor_doudizhu_match_scores", parlor_doudizhu_match_scores(&game, scores, &deals, &over)) !=
            PARLOR_OK) {
            error = 1;
        } else if (over) {
            break;
        } else if (STACK("parlor_doudizhu_match_to_act", parlor_doudizhu_match_to_act(&game, &seat)) != PARLOR_OK ||
                   seat == NO_SEAT) {
            error = 1;
        } else if (!listed(STACK("parlor_doudizhu_match_legal_actions",
                         parlor_doudizhu_match_legal_actions(&game, seat, &action, 1, &total)), total)) {
            error = 1;
        } else if (STACK("parlor_doudizhu_match_apply", parlor_doudizhu_match_apply(&game, seat, &action, NULL)) !=
                   PARLOR_OK) {
            error = 1;
        } else {
            actions++;
        }
    }
    error |= STACK("parlor_doudizhu_match_encode",
                   parlor_doudizhu_match_encode(&game, encoded, sizeof encoded, &len)) != PARLOR_OK;
    {
        struct ParlorDoudizhuMatch copy;
        struct ParlorDoudizhuRound last;
        size_t again = 0;
        uint32_t status = STACK("parlor_doudizhu_match_decode", parlor_doudizhu_match_decode(encoded, len, &copy));
        if (status == PARLOR_OK) {
            status = parlor_doudizhu_match_encode(&copy, encoded_again, sizeof encoded_again, &again);
        }
        check_same_bytes(status, again, len);
        CHECK_EQ_U(STACK("parlor_doudizhu_match_round", parlor_doudizhu_match_round(&game, &last)), PARLOR_OK);
    }
    report("match", "doudizhu", preset, seed, actions, over != 0, error, scores, 3, fnv(encoded, len));
}
#endif

#ifdef PARLOR_GAME_MAHJONG
static void mahjong_round(uint64_t seed) {
    struct ParlorMahjongRoundConfig config;
    struct ParlorMahjongRound round;
    struct ParlorMahjongOutcome outcome;
    unsigned long actions = 0;
    int error = 0, i;
    uint8_t over = 0;
    int64_t scores[4];
    size_t len = 0;
    CHECK_EQ_U(parlor_mahjong_round_config_preset(PARLOR_MAHJONG_PRESET_TENHOU, &config), PARLOR_OK);
    if (STACK("parlor_mahjong_round_new", parlor_mahjong_round_new(&config, seed, NULL, &round)) != PARLOR_OK) {
        error = 1;
    }
    while (!error && actions < ACTION_CAP) {
        uint8_t seat = NO_SEAT, mask = 0;
        struct ParlorMahjongAction action;
        size_t total = 0;
        if (STACK("parlor_mahjong_round_to_act", parlor_mahjong_round_to_act(&round, &seat, &mask)) != PARLOR_OK) {
            error = 1;
        } else if (seat == NO_SEAT) {
            break;
        } else if ((mask & (1u << seat)) == 0) {
            error = 1; /* the seat asked first may act */
        } else if (!listed(STACK("parlor_mahjong_round_legal_actions",
                         parlor_mahjong_round_legal_actions(&round, seat, &action, 1, &total)), total)) {
            error = 1;
        } else if (STACK("parlor_mahjong_round_apply", parlor_mahjong_round_apply(&round, seat, &action, NULL)) !=
                   PARLOR_OK) {
            error = 1;
        } else {
            actions++;
        }
    }
    error |= STACK("parlor_mahjong_round_outcome", parlor_mahjong_round_outcome(&round, &outcome, &over)) != PARLOR_OK;
    error |= STACK("parlor_mahjong_round_encode",
                   parlor_mahjong_round_encode(&round, encoded, sizeof encoded, &len)) != PARLOR_OK;
    {
        struct ParlorMahjongRound copy;
        struct ParlorMahjongObservation observation;
        size_t again = 0;
        uint8_t seat;
        uint32_t status = STACK("parlor_mahjong_round_decode", parlor_mahjong_round_decode(encoded, len, &copy));
        if (status == PARLOR_OK) {
            status = parlor_mahjong_round_encode(&copy, encoded_again, sizeof encoded_again, &again);
        }
        check_same_bytes(status, again, len);
        for (seat = 0; seat < 4; seat++) {
            check_observed(STACK("parlor_mahjong_round_observe", parlor_mahjong_round_observe(&round, seat, &observation)));
        }
    }
    for (i = 0; i < 4; i++) {
        scores[i] = outcome.scores[i];
    }
    report("round", "mahjong", NULL, seed, actions, over != 0, error, scores, 4, fnv(encoded, len));
}

static void mahjong_match(uint64_t seed) {
    struct ParlorMahjongMatch game;
    unsigned long actions = 0;
    int error = 0, i;
    int32_t totals[4] = {0, 0, 0, 0};
    uint32_t rounds = 0;
    uint8_t over = 0;
    int64_t scores[4];
    size_t len = 0;
    /* NULL config: Tenhou's hanchan, the default. */
    if (STACK("parlor_mahjong_match_new", parlor_mahjong_match_new(NULL, seed, &game)) != PARLOR_OK) {
        error = 1;
    }
    while (!error && actions < ACTION_CAP) {
        uint8_t seat = NO_SEAT;
        struct ParlorMahjongAction action;
        size_t total = 0;
        if (STACK("parlor_mahjong_match_scores", parlor_mahjong_match_scores(&game, totals, &rounds, &over, NULL)) !=
            PARLOR_OK) {
            error = 1;
        } else if (over) {
            break;
        } else if (STACK("parlor_mahjong_match_to_act", parlor_mahjong_match_to_act(&game, &seat, NULL)) != PARLOR_OK ||
                   seat == NO_SEAT) {
            error = 1;
        } else if (!listed(STACK("parlor_mahjong_match_legal_actions",
                         parlor_mahjong_match_legal_actions(&game, seat, &action, 1, &total)), total)) {
            error = 1;
        } else if (STACK("parlor_mahjong_match_apply",
                         parlor_mahjong_match_apply(&game, seat, &action, NULL, NULL, NULL)) != PARLOR_OK) {
            error = 1;
        } else {
            actions++;
        }
    }
    error |= STACK("parlor_mahjong_match_encode",
                   parlor_mahjong_match_encode(&game, encoded, sizeof encoded, &len)) != PARLOR_OK;
    {
        struct ParlorMahjongMatch copy;
        struct ParlorMahjongRound last;
        size_t again = 0;
        uint32_t status = STACK("parlor_mahjong_match_decode", parlor_mahjong_match_decode(encoded, len, &copy));
        if (status == PARLOR_OK) {
            status = parlor_mahjong_match_encode(&copy, encoded_again, sizeof encoded_again, &again);
        }
        check_same_bytes(status, again, len);
        CHECK_EQ_U(STACK("parlor_mahjong_match_round", parlor_mahjong_match_round(&game, &last)), PARLOR_OK);
        CHECK(rounds > 0);
    }
    for (i = 0; i < 4; i++) {
        scores[i] = totals[i];
    }
    report("match", "mahjong", NULL, seed, actions, over != 0, error, scores, 4, fnv(encoded, len));
}

/* The given-wall entry points: the 136 ids in increasing order are a valid wall (each id once). */
static void mahjong_given(void) {
    static uint8_t wall[136];
    struct ParlorMahjongRound round;
    struct ParlorMahjongMatch game;
    uint8_t seat = NO_SEAT;
    int i;
    for (i = 0; i < 136; i++) {
        wall[i] = (uint8_t)i;
    }
    CHECK_EQ_U(STACK("parlor_mahjong_round_new_given", parlor_mahjong_round_new_given(NULL, wall, 136, NULL, &round)),
               PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_round_to_act(&round, &seat, NULL), PARLOR_OK);
    CHECK_EQ_U(seat, 0); /* East 1: seat 0 deals and has drawn */
    CHECK_EQ_U(STACK("parlor_mahjong_match_new_given", parlor_mahjong_match_new_given(NULL, wall, 136, &game)),
               PARLOR_OK);
    /* The first round is dealt: no deal is awaited, so another is refused (the match unchanged). */
    CHECK(STACK("parlor_mahjong_match_deal", parlor_mahjong_match_deal(&game, wall, 136)) != PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_round_new_given(NULL, wall, 135, NULL, &round), PARLOR_ERR_INVALID_ARGUMENT);
}
#endif

void test_rounds(void) {
    size_t i;
    (void)round_seeds;
    (void)match_seeds;
    (void)report;
    (void)fnv;
    (void)check_same_bytes;
    (void)check_observed;
#ifdef PARLOR_GAME_DOMINOES
    for (i = 0; i < sizeof round_seeds / sizeof round_seeds[0]; i++) dominoes_round(round_seeds[i]);
    for (i = 0; i < sizeof match_seeds / sizeof match_seeds[0]; i++) dominoes_match(match_seeds[i]);
#endif
#ifdef PARLOR_GAME_TICHU
    for (i = 0; i < sizeof round_seeds / sizeof round_seeds[0]; i++) tichu_round(round_seeds[i]);
    for (i = 0; i < sizeof match_seeds / sizeof match_seeds[0]; i++) tichu_match(match_seeds[i]);
#endif
#ifdef PARLOR_GAME_DOUDIZHU
    for (i = 0; i < sizeof round_seeds / sizeof round_seeds[0]; i++) {
        doudizhu_round(PARLOR_DOUDIZHU_GAME_PAGAT, NULL, round_seeds[i]);
        doudizhu_round(PARLOR_DOUDIZHU_GAME_RLCARD, "rlcard", round_seeds[i]);
    }
    for (i = 0; i < sizeof match_seeds / sizeof match_seeds[0]; i++) {
        doudizhu_match(PARLOR_DOUDIZHU_GAME_PAGAT, NULL, match_seeds[i]);
        doudizhu_match(PARLOR_DOUDIZHU_GAME_RLCARD, "rlcard", match_seeds[i]);
    }
#endif
#ifdef PARLOR_GAME_MAHJONG
    for (i = 0; i < sizeof round_seeds / sizeof round_seeds[0]; i++) mahjong_round(round_seeds[i]);
    for (i = 0; i < sizeof match_seeds / sizeof match_seeds[0]; i++) mahjong_match(match_seeds[i]);
    mahjong_given();
#endif
    (void)i;
}
