// hipGetErrorName / hipGetErrorString for several codes, including values HIP does not define.
// Expected texts are those of AMD's runtime (hip_error.cpp), which match CUDA's strings.
#include "hip_test.h"

static void name_is(hipError_t e, const char *want) {
  const char *got = hipGetErrorName(e);
  if (!got || std::strcmp(got, want) != 0)
    FAIL_AT("hipGetErrorName(%d) = \"%s\", expected \"%s\"", (int)e, got ? got : "(null)", want);
}
static void string_is(hipError_t e, const char *want) {
  const char *got = hipGetErrorString(e);
  if (!got || std::strcmp(got, want) != 0)
    FAIL_AT("hipGetErrorString(%d) = \"%s\", expected \"%s\"", (int)e, got ? got : "(null)", want);
}

int main() {
  name_is(hipSuccess, "hipSuccess");
  name_is(hipErrorInvalidValue, "hipErrorInvalidValue");
  name_is(hipErrorOutOfMemory, "hipErrorOutOfMemory");
  name_is(hipErrorNotReady, "hipErrorNotReady");
  name_is(hipErrorInvalidDevice, "hipErrorInvalidDevice");
  name_is(hipErrorInvalidHandle, "hipErrorInvalidHandle");
  name_is(hipErrorNoDevice, "hipErrorNoDevice");
  name_is(hipErrorInvalidConfiguration, "hipErrorInvalidConfiguration");
  name_is(hipErrorInvalidMemcpyDirection, "hipErrorInvalidMemcpyDirection");
  name_is(hipErrorInvalidDeviceFunction, "hipErrorInvalidDeviceFunction");
  name_is(hipErrorNotFound, "hipErrorNotFound");
  name_is(hipErrorInvalidImage, "hipErrorInvalidImage");
  // Values outside the enum: AMD's switch falls back to "hipErrorUnknown" / "unknown error".
  name_is((hipError_t)123456, "hipErrorUnknown");
  name_is((hipError_t)-77, "hipErrorUnknown");

  string_is(hipSuccess, "no error");
  string_is(hipErrorInvalidValue, "invalid argument");
  string_is(hipErrorOutOfMemory, "out of memory");
  string_is(hipErrorInvalidDevice, "invalid device ordinal");
  string_is(hipErrorNotReady, "device not ready");
  string_is(hipErrorInvalidHandle, "invalid resource handle");
  string_is((hipError_t)123456, "unknown error");

  // Every defined code has a distinct, non-empty name starting with "hip".
  const hipError_t codes[] = {hipSuccess, hipErrorInvalidValue, hipErrorOutOfMemory, hipErrorNotReady,
                              hipErrorInvalidDevice, hipErrorInvalidHandle, hipErrorNoDevice,
                              hipErrorInvalidConfiguration, hipErrorLaunchFailure, hipErrorNotSupported,
                              hipErrorInvalidMemcpyDirection, hipErrorInvalidDeviceFunction,
                              hipErrorNotFound, hipErrorInvalidImage, hipErrorFileNotFound,
                              hipErrorHostMemoryAlreadyRegistered, hipErrorHostMemoryNotRegistered,
                              hipErrorContextIsDestroyed, hipErrorInvalidKernelFile};
  const int n = sizeof codes / sizeof codes[0];
  for (int i = 0; i < n; ++i) {
    const char *a = hipGetErrorName(codes[i]);
    const char *s = hipGetErrorString(codes[i]);
    CHECK(a && std::strncmp(a, "hip", 3) == 0, "name of %d: \"%s\"", (int)codes[i], a ? a : "(null)");
    CHECK(std::strcmp(a, "hipErrorUnknown") != 0, "defined code %d has the unknown name", (int)codes[i]);
    CHECK(s && s[0] != '\0', "empty string for %d", (int)codes[i]);
    for (int j = 0; j < i; ++j)
      CHECK(std::strcmp(a, hipGetErrorName(codes[j])) != 0, "codes %d and %d share the name %s",
            (int)codes[i], (int)codes[j], a);
  }
  return hip_test::pass();
}
