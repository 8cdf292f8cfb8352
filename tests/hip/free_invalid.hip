// Freeing what hipMalloc did not return (or already freed) is an error, never a crash:
// double hipFree, a malloc() pointer, a stack address, hipHostFree of device memory. HIP
// (AMD's ihipFree, and CUDA's cudaFree) returns hipErrorInvalidValue for these.
#include "hip_test.h"

int main() {
  void *p = nullptr;
  HIP_CHECK(hipMalloc(&p, 1024));
  HIP_CHECK(hipFree(p));
  HIP_EXPECT(hipFree(p), hipErrorInvalidValue);
  void *host = std::malloc(4096);
  HIP_EXPECT(hipFree(host), hipErrorInvalidValue);
  std::free(host);
  int local = 0;
  HIP_EXPECT(hipFree(&local), hipErrorInvalidValue);
  void *d = nullptr;
  HIP_CHECK(hipMalloc(&d, 1024));
  HIP_EXPECT(hipHostFree(d), hipErrorInvalidValue);
  void *h = nullptr;
  HIP_CHECK(hipHostMalloc(&h, 1024, hipHostMallocDefault));
  HIP_CHECK(hipHostFree(h));
  HIP_EXPECT(hipHostFree(h), hipErrorInvalidValue);
  HIP_CHECK(hipHostFree(nullptr));
  (void)hipGetLastError();
  // The valid allocation survived all of that.
  HIP_CHECK(hipMemset(d, 0x7f, 1024));
  unsigned char b[1024];
  HIP_CHECK(hipMemcpy(b, d, 1024, hipMemcpyDeviceToHost));
  for (int i = 0; i < 1024; ++i) CHECK_EQ((unsigned)b[i], 0x7fu);
  HIP_CHECK(hipFree(d));
  return hip_test::pass();
}
