// cuSPARSE -> hipSPARSE.
#include <cusparse.h>

void spmv_setup(cusparseSpMatDescr_t *mat, int rows, int cols, int nnz, int *rp, int *ci,
                float *v) {
  cusparseHandle_t handle;
  cusparseCreate(&handle);
  cusparseCreateCsr(mat, rows, cols, nnz, rp, ci, v, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseDestroy(handle);
}
