// ferrocm's rocThrust on the NVIDIA platform: NVIDIA's Thrust (CUDA toolkit, CCCL) is the
// implementation; this header adds what rocThrust code spells differently and what CCCL needs
// from cudart, which hipcc does not link (nvcc -cudart none: libamdhip64 is the runtime).
//
//  - thrust::hip::par / par_nosync (and thrust::system::hip::...) are thrust::cuda's policies;
//    .on(stream) takes a hipStream_t, which is a cudaStream_t on this platform.
//  - The cudart functions CCCL's Thrust and CUB call (allocation, copies, stream and event
//    calls, device attributes, occupancy, errors) are defined here as weak
//    symbols over the HIP API of libamdhip64. A program that links NVIDIA's cudart gets cudart's
//    (strong) definitions instead. Error codes: HIP's values equal CUDA's for the codes these
//    calls return (AMD kept CUDA's numbering), so they convert by value.
#pragma once

#include <thrust/execution_policy.h>
#include <thrust/system/cuda/execution_policy.h>

namespace thrust {
namespace hip {
using thrust::cuda::par;
using thrust::cuda::par_nosync;
}  // namespace hip
namespace system {
namespace hip {
using thrust::cuda::par;
using thrust::cuda::par_nosync;
}  // namespace hip
}  // namespace system
}  // namespace thrust

#if !defined(__CUDA_ARCH__) && !defined(FERROCM_THRUST_NO_CUDART_SHIM)
#include <hip/hip_runtime_api.h>
#include <ferrocm/cuda_device_attributes.h>

#define FERROCM_CUDART_SHIM extern "C" __attribute__((weak)) __host__

namespace ferrocm_thrust_nvidia {
inline cudaError_t to_cuda(hipError_t e) { return static_cast<cudaError_t>(static_cast<int>(e)); }
// cudaDeviceAttr -> hipDeviceAttribute_t (-1 where HIP has none): one table for every shim.
inline int to_hip_attr(cudaDeviceAttr a) { return ferrocm::cuda_attribute_to_hip(a); }
}  // namespace ferrocm_thrust_nvidia

