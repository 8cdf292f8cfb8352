#include "hip/hip_runtime.h"
// cuSOLVER -> hipSOLVER.
#include <hipsolver/hipsolver.h>

int lu(int n, float *a, int *ipiv, int *info) {
  hipsolverHandle_t h;
  hipsolverDnCreate(&h);
  int lwork = 0;
  hipsolverDnSgetrf_bufferSize(h, n, n, a, n, &lwork);
  float *work = nullptr;
  hipMalloc(&work, lwork * sizeof(float));
  hipsolverStatus_t st = hipsolverDnSgetrf(h, n, n, a, n, work, ipiv, info);
  hipFree(work);
  hipsolverDnDestroy(h);
  return st == HIPSOLVER_STATUS_SUCCESS ? 0 : 1;
}
