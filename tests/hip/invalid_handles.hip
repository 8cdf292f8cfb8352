// Destroyed and bogus stream/event handles give errors, never crashes. For a destroyed stream,
// AMD's runtime returns hipErrorContextIsDestroyed (hip::isValid check in hip_stream.cpp) and
// CUDA returns cudaErrorInvalidResourceHandle (hipErrorInvalidHandle through HIP on NVIDIA), so
// both are accepted; destroyed events -> hipErrorInvalidHandle; null stream/event handles where a
// real one is required -> hipErrorInvalidHandle; invalid device ordinals -> hipErrorInvalidDevice;
// null out-pointers -> hipErrorInvalidValue.
#include "hip_test.h"

__global__ void k(int *p) { *p = 1; }

int main() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_EXPECT2(hipStreamSynchronize(s), hipErrorContextIsDestroyed, hipErrorInvalidHandle);
  HIP_EXPECT2(hipStreamQuery(s), hipErrorContextIsDestroyed, hipErrorInvalidHandle);
  HIP_EXPECT2(hipStreamDestroy(s), hipErrorContextIsDestroyed, hipErrorInvalidHandle);
  unsigned flags;
  HIP_EXPECT2(hipStreamGetFlags(s, &flags), hipErrorContextIsDestroyed, hipErrorInvalidHandle);
  int *p = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&p, sizeof(int), hipMemAttachGlobal));
  *p = 0;
  hipLaunchKernelGGL(k, dim3(1), dim3(1), 0, s, p);
  hipError_t le = hipGetLastError();
  CHECK(le == hipErrorContextIsDestroyed || le == hipErrorInvalidHandle,
        "launch on a destroyed stream: %s", hip_test::to_str(le).c_str());
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(*p, 0); // did not run
  HIP_EXPECT2(hipMemcpyAsync(p, p, 4, hipMemcpyDefault, s), hipErrorContextIsDestroyed, hipErrorInvalidHandle);
  HIP_EXPECT(hipStreamDestroy(nullptr), hipErrorInvalidHandle);
  (void)hipGetLastError();

  hipEvent_t e;
  HIP_CHECK(hipEventCreate(&e));
  HIP_CHECK(hipEventDestroy(e));
  HIP_EXPECT(hipEventSynchronize(e), hipErrorInvalidHandle);
  HIP_EXPECT(hipEventQuery(e), hipErrorInvalidHandle);
  HIP_EXPECT(hipEventRecord(e, nullptr), hipErrorInvalidHandle);
  HIP_EXPECT(hipEventDestroy(e), hipErrorInvalidHandle);
  HIP_EXPECT(hipEventDestroy(nullptr), hipErrorInvalidHandle);
  HIP_EXPECT(hipEventSynchronize(nullptr), hipErrorInvalidHandle);
  HIP_EXPECT(hipEventQuery(nullptr), hipErrorInvalidHandle);
  (void)hipGetLastError();

  // Bogus values that were never handles: errors, no crash.
  hipStream_t bogus_s = (hipStream_t)0x1234;
  hipEvent_t bogus_e = (hipEvent_t)0x1234;
  HIP_EXPECT_FAIL(hipStreamSynchronize(bogus_s));
  HIP_EXPECT_FAIL(hipStreamQuery(bogus_s));
  HIP_EXPECT_FAIL(hipStreamWaitEvent(bogus_s, bogus_e, 0));
  HIP_EXPECT_FAIL(hipMemsetAsync(p, 0, 4, bogus_s));
  HIP_EXPECT_FAIL(hipEventRecord(bogus_e, nullptr));
  HIP_EXPECT_FAIL(hipEventQuery(bogus_e));
  HIP_EXPECT_FAIL(hipEventSynchronize(bogus_e));
  float ms;
  HIP_EXPECT_FAIL(hipEventElapsedTime(&ms, bogus_e, bogus_e));
  HIP_EXPECT_FAIL(hipStreamDestroy((hipStream_t)-1));
  hipLaunchKernelGGL(k, dim3(1), dim3(1), 0, bogus_s, p);
  HIP_EXPECT_FAIL(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(*p, 0);

  // Invalid devices and null out-pointers.
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  hipDeviceProp_t prop;
  HIP_EXPECT(hipGetDeviceProperties(&prop, count + 5), hipErrorInvalidDevice);
  HIP_EXPECT(hipSetDevice(count + 5), hipErrorInvalidDevice);
  int v;
  HIP_EXPECT(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, -3), hipErrorInvalidDevice);
  HIP_EXPECT(hipStreamCreate(nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipEventCreate(nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipMalloc(nullptr, 16), hipErrorInvalidValue);
  HIP_EXPECT(hipHostMalloc(nullptr, 16, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipGetDeviceCount(nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipMemGetInfo(nullptr, nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipDeviceGetStreamPriorityRange(nullptr, nullptr), hipSuccess); // both optional in HIP and CUDA
  (void)hipGetLastError();
  // Everything still works.
  hipLaunchKernelGGL(k, dim3(1), dim3(1), 0, 0, p);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(*p, 1);
  HIP_CHECK(hipFree(p));
  return hip_test::pass();
}
