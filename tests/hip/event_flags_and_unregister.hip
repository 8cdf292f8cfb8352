// Error codes as ROCm (and CUDA, where HIP follows it) documents them, found by running AMD's
// public unit tests:
// - hipEventCreateWithFlags: hipEventInterprocess needs hipEventDisableTiming (an interprocess
//   event cannot record time); hipEventReleaseToDevice and hipEventReleaseToSystem exclude each
//   other; unknown bits are refused; every valid combination works and the event is usable.
// - hipHostUnregister(nullptr) is hipErrorInvalidValue (not hipErrorHostMemoryNotRegistered);
//   unregistering a range never registered is hipErrorHostMemoryNotRegistered.
#include "hip_test.h"

int main() {
  hipEvent_t e = nullptr;
  HIP_EXPECT(hipEventCreateWithFlags(&e, hipEventInterprocess), hipErrorInvalidValue);
  HIP_EXPECT(hipEventCreateWithFlags(&e, hipEventInterprocess | hipEventBlockingSync), hipErrorInvalidValue);
  HIP_EXPECT(hipEventCreateWithFlags(&e, hipEventReleaseToDevice | hipEventReleaseToSystem), hipErrorInvalidValue);
  HIP_EXPECT(hipEventCreateWithFlags(&e, 0x100), hipErrorInvalidValue);
  HIP_EXPECT(hipEventCreateWithFlags(nullptr, 0), hipErrorInvalidValue);
  (void)hipGetLastError();

  const unsigned valid[] = {
      hipEventDefault,
      hipEventBlockingSync,
      hipEventDisableTiming,
      hipEventDisableTiming | hipEventInterprocess,
      hipEventBlockingSync | hipEventDisableTiming,
      hipEventReleaseToDevice,
      hipEventReleaseToSystem,
      hipEventDisableSystemFence,
  };
  for (unsigned flags : valid) {
    hipEvent_t ev = nullptr;
    HIP_CHECK(hipEventCreateWithFlags(&ev, flags));
    HIP_CHECK(hipEventRecord(ev, 0));
    HIP_CHECK(hipEventSynchronize(ev));
    HIP_CHECK(hipEventQuery(ev));
    float ms = -1.0f;
    if (flags & hipEventDisableTiming) {
      HIP_EXPECT(hipEventElapsedTime(&ms, ev, ev), hipErrorInvalidHandle);
      (void)hipGetLastError();
    } else {
      HIP_CHECK(hipEventElapsedTime(&ms, ev, ev));
      CHECK(ms >= 0.0f && ms < 1.0f, "elapsed time of an event to itself: %f ms", ms);
    }
    HIP_CHECK(hipEventDestroy(ev));
  }

  HIP_EXPECT(hipHostUnregister(nullptr), hipErrorInvalidValue);
  (void)hipGetLastError();
  static char never_registered[4096];
  HIP_EXPECT(hipHostUnregister(never_registered), hipErrorHostMemoryNotRegistered);
  (void)hipGetLastError();
  HIP_CHECK(hipHostRegister(never_registered, sizeof never_registered, hipHostRegisterDefault));
  HIP_CHECK(hipHostUnregister(never_registered));
  printf("PASS\n");
  return 0;
}
