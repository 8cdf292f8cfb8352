// Code object for module_api.hip, built with `hipcc --genco` (see README.md).
#include <hip/hip_runtime.h>

__device__ int mod_counter;
__device__ float mod_table[4] = {1.0f, 2.0f, 3.0f, 4.0f};

extern "C" __global__ void scale_c(float *p, float f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= f;
}

// C++ linkage: found by its mangled name _Z7add_cppPiii.
__global__ void add_cpp(int *p, int v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += v;
}

namespace modns {
// _ZN5modns5twiceEPd
__global__ void twice(double *p) { p[threadIdx.x] *= 2.0; }
} // namespace modns

extern "C" __global__ void block_sum(const int *in, int *out) {
  extern __shared__ int buf[];
  __shared__ int total;
  if (threadIdx.x == 0) total = 0;
  buf[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  atomicAdd(&total, buf[blockDim.x - 1 - threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}

extern "C" __global__ void bump(int v) {
  atomicAdd(&mod_counter, v);
}

extern "C" __global__ void read_table(float *out) { out[threadIdx.x] = mod_table[threadIdx.x % 4]; }

// Template instances, found by their mangled names: _Z9fill_tmplIiEvPT_S0_ (int) and
// _Z9fill_tmplIdEvPT_S0_ (double).
template <typename T> __global__ void fill_tmpl(T *p, T v) { p[threadIdx.x] = v + static_cast<T>(threadIdx.x); }
template __global__ void fill_tmpl<int>(int *, int);
template __global__ void fill_tmpl<double>(double *, double);
