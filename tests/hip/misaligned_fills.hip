// hipMemsetD16/D32 (blocking and Async) at addresses that are not multiples of the element size:
// on AMD they fill like the aligned ones (the CPU platform does too); HIP on NVIDIA may refuse
// them up front. Either way the stream is not broken: later work on it and on the null stream
// runs (a misaligned async fill used to inactivate the stream's queue, after which every call
// failed or hung).
#include "hip_test.h"

#include <cstring>
#include <vector>

static void check_fill(const unsigned char *bytes, size_t at, const void *value, size_t elem, size_t count) {
  for (size_t i = 0; i < count; ++i)
    CHECK(std::memcmp(bytes + at + i * elem, value, elem) == 0, "element %zu at byte %zu", i, at + i * elem);
  CHECK_EQ((unsigned)bytes[at - 1], 0u);
  CHECK_EQ((unsigned)bytes[at + count * elem], 0u);
}

int main() {
  hip_test::watchdog(30, "misaligned fills");
  unsigned char *d = nullptr;
  HIP_CHECK(hipMalloc(&d, 4096));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  std::vector<unsigned char> h(4096);
  const unsigned short v16 = 0xBEEF;
  const unsigned int v32 = 0xC0FFEE11u;
  for (int async = 0; async < 2; ++async) {
    for (size_t off = 1; off < 4; ++off) {
      HIP_CHECK(hipMemset(d, 0, 4096));
      hipError_t e16 = async ? hipMemsetD16Async(reinterpret_cast<hipDeviceptr_t>(d + off), v16, 100, s)
                             : hipMemsetD16(reinterpret_cast<hipDeviceptr_t>(d + off), v16, 100);
      hipError_t e32 = async ? hipMemsetD32Async(reinterpret_cast<hipDeviceptr_t>(d + 1024 + off), v32, 100, s)
                             : hipMemsetD32(reinterpret_cast<hipDeviceptr_t>(d + 1024 + off), v32, 100);
#if !HIP_TEST_NVIDIA
      HIP_CHECK(e16);
      HIP_CHECK(e32);
#endif
      (void)hipGetLastError();
      HIP_CHECK(hipStreamSynchronize(s));
      HIP_CHECK(hipMemcpy(h.data(), d, 4096, hipMemcpyDeviceToHost));
      if (e16 == hipSuccess) check_fill(h.data(), off, &v16, 2, 100);
      if (e32 == hipSuccess) check_fill(h.data(), 1024 + off, &v32, 4, 100);
    }
  }
  // The stream still runs work in order.
  HIP_CHECK(hipMemsetAsync(d, 0x5a, 64, s));
  HIP_CHECK(hipMemcpyAsync(h.data(), d, 64, hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < 64; ++i) CHECK_EQ((unsigned)h[i], 0x5au);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
  std::printf("PASS\n");
  return 0;
}
