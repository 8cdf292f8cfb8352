// kernel<<<...>>>(args) through hipcc: 2, 3 and 4 configuration arguments, dim3 and integer
// configurations, expressions with '>>' inside the configuration, templates, kernels in a
// namespace, launches from a template function, a lambda and a member function.
#include "hip_test.h"

__global__ void vadd(const int *a, const int *b, int *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
__global__ void dyn_sum(const int *in, int *out) {
  extern __shared__ int buf[];
  buf[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    int s = 0;
    for (unsigned i = 0; i < blockDim.x; ++i) s += buf[i];
    *out = s;
  }
}
template <typename T> __global__ void fill(T *p, T v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}
namespace outer {
namespace inner {
__global__ void mark(int *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 7; }
} // namespace inner
} // namespace outer

template <typename T> void launch_fill(T *p, T v, int n, hipStream_t s) {
  fill<T><<<(n + 127) / 128, 128, 0, s>>>(p, v, n);
}

struct Launcher {
  int *p;
  void go(int n) { fill<int><<<dim3(n), dim3(1)>>>(p, 42, n); }
};

static void expect_all(const int *p, int n, int v, const char *what) {
  for (int i = 0; i < n; ++i)
    if (p[i] != v) FAIL_AT("%s: element %d = %d, expected %d", what, i, p[i], v);
}

int main() {
  const int n = 5000;
  int *a, *b, *c;
  HIP_CHECK(hipMallocManaged((void **)&a, n * sizeof(int), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&b, n * sizeof(int), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&c, n * sizeof(int), hipMemAttachGlobal));
  for (int i = 0; i < n; ++i) {
    a[i] = i;
    b[i] = 10 * i;
  }
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));

  // 2 arguments, integers.
  std::memset(c, 0, n * sizeof(int));
  vadd<<<(n + 255) / 256, 256>>>(a, b, c, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i) CHECK_EQ(c[i], 11 * i);
  // 3 arguments, dim3 and a shift expression.
  std::memset(c, 0, n * sizeof(int));
  vadd<<<dim3((n + 255) >> 8), dim3(256), 0>>>(a, b, c, n);
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i) CHECK_EQ(c[i], 11 * i);
  // 4 arguments, on a stream.
  std::memset(c, 0, n * sizeof(int));
  vadd<<<dim3(40), dim3(128), 0, s>>>(a, b, c, n);
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < n; ++i) CHECK_EQ(c[i], 11 * i);
  // Dynamic shared memory from the 3rd argument.
  int *out = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&out, sizeof(int), hipMemAttachGlobal));
  *out = 0;
  dyn_sum<<<1, 500, 500 * sizeof(int), s>>>(a, out);
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(*out, 500 * 499 / 2);
  // Templates, explicit and from a template function.
  double *dp = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&dp, 300 * sizeof(double), hipMemAttachGlobal));
  fill<double><<<3, 100>>>(dp, 2.5, 300);
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 300; ++i) CHECK_EQ(dp[i], 2.5);
  launch_fill(c, -3, n, s);
  HIP_CHECK(hipStreamSynchronize(s));
  expect_all(c, n, -3, "template function launch");
  // Namespaced kernel.
  outer::inner::mark<<<dim3(10), dim3(64)>>>(c);
  HIP_CHECK(hipDeviceSynchronize());
  expect_all(c, 640, 7, "namespaced kernel");
  // From a member function and a lambda.
  Launcher l{c};
  l.go(77);
  HIP_CHECK(hipDeviceSynchronize());
  expect_all(c, 77, 42, "member function launch");
  auto lam = [&](int v) { fill<int><<<1, 64, 0, s>>>(c, v, 64); };
  lam(-9);
  HIP_CHECK(hipStreamSynchronize(s));
  expect_all(c, 64, -9, "lambda launch");
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
  HIP_CHECK(hipFree(c));
  HIP_CHECK(hipFree(dp));
  HIP_CHECK(hipFree(out));
  return hip_test::pass();
}
