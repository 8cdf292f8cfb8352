/*
 * HIP's AMD extensions to the launch API: kernel launches that record a start and a stop
 * event around the kernel (hipExtModuleLaunchKernel for module functions, hipExtLaunchKernel
 * and the hipExtLaunchKernelGGL template for kernels of the program), sized either in work
 * items (the Ext module launch takes the global size, not the grid size) or in blocks.
 * Names and signatures are ROCm 6.3's hip_ext.h. Declaration convention: as in
 * hip_runtime_api.h (one line per function).
 */
#ifndef HIP_EXT_H
#define HIP_EXT_H

#include "hip_runtime.h"

#if !defined(__CUDACC_RTC__)

#ifdef __cplusplus
extern "C" {
#endif

hipError_t hipExtModuleLaunchKernel(hipFunction_t f, uint32_t globalWorkSizeX, uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ, uint32_t localWorkSizeX, uint32_t localWorkSizeY, uint32_t localWorkSizeZ, size_t sharedMemBytes, hipStream_t hStream, void **kernelParams, void **extra, hipEvent_t startEvent __dparm(NULL), hipEvent_t stopEvent __dparm(NULL), uint32_t flags __dparm(0));
HIP_DEPRECATED("use hipExtModuleLaunchKernel instead") hipError_t hipHccModuleLaunchKernel(hipFunction_t f, uint32_t globalWorkSizeX, uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ, uint32_t localWorkSizeX, uint32_t localWorkSizeY, uint32_t localWorkSizeZ, size_t sharedMemBytes, hipStream_t hStream, void **kernelParams, void **extra, hipEvent_t startEvent __dparm(NULL), hipEvent_t stopEvent __dparm(NULL));

#ifdef __cplusplus
} /* extern "C" */
#endif

/* hipExtLaunchKernel (declared in hip_runtime_api.h) for a kernel named as in
 * hipLaunchKernelGGL: records startEvent, launches, records stopEvent, all in `stream`.
 * `flags` (hipExtAnyOrderLaunch) only permits reordering, so ignoring it is exact. The launch
 * goes through hipLaunchKernelGGL, so it needs the device language (C++17 on the CPU
 * platform, nvcc on NVIDIA). */
#if defined(__cplusplus) && ((defined(__HIP_PLATFORM_CPU__) && __cplusplus >= 201703L) || defined(__CUDACC__))
template <typename... Args, typename F = void (*)(Args...)>
inline void hipExtLaunchKernelGGL(F kernel, const dim3 &numBlocks, const dim3 &dimBlocks, uint32_t sharedMemBytes, hipStream_t stream, hipEvent_t startEvent, hipEvent_t stopEvent, uint32_t flags, Args... args) {
  (void)flags;
  if (startEvent != nullptr && hipEventRecord(startEvent, stream) != hipSuccess) return;
  hipLaunchKernelGGL(kernel, numBlocks, dimBlocks, sharedMemBytes, stream, args...);
  if (stopEvent != nullptr) (void)hipEventRecord(stopEvent, stream);
}
#endif

#endif /* !__CUDACC_RTC__ */

#endif /* HIP_EXT_H */
