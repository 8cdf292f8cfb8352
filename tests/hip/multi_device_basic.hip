// ENV: FERROCM_CPU_DEVICES=3
// Several devices: each has its own properties (distinct PCI bus ids and UUIDs), memory
// accounting (hipMemGetInfo of one device drops when that device allocates, not the others),
// streams (hipStreamGetDevice) and kernels; hipSetDevice is per host thread; allocations
// report their owning device through hipPointerGetAttributes; hipMemcpy (Default and
// DeviceToDevice) copies between devices; an event recorded on one device's stream orders a
// stream of another device (hipStreamWaitEvent), and hipDeviceSynchronize is per device;
// hipDeviceReset of one device leaves another's memory, streams and events working.
// With fewer than 2 devices (e.g. one GPU) the program prints a skip message and passes.
#include "hip_test.h"

#include <cstring>
#include <thread>
#include <vector>

__global__ void fill(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v + i;
}

__global__ void add_from(const int *src, int *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] += src[i];
}

int main() {
  hip_test::watchdog(60, "multi_device_basic");
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  if (count < 2) {
    printf("SKIP: multi_device_basic needs 2 devices, found %d\n", count);
    return hip_test::pass();
  }
#if !HIP_TEST_NVIDIA
  // FERROCM_CPU_DEVICES=3 on the CPU platform.
  CHECK_EQ(count, 3);
#endif
  const int n = 1000;

  // Distinct identities.
  std::vector<hipDeviceProp_t> props(count);
  for (int d = 0; d < count; ++d) HIP_CHECK(hipGetDeviceProperties(&props[d], d));
  for (int a = 0; a < count; ++a) {
    for (int b = a + 1; b < count; ++b) {
      CHECK(memcmp(&props[a].uuid, &props[b].uuid, sizeof(props[a].uuid)) != 0,
            "devices %d and %d share a UUID", a, b);
      char bus_a[64], bus_b[64];
      HIP_CHECK(hipDeviceGetPCIBusId(bus_a, sizeof bus_a, a));
      HIP_CHECK(hipDeviceGetPCIBusId(bus_b, sizeof bus_b, b));
      CHECK(strcmp(bus_a, bus_b) != 0, "devices %d and %d share PCI bus id %s", a, b, bus_a);
      int found = -1;
      HIP_CHECK(hipDeviceGetByPCIBusId(&found, bus_b));
      CHECK_EQ(found, b);
    }
  }

  // hipSetDevice is per host thread.
  HIP_CHECK(hipSetDevice(0));
  std::thread t([&] {
    int d = -1;
    HIP_CHECK(hipGetDevice(&d));
    CHECK_EQ(d, 0);  // a new thread starts on device 0
    HIP_CHECK(hipSetDevice(count - 1));
    HIP_CHECK(hipGetDevice(&d));
    CHECK_EQ(d, count - 1);
  });
  t.join();
  int cur = -1;
  HIP_CHECK(hipGetDevice(&cur));
  CHECK_EQ(cur, 0);

  // One buffer, stream and kernel per device; allocations belong to their device.
  std::vector<int *> buf(count);
  std::vector<hipStream_t> streams(count);
  for (int d = 0; d < count; ++d) {
    HIP_CHECK(hipSetDevice(d));
    size_t free_before = 0, total = 0;
    HIP_CHECK(hipMemGetInfo(&free_before, &total));
    CHECK(total > 0 && free_before <= total, "device %d: free %zu total %zu", d, free_before, total);
    CHECK(total <= props[d].totalGlobalMem, "device %d: total %zu > totalGlobalMem %zu", d,
          total, props[d].totalGlobalMem);
    HIP_CHECK(hipMalloc((void **)&buf[d], n * sizeof(int)));
    HIP_CHECK(hipStreamCreate(&streams[d]));
    int sd = -1;
    HIP_CHECK(hipStreamGetDevice(streams[d], &sd));
    CHECK_EQ(sd, d);
    hipPointerAttribute_t attr;
    HIP_CHECK(hipPointerGetAttributes(&attr, buf[d] + 10));
    CHECK_EQ(attr.device, d);
    CHECK_EQ((int)attr.type, (int)hipMemoryTypeDevice);
    hipLaunchKernelGGL(fill, dim3((n + 255) / 256), dim3(256), 0, streams[d], buf[d], n, 1000 * d);
  }
#if !HIP_TEST_NVIDIA
  // Memory accounting is per device: a 64 MiB allocation on device 1 shows in its free memory
  // and not in device 2's (each CPU device accounts for its share of host memory; a GPU's free
  // memory also moves with other processes, so this is checked on the CPU only).
  {
    size_t f1a, f1b, f2a, f2b, t1, t2;
    HIP_CHECK(hipSetDevice(1));
    HIP_CHECK(hipMemGetInfo(&f1a, &t1));
    HIP_CHECK(hipSetDevice(2));
    HIP_CHECK(hipMemGetInfo(&f2a, &t2));
    HIP_CHECK(hipSetDevice(1));
    void *big;
    HIP_CHECK(hipMalloc(&big, 64 << 20));
    HIP_CHECK(hipMemGetInfo(&f1b, &t1));
    HIP_CHECK(hipSetDevice(2));
    HIP_CHECK(hipMemGetInfo(&f2b, &t2));
    CHECK_EQ(f1b + (64 << 20), f1a);
    CHECK_EQ(f2b, f2a);
    CHECK_EQ(t1, t2);
    HIP_CHECK(hipSetDevice(1));
    HIP_CHECK(hipFree(big));
  }
#endif
  for (int d = 0; d < count; ++d) {
    HIP_CHECK(hipSetDevice(d));
    HIP_CHECK(hipDeviceSynchronize());
  }

  // Cross-device copies: default and device-to-device, from device 0's current device.
  HIP_CHECK(hipSetDevice(0));
  std::vector<int> host(n);
  HIP_CHECK(hipMemcpy(buf[0], buf[1], n * sizeof(int), hipMemcpyDefault));
  HIP_CHECK(hipMemcpy(host.data(), buf[0], n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) CHECK_EQ(host[i], 1000 + i);
  HIP_CHECK(hipMemcpy(buf[1], buf[count - 1], n * sizeof(int), hipMemcpyDeviceToDevice));
  HIP_CHECK(hipMemcpy(host.data(), buf[1], n * sizeof(int), hipMemcpyDefault));
  for (int i = 0; i < n; ++i) CHECK_EQ(host[i], 1000 * (count - 1) + i);

  // Events across devices: device 1's stream waits for an event recorded after a held kernel
  // on device 0's stream, then copies device 0's data (hipMemcpyPeerAsync: no peer access
  // needed) and adds it into its own.
  int *flag, *done;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&done, sizeof(int), 0));
  *flag = 0;
  hipEvent_t ev;
  HIP_CHECK(hipSetDevice(0));
  HIP_CHECK(hipEventCreateWithFlags(&ev, hipEventDisableTiming));
  hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, streams[0], flag, done, 1);
  hipLaunchKernelGGL(fill, dim3((n + 255) / 256), dim3(256), 0, streams[0], buf[0], n, 5);
  HIP_CHECK(hipEventRecord(ev, streams[0]));
  HIP_CHECK(hipSetDevice(1));
  int *tmp1;
  HIP_CHECK(hipMalloc((void **)&tmp1, n * sizeof(int)));
  HIP_CHECK(hipStreamWaitEvent(streams[1], ev, 0));
  HIP_CHECK(hipMemcpyPeerAsync(tmp1, 1, buf[0], 0, n * sizeof(int), streams[1]));
  hipLaunchKernelGGL(add_from, dim3((n + 255) / 256), dim3(256), 0, streams[1], tmp1, buf[1], n);
  hip_test::sleep_ms(20);
  HIP_EXPECT(hipStreamQuery(streams[1]), hipErrorNotReady);
  // hipDeviceSynchronize is per device: device 2 has nothing pending.
  HIP_CHECK(hipSetDevice(count - 1));
  HIP_CHECK(hipDeviceSynchronize());
  HIP_EXPECT(hipStreamQuery(streams[1]), hipErrorNotReady);
  hip_test::host_store(flag, 1);
  HIP_CHECK(hipSetDevice(1));
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(host.data(), buf[1], n * sizeof(int), hipMemcpyDefault));
  for (int i = 0; i < n; ++i) CHECK_EQ(host[i], 1000 * (count - 1) + i + 5 + i);
  HIP_CHECK(hipFree(tmp1));

  for (int d = 0; d < count; ++d) {
    HIP_CHECK(hipSetDevice(d));
    HIP_CHECK(hipStreamDestroy(streams[d]));
    HIP_CHECK(hipFree(buf[d]));
  }
  HIP_CHECK(hipEventDestroy(ev));
  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(done));

  // hipDeviceReset of device 0 leaves device 1's memory, streams and events alone.
  HIP_CHECK(hipSetDevice(1));
  int *keep;
  hipStream_t s1;
  hipEvent_t e1;
  HIP_CHECK(hipMalloc((void **)&keep, n * sizeof(int)));
  HIP_CHECK(hipStreamCreate(&s1));
  HIP_CHECK(hipEventCreate(&e1));
  HIP_CHECK(hipSetDevice(0));
  int *gone;
  HIP_CHECK(hipMalloc((void **)&gone, 64));
  HIP_CHECK(hipDeviceReset());
  hipPointerAttribute_t pa;
  HIP_CHECK(hipPointerGetAttributes(&pa, keep));
  CHECK_EQ(pa.device, 1);
  HIP_CHECK(hipSetDevice(1));
  hipLaunchKernelGGL(fill, dim3((n + 255) / 256), dim3(256), 0, s1, keep, n, 7);
  HIP_CHECK(hipEventRecord(e1, s1));
  HIP_CHECK(hipEventSynchronize(e1));
  HIP_CHECK(hipMemcpy(host.data(), keep, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) CHECK_EQ(host[i], 7 + i);
  HIP_CHECK(hipEventDestroy(e1));
  HIP_CHECK(hipStreamDestroy(s1));
  HIP_CHECK(hipFree(keep));
  return hip_test::pass();
}
