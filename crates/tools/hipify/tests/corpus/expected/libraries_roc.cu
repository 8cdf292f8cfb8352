#include "hip/hip_runtime.h"
// hipify: --roc
// cuRAND -> rocRAND and cuSPARSE -> rocSPARSE under --roc. CUDA_R_32F becomes rocBLAS's data
// type whatever the call (HIPIFY's table; --use-hip-data-types keeps HIP_R_32F).
#include <rocrand/rocrand.h>

void uniform(float *d, size_t n) {
  rocrand_generator gen;
  rocrand_create_generator(&gen, ROCRAND_RNG_PSEUDO_DEFAULT);
  rocrand_set_seed(gen, 1234ULL);
  rocrand_generate_uniform(gen, d, n);
  rocrand_destroy_generator(gen);
}


void spmv_setup(rocsparse_spmat_descr *mat, int rows, int cols, int nnz, int *rp, int *ci,
                float *v) {
  rocsparse_handle handle;
  rocsparse_create_handle(&handle);
  rocsparse_create_csr_descr(mat, rows, cols, nnz, rp, ci, v, rocsparse_indextype_i32, rocsparse_indextype_i32,
                    rocsparse_index_base_zero, rocblas_datatype_f32_r);
  rocsparse_destroy_handle(handle);
}
