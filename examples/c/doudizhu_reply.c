/* Dou Dizhu for a game developer: what may a player answer to the previous play? Parse the
 * hand, list every legal reply (bombs and the rocket included) under a rule preset, and check a
 * chosen reply. Copy it; build against an installed Parlor:
 *
 *     cc -std=c99 doudizhu_reply.c $(pkg-config --cflags --libs parlor) \
 *         -Wl,-rpath,"$(pkg-config --variable=libdir parlor)" -o doudizhu_reply
 *
 * The run path (-rpath) finds the library in a prefix outside the system's library path.
 * CI (scripts/c-install-check) builds and runs it; it checks its own answers. */
#include <stdio.h>
#include <string.h>
#include <parlor.h>

static int parse(const char *text, ParlorDoudizhuCards *out) {
    return parlor_doudizhu_parse(text, strlen(text), out, NULL) == PARLOR_OK;
}

int main(void) {
    /* The hand holds the rocket (BR: both jokers); the previous play is the pair of fives. */
    ParlorDoudizhuCards hand, previous, reply;
    static ParlorDoudizhuCards moves[PARLOR_DOUDIZHU_MAX_MOVES];
    size_t count = 0, i;
    uint8_t beats = 0;
    int ok = parse("4466TTBR", &hand) && parse("55", &previous);
    ParlorStatus st = parlor_doudizhu_moves(&hand, &previous, PARLOR_DOUDIZHU_PRESET_PAGAT, moves,
                                            PARLOR_DOUDIZHU_MAX_MOVES, &count);
    if (!ok || st != PARLOR_OK) {
        printf("error: %s\n", parlor_status_str(st));
        return 1;
    }
    printf("hand 4466TTBR, previous 55: %u legal replies:", (unsigned)count);
    for (i = 0; i < count; i++) {
        char text[64];
        if (parlor_doudizhu_format(&moves[i], text, sizeof text, NULL) == PARLOR_OK) printf(" %s", text);
    }
    printf("\n");
    /* 66 and TT beat 55; 44 does not; the rocket beats anything. */
    ok &= count == 3;
    /* A chosen reply, checked before it is played. */
    ok &= parse("44", &reply);
    ok &= parlor_doudizhu_beats(&previous, &reply, PARLOR_DOUDIZHU_PRESET_PAGAT, &beats) == PARLOR_OK;
    printf("44 on 55: %s\n", beats ? "beats" : "does not beat");
    ok &= beats == 0;
    printf("%d passed, %d failed\n", ok ? 1 : 0, ok ? 0 : 1);
    return ok ? 0 : 1;
}
