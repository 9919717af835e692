/* The common part of the C ABI: status strings, versions. */
#include "parlor.h"
#include "check.h"

int main(void) {
    CHECK_STR(parlor_status_str(PARLOR_OK), "ok");
    CHECK_STR(parlor_status_str(PARLOR_ERR_NULL_POINTER), "a required pointer argument was null");
    CHECK_STR(parlor_status_str(999999u), "unknown status code");
    CHECK_EQ_U(parlor_abi_version(), PARLOR_ABI_VERSION);
    CHECK(strlen(parlor_version()) >= 5);
    return CHECK_SUMMARY();
}
