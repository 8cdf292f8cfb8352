/*
 * ferrocm hipCUB on NVIDIA: the CUDA runtime functions CUB's host code calls, over HIP.
 *
 * ferrocm's hipcc builds NVIDIA programs with `nvcc -cudart none` (crates/tools/hipcc/src/nvidia.rs):
 * libamdhip64 provides the entry points nvcc's generated code needs, but not the CUDA runtime
 * API that CUB's dispatch layer calls (device queries, occupancy, memsets, error state). These
 * weak definitions forward them to the HIP functions of the same meaning; a library that defines
 * them for real takes precedence at link time. They are functions of other names whose assembler
 * names are the CUDA ones (asm labels), so CUDA's own declarations, which carry execution-space
 * attributes of their own, are never redeclared. Device attributes are translated by name (the
 * two enumerations number them differently: include/ferrocm/cuda_device_attributes.h); the error
 * and copy-kind numbering is shared.
 */
#ifndef HIPCUB_BACKEND_CUB_CUDART_SHIM_HPP_
#define HIPCUB_BACKEND_CUB_CUDART_SHIM_HPP_

#include <cuda_runtime_api.h>
#include <ferrocm/cuda_device_attributes.h>

#define HIPCUB_CUDART_SHIM __host__ __attribute__((weak))

namespace hipcub {
namespace detail {
inline cudaError_t to_cuda(hipError_t e) { return static_cast<cudaError_t>(static_cast<int>(e)); }
// One translation table for every shim (include/ferrocm/cuda_device_attributes.h).
inline bool hip_attribute(cudaDeviceAttr a, hipDeviceAttribute_t &out) {
  int h = ferrocm::cuda_attribute_to_hip(a);
  if (h < 0) return false;
  out = static_cast<hipDeviceAttribute_t>(h);
  return true;
}
} // namespace detail
} // namespace hipcub

extern "C" {
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaGetDevice(int *device) __asm__("cudaGetDevice");
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaGetDevice(int *device) { return hipcub::detail::to_cuda(hipGetDevice(device)); }
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaSetDevice(int device) __asm__("cudaSetDevice");
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaSetDevice(int device) { return hipcub::detail::to_cuda(hipSetDevice(device)); }
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaGetDeviceCount(int *count) __asm__("cudaGetDeviceCount");
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaGetDeviceCount(int *count) {
  return hipcub::detail::to_cuda(hipGetDeviceCount(count));
}
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device) __asm__("cudaDeviceGetAttribute");
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device) {
  hipDeviceAttribute_t a;
  if (!hipcub::detail::hip_attribute(attr, a)) return cudaErrorInvalidValue;
  return hipcub::detail::to_cuda(hipDeviceGetAttribute(value, a, device));
}
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaPeekAtLastError(void) __asm__("cudaPeekAtLastError");
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaPeekAtLastError(void) { return hipcub::detail::to_cuda(hipPeekAtLastError()); }
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaGetLastError(void) __asm__("cudaGetLastError");
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaGetLastError(void) { return hipcub::detail::to_cuda(hipGetLastError()); }
HIPCUB_CUDART_SHIM const char *hipcub_shim_cudaGetErrorString(cudaError_t error) __asm__("cudaGetErrorString");
HIPCUB_CUDART_SHIM const char *hipcub_shim_cudaGetErrorString(cudaError_t error) {
  return hipGetErrorString(static_cast<hipError_t>(static_cast<int>(error)));
}
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaDeviceSynchronize(void) __asm__("cudaDeviceSynchronize");
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaDeviceSynchronize(void) { return hipcub::detail::to_cuda(hipDeviceSynchronize()); }
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaStreamSynchronize(cudaStream_t stream) __asm__("cudaStreamSynchronize");
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaStreamSynchronize(cudaStream_t stream) {
  return hipcub::detail::to_cuda(hipStreamSynchronize(stream));
}
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream) __asm__("cudaMemsetAsync");
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream) {
  return hipcub::detail::to_cuda(hipMemsetAsync(devPtr, value, count, stream));
}
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                                               cudaStream_t stream) __asm__("cudaMemcpyAsync");
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                                               cudaStream_t stream) {
  return hipcub::detail::to_cuda(hipMemcpyAsync(dst, src, count, static_cast<hipMemcpyKind>(static_cast<int>(kind)), stream));
}
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaMalloc(void **devPtr, size_t size) __asm__("cudaMalloc");
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaMalloc(void **devPtr, size_t size) { return hipcub::detail::to_cuda(hipMalloc(devPtr, size)); }
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaFree(void *devPtr) __asm__("cudaFree");
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaFree(void *devPtr) { return hipcub::detail::to_cuda(hipFree(devPtr)); }
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func) __asm__("cudaFuncGetAttributes");
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func) {
  hipFuncAttributes h{};
  hipError_t e = hipFuncGetAttributes(&h, func);
  if (e != hipSuccess) return hipcub::detail::to_cuda(e);
  *attr = cudaFuncAttributes{};
  attr->sharedSizeBytes = h.sharedSizeBytes;
  attr->constSizeBytes = h.constSizeBytes;
  attr->localSizeBytes = h.localSizeBytes;
  attr->maxThreadsPerBlock = h.maxThreadsPerBlock;
  attr->numRegs = h.numRegs;
  attr->ptxVersion = h.ptxVersion;
  attr->binaryVersion = h.binaryVersion;
  attr->cacheModeCA = h.cacheModeCA;
  attr->maxDynamicSharedSizeBytes = h.maxDynamicSharedSizeBytes;
  attr->preferredShmemCarveout = h.preferredShmemCarveout;
  return cudaSuccess;
}
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                                             int blockSize, size_t dynamicSMemSize) __asm__("cudaOccupancyMaxActiveBlocksPerMultiprocessor");
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                                             int blockSize, size_t dynamicSMemSize) {
  return hipcub::detail::to_cuda(hipOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, func, blockSize, dynamicSMemSize));
}
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
                                                                                      int blockSize,
                                                                                      size_t dynamicSMemSize,
                                                                                      unsigned int flags) __asm__("cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags");
HIPCUB_CUDART_SHIM cudaError_t hipcub_shim_cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
                                                                                      int blockSize,
                                                                                      size_t dynamicSMemSize,
                                                                                      unsigned int flags) {
  return hipcub::detail::to_cuda(
      hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize, dynamicSMemSize, flags));
}
}

#undef HIPCUB_CUDART_SHIM

#endif
