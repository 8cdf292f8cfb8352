// Invalid launch configurations are rejected on every launch path (hipLaunchKernelGGL, <<<>>>,
// hipLaunchKernel) and the kernel does not run: 1025 and 2048 threads per block, a zero grid or
// block dimension, a block dimension above maxThreadsDim, a grid above maxGridSize, dynamic shared
// memory above sharedMemPerBlock (exactly the limit works). HIP reports
// hipErrorInvalidConfiguration for bad dimensions (CUDA: cudaErrorInvalidConfiguration) and
// hipErrorInvalidValue or hipErrorInvalidConfiguration for too much shared memory depending on
// the version, so either is accepted; the error is also returned by hipGetLastError, which
// then resets.
#include "hip_test.h"

__global__ void mark(int *flag) { atomicAdd(flag, 1); }
__global__ void mark_dyn(int *flag) {
  extern __shared__ unsigned char dyn[];
  dyn[threadIdx.x] = 1;
  atomicAdd(flag, (int)dyn[threadIdx.x]);
}

static int *flag;

static void expect_rejected(hipError_t ret, const char *what) {
  hipError_t last = hipGetLastError();
  if (ret != hipErrorInvalidConfiguration && ret != hipErrorInvalidValue)
    FAIL_AT("%s: launch returned %s, expected hipErrorInvalidConfiguration or hipErrorInvalidValue", what,
            hip_test::to_str(ret).c_str());
  if (last != ret)
    FAIL_AT("%s: hipGetLastError gave %s, the launch returned %s", what, hip_test::to_str(last).c_str(),
            hip_test::to_str(ret).c_str());
  HIP_CHECK(hipGetLastError()); // reset
  HIP_CHECK(hipDeviceSynchronize());
  if (*flag != 0) FAIL_AT("%s: the kernel ran (%d work-items) although the launch was rejected", what, *flag);
}

static hipError_t ggl(dim3 g, dim3 b, size_t shm) {
  hipLaunchKernelGGL(mark_dyn, g, b, shm, 0, flag);
  return hipPeekAtLastError();
}
static hipError_t chevron(dim3 g, dim3 b, size_t shm) {
  mark_dyn<<<g, b, shm>>>(flag);
  return hipPeekAtLastError();
}
static hipError_t api(dim3 g, dim3 b, size_t shm) {
  void *args[] = {&flag};
  return hipLaunchKernel((const void *)mark_dyn, g, b, args, shm, nullptr);
}

int main() {
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  HIP_CHECK(hipMallocManaged((void **)&flag, sizeof(int), hipMemAttachGlobal));
  *flag = 0;
  typedef hipError_t (*Launch)(dim3, dim3, size_t);
  const Launch paths[] = {ggl, chevron, api};
  const char *pname[] = {"hipLaunchKernelGGL", "<<<>>>", "hipLaunchKernel"};
  for (int k = 0; k < 3; ++k) {
    char what[128];
#define TRY(g, b, shm, desc)                                                                                       \
  do {                                                                                                             \
    std::snprintf(what, sizeof what, "%s: %s", pname[k], desc);                                                    \
    expect_rejected(paths[k](g, b, shm), what);                                                                    \
  } while (0)
    TRY(dim3(1), dim3(1025), 0, "1025 threads per block");
    TRY(dim3(1), dim3(2048), 0, "2048 threads per block");
    TRY(dim3(1), dim3(32, 32, 2), 0, "32x32x2 threads per block");
    TRY(dim3(0), dim3(64), 0, "zero grid");
    TRY(dim3(4, 0, 1), dim3(64), 0, "zero grid y");
    TRY(dim3(1), dim3(0), 0, "zero block");
    TRY(dim3(1), dim3(1, 1, (unsigned)p.maxThreadsDim[2] + 1), 0, "block z above maxThreadsDim[2]");
    TRY(dim3(1, (unsigned)p.maxGridSize[1] + 1u, 1), dim3(1), 0, "grid y above maxGridSize[1]");
    TRY(dim3(1), dim3(64), p.sharedMemPerBlock + 1, "dynamic shared memory one byte above the limit");
    TRY(dim3(1), dim3(64), (size_t)1 << 40, "1 TiB of dynamic shared memory");
    // Exactly the limit works.
    HIP_CHECK(paths[k](dim3(1), dim3(64), p.sharedMemPerBlock));
    HIP_CHECK(hipDeviceSynchronize());
    CHECK_EQ(*flag, 64);
    *flag = 0;
    // 1024 threads is fine (mark_dyn writes one byte of dynamic shared memory per work-item, so
    // the launch must provide 1024 bytes of it).
    HIP_CHECK(paths[k](dim3(2), dim3(1024), 1024));
    HIP_CHECK(hipDeviceSynchronize());
    CHECK_EQ(*flag, 2048);
    *flag = 0;
  }
  // A non-shared kernel with a block of maxThreadsPerBlock spread over 3 dimensions.
  hipLaunchKernelGGL(mark, dim3(1), dim3(8, 8, 16), 0, 0, flag);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(*flag, 1024);
  HIP_CHECK(hipFree(flag));
  return hip_test::pass();
}
