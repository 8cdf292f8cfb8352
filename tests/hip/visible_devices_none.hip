// ENV: HIP_VISIBLE_DEVICES=-1
// With HIP_VISIBLE_DEVICES=-1 no device is visible: hipGetDeviceCount reports 0 and
// hipErrorNoDevice (AMD's ihipDeviceGetCount returns hipErrorNoDevice for an empty list, as CUDA
// does), and selecting a device fails.
#include "hip_test.h"

int main() {
  const char *v = std::getenv("HIP_VISIBLE_DEVICES");
  CHECK(v && std::strcmp(v, "-1") == 0, "the runner did not set HIP_VISIBLE_DEVICES=-1");
  int count = 12345;
  HIP_EXPECT(hipGetDeviceCount(&count), hipErrorNoDevice);
  CHECK_EQ(count, 0);
  // AMD returns hipErrorInvalidDevice (ordinal >= count); some versions fail earlier with
  // hipErrorNoDevice (initialisation found no device). Either way it must not succeed.
  HIP_EXPECT2(hipSetDevice(0), hipErrorInvalidDevice, hipErrorNoDevice);
  void *p = nullptr;
  HIP_EXPECT_FAIL(hipMalloc(&p, 64));
  return hip_test::pass();
}
