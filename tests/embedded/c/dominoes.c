/* Five Up dominoes through the C ABI on the Cortex-M3: the seed's examples, the witness, a
 * layout played with scores, legal placements, and the error paths (null pointers, bad UTF-8,
 * bad rule codes, too-small buffers). Expected values: seed 004 and docs/rules/dominoes.md. */
#include "check.h"
#include "parlor.h"

#define EVERY PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE
#define MAX 32

/* Working memory of parlor_dominoes_validate_scratch, 4-byte aligned: the exact short size for up
 * to 32 tiles (every order here but the 40-tile chain), the full size for any order. */
static uint32_t short_scratch[PARLOR_DOMINOES_SHORT_SCRATCH_BYTES / 4];
/* The full scratch: the firmware's shared buffer (check.h), PARLOR_DOMINOES_SCRATCH_BYTES of it. */
#define scratch firmware_scratch
#define SCRATCH_LEN ((size_t)PARLOR_DOMINOES_SCRATCH_BYTES)

static size_t parse(const char *text, ParlorDominoTile *tiles) {
    size_t count = 0;
    size_t offset = 0;
    CHECK_EQ_U(STACK("parlor_dominoes_parse", parlor_dominoes_parse(text, text_len(text), tiles, MAX, &count, &offset)),
               PARLOR_OK);
    return count;
}

/* 1 legal, 0 illegal (with the verdict's first failing tile in *tile). */
static unsigned verdict_of(const char *text, uint8_t rule, unsigned *tile) {
    ParlorDominoTile tiles[MAX];
    ParlorDominoVerdict verdict;
    size_t len = parse(text, tiles);
    CHECK_EQ_U(STACK("parlor_dominoes_validate_scratch",
                     parlor_dominoes_validate_scratch(tiles, len, rule, short_scratch, sizeof short_scratch, &verdict,
                                                      NULL, 0)),
               PARLOR_OK);
    if (tile != NULL) {
        *tile = verdict.tile;
    }
    return verdict.legal;
}

static void seed_examples(void) {
    unsigned tile = 0;
    CHECK_EQ_U(verdict_of("0-6", EVERY, NULL), 1);
    CHECK_EQ_U(verdict_of("0-6 6-0", EVERY, &tile), 0);
    CHECK_EQ_U(tile, 1);
    CHECK_EQ_U(verdict_of("6-6 6-5 5-3 3-0", EVERY, NULL), 1);
    CHECK_EQ_U(verdict_of("6-6 6-5 3-0 5-3", EVERY, &tile), 0);
    CHECK_EQ_U(tile, 2);
    CHECK_EQ_U(verdict_of("1-1 1-2 1-3 1-4 1-5 1-6", EVERY, &tile), 0);
    CHECK_EQ_U(tile, 5);
    CHECK_EQ_U(verdict_of("1-1 1-2 1-3 1-4 1-5 3-6 1-6", EVERY, NULL), 1);
    CHECK_EQ_U(verdict_of("5-5 5-4 5-0 0-6 6-6 6-4 6-2 2-1 6-3 5-1 1-1 1-6 4-1 1-0 0-0 2-0 3-0 0-4", EVERY, NULL), 1);
    /* The seed calls this legal; the rules (spec) make it illegal at 3-3. */
    CHECK_EQ_U(verdict_of("12-12 12-1 3-12 3-1 1-2 3-3", EVERY, &tile), 0);
    CHECK_EQ_U(tile, 5);
    CHECK_EQ_U(verdict_of("", EVERY, NULL), 1);
    /* All Fives: only the first double spins. */
    CHECK_EQ_U(verdict_of("2-2 2-1 1-1 1-3 1-4", EVERY, NULL), 1);
    CHECK_EQ_U(verdict_of("2-2 2-1 1-1 1-3 1-4", PARLOR_DOMINOES_SPINNER_FIRST_DOUBLE, NULL), 0);
}

