// No spinning when idle: after a kernel and a synchronisation, a 1 s host sleep adds less than
// 0.1 s of user+system CPU time to the process (HIP-CPU: 99% of a core forever).
#include "hip_test.h"
#include <sys/resource.h>

__global__ void k(int *p) { p[threadIdx.x] = threadIdx.x; }

static double cpu_s() {
  rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

int main() {
  int *p;
  HIP_CHECK(hipMalloc(&p, 1024 * sizeof(int)));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  hipLaunchKernelGGL(k, dim3(1), dim3(1024), 0, 0, p);
  hipLaunchKernelGGL(k, dim3(1), dim3(1024), 0, s, p);
  HIP_CHECK(hipDeviceSynchronize());
  double c0 = cpu_s();
  hip_test::sleep_ms(1000);
  double used = cpu_s() - c0;
  std::printf("CPU time during 1 s idle: %.3f s\n", used);
  CHECK(used < 0.1, "the idle runtime used %.3f s of CPU in 1 s", used);
  std::vector<int> h(1024);
  HIP_CHECK(hipMemcpy(h.data(), p, 1024 * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < 1024; ++i) CHECK_EQ(h[i], i);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(p));
  return hip_test::pass();
}