FERROCM_CUDART_SHIM cudaError_t cudaMalloc(void **p, size_t n) {
  return ferrocm_thrust_nvidia::to_cuda(hipMalloc(p, n));
}
FERROCM_CUDART_SHIM cudaError_t cudaFree(void *p) { return ferrocm_thrust_nvidia::to_cuda(hipFree(p)); }
FERROCM_CUDART_SHIM cudaError_t cudaMallocAsync(void **p, size_t n, cudaStream_t s) {
  return ferrocm_thrust_nvidia::to_cuda(hipMallocAsync(p, n, s));
}
FERROCM_CUDART_SHIM cudaError_t cudaFreeAsync(void *p, cudaStream_t s) {
  return ferrocm_thrust_nvidia::to_cuda(hipFreeAsync(p, s));
}
FERROCM_CUDART_SHIM cudaError_t cudaMallocHost(void **p, size_t n) {
  return ferrocm_thrust_nvidia::to_cuda(hipExtHostAlloc(p, n, 0));
}
FERROCM_CUDART_SHIM cudaError_t cudaFreeHost(void *p) { return ferrocm_thrust_nvidia::to_cuda(hipFreeHost(p)); }
FERROCM_CUDART_SHIM cudaError_t cudaMallocManaged(void **p, size_t n, unsigned int flags) {
  return ferrocm_thrust_nvidia::to_cuda(hipMallocManaged(p, n, flags));
}
FERROCM_CUDART_SHIM cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind k) {
  return ferrocm_thrust_nvidia::to_cuda(hipMemcpy(d, s, n, static_cast<hipMemcpyKind>(static_cast<int>(k))));
}
FERROCM_CUDART_SHIM cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, cudaMemcpyKind k, cudaStream_t st) {
  return ferrocm_thrust_nvidia::to_cuda(hipMemcpyAsync(d, s, n, static_cast<hipMemcpyKind>(static_cast<int>(k)), st));
}
FERROCM_CUDART_SHIM cudaError_t cudaMemsetAsync(void *d, int v, size_t n, cudaStream_t st) {
  return ferrocm_thrust_nvidia::to_cuda(hipMemsetAsync(d, v, n, st));
}
FERROCM_CUDART_SHIM cudaError_t cudaStreamSynchronize(cudaStream_t s) {
  return ferrocm_thrust_nvidia::to_cuda(hipStreamSynchronize(s));
}
FERROCM_CUDART_SHIM cudaError_t cudaStreamQuery(cudaStream_t s) { return ferrocm_thrust_nvidia::to_cuda(hipStreamQuery(s)); }
FERROCM_CUDART_SHIM cudaError_t cudaStreamCreate(cudaStream_t *s) { return ferrocm_thrust_nvidia::to_cuda(hipStreamCreate(s)); }
FERROCM_CUDART_SHIM cudaError_t cudaStreamDestroy(cudaStream_t s) { return ferrocm_thrust_nvidia::to_cuda(hipStreamDestroy(s)); }
FERROCM_CUDART_SHIM cudaError_t cudaStreamGetPriority(cudaStream_t s, int *p) {
  return ferrocm_thrust_nvidia::to_cuda(hipStreamGetPriority(s, p));
}
FERROCM_CUDART_SHIM cudaError_t cudaDeviceSynchronize(void) { return ferrocm_thrust_nvidia::to_cuda(hipDeviceSynchronize()); }
FERROCM_CUDART_SHIM cudaError_t cudaGetDevice(int *d) { return ferrocm_thrust_nvidia::to_cuda(hipGetDevice(d)); }
FERROCM_CUDART_SHIM cudaError_t cudaSetDevice(int d) { return ferrocm_thrust_nvidia::to_cuda(hipSetDevice(d)); }
FERROCM_CUDART_SHIM cudaError_t cudaGetDeviceCount(int *n) { return ferrocm_thrust_nvidia::to_cuda(hipGetDeviceCount(n)); }
FERROCM_CUDART_SHIM cudaError_t cudaDeviceGetAttribute(int *v, cudaDeviceAttr a, int d) {
  int h = ferrocm_thrust_nvidia::to_hip_attr(a);
  if (h < 0) return cudaErrorInvalidValue;
  return ferrocm_thrust_nvidia::to_cuda(hipDeviceGetAttribute(v, static_cast<hipDeviceAttribute_t>(h), d));
}
FERROCM_CUDART_SHIM cudaError_t cudaGetLastError(void) { return ferrocm_thrust_nvidia::to_cuda(hipGetLastError()); }
FERROCM_CUDART_SHIM cudaError_t cudaPeekAtLastError(void) { return ferrocm_thrust_nvidia::to_cuda(hipPeekAtLastError()); }
FERROCM_CUDART_SHIM const char *cudaGetErrorString(cudaError_t e) {
  return hipGetErrorString(static_cast<hipError_t>(static_cast<int>(e)));
}
FERROCM_CUDART_SHIM const char *cudaGetErrorName(cudaError_t e) {
  return hipGetErrorName(static_cast<hipError_t>(static_cast<int>(e)));
}
FERROCM_CUDART_SHIM cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *out, const void *f) {
  if (out == nullptr) return cudaErrorInvalidValue;
  hipFuncAttributes a{};
  hipError_t e = hipFuncGetAttributes(&a, f);
  if (e != hipSuccess) return ferrocm_thrust_nvidia::to_cuda(e);
  *out = cudaFuncAttributes{};
  out->sharedSizeBytes = a.sharedSizeBytes;
  out->constSizeBytes = a.constSizeBytes;
  out->localSizeBytes = a.localSizeBytes;
  out->maxThreadsPerBlock = a.maxThreadsPerBlock;
  out->numRegs = a.numRegs;
  out->ptxVersion = a.ptxVersion;
  out->binaryVersion = a.binaryVersion;
  out->cacheModeCA = a.cacheModeCA;
  out->maxDynamicSharedSizeBytes = a.maxDynamicSharedSizeBytes;
  out->preferredShmemCarveout = a.preferredShmemCarveout;
  // CUB picks its tuning from ptxVersion: a runtime that cannot tell gives the binary version.
  if (out->ptxVersion == 0) out->ptxVersion = out->binaryVersion;
  return cudaSuccess;
}
FERROCM_CUDART_SHIM cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *n, const void *f, int block,
                                                                                       size_t smem, unsigned int flags) {
  return ferrocm_thrust_nvidia::to_cuda(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(n, f, block, smem, flags));
}
FERROCM_CUDART_SHIM cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, const void *f, int block, size_t smem) {
  return ferrocm_thrust_nvidia::to_cuda(hipOccupancyMaxActiveBlocksPerMultiprocessor(n, f, block, smem));
}
// cudaLaunchKernelExC (CCCL 3 launches through it) is libamdhip64's own export: one
// implementation of launch attributes for Thrust, CUB and hipCUB alike.
FERROCM_CUDART_SHIM cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned int flags) {
  return ferrocm_thrust_nvidia::to_cuda(hipEventCreateWithFlags(reinterpret_cast<hipEvent_t *>(e), flags));
}
FERROCM_CUDART_SHIM cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s) {
  return ferrocm_thrust_nvidia::to_cuda(hipEventRecord(reinterpret_cast<hipEvent_t>(e), s));
}
FERROCM_CUDART_SHIM cudaError_t cudaEventQuery(cudaEvent_t e) {
  return ferrocm_thrust_nvidia::to_cuda(hipEventQuery(reinterpret_cast<hipEvent_t>(e)));
}
FERROCM_CUDART_SHIM cudaError_t cudaEventSynchronize(cudaEvent_t e) {
  return ferrocm_thrust_nvidia::to_cuda(hipEventSynchronize(reinterpret_cast<hipEvent_t>(e)));
}
FERROCM_CUDART_SHIM cudaError_t cudaEventDestroy(cudaEvent_t e) {
  return ferrocm_thrust_nvidia::to_cuda(hipEventDestroy(reinterpret_cast<hipEvent_t>(e)));
}
FERROCM_CUDART_SHIM cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned int flags) {
  return ferrocm_thrust_nvidia::to_cuda(hipStreamWaitEvent(s, reinterpret_cast<hipEvent_t>(e), flags));
}
#undef FERROCM_CUDART_SHIM
#endif
