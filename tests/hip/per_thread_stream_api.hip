// HIPCC-FLAGS: -fgpu-default-stream=per-thread
// A program built for the per-thread default stream (-fgpu-default-stream=per-thread, which
// defines HIP_API_PER_THREAD_DEFAULT_STREAM): every stream-ordered call is its X_spt variant and
// the null stream means hipStreamPerThread. Four host threads each fill, launch, copy and record
// on "the" null stream at once; each must see only its own results, and an event recorded on the
// null stream must complete only after that thread's own work. Also: the _spt entry points are
// what the names resolve to, and hipGetProcAddress finds them.
#include "hip_test.h"
#include <thread>
#include <vector>

#if !defined(hipMemcpy) || !defined(hipStreamSynchronize) || !defined(hipLaunchKernel)
#error "HIP_API_PER_THREAD_DEFAULT_STREAM must rename the stream-ordered API to its _spt variants"
#endif

__global__ void add_value(int *p, int v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += v;
}

static void worker(int id, int *failures) {
  const int n = 1 << 14;
  int *d = nullptr;
  if (hipMalloc((void **)&d, n * sizeof(int)) != hipSuccess) { ++*failures; return; }
  std::vector<int> h(n, -1);
  hipEvent_t done;
  bool ok = hipEventCreate(&done) == hipSuccess;
  ok = ok && hipMemset(d, 0, n * sizeof(int)) == hipSuccess;            // hipMemset_spt
  for (int k = 0; k < 8 && ok; ++k) {
    add_value<<<(n + 255) / 256, 256>>>(d, id + 1, n);                  // null stream = per-thread
    ok = hipGetLastError() == hipSuccess;
  }
  ok = ok && hipEventRecord(done, 0) == hipSuccess;                     // hipEventRecord_spt
  ok = ok && hipEventSynchronize(done) == hipSuccess;
  ok = ok && hipMemcpyAsync(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost, 0) == hipSuccess;
  ok = ok && hipStreamSynchronize(0) == hipSuccess;                     // hipStreamSynchronize_spt
  ok = ok && hipStreamQuery(0) == hipSuccess;
  for (int i = 0; ok && i < n; ++i) ok = h[i] == 8 * (id + 1);
  int back[4] = {0, 0, 0, 0};
  ok = ok && hipMemcpy(back, d, sizeof back, hipMemcpyDeviceToHost) == hipSuccess;  // hipMemcpy_spt
  ok = ok && back[3] == 8 * (id + 1);
  if (!ok) {
    printf("thread %d: wrong result or error (h[0] = %d, expected %d)\n", id, h[0], 8 * (id + 1));
    ++*failures;
  }
  (void)hipEventDestroy(done);
  (void)hipFree(d);
}

int main() {
  void *pfn = nullptr;
  hipDriverProcAddressQueryResult status;
  HIP_CHECK(hipGetProcAddress("hipMemcpy_spt", &pfn, HIP_VERSION, 0, &status));
  CHECK(pfn != nullptr, "hipMemcpy_spt not found");

  int failures[4] = {0, 0, 0, 0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) threads.emplace_back(worker, t, &failures[t]);
  for (auto &t : threads) t.join();
  for (int t = 0; t < 4; ++t) CHECK_EQ(failures[t], 0);

  // A launch on the null stream runs on this thread's stream: while it spins, that
  // stream is busy (a launch on the legacy null stream would leave it idle).
  int *flag = nullptr, *done = nullptr;
  HIP_CHECK(hipExtHostAlloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipExtHostAlloc((void **)&done, sizeof(int), 0));
  *flag = 0;
  *done = 0;
  hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, 0, flag, done, 42);
  HIP_CHECK(hipGetLastError());
  HIP_EXPECT(hipStreamQuery(hipStreamPerThread), hipErrorNotReady);
  hip_test::host_store(flag, 1);
  HIP_CHECK(hipStreamSynchronize(0));
  CHECK_EQ(*done, 42);
  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(done));

  // A stream-ordered call with an explicit stream is unchanged; bad handles are still refused.
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  unsigned flags = 99;
  HIP_CHECK(hipStreamGetFlags(s, &flags));
  CHECK_EQ(flags, 0u);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_EXPECT(hipStreamSynchronize(s), hipErrorInvalidHandle);
  (void)hipGetLastError();
  printf("PASS\n");
  return 0;
}
