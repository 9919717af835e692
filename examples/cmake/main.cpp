// One question per game through Parlor's C ABI, from C++17, checking the answers the rules give.
// Built by examples/cmake/CMakeLists.txt against an installed Parlor (CI builds and runs it).
#include <parlor.h>

#include <cstdint>
#include <cstdio>
#include <string_view>

namespace {

int passed = 0;
int failed = 0;

void check(bool ok, const char *what) {
    if (ok) {
        ++passed;
    } else {
        ++failed;
        std::printf("FAIL: %s\n", what);
    }
}

// A text argument as the C ABI takes it: pointer and length, no NUL needed.
struct Text {
    const char *data;
    std::size_t size;
    explicit Text(std::string_view text) : data(text.data()), size(text.size()) {}
};

}  // namespace

int main() {
    check(parlor_abi_version() == PARLOR_ABI_VERSION, "library and header are the same ABI");
    std::printf("parlor %s\n", parlor_version());

    // Tichu: a full house of sevens beats a full house of fours.
    Text prev("44499"), play("77722");
    std::uint8_t legal = 0;
    ParlorStatus st = parlor_tichu_is_legal(prev.data, prev.size, play.data, play.size, &legal);
    check(st == PARLOR_OK && legal == 1, "tichu 77722 follows 44499");

    // Dou Dizhu: a bomb beats a quad with two pairs (Pagat rules).
    ParlorDoudizhuCards quad{}, bomb{};
    Text quad_text("JJJJ99QQ"), bomb_text("3333");
    st = parlor_doudizhu_parse(quad_text.data, quad_text.size, &quad, nullptr);
    if (st == PARLOR_OK) st = parlor_doudizhu_parse(bomb_text.data, bomb_text.size, &bomb, nullptr);
    std::uint8_t beats = 0;
    if (st == PARLOR_OK) st = parlor_doudizhu_beats(&quad, &bomb, PARLOR_DOUDIZHU_PRESET_PAGAT, &beats);
    check(st == PARLOR_OK && beats == 1, "doudizhu 3333 beats JJJJ99QQ");

    // Mahjong: the nine-gates hand waits on all nine characters and is tenpai (shanten 0).
    Text hand("1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m");
    std::uint8_t counts[34] = {};
    std::uint64_t waits = 0;
    std::int8_t shanten = -2;
    st = parlor_mahjong_parse(hand.data, hand.size, counts, 34, nullptr, nullptr, nullptr);
    if (st == PARLOR_OK) st = parlor_mahjong_waits(counts, 34, PARLOR_MAHJONG_RULES_SEED, &waits);
    if (st == PARLOR_OK) st = parlor_mahjong_shanten(counts, 34, PARLOR_MAHJONG_FORM_MINIMUM, &shanten);
    check(st == PARLOR_OK && waits == 0x1ff && shanten == 0, "mahjong nine gates: 9 waits, shanten 0");

    // Five Up dominoes: a legal play order with every double a spinner.
    Text order("6-6 6-5 5-3 3-0");
    ParlorDominoTile tiles[PARLOR_DOMINOES_MAX_PLAY_ORDER];
    std::size_t count = 0;
    ParlorDominoVerdict verdict{};
    // Working memory for up to 32 tiles (PARLOR_DOMINOES_SCRATCH_BYTES for any order), 4-aligned.
    static std::uint32_t scratch[PARLOR_DOMINOES_SHORT_SCRATCH_BYTES / 4];
    st = parlor_dominoes_parse(order.data, order.size, tiles, PARLOR_DOMINOES_MAX_PLAY_ORDER, &count, nullptr);
    if (st == PARLOR_OK)
        st = parlor_dominoes_validate_scratch(tiles, count, PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE, scratch,
                                              sizeof scratch, &verdict, nullptr, 0);
    check(st == PARLOR_OK && count == 4 && verdict.legal, "dominoes 6-6 6-5 5-3 3-0 is legal");

    // Bad input is a status code, never a crash.
    st = parlor_tichu_is_legal(nullptr, 3, play.data, play.size, &legal);
    check(st == PARLOR_ERR_NULL_POINTER, "a null pointer is PARLOR_ERR_NULL_POINTER");
    std::printf("null pointer: %s\n", parlor_status_str(st));

    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
