/* The entry points shared by every game: status descriptions, versions. */
#include "check.h"
#include "parlor.h"

void test_common(void) {
    const char *text;
    CHECK_STR(parlor_status_str(PARLOR_OK), "ok");
    CHECK_STR(parlor_status_str(PARLOR_ERR_NULL_POINTER), "a required pointer argument was null");
    CHECK_STR(parlor_status_str(PARLOR_ERR_BUFFER_TOO_SMALL), "the output buffer is too small");
    CHECK_STR(parlor_status_str(99), "unknown status code");
    CHECK_STR(parlor_status_str(0xFFFFFFFFu), "unknown status code");
    CHECK_EQ_U(STACK("parlor_abi_version", parlor_abi_version()), PARLOR_ABI_VERSION);
    text = parlor_version();
    CHECK(text != NULL && text_len(text) >= 5);
    CHECK_EQ_U(STACK("parlor_status_str", parlor_status_str(PARLOR_ERR_PARSE) != NULL), 1);
}
