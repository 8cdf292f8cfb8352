// hipMemGetInfo: 0 < free <= total, total equals hipDeviceProp_t::totalGlobalMem and
// hipDeviceTotalMem; null out-pointers rejected.
#include "hip_test.h"

int main() {
  size_t free_b = 0, total = 0;
  HIP_CHECK(hipMemGetInfo(&free_b, &total));
  CHECK(total > 0, "total is 0");
  CHECK(free_b > 0 && free_b <= total, "free %zu, total %zu", free_b, total);
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  CHECK_EQ(total, (size_t)p.totalGlobalMem);
  // After a 64 MiB allocation the numbers are still consistent.
  void *d = nullptr;
  HIP_CHECK(hipMalloc(&d, 64u << 20));
  size_t free2 = 0, total2 = 0;
  HIP_CHECK(hipMemGetInfo(&free2, &total2));
  CHECK_EQ(total2, total);
  CHECK(free2 <= total2, "free %zu > total %zu", free2, total2);
  HIP_CHECK(hipFree(d));
  HIP_EXPECT(hipMemGetInfo(nullptr, &total), hipErrorInvalidValue);
  HIP_EXPECT(hipMemGetInfo(&free_b, nullptr), hipErrorInvalidValue);
  (void)hipGetLastError();
  return hip_test::pass();
}
