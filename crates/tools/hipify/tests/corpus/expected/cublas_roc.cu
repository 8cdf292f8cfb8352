// hipify: --roc
// cuBLAS -> rocBLAS under --roc.
#include <rocblas/rocblas.h>
#include <hip/hip_runtime.h>

int gemm(int n, const float *a, const float *b, float *c) {
  rocblas_handle handle;
  if (rocblas_create_handle(&handle) != rocblas_status_success) return 1;
  const float alpha = 1.0f, beta = 0.0f;
  rocblas_set_pointer_mode(handle, rocblas_pointer_mode_host);
  rocblas_status st = rocblas_sgemm(handle, rocblas_operation_none, rocblas_operation_transpose, n, n, n, &alpha, a, n, b,
                                  n, &beta, c, n);
  rocblas_destroy_handle(handle);
  return st == rocblas_status_success ? 0 : 1;
}
