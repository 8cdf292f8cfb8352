// Runtime API: memory, copies, streams, events, errors, device queries; a chevron launch
// stays (the default), as hipify-clang does.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

int main() {
  const int n = 1024;
  float *d = nullptr;
  cudaError_t err = cudaMalloc((void **)&d, n * sizeof(float));
  if (err != cudaSuccess) {
    fprintf(stderr, "error: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreateWithFlags(&stop, cudaEventDefault);
  cudaMemsetAsync(d, 0, n * sizeof(float), stream);
  cudaEventRecord(start, stream);
  scale<<<(n + 255) / 256, 256, 0, stream>>>(d, 2.0f, n);
  cudaEventRecord(stop, stream);
  cudaStreamSynchronize(stream);
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  cudaDeviceProp prop;
  int dev = 0;
  cudaGetDevice(&dev);
  cudaGetDeviceProperties(&prop, dev);
  float host[4];
  cudaMemcpy(host, d, sizeof(host), cudaMemcpyDeviceToHost);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaStreamDestroy(stream);
  cudaFree(d);
  printf("%s %f\n", prop.name, ms);
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
