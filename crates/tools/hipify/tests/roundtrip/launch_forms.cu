// hipify: --hip-kernel-execution-syntax
// Launch forms: a template kernel with dynamic shared memory on a stream (becomes
// hipLaunchKernelGGL(HIP_KERNEL_NAME(...))) and cudaLaunchKernel with an argument array.
#include <cuda_runtime.h>
#include <cstdio>

template <typename T, int Scale>
__global__ void scaled_copy(const T *in, T *out, int n) {
  extern __shared__ int buf[]; // instantiated with T = int only
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) buf[threadIdx.x] = in[i] * Scale;
  __syncthreads();
  if (i < n) out[i] = buf[threadIdx.x];
}

__global__ void add_one(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

int main() {
  const int n = 1000;
  int *in, *out;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&out, n * sizeof(int));
  for (int i = 0; i < n; ++i) in[i] = i;
  cudaStream_t s;
  cudaStreamCreate(&s);
  scaled_copy<int, 3><<<(n + 127) / 128, 128, 128 * sizeof(int), s>>>(in, out, n);
  cudaStreamSynchronize(s);
  int count = n;
  void *args[] = {&out, &count};
  cudaLaunchKernel((const void *)add_one, dim3((n + 63) / 64), dim3(64), args, 0, s);
  cudaStreamSynchronize(s);
  for (int i = 0; i < n; ++i) {
    if (out[i] != 3 * i + 1) { std::printf("FAILED at %d: %d\n", i, out[i]); return 1; }
  }
  cudaStreamDestroy(s);
  cudaFree(in);
  cudaFree(out);
  std::printf("PASSED\n");
  return 0;
}
