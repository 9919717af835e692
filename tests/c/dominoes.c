/* The Five Up dominoes part of the C ABI, from C99: real answers, and every kind of bad
 * argument (NULL pointers, bad lengths, bad rule codes, too-small buffers), and the stack each
 * entry point uses (measured on a painted ucontext stack: POSIX, hence _XOPEN_SOURCE). */
#define _XOPEN_SOURCE 700
#include <stdint.h>
#include <stdlib.h>
#include <ucontext.h>

#include "parlor.h"
#include "check.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* Working memory of parlor_dominoes_validate_scratch: PARLOR_DOMINOES_SCRATCH_BYTES (exact) aligned
 * to PARLOR_DOMINOES_SCRATCH_ALIGN (4: a uint32_t array), any content, reused by every call. Two
 * words more, for the misaligned and offset cases below. */
static uint32_t scratch_words[PARLOR_DOMINOES_SCRATCH_BYTES / 4 + 2];

/* The seed task with the test's scratch (ABI version 3 removed parlor_dominoes_validate, which kept
 * its working memory on the stack). */
static ParlorStatus validate(const ParlorDominoTile *tiles, size_t len, uint8_t rule, ParlorDominoVerdict *verdict,
                             ParlorDominoPlacement *witness, size_t capacity) {
    return parlor_dominoes_validate_scratch(tiles, len, rule, scratch_words, PARLOR_DOMINOES_SCRATCH_BYTES, verdict,
                                            witness, capacity);
}

