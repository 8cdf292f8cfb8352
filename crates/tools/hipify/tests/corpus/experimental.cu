// hipify: --experimental
// With --experimental, names HIPIFY marks experimental are translated.
#include <cuda_runtime.h>

void f(cudaGraphExec_t g) {
  unsigned long long flags = 0;
  cudaGraphExecGetFlags(g, &flags);
}
