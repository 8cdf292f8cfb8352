/*
 * Per-thread default-stream variants of HIP's stream-ordered functions: X_spt is X with the
 * null stream meaning the calling thread's default stream (hipStreamPerThread) instead of the
 * legacy null stream; the types and default arguments are X's. A program compiled with
 * HIP_API_PER_THREAD_DEFAULT_STREAM defined (as clang does for -fgpu-default-stream=per-thread)
 * calls the X_spt functions under the X names. The set is that of ROCm 6.3's
 * amd_detail/amd_hip_runtime_pt_api.h (not part of the API digest of hip_runtime_api.h).
 * Included by hip_runtime_api.h; same declaration convention (one line per function).
 */
#ifndef HIP_RUNTIME_PT_API_H
#define HIP_RUNTIME_PT_API_H

#include "hip_runtime_api.h"

#if !defined(__CUDACC_RTC__)

#ifdef __cplusplus
extern "C" {
#endif

/* Copies and fills. */
hipError_t hipMemcpy_spt(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind);
hipError_t hipMemcpyToSymbol_spt(const void *symbol, const void *src, size_t sizeBytes, size_t offset __dparm(0), hipMemcpyKind kind __dparm(hipMemcpyHostToDevice));
hipError_t hipMemcpyFromSymbol_spt(void *dst, const void *symbol, size_t sizeBytes, size_t offset __dparm(0), hipMemcpyKind kind __dparm(hipMemcpyDeviceToHost));
hipError_t hipMemcpy2D_spt(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DFromArray_spt(void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset, size_t hOffset, size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy3D_spt(const struct hipMemcpy3DParms *p);
hipError_t hipMemset_spt(void *dst, int value, size_t sizeBytes);
hipError_t hipMemsetAsync_spt(void *dst, int value, size_t sizeBytes, hipStream_t stream __dparm(0));
hipError_t hipMemset2D_spt(void *dst, size_t pitch, int value, size_t width, size_t height);
hipError_t hipMemset2DAsync_spt(void *dst, size_t pitch, int value, size_t width, size_t height, hipStream_t stream __dparm(0));
hipError_t hipMemset3DAsync_spt(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent, hipStream_t stream __dparm(0));
hipError_t hipMemset3D_spt(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent);
hipError_t hipMemcpyAsync_spt(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind, hipStream_t stream __dparm(0));
hipError_t hipMemcpy3DAsync_spt(const struct hipMemcpy3DParms *p, hipStream_t stream __dparm(0));
hipError_t hipMemcpy2DAsync_spt(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream __dparm(0));
hipError_t hipMemcpyFromSymbolAsync_spt(void *dst, const void *symbol, size_t sizeBytes, size_t offset, hipMemcpyKind kind, hipStream_t stream __dparm(0));
hipError_t hipMemcpyToSymbolAsync_spt(const void *symbol, const void *src, size_t sizeBytes, size_t offset, hipMemcpyKind kind, hipStream_t stream __dparm(0));
HIP_DEPRECATED(HIP_DEPRECATED_MSG) hipError_t hipMemcpyFromArray_spt(void *dst, hipArray_const_t srcArray, size_t wOffset, size_t hOffset, size_t count, hipMemcpyKind kind);
hipError_t hipMemcpy2DToArray_spt(hipArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DFromArrayAsync_spt(void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset, size_t hOffset, size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream __dparm(0));
hipError_t hipMemcpy2DToArrayAsync_spt(hipArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream __dparm(0));

/* Streams and events. */
hipError_t hipStreamQuery_spt(hipStream_t stream);
hipError_t hipStreamSynchronize_spt(hipStream_t stream);
hipError_t hipStreamGetPriority_spt(hipStream_t stream, int *priority);
hipError_t hipStreamWaitEvent_spt(hipStream_t stream, hipEvent_t event, unsigned int flags __dparm(0));
hipError_t hipStreamGetFlags_spt(hipStream_t stream, unsigned int *flags);
hipError_t hipStreamAddCallback_spt(hipStream_t stream, hipStreamCallback_t callback, void *userData, unsigned int flags);
hipError_t hipEventRecord_spt(hipEvent_t event, hipStream_t stream __dparm(NULL));
hipError_t hipLaunchHostFunc_spt(hipStream_t stream, hipHostFn_t fn, void *userData);

/* Launches and graphs. */
hipError_t hipLaunchKernel_spt(const void *function_address, dim3 numBlocks, dim3 dimBlocks, void **args, size_t sharedMemBytes __dparm(0), hipStream_t stream __dparm(0));
hipError_t hipLaunchCooperativeKernel_spt(const void *f, dim3 gridDim, dim3 blockDimX, void **kernelParams, unsigned int sharedMemBytes, hipStream_t stream);
hipError_t hipGraphLaunch_spt(hipGraphExec_t graphExec, hipStream_t stream);

/* Stream capture. */
hipError_t hipStreamBeginCapture_spt(hipStream_t stream, hipStreamCaptureMode mode);
hipError_t hipStreamEndCapture_spt(hipStream_t stream, hipGraph_t *pGraph);
hipError_t hipStreamIsCapturing_spt(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus);
hipError_t hipStreamGetCaptureInfo_spt(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus, unsigned long long *pId);
hipError_t hipStreamGetCaptureInfo_v2_spt(hipStream_t stream, hipStreamCaptureStatus *captureStatus_out, unsigned long long *id_out __dparm(0), hipGraph_t *graph_out __dparm(0), const hipGraphNode_t **dependencies_out __dparm(0), size_t *numDependencies_out __dparm(0));

#ifdef __cplusplus
} /* extern "C" */
#endif

/* The names a per-thread program calls. Declarations that follow these macros (the C++
 * templates of hip_runtime_api.h, hip_ext.h) are renamed consistently. */
#if defined(HIP_API_PER_THREAD_DEFAULT_STREAM)
#define hipMemcpy hipMemcpy_spt
#define hipMemcpyToSymbol hipMemcpyToSymbol_spt
#define hipMemcpyFromSymbol hipMemcpyFromSymbol_spt
#define hipMemcpy2D hipMemcpy2D_spt
#define hipMemcpy2DFromArray hipMemcpy2DFromArray_spt
#define hipMemcpy3D hipMemcpy3D_spt
#define hipMemset hipMemset_spt
#define hipMemsetAsync hipMemsetAsync_spt
#define hipMemset2D hipMemset2D_spt
#define hipMemset2DAsync hipMemset2DAsync_spt
#define hipMemset3DAsync hipMemset3DAsync_spt
#define hipMemset3D hipMemset3D_spt
#define hipMemcpyAsync hipMemcpyAsync_spt
#define hipMemcpy3DAsync hipMemcpy3DAsync_spt
#define hipMemcpy2DAsync hipMemcpy2DAsync_spt
#define hipMemcpyFromSymbolAsync hipMemcpyFromSymbolAsync_spt
#define hipMemcpyToSymbolAsync hipMemcpyToSymbolAsync_spt
#define hipMemcpyFromArray hipMemcpyFromArray_spt
#define hipMemcpy2DToArray hipMemcpy2DToArray_spt
#define hipMemcpy2DFromArrayAsync hipMemcpy2DFromArrayAsync_spt
#define hipMemcpy2DToArrayAsync hipMemcpy2DToArrayAsync_spt
#define hipStreamQuery hipStreamQuery_spt
#define hipStreamSynchronize hipStreamSynchronize_spt
#define hipStreamGetPriority hipStreamGetPriority_spt
#define hipStreamWaitEvent hipStreamWaitEvent_spt
#define hipStreamGetFlags hipStreamGetFlags_spt
#define hipStreamAddCallback hipStreamAddCallback_spt
#define hipEventRecord hipEventRecord_spt
#define hipLaunchCooperativeKernel hipLaunchCooperativeKernel_spt
#define hipLaunchKernel hipLaunchKernel_spt
#define hipGraphLaunch hipGraphLaunch_spt
#define hipStreamBeginCapture hipStreamBeginCapture_spt
#define hipStreamEndCapture hipStreamEndCapture_spt
#define hipStreamIsCapturing hipStreamIsCapturing_spt
#define hipStreamGetCaptureInfo hipStreamGetCaptureInfo_spt
#define hipStreamGetCaptureInfo_v2 hipStreamGetCaptureInfo_v2_spt
#define hipLaunchHostFunc hipLaunchHostFunc_spt
#endif

#endif /* !__CUDACC_RTC__ */

#endif /* HIP_RUNTIME_PT_API_H */
