// The header's structs are named, so C++ code can forward-declare them (in its own headers,
// without including parlor.h) and use pointers to them; the full definitions come later.
struct ParlorDoudizhuCards;
struct ParlorTichuTrick;
struct ParlorMahjongUkeire;

static int rank_count(const ParlorDoudizhuCards *cards, int rank);

#include "parlor.h"

#include <cstdio>

static int rank_count(const ParlorDoudizhuCards *cards, int rank) { return cards->counts[rank]; }

int main() {
    int failed = 0;
    ParlorDoudizhuCards cards{};
    if (parlor_doudizhu_parse("3345", 4, &cards, nullptr) != PARLOR_OK) failed++;
    if (rank_count(&cards, 0) != 2) failed++;
    // The typedef and the struct tag name one type.
    struct ParlorDoudizhuCards *tagged = &cards;
    if (rank_count(tagged, 2) != 1) failed++;
    std::size_t bytes = 0;
    if (parlor_doudizhu_scratch_bytes(&cards, PARLOR_DOUDIZHU_PRESET_PAGAT, &bytes) != PARLOR_OK) failed++;
    // The 683-byte safety cache, 4 plays (3, 4, 5, 33) of 8 bytes, 12 sub-hands: 12 memo entries.
    if (bytes != 683 + 4 * 8 + 12 * 8) failed++;
    std::printf("%d passed, %d failed\n", 5 - failed, failed);
    return failed != 0;
}
