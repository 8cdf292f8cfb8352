/*
 * hipBLAS (ROCm 6.3's public API, served by ferrocm's libhipblas.so): every function of
 * hipblas.h, the _v2 (hipComplex / hipDataType) and ILP64 _64 forms too. Compiles as C99
 * and C++11 or later. Functions not implemented yet return HIPBLAS_STATUS_NOT_SUPPORTED;
 * docs/LIBRARIES.md lists which. Define HIPBLAS_V2 for the hipComplex/hipDataType API.
 */
#ifndef HIPBLAS_H
#define HIPBLAS_H

#include <stddef.h>
#include <stdint.h>

#include "hip-library-types.h"
#include "hipblas-common.h"

#ifndef HIPBLAS_EXPORT
#define HIPBLAS_EXPORT __attribute__((visibility("default")))
#endif

typedef void* hipblasHandle_t;
typedef uint16_t hipblasHalf;
typedef int8_t hipblasInt8;
typedef int64_t hipblasStride;
typedef struct hipblasBfloat16 { uint16_t data; } hipblasBfloat16;

/* The v1 complex types (hipBLAS keeps them for compatibility; layout of hipComplex). */
typedef struct hipblasComplex { float x, y; } hipblasComplex;
typedef struct hipblasDoubleComplex { double x, y; } hipblasDoubleComplex;

typedef enum { HIPBLAS_POINTER_MODE_HOST, HIPBLAS_POINTER_MODE_DEVICE } hipblasPointerMode_t;
#ifndef HIPBLAS_FILL_MODE_DECLARED
#define HIPBLAS_FILL_MODE_DECLARED
typedef enum { HIPBLAS_FILL_MODE_UPPER = 121, HIPBLAS_FILL_MODE_LOWER = 122, HIPBLAS_FILL_MODE_FULL = 123 } hipblasFillMode_t;
#endif
#ifndef HIPBLAS_DIAG_TYPE_DECLARED
#define HIPBLAS_DIAG_TYPE_DECLARED
typedef enum { HIPBLAS_DIAG_NON_UNIT = 131, HIPBLAS_DIAG_UNIT = 132 } hipblasDiagType_t;
#endif
#ifndef HIPBLAS_SIDE_MODE_DECLARED
#define HIPBLAS_SIDE_MODE_DECLARED
typedef enum { HIPBLAS_SIDE_LEFT = 141, HIPBLAS_SIDE_RIGHT = 142, HIPBLAS_SIDE_BOTH = 143 } hipblasSideMode_t;
#endif
typedef enum {
    HIPBLAS_DEFAULT_MATH, HIPBLAS_XF32_XDL_MATH, HIPBLAS_PEDANTIC_MATH, HIPBLAS_TF32_TENSOR_OP_MATH,
    HIPBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION, HIPBLAS_TENSOR_OP_MATH
} hipblasMath_t;

#ifdef HIPBLAS_V2
typedef hipDataType hipblasDatatype_t;
#define HIPBLAS_R_16F HIP_R_16F
#define HIPBLAS_R_32F HIP_R_32F
#define HIPBLAS_R_64F HIP_R_64F
#define HIPBLAS_C_16F HIP_C_16F
#define HIPBLAS_C_32F HIP_C_32F
#define HIPBLAS_C_64F HIP_C_64F
#define HIPBLAS_R_8I HIP_R_8I
#define HIPBLAS_R_8U HIP_R_8U
#define HIPBLAS_R_32I HIP_R_32I
#define HIPBLAS_R_32U HIP_R_32U
#define HIPBLAS_C_8I HIP_C_8I
#define HIPBLAS_C_8U HIP_C_8U
#define HIPBLAS_C_32I HIP_C_32I
#define HIPBLAS_C_32U HIP_C_32U
#define HIPBLAS_R_16B HIP_R_16BF
#define HIPBLAS_C_16B HIP_C_16BF
#define HIPBLAS_DATATYPE_INVALID ((hipDataType)31)
#else
typedef enum {
    HIPBLAS_R_16F = 150, HIPBLAS_R_32F = 151, HIPBLAS_R_64F = 152, HIPBLAS_C_16F = 153,
    HIPBLAS_C_32F = 154, HIPBLAS_C_64F = 155, HIPBLAS_R_8I = 160, HIPBLAS_R_8U = 161,
    HIPBLAS_R_32I = 162, HIPBLAS_R_32U = 163, HIPBLAS_C_8I = 164, HIPBLAS_C_8U = 165,
    HIPBLAS_C_32I = 166, HIPBLAS_C_32U = 167, HIPBLAS_R_16B = 168, HIPBLAS_C_16B = 169,
    HIPBLAS_DATATYPE_INVALID = 255
} hipblasDatatype_t;
#endif

typedef enum { HIPBLAS_GEMM_DEFAULT = 160 } hipblasGemmAlgo_t;
typedef enum { HIPBLAS_ATOMICS_NOT_ALLOWED = 0, HIPBLAS_ATOMICS_ALLOWED = 1 } hipblasAtomicsMode_t;
typedef enum {
    HIPBLAS_GEMM_FLAGS_NONE = 0x0, HIPBLAS_GEMM_FLAGS_USE_CU_EFFICIENCY = 0x2,
    HIPBLAS_GEMM_FLAGS_FP16_ALT_IMPL = 0x4, HIPBLAS_GEMM_FLAGS_CHECK_SOLUTION_INDEX = 0x8,
    HIPBLAS_GEMM_FLAGS_FP16_ALT_IMPL_RNZ = 0x10
} hipblasGemmFlags_t;

#ifdef __cplusplus
extern "C" {
#endif

/* Every function, in hipblas.h's order (generated from the API digest by
 * crates/libs/capi/tools/gen_exports.py, with the export list of libhipblas.so). */
#include "internal/hipblas-functions.inc"

#ifdef __cplusplus
}
#endif

#ifdef HIPBLAS_V2
#include "internal/hipblas-v2-names.inc"
#endif

#endif /* HIPBLAS_H */
