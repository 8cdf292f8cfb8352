// ENV: FERROCM_CPU_DEVICES=2
// Every hipPointer_attribute through hipPointerGetAttribute and hipDrvPointerGetAttributes, for
// device memory of each device (the owning ordinal and context), pinned host, managed and
// pool memory, interior pointers (range start and size are the allocation's); unknown memory
// and bad attributes give hipErrorInvalidValue. hipMemRangeGetAttribute(s) read back what
// hipMemAdvise and hipMemPrefetchAsync set on managed memory (a value holds for a range only
// where it holds for every byte of it). With one device the second device's part is skipped.
#include "hip_test.h"

#include <cstdint>

int main() {
  hip_test::watchdog(60, "multi_device_pointer_attributes");
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  const size_t size = 1 << 16;
  for (int d = 0; d < (count >= 2 ? 2 : 1); ++d) {
    HIP_CHECK(hipSetDevice(d));
    char *p;
    HIP_CHECK(hipMalloc((void **)&p, size));
    hipDeviceptr_t inner = (hipDeviceptr_t)(p + 1000);
    unsigned int type = 0;
    HIP_CHECK(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, inner));
    CHECK_EQ(type, (unsigned)hipMemoryTypeDevice);
    int ordinal = -1;
    HIP_CHECK(hipPointerGetAttribute(&ordinal, HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL, inner));
    CHECK_EQ(ordinal, d);
    hipCtx_t ctx = nullptr, primary = nullptr;
    HIP_CHECK(hipPointerGetAttribute(&ctx, HIP_POINTER_ATTRIBUTE_CONTEXT, inner));
    HIP_CHECK(hipDevicePrimaryCtxRetain(&primary, d));
    CHECK(ctx == primary, "device %d: context %p, primary %p", d, (void *)ctx, (void *)primary);
    HIP_CHECK(hipDevicePrimaryCtxRelease(d));
    void *start = nullptr;
    size_t range = 0;
    HIP_CHECK(hipPointerGetAttribute(&start, HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR, inner));
    HIP_CHECK(hipPointerGetAttribute(&range, HIP_POINTER_ATTRIBUTE_RANGE_SIZE, inner));
    CHECK(start == p, "range start %p, allocation %p", start, (void *)p);
    CHECK(range >= size, "range size %zu < %zu", range, size);
    void *dptr = nullptr;
    HIP_CHECK(hipPointerGetAttribute(&dptr, HIP_POINTER_ATTRIBUTE_DEVICE_POINTER, inner));
    CHECK(dptr == (void *)inner, "device pointer %p of %p", dptr, (void *)inner);
    unsigned long long id1 = 0, id2 = 0;
    HIP_CHECK(hipPointerGetAttribute(&id1, HIP_POINTER_ATTRIBUTE_BUFFER_ID, inner));
    HIP_CHECK(hipPointerGetAttribute(&id2, HIP_POINTER_ATTRIBUTE_BUFFER_ID, (hipDeviceptr_t)p));
    CHECK(id1 == id2 && id1 != 0, "buffer ids %llu %llu", id1, id2);
    unsigned int managed = 9, mapped = 0;
    HIP_CHECK(hipPointerGetAttribute(&managed, HIP_POINTER_ATTRIBUTE_IS_MANAGED, inner));
    CHECK_EQ(managed, 0u);
    HIP_CHECK(hipPointerGetAttribute(&mapped, HIP_POINTER_ATTRIBUTE_MAPPED, inner));
    CHECK_EQ(mapped, 1u);
    int sync_memops = -1, rdma = -1;
    HIP_CHECK(hipPointerGetAttribute(&sync_memops, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, inner));
    CHECK(sync_memops == 0 || sync_memops == 1, "sync memops %d", sync_memops);
    HIP_CHECK(hipPointerGetAttribute(&rdma, HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE, inner));
    CHECK(rdma == 0 || rdma == 1, "rdma %d", rdma);
    unsigned int access = 0;
    HIP_CHECK(hipPointerGetAttribute(&access, HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS, inner));
    CHECK_EQ(access, 3u);  // hipMemAccessFlagsProtReadWrite
    void *pool = (void *)1;
    HIP_CHECK(hipPointerGetAttribute(&pool, HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE, inner));
    CHECK(pool == nullptr, "hipMalloc memory has pool %p", pool);

    // Several at once.
    hipPointer_attribute attrs[3] = {HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                     HIP_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                     HIP_POINTER_ATTRIBUTE_RANGE_SIZE};
    int o2 = -1;
    unsigned int t2 = 0;
    size_t r2 = 0;
    void *data[3] = {&o2, &t2, &r2};
    HIP_CHECK(hipDrvPointerGetAttributes(3, attrs, data, inner));
    CHECK_EQ(o2, d);
    CHECK_EQ(t2, (unsigned)hipMemoryTypeDevice);
    CHECK_EQ(r2, range);
    HIP_EXPECT(hipDrvPointerGetAttributes(3, nullptr, data, inner), hipErrorInvalidValue);
    // hipMemGetAddressRange agrees; either out-pointer may be NULL.
    hipDeviceptr_t base = nullptr;
    size_t bytes = 0;
    HIP_CHECK(hipMemGetAddressRange(&base, &bytes, inner));
    CHECK(base == (hipDeviceptr_t)p && bytes == range, "address range %p + %zu", (void *)base, bytes);
    HIP_CHECK(hipMemGetAddressRange(nullptr, &bytes, inner));
    // Only SYNC_MEMOPS can be set.
    int one = 1;
    HIP_CHECK(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, inner));
    HIP_EXPECT(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, inner), hipErrorInvalidValue);
    HIP_CHECK(hipFree(p));
  }
  if (count < 2) printf("SKIP: the device-1 part needs 2 devices, found %d\n", count);
  HIP_CHECK(hipSetDevice(0));

  // Pool memory names its pool.
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  void *from_pool;
  HIP_CHECK(hipMallocAsync(&from_pool, 4096, s));
  HIP_CHECK(hipStreamSynchronize(s));
  hipMemPool_t dflt, owner = nullptr;
  HIP_CHECK(hipDeviceGetDefaultMemPool(&dflt, 0));
  HIP_CHECK(hipPointerGetAttribute(&owner, HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE, (hipDeviceptr_t)from_pool));
  CHECK(owner == dflt, "pool %p, default pool %p", (void *)owner, (void *)dflt);
  HIP_CHECK(hipFreeAsync(from_pool, s));
  HIP_CHECK(hipStreamSynchronize(s));

  // Pinned host memory.
  int *h;
  HIP_CHECK(hipHostMalloc((void **)&h, 4096, 0));
  unsigned int type = 0;
  HIP_CHECK(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, (hipDeviceptr_t)(h + 3)));
  CHECK_EQ(type, (unsigned)hipMemoryTypeHost);
  void *host_ptr = nullptr;
  HIP_CHECK(hipPointerGetAttribute(&host_ptr, HIP_POINTER_ATTRIBUTE_HOST_POINTER, (hipDeviceptr_t)(h + 3)));
  CHECK(host_ptr == h + 3, "host pointer %p of %p", host_ptr, (void *)(h + 3));
  HIP_CHECK(hipHostFree(h));

  // Misuse.
  int stack_var = 0;
  unsigned int v = 0;
  HIP_EXPECT(hipPointerGetAttribute(&v, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, (hipDeviceptr_t)&stack_var),
             hipErrorInvalidValue);
  HIP_EXPECT(hipPointerGetAttribute(nullptr, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, (hipDeviceptr_t)&stack_var),
             hipErrorInvalidValue);
  HIP_EXPECT(hipPointerGetAttribute(&v, (hipPointer_attribute)0, (hipDeviceptr_t)&stack_var),
             hipErrorInvalidValue);
  HIP_EXPECT(hipPointerGetAttribute(&v, (hipPointer_attribute)99, (hipDeviceptr_t)&stack_var),
             hipErrorInvalidValue);
  // Memory the runtime does not know: hipErrorInvalidDevicePointer (CLR).
  hipDeviceptr_t nb;
  size_t ns;
  HIP_EXPECT(hipMemGetAddressRange(&nb, &ns, (hipDeviceptr_t)&stack_var), hipErrorInvalidDevicePointer);

  // Range attributes of managed memory.
  int managed_ok = 0;
  HIP_CHECK(hipDeviceGetAttribute(&managed_ok, hipDeviceAttributeManagedMemory, 0));
  int concurrent = 0;
  HIP_CHECK(hipDeviceGetAttribute(&concurrent, hipDeviceAttributeConcurrentManagedAccess, 0));
  if (!managed_ok || !concurrent) {
    printf("SKIP: range attributes need concurrent managed memory\n");
    return hip_test::pass();
  }
  const size_t msize = 1 << 20;
  char *m;
  HIP_CHECK(hipMallocManaged((void **)&m, msize, hipMemAttachGlobal));
  int ro = -1;
  HIP_CHECK(hipMemRangeGetAttribute(&ro, sizeof ro, hipMemRangeAttributeReadMostly, m, msize));
  CHECK_EQ(ro, 0);
  int pref = 0;
  HIP_CHECK(hipMemRangeGetAttribute(&pref, sizeof pref, hipMemRangeAttributePreferredLocation, m, msize));
  CHECK_EQ(pref, hipInvalidDeviceId);
  HIP_CHECK(hipMemAdvise(m, msize, hipMemAdviseSetReadMostly, 0));
  HIP_CHECK(hipMemRangeGetAttribute(&ro, sizeof ro, hipMemRangeAttributeReadMostly, m, msize));
  CHECK_EQ(ro, 1);
  HIP_CHECK(hipMemAdvise(m, msize / 2, hipMemAdviseUnsetReadMostly, 0));
  HIP_CHECK(hipMemRangeGetAttribute(&ro, sizeof ro, hipMemRangeAttributeReadMostly, m, msize));
  CHECK_EQ(ro, 0);
  HIP_CHECK(hipMemRangeGetAttribute(&ro, sizeof ro, hipMemRangeAttributeReadMostly, m + msize / 2, msize / 2));
  CHECK_EQ(ro, 1);
  HIP_CHECK(hipMemAdvise(m, msize, hipMemAdviseSetPreferredLocation, 0));
  HIP_CHECK(hipMemRangeGetAttribute(&pref, sizeof pref, hipMemRangeAttributePreferredLocation, m, msize));
  CHECK_EQ(pref, 0);
  HIP_CHECK(hipMemAdvise(m, msize, hipMemAdviseSetAccessedBy, 0));
  int by[4] = {7, 7, 7, 7};
  HIP_CHECK(hipMemRangeGetAttribute(by, sizeof by, hipMemRangeAttributeAccessedBy, m, msize));
  CHECK_EQ(by[0], 0);
  CHECK_EQ(by[1], hipInvalidDeviceId);
  CHECK_EQ(by[3], hipInvalidDeviceId);
  HIP_CHECK(hipMemPrefetchAsync(m, msize, 0, s));
  HIP_CHECK(hipStreamSynchronize(s));
  int last = -5;
  int ro2 = -1;
  void *datas[2] = {&last, &ro2};
  size_t sizes[2] = {sizeof last, sizeof ro2};
  hipMemRangeAttribute which[2] = {hipMemRangeAttributeLastPrefetchLocation,
                                   hipMemRangeAttributeReadMostly};
  HIP_CHECK(hipMemRangeGetAttributes(datas, sizes, which, 2, m + msize / 2, msize / 2));
  CHECK_EQ(last, 0);
  CHECK_EQ(ro2, 1);
  // Misuse: size not one int, not managed memory, zero count, bad attribute.
  HIP_EXPECT(hipMemRangeGetAttribute(&ro, 8, hipMemRangeAttributeReadMostly, m, msize), hipErrorInvalidValue);
  HIP_EXPECT(hipMemRangeGetAttribute(&ro, sizeof ro, hipMemRangeAttributeReadMostly, m, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipMemRangeGetAttribute(&ro, sizeof ro, (hipMemRangeAttribute)55, m, msize), hipErrorInvalidValue);
  HIP_EXPECT(hipMemRangeGetAttribute(nullptr, sizeof ro, hipMemRangeAttributeReadMostly, m, msize), hipErrorInvalidValue);
  char *plain;
  HIP_CHECK(hipMalloc((void **)&plain, 4096));
  HIP_EXPECT(hipMemRangeGetAttribute(&ro, sizeof ro, hipMemRangeAttributeReadMostly, plain, 4096), hipErrorInvalidValue);
  HIP_CHECK(hipFree(plain));
  HIP_CHECK(hipFree(m));
  HIP_CHECK(hipStreamDestroy(s));
  return hip_test::pass();
}
