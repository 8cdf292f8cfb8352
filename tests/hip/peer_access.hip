// ENV: FERROCM_CPU_DEVICES=2
// Peer access between two devices with HIP's exact errors: hipDeviceCanAccessPeer (a device
// is not its own peer: 0; bad ordinals: hipErrorInvalidDevice), hipDeviceEnablePeerAccess
// (twice: hipErrorPeerAccessAlreadyEnabled; self: hipErrorInvalidDevice; flags != 0:
// hipErrorInvalidValue), hipDeviceDisablePeerAccess (not enabled:
// hipErrorPeerAccessNotEnabled), the same through hipCtxEnablePeerAccess; hipDeviceReset
// forgets what the device enabled; hipDeviceGetP2PAttribute (values, self and bad attribute
// errors); hipMemcpyPeer / hipMemcpyPeerAsync between the devices (odd sizes, offsets), the
// blocking copy serialised with the source device's pending kernel; a kernel on device 1
// reading device 0's memory once access is enabled.
// With fewer than 2 devices (e.g. one GPU) the program prints a skip message and passes.
#include "hip_test.h"

#include <thread>
#include <vector>

__global__ void scale_from(const int *src, int *dst, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = src[i] * k;
}

int main() {
  hip_test::watchdog(60, "peer_access");
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  if (count < 2) {
    printf("SKIP: peer_access needs 2 devices, found %d\n", count);
    return hip_test::pass();
  }
  int can = -1;
  HIP_CHECK(hipDeviceCanAccessPeer(&can, 0, 0));
  CHECK_EQ(can, 0);
  HIP_EXPECT(hipDeviceCanAccessPeer(&can, 0, count), hipErrorInvalidDevice);
  HIP_EXPECT(hipDeviceCanAccessPeer(&can, -1, 0), hipErrorInvalidDevice);
  HIP_EXPECT(hipDeviceCanAccessPeer(nullptr, 0, 1), hipErrorInvalidValue);
  HIP_CHECK(hipDeviceCanAccessPeer(&can, 0, 1));
  if (!can) {
    printf("SKIP: devices 0 and 1 cannot access each other\n");
    return hip_test::pass();
  }
  HIP_CHECK(hipDeviceCanAccessPeer(&can, 1, 0));
  CHECK_EQ(can, 1);

  // Enable/disable rules, from device 0.
  HIP_CHECK(hipSetDevice(0));
  HIP_EXPECT(hipDeviceEnablePeerAccess(0, 0), hipErrorInvalidDevice);
  HIP_EXPECT(hipDeviceEnablePeerAccess(count, 0), hipErrorInvalidDevice);
  HIP_EXPECT(hipDeviceEnablePeerAccess(1, 1), hipErrorInvalidValue);
  HIP_EXPECT(hipDeviceDisablePeerAccess(1), hipErrorPeerAccessNotEnabled);
  HIP_CHECK(hipDeviceEnablePeerAccess(1, 0));
  HIP_EXPECT(hipDeviceEnablePeerAccess(1, 0), hipErrorPeerAccessAlreadyEnabled);
  HIP_CHECK(hipDeviceDisablePeerAccess(1));
  HIP_EXPECT(hipDeviceDisablePeerAccess(1), hipErrorPeerAccessNotEnabled);
  // The last error after those: the last failure.
  CHECK_EQ(hipGetLastError(), hipErrorPeerAccessNotEnabled);

  // The same through contexts (the peer's primary context).
  hipCtx_t peer_ctx = nullptr;
  HIP_CHECK(hipDevicePrimaryCtxRetain(&peer_ctx, 1));
  HIP_CHECK(hipCtxEnablePeerAccess(peer_ctx, 0));
  HIP_EXPECT(hipDeviceEnablePeerAccess(1, 0), hipErrorPeerAccessAlreadyEnabled);
  HIP_CHECK(hipCtxDisablePeerAccess(peer_ctx));
  HIP_EXPECT(hipCtxDisablePeerAccess(peer_ctx), hipErrorPeerAccessNotEnabled);
  HIP_CHECK(hipDevicePrimaryCtxRelease(1));

#if !HIP_TEST_NVIDIA
  // A reset device forgets the access it enabled (a fresh context has none). On NVIDIA a
  // primary-context reset with peers enabled is left alone here: the lead's 2-GPU run
  // checks the rest.
  HIP_CHECK(hipDeviceEnablePeerAccess(1, 0));
  HIP_CHECK(hipDeviceReset());
  HIP_EXPECT(hipDeviceDisablePeerAccess(1), hipErrorPeerAccessNotEnabled);
#endif

  // P2P attributes.
  int v = -1;
  HIP_CHECK(hipDeviceGetP2PAttribute(&v, hipDevP2PAttrAccessSupported, 0, 1));
  CHECK_EQ(v, 1);
  HIP_CHECK(hipDeviceGetP2PAttribute(&v, hipDevP2PAttrPerformanceRank, 0, 1));
  CHECK(v >= 0, "performance rank %d", v);
  HIP_CHECK(hipDeviceGetP2PAttribute(&v, hipDevP2PAttrNativeAtomicSupported, 1, 0));
  CHECK(v == 0 || v == 1, "native atomics %d", v);
  HIP_CHECK(hipDeviceGetP2PAttribute(&v, hipDevP2PAttrHipArrayAccessSupported, 1, 0));
  CHECK(v == 0 || v == 1, "array access %d", v);
  HIP_EXPECT(hipDeviceGetP2PAttribute(&v, hipDevP2PAttrAccessSupported, 0, 0), hipErrorInvalidDevice);
  HIP_EXPECT(hipDeviceGetP2PAttribute(&v, hipDevP2PAttrAccessSupported, 0, count), hipErrorInvalidDevice);
  HIP_EXPECT(hipDeviceGetP2PAttribute(&v, (hipDeviceP2PAttr)77, 0, 1), hipErrorInvalidValue);
  HIP_EXPECT(hipDeviceGetP2PAttribute(nullptr, hipDevP2PAttrAccessSupported, 0, 1), hipErrorInvalidValue);

  // Peer copies.
  const int n = 100003;
  std::vector<int> host(n), back(n, 0);
  for (int i = 0; i < n; ++i) host[i] = i * 7 - 3;
  int *d0, *d1;
  HIP_CHECK(hipSetDevice(0));
  HIP_CHECK(hipMalloc((void **)&d0, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(d0, host.data(), n * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipSetDevice(1));
  HIP_CHECK(hipMalloc((void **)&d1, n * sizeof(int)));
  HIP_CHECK(hipMemset(d1, 0, n * sizeof(int)));
  HIP_CHECK(hipMemcpyPeer(d1 + 1, 1, d0 + 1, 0, (n - 2) * sizeof(int)));
  HIP_CHECK(hipMemcpy(back.data(), d1, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_EQ(back[0], 0);
  CHECK_EQ(back[n - 1], 0);
  for (int i = 1; i < n - 1; ++i) CHECK_EQ(back[i], host[i]);
  HIP_EXPECT(hipMemcpyPeer(d1, 1, d0, count, 4), hipErrorInvalidDevice);
  HIP_EXPECT(hipMemcpyPeer(d1, -1, d0, 0, 4), hipErrorInvalidDevice);

  // hipMemcpyPeer is serialised with the source device's pending work: a kernel on device 0
  // (held until a host thread releases it 30 ms later) writes the source; the copy issued
  // from device 1 must see what it wrote.
  {
    int *flag, *done;
    HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
    HIP_CHECK(hipHostMalloc((void **)&done, sizeof(int), 0));
    *flag = 0;
    hipStream_t s0;
    HIP_CHECK(hipSetDevice(0));
    HIP_CHECK(hipStreamCreate(&s0));
    hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, s0, flag, done, 1);
    hipLaunchKernelGGL(scale_from, dim3((n + 255) / 256), dim3(256), 0, s0, d0, d0, n, 2);
    HIP_CHECK(hipSetDevice(1));
    std::thread releaser([&] {
      hip_test::sleep_ms(30);
      hip_test::host_store(flag, 1);
    });
    HIP_CHECK(hipMemcpyPeer(d1, 1, d0, 0, n * sizeof(int)));
    releaser.join();
    HIP_CHECK(hipMemcpy(back.data(), d1, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) CHECK_EQ(back[i], host[i] * 2);
    HIP_CHECK(hipSetDevice(0));
    HIP_CHECK(hipStreamSynchronize(s0));
    HIP_CHECK(hipStreamDestroy(s0));
    // Back to the original data for the checks below.
    HIP_CHECK(hipMemcpy(d0, host.data(), n * sizeof(int), hipMemcpyHostToDevice));
    HIP_CHECK(hipSetDevice(1));
    HIP_CHECK(hipHostFree(flag));
    HIP_CHECK(hipHostFree(done));
  }

  hipStream_t s1;
  HIP_CHECK(hipStreamCreate(&s1));
  HIP_CHECK(hipMemsetAsync(d1, 0, n * sizeof(int), s1));
  HIP_CHECK(hipMemcpyPeerAsync(d1, 1, d0, 0, n * sizeof(int), s1));
  // Device 1 reads device 0's memory in a kernel once access is enabled.
  HIP_CHECK(hipDeviceEnablePeerAccess(0, 0));
  hipLaunchKernelGGL(scale_from, dim3((n + 255) / 256), dim3(256), 0, s1, d0, d1, n, 3);
  HIP_CHECK(hipStreamSynchronize(s1));
  HIP_CHECK(hipMemcpy(back.data(), d1, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) CHECK_EQ(back[i], host[i] * 3);
  HIP_CHECK(hipDeviceDisablePeerAccess(0));

  HIP_CHECK(hipStreamDestroy(s1));
  HIP_CHECK(hipFree(d1));
  HIP_CHECK(hipSetDevice(0));
  HIP_CHECK(hipFree(d0));
  return hip_test::pass();
}
