/* One loop plays a seeded match of each of the four games with the bots, through the one C
 * function set (the same calls for every game), and prints each match's scores. Every status is
 * checked.
 *
 *   cc -std=c99 -Wall -Wextra -Werror any_game.c $(pkg-config --cflags --libs parlor) \
 *       -Wl,-rpath,"$(pkg-config --variable=libdir parlor)"
 *
 * Seats 0 and 2 play the lowest legal action, seats 1 and 3 a seeded uniform choice. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parlor.h"

/* Prints the failed call and its status text, and stops. */
static void ok(ParlorStatus status, const char *what) {
    if (status != PARLOR_OK) {
        fprintf(stderr, "%s: %s (status %u)\n", what, parlor_status_str(status), (unsigned)status);
        exit(1);
    }
}

/* Plays one match of `game` (its default preset) seeded `seed` to its end; returns the number
 * of actions taken. */
static unsigned long play_match(ParlorGame game, uint64_t seed) {
    ParlorConfig config;
    ParlorMatch match;
    ParlorRound round;
    ParlorStep step;
    uint64_t bot_seed = seed;
    unsigned long actions = 0;
    uint32_t seat = 0, rounds = 0;
    int32_t scores[PARLOR_MAX_SEATS];
    uint8_t places[PARLOR_MAX_SEATS];
    size_t count = 0, i;

    ok(parlor_config_preset(game, "", 0, &config), "parlor_config_preset");
    ok(parlor_match_new(&config, seed, &match), "parlor_match_new");
    for (;;) {
        uint64_t code = 0;
        ok(parlor_match_to_act(&match, &seat), "parlor_match_to_act");
        if (seat == PARLOR_NO_SEAT) break; /* the match is over */
        ok(parlor_match_round(&match, &round), "parlor_match_round");
        bot_seed = bot_seed * 6364136223846793005ULL + 1442695040888963407ULL;
        ok(parlor_bot_choose(&round, seat, seat % 2 ? PARLOR_BOT_RANDOM : PARLOR_BOT_LOWEST, bot_seed, NULL, 0, &code),
           "parlor_bot_choose");
        ok(parlor_match_apply(&match, seat, code, &step), "parlor_match_apply");
        actions++;
    }
    ok(parlor_match_rounds_played(&match, &rounds), "parlor_match_rounds_played");
    ok(parlor_match_scores(&match, scores, PARLOR_MAX_SEATS, &count), "parlor_match_scores");
    printf("%-9s seed %llu: %2u rounds, %5lu actions, scores", parlor_game_name(game), (unsigned long long)seed,
           (unsigned)rounds, actions);
    for (i = 0; i < count; i++) printf(" %d", (int)scores[i]);
    ok(parlor_match_result(&match, places, PARLOR_MAX_SEATS, &count), "parlor_match_result");
    printf(", places");
    for (i = 0; i < count; i++) printf(" %u", (unsigned)places[i]);
    printf("\n");
    return actions;
}

int main(void) {
    static const ParlorGame games[4] = {PARLOR_GAME_DOMINOES, PARLOR_GAME_TICHU, PARLOR_GAME_DOUDIZHU,
                                        PARLOR_GAME_MAHJONG};
    size_t g;
    unsigned long total = 0;
    if (parlor_abi_version() != PARLOR_ABI_VERSION) {
        fprintf(stderr, "the library is ABI %u, this program was built for %u\n", (unsigned)parlor_abi_version(),
                (unsigned)PARLOR_ABI_VERSION);
        return 1;
    }
    for (g = 0; g < 4; g++) total += play_match(games[g], 7);
    printf("%lu actions in all\n", total);
    return 0;
}
