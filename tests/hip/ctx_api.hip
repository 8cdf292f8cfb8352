// ENV: FERROCM_CPU_DEVICES=2
// The context API as driver-API programs use it: a HIP context is its device's primary
// context (AMD's CLR). hipCtxCreate makes the context current (hipCtxGetCurrent, hipCtxGetDevice,
// hipGetDevice agree), the per-thread stack gives push/pop their meaning (popping makes the
// context below current again; an empty stack: hipErrorInvalidContext), hipCtxSetCurrent replaces
// the top; hipDevicePrimaryCtxRetain returns the same context, GetState reports its flags and
// activity, SetFlags sets the device flags, Reset leaves a working device; hipCtxSynchronize
// waits for the context's work; cache/shared-memory configuration and flags of the current
// context; bad handles and null out-pointers give HIP's errors. With 2 devices, contexts of
// both are pushed and popped; with one the two-device part is skipped (printed).
#include "hip_test.h"

#include <thread>

__global__ void write_v(int *p, int v) { *p = v; }

int main() {
  hip_test::watchdog(60, "ctx_api");
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  HIP_CHECK(hipSetDevice(0));

  // Empty stack.
  hipCtx_t popped = nullptr;
  HIP_EXPECT(hipCtxPopCurrent(&popped), hipErrorInvalidContext);

  hipCtx_t c0 = nullptr;
  HIP_CHECK(hipCtxCreate(&c0, 0, 0));
  CHECK(c0 != nullptr, "hipCtxCreate returned a null context");
  hipCtx_t cur = nullptr;
  HIP_CHECK(hipCtxGetCurrent(&cur));
  CHECK(cur == c0, "current %p, created %p", (void *)cur, (void *)c0);
  hipDevice_t dev = -1;
  HIP_CHECK(hipCtxGetDevice(&dev));
  CHECK_EQ(dev, 0);

  // The primary context is the same context; retain/release balance.
  hipCtx_t p0 = nullptr;
  HIP_CHECK(hipDevicePrimaryCtxRetain(&p0, 0));
  CHECK(p0 == c0, "primary %p, created %p", (void *)p0, (void *)c0);
  unsigned int flags = 99;
  int active = -1;
  HIP_CHECK(hipDevicePrimaryCtxGetState(0, &flags, &active));
  CHECK_EQ(active, 1);
  HIP_CHECK(hipDevicePrimaryCtxSetFlags(0, hipDeviceScheduleBlockingSync));
  HIP_CHECK(hipDevicePrimaryCtxGetState(0, &flags, &active));
  CHECK_EQ(flags & hipDeviceScheduleMask, (unsigned)hipDeviceScheduleBlockingSync);
  unsigned int ctx_flags = 0;
  HIP_CHECK(hipCtxGetFlags(&ctx_flags));
  CHECK_EQ(ctx_flags & hipDeviceScheduleMask, (unsigned)hipDeviceScheduleBlockingSync);
  HIP_CHECK(hipDevicePrimaryCtxSetFlags(0, hipDeviceScheduleAuto));
  HIP_CHECK(hipDevicePrimaryCtxRelease(0));

  // Configuration of the current context.
  hipFuncCache_t cache;
  HIP_CHECK(hipCtxGetCacheConfig(&cache));
  CHECK(cache >= hipFuncCachePreferNone && cache <= hipFuncCachePreferEqual, "cache %d", (int)cache);
  HIP_CHECK(hipCtxSetCacheConfig(hipFuncCachePreferNone));
  hipSharedMemConfig smem;
  HIP_CHECK(hipCtxGetSharedMemConfig(&smem));
  CHECK(smem == hipSharedMemBankSizeFourByte || smem == hipSharedMemBankSizeEightByte ||
            smem == hipSharedMemBankSizeDefault,
        "shared memory config %d", (int)smem);

  // hipCtxSynchronize waits for the context's work (a kernel a host thread releases later).
  int *flag, *done, *out;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&done, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&out, sizeof(int), 0));
  *flag = 0;
  *done = 0;
  *out = 0;
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, s, flag, done, 1);
  hipLaunchKernelGGL(write_v, dim3(1), dim3(1), 0, s, out, 42);
  std::thread releaser([&] {
    hip_test::sleep_ms(30);
    hip_test::host_store(flag, 1);
  });
  HIP_CHECK(hipCtxSynchronize());
  CHECK_EQ(*out, 42);
  releaser.join();
  HIP_CHECK(hipStreamDestroy(s));

  // Misuse.
  HIP_EXPECT(hipCtxCreate(nullptr, 0, 0), hipErrorInvalidValue);
  // A device out of range: CLR reports hipErrorInvalidValue, the CUDA driver (HIP on NVIDIA)
  // CUDA_ERROR_INVALID_DEVICE.
  hipCtx_t bad = nullptr;
  HIP_EXPECT2(hipCtxCreate(&bad, 0, count + 5), hipErrorInvalidValue, hipErrorInvalidDevice);
  HIP_EXPECT(hipCtxPushCurrent(nullptr), hipErrorInvalidContext);
  HIP_EXPECT(hipCtxPushCurrent((hipCtx_t)(uintptr_t)0x1234), hipErrorInvalidContext);
  HIP_EXPECT(hipCtxDestroy(nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipCtxGetCurrent(nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipCtxGetDevice(nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipDevicePrimaryCtxRetain(nullptr, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipDevicePrimaryCtxRetain(&p0, count + 5), hipErrorInvalidDevice);
  HIP_EXPECT(hipDevicePrimaryCtxGetState(0, nullptr, &active), hipErrorInvalidValue);
  HIP_EXPECT(hipDevicePrimaryCtxGetState(count + 5, &flags, &active), hipErrorInvalidDevice);
  HIP_EXPECT(hipDevicePrimaryCtxRelease(-1), hipErrorInvalidDevice);

  if (count >= 2) {
    // Two contexts on the stack: the top is current; popping returns to the one below.
    hipCtx_t c1 = nullptr;
    HIP_CHECK(hipCtxCreate(&c1, 0, 1));
    CHECK(c1 != c0, "contexts of devices 0 and 1 are the same");
    HIP_CHECK(hipCtxGetDevice(&dev));
    CHECK_EQ(dev, 1);
    int d = -1;
    HIP_CHECK(hipGetDevice(&d));
    CHECK_EQ(d, 1);
    // Work goes to the current context's device.
    int *buf;
    HIP_CHECK(hipMalloc((void **)&buf, sizeof(int)));
    hipPointerAttribute_t attr;
    HIP_CHECK(hipPointerGetAttributes(&attr, buf));
    CHECK_EQ(attr.device, 1);
    hipCtx_t owner = nullptr;
    HIP_CHECK(hipPointerGetAttribute(&owner, HIP_POINTER_ATTRIBUTE_CONTEXT, (hipDeviceptr_t)buf));
    CHECK(owner == c1, "owner %p, context %p", (void *)owner, (void *)c1);
    HIP_CHECK(hipFree(buf));
    HIP_CHECK(hipCtxPopCurrent(&popped));
    CHECK(popped == c1, "popped %p, pushed %p", (void *)popped, (void *)c1);
    HIP_CHECK(hipCtxGetCurrent(&cur));
    CHECK(cur == c0, "after pop: current %p, expected %p", (void *)cur, (void *)c0);
    HIP_CHECK(hipGetDevice(&d));
    CHECK_EQ(d, 0);
    // hipCtxSetCurrent replaces the top.
    HIP_CHECK(hipCtxSetCurrent(c1));
    HIP_CHECK(hipCtxGetDevice(&dev));
    CHECK_EQ(dev, 1);
    HIP_CHECK(hipCtxPushCurrent(c0));
    HIP_CHECK(hipCtxGetDevice(&dev));
    CHECK_EQ(dev, 0);
    HIP_CHECK(hipCtxPopCurrent(nullptr));
    HIP_CHECK(hipCtxGetDevice(&dev));
    CHECK_EQ(dev, 1);
    // The stack is per thread: a new thread has none to pop.
    std::thread other([] {
      hipCtx_t none = nullptr;
      HIP_EXPECT(hipCtxPopCurrent(&none), hipErrorInvalidContext);
    });
    other.join();
    HIP_CHECK(hipCtxDestroy(c1));
    HIP_CHECK(hipCtxSetCurrent(c0));
  } else {
    printf("SKIP: the two-context part of ctx_api needs 2 devices, found %d\n", count);
  }

  // hipCtxDestroy pops the current context; a reset primary context still works.
  HIP_CHECK(hipCtxDestroy(c0));
  HIP_CHECK(hipDevicePrimaryCtxReset(0));
  int *after;
  HIP_CHECK(hipSetDevice(0));
  HIP_CHECK(hipMalloc((void **)&after, sizeof(int)));
  hipLaunchKernelGGL(write_v, dim3(1), dim3(1), 0, 0, after, 5);
  int back = 0;
  HIP_CHECK(hipMemcpy(&back, after, sizeof(int), hipMemcpyDeviceToHost));
  CHECK_EQ(back, 5);
  HIP_CHECK(hipFree(after));
  return hip_test::pass();
}
