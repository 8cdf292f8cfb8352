// hipFuncGetAttributes: maxThreadsPerBlock (1024, or the __launch_bounds__ value), the static
// shared size of a kernel with a 4000-byte __shared__ array, localSizeBytes/numRegs sane;
// hipFuncSetAttribute(hipFuncAttributeMaxDynamicSharedMemorySize) and hipFuncSetCacheConfig;
// hipFuncGetAttribute via a registered function; non-kernels rejected; a launch with more threads
// than __launch_bounds__ allow fails (hipErrorLaunchFailure on the CPU, as ROCm reports a launch larger than its launch bounds)
// in every launch form, and the kernel does not run.
#include "hip_test.h"

__global__ void plain(int *p) { p[threadIdx.x] = 1; }

__global__ void with_static_shared(float *p) {
  __shared__ float tile[1000]; // 4000 bytes
  tile[threadIdx.x] = (float)threadIdx.x;
  __syncthreads();
  p[threadIdx.x] = tile[999 - threadIdx.x];
}

__global__ void __launch_bounds__(256) bounded(int *p) { p[threadIdx.x] = 2; }

static void host_fn() {}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  hipFuncAttributes a;
  std::memset(&a, 0xff, sizeof a);
  HIP_CHECK(hipFuncGetAttributes(&a, (const void *)plain));
  CHECK_EQ(a.maxThreadsPerBlock, prop.maxThreadsPerBlock);
  CHECK_EQ(a.sharedSizeBytes, (size_t)0);
  CHECK(a.numRegs >= 0, "numRegs %d", a.numRegs);
  CHECK(a.maxDynamicSharedSizeBytes >= 0 && (size_t)a.maxDynamicSharedSizeBytes <= prop.sharedMemPerBlock,
        "maxDynamicSharedSizeBytes %d", a.maxDynamicSharedSizeBytes);

  HIP_CHECK(hipFuncGetAttributes(&a, (const void *)with_static_shared));
  CHECK(a.sharedSizeBytes >= 4000 && a.sharedSizeBytes < 4000 + 1024,
        "static shared of a 4000-byte __shared__ array reported as %zu", (size_t)a.sharedSizeBytes);
  HIP_CHECK(hipFuncGetAttributes(&a, (const void *)bounded));
  CHECK_EQ(a.maxThreadsPerBlock, 256);

  int v = -1;
  HIP_EXPECT_FAIL(hipFuncGetAttribute(&v, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, (hipFunction_t)nullptr));
  CHECK_EQ(v, -1);
  (void)hipGetLastError();

  HIP_CHECK(hipFuncSetAttribute((const void *)plain, hipFuncAttributeMaxDynamicSharedMemorySize, 1024));
  HIP_CHECK(hipFuncGetAttributes(&a, (const void *)plain));
  CHECK_EQ(a.maxDynamicSharedSizeBytes, 1024);
  HIP_CHECK(hipFuncSetAttribute((const void *)plain, hipFuncAttributePreferredSharedMemoryCarveout, 50));
  HIP_EXPECT(hipFuncSetAttribute((const void *)plain, hipFuncAttributeMaxDynamicSharedMemorySize,
                                 (int)prop.sharedMemPerBlockOptin + 1),
             hipErrorInvalidValue);
  HIP_CHECK(hipFuncSetCacheConfig((const void *)plain, hipFuncCachePreferShared));
  HIP_EXPECT(hipFuncGetAttributes(&a, (const void *)host_fn), hipErrorInvalidDeviceFunction);
  HIP_EXPECT(hipFuncGetAttributes(nullptr, (const void *)plain), hipErrorInvalidValue);
  (void)hipGetLastError();
  // The kernels still launch.
  float *f = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&f, 1000 * sizeof(float), hipMemAttachGlobal));
  hipLaunchKernelGGL(with_static_shared, dim3(1), dim3(1000), 0, 0, f);
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 1000; ++i) CHECK_EQ(f[i], (float)(999 - i));
  HIP_CHECK(hipFree(f));

  int *ip = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&ip, 512 * sizeof(int), hipMemAttachGlobal));
  std::memset(ip, 0, 512 * sizeof(int));
  hipLaunchKernelGGL(bounded, dim3(1), dim3(512), 0, 0, ip);
  hipError_t e = hipGetLastError();
  CHECK(e != hipSuccess, "hipLaunchKernelGGL beyond __launch_bounds__(256) succeeded");
#if defined(__HIP_PLATFORM_CPU__)
  CHECK_EQ(e, hipErrorLaunchFailure); // ROCm: "larger than launch bounds"
#endif
  bounded<<<1, 512>>>(ip);
  e = hipGetLastError();
  CHECK(e != hipSuccess, "<<<1, 512>>> beyond __launch_bounds__(256) succeeded");
#if defined(__HIP_PLATFORM_CPU__)
  CHECK_EQ(e, hipErrorLaunchFailure); // ROCm: "larger than launch bounds"
#endif
  void *args[] = {&ip};
#if defined(__HIP_PLATFORM_CPU__)
  HIP_EXPECT(hipLaunchKernel((const void *)bounded, dim3(1), dim3(512), args, 0, nullptr), hipErrorLaunchFailure);
#else
  HIP_EXPECT_FAIL(hipLaunchKernel((const void *)bounded, dim3(1), dim3(512), args, 0, nullptr));
#endif
  (void)hipGetLastError();
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 512; ++i) CHECK_EQ(ip[i], 0);
  // Within the bounds all three forms run.
  hipLaunchKernelGGL(bounded, dim3(1), dim3(256), 0, 0, ip);
  HIP_CHECK(hipGetLastError());
  bounded<<<1, 128>>>(ip + 256);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipLaunchKernel((const void *)bounded, dim3(1), dim3(128), args, 0, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 384; ++i) CHECK_EQ(ip[i], 2);
  for (int i = 384; i < 512; ++i) CHECK_EQ(ip[i], 0);
  HIP_CHECK(hipFree(ip));
  return hip_test::pass();
}
