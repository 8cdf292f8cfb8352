// Launch + synchronise round trips stay below HIP-CPU's measured figures (empty 1x1 kernel:
// 43.5 us on a created stream, 79.4 us on the null stream; synchronous 1 kB hipMemcpy 86 us;
// median of 1000), and no thread is created on the launch/synchronise path (the process's
// thread count is the same after 1000 more round trips).
#include "hip_test.h"
#include <algorithm>
#include <dirent.h>

__global__ void empty_k() {}

static int thread_count() {
  int n = 0;
  DIR *d = opendir("/proc/self/task");
  if (!d) return -1;
  while (dirent *e = readdir(d))
    if (e->d_name[0] != '.') ++n;
  closedir(d);
  return n;
}

template <typename F> static double median_us(int reps, F f) {
  std::vector<double> v(reps);
  for (int i = 0; i < reps; ++i) {
    double t0 = hip_test::now_s();
    f();
    v[i] = (hip_test::now_s() - t0) * 1e6;
  }
  std::sort(v.begin(), v.end());
  return v[reps / 2];
}

int main() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  char *d;
  HIP_CHECK(hipMalloc(&d, 1024));
  std::vector<char> h(1024, 1);
  for (int i = 0; i < 200; ++i) { // warm up
    hipLaunchKernelGGL(empty_k, dim3(1), dim3(1), 0, s);
    HIP_CHECK(hipStreamSynchronize(s));
    hipLaunchKernelGGL(empty_k, dim3(1), dim3(1), 0, 0);
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipMemcpy(d, h.data(), 1024, hipMemcpyHostToDevice));
  }
  int threads_before = thread_count();
  double stream_us = median_us(1000, [&] {
    hipLaunchKernelGGL(empty_k, dim3(1), dim3(1), 0, s);
    (void)hipStreamSynchronize(s);
  });
  double null_us = median_us(1000, [&] {
    hipLaunchKernelGGL(empty_k, dim3(1), dim3(1), 0, 0);
    (void)hipDeviceSynchronize();
  });
  double copy_us = median_us(1000, [&] { (void)hipMemcpy(d, h.data(), 1024, hipMemcpyHostToDevice); });
  int threads_after = thread_count();
  HIP_CHECK(hipGetLastError());
  std::printf("median round trip: created stream %.1f us, null stream %.1f us, 1 kB hipMemcpy %.1f us; threads %d -> %d\n",
              stream_us, null_us, copy_us, threads_before, threads_after);
  CHECK(stream_us < 43.5, "created-stream launch+sync median %.1f us (HIP-CPU: 43.5 us)", stream_us);
  CHECK(null_us < 79.4, "null-stream launch+sync median %.1f us (HIP-CPU: 79.4 us)", null_us);
  CHECK(copy_us < 86.0, "1 kB hipMemcpy median %.1f us (HIP-CPU: 86 us)", copy_us);
  CHECK(threads_before > 0 && threads_after == threads_before, "thread count changed from %d to %d", threads_before,
        threads_after);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipStreamDestroy(s));
  return hip_test::pass();
}
