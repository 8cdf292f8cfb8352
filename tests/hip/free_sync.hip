// hipFree and hipHostFree synchronise with the device (HIP documents an implicit device
// synchronisation): right after a launch of a kernel held by a host thread, hipStreamQuery(nullptr)
// is hipErrorNotReady; hipFree of an unrelated buffer returns only after the kernel finished.
#include "hip_test.h"

int main() {
  hip_test::watchdog(30, "free_sync");
  int *flag, *done;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&done, sizeof(int), 0));
  for (int variant = 0; variant < 2; ++variant) {
    *flag = 0;
    *done = 0;
    void *victim = nullptr;
    if (variant == 0) HIP_CHECK(hipMalloc(&victim, 4096));
    else HIP_CHECK(hipHostMalloc(&victim, 4096, 0));
    hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, 0, flag, done, 1);
    HIP_EXPECT(hipStreamQuery(nullptr), hipErrorNotReady);
    (void)hipGetLastError();
    std::thread([flag] {
      hip_test::sleep_ms(100);
      hip_test::host_store(flag, 1);
    }).detach();
    double t0 = hip_test::now_s();
    if (variant == 0) HIP_CHECK(hipFree(victim));
    else HIP_CHECK(hipHostFree(victim));
    double dt = hip_test::now_s() - t0;
    CHECK_EQ(hip_test::host_load(done), 1);
    CHECK(dt >= 0.08, "free returned after %.3f s, before the running kernel finished", dt);
    HIP_CHECK(hipStreamQuery(nullptr));
  }
  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(done));
  return hip_test::pass();
}
