// Virtual memory management: hipDeviceAttributeVirtualMemoryManagementSupported is 1;
// hipMemGetAllocationGranularity (minimum and recommended, the latter a
// multiple of the former), hipMemCreate of two granules, hipMemAddressReserve of five, hipMemMap +
// hipMemSetAccess (read-write) + hipMemGetAccess; a kernel writes through the mapping and
// hipMemcpy reads it back; the same allocation mapped a second time in the reservation aliases
// the first (a kernel's writes through one are read through the other);
// hipMemRetainAllocationHandle of an interior address gives the allocation's handle;
// hipMemGetAllocationPropertiesFromHandle reports what was asked; unmap and remap at an offset
// of the allocation; hipMemRelease while mapped keeps the memory until unmapped; export as a POSIX
// descriptor and import it again (another handle to the same memory); hipMemAddressFree.
// Host reads of a reserved-but-unmapped range, of a mapping before hipMemSetAccess and of an
// unmapped range fault (checked in a forked child). Misuse: unmapping part of a mapping, null
// arguments, non-zero flags, a size that is not a multiple of the granularity, an unknown
// granularity option, an invalid device, a non-pinned type.
#include "hip_test.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

// Whether a host read of `p` kills a forked child with SIGSEGV/SIGBUS (the child only reads and
// exits, which is safe after fork in a threaded process).
static bool read_faults(const void *p) {
  std::fflush(stdout);
  pid_t pid = fork();
  CHECK(pid >= 0, "fork failed");
  if (pid == 0) {
    // The default action (a sanitizer's SIGSEGV handler would turn the fault into an exit).
    signal(SIGSEGV, SIG_DFL);
    signal(SIGBUS, SIG_DFL);
    volatile int v = *(const volatile int *)p;
    (void)v;
    _exit(0);
  }
  int status = 0;
  CHECK(waitpid(pid, &status, 0) == pid, "waitpid failed");
  return WIFSIGNALED(status) && (WTERMSIG(status) == SIGSEGV || WTERMSIG(status) == SIGBUS);
}

__global__ void write_index(int *p, int n, int add) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = i + add;
}

__global__ void copy_ints(int *dst, const int *src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = src[i];
}

static void check_values(const int *d, int n, int add, const char *what) {
  std::vector<int> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (h[i] != i + add) FAIL_AT("%s: [%d] = %d, expected %d", what, i, h[i], i + add);
}

