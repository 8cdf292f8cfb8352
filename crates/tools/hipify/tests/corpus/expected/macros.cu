// hipify: --hip-kernel-execution-syntax
// Macro bodies and conditions are code: their CUDA names are translated (a launch in a macro
// too); stringized text is not; token pasting that builds a CUDA name is reported.
#include <hip/hip_runtime.h>
#include <cstdio>

#define CHECK(call)                                                        \
  do {                                                                     \
    hipError_t err_ = (call);                                             \
    if (err_ != hipSuccess) {                                             \
      fprintf(stderr, "%s: %s\n", #call, hipGetErrorString(err_));      \
    }                                                                      \
  } while (0)
#define LAUNCH(k, n, ...) hipLaunchKernelGGL(k, dim3((n + 127) / 128), dim3(128), 0, 0, __VA_ARGS__)
#define CUDA_API(name) cuda##name
#if defined(hipStreamPerThread)
#define DEFAULT_STREAM hipStreamPerThread
#else
#define DEFAULT_STREAM 0
#endif

__global__ void k(int *p, int n) { if (threadIdx.x < n) p[threadIdx.x] = 0; }

void go(int *p, int n) {
  CHECK(hipMalloc(&p, n * sizeof(int)));
  LAUNCH(k, n, p, n);
  CHECK(hipStreamSynchronize(DEFAULT_STREAM));
}
// expect-warning: 15: macro pastes 'cuda##...'
