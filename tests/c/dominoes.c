/* The Five Up dominoes part of the C ABI, from C99: real answers, and every kind of bad
 * argument (NULL pointers, bad lengths, bad rule codes, too-small buffers). */
#include <stdint.h>
#include <stdlib.h>

#include "parlor.h"
#include "check.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

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
    CHECK_EQ_U(parlor_dominoes_parse(text, strlen(text), NULL, 0, &count, NULL), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(count, 4);
    CHECK_EQ_U(parlor_dominoes_parse(text, strlen(text), tiles, 2, &count, NULL), PARLOR_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ_U(count, 4);
    CHECK_EQ_U(tiles[1].b, 5);

    /* Bad tokens: the status and the byte offset of the token. */
    CHECK_EQ_U(parlor_dominoes_parse("1-2 2-x", 7, tiles, 8, &count, &offset), PARLOR_DOMINOES_ERR_BAD_TILE);
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

    CHECK_EQ_U(parlor_dominoes_validate(line, 4, PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE, &verdict, witness, 8),
               PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 1);
    CHECK_EQ_U(verdict.reason, PARLOR_DOMINOES_REASON_NONE);
    CHECK_EQ_U(witness[0].parent, PARLOR_DOMINOES_NO_PARENT);
    CHECK_EQ_U(witness[1].parent, 0);
    CHECK_EQ_U(witness[1].pip, 6);
    CHECK_EQ_U(witness[3].parent, 2);
    CHECK_EQ_U(witness[3].pip, 3);

    CHECK_EQ_U(parlor_dominoes_validate(broken, 4, PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE, &verdict, NULL, 0),
               PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 0);
    CHECK_EQ_U(verdict.reason, PARLOR_DOMINOES_REASON_NO_OPEN_END);
    CHECK_EQ_U(verdict.tile, 2);

    CHECK_EQ_U(parlor_dominoes_validate(twice, 2, PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE, &verdict, NULL, 0),
               PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 0);
    CHECK_EQ_U(verdict.reason, PARLOR_DOMINOES_REASON_DUPLICATE);
    CHECK_EQ_U(verdict.tile, 1);
    CHECK_EQ_U(verdict.earlier, 0);

    CHECK_EQ_U(parlor_dominoes_validate(seed_wrong, 6, PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE, &verdict, NULL, 0),
               PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 0);
    CHECK_EQ_U(verdict.tile, 5);

    /* Spinner rules: 6-6 6-5 6-4 6-3 is a legal Five Up start but not a single line. */
    {
        ParlorDominoTile fan[] = {{6, 6}, {6, 5}, {6, 4}, {6, 3}};
        CHECK_EQ_U(parlor_dominoes_validate(fan, 4, PARLOR_DOMINOES_SPINNER_FIRST_DOUBLE, &verdict, NULL, 0),
                   PARLOR_OK);
        CHECK_EQ_U(verdict.legal, 1);
        CHECK_EQ_U(parlor_dominoes_validate(fan, 4, PARLOR_DOMINOES_SPINNER_NONE, &verdict, NULL, 0), PARLOR_OK);
        CHECK_EQ_U(verdict.legal, 0);
        CHECK_EQ_U(verdict.tile, 3);
    }

    /* The empty order is legal; NULL with length 0 is the empty order. */
    CHECK_EQ_U(parlor_dominoes_validate(NULL, 0, 0, &verdict, NULL, 0), PARLOR_OK);
    CHECK_EQ_U(verdict.legal, 1);

    /* Bad arguments. */
    CHECK_EQ_U(parlor_dominoes_validate(line, 4, 3, &verdict, NULL, 0), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_dominoes_validate(line, 4, 255, &verdict, NULL, 0), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_dominoes_validate(NULL, 4, 0, &verdict, NULL, 0), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_dominoes_validate(line, 4, 0, NULL, NULL, 0), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_dominoes_validate(line, 4, 0, &verdict, witness, 3), PARLOR_ERR_BUFFER_TOO_SMALL);
    {
        ParlorDominoTile *many = calloc(PARLOR_DOMINOES_MAX_TILES + 1, sizeof *many);
        CHECK(many != NULL);
        if (many != NULL) {
            CHECK_EQ_U(parlor_dominoes_validate(many, PARLOR_DOMINOES_MAX_TILES + 1, 0, &verdict, NULL, 0),
                       PARLOR_ERR_CAPACITY_EXCEEDED);
            /* 256 copies of 0-0 fit: the second one is a duplicate. */
            CHECK_EQ_U(parlor_dominoes_validate(many, PARLOR_DOMINOES_MAX_TILES, 0, &verdict, NULL, 0), PARLOR_OK);
            CHECK_EQ_U(verdict.reason, PARLOR_DOMINOES_REASON_DUPLICATE);
            CHECK_EQ_U(verdict.tile, 1);
            free(many);
        }
    }
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
    return CHECK_SUMMARY();
}
