// hipStreamQuery and hipEventQuery return hipErrorNotReady while a kernel is queued or running
// (the kernel spins on a host-written flag) and hipSuccess afterwards (HIP-CPU returned
// hipSuccess 50 ms into a 265 ms kernel). Also for work queued behind the running kernel.
#include "hip_test.h"

__global__ void after(int *p) { *p = 2; }

int main() {
  hip_test::watchdog(40, "stream_query");
  int *flag, *done;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&done, 2 * sizeof(int), 0));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipStreamQuery(s)); // empty stream
  hipEvent_t ev;
  HIP_CHECK(hipEventCreate(&ev));
  for (int trial = 0; trial < 5; ++trial) {
    *flag = 0;
    done[0] = done[1] = 0;
    hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, s, flag, done, 1);
    hipLaunchKernelGGL(after, dim3(1), dim3(1), 0, s, &done[1]);
    HIP_CHECK(hipEventRecord(ev, s));
    HIP_CHECK(hipGetLastError());
    for (int k = 0; k < 10; ++k) { // the kernel is certainly running or queued: 100 ms of queries
      HIP_EXPECT(hipStreamQuery(s), hipErrorNotReady);
      HIP_EXPECT(hipEventQuery(ev), hipErrorNotReady);
      hip_test::sleep_ms(10);
    }
    CHECK_EQ(hip_test::host_load(&done[0]), 0);
    (void)hipGetLastError(); // NotReady may be recorded as the last error
    hip_test::host_store(flag, 1);
    double t0 = hip_test::now_s();
    hipError_t q;
    while ((q = hipStreamQuery(s)) == hipErrorNotReady && hip_test::now_s() - t0 < 10) hip_test::sleep_ms(1);
    CHECK_EQ(q, hipSuccess);
    HIP_CHECK(hipEventQuery(ev));
    CHECK_EQ(done[0], 1);
    CHECK_EQ(done[1], 2);
  }
  // The null stream and hipDeviceSynchronize see the same.
  *flag = 0;
  hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, 0, flag, done, 3);
  hip_test::sleep_ms(20);
  HIP_EXPECT(hipStreamQuery(nullptr), hipErrorNotReady);
  (void)hipGetLastError();
  hip_test::host_store(flag, 1);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipStreamQuery(nullptr));
  CHECK_EQ(done[0], 3);
  HIP_CHECK(hipEventDestroy(ev));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(done));
  return hip_test::pass();
}
