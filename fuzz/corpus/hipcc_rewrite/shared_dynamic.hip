// Dynamic shared memory through `extern __shared__` and HIP_DYNAMIC_SHARED: sizes from 4 bytes to
// the per-block limit minus the static part, two kernels with different dynamic sizes run
// back to back and interleaved on two streams, dynamic + static shared in one kernel, doubles.
#include "hip_test.h"

__global__ void scan_extern(const int *in, int *out) {
  extern __shared__ int sdata[];
  int t = threadIdx.x;
  sdata[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (int off = 1; off < (int)blockDim.x; off *= 2) {
    int v = t >= off ? sdata[t - off] : 0;
    __syncthreads();
    sdata[t] += v;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = sdata[t];
}

__global__ void reverse_macro(double *p, int n_per_block) {
  HIP_DYNAMIC_SHARED(double, buf)
  int t = threadIdx.x;
  for (int i = t; i < n_per_block; i += blockDim.x) buf[i] = p[blockIdx.x * n_per_block + i];
  __syncthreads();
  for (int i = t; i < n_per_block; i += blockDim.x) p[blockIdx.x * n_per_block + i] = buf[n_per_block - 1 - i];
}

__global__ void fill_all(unsigned char *out, size_t bytes) {
  extern __shared__ unsigned char raw[];
  __shared__ int static_part[64];
  for (size_t i = threadIdx.x; i < bytes; i += blockDim.x) raw[i] = (unsigned char)(i * 7 + blockIdx.x);
  static_part[threadIdx.x % 64] = 5;
  __syncthreads();
  unsigned sum = 0;
  for (size_t i = threadIdx.x; i < bytes; i += blockDim.x) sum += raw[i] == (unsigned char)(i * 7 + blockIdx.x);
  atomicAdd((unsigned *)out, sum + (static_part[(threadIdx.x + 1) % 64] == 5 ? 0 : 1000000));
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const int bs = 256, blocks = 16;
  int *in, *out;
  HIP_CHECK(hipMallocManaged((void **)&in, bs * blocks * sizeof(int), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&out, bs * blocks * sizeof(int), hipMemAttachGlobal));
  for (int i = 0; i < bs * blocks; ++i) in[i] = i % 17;
  hipLaunchKernelGGL(scan_extern, dim3(blocks), dim3(bs), bs * sizeof(int), 0, in, out);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int b = 0; b < blocks; ++b) {
    int acc = 0;
    for (int t = 0; t < bs; ++t) {
      acc += in[b * bs + t];
      if (out[b * bs + t] != acc) FAIL_AT("scan block %d thread %d: %d, expected %d", b, t, out[b * bs + t], acc);
    }
  }
  // Two kernels with different dynamic sizes, interleaved on two streams.
  hipStream_t s1, s2;
  HIP_CHECK(hipStreamCreate(&s1));
  HIP_CHECK(hipStreamCreate(&s2));
  const int per_block = 3000; // 24000 bytes of doubles
  double *d = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&d, (size_t)per_block * blocks * sizeof(double), hipMemAttachGlobal));
  for (int i = 0; i < per_block * blocks; ++i) d[i] = i;
  for (int rep = 0; rep < 3; ++rep) {
    hipLaunchKernelGGL(reverse_macro, dim3(blocks), dim3(128), per_block * sizeof(double), s1, d, per_block);
    hipLaunchKernelGGL(scan_extern, dim3(blocks), dim3(bs), bs * sizeof(int), s2, in, out);
  }
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int b = 0; b < blocks; ++b)
    for (int i = 0; i < per_block; ++i) {
      double want = b * per_block + (per_block - 1 - i); // reversed 3 times = reversed once
      if (d[b * per_block + i] != want) FAIL_AT("reverse block %d index %d: %g, expected %g", b, i, d[b * per_block + i], want);
    }
  // The largest allowed dynamic size (per-block limit minus the kernel's static shared).
  hipFuncAttributes fa;
  HIP_CHECK(hipFuncGetAttributes(&fa, (const void *)fill_all));
  size_t max_dyn = prop.sharedMemPerBlock - fa.sharedSizeBytes;
  const size_t sizes[] = {4, 1000, 4096, max_dyn / 2, max_dyn};
  unsigned *cnt = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&cnt, sizeof(unsigned), hipMemAttachGlobal));
  for (size_t sz : sizes) {
    *cnt = 0;
    hipLaunchKernelGGL(fill_all, dim3(4), dim3(128), sz, 0, (unsigned char *)cnt, sz);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    CHECK(*cnt == 4 * sz, "dynamic size %zu: %u bytes verified, expected %zu", sz, *cnt, 4 * sz);
  }
  HIP_CHECK(hipStreamDestroy(s1));
  HIP_CHECK(hipStreamDestroy(s2));
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(cnt));
  return hip_test::pass();
}
