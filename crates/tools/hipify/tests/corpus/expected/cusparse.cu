#include "hip/hip_runtime.h"
// cuSPARSE -> hipSPARSE.
#include <hipsparse/hipsparse.h>

void spmv_setup(hipsparseSpMatDescr_t *mat, int rows, int cols, int nnz, int *rp, int *ci,
                float *v) {
  hipsparseHandle_t handle;
  hipsparseCreate(&handle);
  hipsparseCreateCsr(mat, rows, cols, nnz, rp, ci, v, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I,
                    HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F);
  hipsparseDestroy(handle);
}
