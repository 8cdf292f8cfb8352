// hipDeviceGetAttribute agrees with hipGetDeviceProperties for every attribute that has a
// property field; invalid device / attribute / null out-pointer are rejected.
#include "hip_test.h"

struct Row {
  hipDeviceAttribute_t attr;
  const char *name;
  long long expected;
};
#define ROW(a, v) Row{a, #a, (long long)(v)}

int main() {
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  CHECK(count >= 1, "no device");
  for (int d = 0; d < count; ++d) {
    hipDeviceProp_t p;
    HIP_CHECK(hipGetDeviceProperties(&p, d));
    const Row rows[] = {
        ROW(hipDeviceAttributeWarpSize, p.warpSize),
        ROW(hipDeviceAttributeMaxThreadsPerBlock, p.maxThreadsPerBlock),
        ROW(hipDeviceAttributeMaxSharedMemoryPerBlock, p.sharedMemPerBlock),
        ROW(hipDeviceAttributeMultiprocessorCount, p.multiProcessorCount),
        ROW(hipDeviceAttributeClockRate, p.clockRate),
        ROW(hipDeviceAttributeManagedMemory, p.managedMemory),
        ROW(hipDeviceAttributeConcurrentKernels, p.concurrentKernels),
        ROW(hipDeviceAttributeMaxBlockDimX, p.maxThreadsDim[0]),
        ROW(hipDeviceAttributeMaxBlockDimY, p.maxThreadsDim[1]),
        ROW(hipDeviceAttributeMaxBlockDimZ, p.maxThreadsDim[2]),
        ROW(hipDeviceAttributeMaxGridDimX, p.maxGridSize[0]),
        ROW(hipDeviceAttributeMaxGridDimY, p.maxGridSize[1]),
        ROW(hipDeviceAttributeMaxGridDimZ, p.maxGridSize[2]),
        ROW(hipDeviceAttributeComputeCapabilityMajor, p.major),
        ROW(hipDeviceAttributeComputeCapabilityMinor, p.minor),
        ROW(hipDeviceAttributeMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor),
        ROW(hipDeviceAttributeL2CacheSize, p.l2CacheSize),
        ROW(hipDeviceAttributeTotalConstantMemory, p.totalConstMem),
        ROW(hipDeviceAttributeCanMapHostMemory, p.canMapHostMemory),
        ROW(hipDeviceAttributeIntegrated, p.integrated),
        ROW(hipDeviceAttributeMaxRegistersPerBlock, p.regsPerBlock),
        ROW(hipDeviceAttributeMemoryClockRate, p.memoryClockRate),
        ROW(hipDeviceAttributeMemoryBusWidth, p.memoryBusWidth),
        ROW(hipDeviceAttributeCooperativeLaunch, p.cooperativeLaunch),
        ROW(hipDeviceAttributeConcurrentManagedAccess, p.concurrentManagedAccess),
        ROW(hipDeviceAttributePageableMemoryAccess, p.pageableMemoryAccess),
        ROW(hipDeviceAttributeIsMultiGpuBoard, p.isMultiGpuBoard),
        ROW(hipDeviceAttributePciBusId, p.pciBusID),
        ROW(hipDeviceAttributePciDeviceId, p.pciDeviceID),
        ROW(hipDeviceAttributeComputeMode, p.computeMode),
        ROW(hipDeviceAttributeKernelExecTimeout, p.kernelExecTimeoutEnabled),
        ROW(hipDeviceAttributeEccEnabled, p.ECCEnabled),
        ROW(hipDeviceAttributeTextureAlignment, p.textureAlignment),
        ROW(hipDeviceAttributeAsyncEngineCount, p.asyncEngineCount),
        ROW(hipDeviceAttributeStreamPrioritiesSupported, p.streamPrioritiesSupported),
        ROW(hipDeviceAttributeMaxRegistersPerMultiprocessor, p.regsPerMultiprocessor),
        ROW(hipDeviceAttributeSharedMemPerBlockOptin, p.sharedMemPerBlockOptin),
        ROW(hipDeviceAttributeHostNativeAtomicSupported, p.hostNativeAtomicSupported),
        ROW(hipDeviceAttributeUnifiedAddressing, p.unifiedAddressing),
    };
    for (const Row &r : rows) {
      int v = -12345;
      hipError_t e = hipDeviceGetAttribute(&v, r.attr, d);
      if (e != hipSuccess)
        FAIL_AT("device %d: hipDeviceGetAttribute(%s) returned %s", d, r.name, hip_test::to_str(e).c_str());
      if ((long long)v != r.expected)
        FAIL_AT("device %d: %s = %d, but hipDeviceProp_t says %lld", d, r.name, v, r.expected);
    }
    int v = 0;
    HIP_CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeMaxSharedMemoryPerBlock, d));
    CHECK(v > 0, "shared memory per block %d", v);
    HIP_CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, d));
    CHECK(v == 32 || v == 64, "warp size attribute %d", v);
  }
  int v = 0;
  HIP_EXPECT(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, count), hipErrorInvalidDevice);
  HIP_EXPECT(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, -1), hipErrorInvalidDevice);
  HIP_EXPECT(hipDeviceGetAttribute(nullptr, hipDeviceAttributeWarpSize, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipDeviceGetAttribute(&v, (hipDeviceAttribute_t)-7, 0), hipErrorInvalidValue);
  hipDeviceProp_t p;
  HIP_EXPECT(hipGetDeviceProperties(&p, count), hipErrorInvalidDevice);
  HIP_EXPECT(hipGetDeviceProperties(nullptr, 0), hipErrorInvalidValue);
  return hip_test::pass();
}
