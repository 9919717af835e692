/* The control for ignored_status.c: the same call with its status used compiles cleanly. */
#include "parlor.h"

int main(void) {
    int16_t points = 0;
    return parlor_tichu_card_points(0, &points) == PARLOR_OK ? points : 1;
}