int main() {
  hip_test::watchdog(60, "vmm_map");
  int dev = 0;
  HIP_CHECK(hipSetDevice(dev));
  // What programs check first (CUDA's VMM samples do): the device supports it.
  int vmm = 0;
  HIP_CHECK(hipDeviceGetAttribute(&vmm, hipDeviceAttributeVirtualMemoryManagementSupported, dev));
  CHECK_EQ(vmm, 1);

  hipMemAllocationProp prop = {};
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = dev;
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;

  size_t gran = 0, rec = 0;
  HIP_CHECK(hipMemGetAllocationGranularity(&gran, &prop, hipMemAllocationGranularityMinimum));
  HIP_CHECK(hipMemGetAllocationGranularity(&rec, &prop, hipMemAllocationGranularityRecommended));
  CHECK(gran > 0 && rec >= gran && rec % gran == 0, "granularity %zu, recommended %zu", gran, rec);

  // Misuse of the queries.
  HIP_EXPECT(hipMemGetAllocationGranularity(nullptr, &prop, hipMemAllocationGranularityMinimum),
             hipErrorInvalidValue);
  HIP_EXPECT(hipMemGetAllocationGranularity(&gran, nullptr, hipMemAllocationGranularityMinimum),
             hipErrorInvalidValue);
  HIP_EXPECT(hipMemGetAllocationGranularity(&gran, &prop, (hipMemAllocationGranularity_flags)7),
             hipErrorInvalidValue);
  hipMemAllocationProp bad = prop;
  bad.location.id = 9999;
  hipMemGenericAllocationHandle_t h = nullptr;
  HIP_EXPECT_FAIL(hipMemCreate(&h, gran, &bad, 0)); // hipErrorInvalidValue or InvalidDevice
  bad = prop;
  bad.type = hipMemAllocationTypeInvalid;
  HIP_EXPECT(hipMemCreate(&h, gran, &bad, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipMemCreate(&h, gran, &prop, 1), hipErrorInvalidValue);
  HIP_EXPECT(hipMemCreate(&h, gran + 1, &prop, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipMemCreate(nullptr, gran, &prop, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipMemCreate(&h, gran, nullptr, 0), hipErrorInvalidValue);

  const size_t size = 2 * gran;
  const int n = (int)(size / sizeof(int));
  HIP_CHECK(hipMemCreate(&h, size, &prop, 0));
  CHECK(h != nullptr, "hipMemCreate gave a null handle");

  hipMemAllocationProp got = {};
  HIP_CHECK(hipMemGetAllocationPropertiesFromHandle(&got, h));
  CHECK_EQ((int)got.type, (int)hipMemAllocationTypePinned);
  CHECK_EQ((int)got.location.type, (int)hipMemLocationTypeDevice);
  CHECK_EQ(got.location.id, dev);
  CHECK_EQ((int)got.requestedHandleType, (int)hipMemHandleTypePosixFileDescriptor);

  // CUDA's cuMemMap maps a whole handle only (offset 0, the handle's size): the mappings
  // below that take part of a handle are hipErrorNotSupported there, and whole-handle ones
  // replace them (one more granule of address space for the imported handle).
#if HIP_TEST_NVIDIA
  const size_t part = size;
  const size_t reserved = 6 * gran;
#else
  const size_t part = gran;
  const size_t reserved = 5 * gran;
#endif
  void *va = nullptr;
  HIP_EXPECT(hipMemAddressReserve(nullptr, reserved, 0, nullptr, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipMemAddressReserve(&va, reserved, 0, nullptr, 1), hipErrorInvalidValue);
  HIP_CHECK(hipMemAddressReserve(&va, reserved, gran, nullptr, 0));
  CHECK(va != nullptr && (uintptr_t)va % gran == 0, "reservation %p not aligned to %zu", va, gran);
  char *base = (char *)va;

  HIP_EXPECT(hipMemMap(base, size, 0, h, 1), hipErrorInvalidValue);
  HIP_EXPECT(hipMemMap(nullptr, size, 0, h, 0), hipErrorInvalidValue);
  CHECK(read_faults(base), "a reserved, unmapped address must not be accessible");
  HIP_CHECK(hipMemMap(base, size, 0, h, 0));
  // Mapped but no access granted yet (HIP and CUDA: hipMemSetAccess makes it accessible).
  CHECK(read_faults(base), "a mapping without hipMemSetAccess must not be accessible");
  hipMemAccessDesc access = {};
  access.location.type = hipMemLocationTypeDevice;
  access.location.id = dev;
  access.flags = hipMemAccessFlagsProtReadWrite;
  HIP_EXPECT(hipMemSetAccess(base, size, nullptr, 1), hipErrorInvalidValue);
  HIP_EXPECT(hipMemSetAccess(base, size, &access, 0), hipErrorInvalidValue);
  HIP_CHECK(hipMemSetAccess(base, size, &access, 1));
  unsigned long long flags = 0;
  hipMemLocation loc = access.location;
  HIP_CHECK(hipMemGetAccess(&flags, &loc, base + 64));
  CHECK_EQ(flags, (unsigned long long)hipMemAccessFlagsProtReadWrite);
  HIP_EXPECT(hipMemGetAccess(nullptr, &loc, base), hipErrorInvalidValue);
  HIP_EXPECT(hipMemGetAccess(&flags, nullptr, base), hipErrorInvalidValue);

  (void)hipGetLastError(); // the failures above are the thread's last error: clear it

  // A kernel writes through the mapping.
  int *a = (int *)base;
  hipLaunchKernelGGL(write_index, dim3((n + 255) / 256), dim3(256), 0, 0, a, n, 5);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  check_values(a, n, 5, "first mapping");

  // The same allocation again, two granules further: an alias.
  int *b = (int *)(base + size);
  HIP_CHECK(hipMemMap(b, size, 0, h, 0));
  HIP_CHECK(hipMemSetAccess(b, size, &access, 1));
  check_values(b, n, 5, "alias");
  hipLaunchKernelGGL(write_index, dim3((n + 255) / 256), dim3(256), 0, 0, b, n, 11);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  check_values(a, n, 11, "first mapping after a write through the alias");
  // One copy spanning both mappings (one reservation, contiguous addresses).
  int *span = nullptr;
  HIP_CHECK(hipMalloc((void **)&span, 2 * size));
  hipLaunchKernelGGL(copy_ints, dim3((2 * n + 255) / 256), dim3(256), 0, 0, span, a, 2 * n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  check_values(span, n, 11, "copy of the first mapping");
  check_values(span + n, n, 11, "copy of the alias");
  HIP_CHECK(hipFree(span));

  // The handle of an interior address is the allocation's.
  hipMemGenericAllocationHandle_t r = nullptr;
  HIP_CHECK(hipMemRetainAllocationHandle(&r, base + size + 100));
  CHECK(r == h, "retained handle %p, expected %p", (void *)r, (void *)h);
  HIP_CHECK(hipMemRelease(r));
  HIP_EXPECT(hipMemRetainAllocationHandle(nullptr, base), hipErrorInvalidValue);

  // Unmapping part of a mapping is refused (the whole mapped range must go).
#if HIP_TEST_NVIDIA
  HIP_EXPECT_FAIL(hipMemUnmap(b, gran)); // the driver's code
#else
  HIP_EXPECT(hipMemUnmap(b, gran), hipErrorInvalidValue);
#endif
  check_values(b, n, 11, "alias after a refused partial unmap");

  // Unmap the first mapping; remap its second granule only (offset gran) at the start.
  HIP_CHECK(hipMemUnmap(base, size));
  CHECK(read_faults(base), "an unmapped address must not be accessible");
  check_values(b, n, 11, "alias after unmapping the first mapping");
#if HIP_TEST_NVIDIA
  HIP_EXPECT(hipMemMap(base, gran, gran, h, 0), hipErrorNotSupported);
  HIP_EXPECT(hipMemMap(base, gran, 0, h, 0), hipErrorNotSupported);
  (void)hipGetLastError();
  HIP_CHECK(hipMemMap(base, size, 0, h, 0));
  HIP_CHECK(hipMemSetAccess(base, size, &access, 1));
  {
    int v = -1;
    HIP_CHECK(hipMemcpy(&v, base, sizeof v, hipMemcpyDeviceToHost));
    CHECK_EQ(v, 11);
  }
#else
  HIP_CHECK(hipMemMap(base, gran, gran, h, 0));
  HIP_CHECK(hipMemSetAccess(base, gran, &access, 1));
  {
    int v = 0;
    HIP_CHECK(hipMemcpy(&v, base, sizeof v, hipMemcpyDeviceToHost));
    const int first = (int)(gran / sizeof(int));
    CHECK_EQ(v, first + 11);
  }
#endif

  // Export and import: a second handle to the same memory.
  int fd = -1;
  HIP_EXPECT(hipMemExportToShareableHandle(nullptr, h, hipMemHandleTypePosixFileDescriptor, 0),
             hipErrorInvalidValue);
  HIP_CHECK(hipMemExportToShareableHandle(&fd, h, hipMemHandleTypePosixFileDescriptor, 0));
  CHECK(fd >= 0, "exported descriptor %d", fd);
  hipMemGenericAllocationHandle_t imported = nullptr;
  HIP_CHECK(hipMemImportFromShareableHandle(&imported, (void *)(uintptr_t)fd,
                                            hipMemHandleTypePosixFileDescriptor));
  close(fd);
  char *c = base + 4 * gran;
  HIP_CHECK(hipMemMap(c, part, 0, imported, 0));
  HIP_CHECK(hipMemSetAccess(c, part, &access, 1));
  check_values((int *)c, (int)(gran / sizeof(int)), 11, "imported allocation");
  HIP_CHECK(hipMemUnmap(c, part));
  HIP_CHECK(hipMemRelease(imported));

  // Released while mapped: the memory stays until unmapped.
  HIP_CHECK(hipMemRelease(h));
  check_values(b, n, 11, "alias after hipMemRelease");
  HIP_CHECK(hipMemUnmap(base, part));
  HIP_CHECK(hipMemUnmap(b, size));
  HIP_CHECK(hipMemAddressFree(va, reserved));
  HIP_EXPECT(hipMemAddressFree(nullptr, reserved), hipErrorInvalidValue);
  HIP_EXPECT(hipMemRelease(nullptr), hipErrorInvalidValue);
  return hip_test::pass();
}
