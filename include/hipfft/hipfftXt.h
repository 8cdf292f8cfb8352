/*
 * hipFFT Xt (ROCm 6.3): plans over any hipDataType (fp16 and bf16 are computed in single
 * precision on the CPU platform), hipfftXtExec, and hipfftXtSetGPUs naming the plan's own
 * device. Multi-GPU descriptors and device callbacks return HIPFFT_NOT_SUPPORTED
 * (docs/LIBRARIES.md). The descriptor types have cuFFT's layout, as AMD's header.
 */
#ifndef HIPFFTXT_H
#define HIPFFTXT_H

#include "hipfft.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HIPFFT_XT_DESCRIPTOR_VERSION 0x01000000
#define MAX_HIP_DESCRIPTOR_GPUS 64

typedef struct hipXtDesc_t {
    int version;
    int nGPUs;
    int GPUs[MAX_HIP_DESCRIPTOR_GPUS];
    void* data[MAX_HIP_DESCRIPTOR_GPUS];
    size_t size[MAX_HIP_DESCRIPTOR_GPUS];
    void* hipXtState;
} hipXtDesc;

typedef enum hipLibFormat_t { HIPLIB_FORMAT_HIPFFT = 0x0, HIPLIB_FORMAT_UNDEFINED = 0x1 } hipLibFormat;

typedef struct hipLibXtDesc_t {
    int version;
    hipXtDesc* descriptor;
    hipLibFormat library;
    int subFormat;
    void* libDescriptor;
} hipLibXtDesc;

typedef enum hipfftXtCopyType_t {
    HIPFFT_COPY_HOST_TO_DEVICE = 0x00,
    HIPFFT_COPY_DEVICE_TO_HOST = 0x01,
    HIPFFT_COPY_DEVICE_TO_DEVICE = 0x02,
    HIPFFT_COPY_UNDEFINED = 0x03
} hipfftXtCopyType;

typedef enum hipfftXtCallbackType_t {
    HIPFFT_CB_LD_COMPLEX = 0x0,
    HIPFFT_CB_LD_COMPLEX_DOUBLE = 0x1,
    HIPFFT_CB_LD_REAL = 0x2,
    HIPFFT_CB_LD_REAL_DOUBLE = 0x3,
    HIPFFT_CB_ST_COMPLEX = 0x4,
    HIPFFT_CB_ST_COMPLEX_DOUBLE = 0x5,
    HIPFFT_CB_ST_REAL = 0x6,
    HIPFFT_CB_ST_REAL_DOUBLE = 0x7,
    HIPFFT_CB_UNDEFINED = 0x8
} hipfftXtCallbackType;

typedef hipfftComplex (*hipfftCallbackLoadC)(void* dataIn, size_t offset, void* callerInfo, void* sharedPointer);
typedef hipfftDoubleComplex (*hipfftCallbackLoadZ)(void* dataIn, size_t offset, void* callerInfo,
                                                   void* sharedPointer);
typedef hipfftReal (*hipfftCallbackLoadR)(void* dataIn, size_t offset, void* callerInfo, void* sharedPointer);
typedef hipfftDoubleReal (*hipfftCallbackLoadD)(void* dataIn, size_t offset, void* callerInfo, void* sharedPointer);
typedef void (*hipfftCallbackStoreC)(void* dataOut, size_t offset, hipfftComplex element, void* callerInfo,
                                     void* sharedPointer);
typedef void (*hipfftCallbackStoreZ)(void* dataOut, size_t offset, hipfftDoubleComplex element, void* callerInfo,
                                     void* sharedPointer);
typedef void (*hipfftCallbackStoreR)(void* dataOut, size_t offset, hipfftReal element, void* callerInfo,
                                     void* sharedPointer);
typedef void (*hipfftCallbackStoreD)(void* dataOut, size_t offset, hipfftDoubleReal element, void* callerInfo,
                                     void* sharedPointer);

