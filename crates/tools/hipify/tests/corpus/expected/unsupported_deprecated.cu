// Unsupported names stay and are reported; deprecated ones are translated and reported;
// experimental ones need --experimental.
#include <hip/hip_runtime.h>

void f(hipGraphExec_t g) {
  hipDeviceSynchronize();
  cudaGLSetGLDevice(0);
  unsigned long long flags = 0;
  cudaGraphExecGetFlags(g, &flags);
}
// expect-warning: 6: deprecated CUDA identifier: cudaThreadSynchronize
// expect-warning: 7: deprecated CUDA identifier: cudaGLSetGLDevice
// expect-warning: 7: unsupported HIP identifier: cudaGLSetGLDevice
// expect-warning: 9: experimental ROCm HIP identifier: cudaGraphExecGetFlags
