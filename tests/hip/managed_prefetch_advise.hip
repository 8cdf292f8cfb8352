// hipMemPrefetchAsync (to the device and to hipCpuDeviceId), hipMemAdvise and
// hipStreamAttachMemAsync (single stream, host, global) succeed on managed memory and the data
// stays correct across kernels and host accesses; invalid uses are rejected.
#include "hip_test.h"

__global__ void scale(float *p, int n, float f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= f;
}

int main() {
  const int n = 1 << 20;
  const size_t bytes = n * sizeof(float);
  float *m = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&m, bytes, hipMemAttachGlobal));
  for (int i = 0; i < n; ++i) m[i] = (float)(i % 1000);
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipMemAdvise(m, bytes, hipMemAdviseSetReadMostly, 0));
  HIP_CHECK(hipMemAdvise(m, bytes, hipMemAdviseUnsetReadMostly, 0));
  HIP_CHECK(hipMemAdvise(m, bytes, hipMemAdviseSetPreferredLocation, 0));
  HIP_CHECK(hipMemAdvise(m, bytes, hipMemAdviseSetAccessedBy, 0));
  HIP_CHECK(hipMemPrefetchAsync(m, bytes, 0, s));
  hipLaunchKernelGGL(scale, dim3(n / 256), dim3(256), 0, s, m, n, 2.0f);
  HIP_CHECK(hipMemPrefetchAsync(m, bytes, hipCpuDeviceId, s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < n; ++i)
    if (m[i] != 2.0f * (float)(i % 1000)) FAIL_AT("m[%d] = %g, expected %g", i, m[i], 2.0f * (i % 1000));
  // Part of the range, then the host modifies it, then another kernel.
  HIP_CHECK(hipMemPrefetchAsync(m + 4096, 4096 * sizeof(float), 0, s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < n; ++i) m[i] += 1.0f;
  hipLaunchKernelGGL(scale, dim3(n / 256), dim3(256), 0, s, m, n, 0.5f);
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < n; ++i) {
    float want = (2.0f * (float)(i % 1000) + 1.0f) * 0.5f;
    if (m[i] != want) FAIL_AT("m[%d] = %g, expected %g", i, m[i], want);
  }
  // Attach to one stream, use it there, attach to the host, read it, attach back globally.
  HIP_CHECK(hipStreamAttachMemAsync(s, m, 0, hipMemAttachSingle));
  hipLaunchKernelGGL(scale, dim3(n / 256), dim3(256), 0, s, m, n, 4.0f);
  HIP_CHECK(hipStreamAttachMemAsync(s, m, bytes, hipMemAttachHost));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < n; ++i) {
    float want = (2.0f * (float)(i % 1000) + 1.0f) * 2.0f;
    if (m[i] != want) FAIL_AT("after the attached kernel, m[%d] = %g, expected %g", i, m[i], want);
  }
  HIP_CHECK(hipStreamAttachMemAsync(s, m, 0, hipMemAttachGlobal));
  HIP_CHECK(hipStreamSynchronize(s));

  // Not managed memory / bad device: errors, not crashes.
  void *d = nullptr;
  HIP_CHECK(hipMalloc(&d, 4096));
  HIP_EXPECT(hipStreamAttachMemAsync(s, m, 0, 0x8), hipErrorInvalidValue);
  HIP_EXPECT(hipStreamAttachMemAsync(s, nullptr, 0, hipMemAttachGlobal), hipErrorInvalidValue);
  HIP_EXPECT(hipStreamAttachMemAsync(s, m, 4096, hipMemAttachGlobal), hipErrorInvalidValue);
#if !HIP_TEST_NVIDIA
  // Not the start of the allocation, or not managed memory (the CUDA driver's answers to these
  // vary by version; the CPU platform refuses both).
  HIP_EXPECT(hipStreamAttachMemAsync(s, m + 1, 0, hipMemAttachGlobal), hipErrorInvalidValue);
  HIP_EXPECT(hipStreamAttachMemAsync(s, d, 0, hipMemAttachGlobal), hipErrorInvalidValue);
#endif
  HIP_EXPECT_FAIL(hipMemPrefetchAsync(m, bytes, 12345, s));
  HIP_EXPECT_FAIL(hipMemAdvise(m, bytes, (hipMemoryAdvise)9999, 0));
  HIP_EXPECT(hipMemPrefetchAsync(nullptr, bytes, 0, s), hipErrorInvalidValue);
  (void)hipGetLastError();
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(m));
  return hip_test::pass();
}
