// Shared memory, barriers, a __constant__ copied with cudaMemcpyToSymbol, streams and events.
#include <cuda_runtime.h>
#include <cstdio>

__constant__ float scale;

__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] * scale : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) tile[threadIdx.x] += tile[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = tile[0];
}

int main() {
  const int n = 4096, threads = 256, blocks = n / threads;
  float *in, *out;
  cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged(&out, blocks * sizeof(float));
  for (int i = 0; i < n; ++i) in[i] = 1.0f;
  const float two = 2.0f;
  cudaMemcpyToSymbol(scale, &two, sizeof(float));
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start, stream);
  block_sum<<<blocks, threads, 0, stream>>>(in, out, n);
  cudaEventRecord(stop, stream);
  cudaStreamSynchronize(stream);
  float ms = -1.0f;
  cudaEventElapsedTime(&ms, start, stop);
  float total = 0;
  for (int b = 0; b < blocks; ++b) total += out[b];
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaStreamDestroy(stream);
  cudaFree(in);
  cudaFree(out);
  if (total != 2.0f * n || ms < 0.0f) { std::printf("FAILED: %f %f\n", total, ms); return 1; }
  std::printf("PASSED\n");
  return 0;
}
