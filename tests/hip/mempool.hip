// Memory pools: hipDeviceGetDefaultMemPool / hipDeviceGetMemPool / hipDeviceSetMemPool,
// hipMemPoolCreate / Destroy, hipMallocFromPoolAsync, the pool attributes (reuse flags, release
// threshold, reserved/used current and high-water marks, read-only and reset rules),
// hipMemPoolTrimTo, hipMemPoolSetAccess / GetAccess; memory freed on one stream is reused on
// another only after the work before the free has run (a held kernel reads the freed block
// while the other stream fills its new allocation); invalid uses are rejected.
#include "hip_test.h"

__global__ void fill_k(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v + i;
}

__global__ void held_copy(volatile int *flag, const int *src, int *dst, int n) {
  while (*flag == 0) {
  }
  __threadfence_system();
  for (int i = 0; i < n; ++i) dst[i] = src[i];
}

static uint64_t attr64(hipMemPool_t p, hipMemPoolAttr a) {
  uint64_t v = ~0ull;
  HIP_CHECK(hipMemPoolGetAttribute(p, a, &v));
  return v;
}

static int attr_int(hipMemPool_t p, hipMemPoolAttr a) {
  int v = -1;
  HIP_CHECK(hipMemPoolGetAttribute(p, a, &v));
  return v;
}

