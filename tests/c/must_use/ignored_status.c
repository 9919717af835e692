/* Must NOT compile with -Werror=unused-result: the status of a PARLOR_MUST_USE function is
 * dropped, once for each of three functions (two rule checks and the one function set's
 * parlor_round_apply; tests/tests/c_abi.rs expects every name in the compiler's refusal). */
#include "parlor.h"

int main(void) {
    int16_t points = 0;
    ParlorMahjongConfig config;
    static ParlorRound round;
    parlor_tichu_card_points(0, &points);
    parlor_mahjong_config_preset(0, &config);
    parlor_round_apply(&round, 0, 0, NULL);
    return points + config.open_tanyao;
}
