// hipify: --hip-kernel-execution-syntax
// Macro bodies and conditions are code: their CUDA names are translated (a launch in a macro
// too); stringized text is not; token pasting that builds a CUDA name is reported.
#include <cuda_runtime.h>
#include <cstdio>

#define CHECK(call)                                                        \
  do {                                                                     \
    cudaError_t err_ = (call);                                             \
    if (err_ != cudaSuccess) {                                             \
      fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(err_));      \
    }                                                                      \
  } while (0)
#define LAUNCH(k, n, ...) k<<<(n + 127) / 128, 128>>>(__VA_ARGS__)
#define CUDA_API(name) cuda##name
#if defined(cudaStreamPerThread)
#define DEFAULT_STREAM cudaStreamPerThread
#else
#define DEFAULT_STREAM 0
#endif

__global__ void k(int *p, int n) { if (threadIdx.x < n) p[threadIdx.x] = 0; }

void go(int *p, int n) {
  CHECK(cudaMalloc(&p, n * sizeof(int)));
  LAUNCH(k, n, p, n);
  CHECK(cudaStreamSynchronize(DEFAULT_STREAM));
}
// expect-warning: 15: macro pastes 'cuda##...'
