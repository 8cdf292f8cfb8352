// hipMallocPitch: pitch >= width, aligned (to texturePitchAlignment when reported, and at least
// 32 bytes); rows are independent: a kernel writes row/column ids through the pitch and
// hipMemcpy2D reads them back densely.
#include "hip_test.h"

__global__ void write_rc(char *base, size_t pitch, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < width && y < height) base[y * pitch + x] = (char)(x * 3 + y * 11);
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const size_t widths[] = {1, 3, 100, 255, 1000, 4097};
  const size_t heights[] = {1, 7, 33};
  for (size_t w : widths)
    for (size_t h : heights) {
      void *p = nullptr;
      size_t pitch = 0;
      HIP_CHECK(hipMallocPitch(&p, &pitch, w, h));
      CHECK(p != nullptr, "null pointer for %zux%zu", w, h);
      CHECK(pitch >= w, "pitch %zu < width %zu", pitch, w);
      CHECK(pitch % 32 == 0, "pitch %zu not a multiple of 32", pitch);
      if (prop.texturePitchAlignment > 0)
        CHECK(pitch % prop.texturePitchAlignment == 0, "pitch %zu not a multiple of texturePitchAlignment %zu",
              pitch, (size_t)prop.texturePitchAlignment);
      CHECK((uintptr_t)p % 256 == 0, "base %p not 256-byte aligned", p);
      HIP_CHECK(hipMemset2D(p, pitch, 0x55, w, h));
      hipLaunchKernelGGL(write_rc, dim3((unsigned)((w + 63) / 64), (unsigned)h), dim3(64), 0, 0, (char *)p, pitch,
                         (int)w, (int)h);
      HIP_CHECK(hipGetLastError());
      std::vector<char> dense(w * h);
      HIP_CHECK(hipMemcpy2D(dense.data(), w, p, pitch, w, h, hipMemcpyDeviceToHost));
      for (size_t y = 0; y < h; ++y)
        for (size_t x = 0; x < w; ++x)
          if (dense[y * w + x] != (char)(x * 3 + y * 11))
            FAIL_AT("%zux%zu (pitch %zu): element (%zu,%zu) = %d, expected %d", w, h, pitch, x, y,
                    (int)dense[y * w + x], (int)(char)(x * 3 + y * 11));
      HIP_CHECK(hipFree(p));
    }
  size_t pitch = 0;
  void *p = nullptr;
  HIP_EXPECT(hipMallocPitch(nullptr, &pitch, 16, 16), hipErrorInvalidValue);
  HIP_EXPECT(hipMallocPitch(&p, nullptr, 16, 16), hipErrorInvalidValue);
  (void)hipGetLastError();
  return hip_test::pass();
}
