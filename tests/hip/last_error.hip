// hipGetLastError returns the last error and resets it; hipPeekAtLastError does not reset; a
// later successful call does not clear it (ROCm >= 6 and CUDA semantics); the state is per host
// thread; a failed launch is reported through it.
#include "hip_test.h"

__global__ void noop() {}

int main() {
  HIP_CHECK(hipGetLastError()); // clean start
  HIP_CHECK(hipPeekAtLastError());

  HIP_EXPECT(hipMalloc(nullptr, 16), hipErrorInvalidValue);
  // A successful call afterwards does not overwrite the sticky-until-read last error.
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  HIP_EXPECT(hipPeekAtLastError(), hipErrorInvalidValue);
  HIP_EXPECT(hipPeekAtLastError(), hipErrorInvalidValue); // peek does not reset

  // Another host thread has its own last error.
  hipError_t other_peek = hipErrorUnknown, other_get = hipErrorUnknown;
  std::thread([&] {
    other_peek = hipPeekAtLastError();
    other_get = hipGetLastError();
  }).join();
  CHECK_EQ(other_peek, hipSuccess);
  CHECK_EQ(other_get, hipSuccess);
  HIP_EXPECT(hipPeekAtLastError(), hipErrorInvalidValue); // ours is untouched

  HIP_EXPECT(hipGetLastError(), hipErrorInvalidValue);
  HIP_CHECK(hipGetLastError()); // reset
  HIP_CHECK(hipPeekAtLastError());

  // The most recent error wins.
  HIP_EXPECT(hipMalloc(nullptr, 16), hipErrorInvalidValue);
  HIP_EXPECT(hipSetDevice(-1), hipErrorInvalidDevice);
  HIP_EXPECT(hipGetLastError(), hipErrorInvalidDevice);
  HIP_CHECK(hipGetLastError());

  // An error in another thread is not seen here.
  std::thread([&] { other_get = hipMalloc(nullptr, 16); }).join();
  CHECK_EQ(other_get, hipErrorInvalidValue);
  HIP_CHECK(hipPeekAtLastError());

  // Launch errors land in the last error (launch of 2048 threads per block).
  hipLaunchKernelGGL(noop, dim3(1), dim3(2048), 0, 0);
  hipError_t launch = hipGetLastError();
  CHECK(launch == hipErrorInvalidConfiguration || launch == hipErrorInvalidValue,
        "oversized launch gave %s, expected hipErrorInvalidConfiguration/InvalidValue",
        hip_test::to_str(launch).c_str());
  HIP_CHECK(hipGetLastError());
  hipLaunchKernelGGL(noop, dim3(1), dim3(64), 0, 0);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  return hip_test::pass();
}
