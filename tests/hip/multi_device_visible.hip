// ENV: FERROCM_CPU_DEVICES=3
// ENV: HIP_VISIBLE_DEVICES=2,0
// HIP_VISIBLE_DEVICES selects and renumbers devices: of three CPU devices, "2,0" makes two
// visible, device 0 being the third physical one (PCI bus 2, its UUID) and device 1 the first;
// allocations, streams and kernels on the renumbered devices work and report the new ordinals.
// On NVIDIA the list names GPUs the machine may not have: the program prints a skip message
// and passes there (CPU devices only).
#include "hip_test.h"

#include <cstring>

__global__ void write_v(int *p, int v) { *p = v; }

int main() {
#if HIP_TEST_NVIDIA
  printf("SKIP: multi_device_visible uses FERROCM_CPU_DEVICES (CPU platform only)\n");
  return hip_test::pass();
#else
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  CHECK_EQ(count, 2);
  char bus[2][64];
  for (int d = 0; d < 2; ++d) HIP_CHECK(hipDeviceGetPCIBusId(bus[d], sizeof bus[d], d));
  // Physical devices 2 and 0: bus numbers 2 and 0 (domain:bus:device.function).
  CHECK(strcmp(bus[0], "0000:02:00.0") == 0, "device 0 bus id %s", bus[0]);
  CHECK(strcmp(bus[1], "0000:00:00.0") == 0, "device 1 bus id %s", bus[1]);
  hipDeviceProp_t p0, p1;
  HIP_CHECK(hipGetDeviceProperties(&p0, 0));
  HIP_CHECK(hipGetDeviceProperties(&p1, 1));
  CHECK_EQ(p0.pciBusID, 2);
  CHECK_EQ(p1.pciBusID, 0);
  CHECK(memcmp(&p0.uuid, &p1.uuid, sizeof p0.uuid) != 0, "the two visible devices share a UUID");
  HIP_EXPECT(hipSetDevice(2), hipErrorInvalidDevice);
  for (int d = 0; d < 2; ++d) {
    HIP_CHECK(hipSetDevice(d));
    int *x;
    HIP_CHECK(hipMalloc((void **)&x, sizeof(int)));
    hipPointerAttribute_t a;
    HIP_CHECK(hipPointerGetAttributes(&a, x));
    CHECK_EQ(a.device, d);
    hipStream_t s;
    HIP_CHECK(hipStreamCreate(&s));
    hipLaunchKernelGGL(write_v, dim3(1), dim3(1), 0, s, x, 40 + d);
    int v = 0;
    HIP_CHECK(hipMemcpyAsync(&v, x, sizeof v, hipMemcpyDeviceToHost, s));
    HIP_CHECK(hipStreamSynchronize(s));
    CHECK_EQ(v, 40 + d);
    HIP_CHECK(hipStreamDestroy(s));
    HIP_CHECK(hipFree(x));
  }
  return hip_test::pass();
#endif
}
