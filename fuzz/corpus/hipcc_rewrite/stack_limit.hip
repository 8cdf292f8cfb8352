// hipDeviceSetLimit / hipDeviceGetLimit(hipLimitStackSize): the limit reads back at least as
// large as requested and a kernel using most of a raised limit (192 KiB of locals) across a
// barrier runs correctly. hipLimitMallocHeapSize is readable and positive.
#include "hip_test.h"

__attribute__((noinline)) __device__ unsigned deep(volatile unsigned *buf, int n, unsigned seed) {
  for (int i = 0; i < n; ++i) buf[i] = seed + (unsigned)i * 7u;
  __syncthreads();
  unsigned s = 0;
  for (int i = 0; i < n; ++i) s += buf[i];
  return s;
}

__global__ void use_stack(unsigned *out) {
  volatile unsigned buf[49152]; // 192 KiB
  out[blockIdx.x * blockDim.x + threadIdx.x] = deep(buf, 49152, threadIdx.x);
}

int main() {
  size_t v = 0;
  HIP_CHECK(hipDeviceGetLimit(&v, hipLimitStackSize));
  CHECK(v > 0, "stack limit 0");
  const size_t want = 256 * 1024;
  HIP_CHECK(hipDeviceSetLimit(hipLimitStackSize, want));
  HIP_CHECK(hipDeviceGetLimit(&v, hipLimitStackSize));
  CHECK(v >= want, "stack limit %zu after requesting %zu", v, want);
  size_t heap = 0;
  HIP_CHECK(hipDeviceGetLimit(&heap, hipLimitMallocHeapSize));
  CHECK(heap > 0, "malloc heap limit 0");
  HIP_EXPECT(hipDeviceGetLimit(nullptr, hipLimitStackSize), hipErrorInvalidValue);
  HIP_EXPECT_FAIL(hipDeviceGetLimit(&v, (hipLimit_t)0x7777));
  (void)hipGetLastError();

  unsigned *out = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&out, 2 * 64 * sizeof(unsigned), hipMemAttachGlobal));
  hipLaunchKernelGGL(use_stack, dim3(2), dim3(64), 0, 0, out);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int b = 0; b < 2; ++b)
    for (unsigned t = 0; t < 64; ++t) {
      unsigned s = 0;
      for (int i = 0; i < 49152; ++i) s += t + (unsigned)i * 7u;
      CHECK_EQ(out[b * 64 + t], s);
    }
  HIP_CHECK(hipFree(out));
  return hip_test::pass();
}