static void test_parse(void) {
    const char *text = "6-6 6-5, [5|3] 3|0";
    ParlorDominoTile tiles[8];
    size_t count = 0, offset = 0;
    CHECK_EQ_U(parlor_dominoes_parse(text, strlen(text), tiles, COUNT(tiles), &count, &offset), PARLOR_OK);
    CHECK_EQ_U(count, 4);
    CHECK_EQ_U(tiles[2].a, 5);
    CHECK_EQ_U(tiles[2].b, 3);
    CHECK_EQ_U(tiles[3].a, 3);
    CHECK_EQ_U(tiles[3].b, 0);

    /* Size query, then a too-small buffer: the count needed comes back. */
    CHECK_EQ_U(parlor_dominoes_parse(text, strlen(text), NULL, 0, &count, NULL), PARLOR_OK);
    CHECK_EQ_U(count, 4);
    CHECK_EQ_U(parlor_dominoes_parse(text, strlen(text), tiles, 2, &count, NULL), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(count, 4);
    CHECK_EQ_U(tiles[1].b, 5);

    /* Bad tokens: the status and the byte offset of the token. */
    CHECK_EQ_U(parlor_dominoes_parse("1-2 2-x", 7, tiles, 8, &count, &offset), PARLOR_DOMINOES_ERR_UNKNOWN_TILE);
    CHECK_EQ_U(offset, 4);
    CHECK_EQ_U(parlor_dominoes_parse("4294967296-1", 12, tiles, 8, &count, &offset),
               PARLOR_DOMINOES_ERR_PIP_OUT_OF_RANGE);
    CHECK_EQ_U(offset, 0);
    CHECK_EQ_U(parlor_dominoes_parse("1-\xff", 3, tiles, 8, &count, NULL), PARLOR_ERR_INVALID_UTF8);
    /* Text need not be NUL-terminated: only len bytes are read. */
    CHECK_EQ_U(parlor_dominoes_parse("1-2 2-x", 3, tiles, 8, &count, NULL), PARLOR_OK);
    CHECK_EQ_U(count, 1);

    /* NULL pointers. */
    CHECK_EQ_U(parlor_dominoes_parse(NULL, 0, tiles, 8, &count, NULL), PARLOR_OK);
    CHECK_EQ_U(count, 0);
    CHECK_EQ_U(parlor_dominoes_parse(NULL, 3, tiles, 8, &count, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_dominoes_parse(text, strlen(text), tiles, 8, NULL, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_dominoes_parse(text, strlen(text), NULL, 8, &count, NULL), PARLOR_ERR_NULL_POINTER);
}

static void test_validate(void) {
    ParlorDominoTile line[] = {{6, 6}, {6, 5}, {5, 3}, {3, 0}};
    ParlorDominoTile broken[] = {{6, 6}, {6, 5}, {3, 0}, {5, 3}};
    ParlorDominoTile twice[] = {{0, 6}, {6, 0}};
    /* The seed's wrong example: illegal under the rules, tile index 5 (3-3) breaks it. */
    ParlorDominoTile seed_wrong[] = {{12, 12}, {12, 1}, {3, 12}, {3, 1}, {1, 2}, {3, 3}};
    ParlorDominoVerdict verdict;
    ParlorDominoPlacement witness[8];

    CHECK_EQ_U(validate(line, 4, PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE, &verdict, witness, 8),
               PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 1);
    CHECK_EQ_U(verdict.reason, PARLOR_DOMINOES_REASON_NONE);
    CHECK_EQ_U(witness[0].parent, PARLOR_DOMINOES_NO_PARENT);
    CHECK_EQ_U(witness[1].parent, 0);
    CHECK_EQ_U(witness[1].pip, 6);
    CHECK_EQ_U(witness[3].parent, 2);
    CHECK_EQ_U(witness[3].pip, 3);

    CHECK_EQ_U(validate(broken, 4, PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE, &verdict, NULL, 0),
               PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 0);
    CHECK_EQ_U(verdict.reason, PARLOR_DOMINOES_REASON_NO_OPEN_END);
    CHECK_EQ_U(verdict.tile, 2);

    CHECK_EQ_U(validate(twice, 2, PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE, &verdict, NULL, 0),
               PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 0);
    CHECK_EQ_U(verdict.reason, PARLOR_DOMINOES_REASON_DUPLICATE);
    CHECK_EQ_U(verdict.tile, 1);
    CHECK_EQ_U(verdict.earlier, 0);

    CHECK_EQ_U(validate(seed_wrong, 6, PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE, &verdict, NULL, 0),
               PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 0);
    CHECK_EQ_U(verdict.tile, 5);

    /* Spinner rules: 6-6 6-5 6-4 6-3 is a legal Five Up start but not a single line. */
    {
        ParlorDominoTile fan[] = {{6, 6}, {6, 5}, {6, 4}, {6, 3}};
        CHECK_EQ_U(validate(fan, 4, PARLOR_DOMINOES_SPINNER_FIRST_DOUBLE, &verdict, NULL, 0),
                   PARLOR_OK);
        CHECK_EQ_U(verdict.legal, 1);
        CHECK_EQ_U(validate(fan, 4, PARLOR_DOMINOES_SPINNER_NONE, &verdict, NULL, 0), PARLOR_OK);
        CHECK_EQ_U(verdict.legal, 0);
        CHECK_EQ_U(verdict.tile, 3);
    }

    /* The empty order is legal; NULL with length 0 is the empty order. */
    CHECK_EQ_U(validate(NULL, 0, 0, &verdict, NULL, 0), PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 1);

    /* Bad arguments. */
    CHECK_EQ_U(validate(line, 4, 3, &verdict, NULL, 0), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(validate(line, 4, 255, &verdict, NULL, 0), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(validate(NULL, 4, 0, &verdict, NULL, 0), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(validate(line, 4, 0, NULL, NULL, 0), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(validate(line, 4, 0, &verdict, witness, 3), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(validate(line, (size_t)-1, 0, &verdict, NULL, 0), PARLOR_ERR_CAPACITY_EXCEEDED);
    {
        ParlorDominoTile *many = calloc(PARLOR_DOMINOES_MAX_PLAY_ORDER + 1, sizeof *many);
        CHECK(many != NULL);
        if (many != NULL) {
            CHECK_EQ_U(validate(many, PARLOR_DOMINOES_MAX_PLAY_ORDER + 1, 0, &verdict, NULL, 0),
                       PARLOR_ERR_CAPACITY_EXCEEDED);
            /* 256 copies of 0-0 fit: the second one is a duplicate. */
            CHECK_EQ_U(validate(many, PARLOR_DOMINOES_MAX_PLAY_ORDER, 0, &verdict, NULL, 0), PARLOR_OK);
            CHECK_EQ_U(verdict.reason, PARLOR_DOMINOES_REASON_DUPLICATE);
            CHECK_EQ_U(verdict.tile, 1);
            free(many);
        }
    }
}

/* The adversarial family (6k+1 tiles, all legal): 0-0, then per i: a(i-1)-a(i),
 * a-a, a-m, m-b; then every a-b; then every a-q. */
static size_t adversarial(unsigned k, ParlorDominoTile *out) {
    size_t n = 0;
    unsigned i;
    out[n].a = 0;
    out[n++].b = 0;
    for (i = 1; i <= k; i++) {
        unsigned a = 4 * i - 3, m = 4 * i - 2, prev = i == 1 ? 0 : 4 * i - 7;
        out[n].a = prev, out[n++].b = a;
        out[n].a = a, out[n++].b = a;
        out[n].a = a, out[n++].b = m;
        out[n].a = m, out[n++].b = 4 * i - 1;
    }
    for (i = 1; i <= k; i++) out[n].a = 4 * i - 3, out[n++].b = 4 * i - 1;
    for (i = 1; i <= k; i++) out[n].a = 4 * i - 3, out[n++].b = 4 * i;
    return n;
}


static void test_validate_scratch(void) {
    ParlorDominoTile line[] = {{6, 6}, {6, 5}, {5, 3}, {3, 0}};
    ParlorDominoTile twice[] = {{0, 6}, {1, 0}, {6, 0}};
    ParlorDominoTile *big = calloc(PARLOR_DOMINOES_MAX_PLAY_ORDER + 1, sizeof *big);
    ParlorDominoPlacement *witness = calloc(PARLOR_DOMINOES_MAX_PLAY_ORDER, sizeof *witness);
    ParlorDominoVerdict verdict;
    void *scratch = scratch_words + 1; /* aligned, not at the array's start */
    size_t bytes = PARLOR_DOMINOES_SCRATCH_BYTES, n, i;
    CHECK(big != NULL && witness != NULL);
    if (big == NULL || witness == NULL) {
        free(big);
        free(witness);
        return;
    }
    memset(scratch_words, 0xA5, sizeof scratch_words);

    /* The sizes are exact and asked per length: the short scratch up to 32 tiles. */
    CHECK_EQ_U(parlor_dominoes_scratch_bytes(0, &n), PARLOR_OK);
    CHECK_EQ_U(n, PARLOR_DOMINOES_SHORT_SCRATCH_BYTES);
    CHECK_EQ_U(parlor_dominoes_scratch_bytes(PARLOR_DOMINOES_SHORT_TILES, &n), PARLOR_OK);
    CHECK_EQ_U(n, 3520);
    CHECK_EQ_U(parlor_dominoes_scratch_bytes(PARLOR_DOMINOES_SHORT_TILES + 1, &n), PARLOR_OK);
    CHECK_EQ_U(n, PARLOR_DOMINOES_SCRATCH_BYTES);
    CHECK_EQ_U(parlor_dominoes_scratch_bytes(PARLOR_DOMINOES_MAX_PLAY_ORDER, &n), PARLOR_OK);
    CHECK_EQ_U(n, 28160);
    CHECK_EQ_U(parlor_dominoes_scratch_bytes(PARLOR_DOMINOES_MAX_PLAY_ORDER + 1, &n), PARLOR_ERR_CAPACITY_EXCEEDED);
    CHECK_EQ_U(parlor_dominoes_scratch_bytes(4, NULL), PARLOR_ERR_NULL_POINTER);
    /* A short order in the short scratch: the same witness. */
    CHECK_EQ_U(parlor_dominoes_validate_scratch(line, 4, PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE, scratch,
                                                PARLOR_DOMINOES_SHORT_SCRATCH_BYTES, &verdict, witness, 4),
               PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 1);
    CHECK_EQ_U(witness[3].parent, 2);
    CHECK_EQ_U(witness[3].pip, 3);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(line, 4, 0, scratch, PARLOR_DOMINOES_SHORT_SCRATCH_BYTES - 1, &verdict,
                                                NULL, 0),
               PARLOR_ERR_BUFFER_TOO_SMALL);
    /* A misaligned buffer is refused, not used. */
    CHECK_EQ_U(parlor_dominoes_validate_scratch(line, 4, 0, (unsigned char *)scratch_words + 1, bytes, &verdict, NULL, 0),
               PARLOR_ERR_INVALID_ARGUMENT);

    CHECK_EQ_U(parlor_dominoes_validate_scratch(line, 4, PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE, scratch, bytes,
                                                &verdict, witness, 4),
               PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 1);
    CHECK_EQ_U(witness[0].parent, PARLOR_DOMINOES_NO_PARENT);
    CHECK_EQ_U(witness[3].parent, 2);
    CHECK_EQ_U(witness[3].pip, 3);
    /* The witness is written only for a legal order, and only its first len entries. */
    witness[0].parent = 77;
    witness[0].pip = 77;
    CHECK_EQ_U(parlor_dominoes_validate_scratch(twice, 3, 0, scratch, bytes, &verdict, witness, 3), PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 0);
    CHECK_EQ_U(validate(twice, 3, 0, &verdict, witness, 3), PARLOR_OK);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(twice, 0, 0, scratch, bytes, &verdict, witness, 3), PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 1);
    CHECK_EQ_U(validate(twice, 0, 0, &verdict, witness, 3), PARLOR_OK);
    CHECK_EQ_U(witness[0].parent, 77);
    CHECK_EQ_U(witness[0].pip, 77);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(twice, 3, 0, scratch, bytes, &verdict, NULL, 0), PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 0);
    CHECK_EQ_U(verdict.reason, PARLOR_DOMINOES_REASON_DUPLICATE);
    CHECK_EQ_U(verdict.tile, 2);
    CHECK_EQ_U(verdict.earlier, 0);

    /* A chain of 256 tiles 0-1 1-2 ... with pips near UINT32_MAX: legal, each on the one before. */
    for (i = 0; i < PARLOR_DOMINOES_MAX_PLAY_ORDER; i++) {
        big[i].a = UINT32_MAX - (uint32_t)i;
        big[i].b = UINT32_MAX - (uint32_t)i - 1;
    }
    CHECK_EQ_U(parlor_dominoes_validate_scratch(big, PARLOR_DOMINOES_MAX_PLAY_ORDER, 0, scratch, bytes, &verdict, witness,
                                                PARLOR_DOMINOES_MAX_PLAY_ORDER),
               PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 1);
    CHECK_EQ_U(witness[255].parent, 254);
    CHECK_EQ_U(witness[255].pip, UINT32_MAX - 255);
    /* Both validate entry points agree (here past the short-order engine: 61 tiles). */
    n = adversarial(10, big);
    CHECK_EQ_U(n, 61);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(big, n, 0, scratch, bytes, &verdict, NULL, 0), PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 1);
    /* Past 32 tiles the short scratch is too small (exactly: one byte less than the full one too). */
    CHECK_EQ_U(parlor_dominoes_validate_scratch(big, n, 0, scratch, PARLOR_DOMINOES_SHORT_SCRATCH_BYTES, &verdict, NULL, 0),
               PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(big, n, 0, scratch, bytes - 1, &verdict, NULL, 0),
               PARLOR_ERR_BUFFER_TOO_SMALL);
    /* The family's last tile made a duplicate of its first a-b: illegal there. */
    big[n - 1] = big[n - 1 - 10];
    CHECK_EQ_U(parlor_dominoes_validate_scratch(big, n, 0, scratch, bytes, &verdict, NULL, 0), PARLOR_OK);
    CHECK_EQ_U(verdict.reason, PARLOR_DOMINOES_REASON_DUPLICATE);
    CHECK_EQ_U(verdict.tile, n - 1);
    CHECK_EQ_U(verdict.earlier, n - 11);

    /* Bad arguments: NULL or short scratch, bad rule codes, the usual NULLs and capacities. */
    CHECK_EQ_U(parlor_dominoes_validate_scratch(line, 4, 0, NULL, bytes, &verdict, NULL, 0), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(line, 4, 0, scratch, 0, &verdict, NULL, 0),
               PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(line, 4, 3, scratch, bytes, &verdict, NULL, 0),
               PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(line, 4, 255, scratch, bytes, &verdict, NULL, 0),
               PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(NULL, 4, 0, scratch, bytes, &verdict, NULL, 0),
               PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(line, 4, 0, scratch, bytes, NULL, NULL, 0), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(line, 4, 0, scratch, bytes, &verdict, witness, 3),
               PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(big, PARLOR_DOMINOES_MAX_PLAY_ORDER + 1, 0, scratch, bytes, &verdict,
                                                NULL, 0),
               PARLOR_ERR_CAPACITY_EXCEEDED);
    CHECK_EQ_U(parlor_dominoes_validate_scratch(NULL, 0, 0, scratch, bytes, &verdict, NULL, 0), PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 1);
    free(big);
    free(witness);
}

/* Stack use: run each entry point on a painted stack and see how deep the paint is disturbed.
 * Budgets checked here hold in the debug build the tests link; release figures (smaller) are
 * in docs/dominoes.md. */
#define PAINT 0xA5
static unsigned char probe_stack[128 * 1024];
static ucontext_t probe_caller, probe_callee;
static int probe_op;
static size_t probe_len;
static ParlorDominoTile probe_tiles[PARLOR_DOMINOES_MAX_PLAY_ORDER];
static ParlorDominoPlacement probe_placements[PARLOR_DOMINOES_MAX_PLAY_ORDER];
static ParlorDominoPlacement probe_out[PARLOR_DOMINOES_MAX_PLAY_ORDER];
static ParlorDominoScore probe_scores[PARLOR_DOMINOES_MAX_PLAY_ORDER];
static ParlorStatus probe_status;

static void probe_body(void) {
    ParlorDominoVerdict verdict;
    ParlorDominoTile tile = {1, 9};
    size_t count = 0;
    switch (probe_op) {
    case 0:
        probe_status = parlor_dominoes_validate_scratch(probe_tiles, probe_len, 0, scratch_words,
                                                        PARLOR_DOMINOES_SCRATCH_BYTES, &verdict, probe_out,
                                                        PARLOR_DOMINOES_MAX_PLAY_ORDER);
        break;
    case 1:
        probe_status = parlor_dominoes_play(probe_tiles, probe_placements, probe_len, 0, probe_scores,
                                            PARLOR_DOMINOES_MAX_PLAY_ORDER, &count);
        break;
    default:
        probe_status = parlor_dominoes_placements(probe_tiles, probe_placements, probe_len, 0, tile, probe_out,
                                                  PARLOR_DOMINOES_MAX_PLAY_ORDER, &count);
        break;
    }
}

static size_t stack_used(int op, size_t len) {
    size_t untouched = 0;
    probe_op = op;
    probe_len = len;
    memset(probe_stack, PAINT, sizeof probe_stack);
    if (getcontext(&probe_callee) != 0) return sizeof probe_stack;
    probe_callee.uc_stack.ss_sp = probe_stack;
    probe_callee.uc_stack.ss_size = sizeof probe_stack;
    probe_callee.uc_link = &probe_caller;
    makecontext(&probe_callee, probe_body, 0);
    if (swapcontext(&probe_caller, &probe_callee) != 0) return sizeof probe_stack;
    while (untouched < sizeof probe_stack && probe_stack[untouched] == PAINT) untouched++;
    return sizeof probe_stack - untouched;
}

static void test_stack_use(void) {
    static const char *names[] = {"validate_scratch", "play", "placements"};
    size_t i, used[3][2];
    int op;
    /* A 256-tile chain 0-1 1-2 ..., each on the one before. */
    for (i = 0; i < PARLOR_DOMINOES_MAX_PLAY_ORDER; i++) {
        probe_tiles[i].a = (uint32_t)i;
        probe_tiles[i].b = (uint32_t)i + 1;
        probe_placements[i].parent = i == 0 ? PARLOR_DOMINOES_NO_PARENT : (uint32_t)i - 1;
        probe_placements[i].pip = (uint32_t)i;
    }
    for (op = 0; op < 3; op++) {
        used[op][0] = stack_used(op, 28);
        CHECK_EQ_U(probe_status, PARLOR_OK);
        used[op][1] = stack_used(op, PARLOR_DOMINOES_MAX_PLAY_ORDER);
        CHECK_EQ_U(probe_status, PARLOR_OK);
        printf("stack: parlor_dominoes_%s: %lu bytes (28 tiles), %lu bytes (256 tiles)\n", names[op],
               (unsigned long)used[op][0], (unsigned long)used[op][1]);
    }
    /* Release builds stay under 2 KiB for any length (docs/dominoes.md: 648, 664 and 1,416 bytes
     * on x86-64); these budgets hold in the debug build the tests link, also under the address
     * sanitizer (3.8, 6.0 and 7.5 KB there). play and placements keep a 304-byte BorrowedLayout,
     * no longer a 3 KB Layout (16 KiB was their debug budget). */
    CHECK(used[0][0] < 4096 && used[0][1] < 4096);
    CHECK(used[1][1] < 8192 && used[2][1] < 8192);
}

static void test_play_and_placements(void) {
    /* 5-5 opens (10: 2 points), 5-0 on a side (10: 2), 5-3 on the other side (the spinner
     * stops counting: 0 + 3 = 3), 0-2 on 5-0 (2 + 3 = 5: 1 point). */
    ParlorDominoTile tiles[] = {{5, 5}, {5, 0}, {5, 3}, {0, 2}};
    ParlorDominoPlacement placements[] = {{PARLOR_DOMINOES_NO_PARENT, 0}, {0, 5}, {0, 5}, {1, 0}};
    ParlorDominoScore scores[4];
    ParlorDominoPlacement found[8];
    size_t failed = 99, count = 0;

    CHECK_EQ_U(parlor_dominoes_play(tiles, placements, 4, PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE, scores, 4, &failed),
               PARLOR_OK);
    CHECK_EQ_U(scores[0].open_total, 10);
    CHECK_EQ_U(scores[0].points, 2);
    CHECK_EQ_U(scores[1].open_total, 10);
    CHECK_EQ_U(scores[2].open_total, 3);
    CHECK_EQ_U(scores[2].points, 0);
    CHECK_EQ_U(scores[3].open_total, 5);
    CHECK_EQ_U(scores[3].points, 1);
    /* All Fives scores the total itself. */
    CHECK_EQ_U(parlor_dominoes_play(tiles, placements, 4, PARLOR_DOMINOES_SPINNER_FIRST_DOUBLE, scores, 4, NULL),
               PARLOR_OK);
    CHECK_EQ_U(scores[0].points, 10);
    CHECK_EQ_U(scores[3].points, 5);

    /* Where can 5-6 go on the first three tiles? Only on the spinner's ends (both sides are
     * covered, so its ends are open now): one placement, parent 0 at 5. */
    {
        ParlorDominoTile tile = {6, 5};
        CHECK_EQ_U(parlor_dominoes_placements(tiles, placements, 3, 0, tile, found, 8, &count), PARLOR_OK);
        CHECK_EQ_U(count, 1);
        CHECK_EQ_U(found[0].parent, 0);
        CHECK_EQ_U(found[0].pip, 5);
    }
    /* 0-3 can go on 5-0 (at 0) or on 5-3 (at 3). Too small a buffer first. */
    {
        ParlorDominoTile tile = {0, 3};
        CHECK_EQ_U(parlor_dominoes_placements(tiles, placements, 3, 0, tile, found, 1, &count),
                   PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ_U(count, 2);
        CHECK_EQ_U(parlor_dominoes_placements(tiles, placements, 3, 0, tile, found, 8, &count), PARLOR_OK);
        CHECK_EQ_U(count, 2);
        CHECK_EQ_U(found[0].parent, 1);
        CHECK_EQ_U(found[0].pip, 0);
        CHECK_EQ_U(found[1].parent, 2);
        CHECK_EQ_U(found[1].pip, 3);
        /* A tile already played has no placement. */
        tile.a = 5;
        tile.b = 0;
        CHECK_EQ_U(parlor_dominoes_placements(tiles, placements, 3, 0, tile, found, 8, &count), PARLOR_OK);
        CHECK_EQ_U(count, 0);
    }

    /* Bad plays name the first bad tile. */
    {
        ParlorDominoPlacement bad[] = {{PARLOR_DOMINOES_NO_PARENT, 0}, {0, 5}, {7, 5}, {1, 0}};
        CHECK_EQ_U(parlor_dominoes_play(tiles, bad, 4, 0, NULL, 0, &failed), PARLOR_DOMINOES_ERR_NO_SUCH_TILE);
        CHECK_EQ_U(failed, 2);
        bad[2].parent = 1;
        CHECK_EQ_U(parlor_dominoes_play(tiles, bad, 4, 0, NULL, 0, &failed), PARLOR_DOMINOES_ERR_NO_FREE_END);
        CHECK_EQ_U(failed, 2);
        bad[2].parent = 0;
        bad[2].pip = 4;
        CHECK_EQ_U(parlor_dominoes_play(tiles, bad, 4, 0, NULL, 0, &failed), PARLOR_DOMINOES_ERR_PIP_NOT_ON_TILE);
        bad[2].pip = 5;
        bad[0].parent = 0;
        CHECK_EQ_U(parlor_dominoes_play(tiles, bad, 4, 0, NULL, 0, &failed),
                   PARLOR_DOMINOES_ERR_OPENING_TAKES_NO_PLACEMENT);
        CHECK_EQ_U(failed, 0);
        bad[0].parent = PARLOR_DOMINOES_NO_PARENT;
        bad[1].parent = PARLOR_DOMINOES_NO_PARENT;
        CHECK_EQ_U(parlor_dominoes_play(tiles, bad, 4, 0, NULL, 0, &failed), PARLOR_DOMINOES_ERR_PLACEMENT_REQUIRED);
        CHECK_EQ_U(failed, 1);
    }
    {
        ParlorDominoTile again[] = {{5, 5}, {5, 5}};
        ParlorDominoPlacement at[] = {{PARLOR_DOMINOES_NO_PARENT, 0}, {0, 5}};
        CHECK_EQ_U(parlor_dominoes_play(again, at, 2, 0, NULL, 0, NULL), PARLOR_DOMINOES_ERR_DUPLICATE_TILE);
    }
    CHECK_EQ_U(parlor_dominoes_play(tiles, placements, 4, 0, scores, 3, NULL), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(parlor_dominoes_play(tiles, placements, 4, 9, scores, 4, NULL), PARLOR_ERR_INVALID_ARGUMENT);
    /* A length past the capacity is refused before the arrays are looked at. */
    CHECK_EQ_U(parlor_dominoes_play(tiles, placements, 1000, 0, NULL, 0, NULL), PARLOR_ERR_CAPACITY_EXCEEDED);
    CHECK_EQ_U(parlor_dominoes_play(tiles, placements, (size_t)-1, 0, NULL, 0, NULL), PARLOR_ERR_CAPACITY_EXCEEDED);
    {
        ParlorDominoTile tile = {0, 3};
        CHECK_EQ_U(parlor_dominoes_placements(tiles, placements, (size_t)-1, 0, tile, found, 8, &count),
                   PARLOR_ERR_CAPACITY_EXCEEDED);
    }
    CHECK_EQ_U(parlor_dominoes_play(NULL, placements, 4, 0, scores, 4, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_dominoes_play(tiles, NULL, 4, 0, scores, 4, NULL), PARLOR_ERR_NULL_POINTER);
    {
        ParlorDominoTile tile = {0, 3};
        CHECK_EQ_U(parlor_dominoes_placements(tiles, placements, 3, 0, tile, found, 8, NULL), PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(parlor_dominoes_placements(tiles, placements, 3, 7, tile, found, 8, &count),
                   PARLOR_ERR_INVALID_ARGUMENT);
        CHECK_EQ_U(parlor_dominoes_placements(tiles, placements, 3, 0, tile, NULL, 8, &count), PARLOR_ERR_NULL_POINTER);
        /* On an empty layout any tile opens: no placements. */
        CHECK_EQ_U(parlor_dominoes_placements(NULL, NULL, 0, 0, tile, NULL, 0, &count), PARLOR_OK);
        CHECK_EQ_U(count, 0);
    }

    /* Status strings of this game. */
    CHECK_STR(parlor_status_str(PARLOR_DOMINOES_ERR_NO_FREE_END),
              "dominoes: the parent tile has no free end showing that pip");
    CHECK_STR(parlor_status_str(199), "unknown status code");
}

int main(void) {
    test_parse();
    test_validate();
    test_play_and_placements();
    test_validate_scratch();
    test_stack_use();
    return CHECK_SUMMARY();
}