HIPFFT_EXPORT hipfftResult hipfftXtSetCallback(hipfftHandle plan, void** callbacks, hipfftXtCallbackType cbtype,
                                               void** callbackData);
HIPFFT_EXPORT hipfftResult hipfftXtClearCallback(hipfftHandle plan, hipfftXtCallbackType cbtype);
HIPFFT_EXPORT hipfftResult hipfftXtSetCallbackSharedSize(hipfftHandle plan, hipfftXtCallbackType cbtype,
                                                         size_t sharedSize);
HIPFFT_EXPORT hipfftResult hipfftXtMakePlanMany(hipfftHandle plan, int rank, long long int* n,
                                                long long int* inembed, long long int istride,
                                                long long int idist, hipDataType inputType,
                                                long long int* onembed, long long int ostride,
                                                long long int odist, hipDataType outputType, long long int batch,
                                                size_t* workSize, hipDataType executionType);
HIPFFT_EXPORT hipfftResult hipfftXtGetSizeMany(hipfftHandle plan, int rank, long long int* n,
                                               long long int* inembed, long long int istride, long long int idist,
                                               hipDataType inputType, long long int* onembed,
                                               long long int ostride, long long int odist, hipDataType outputType,
                                               long long int batch, size_t* workSize, hipDataType executionType);
HIPFFT_EXPORT hipfftResult hipfftXtExec(hipfftHandle plan, void* input, void* output, int direction);
HIPFFT_EXPORT hipfftResult hipfftXtSetGPUs(hipfftHandle plan, int count, int* gpus);

typedef enum hipfftXtSubFormat_t {
    HIPFFT_XT_FORMAT_INPUT = 0x00,
    HIPFFT_XT_FORMAT_OUTPUT = 0x01,
    HIPFFT_XT_FORMAT_INPLACE = 0x02,
    HIPFFT_XT_FORMAT_INPLACE_SHUFFLED = 0x03,
    HIPFFT_XT_FORMAT_1D_INPUT_SHUFFLED = 0x04,
    HIPFFT_FORMAT_UNDEFINED = 0x05
} hipfftXtSubFormat;

HIPFFT_EXPORT hipfftResult hipfftXtMalloc(hipfftHandle plan, hipLibXtDesc** desc, hipfftXtSubFormat format);
HIPFFT_EXPORT hipfftResult hipfftXtMemcpy(hipfftHandle plan, void* dest, void* src, hipfftXtCopyType type);
HIPFFT_EXPORT hipfftResult hipfftXtFree(hipLibXtDesc* desc);
HIPFFT_EXPORT hipfftResult hipfftXtExecDescriptorC2C(hipfftHandle plan, hipLibXtDesc* input, hipLibXtDesc* output,
                                                     int direction);
HIPFFT_EXPORT hipfftResult hipfftXtExecDescriptorR2C(hipfftHandle plan, hipLibXtDesc* input, hipLibXtDesc* output);
HIPFFT_EXPORT hipfftResult hipfftXtExecDescriptorC2R(hipfftHandle plan, hipLibXtDesc* input, hipLibXtDesc* output);
HIPFFT_EXPORT hipfftResult hipfftXtExecDescriptorZ2Z(hipfftHandle plan, hipLibXtDesc* input, hipLibXtDesc* output,
                                                     int direction);
HIPFFT_EXPORT hipfftResult hipfftXtExecDescriptorD2Z(hipfftHandle plan, hipLibXtDesc* input, hipLibXtDesc* output);
HIPFFT_EXPORT hipfftResult hipfftXtExecDescriptorZ2D(hipfftHandle plan, hipLibXtDesc* input, hipLibXtDesc* output);
HIPFFT_EXPORT hipfftResult hipfftXtExecDescriptor(hipfftHandle plan, hipLibXtDesc* input, hipLibXtDesc* output,
                                                  int direction);

#ifdef __cplusplus
}
#endif

#endif /* HIPFFTXT_H */
