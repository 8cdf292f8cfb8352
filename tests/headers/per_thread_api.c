/* The per-thread default-stream variants (hip_runtime_pt_api.h): each X_spt has exactly X's
 * type (compiled as C11 without HIP_API_PER_THREAD_DEFAULT_STREAM), and with that macro a
 * call to X is a call to X_spt (compiled with it to an object whose undefined symbols
 * crates/capi/amdhip64/tests/headers_compile.rs reads). */
#include <hip/hip_runtime_api.h>

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#if !defined(HIP_API_PER_THREAD_DEFAULT_STREAM)
#define SAME_TYPE(f) _Static_assert(_Generic(&f##_spt, __typeof__(&f): 1, default: 0), #f "_spt")
SAME_TYPE(hipMemcpy);
SAME_TYPE(hipMemcpyToSymbol);
SAME_TYPE(hipMemcpyFromSymbol);
SAME_TYPE(hipMemcpy2D);
SAME_TYPE(hipMemcpy2DFromArray);
SAME_TYPE(hipMemcpy3D);
SAME_TYPE(hipMemset);
SAME_TYPE(hipMemsetAsync);
SAME_TYPE(hipMemset2D);
SAME_TYPE(hipMemset2DAsync);
SAME_TYPE(hipMemset3DAsync);
SAME_TYPE(hipMemset3D);
SAME_TYPE(hipMemcpyAsync);
SAME_TYPE(hipMemcpy3DAsync);
SAME_TYPE(hipMemcpy2DAsync);
SAME_TYPE(hipMemcpyFromSymbolAsync);
SAME_TYPE(hipMemcpyToSymbolAsync);
SAME_TYPE(hipMemcpyFromArray);
SAME_TYPE(hipMemcpy2DToArray);
SAME_TYPE(hipMemcpy2DFromArrayAsync);
SAME_TYPE(hipMemcpy2DToArrayAsync);
SAME_TYPE(hipStreamQuery);
SAME_TYPE(hipStreamSynchronize);
SAME_TYPE(hipStreamGetPriority);
SAME_TYPE(hipStreamWaitEvent);
SAME_TYPE(hipStreamGetFlags);
SAME_TYPE(hipStreamAddCallback);
SAME_TYPE(hipEventRecord);
SAME_TYPE(hipLaunchCooperativeKernel);
SAME_TYPE(hipLaunchKernel);
SAME_TYPE(hipGraphLaunch);
SAME_TYPE(hipStreamBeginCapture);
SAME_TYPE(hipStreamEndCapture);
SAME_TYPE(hipStreamIsCapturing);
SAME_TYPE(hipStreamGetCaptureInfo);
SAME_TYPE(hipStreamGetCaptureInfo_v2);
SAME_TYPE(hipLaunchHostFunc);
#endif

/* Calls through the X names. */
int per_thread_calls(void *dst, const void *src, hipStream_t stream, hipEvent_t event) {
  int e = (int)hipMemcpy(dst, src, 4, hipMemcpyDefault);
  e |= (int)hipMemsetAsync(dst, 0, 4, stream);
  e |= (int)hipStreamSynchronize(stream);
  e |= (int)hipEventRecord(event, stream);
  e |= (int)hipStreamWaitEvent(stream, event, 0);
  return e;
}
