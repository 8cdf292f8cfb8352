// Device-side pointers that are no live allocation: hipMemcpy (H2D, D2H, D2D), hipMemcpyHtoD/DtoH,
// hipMemset and their Async forms with made-up addresses (never mapped) and a range running
// past an allocation return an error (hipErrorInvalidValue, as AMD's runtime checks) instead of
// crashing; ordinary host memory is still accepted where a device pointer is expected (AMD and
// CUDA with unified addressing accept it); the runtime keeps working afterwards.
#include "hip_test.h"

#include <vector>

#if HIP_TEST_NVIDIA
// HIP on NVIDIA reports what the CUDA driver reports; the point is no crash.
#define EXPECT_BAD(call) HIP_EXPECT_FAIL(call)
#else
#define EXPECT_BAD(call) HIP_EXPECT(call, hipErrorInvalidValue)
#endif

int main() {
  std::vector<int> h(1024, 7);
  void *bogus = reinterpret_cast<void *>(uintptr_t{0x1000});
  int *d = nullptr;
  HIP_CHECK(hipMalloc(&d, 1024 * sizeof(int)));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  // (A freed allocation is no such pointer: its addresses may be reused by any later mapping,
  // a thread's stack for one, and are then ordinary host memory.)
  void *high = reinterpret_cast<void *>(uintptr_t{1} << 46);

  for (void *bad : {bogus, high}) {
    EXPECT_BAD(hipMemcpy(bad, h.data(), 256, hipMemcpyHostToDevice));
    EXPECT_BAD(hipMemcpy(h.data(), bad, 256, hipMemcpyDeviceToHost));
    EXPECT_BAD(hipMemcpy(d, bad, 256, hipMemcpyDeviceToDevice));
    EXPECT_BAD(hipMemcpy(bad, d, 256, hipMemcpyDefault));
    EXPECT_BAD(hipMemcpyHtoD(reinterpret_cast<hipDeviceptr_t>(bad), h.data(), 256));
    EXPECT_BAD(hipMemcpyDtoH(h.data(), reinterpret_cast<hipDeviceptr_t>(bad), 256));
    EXPECT_BAD(hipMemset(bad, 0, 256));
    EXPECT_BAD(hipMemsetD32(reinterpret_cast<hipDeviceptr_t>(bad), 0, 64));
    EXPECT_BAD(hipMemcpyAsync(bad, h.data(), 256, hipMemcpyHostToDevice, s));
    EXPECT_BAD(hipMemsetAsync(bad, 0, 256, s));
  }
#if !HIP_TEST_NVIDIA
  // Past the end of a live allocation (AMD checks the range against the allocation).
  HIP_EXPECT(hipMemcpy(d, h.data(), 1025 * sizeof(int), hipMemcpyHostToDevice), hipErrorInvalidValue);
  HIP_EXPECT(hipMemset(d + 1000, 0, 100 * sizeof(int)), hipErrorInvalidValue);
#endif
  (void)hipGetLastError();

  // The stream and the null stream still work, and ordinary host memory is accepted on the
  // device side of a copy (unified addressing).
  HIP_CHECK(hipMemcpyAsync(d, h.data(), 1024 * sizeof(int), hipMemcpyHostToDevice, s));
  HIP_CHECK(hipStreamSynchronize(s));
  std::vector<int> host_dst(1024, 0);
  HIP_CHECK(hipMemcpy(host_dst.data(), h.data(), 1024 * sizeof(int), hipMemcpyDefault));
  for (int i = 0; i < 1024; ++i) CHECK_EQ(host_dst[i], 7);
  HIP_CHECK(hipMemset(d, 0, 512 * sizeof(int)));
  std::vector<int> back(1024, -1);
  HIP_CHECK(hipMemcpy(back.data(), d, 1024 * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < 1024; ++i) CHECK_EQ(back[i], i < 512 ? 0 : 7);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
  std::printf("PASS\n");
  return 0;
}
