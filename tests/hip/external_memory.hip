// External memory from a POSIX file descriptor: a virtual-memory allocation created with
// hipMemHandleTypePosixFileDescriptor is filled by a kernel and exported
// (hipMemExportToShareableHandle); the descriptor is imported with hipImportExternalMemory
// (hipExternalMemoryHandleTypeOpaqueFd, HIP owns it afterwards) and mapped twice with
// hipExternalMemoryGetMappedBuffer (the whole object, and its second half at an offset); kernels
// read the allocation's values through the buffers and their writes are seen through the
// original mapping; the buffers are released with hipFree and the object with
// hipDestroyExternalMemory. On the CPU platform a memfd the program made itself is imported too
// (host writes through its own mmap are seen by a kernel, and the kernel's writes by the host).
// Misuse: null arguments, a zero size, a buffer beyond the object, Windows handle types
// (hipErrorNotSupported on Linux).
#include "hip_test.h"

#include <sys/mman.h>
#include <unistd.h>

__global__ void fill(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = 2 * i;
}

__global__ void add(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += v;
}

static void check_values(const int *d, int n, int first, int mul, int add_, const char *what) {
  std::vector<int> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    const int want = mul * (first + i) + add_;
    if (h[i] != want) FAIL_AT("%s: [%d] = %d, expected %d", what, i, h[i], want);
  }
}

