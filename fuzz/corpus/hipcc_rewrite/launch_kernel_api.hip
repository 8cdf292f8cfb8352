// hipLaunchKernel(func, grid, block, void **args, shm, stream) for registered kernels: argument
// packing with mixed alignments, dynamic shared memory, streams, namespaced kernels; an address
// that is not a kernel -> hipErrorInvalidDeviceFunction.
#include "hip_test.h"

__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
__global__ void packed(char c, double d, int *out, short s, long long ll) {
  out[0] = c;
  out[1] = (int)d;
  out[2] = s;
  out[3] = (int)(ll >> 32);
  out[4] = (int)(ll & 0xffffffff);
}
__global__ void dyn_reverse(int *p) {
  extern __shared__ int tmp[];
  tmp[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = tmp[blockDim.x - 1 - threadIdx.x];
}
namespace ns {
__global__ void set(int *p, int v) { p[threadIdx.x] = v; }
} // namespace ns

static void not_a_kernel(int *) {}

int main() {
  const int n = 3000;
  float *x, *y;
  HIP_CHECK(hipMallocManaged((void **)&x, n * sizeof(float), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&y, n * sizeof(float), hipMemAttachGlobal));
  for (int i = 0; i < n; ++i) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }
  float a = 2.0f;
  int nn = n;
  void *args[] = {&a, &x, &y, &nn};
  HIP_CHECK(hipLaunchKernel((const void *)axpy, dim3((n + 255) / 256), dim3(256), args, 0, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i)
    if (y[i] != 2.0f * i + 1.0f) FAIL_AT("y[%d] = %g, expected %g", i, y[i], 2.0f * i + 1.0f);

  int *out = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&out, 1024 * sizeof(int), hipMemAttachGlobal));
  char c = -5;
  double d = 12345.0;
  short sh = -300;
  long long ll = (7LL << 32) | 99;
  void *pargs[] = {&c, &d, &out, &sh, &ll};
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipLaunchKernel((const void *)packed, dim3(1), dim3(1), pargs, 0, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(out[0], -5);
  CHECK_EQ(out[1], 12345);
  CHECK_EQ(out[2], -300);
  CHECK_EQ(out[3], 7);
  CHECK_EQ(out[4], 99);

  for (int i = 0; i < 1024; ++i) out[i] = i;
  void *rargs[] = {&out};
  HIP_CHECK(hipLaunchKernel((const void *)dyn_reverse, dim3(1), dim3(1024), rargs, 1024 * sizeof(int), s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < 1024; ++i) CHECK_EQ(out[i], 1023 - i);

  int v = 31;
  void *sargs[] = {&out, &v};
  HIP_CHECK(hipLaunchKernel((const void *)ns::set, dim3(1), dim3(100), sargs, 0, s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < 100; ++i) CHECK_EQ(out[i], 31);
  CHECK_EQ(out[100], 1023 - 100);

  // Not a kernel: nothing runs, the error is returned and recorded.
  void *bargs[] = {&out};
  HIP_EXPECT(hipLaunchKernel((const void *)not_a_kernel, dim3(1), dim3(1), bargs, 0, nullptr),
             hipErrorInvalidDeviceFunction);
  HIP_EXPECT(hipGetLastError(), hipErrorInvalidDeviceFunction);
  HIP_EXPECT(hipLaunchKernel(nullptr, dim3(1), dim3(1), bargs, 0, nullptr), hipErrorInvalidDeviceFunction);
  (void)hipGetLastError();
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(x));
  HIP_CHECK(hipFree(y));
  HIP_CHECK(hipFree(out));
  return hip_test::pass();
}