static void witness_and_layout(void) {
    ParlorDominoTile tiles[MAX];
    ParlorDominoPlacement witness[MAX];
    ParlorDominoPlacement places[8];
    ParlorDominoScore scores[MAX];
    ParlorDominoVerdict verdict;
    ParlorDominoTile five_zero = {5, 0};
    size_t failed = 99;
    size_t count = 0;
    size_t len = parse("1-2 2-3 1-3 1-1", tiles);

    /* 1-3 must attach by its 3 (on 2-3) so that a 1 stays open for 1-1. */
    CHECK_EQ_U(parlor_dominoes_validate_scratch(tiles, len, EVERY, short_scratch, sizeof short_scratch, &verdict, witness,
                                                MAX),
               PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 1);
    CHECK_EQ_U(witness[0].parent, PARLOR_DOMINOES_NO_PARENT);
    CHECK_EQ_U(witness[2].parent, 1);
    CHECK_EQ_U(witness[2].pip, 3);
    CHECK_EQ_U(witness[3].parent, 2);
    CHECK_EQ_U(witness[3].pip, 1);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(tiles, len, EVERY, short_scratch, sizeof short_scratch, &verdict, witness,
                                                2),
               PARLOR_ERR_BUFFER_TOO_SMALL);

    /* Scores: 5-5 opens (10, 2 points), 5-0 on a side (10, 2), 5-3 on the other side: both
     * sides covered, the spinner stops counting (0 + 3). */
    len = parse("5-5 5-0 5-3", tiles);
    witness[0].parent = PARLOR_DOMINOES_NO_PARENT;
    witness[0].pip = 0;
    witness[1].parent = 0;
    witness[1].pip = 5;
    witness[2].parent = 0;
    witness[2].pip = 5;
    CHECK_EQ_U(STACK("parlor_dominoes_play", parlor_dominoes_play(tiles, witness, len, EVERY, scores, MAX, &failed)),
               PARLOR_OK);
    CHECK_EQ_U(scores[0].open_total, 10);
    CHECK_EQ_U(scores[0].points, 2);
    CHECK_EQ_U(scores[1].open_total, 10);
    CHECK_EQ_U(scores[2].open_total, 3);
    CHECK_EQ_U(scores[2].points, 0);
    witness[1].pip = 4;
    CHECK_EQ_U(parlor_dominoes_play(tiles, witness, len, EVERY, scores, MAX, &failed), PARLOR_DOMINOES_ERR_PIP_NOT_ON_TILE);
    CHECK_EQ_U(failed, 1);
    witness[1].pip = 5;
    witness[1].parent = 7;
    CHECK_EQ_U(parlor_dominoes_play(tiles, witness, len, EVERY, NULL, 0, &failed), PARLOR_DOMINOES_ERR_NO_SUCH_TILE);
    witness[1].parent = 0;

    /* Where 5-0 can go after 5-5: the spinner's side (parent 0, pip 5). */
    CHECK_EQ_U(STACK("parlor_dominoes_placements",
                     parlor_dominoes_placements(tiles, witness, 1, EVERY, five_zero, places, 8, &count)),
               PARLOR_OK);
    CHECK_EQ_U(count, 1);
    CHECK_EQ_U(places[0].parent, 0);
    CHECK_EQ_U(places[0].pip, 5);
    CHECK_EQ_U(parlor_dominoes_placements(tiles, witness, 1, EVERY, five_zero, NULL, 0, &count),
               PARLOR_OK);
    CHECK_EQ_U(count, 1);
}

/* More tiles than the library's capacity (all 0-0; the count is rejected before any is read). */
static const ParlorDominoTile too_many[PARLOR_DOMINOES_MAX_PLAY_ORDER + 1u];

/* A chain 0-1 1-2 … 39-40 (legal): more than 32 tiles, where validate needs its full scratch. */
#define CHAIN 40
static int chain_is_legal(void) {
    ParlorDominoTile chain[CHAIN];
    ParlorDominoVerdict scratched;
    uint32_t i;
    for (i = 0; i < CHAIN; i++) {
        chain[i].a = i;
        chain[i].b = i + 1u;
    }
    CHECK_EQ_U(STACK("parlor_dominoes_validate_scratch (40 tiles)",
                     parlor_dominoes_validate_scratch(chain, CHAIN, EVERY, scratch, SCRATCH_LEN, &scratched, NULL, 0)),
               PARLOR_OK);
    /* The short scratch serves 32 tiles at most. */
    CHECK_EQ_U(parlor_dominoes_validate_scratch(chain, CHAIN, EVERY, short_scratch, sizeof short_scratch, &scratched,
                                                NULL, 0),
               PARLOR_ERR_BUFFER_TOO_SMALL);
    return scratched.legal;
}

