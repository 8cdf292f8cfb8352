// A CUDA program as CUDA users write it: hipify's output must build with hipcc and pass.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

#define CUDA_CHECK(call)                                                   \
  do {                                                                     \
    cudaError_t e = (call);                                                \
    if (e != cudaSuccess) {                                                \
      std::printf("CUDA error %s at line %d\n", cudaGetErrorString(e), __LINE__); \
      return 1;                                                            \
    }                                                                      \
  } while (0)

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main() {
  const int n = 10000;
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) { a[i] = float(i); b[i] = 2.0f * i; }
  float *da, *db, *dc;
  CUDA_CHECK(cudaMalloc(&da, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&db, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dc, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(db, b.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  int threads = 256, blocks = (n + threads - 1) / threads;
  vector_add<<<blocks, threads>>>(da, db, dc, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(c.data(), dc, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    if (c[i] != 3.0f * i) { std::printf("FAILED at %d\n", i); return 1; }
  }
  cudaFree(da); cudaFree(db); cudaFree(dc);
  std::printf("PASSED\n");
  return 0;
}
