// hipify: --roc --use-hip-data-types
// With --roc, --use-hip-data-types keeps hipDataType names instead of rocBLAS's.
#include <cublas_v2.h>

void g(cublasHandle_t h, int n, const void *x, void *y) {
  cudaDataType t = CUDA_R_32F;
  cublasAxpyEx(h, n, nullptr, t, x, CUDA_R_32F, 1, y, CUDA_R_32F, 1, CUDA_R_32F);
}
