// hipSetDevice/hipGetDevice (valid and invalid ordinals, per host thread), hipSetDeviceFlags /
// hipGetDeviceFlags, hipDeviceGet with bad ordinals.
#include "hip_test.h"

int main() {
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  CHECK(count >= 1, "no device");
  HIP_EXPECT(hipSetDevice(count), hipErrorInvalidDevice);
  HIP_EXPECT(hipSetDevice(-1), hipErrorInvalidDevice);
  HIP_EXPECT(hipSetDevice(1 << 20), hipErrorInvalidDevice);
  int cur = -1;
  HIP_CHECK(hipGetDevice(&cur));
  CHECK_EQ(cur, 0); // a failed hipSetDevice leaves the current device alone
  HIP_EXPECT(hipGetDevice(nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipGetDeviceCount(nullptr), hipErrorInvalidValue);
  hipDevice_t h;
  HIP_EXPECT(hipDeviceGet(&h, count), hipErrorInvalidDevice);
  HIP_EXPECT(hipDeviceGet(&h, -1), hipErrorInvalidDevice);
  (void)hipGetLastError();

  for (int d = 0; d < count; ++d) {
    HIP_CHECK(hipSetDevice(d));
    HIP_CHECK(hipGetDevice(&cur));
    CHECK_EQ(cur, d);
  }
  HIP_CHECK(hipSetDevice(count - 1));
  // The current device is per host thread: a new thread starts on device 0.
  int other = -1;
  hipError_t oe = hipErrorUnknown;
  std::thread([&] { oe = hipGetDevice(&other); }).join();
  CHECK_EQ(oe, hipSuccess);
  CHECK_EQ(other, 0);
  HIP_CHECK(hipSetDevice(0));

  // Flags: the scheduling flag set is the one read back (hipDeviceMapHost may be added).
  HIP_CHECK(hipSetDeviceFlags(hipDeviceScheduleBlockingSync));
  unsigned flags = 0;
  HIP_CHECK(hipGetDeviceFlags(&flags));
  CHECK_EQ(flags & hipDeviceScheduleMask, (unsigned)hipDeviceScheduleBlockingSync);
  HIP_CHECK(hipSetDeviceFlags(hipDeviceScheduleAuto));
  HIP_CHECK(hipGetDeviceFlags(&flags));
  CHECK_EQ(flags & hipDeviceScheduleMask, (unsigned)hipDeviceScheduleAuto);
  HIP_EXPECT(hipSetDeviceFlags(0xffff0000u), hipErrorInvalidValue);
  HIP_EXPECT(hipGetDeviceFlags(nullptr), hipErrorInvalidValue);

  // The device still works.
  int *p = nullptr;
  HIP_CHECK(hipMalloc(&p, 4));
  HIP_CHECK(hipMemset(p, 0x5a, 4));
  int v = 0;
  HIP_CHECK(hipMemcpy(&v, p, 4, hipMemcpyDeviceToHost));
  CHECK_EQ(v, 0x5a5a5a5a);
  HIP_CHECK(hipFree(p));
  return hip_test::pass();
}
