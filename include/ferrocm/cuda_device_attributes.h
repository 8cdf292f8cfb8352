/*
 * ferrocm on NVIDIA: CUDA's device attributes (cudaDeviceAttr) as HIP's
 * (hipDeviceAttribute_t). The two enumerations number the attributes differently, so the
 * cudart functions that ferrocm's headers define over HIP (hipCUB's and Thrust's weak
 * cudart shims: hipcc links NVIDIA programs with `nvcc -cudart none`) translate by name,
 * here, once. Every attribute both APIs have is listed; the others give -1
 * (cudaErrorInvalidValue in the callers).
 */
#ifndef FERROCM_CUDA_DEVICE_ATTRIBUTES_H_
#define FERROCM_CUDA_DEVICE_ATTRIBUTES_H_

#include <cuda_runtime_api.h>
#include <hip/hip_runtime_api.h>

namespace ferrocm {
/* The HIP attribute for `a`, or -1 where HIP has none. */
inline int cuda_attribute_to_hip(cudaDeviceAttr a) {
  switch (a) {
  case cudaDevAttrMaxThreadsPerBlock: return hipDeviceAttributeMaxThreadsPerBlock;
  case cudaDevAttrMaxBlockDimX: return hipDeviceAttributeMaxBlockDimX;
  case cudaDevAttrMaxBlockDimY: return hipDeviceAttributeMaxBlockDimY;
  case cudaDevAttrMaxBlockDimZ: return hipDeviceAttributeMaxBlockDimZ;
  case cudaDevAttrMaxGridDimX: return hipDeviceAttributeMaxGridDimX;
  case cudaDevAttrMaxGridDimY: return hipDeviceAttributeMaxGridDimY;
  case cudaDevAttrMaxGridDimZ: return hipDeviceAttributeMaxGridDimZ;
  case cudaDevAttrMaxSharedMemoryPerBlock: return hipDeviceAttributeMaxSharedMemoryPerBlock;
  case cudaDevAttrTotalConstantMemory: return hipDeviceAttributeTotalConstantMemory;
  case cudaDevAttrWarpSize: return hipDeviceAttributeWarpSize;
  case cudaDevAttrMaxPitch: return hipDeviceAttributeMaxPitch;
  case cudaDevAttrMaxRegistersPerBlock: return hipDeviceAttributeMaxRegistersPerBlock;
  case cudaDevAttrClockRate: return hipDeviceAttributeClockRate;
  case cudaDevAttrTextureAlignment: return hipDeviceAttributeTextureAlignment;
  case cudaDevAttrGpuOverlap: return hipDeviceAttributeDeviceOverlap;
  case cudaDevAttrMultiProcessorCount: return hipDeviceAttributeMultiprocessorCount;
  case cudaDevAttrKernelExecTimeout: return hipDeviceAttributeKernelExecTimeout;
  case cudaDevAttrIntegrated: return hipDeviceAttributeIntegrated;
  case cudaDevAttrCanMapHostMemory: return hipDeviceAttributeCanMapHostMemory;
  case cudaDevAttrComputeMode: return hipDeviceAttributeComputeMode;
  case cudaDevAttrMaxTexture1DWidth: return hipDeviceAttributeMaxTexture1DWidth;
  case cudaDevAttrMaxTexture2DWidth: return hipDeviceAttributeMaxTexture2DWidth;
  case cudaDevAttrMaxTexture2DHeight: return hipDeviceAttributeMaxTexture2DHeight;
  case cudaDevAttrMaxTexture3DWidth: return hipDeviceAttributeMaxTexture3DWidth;
  case cudaDevAttrMaxTexture3DHeight: return hipDeviceAttributeMaxTexture3DHeight;
  case cudaDevAttrMaxTexture3DDepth: return hipDeviceAttributeMaxTexture3DDepth;
  case cudaDevAttrSurfaceAlignment: return hipDeviceAttributeSurfaceAlignment;
  case cudaDevAttrConcurrentKernels: return hipDeviceAttributeConcurrentKernels;
  case cudaDevAttrEccEnabled: return hipDeviceAttributeEccEnabled;
  case cudaDevAttrPciBusId: return hipDeviceAttributePciBusId;
  case cudaDevAttrPciDeviceId: return hipDeviceAttributePciDeviceId;
  case cudaDevAttrTccDriver: return hipDeviceAttributeTccDriver;
  case cudaDevAttrMemoryClockRate: return hipDeviceAttributeMemoryClockRate;
  case cudaDevAttrGlobalMemoryBusWidth: return hipDeviceAttributeMemoryBusWidth;
  case cudaDevAttrL2CacheSize: return hipDeviceAttributeL2CacheSize;
  case cudaDevAttrMaxThreadsPerMultiProcessor: return hipDeviceAttributeMaxThreadsPerMultiProcessor;
  case cudaDevAttrAsyncEngineCount: return hipDeviceAttributeAsyncEngineCount;
  case cudaDevAttrUnifiedAddressing: return hipDeviceAttributeUnifiedAddressing;
  case cudaDevAttrPciDomainId: return hipDeviceAttributePciDomainID;
  case cudaDevAttrTexturePitchAlignment: return hipDeviceAttributeTexturePitchAlignment;
  case cudaDevAttrComputeCapabilityMajor: return hipDeviceAttributeComputeCapabilityMajor;
  case cudaDevAttrComputeCapabilityMinor: return hipDeviceAttributeComputeCapabilityMinor;
  case cudaDevAttrStreamPrioritiesSupported: return hipDeviceAttributeStreamPrioritiesSupported;
  case cudaDevAttrGlobalL1CacheSupported: return hipDeviceAttributeGlobalL1CacheSupported;
  case cudaDevAttrLocalL1CacheSupported: return hipDeviceAttributeLocalL1CacheSupported;
  case cudaDevAttrMaxSharedMemoryPerMultiprocessor: return hipDeviceAttributeMaxSharedMemoryPerMultiprocessor;
  case cudaDevAttrMaxRegistersPerMultiprocessor: return hipDeviceAttributeMaxRegistersPerMultiprocessor;
  case cudaDevAttrManagedMemory: return hipDeviceAttributeManagedMemory;
  case cudaDevAttrIsMultiGpuBoard: return hipDeviceAttributeIsMultiGpuBoard;
  case cudaDevAttrMultiGpuBoardGroupID: return hipDeviceAttributeMultiGpuBoardGroupID;
  case cudaDevAttrHostNativeAtomicSupported: return hipDeviceAttributeHostNativeAtomicSupported;
  case cudaDevAttrSingleToDoublePrecisionPerfRatio: return hipDeviceAttributeSingleToDoublePrecisionPerfRatio;
  case cudaDevAttrPageableMemoryAccess: return hipDeviceAttributePageableMemoryAccess;
  case cudaDevAttrConcurrentManagedAccess: return hipDeviceAttributeConcurrentManagedAccess;
  case cudaDevAttrComputePreemptionSupported: return hipDeviceAttributeComputePreemptionSupported;
  case cudaDevAttrCanUseHostPointerForRegisteredMem: return hipDeviceAttributeCanUseHostPointerForRegisteredMem;
  case cudaDevAttrCooperativeLaunch: return hipDeviceAttributeCooperativeLaunch;
  case cudaDevAttrMaxSharedMemoryPerBlockOptin: return hipDeviceAttributeSharedMemPerBlockOptin;
  case cudaDevAttrHostRegisterSupported: return hipDeviceAttributeHostRegisterSupported;
  case cudaDevAttrPageableMemoryAccessUsesHostPageTables: return hipDeviceAttributePageableMemoryAccessUsesHostPageTables;
  case cudaDevAttrDirectManagedMemAccessFromHost: return hipDeviceAttributeDirectManagedMemAccessFromHost;
  case cudaDevAttrMaxBlocksPerMultiprocessor: return hipDeviceAttributeMaxBlocksPerMultiProcessor;
  case cudaDevAttrMaxPersistingL2CacheSize: return hipDeviceAttributePersistingL2CacheMaxSize;
  case cudaDevAttrMaxAccessPolicyWindowSize: return hipDeviceAttributeAccessPolicyMaxWindowSize;
  case cudaDevAttrReservedSharedMemoryPerBlock: return hipDeviceAttributeReservedSharedMemPerBlock;
  case cudaDevAttrMemoryPoolsSupported: return hipDeviceAttributeMemoryPoolsSupported;
  case cudaDevAttrMemoryPoolSupportedHandleTypes: return hipDeviceAttributeMemoryPoolSupportedHandleTypes;
  case cudaDevAttrHostNumaId: return hipDeviceAttributeHostNumaId;
  default: return -1;
  }
}
} // namespace ferrocm

#endif
