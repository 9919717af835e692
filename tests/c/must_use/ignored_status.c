/* Must NOT compile with -Werror=unused-result: the status of a PARLOR_MUST_USE function is
 * dropped, once for each of two functions (tests/tests/c_abi.rs expects both names in the
 * compiler's refusal). tests/tests/c_abi.rs compiles it and expects the compiler to refuse. */
#include "parlor.h"

int main(void) {
    int16_t points = 0;
    ParlorMahjongConfig config;
    parlor_tichu_card_points(0, &points);
    parlor_mahjong_config_preset(0, &config);
    return points + config.open_tanyao;
}