static void with_scratch(void) {
    ParlorDominoTile tiles[MAX];
    ParlorDominoPlacement witness[MAX];
    ParlorDominoVerdict verdict;
    size_t len = parse("1-2 2-3 1-3 1-1", tiles);
    CHECK_EQ_U(STACK("parlor_dominoes_validate_scratch",
                     parlor_dominoes_validate_scratch(tiles, len, EVERY, scratch, SCRATCH_LEN, &verdict, witness, MAX)),
               PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 1);
    CHECK_EQ_U(witness[2].parent, 1);
    CHECK_EQ_U(witness[2].pip, 3);
    len = parse("12-12 12-1 3-12 3-1 1-2 3-3", tiles);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(tiles, len, EVERY, scratch, SCRATCH_LEN, &verdict, NULL, 0), PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 0);
    CHECK_EQ_U(verdict.tile, 5);
    CHECK_EQ_U(verdict.reason, PARLOR_DOMINOES_REASON_NO_OPEN_END);
    CHECK_EQ_U(chain_is_legal(), 1);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(tiles, len, EVERY, scratch, 100, &verdict, NULL, 0),
               PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(tiles, len, EVERY, (uint8_t *)scratch + 2, SCRATCH_LEN - 2, &verdict,
                                                NULL, 0),
               PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(tiles, len, EVERY, NULL, SCRATCH_LEN, &verdict, NULL, 0),
               PARLOR_ERR_NULL_POINTER);
}

static void errors(void) {
    ParlorDominoTile tiles[MAX];
    ParlorDominoVerdict verdict;
    size_t count = 0;
    size_t offset = 0;
    const char bad_utf8[2] = {(char)0xC3, (char)0x28};

    CHECK_EQ_U(parlor_dominoes_parse("1-2 1-x", 7, tiles, MAX, &count, &offset), PARLOR_DOMINOES_ERR_UNKNOWN_TILE);
    CHECK_EQ_U(offset, 4);
    CHECK_EQ_U(parlor_dominoes_parse("4294967296-1", 12, tiles, MAX, &count, &offset),
               PARLOR_DOMINOES_ERR_PIP_OUT_OF_RANGE);
    CHECK_EQ_U(parlor_dominoes_parse(bad_utf8, 2, tiles, MAX, &count, NULL), PARLOR_ERR_INVALID_UTF8);
    CHECK_EQ_U(parlor_dominoes_parse(NULL, 3, tiles, MAX, &count, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_dominoes_parse("1-2", 3, tiles, MAX, NULL, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_dominoes_parse("1-2 2-3 3-4", 11, tiles, 2, &count, NULL), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(count, 3);
    CHECK_EQ_U(parlor_dominoes_parse("1-2 2-3 3-4", 11, NULL, 0, &count, NULL), PARLOR_OK);
    CHECK_EQ_U(count, 3);
    count = parse("1-2 2-3", tiles);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(tiles, count, 3, short_scratch, sizeof short_scratch, &verdict, NULL, 0),
               PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(tiles, count, EVERY, short_scratch, sizeof short_scratch, NULL, NULL, 0),
               PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(NULL, 2, EVERY, short_scratch, sizeof short_scratch, &verdict, NULL, 0),
               PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(too_many, PARLOR_DOMINOES_MAX_PLAY_ORDER + 1u, EVERY, scratch,
                                                SCRATCH_LEN, &verdict, NULL, 0),
               PARLOR_ERR_CAPACITY_EXCEEDED);
    CHECK_EQ_U(STACK("parlor_dominoes_scratch_bytes", parlor_dominoes_scratch_bytes(CHAIN, &count)), PARLOR_OK);
    CHECK_EQ_U(count, PARLOR_DOMINOES_SCRATCH_BYTES);
    CHECK_STR(parlor_status_str(PARLOR_DOMINOES_ERR_UNKNOWN_TILE),
              "dominoes: not a tile (expected a-b, a|b or [a|b])");
}

void test_dominoes(void) {
    seed_examples();
    witness_and_layout();
    with_scratch();
    errors();
}
