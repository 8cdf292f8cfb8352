#include "hip/hip_runtime.h"
// hipify: --roc --use-hip-data-types
// With --roc, --use-hip-data-types keeps hipDataType names instead of rocBLAS's.
#include <rocblas/rocblas.h>

void g(rocblas_handle h, int n, const void *x, void *y) {
  hipDataType t = HIP_R_32F;
  rocblas_axpy_ex(h, n, nullptr, t, x, HIP_R_32F, 1, y, HIP_R_32F, 1, HIP_R_32F);
}
