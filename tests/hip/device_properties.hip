// Device count, hipGetDeviceProperties fields (sane and mutually consistent), hipGetDevice,
// hipDeviceGet/hipDeviceGetName/hipDeviceTotalMem/hipDeviceComputeCapability, hipChooseDevice,
// driver/runtime versions, capability flags (hipDeviceArch_t) and device-side warpSize.
#include "hip_test.h"

__global__ void read_warp_size(int *out) { out[threadIdx.x] = warpSize; }

int main() {
  int count = -1;
  HIP_CHECK(hipGetDeviceCount(&count));
  CHECK(count >= 1, "expected at least one device, got %d", count);
  int cur = -1;
  HIP_CHECK(hipGetDevice(&cur));
  CHECK_EQ(cur, 0); // the default device is 0

  for (int d = 0; d < count; ++d) {
    hipDeviceProp_t p;
    std::memset(&p, 0, sizeof p);
    HIP_CHECK(hipGetDeviceProperties(&p, d));
    size_t nlen = strnlen(p.name, sizeof p.name);
    CHECK(nlen > 0 && nlen < sizeof p.name, "device %d: name must be a non-empty NUL-terminated string", d);
    CHECK(p.totalGlobalMem > 0, "device %d: totalGlobalMem is 0", d);
    CHECK_EQ(p.maxThreadsPerBlock, 1024);
    CHECK(p.warpSize == 32 || p.warpSize == 64, "device %d: warpSize %d is neither 32 nor 64", d, p.warpSize);
    CHECK(p.sharedMemPerBlock >= 16 * 1024, "sharedMemPerBlock %zu < 16 KiB", (size_t)p.sharedMemPerBlock);
    CHECK(p.multiProcessorCount > 0, "multiProcessorCount %d", p.multiProcessorCount);
    CHECK(p.clockRate > 0, "clockRate %d kHz", p.clockRate);
    CHECK(p.totalConstMem > 0, "totalConstMem is 0");
    CHECK_EQ(p.maxThreadsDim[0], p.maxThreadsPerBlock);
    for (int i = 0; i < 3; ++i) {
      CHECK(p.maxThreadsDim[i] >= 1 && p.maxThreadsDim[i] <= p.maxThreadsPerBlock,
            "maxThreadsDim[%d] = %d", i, p.maxThreadsDim[i]);
      CHECK(p.maxGridSize[i] >= 65535, "maxGridSize[%d] = %d < 65535", i, p.maxGridSize[i]);
    }
    CHECK(p.maxThreadsPerMultiProcessor >= p.maxThreadsPerBlock, "maxThreadsPerMultiProcessor %d < %d",
          p.maxThreadsPerMultiProcessor, p.maxThreadsPerBlock);
    CHECK(p.regsPerBlock >= 0 && p.l2CacheSize >= 0 && p.major >= 0 && p.minor >= 0,
          "negative regsPerBlock/l2CacheSize/major/minor");
    // Everything the CPU platform (and any current GPU) supports must be reported as 1.
    CHECK_EQ(p.managedMemory, 1);
    CHECK_EQ(p.concurrentKernels, 1);
    CHECK_EQ(p.canMapHostMemory, 1);
    CHECK_EQ(p.arch.hasGlobalInt32Atomics, 1u);
    CHECK_EQ(p.arch.hasGlobalInt64Atomics, 1u);
    CHECK_EQ(p.arch.hasSharedInt32Atomics, 1u);
    CHECK_EQ(p.arch.hasFloatAtomicAdd, 1u); // float atomicAdd works (see atomics_float)
    CHECK_EQ(p.arch.hasDoubles, 1u);
    CHECK_EQ(p.arch.hasWarpVote, 1u);
    CHECK_EQ(p.arch.hasWarpBallot, 1u);
    CHECK_EQ(p.arch.hasWarpShuffle, 1u);
    CHECK_EQ(p.arch.hasSyncThreadsExt, 1u); // __syncthreads_count/and/or (see syncthreads_predicates)
    CHECK_EQ(p.arch.has3dGrid, 1u);
#if !HIP_TEST_NVIDIA
    CHECK(strnlen(p.gcnArchName, sizeof p.gcnArchName) > 0, "gcnArchName is empty");
#endif

    hipDevice_t hdev;
    HIP_CHECK(hipDeviceGet(&hdev, d));
    char name[256];
    std::memset(name, 0, sizeof name);
    HIP_CHECK(hipDeviceGetName(name, (int)sizeof name, hdev));
    CHECK(std::strcmp(name, p.name) == 0, "hipDeviceGetName \"%s\" != prop.name \"%s\"", name, p.name);
    size_t total = 0;
    HIP_CHECK(hipDeviceTotalMem(&total, hdev));
    CHECK_EQ(total, (size_t)p.totalGlobalMem);
    int major = -1, minor = -1;
    HIP_CHECK(hipDeviceComputeCapability(&major, &minor, hdev));
    CHECK_EQ(major, p.major);
    CHECK_EQ(minor, p.minor);

    // Device-side warpSize agrees with the property (every lane of a 3-warp block).
    HIP_CHECK(hipSetDevice(d));
    int *dout = nullptr;
    const int n = 3 * p.warpSize;
    HIP_CHECK(hipMalloc(&dout, n * sizeof(int)));
    HIP_CHECK(hipMemset(dout, 0, n * sizeof(int)));
    hipLaunchKernelGGL(read_warp_size, dim3(1), dim3(n), 0, 0, dout);
    HIP_CHECK(hipGetLastError());
    std::vector<int> h(n);
    HIP_CHECK(hipMemcpy(h.data(), dout, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) CHECK_EQ(h[i], p.warpSize);
    HIP_CHECK(hipFree(dout));
  }
  HIP_CHECK(hipSetDevice(0));

  int drv = 0, rt = 0;
  HIP_CHECK(hipDriverGetVersion(&drv));
  HIP_CHECK(hipRuntimeGetVersion(&rt));
  CHECK(drv > 0, "hipDriverGetVersion gave %d", drv);
  CHECK(rt > 0, "hipRuntimeGetVersion gave %d", rt);
#if !HIP_TEST_NVIDIA
  // AMD's hipRuntimeGetVersion reports HIP_VERSION (hip_version.h); on NVIDIA it is CUDA's.
  CHECK_EQ(rt, (int)HIP_VERSION);
#endif

  // hipChooseDevice: an empty request matches any device; the answer is a valid ordinal.
  hipDeviceProp_t want;
  std::memset(&want, 0, sizeof want);
  int chosen = -1;
  HIP_CHECK(hipChooseDevice(&chosen, &want));
  CHECK(chosen >= 0 && chosen < count, "hipChooseDevice chose %d of %d", chosen, count);
  return hip_test::pass();
}
