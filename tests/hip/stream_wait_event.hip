// hipStreamWaitEvent orders work across streams: stream B waits for an event recorded on stream
// A after a slow kernel (blocked on a host flag); B's kernel must see A's result. Also: waiting
// on an event recorded before (already complete) does not block; a never-recorded event does not
// block (CUDA/HIP semantics); the wait is per stream (other streams continue).
#include "hip_test.h"

__global__ void write_v(int *p, int v) { *p = v; }
__global__ void copy_v(const int *src, int *dst) { *dst = *src; }

int main() {
  hip_test::watchdog(40, "stream_wait_event");
  int *flag, *done, *x, *y, *z;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&done, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&x, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&y, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&z, sizeof(int), 0));
  hipStream_t a, b, c;
  HIP_CHECK(hipStreamCreateWithFlags(&a, hipStreamNonBlocking));
  HIP_CHECK(hipStreamCreateWithFlags(&b, hipStreamNonBlocking));
  HIP_CHECK(hipStreamCreateWithFlags(&c, hipStreamNonBlocking));
  hipEvent_t ev;
  HIP_CHECK(hipEventCreateWithFlags(&ev, hipEventDisableTiming));
  for (int trial = 0; trial < 10; ++trial) {
    *flag = 0;
    *x = 0;
    *y = -1;
    *z = 0;
    hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, a, flag, done, 1);
    hipLaunchKernelGGL(write_v, dim3(1), dim3(1), 0, a, x, 50 + trial);
    HIP_CHECK(hipEventRecord(ev, a));
    HIP_CHECK(hipStreamWaitEvent(b, ev, 0));
    hipLaunchKernelGGL(copy_v, dim3(1), dim3(1), 0, b, x, y);
    // Stream c is not affected.
    hipLaunchKernelGGL(write_v, dim3(1), dim3(1), 0, c, z, 9);
    HIP_CHECK(hipStreamSynchronize(c));
    CHECK_EQ(*z, 9);
    hip_test::sleep_ms(5);
    HIP_EXPECT(hipStreamQuery(b), hipErrorNotReady);
    (void)hipGetLastError();
    CHECK_EQ(hip_test::host_load(y), -1);
    hip_test::host_store(flag, 1);
    HIP_CHECK(hipStreamSynchronize(b));
    CHECK_EQ(*y, 50 + trial);
  }
  // Already-complete event: no wait.
  HIP_CHECK(hipStreamSynchronize(a));
  HIP_CHECK(hipStreamWaitEvent(b, ev, 0));
  hipLaunchKernelGGL(write_v, dim3(1), dim3(1), 0, b, y, 1234);
  HIP_CHECK(hipStreamSynchronize(b));
  CHECK_EQ(*y, 1234);
  // Never-recorded event: no wait.
  hipEvent_t fresh;
  HIP_CHECK(hipEventCreate(&fresh));
  HIP_CHECK(hipStreamWaitEvent(b, fresh, 0));
  hipLaunchKernelGGL(write_v, dim3(1), dim3(1), 0, b, y, 4321);
  HIP_CHECK(hipStreamSynchronize(b));
  CHECK_EQ(*y, 4321);
  // Null stream waiting on an event of a created stream.
  *flag = 0;
  hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, a, flag, done, 2);
  HIP_CHECK(hipEventRecord(ev, a));
  HIP_CHECK(hipStreamWaitEvent(nullptr, ev, 0));
  hipLaunchKernelGGL(copy_v, dim3(1), dim3(1), 0, 0, done, y);
  hip_test::sleep_ms(5);
  hip_test::host_store(flag, 1);
  HIP_CHECK(hipStreamSynchronize(nullptr));
  CHECK_EQ(*y, 2);
  HIP_EXPECT(hipStreamWaitEvent(b, nullptr, 0), hipErrorInvalidHandle);
  (void)hipGetLastError();
  HIP_CHECK(hipEventDestroy(ev));
  HIP_CHECK(hipEventDestroy(fresh));
  HIP_CHECK(hipStreamDestroy(a));
  HIP_CHECK(hipStreamDestroy(b));
  HIP_CHECK(hipStreamDestroy(c));
  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(done));
  HIP_CHECK(hipHostFree(x));
  HIP_CHECK(hipHostFree(y));
  HIP_CHECK(hipHostFree(z));
  return hip_test::pass();
}
