/* Tichu for a game developer: run one trick through Parlor's trick state — the lead, a
 * Dragon, a bomb out of turn, passes — checking each move against the player's hand, then read
 * who takes the trick and its points. Copy it; build against an installed Parlor:
 *
 *     cc -std=c99 tichu_trick.c $(pkg-config --cflags --libs parlor) \
 *         -Wl,-rpath,"$(pkg-config --variable=libdir parlor)" -o tichu_trick
 *
 * The run path (-rpath) finds the library in a prefix outside the system's library path.
 * CI (scripts/c-install-check) builds and runs it; it checks its own answers. */
#include <stdio.h>
#include <string.h>
#include <parlor.h>

static uint64_t cards(const char *text) {
    uint64_t mask = 0;
    return parlor_tichu_parse(text, strlen(text), &mask, NULL) == PARLOR_OK ? mask : 0;
}

/* Seat `seat` plays `play` out of `hand` (both in the notation); prints and returns the status. */
static ParlorStatus play(ParlorTichuTrick *trick, uint8_t seat, const char *play_text, const char *hand) {
    uint8_t next = 0;
    ParlorStatus st = parlor_tichu_trick_play(trick, seat, cards(play_text), cards(hand), 0, &next);
    printf("seat %u plays %-5s -> %s", (unsigned)seat, play_text, parlor_status_str(st));
    if (st == PARLOR_OK && !trick->over) printf(", seat %u to act", (unsigned)next);
    printf("\n");
    return st;
}

static ParlorStatus pass(ParlorTichuTrick *trick, uint8_t seat, const char *hand) {
    uint8_t next = 0;
    ParlorStatus st = parlor_tichu_trick_pass(trick, seat, cards(hand), &next);
    printf("seat %u passes      -> %s\n", (unsigned)seat, parlor_status_str(st));
    return st;
}

int main(void) {
    ParlorTichuTrick trick;
    int ok = 1;
    /* Seat 0 leads; nobody is out; no wish. */
    ok &= parlor_tichu_trick_new(0, 0, 0, &trick) == PARLOR_OK;
    ok &= play(&trick, 0, "K", "5K") == PARLOR_OK;
    ok &= play(&trick, 2, "A", "A") == PARLOR_TICHU_ERR_NOT_YOUR_TURN; /* refused: seat 1's turn */
    ok &= play(&trick, 1, "R", "R2") == PARLOR_OK;                    /* the Dragon */
    ok &= play(&trick, 3, "4444", "44448") == PARLOR_OK;              /* a bomb beats it */
    ok &= pass(&trick, 0, "5") == PARLOR_OK;
    ok &= pass(&trick, 1, "2") == PARLOR_OK;
    ok &= pass(&trick, 2, "A") == PARLOR_OK;
    ok &= trick.over == 1;
    printf("over: seat %u takes %d points (K 10 + Dragon 25)\n", (unsigned)trick.end.taker, trick.end.points);
    ok &= trick.end.taker == 3 && trick.end.points == 35 && trick.end.dragon == 0;
    printf("%d passed, %d failed\n", ok ? 1 : 0, ok ? 0 : 1);
    return ok ? 0 : 1;
}
