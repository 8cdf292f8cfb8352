/*
 * ferrocm hipCUB on NVIDIA: the CUDA runtime functions CUB's host code calls, over HIP.
 *
 * ferrocm's hipcc builds NVIDIA programs with `nvcc -cudart none` (crates/tools/hipcc/src/nvidia.rs):
 * libamdhip64 provides the entry points nvcc's generated code needs, but not the CUDA runtime
 * API that CUB's dispatch layer calls (device queries, occupancy, memsets, error state). These
 * weak definitions forward them to the HIP functions of the same meaning; a library that defines
 * them for real takes precedence at link time. Device attributes are translated by name (the
 * two enumerations number them differently); the error and copy-kind numbering is shared.
 */
#ifndef HIPCUB_BACKEND_CUB_CUDART_SHIM_HPP_
#define HIPCUB_BACKEND_CUB_CUDART_SHIM_HPP_

#include <cuda_runtime_api.h>

#define HIPCUB_CUDART_SHIM __host__ __attribute__((weak))

namespace hipcub {
namespace detail {
inline cudaError_t to_cuda(hipError_t e) { return static_cast<cudaError_t>(static_cast<int>(e)); }
inline bool hip_attribute(cudaDeviceAttr a, hipDeviceAttribute_t &out) {
  switch (a) {
  case cudaDevAttrMaxThreadsPerBlock: out = hipDeviceAttributeMaxThreadsPerBlock; return true;
  case cudaDevAttrMaxSharedMemoryPerBlock: out = hipDeviceAttributeMaxSharedMemoryPerBlock; return true;
  case cudaDevAttrMaxSharedMemoryPerBlockOptin: out = hipDeviceAttributeSharedMemPerBlockOptin; return true;
  case cudaDevAttrMaxSharedMemoryPerMultiprocessor: out = hipDeviceAttributeMaxSharedMemoryPerMultiprocessor; return true;
  case cudaDevAttrMultiProcessorCount: out = hipDeviceAttributeMultiprocessorCount; return true;
  case cudaDevAttrComputeCapabilityMajor: out = hipDeviceAttributeComputeCapabilityMajor; return true;
  case cudaDevAttrComputeCapabilityMinor: out = hipDeviceAttributeComputeCapabilityMinor; return true;
  case cudaDevAttrWarpSize: out = hipDeviceAttributeWarpSize; return true;
  case cudaDevAttrL2CacheSize: out = hipDeviceAttributeL2CacheSize; return true;
  case cudaDevAttrMaxThreadsPerMultiProcessor: out = hipDeviceAttributeMaxThreadsPerMultiProcessor; return true;
  case cudaDevAttrMaxRegistersPerBlock: out = hipDeviceAttributeMaxRegistersPerBlock; return true;
  default: return false;
  }
}
} // namespace detail
} // namespace hipcub

extern "C" {
HIPCUB_CUDART_SHIM cudaError_t cudaGetDevice(int *device) { return hipcub::detail::to_cuda(hipGetDevice(device)); }
HIPCUB_CUDART_SHIM cudaError_t cudaSetDevice(int device) { return hipcub::detail::to_cuda(hipSetDevice(device)); }
HIPCUB_CUDART_SHIM cudaError_t cudaGetDeviceCount(int *count) {
  return hipcub::detail::to_cuda(hipGetDeviceCount(count));
}
HIPCUB_CUDART_SHIM cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device) {
  hipDeviceAttribute_t a;
  if (!hipcub::detail::hip_attribute(attr, a)) return cudaErrorInvalidValue;
  return hipcub::detail::to_cuda(hipDeviceGetAttribute(value, a, device));
}
HIPCUB_CUDART_SHIM cudaError_t cudaPeekAtLastError(void) { return hipcub::detail::to_cuda(hipPeekAtLastError()); }
HIPCUB_CUDART_SHIM cudaError_t cudaGetLastError(void) { return hipcub::detail::to_cuda(hipGetLastError()); }
HIPCUB_CUDART_SHIM const char *cudaGetErrorString(cudaError_t error) {
  return hipGetErrorString(static_cast<hipError_t>(static_cast<int>(error)));
}
HIPCUB_CUDART_SHIM cudaError_t cudaDeviceSynchronize(void) { return hipcub::detail::to_cuda(hipDeviceSynchronize()); }
HIPCUB_CUDART_SHIM cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  return hipcub::detail::to_cuda(hipStreamSynchronize(stream));
}
HIPCUB_CUDART_SHIM cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream) {
  return hipcub::detail::to_cuda(hipMemsetAsync(devPtr, value, count, stream));
}
HIPCUB_CUDART_SHIM cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                                               cudaStream_t stream) {
  return hipcub::detail::to_cuda(hipMemcpyAsync(dst, src, count, static_cast<hipMemcpyKind>(static_cast<int>(kind)), stream));
}
HIPCUB_CUDART_SHIM cudaError_t cudaMalloc(void **devPtr, size_t size) { return hipcub::detail::to_cuda(hipMalloc(devPtr, size)); }
HIPCUB_CUDART_SHIM cudaError_t cudaFree(void *devPtr) { return hipcub::detail::to_cuda(hipFree(devPtr)); }
HIPCUB_CUDART_SHIM cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func) {
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
HIPCUB_CUDART_SHIM cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                                             int blockSize, size_t dynamicSMemSize) {
  return hipcub::detail::to_cuda(hipOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, func, blockSize, dynamicSMemSize));
}
HIPCUB_CUDART_SHIM cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
                                                                                      int blockSize,
                                                                                      size_t dynamicSMemSize,
                                                                                      unsigned int flags) {
  return hipcub::detail::to_cuda(
      hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize, dynamicSMemSize, flags));
}
}

#undef HIPCUB_CUDART_SHIM

#endif
