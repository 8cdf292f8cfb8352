// hipPointerGetAttributes for device, pinned host, registered host, managed and unknown
// pointers, including interior pointers. Since ROCm 6 (as in CUDA 11+), an unknown host
// pointer gives hipSuccess with type hipMemoryTypeUnregistered.
#include "hip_test.h"

int main() {
  int dev = 0;
  HIP_CHECK(hipGetDevice(&dev));
  hipPointerAttribute_t a;

  char *d = nullptr;
  HIP_CHECK(hipMalloc(&d, 1 << 20));
  std::memset(&a, 0xff, sizeof a);
  HIP_CHECK(hipPointerGetAttributes(&a, d));
  CHECK_EQ((int)a.type, (int)hipMemoryTypeDevice);
  CHECK_EQ(a.device, dev);
  CHECK_EQ(a.devicePointer, (void *)d);
  CHECK_EQ(a.isManaged, 0);
  HIP_CHECK(hipPointerGetAttributes(&a, d + 12345));
  CHECK_EQ((int)a.type, (int)hipMemoryTypeDevice);
  CHECK_EQ(a.devicePointer, (void *)(d + 12345));

  char *h = nullptr;
  HIP_CHECK(hipHostMalloc((void **)&h, 8192, 0));
  HIP_CHECK(hipPointerGetAttributes(&a, h + 100));
  CHECK_EQ((int)a.type, (int)hipMemoryTypeHost);
  CHECK_EQ(a.hostPointer, (void *)(h + 100));
  void *hd = nullptr;
  HIP_CHECK(hipHostGetDevicePointer(&hd, h, 0));
  CHECK_EQ(a.devicePointer, (void *)((char *)hd + 100));
  CHECK_EQ(a.isManaged, 0);

  char *reg = (char *)std::aligned_alloc(4096, 16384);
  HIP_CHECK(hipHostRegister(reg, 16384, hipHostRegisterDefault));
  HIP_CHECK(hipPointerGetAttributes(&a, reg + 8));
  CHECK_EQ((int)a.type, (int)hipMemoryTypeHost);
  CHECK_EQ(a.hostPointer, (void *)(reg + 8));
  HIP_CHECK(hipHostUnregister(reg));

  char *m = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&m, 4096, hipMemAttachGlobal));
  HIP_CHECK(hipPointerGetAttributes(&a, m + 1));
  CHECK_EQ((int)a.type, (int)hipMemoryTypeManaged);
  CHECK_EQ(a.isManaged, 1);
  CHECK_EQ(a.devicePointer, (void *)(m + 1));
  CHECK_EQ(a.hostPointer, (void *)(m + 1));

  // Unknown memory: a malloc() block, a stack address, the registered block after unregistering.
  char *plain = (char *)std::malloc(100);
  int local = 0;
  void *unknown[] = {plain, &local, reg};
  for (void *u : unknown) {
    std::memset(&a, 0, sizeof a);
    a.type = hipMemoryTypeDevice;
    HIP_CHECK(hipPointerGetAttributes(&a, u));
    CHECK_EQ((int)a.type, (int)hipMemoryTypeUnregistered);
  }
  std::free(plain);
  // A freed device pointer is no longer a device pointer.
  HIP_CHECK(hipFree(d));
  std::memset(&a, 0, sizeof a);
  hipError_t e = hipPointerGetAttributes(&a, d);
  CHECK(e != hipSuccess || a.type != hipMemoryTypeDevice, "freed device pointer still reported as device memory");
  (void)hipGetLastError();
  HIP_EXPECT(hipPointerGetAttributes(nullptr, m), hipErrorInvalidValue);
  (void)hipGetLastError();
  std::free(reg);
  HIP_CHECK(hipHostFree(h));
  HIP_CHECK(hipFree(m));
  return hip_test::pass();
}
