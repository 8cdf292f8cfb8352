// hipify: --skip-excluded-preprocessor-conditional-blocks -DUSE_GPU=2
// Only the active branches are translated; the others keep their CUDA text.
#include <hip/hip_runtime.h>

#if USE_GPU >= 2
void a(void **p) { hipMalloc(p, 4); }
#elif defined(USE_GPU)
void a(void **p) { cudaMallocHost(p, 4); }
#else
void a(void **p) { cudaMallocManaged(p, 4); }
#endif
#if 0
cudaFree(0);
#endif
#ifndef NOT_DEFINED
void b(void *p) { hipFree(p); }
#endif
