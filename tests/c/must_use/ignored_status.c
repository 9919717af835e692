/* Must NOT compile with -Werror=unused-result: the status of a PARLOR_MUST_USE function is
 * dropped (a rule check's, and the one function set's). tests/tests/c_abi.rs compiles it and
 * expects the compiler to refuse both. */
#include "parlor.h"

int main(void) {
    int16_t points = 0;
    static ParlorRound round;
    parlor_tichu_card_points(0, &points);
    parlor_round_apply(&round, 0, 0, NULL);
    return points;
}
