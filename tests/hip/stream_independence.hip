// Two streams progress independently: while a kernel on stream A waits for a flag, a short
// kernel on stream B completes; the host releases A only after B finished (HIP-CPU ran B only
// after A's round ended). Also with several blocked streams and a busy (not spinning) A.
#include "hip_test.h"

__global__ void short_k(int *p, int v) { *p = v; }

int main() {
  hip_test::watchdog(40, "stream_independence (stream B waited for stream A?)");
  int *flag, *done, *b_out;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&done, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&b_out, 8 * sizeof(int), 0));
  hipStream_t a, b;
  HIP_CHECK(hipStreamCreate(&a));
  HIP_CHECK(hipStreamCreate(&b));
  for (int trial = 0; trial < 10; ++trial) {
    *flag = 0;
    *done = 0;
    b_out[0] = 0;
    hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, a, flag, done, 1);
    hip_test::sleep_ms(2);
    double t0 = hip_test::now_s();
    hipLaunchKernelGGL(short_k, dim3(1), dim3(1), 0, b, b_out, trial + 1);
    HIP_CHECK(hipStreamSynchronize(b)); // must not wait for A
    double dt = hip_test::now_s() - t0;
    CHECK_EQ(b_out[0], trial + 1);
    CHECK_EQ(hip_test::host_load(done), 0);
    HIP_EXPECT(hipStreamQuery(a), hipErrorNotReady);
    (void)hipGetLastError();
    CHECK(dt < 5.0, "stream B took %.3f s", dt);
    hip_test::host_store(flag, 1);
    HIP_CHECK(hipStreamSynchronize(a));
    CHECK_EQ(*done, 1);
  }
  // Several blocked streams at once, then an independent one.
  const int k = 4;
  hipStream_t blocked[k];
  int *dones;
  HIP_CHECK(hipHostMalloc((void **)&dones, k * sizeof(int), 0));
  *flag = 0;
  for (int i = 0; i < k; ++i) {
    dones[i] = 0;
    HIP_CHECK(hipStreamCreate(&blocked[i]));
    hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, blocked[i], flag, &dones[i], 1);
  }
  hipLaunchKernelGGL(short_k, dim3(1), dim3(1), 0, b, b_out, 99);
  HIP_CHECK(hipStreamSynchronize(b));
  CHECK_EQ(b_out[0], 99);
  hip_test::host_store(flag, 1);
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < k; ++i) {
    CHECK_EQ(dones[i], 1);
    HIP_CHECK(hipStreamDestroy(blocked[i]));
  }
  HIP_CHECK(hipStreamDestroy(a));
  HIP_CHECK(hipStreamDestroy(b));
  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(done));
  HIP_CHECK(hipHostFree(b_out));
  HIP_CHECK(hipHostFree(dones));
  return hip_test::pass();
}
