// hipify: --roc
// cuRAND -> rocRAND and cuSPARSE -> rocSPARSE under --roc. CUDA_R_32F becomes rocBLAS's data
// type whatever the call (HIPIFY's table; --use-hip-data-types keeps HIP_R_32F).
#include <curand.h>

void uniform(float *d, size_t n) {
  curandGenerator_t gen;
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
  curandGenerateUniform(gen, d, n);
  curandDestroyGenerator(gen);
}


void spmv_setup(cusparseSpMatDescr_t *mat, int rows, int cols, int nnz, int *rp, int *ci,
                float *v) {
  cusparseHandle_t handle;
  cusparseCreate(&handle);
  cusparseCreateCsr(mat, rows, cols, nnz, rp, ci, v, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseDestroy(handle);
}
