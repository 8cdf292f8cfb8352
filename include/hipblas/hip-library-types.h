/*
 * The HIP types the BLAS headers use that ferrocm's HIP headers do not (yet) provide:
 * hipDataType (hip/library_types.h; the values are CUDA's cudaDataType's), the complex
 * types (hip/hip_complex.h) and hip_bfloat16. Each is taken from the HIP header when it
 * exists and declared here otherwise, with that header's include guard, so the two never
 * clash whichever comes first.
 */
#ifndef FERROCM_HIP_LIBRARY_TYPES_H
#define FERROCM_HIP_LIBRARY_TYPES_H

#include <stdint.h>
#include <hip/hip_runtime_api.h>

#if defined(__has_include)
#if __has_include(<hip/library_types.h>)
#include <hip/library_types.h>
#endif
#if __has_include(<hip/hip_complex.h>)
#include <hip/hip_complex.h>
#endif
#if __has_include(<hip/hip_bfloat16.h>)
#include <hip/hip_bfloat16.h>
#endif
#endif

#ifndef HIP_INCLUDE_HIP_LIBRARY_TYPES_H
#define HIP_INCLUDE_HIP_LIBRARY_TYPES_H
typedef enum hipDataType {
    HIP_R_32F = 0, HIP_R_64F = 1, HIP_R_16F = 2, HIP_R_8I = 3,
    HIP_C_32F = 4, HIP_C_64F = 5, HIP_C_16F = 6, HIP_C_8I = 7,
    HIP_R_8U = 8, HIP_C_8U = 9, HIP_R_32I = 10, HIP_C_32I = 11,
    HIP_R_32U = 12, HIP_C_32U = 13, HIP_R_16BF = 14, HIP_C_16BF = 15,
    HIP_R_4I = 16, HIP_C_4I = 17, HIP_R_4U = 18, HIP_C_4U = 19,
    HIP_R_16I = 20, HIP_C_16I = 21, HIP_R_16U = 22, HIP_C_16U = 23,
    HIP_R_64I = 24, HIP_C_64I = 25, HIP_R_64U = 26, HIP_C_64U = 27,
    HIP_R_8F_E4M3 = 28, HIP_R_8F_E5M2 = 29,
    HIP_R_8F_E4M3_FNUZ = 1000, HIP_R_8F_E5M2_FNUZ = 1001
} hipDataType;
#endif

// hip/hip_complex.h defines these (ROCm's guard is HIP_INCLUDE_HIP_HIP_COMPLEX_H,
// ferrocm's HIP_HIP_COMPLEX_H); define them only where it did not.
#if !defined(HIP_INCLUDE_HIP_HIP_COMPLEX_H) && !defined(HIP_HIP_COMPLEX_H)
#define HIP_INCLUDE_HIP_HIP_COMPLEX_H
typedef struct { float x, y; } hipFloatComplex;
typedef struct { double x, y; } hipDoubleComplex;
typedef hipFloatComplex hipComplex;
#endif

#ifndef _HIP_BFLOAT16_H_
#define _HIP_BFLOAT16_H_
typedef struct { uint16_t data; } hip_bfloat16;
#endif

#endif /* FERROCM_HIP_LIBRARY_TYPES_H */