int main() {
  hip_test::watchdog(60, "external_memory");
  hipMemAllocationProp prop = {};
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = 0;
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  size_t gran = 0;
  HIP_CHECK(hipMemGetAllocationGranularity(&gran, &prop, hipMemAllocationGranularityMinimum));
  const size_t size = 2 * gran;
  const int n = (int)(size / sizeof(int));
  const int half = n / 2;

  hipMemGenericAllocationHandle_t h = nullptr;
  HIP_CHECK(hipMemCreate(&h, size, &prop, 0));
  void *va = nullptr;
  HIP_CHECK(hipMemAddressReserve(&va, size, 0, nullptr, 0));
  HIP_CHECK(hipMemMap(va, size, 0, h, 0));
  hipMemAccessDesc a = {};
  a.location.type = hipMemLocationTypeDevice;
  a.location.id = 0;
  a.flags = hipMemAccessFlagsProtReadWrite;
  HIP_CHECK(hipMemSetAccess(va, size, &a, 1));
  int *orig = (int *)va;
  hipLaunchKernelGGL(fill, dim3((n + 255) / 256), dim3(256), 0, 0, orig, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());

  // Misuse (checked before any descriptor is given away).
  hipExternalMemoryHandleDesc desc = {};
  desc.type = hipExternalMemoryHandleTypeOpaqueFd;
  desc.handle.fd = -1;
  desc.size = size;
  hipExternalMemory_t ext = nullptr;
  HIP_EXPECT(hipImportExternalMemory(nullptr, &desc), hipErrorInvalidValue);
  HIP_EXPECT(hipImportExternalMemory(&ext, nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipImportExternalMemory(&ext, &desc), hipErrorInvalidValue); // fd -1
  hipExternalMemoryHandleDesc win = desc;
  win.type = hipExternalMemoryHandleTypeOpaqueWin32;
  HIP_EXPECT(hipImportExternalMemory(&ext, &win), hipErrorNotSupported);
  HIP_EXPECT(hipDestroyExternalMemory(nullptr), hipErrorInvalidValue);

  int fd = -1;
  HIP_CHECK(hipMemExportToShareableHandle(&fd, h, hipMemHandleTypePosixFileDescriptor, 0));
  desc.handle.fd = fd;
  desc.size = 0;
  HIP_EXPECT(hipImportExternalMemory(&ext, &desc), hipErrorInvalidValue);
  desc.size = size;
  (void)hipGetLastError();
  const hipError_t imported = hipImportExternalMemory(&ext, &desc);
#if HIP_TEST_NVIDIA
  if (imported != hipSuccess) {
    // CUDA documents opaque descriptors from Vulkan for this; whether the driver also takes
    // one from cuMemExportToShareableHandle is not documented. Say so visibly.
    std::printf("NOTE: the driver refused an exported VMM descriptor as external memory (%s); "
                "mapped-buffer checks skipped on NVIDIA\n",
                hipGetErrorName(imported));
    close(fd);
    (void)hipGetLastError();
  }
#else
  CHECK(imported == hipSuccess, "hipImportExternalMemory: %s", hipGetErrorName(imported));
#endif
  if (imported == hipSuccess) {
    int *whole = nullptr, *second = nullptr;
    hipExternalMemoryBufferDesc bd = {};
    bd.offset = 0;
    bd.size = size;
    HIP_EXPECT(hipExternalMemoryGetMappedBuffer(nullptr, ext, &bd), hipErrorInvalidValue);
    HIP_EXPECT(hipExternalMemoryGetMappedBuffer((void **)&whole, ext, nullptr), hipErrorInvalidValue);
    hipExternalMemoryBufferDesc beyond = bd;
    beyond.offset = gran;
    HIP_EXPECT_FAIL(hipExternalMemoryGetMappedBuffer((void **)&whole, ext, &beyond));
    (void)hipGetLastError();
    HIP_CHECK(hipExternalMemoryGetMappedBuffer((void **)&whole, ext, &bd));
    bd.offset = gran;
    bd.size = gran;
    HIP_CHECK(hipExternalMemoryGetMappedBuffer((void **)&second, ext, &bd));
    check_values(whole, n, 0, 2, 0, "whole buffer");
    check_values(second, half, half, 2, 0, "second-half buffer");
    hipLaunchKernelGGL(add, dim3((n + 255) / 256), dim3(256), 0, 0, whole, n, 1);
    hipLaunchKernelGGL(add, dim3((half + 255) / 256), dim3(256), 0, 0, second, half, 10);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    check_values(orig, half, 0, 2, 1, "original mapping, first half");
    check_values(orig + half, half, half, 2, 11, "original mapping, second half");
    HIP_CHECK(hipFree(whole));
    HIP_CHECK(hipFree(second));
    HIP_CHECK(hipDestroyExternalMemory(ext));
  }
  HIP_CHECK(hipMemUnmap(va, size));
  HIP_CHECK(hipMemRelease(h));
  HIP_CHECK(hipMemAddressFree(va, size));

#if !HIP_TEST_NVIDIA
  // ferrocm CPU: any shared-mappable descriptor is external memory (here a memfd).
  const size_t msize = 1 << 16;
  int mfd = memfd_create("external_memory_test", 0);
  CHECK(mfd >= 0 && ftruncate(mfd, msize) == 0, "memfd_create/ftruncate failed");
  int *host = (int *)mmap(nullptr, msize, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0);
  CHECK(host != MAP_FAILED, "mmap failed");
  const int m = (int)(msize / sizeof(int));
  for (int i = 0; i < m; ++i) host[i] = 5 * i;
  hipExternalMemoryHandleDesc md = {};
  md.type = hipExternalMemoryHandleTypeOpaqueFd;
  md.handle.fd = dup(mfd);
  md.size = msize;
  hipExternalMemory_t mext = nullptr;
  HIP_CHECK(hipImportExternalMemory(&mext, &md));
  hipExternalMemoryBufferDesc mbd = {};
  mbd.offset = 0;
  mbd.size = msize;
  int *dev = nullptr;
  HIP_CHECK(hipExternalMemoryGetMappedBuffer((void **)&dev, mext, &mbd));
  check_values(dev, m, 0, 5, 0, "memfd buffer");
  hipLaunchKernelGGL(add, dim3((m + 255) / 256), dim3(256), 0, 0, dev, m, 3);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < m; ++i)
    if (host[i] != 5 * i + 3) FAIL_AT("host view [%d] = %d, expected %d", i, host[i], 5 * i + 3);
  HIP_CHECK(hipFree(dev));
  HIP_CHECK(hipDestroyExternalMemory(mext));
  munmap(host, msize);
  close(mfd);
#endif
  return hip_test::pass();
}
