/*
 * rocBLAS (ROCm 6.3's public API, served by ferrocm's librocblas.so): types, auxiliary
 * functions and every BLAS function, with their _batched, _strided_batched and _64 forms.
 * Compiles as C99 and C++11 or later. Functions not implemented yet return
 * rocblas_status_not_implemented; docs/LIBRARIES.md lists which.
 */
#ifndef ROCBLAS_H
#define ROCBLAS_H

#include "rocblas-types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every function, in the order of rocblas-auxiliary.h then rocblas-functions.h
 * (generated from the API digests by crates/libs/capi/tools/gen_exports.py, with the
 * export list of librocblas.so). */
#include "internal/rocblas-functions.inc"

#ifdef __cplusplus
}
#endif

#endif /* ROCBLAS_H */
