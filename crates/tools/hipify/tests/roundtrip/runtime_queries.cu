// Device queries, pinned host memory, async copies and memsets on a stream, occupancy,
// function attributes (a kernel passed as const void*), the error API.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void square(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = p[i] * p[i];
}

int main() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) { std::printf("FAILED: no device\n"); return 1; }
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  cudaSetDevice(0);
  int min_grid = 0, block = 0;
  cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, square, 0, 0);
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, square);
  if (block <= 0 || attr.maxThreadsPerBlock <= 0) { std::printf("FAILED: occupancy\n"); return 1; }
  const int n = 512;
  int *host = nullptr, *dev = nullptr;
  cudaHostAlloc((void **)&host, n * sizeof(int), cudaHostAllocDefault);
  int *pinned = nullptr;
  cudaMallocHost((void **)&pinned, sizeof(int));
  *pinned = 7;
  cudaMalloc((void **)&dev, n * sizeof(int));
  for (int i = 0; i < n; ++i) host[i] = i;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaMemsetAsync(dev, 0, n * sizeof(int), s);
  cudaMemcpyAsync(dev, host, n * sizeof(int), cudaMemcpyHostToDevice, s);
  square<<<(n + 127) / 128, 128, 0, s>>>(dev, n);
  cudaMemcpyAsync(host, dev, n * sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  for (int i = 0; i < n; ++i) {
    if (host[i] != i * i) { std::printf("FAILED at %d\n", i); return 1; }
  }
  if (cudaFree(reinterpret_cast<void *>(0x1)) == cudaSuccess) { std::printf("FAILED: bad free\n"); return 1; }
  cudaGetLastError(); // clear the error
  std::printf("%s: %s\n", prop.name, cudaGetErrorName(cudaSuccess));
  cudaStreamDestroy(s);
  cudaFreeHost(host);
  cudaFreeHost(pinned);
  cudaFree(dev);
  std::printf("PASSED\n");
  return 0;
}