int main() {
  hip_test::watchdog(30, "mempool");
  hipMemPool_t def = nullptr, cur = nullptr;
  HIP_CHECK(hipDeviceGetDefaultMemPool(&def, 0));
  HIP_CHECK(hipDeviceGetMemPool(&cur, 0));
  CHECK(def != nullptr && def == cur, "the current pool starts as the default pool");
  HIP_EXPECT(hipDeviceGetDefaultMemPool(nullptr, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipDeviceGetDefaultMemPool(&cur, 99), hipErrorInvalidDevice);
  HIP_EXPECT(hipMemPoolDestroy(def), hipErrorInvalidValue);

  hipMemPoolProps props = {};
  props.allocType = hipMemAllocationTypePinned;
  props.handleTypes = hipMemHandleTypeNone;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = 0;
  hipMemPool_t pool;
  HIP_EXPECT(hipMemPoolCreate(nullptr, &props), hipErrorInvalidValue);
  HIP_EXPECT(hipMemPoolCreate(&pool, nullptr), hipErrorInvalidValue);
  props.location.id = 99;
  HIP_EXPECT(hipMemPoolCreate(&pool, &props), hipErrorInvalidValue);
  props.location.id = 0;
  props.allocType = hipMemAllocationTypeInvalid;
  HIP_EXPECT(hipMemPoolCreate(&pool, &props), hipErrorInvalidValue);
  props.allocType = hipMemAllocationTypePinned;
  HIP_CHECK(hipMemPoolCreate(&pool, &props));
  CHECK(pool != def, "a new pool");

  // Defaults: every reuse flag on, threshold 0, nothing reserved.
  CHECK_EQ(attr_int(pool, hipMemPoolReuseFollowEventDependencies), 1);
  CHECK_EQ(attr_int(pool, hipMemPoolReuseAllowOpportunistic), 1);
  CHECK_EQ(attr_int(pool, hipMemPoolReuseAllowInternalDependencies), 1);
  CHECK_EQ(attr64(pool, hipMemPoolAttrReleaseThreshold), (uint64_t)0);
  CHECK_EQ(attr64(pool, hipMemPoolAttrReservedMemCurrent), (uint64_t)0);
  CHECK_EQ(attr64(pool, hipMemPoolAttrUsedMemCurrent), (uint64_t)0);
  uint64_t v64 = 5;
  HIP_EXPECT(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &v64), hipErrorInvalidValue);
  HIP_EXPECT(hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemHigh, &v64), hipErrorInvalidValue);
  HIP_EXPECT(hipMemPoolGetAttribute(pool, (hipMemPoolAttr)99, &v64), hipErrorInvalidValue);
  HIP_EXPECT(hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemCurrent, nullptr), hipErrorInvalidValue);

  hipStream_t s1, s2;
  HIP_CHECK(hipStreamCreateWithFlags(&s1, hipStreamNonBlocking));
  HIP_CHECK(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));
  const int n = 1 << 16;
  const size_t bytes = n * sizeof(int);

  // Allocations are usable by kernels, aligned, and counted.
  int *a = nullptr;
  HIP_EXPECT(hipMallocFromPoolAsync(nullptr, bytes, pool, s1), hipErrorInvalidValue);
  HIP_CHECK(hipMallocFromPoolAsync((void **)&a, bytes, pool, s1));
  CHECK(a != nullptr && (uintptr_t)a % 256 == 0, "pool allocation %p", (void *)a);
  CHECK(attr64(pool, hipMemPoolAttrUsedMemCurrent) >= bytes, "used memory counts the allocation");
  CHECK(attr64(pool, hipMemPoolAttrReservedMemCurrent) >= attr64(pool, hipMemPoolAttrUsedMemCurrent),
        "reserved >= used");
  std::vector<int> h(n);
  hipLaunchKernelGGL(fill_k, dim3(n / 256), dim3(256), 0, s1, a, n, 7);
  HIP_CHECK(hipMemcpyAsync(h.data(), a, bytes, hipMemcpyDeviceToHost, s1));
  HIP_CHECK(hipStreamSynchronize(s1));
  for (int i = 0; i < n; ++i)
    if (h[i] != 7 + i) FAIL_AT("pool memory element %d: %d", i, h[i]);

  // With a high release threshold, alloc/free cycles on one stream reuse the pool's memory.
  v64 = UINT64_MAX;
  HIP_CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &v64));
  CHECK_EQ(attr64(pool, hipMemPoolAttrReleaseThreshold), (uint64_t)UINT64_MAX);
  HIP_CHECK(hipFreeAsync(a, s1));
  HIP_CHECK(hipStreamSynchronize(s1));
  uint64_t reserved = attr64(pool, hipMemPoolAttrReservedMemCurrent);
  CHECK(reserved >= bytes, "freed memory stays in the pool under the threshold");
  for (int r = 0; r < 50; ++r) {
    int *p = nullptr;
    HIP_CHECK(hipMallocFromPoolAsync((void **)&p, bytes, pool, s1));
    hipLaunchKernelGGL(fill_k, dim3(n / 256), dim3(256), 0, s1, p, n, r);
    HIP_CHECK(hipFreeAsync(p, s1));
  }
  HIP_CHECK(hipStreamSynchronize(s1));
  CHECK_EQ(attr64(pool, hipMemPoolAttrReservedMemCurrent), reserved);
  CHECK_EQ(attr64(pool, hipMemPoolAttrUsedMemCurrent), (uint64_t)0);
  CHECK(attr64(pool, hipMemPoolAttrUsedMemHigh) >= bytes, "high-water mark");
  v64 = 0;
  HIP_CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &v64));
  CHECK_EQ(attr64(pool, hipMemPoolAttrUsedMemHigh), (uint64_t)0);

  // Cross-stream reuse waits for the work before the free: s1's held kernel still reads `b`
  // when s2 allocates (possibly the same memory) and overwrites its allocation.
  int *flag, *out;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&out, bytes, 0));
  *flag = 0;
  int *b = nullptr;
  HIP_CHECK(hipMallocFromPoolAsync((void **)&b, bytes, pool, s1));
  hipLaunchKernelGGL(fill_k, dim3(n / 256), dim3(256), 0, s1, b, n, 100);
  hipLaunchKernelGGL(held_copy, dim3(1), dim3(1), 0, s1, flag, b, out, n);
  // Released from another thread: hipFreeAsync may legitimately wait for the stream.
  std::thread release([flag] {
    hip_test::sleep_ms(50);
    hip_test::host_store(flag, 1);
  });
  HIP_CHECK(hipFreeAsync(b, s1));
  int *c = nullptr;
  HIP_CHECK(hipMallocFromPoolAsync((void **)&c, bytes, pool, s2));
  HIP_CHECK(hipMemsetAsync(c, 0xff, bytes, s2));
  HIP_CHECK(hipStreamSynchronize(s2));
  release.join();
  HIP_CHECK(hipStreamSynchronize(s1));
  for (int i = 0; i < n; ++i)
    if (out[i] != 100 + i) FAIL_AT("the freed block was reused too early: element %d is %d", i, out[i]);
  HIP_CHECK(hipFreeAsync(c, s2));
  HIP_CHECK(hipStreamSynchronize(s2));

  // Trim: everything free can go back.
  HIP_CHECK(hipMemPoolTrimTo(pool, 0));
  CHECK_EQ(attr64(pool, hipMemPoolAttrReservedMemCurrent), (uint64_t)0);
  v64 = 0;
  HIP_CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemHigh, &v64));
  CHECK_EQ(attr64(pool, hipMemPoolAttrReservedMemHigh), (uint64_t)0);

  // Access.
  hipMemLocation loc = {hipMemLocationTypeDevice, 0};
  hipMemAccessFlags flags = hipMemAccessFlagsProtNone;
  HIP_CHECK(hipMemPoolGetAccess(&flags, pool, &loc));
  CHECK_EQ((int)flags, (int)hipMemAccessFlagsProtReadWrite);
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  HIP_CHECK(hipMemPoolSetAccess(pool, &desc, 1));
  desc.location.id = 99;
  HIP_EXPECT(hipMemPoolSetAccess(pool, &desc, 1), hipErrorInvalidValue);
  HIP_EXPECT(hipMemPoolSetAccess(pool, nullptr, 1), hipErrorInvalidValue);

  // The device's current pool.
  HIP_CHECK(hipDeviceSetMemPool(0, pool));
  HIP_CHECK(hipDeviceGetMemPool(&cur, 0));
  CHECK(cur == pool, "hipDeviceSetMemPool");
  HIP_EXPECT(hipDeviceSetMemPool(99, pool), hipErrorInvalidDevice);
  HIP_EXPECT(hipDeviceSetMemPool(0, nullptr), hipErrorInvalidValue);

  // Destroying a pool with an outstanding allocation: the handle goes, the memory stays valid
  // until freed; the device falls back to its default pool.
  int *keep = nullptr;
  HIP_CHECK(hipMallocFromPoolAsync((void **)&keep, 4096, pool, s1));
  HIP_CHECK(hipMemPoolDestroy(pool));
  HIP_CHECK(hipDeviceGetMemPool(&cur, 0));
  CHECK(cur == def, "the default pool is current again");
  HIP_EXPECT(hipMallocFromPoolAsync((void **)&a, 16, pool, s1), hipErrorInvalidValue);
  HIP_EXPECT(hipMemPoolTrimTo(pool, 0), hipErrorInvalidValue);
  hipLaunchKernelGGL(fill_k, dim3(4), dim3(256), 0, s1, keep, 1024, 1);
  HIP_CHECK(hipFreeAsync(keep, s1));
  HIP_CHECK(hipStreamSynchronize(s1));
  HIP_EXPECT(hipFreeAsync(keep, s1), hipErrorInvalidValue);  // double free

  // Pool memory may also be released with hipFree.
  int *z = nullptr;
  HIP_CHECK(hipMallocFromPoolAsync((void **)&z, 512, def, s2));
  HIP_CHECK(hipStreamSynchronize(s2));
  HIP_CHECK(hipFree(z));
  HIP_EXPECT(hipFree(z), hipErrorInvalidValue);
  (void)hipGetLastError();

  HIP_CHECK(hipStreamDestroy(s1));
  HIP_CHECK(hipStreamDestroy(s2));
  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(out));
  return hip_test::pass();
}
