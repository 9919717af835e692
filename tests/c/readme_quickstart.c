/* The C quick start of README.md (a test checks that the README shows this file verbatim). */
#include <stdio.h>
#include <string.h>
#include "parlor.h"

int main(void) {
    /* Tichu, the seed's question: may 77722 follow 44499? */
    const char *prev = "44499", *play = "77722";
    uint8_t legal = 0;
    ParlorStatus st = parlor_tichu_is_legal(prev, strlen(prev), play, strlen(play), &legal);
    if (st != PARLOR_OK) { printf("error: %s\n", parlor_status_str(st)); return 1; }
    printf("tichu 44499 -> 77722: %s\n", legal ? "legal" : "illegal");

    /* Five Up dominoes: parse a play order, then validate it. */
    const char *order = "12-12 12-1 3-12 3-1 1-2 3-3";
    ParlorDominoTile tiles[PARLOR_DOMINOES_MAX_PLAY_ORDER];
    size_t count = 0;
    st = parlor_dominoes_parse(order, strlen(order), tiles, PARLOR_DOMINOES_MAX_PLAY_ORDER, &count, NULL);
    if (st != PARLOR_OK) { printf("error: %s\n", parlor_status_str(st)); return 1; }
    ParlorDominoVerdict verdict;
    static uint32_t scratch[PARLOR_DOMINOES_SHORT_SCRATCH_BYTES / 4]; /* working memory, ≤ 32 tiles */
    st = parlor_dominoes_validate_scratch(tiles, count, PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE, scratch, sizeof scratch,
                                          &verdict, NULL, 0);
    if (st != PARLOR_OK) { printf("error: %s\n", parlor_status_str(st)); return 1; }
    printf("dominoes: %s at tile #%u\n", verdict.legal ? "legal" : "illegal", (unsigned)verdict.tile + 1);

    /* Mahjong: the waits of a 13-tile hand, as a mask over the 34 tile codes. */
    const char *hand = "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m";
    uint8_t counts[PARLOR_MAHJONG_KINDS];
    uint64_t waits = 0;
    st = parlor_mahjong_parse(hand, strlen(hand), counts, PARLOR_MAHJONG_KINDS, NULL, NULL, NULL);
    if (st == PARLOR_OK) st = parlor_mahjong_waits(counts, PARLOR_MAHJONG_KINDS, PARLOR_MAHJONG_RULES_SEED, &waits);
    if (st != PARLOR_OK) { printf("error: %s\n", parlor_status_str(st)); return 1; }
    printf("mahjong waits mask: 0x%llx\n", (unsigned long long)waits);

    /* Every status has a name; bad input is an error code, never a crash. */
    st = parlor_tichu_is_legal(NULL, 3, play, strlen(play), &legal);
    printf("null pointer: %s\n", parlor_status_str(st));

    int ok = legal && !verdict.legal && verdict.tile == 5 && waits == 0x1ff && st == PARLOR_ERR_NULL_POINTER;
    printf("%d passed, %d failed\n", ok ? 1 : 0, ok ? 0 : 1);
    return ok ? 0 : 1;
}
