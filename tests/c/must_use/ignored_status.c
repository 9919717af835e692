/* Must NOT compile with -Werror=unused-result: the status of a PARLOR_MUST_USE function is
 * dropped. tests/tests/c_abi.rs compiles it and expects the compiler to refuse. */
#include "parlor.h"

int main(void) {
    int16_t points = 0;
    parlor_tichu_card_points(0, &points);
    return points;
}
