// Legacy default-stream semantics: a null-stream kernel followed by a kernel on a blocking
// stream (hipStreamDefault) is ordered before it, and blocking-stream work before a later
// null-stream kernel; 20 trials each, with the first kernel slow (it waits for a flag that a host
// thread sets 20 ms later) so that a missing dependency shows. A hipStreamNonBlocking stream is
// not ordered with the null stream: only check that it runs.
#include "hip_test.h"

__global__ void write_v(int *p, int v) { *p = v; }
__global__ void copy_v(const int *src, int *dst) { *dst = *src; }

static void release_later(int *flag) {
  std::thread([flag] {
    hip_test::sleep_ms(20);
    hip_test::host_store(flag, 1);
  }).detach();
}

int main() {
  hip_test::watchdog(50, "null_stream_ordering");
  int *flag, *x, *y, *done;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&done, sizeof(int), 0));
  HIP_CHECK(hipMallocManaged((void **)&x, sizeof(int), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&y, sizeof(int), hipMemAttachGlobal));
  hipStream_t blocking, nonblocking;
  HIP_CHECK(hipStreamCreateWithFlags(&blocking, hipStreamDefault));
  HIP_CHECK(hipStreamCreateWithFlags(&nonblocking, hipStreamNonBlocking));
  for (int trial = 0; trial < 20; ++trial) {
    // null stream -> blocking stream
    *flag = 0;
    *x = 0;
    *y = -1;
    hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, 0, flag, done, 1);
    hipLaunchKernelGGL(write_v, dim3(1), dim3(1), 0, 0, x, 100 + trial);
    hipLaunchKernelGGL(copy_v, dim3(1), dim3(1), 0, blocking, x, y);
    release_later(flag);
    HIP_CHECK(hipStreamSynchronize(blocking));
    CHECK(*y == 100 + trial, "trial %d: the blocking stream ran before the null stream's kernel (read %d)", trial, *y);
    HIP_CHECK(hipDeviceSynchronize());
    // blocking stream -> null stream
    *flag = 0;
    *x = 0;
    *y = -1;
    hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, blocking, flag, done, 1);
    hipLaunchKernelGGL(write_v, dim3(1), dim3(1), 0, blocking, x, 200 + trial);
    hipLaunchKernelGGL(copy_v, dim3(1), dim3(1), 0, 0, x, y);
    release_later(flag);
    HIP_CHECK(hipStreamSynchronize(nullptr));
    CHECK(*y == 200 + trial, "trial %d: the null stream ran before the blocking stream's kernel (read %d)", trial, *y);
    HIP_CHECK(hipDeviceSynchronize());
  }
  // Non-blocking stream: runs even while the null stream is blocked.
  *flag = 0;
  *y = 0;
  hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, 0, flag, done, 1);
  hipLaunchKernelGGL(write_v, dim3(1), dim3(1), 0, nonblocking, y, 7);
  HIP_CHECK(hipStreamSynchronize(nonblocking));
  CHECK_EQ(*y, 7);
  hip_test::host_store(flag, 1);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipStreamDestroy(blocking));
  HIP_CHECK(hipStreamDestroy(nonblocking));
  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(done));
  HIP_CHECK(hipFree(x));
  HIP_CHECK(hipFree(y));
  return hip_test::pass();
}
