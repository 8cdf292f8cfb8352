/*
 * hipFFT (ROCm 6.3's public API), served by ferrocm's libhipfft.so over the same FFT core
 * as librocfft.so: rustfft/realfft on the CPU platform, cuFFT on NVIDIA GPUs. cuFFT's
 * semantics: unnormalised transforms, HIPFFT_FORWARD = -1, n[0] the outermost dimension,
 * in place when idata == odata, C2R may overwrite its input. Compiles as C99 and C++11 or
 * later.
 */
#ifndef HIPFFT_H
#define HIPFFT_H

#include <stddef.h>

#include <hip/hip_runtime_api.h>

#include "../hipblas/hip-library-types.h"
#include "hipfft-export.h"
#include "hipfft-version.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hipfftResult_t {
    HIPFFT_SUCCESS = 0,
    HIPFFT_INVALID_PLAN = 1,
    HIPFFT_ALLOC_FAILED = 2,
    HIPFFT_INVALID_TYPE = 3,
    HIPFFT_INVALID_VALUE = 4,
    HIPFFT_INTERNAL_ERROR = 5,
    HIPFFT_EXEC_FAILED = 6,
    HIPFFT_SETUP_FAILED = 7,
    HIPFFT_INVALID_SIZE = 8,
    HIPFFT_UNALIGNED_DATA = 9,
    HIPFFT_INCOMPLETE_PARAMETER_LIST = 10,
    HIPFFT_INVALID_DEVICE = 11,
    HIPFFT_PARSE_ERROR = 12,
    HIPFFT_NO_WORKSPACE = 13,
    HIPFFT_NOT_IMPLEMENTED = 14,
    HIPFFT_NOT_SUPPORTED = 16
} hipfftResult;

typedef enum hipfftType_t {
    HIPFFT_R2C = 0x2a,
    HIPFFT_C2R = 0x2c,
    HIPFFT_C2C = 0x29,
    HIPFFT_D2Z = 0x6a,
    HIPFFT_Z2D = 0x6c,
    HIPFFT_Z2Z = 0x69
} hipfftType;

typedef enum hipfftLibraryPropertyType_t {
    HIPFFT_MAJOR_VERSION,
    HIPFFT_MINOR_VERSION,
    HIPFFT_PATCH_LEVEL
} hipfftLibraryPropertyType;

#define HIPFFT_FORWARD -1
#define HIPFFT_BACKWARD 1

/* As on AMD GPUs, a handle is an opaque pointer (cuFFT's is an int). */
typedef struct hipfftHandle_t* hipfftHandle;

typedef hipComplex hipfftComplex;
typedef hipDoubleComplex hipfftDoubleComplex;
typedef float hipfftReal;
typedef double hipfftDoubleReal;

/* Plan creation in one call. */
HIPFFT_EXPORT hipfftResult hipfftPlan1d(hipfftHandle* plan, int nx, hipfftType type, int batch);
HIPFFT_EXPORT hipfftResult hipfftPlan2d(hipfftHandle* plan, int nx, int ny, hipfftType type);
HIPFFT_EXPORT hipfftResult hipfftPlan3d(hipfftHandle* plan, int nx, int ny, int nz, hipfftType type);
HIPFFT_EXPORT hipfftResult hipfftPlanMany(hipfftHandle* plan, int rank, int* n, int* inembed, int istride, int idist,
                                          int* onembed, int ostride, int odist, hipfftType type, int batch);

/* Create, then make (extensible plans). */
HIPFFT_EXPORT hipfftResult hipfftCreate(hipfftHandle* plan);
HIPFFT_EXPORT hipfftResult hipfftExtPlanScaleFactor(hipfftHandle plan, double scalefactor);
HIPFFT_EXPORT hipfftResult hipfftMakePlan1d(hipfftHandle plan, int nx, hipfftType type, int batch, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftMakePlan2d(hipfftHandle plan, int nx, int ny, hipfftType type, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftMakePlan3d(hipfftHandle plan, int nx, int ny, int nz, hipfftType type,
                                            size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftMakePlanMany(hipfftHandle plan, int rank, int* n, int* inembed, int istride,
                                              int idist, int* onembed, int ostride, int odist, hipfftType type,
                                              int batch, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftMakePlanMany64(hipfftHandle plan, int rank, long long int* n,
                                                long long int* inembed, long long int istride,
                                                long long int idist, long long int* onembed,
                                                long long int ostride, long long int odist, hipfftType type,
                                                long long int batch, size_t* workSize);

/* Work-area sizes (0 on the CPU platform: its scratch is host memory of its own). */
HIPFFT_EXPORT hipfftResult hipfftEstimate1d(int nx, hipfftType type, int batch, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftEstimate2d(int nx, int ny, hipfftType type, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftEstimate3d(int nx, int ny, int nz, hipfftType type, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftEstimateMany(int rank, int* n, int* inembed, int istride, int idist, int* onembed,
                                              int ostride, int odist, hipfftType type, int batch, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftGetSize1d(hipfftHandle plan, int nx, hipfftType type, int batch, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftGetSize2d(hipfftHandle plan, int nx, int ny, hipfftType type, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftGetSize3d(hipfftHandle plan, int nx, int ny, int nz, hipfftType type,
                                           size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftGetSizeMany(hipfftHandle plan, int rank, int* n, int* inembed, int istride,
                                             int idist, int* onembed, int ostride, int odist, hipfftType type,
                                             int batch, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftGetSizeMany64(hipfftHandle plan, int rank, long long int* n,
                                               long long int* inembed, long long int istride,
                                               long long int idist, long long int* onembed,
                                               long long int ostride, long long int odist, hipfftType type,
                                               long long int batch, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftGetSize(hipfftHandle plan, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftSetAutoAllocation(hipfftHandle plan, int autoAllocate);
HIPFFT_EXPORT hipfftResult hipfftSetWorkArea(hipfftHandle plan, void* workArea);

/* Execution, ordered on the plan's stream. */
HIPFFT_EXPORT hipfftResult hipfftExecC2C(hipfftHandle plan, hipfftComplex* idata, hipfftComplex* odata,
                                         int direction);
HIPFFT_EXPORT hipfftResult hipfftExecR2C(hipfftHandle plan, hipfftReal* idata, hipfftComplex* odata);
HIPFFT_EXPORT hipfftResult hipfftExecC2R(hipfftHandle plan, hipfftComplex* idata, hipfftReal* odata);
HIPFFT_EXPORT hipfftResult hipfftExecZ2Z(hipfftHandle plan, hipfftDoubleComplex* idata, hipfftDoubleComplex* odata,
                                         int direction);
HIPFFT_EXPORT hipfftResult hipfftExecD2Z(hipfftHandle plan, hipfftDoubleReal* idata, hipfftDoubleComplex* odata);
HIPFFT_EXPORT hipfftResult hipfftExecZ2D(hipfftHandle plan, hipfftDoubleComplex* idata, hipfftDoubleReal* odata);

HIPFFT_EXPORT hipfftResult hipfftSetStream(hipfftHandle plan, hipStream_t stream);
HIPFFT_EXPORT hipfftResult hipfftDestroy(hipfftHandle plan);
HIPFFT_EXPORT hipfftResult hipfftGetVersion(int* version);
HIPFFT_EXPORT hipfftResult hipfftGetProperty(hipfftLibraryPropertyType type, int* value);

#ifdef __cplusplus
}
#endif

#endif /* HIPFFT_H */
