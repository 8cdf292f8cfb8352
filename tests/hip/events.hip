// Events: record/synchronize/query/elapsed time. Elapsed time around a kernel held for ~20 ms by
// the host is positive and close to the host-measured time (generous tolerance); reversed order
// gives the negative value; hipEventDisableTiming -> hipErrorInvalidHandle from
// hipEventElapsedTime; a never-recorded event queries hipSuccess (HIP and CUDA) and elapsed with
// it fails; blocking-sync events; null out-pointers rejected.
#include "hip_test.h"

int main() {
  hip_test::watchdog(40, "events");
  int *flag, *done;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&done, sizeof(int), 0));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  hipEvent_t start, stop, fresh, notime, blocking;
  HIP_CHECK(hipEventCreate(&start));
  HIP_CHECK(hipEventCreate(&stop));
  HIP_CHECK(hipEventCreate(&fresh));
  HIP_CHECK(hipEventCreateWithFlags(&notime, hipEventDisableTiming));
  HIP_CHECK(hipEventCreateWithFlags(&blocking, hipEventBlockingSync));
  HIP_CHECK(hipEventQuery(fresh)); // never recorded: complete
  float ms = -1;
  HIP_EXPECT_FAIL(hipEventElapsedTime(&ms, start, fresh)); // neither recorded
  (void)hipGetLastError();

  for (int trial = 0; trial < 3; ++trial) {
    *flag = 0;
    *done = 0;
    HIP_CHECK(hipEventRecord(start, s));
    hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, s, flag, done, 1);
    HIP_CHECK(hipEventRecord(stop, s));
    HIP_CHECK(hipEventRecord(notime, s));
    HIP_CHECK(hipEventRecord(blocking, s));
    double t0 = hip_test::now_s();
    hip_test::sleep_ms(20);
    HIP_EXPECT(hipEventQuery(stop), hipErrorNotReady);
    (void)hipGetLastError();
    hip_test::host_store(flag, 1);
    HIP_CHECK(hipEventSynchronize(stop));
    double host_ms = (hip_test::now_s() - t0) * 1000.0;
    CHECK_EQ(*done, 1);
    HIP_CHECK(hipEventQuery(stop));
    HIP_CHECK(hipEventSynchronize(blocking));
    HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
    CHECK(ms >= 15.0f && ms <= host_ms + 50.0, "elapsed %.3f ms for a kernel held %.3f ms by the host", ms, host_ms);
    float back = 0;
    HIP_CHECK(hipEventElapsedTime(&back, stop, start));
    CHECK(std::fabs(back + ms) < 0.01f, "reversed elapsed %.4f, expected %.4f", back, -ms);
    HIP_EXPECT(hipEventElapsedTime(&ms, start, notime), hipErrorInvalidHandle);
    HIP_EXPECT(hipEventElapsedTime(&ms, notime, stop), hipErrorInvalidHandle);
    (void)hipGetLastError();
  }
  // Events on the null stream, back to back: small non-negative elapsed time.
  HIP_CHECK(hipEventRecord(start, nullptr));
  HIP_CHECK(hipEventRecord(stop, nullptr));
  HIP_CHECK(hipEventSynchronize(stop));
  HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
  CHECK(ms >= 0.0f && ms < 1000.0f, "back-to-back elapsed %.3f ms", ms);
  HIP_EXPECT(hipEventCreate(nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipEventElapsedTime(nullptr, start, stop), hipErrorInvalidValue);
  HIP_EXPECT(hipEventCreateWithFlags(&fresh, 0x4000u), hipErrorInvalidValue);
  (void)hipGetLastError();
  HIP_CHECK(hipEventDestroy(start));
  HIP_CHECK(hipEventDestroy(stop));
  HIP_CHECK(hipEventDestroy(notime));
  HIP_CHECK(hipEventDestroy(blocking));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(done));
  return hip_test::pass();
}
