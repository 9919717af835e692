/* Mahjong for a game developer: parse a player's 13 tiles, tell how far the hand is from ready
 * (shanten), which draws help and how many of them are still unseen (ukeire), and, once ready,
 * which tiles complete it (waits). Copy it; build against an installed Parlor:
 *
 *     cc -std=c99 mahjong_hand.c $(pkg-config --cflags --libs parlor) \
 *         -Wl,-rpath,"$(pkg-config --variable=libdir parlor)" -o mahjong_hand
 *
 * The run path (-rpath) finds the library in a prefix outside the system's library path.
 * CI (scripts/c-install-check) builds and runs it; it checks its own answers. */
#include <stdio.h>
#include <string.h>
#include <parlor.h>

/* Prints the tiles of a 34-bit mask in the notation ("1m 4m"); returns how many. */
static int print_tiles(uint64_t mask) {
    int n = 0, code;
    for (code = 0; code < 34; code++) {
        if (mask >> code & 1) {
            uint8_t one[34] = {0};
            char text[8];
            one[code] = 1;
            if (parlor_mahjong_format(one, 34, 0, text, sizeof text, NULL) == PARLOR_OK) printf(" %s", text);
            n++;
        }
    }
    printf("\n");
    return n;
}

static int analyse(const char *hand_text, const char *seen_text, int want_shanten, int want_total) {
    uint8_t hand[34], seen[34];
    ParlorMahjongUkeire ukeire;
    uint64_t waits = 0;
    ParlorStatus st = parlor_mahjong_parse(hand_text, strlen(hand_text), hand, 34, NULL, NULL, NULL);
    if (st == PARLOR_OK) st = parlor_mahjong_parse(seen_text, strlen(seen_text), seen, 34, NULL, NULL, NULL);
    if (st == PARLOR_OK) st = parlor_mahjong_ukeire(hand, 34, seen, 34, PARLOR_MAHJONG_FORM_MINIMUM, &ukeire);
    if (st != PARLOR_OK) {
        printf("%s: error: %s\n", hand_text, parlor_status_str(st));
        return 0;
    }
    printf("%s\n  shanten %d; %u unseen tiles of %u kinds help:", hand_text, ukeire.shanten, (unsigned)ukeire.total,
           (unsigned)ukeire.kinds);
    print_tiles(ukeire.accepted);
    if (ukeire.shanten == 0) {
        /* Ready: the waits under the seed's rules (never a tile the hand holds four times). */
        st = parlor_mahjong_waits(hand, 34, PARLOR_MAHJONG_RULES_SEED, &waits);
        if (st != PARLOR_OK) return 0;
        printf("  ready, waits on:");
        print_tiles(waits);
    }
    return ukeire.shanten == want_shanten && ukeire.total == want_total;
}

int main(void) {
    int passed = 0, total = 0;
    /* Two-sided wait 2m3m: 1m or 4m; one 4m already seen on the table, so 7 unseen. */
    total++, passed += analyse("2m 3m 1z 1z 4p 5p 6p 7p 8p 9p 1s 1s 1s", "4m", 0, 7);
    /* One away from ready (shanten 1): 3m, 4m or 7m completes a partial run, 4 copies each. */
    total++, passed += analyse("1m 2m 5m 6m 9m 4p 5p 6p 2s 3s 4s 7z 7z", "", 1, 12);
    printf("%d passed, %d failed\n", passed, total - passed);
    return passed == total ? 0 : 1;
}
