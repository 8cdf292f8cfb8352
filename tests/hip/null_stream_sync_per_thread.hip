// hipStreamSynchronize(nullptr) waits for work queued before it on hipStreamPerThread and on
// created blocking streams (the legacy null stream synchronises with every blocking stream; ROCm
// waits for the device's active streams), but not for a non-blocking stream. On NVIDIA this is
// the CUDA driver's behaviour, which the first part does not assert.
#include "hip_test.h"

#include <thread>

int main() {
  hip_test::watchdog(30, "null stream synchronisation");
  int *flag = nullptr, *done = nullptr;
  HIP_CHECK(hipHostMalloc(&flag, sizeof(int), hipHostMallocDefault));
  HIP_CHECK(hipHostMalloc(&done, sizeof(int), hipHostMallocDefault));
  hipStream_t blocking, nonblocking;
  HIP_CHECK(hipStreamCreate(&blocking));
  HIP_CHECK(hipStreamCreateWithFlags(&nonblocking, hipStreamNonBlocking));

#if !HIP_TEST_NVIDIA
  for (hipStream_t s : {hipStreamPerThread, blocking}) {
    hip_test::host_store(flag, 0);
    *done = 0;
    hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, s, flag, done, 7);
    HIP_CHECK(hipGetLastError());
    std::thread release([&] {
      hip_test::sleep_ms(50);
      hip_test::host_store(flag, 1);
    });
    HIP_CHECK(hipStreamSynchronize(nullptr));
    CHECK(hip_test::host_load(done) == 7, "hipStreamSynchronize(nullptr) returned before the %s kernel ran",
          s == hipStreamPerThread ? "hipStreamPerThread" : "blocking-stream");
    release.join();
  }
#endif

  // A non-blocking stream is independent: the null stream's synchronisation returns while its
  // kernel still spins.
  hip_test::host_store(flag, 0);
  *done = 0;
  hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, nonblocking, flag, done, 9);
  HIP_CHECK(hipStreamSynchronize(nullptr));
  CHECK(hip_test::host_load(done) == 0, "the non-blocking stream's kernel finished before its release");
  hip_test::host_store(flag, 1);
  HIP_CHECK(hipStreamSynchronize(nonblocking));
  CHECK_EQ(hip_test::host_load(done), 9);

  HIP_CHECK(hipStreamDestroy(blocking));
  HIP_CHECK(hipStreamDestroy(nonblocking));
  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(done));
  std::printf("PASS\n");
  return 0;
}
