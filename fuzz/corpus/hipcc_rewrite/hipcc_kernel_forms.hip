// Kernel forms public programs use that hipcc's CPU path must compile and run: parameters of type
// void *__restrict__; a chevron launch of a template kernel whose template arguments are deduced
// from the call (shfl<<<g, b>>>(ptr, v)) and of overloaded kernels; extern __shared__ storage cast
// to another pointer type with reinterpret_cast (kernels split at their barriers, one under a
// uniform condition); a range-for over a local array with an auto& loop variable on both sides of a barrier.
#include "hip_test.h"

__global__ void copy_plus_one(void *__restrict__ out, const void *__restrict__ in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) static_cast<int *>(out)[i] = static_cast<const int *>(in)[i] + 1;
}

template <typename T> __global__ void fill_plus_lane(T *p, T v) { p[threadIdx.x] = v + static_cast<T>(threadIdx.x); }

__global__ void overloaded(int *p) { p[threadIdx.x] = 1; }
__global__ void overloaded(float *p) { p[threadIdx.x] = 2.5f; }

__global__ void rotate_split(float *out) {
  extern __shared__ unsigned char raw[];
  float *f = reinterpret_cast<float *>(raw);
  f[threadIdx.x] = static_cast<float>(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = f[(threadIdx.x + 1) % blockDim.x];
}

__global__ void rotate_guarded(double *out) {
  extern __shared__ unsigned char raw[];
  double *d = reinterpret_cast<double *>(raw);
  d[threadIdx.x] = threadIdx.x * 0.5;
  if (blockDim.x >= 32) {
    __syncthreads(); // under a uniform condition
  }
  out[threadIdx.x] = d[(threadIdx.x + 3) % blockDim.x];
}

__global__ void range_for(int *p) {
  int v[4] = {1, 2, 3, 4};
  for (auto &x : v) x += static_cast<int>(threadIdx.x);
  __syncthreads();
  int sum = 0;
  for (auto &x : v) sum += x;
  p[threadIdx.x] = sum;
}

int main() {
  const int n = 256;
  int *a = nullptr, *b = nullptr;
  float *f = nullptr;
  double *d = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&a, n * sizeof(int), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&b, n * sizeof(int), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&f, n * sizeof(float), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&d, n * sizeof(double), hipMemAttachGlobal));
  for (int i = 0; i < n; ++i) b[i] = 3 * i;

  copy_plus_one<<<2, 128>>>(a, b, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i) CHECK_EQ(a[i], 3 * i + 1);

  fill_plus_lane<<<1, 64>>>(a, 7); // T deduced as int
  fill_plus_lane<<<1, 64>>>(d, 0.25); // T deduced as double
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 64; ++i) CHECK_EQ(a[i], 7 + i);
  for (int i = 0; i < 64; ++i) CHECK_EQ(d[i], 0.25 + i);

  overloaded<<<1, 32>>>(a);
  overloaded<<<1, 32>>>(f);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 32; ++i) CHECK_EQ(a[i], 1);
  for (int i = 0; i < 32; ++i) CHECK_EQ(f[i], 2.5f);

  rotate_split<<<1, 64, 64 * sizeof(float)>>>(f);
  rotate_guarded<<<1, 64, 64 * sizeof(double)>>>(d);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 64; ++i) CHECK_EQ(f[i], static_cast<float>((i + 1) % 64));
  for (int i = 0; i < 64; ++i) CHECK_EQ(d[i], ((i + 3) % 64) * 0.5);

  range_for<<<1, 64>>>(a);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 64; ++i) CHECK_EQ(a[i], 10 + 4 * i);

  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
  HIP_CHECK(hipFree(f));
  HIP_CHECK(hipFree(d));
  std::printf("PASS\n");
  return 0;
}
