/* The control for ignored_status.c: the same calls with their statuses used compile cleanly. */
#include "parlor.h"

int main(void) {
    int16_t points = 0;
    ParlorMahjongConfig config;
    static ParlorRound round;
    if (parlor_mahjong_config_preset(0, &config) != PARLOR_OK) {
        return 1;
    }
    if (parlor_round_apply(&round, 0, 0, NULL) != PARLOR_ERR_INVALID_STATE) {
        return 2;
    }
    return parlor_tichu_card_points(0, &points) == PARLOR_OK ? points + config.open_tanyao : 1;
}
