// The header must compile as C++17 and its functions link with C linkage.
#include "parlor.h"

#include <cstdio>
#include <cstring>

int main() {
    int failed = 0;
    if (std::strcmp(parlor_status_str(PARLOR_OK), "ok") != 0) failed++;
    if (parlor_abi_version() != PARLOR_ABI_VERSION) failed++;
    std::printf("%d passed, %d failed\n", 2 - failed, failed);
    return failed != 0;
}
