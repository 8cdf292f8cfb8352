// hipMemset, hipMemsetD8/D16/D32 and their Async forms, hipMemset2D(+Async): odd sizes and
// offsets, neighbouring bytes untouched, the value pattern exact.
#include "hip_test.h"

static const size_t kBytes = 1 << 20;

static std::vector<unsigned char> read_all(void *d) {
  std::vector<unsigned char> v(kBytes);
  HIP_CHECK(hipMemcpy(v.data(), d, kBytes, hipMemcpyDeviceToHost));
  return v;
}

int main() {
  unsigned char *d = nullptr;
  HIP_CHECK(hipMalloc(&d, kBytes));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  const size_t offs[] = {0, 1, 3, 4, 6, 256, 4097};
  const size_t counts[] = {1, 2, 3, 5, 63, 64, 65, 1000, 4099, 100001};
  for (int mode = 0; mode < 8; ++mode) {
    const int width = (mode % 4 == 0 || mode % 4 == 1) ? 1 : (mode % 4 == 2 ? 2 : 4);
    const bool async = mode >= 4;
    for (size_t off : offs)
      for (size_t count : counts) {
        size_t bytes = count * width;
        size_t start = off * width; // D16/D32 need element-aligned addresses
        if (start + bytes + 8 > kBytes) continue;
        HIP_CHECK(hipMemset(d, 0xEE, kBytes));
        unsigned value = 0;
        hipError_t e = hipSuccess;
        switch (mode % 4) {
        case 0:
          value = 0x5Au;
          e = async ? hipMemsetAsync(d + start, (int)value, bytes, s) : hipMemset(d + start, (int)value, bytes);
          break;
        case 1:
          value = 0xA7u;
          e = async ? hipMemsetD8Async((hipDeviceptr_t)(d + start), (unsigned char)value, count, s)
                    : hipMemsetD8((hipDeviceptr_t)(d + start), (unsigned char)value, count);
          break;
        case 2:
          value = 0xBEEFu;
          e = async ? hipMemsetD16Async((hipDeviceptr_t)(d + start), (unsigned short)value, count, s)
                    : hipMemsetD16((hipDeviceptr_t)(d + start), (unsigned short)value, count);
          break;
        case 3:
          value = 0x12345678u;
          e = async ? hipMemsetD32Async((hipDeviceptr_t)(d + start), (int)value, count, s)
                    : hipMemsetD32((hipDeviceptr_t)(d + start), (int)value, count);
          break;
        }
        if (e != hipSuccess)
          FAIL_AT("mode %d off %zu count %zu: %s", mode, off, count, hip_test::to_str(e).c_str());
        if (async) HIP_CHECK(hipStreamSynchronize(s));
        std::vector<unsigned char> v = read_all(d);
        for (size_t i = 0; i < kBytes; ++i) {
          unsigned char want = 0xEE;
          if (i >= start && i < start + bytes) {
            size_t k = (i - start) % width; // little-endian byte k of the element
            want = (unsigned char)(value >> (8 * k));
          }
          if (v[i] != want)
            FAIL_AT("mode %d (width %d, async %d) off %zu count %zu: byte %zu = 0x%02x, expected 0x%02x", mode,
                    width, (int)async, off, count, i, v[i], want);
        }
      }
  }
  // 2D: a 37x9 rectangle inside a pitched buffer.
  void *p = nullptr;
  size_t pitch = 0;
  HIP_CHECK(hipMallocPitch(&p, &pitch, 100, 20));
  for (int async = 0; async < 2; ++async) {
    HIP_CHECK(hipMemset(p, 0, pitch * 20));
    unsigned char *base = (unsigned char *)p + 3 * pitch + 5;
    if (async) {
      HIP_CHECK(hipMemset2DAsync(base, pitch, 0x33, 37, 9, s));
      HIP_CHECK(hipStreamSynchronize(s));
    } else {
      HIP_CHECK(hipMemset2D(base, pitch, 0x33, 37, 9));
    }
    std::vector<unsigned char> v(pitch * 20);
    HIP_CHECK(hipMemcpy(v.data(), p, v.size(), hipMemcpyDeviceToHost));
    for (size_t y = 0; y < 20; ++y)
      for (size_t x = 0; x < pitch; ++x) {
        bool in = y >= 3 && y < 12 && x >= 5 && x < 42;
        unsigned char want = in ? 0x33 : 0;
        if (v[y * pitch + x] != want)
          FAIL_AT("memset2D async=%d (%zu,%zu) = 0x%02x, expected 0x%02x", async, x, y, v[y * pitch + x], want);
      }
  }
  // Ordering: memsetAsync after a kernel-free copy on the same stream sees the copy done first.
  std::vector<unsigned char> ones(4096, 1);
  HIP_CHECK(hipMemcpyAsync(d, ones.data(), 4096, hipMemcpyHostToDevice, s));
  HIP_CHECK(hipMemsetAsync(d + 100, 9, 10, s));
  std::vector<unsigned char> got(4096);
  HIP_CHECK(hipMemcpyAsync(got.data(), d, 4096, hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < 4096; ++i) CHECK_EQ((int)got[i], (i >= 100 && i < 110) ? 9 : 1);
  HIP_EXPECT(hipMemset(nullptr, 0, 16), hipErrorInvalidValue);
  (void)hipGetLastError();
  HIP_CHECK(hipFree(p));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipStreamDestroy(s));
  return hip_test::pass();
}
