/*
 * HIP host API (the subset of ROCm 6.x/7.x's public hip_runtime_api.h that ferrocm
 * implements). Compiles as C11 and as C++11 or later. Enumerator values, structure
 * layouts and function signatures are HIP's, so that HIP programs and bindings work
 * unchanged. Nothing here is specific to the CPU platform except the qualifier macros
 * pulled in by hip_common.h.
 */
#ifndef HIP_RUNTIME_API_H
#define HIP_RUNTIME_API_H

#if defined(__CUDACC_RTC__)
/* NVRTC (hiprtc on the NVIDIA platform) compiles device code only and cannot read system
 * headers: no host API, only the platform and version macros. */
#include "hip_common.h"
#include "hip_version.h"
#else /* !__CUDACC_RTC__: the rest of this file */

#include <stddef.h>
#include <stdint.h>

#include "hip_common.h"
#include "hip_version.h"

/* NVIDIA platform: under nvcc (which pre-includes cuda_runtime.h) dim3 is CUDA's, and the
 * stream type is CUDA's on NVIDIA (nvcc's <<<>>> passes it to __cudaPushCallConfiguration). */
#if defined(__HIP_PLATFORM_NVIDIA__) && defined(__CUDACC__)
#define __HIP_NVIDIA_CUDA_TYPES__ 1
#endif

/* Default arguments exist only in C++. */
#ifdef __cplusplus
#define __dparm(x) = x
#else
#define __dparm(x)
#endif

#if defined(__GNUC__) || defined(__clang__)
#define HIP_DEPRECATED(msg) __attribute__((deprecated(msg)))
#else
#define HIP_DEPRECATED(msg)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- errors */

typedef enum hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorMemoryAllocation = 2, /* deprecated alias */
  hipErrorNotInitialized = 3,
  hipErrorInitializationError = 3, /* deprecated alias */
  hipErrorDeinitialized = 4,
  hipErrorProfilerDisabled = 5,
  hipErrorProfilerNotInitialized = 6,
  hipErrorProfilerAlreadyStarted = 7,
  hipErrorProfilerAlreadyStopped = 8,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidPitchValue = 12,
  hipErrorInvalidSymbol = 13,
  hipErrorInvalidDevicePointer = 17,
  hipErrorInvalidMemcpyDirection = 21,
  hipErrorInsufficientDriver = 35,
  hipErrorMissingConfiguration = 52,
  hipErrorPriorLaunchFailure = 53,
  hipErrorInvalidDeviceFunction = 98,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidImage = 200,
  hipErrorInvalidContext = 201,
  hipErrorContextAlreadyCurrent = 202,
  hipErrorMapFailed = 205,
  hipErrorMapBufferObjectFailed = 205, /* deprecated alias */
  hipErrorUnmapFailed = 206,
  hipErrorArrayIsMapped = 207,
  hipErrorAlreadyMapped = 208,
  hipErrorNoBinaryForGpu = 209,
  hipErrorAlreadyAcquired = 210,
  hipErrorNotMapped = 211,
  hipErrorNotMappedAsArray = 212,
  hipErrorNotMappedAsPointer = 213,
  hipErrorECCNotCorrectable = 214,
  hipErrorUnsupportedLimit = 215,
  hipErrorContextAlreadyInUse = 216,
  hipErrorPeerAccessUnsupported = 217,
  hipErrorInvalidKernelFile = 218,
  hipErrorInvalidGraphicsContext = 219,
  hipErrorInvalidSource = 300,
  hipErrorFileNotFound = 301,
  hipErrorSharedObjectSymbolNotFound = 302,
  hipErrorSharedObjectInitFailed = 303,
  hipErrorOperatingSystem = 304,
  hipErrorInvalidHandle = 400,
  hipErrorInvalidResourceHandle = 400, /* deprecated alias */
  hipErrorIllegalState = 401,
  hipErrorNotFound = 500,
  hipErrorNotReady = 600,
  hipErrorIllegalAddress = 700,
  hipErrorLaunchOutOfResources = 701,
  hipErrorLaunchTimeOut = 702,
  hipErrorPeerAccessAlreadyEnabled = 704,
  hipErrorPeerAccessNotEnabled = 705,
  hipErrorSetOnActiveProcess = 708,
  hipErrorContextIsDestroyed = 709,
  hipErrorAssert = 710,
  hipErrorHostMemoryAlreadyRegistered = 712,
  hipErrorHostMemoryNotRegistered = 713,
  hipErrorLaunchFailure = 719,
  hipErrorCooperativeLaunchTooLarge = 720,
  hipErrorNotSupported = 801,
  hipErrorStreamCaptureUnsupported = 900,
  hipErrorStreamCaptureInvalidated = 901,
  hipErrorStreamCaptureMerge = 902,
  hipErrorStreamCaptureUnmatched = 903,
  hipErrorStreamCaptureUnjoined = 904,
  hipErrorStreamCaptureIsolation = 905,
  hipErrorStreamCaptureImplicit = 906,
  hipErrorCapturedEvent = 907,
  hipErrorStreamCaptureWrongThread = 908,
  hipErrorGraphExecUpdateFailure = 910,
  hipErrorInvalidChannelDescriptor = 911,
  hipErrorInvalidTexture = 912,
  hipErrorUnknown = 999,
  hipErrorRuntimeMemory = 1052,
  hipErrorRuntimeOther = 1053,
  hipErrorTbd
} hipError_t;

/* ---------------------------------------------------------------- handles and basic types */

typedef int hipDevice_t;
typedef struct ihipCtx_t *hipCtx_t;
#if defined(__HIP_PLATFORM_NVIDIA__)
typedef struct CUstream_st *hipStream_t;
#else
typedef struct ihipStream_t *hipStream_t;
#endif
typedef struct ihipEvent_t *hipEvent_t;
typedef struct ihipModule_t *hipModule_t;
typedef struct ihipModuleSymbol_t *hipFunction_t;
typedef struct ihipMemPoolHandle_t *hipMemPool_t;
typedef void *hipDeviceptr_t;

/* Special stream handles (HIP's values). */
#define hipStreamLegacy ((hipStream_t)1)
#define hipStreamPerThread ((hipStream_t)2)

#define hipCpuDeviceId ((int)-1)
#define hipInvalidDeviceId ((int)-2)

#if !defined(__HIP_NVIDIA_CUDA_TYPES__) /* CUDA's vector_types.h defines dim3 */
typedef struct dim3 {
  uint32_t x;
  uint32_t y;
  uint32_t z;
#ifdef __cplusplus
  constexpr dim3(uint32_t _x = 1, uint32_t _y = 1, uint32_t _z = 1) : x(_x), y(_y), z(_z) {}
#endif
} dim3;
#endif

typedef struct hipUUID_t {
  char bytes[16];
} hipUUID;

typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status, void *userData);
typedef void (*hipHostFn_t)(void *userData);

/* ---------------------------------------------------------------- flags */

#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01

#define hipEventDefault 0x0
#define hipEventBlockingSync 0x1
#define hipEventDisableTiming 0x2
#define hipEventInterprocess 0x4
#define hipEventDisableSystemFence 0x20000000
#define hipEventReleaseToDevice 0x40000000
#define hipEventReleaseToSystem 0x80000000
#define hipEventRecordDefault 0x00
#define hipEventRecordExternal 0x01

#define hipHostMallocDefault 0x0
#define hipHostMallocPortable 0x1
#define hipHostMallocMapped 0x2
#define hipHostMallocWriteCombined 0x4
#define hipHostMallocUncached 0x10000000
#define hipHostMallocNumaUser 0x20000000
#define hipHostMallocCoherent 0x40000000
#define hipHostMallocNonCoherent 0x80000000

#define hipHostAllocDefault hipHostMallocDefault
#define hipHostAllocPortable hipHostMallocPortable
#define hipHostAllocMapped hipHostMallocMapped
#define hipHostAllocWriteCombined hipHostMallocWriteCombined
#define hipHostAllocUncached hipHostMallocUncached

#define hipMemAttachGlobal 0x01
#define hipMemAttachHost 0x02
#define hipMemAttachSingle 0x04

#define hipDeviceMallocDefault 0x0
#define hipDeviceMallocFinegrained 0x1
#define hipMallocSignalMemory 0x2
#define hipDeviceMallocUncached 0x3
#define hipDeviceMallocContiguous 0x4

#define hipHostRegisterDefault 0x0
#define hipHostRegisterPortable 0x1
#define hipHostRegisterMapped 0x2
#define hipHostRegisterIoMemory 0x4
#define hipHostRegisterReadOnly 0x08

#define hipDeviceScheduleAuto 0x0
#define hipDeviceScheduleSpin 0x1
#define hipDeviceScheduleYield 0x2
#define hipDeviceScheduleBlockingSync 0x4
#define hipDeviceScheduleMask 0x7
#define hipDeviceMapHost 0x8
#define hipDeviceLmemResizeToMax 0x16 /* HIP's value (CUDA's is 0x10) */

#define hipOccupancyDefault 0x00
#define hipOccupancyDisableCachingOverride 0x01

#define hipCooperativeLaunchMultiDeviceNoPreSync 0x01
#define hipCooperativeLaunchMultiDeviceNoPostSync 0x02

#define hipIpcMemLazyEnablePeerAccess 0x01

/* hipModuleLaunchKernel's `extra` array. */
#define HIP_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)
#define HIP_LAUNCH_PARAM_END ((void *)0x03)

/* Device variables are ordinary host variables here: a symbol is its address. */
#define HIP_SYMBOL(X) (&(X))

/* ---------------------------------------------------------------- enums */

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4,
  hipMemcpyDeviceToDeviceNoCU = 1024
} hipMemcpyKind;

typedef enum hipLimit_t {
  hipLimitStackSize = 0x0,
  hipLimitPrintfFifoSize = 0x01,
  hipLimitMallocHeapSize = 0x02,
  hipLimitRange
} hipLimit_t;

typedef enum hipFuncCache_t {
  hipFuncCachePreferNone = 0,
  hipFuncCachePreferShared = 1,
  hipFuncCachePreferL1 = 2,
  hipFuncCachePreferEqual = 3
} hipFuncCache_t;

typedef enum hipSharedMemConfig {
  hipSharedMemBankSizeDefault = 0,
  hipSharedMemBankSizeFourByte = 1,
  hipSharedMemBankSizeEightByte = 2
} hipSharedMemConfig;

typedef enum hipFuncAttribute {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8,
  hipFuncAttributePreferredSharedMemoryCarveout = 9,
  hipFuncAttributeMax
} hipFuncAttribute;

typedef enum hipFunction_attribute {
  HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_NUM_REGS,
  HIP_FUNC_ATTRIBUTE_PTX_VERSION,
  HIP_FUNC_ATTRIBUTE_BINARY_VERSION,
  HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA,
  HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
  HIP_FUNC_ATTRIBUTE_MAX
} hipFunction_attribute;

typedef enum hipMemoryType {
  hipMemoryTypeUnregistered = 0,
  hipMemoryTypeHost = 1,
  hipMemoryTypeDevice = 2,
  hipMemoryTypeManaged = 3,
  hipMemoryTypeArray = 10,
  hipMemoryTypeUnified = 11
} hipMemoryType;

typedef enum hipMemoryAdvise {
  hipMemAdviseSetReadMostly = 1,
  hipMemAdviseUnsetReadMostly = 2,
  hipMemAdviseSetPreferredLocation = 3,
  hipMemAdviseUnsetPreferredLocation = 4,
  hipMemAdviseSetAccessedBy = 5,
  hipMemAdviseUnsetAccessedBy = 6,
  hipMemAdviseSetCoarseGrain = 100,
  hipMemAdviseUnsetCoarseGrain = 101
} hipMemoryAdvise;

typedef enum hipMemRangeAttribute {
  hipMemRangeAttributeReadMostly = 1,
  hipMemRangeAttributePreferredLocation = 2,
  hipMemRangeAttributeAccessedBy = 3,
  hipMemRangeAttributeLastPrefetchLocation = 4,
  hipMemRangeAttributeCoherencyMode = 100
} hipMemRangeAttribute;

typedef enum hipPointer_attribute {
  HIP_POINTER_ATTRIBUTE_CONTEXT = 1,
  HIP_POINTER_ATTRIBUTE_MEMORY_TYPE,
  HIP_POINTER_ATTRIBUTE_DEVICE_POINTER,
  HIP_POINTER_ATTRIBUTE_HOST_POINTER,
  HIP_POINTER_ATTRIBUTE_P2P_TOKENS,
  HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS,
  HIP_POINTER_ATTRIBUTE_BUFFER_ID,
  HIP_POINTER_ATTRIBUTE_IS_MANAGED,
  HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
  HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE,
  HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR,
  HIP_POINTER_ATTRIBUTE_RANGE_SIZE,
  HIP_POINTER_ATTRIBUTE_MAPPED,
  HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES,
  HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE,
  HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS,
  HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE
} hipPointer_attribute;

typedef enum hipJitOption {
  hipJitOptionMaxRegisters = 0,
  hipJitOptionThreadsPerBlock,
  hipJitOptionWallTime,
  hipJitOptionInfoLogBuffer,
  hipJitOptionInfoLogBufferSizeBytes,
  hipJitOptionErrorLogBuffer,
  hipJitOptionErrorLogBufferSizeBytes,
  hipJitOptionOptimizationLevel,
  hipJitOptionTargetFromContext,
  hipJitOptionTarget,
  hipJitOptionFallbackStrategy,
  hipJitOptionGenerateDebugInfo,
  hipJitOptionLogVerbose,
  hipJitOptionGenerateLineInfo,
  hipJitOptionCacheMode,
  hipJitOptionSm3xOpt,
  hipJitOptionFastCompile,
  hipJitOptionNumOptions
} hipJitOption;

typedef enum hipDeviceAttribute_t {
  hipDeviceAttributeCudaCompatibleBegin = 0,
  hipDeviceAttributeEccEnabled = hipDeviceAttributeCudaCompatibleBegin, /* 0 */
  hipDeviceAttributeAccessPolicyMaxWindowSize,                          /* 1 */
  hipDeviceAttributeAsyncEngineCount,                                   /* 2 */
  hipDeviceAttributeCanMapHostMemory,                                   /* 3 */
  hipDeviceAttributeCanUseHostPointerForRegisteredMem,                  /* 4 */
  hipDeviceAttributeClockRate,                                          /* 5 */
  hipDeviceAttributeComputeMode,                                        /* 6 */
  hipDeviceAttributeComputePreemptionSupported,                         /* 7 */
  hipDeviceAttributeConcurrentKernels,                                  /* 8 */
  hipDeviceAttributeConcurrentManagedAccess,                            /* 9 */
  hipDeviceAttributeCooperativeLaunch,                                  /* 10 */
  hipDeviceAttributeCooperativeMultiDeviceLaunch,                       /* 11 */
  hipDeviceAttributeDeviceOverlap,                                      /* 12 */
  hipDeviceAttributeDirectManagedMemAccessFromHost,                     /* 13 */
  hipDeviceAttributeGlobalL1CacheSupported,                             /* 14 */
  hipDeviceAttributeHostNativeAtomicSupported,                          /* 15 */
  hipDeviceAttributeIntegrated,                                         /* 16 */
  hipDeviceAttributeIsMultiGpuBoard,                                    /* 17 */
  hipDeviceAttributeKernelExecTimeout,                                  /* 18 */
  hipDeviceAttributeL2CacheSize,                                        /* 19 */
  hipDeviceAttributeLocalL1CacheSupported,                              /* 20 */
  hipDeviceAttributeLuid,                                               /* 21 */
  hipDeviceAttributeLuidDeviceNodeMask,                                 /* 22 */
  hipDeviceAttributeComputeCapabilityMajor,                             /* 23 */
  hipDeviceAttributeManagedMemory,                                      /* 24 */
  hipDeviceAttributeMaxBlocksPerMultiProcessor,                         /* 25 */
  hipDeviceAttributeMaxBlockDimX,                                       /* 26 */
  hipDeviceAttributeMaxBlockDimY,                                       /* 27 */
  hipDeviceAttributeMaxBlockDimZ,                                       /* 28 */
  hipDeviceAttributeMaxGridDimX,                                        /* 29 */
  hipDeviceAttributeMaxGridDimY,                                        /* 30 */
  hipDeviceAttributeMaxGridDimZ,                                        /* 31 */
  hipDeviceAttributeMaxSurface1D,                                       /* 32 */
  hipDeviceAttributeMaxSurface1DLayered,                                /* 33 */
  hipDeviceAttributeMaxSurface2D,                                       /* 34 */
  hipDeviceAttributeMaxSurface2DLayered,                                /* 35 */
  hipDeviceAttributeMaxSurface3D,                                       /* 36 */
  hipDeviceAttributeMaxSurfaceCubemap,                                  /* 37 */
  hipDeviceAttributeMaxSurfaceCubemapLayered,                           /* 38 */
  hipDeviceAttributeMaxTexture1DWidth,                                  /* 39 */
  hipDeviceAttributeMaxTexture1DLayered,                                /* 40 */
  hipDeviceAttributeMaxTexture1DLinear,                                 /* 41 */
  hipDeviceAttributeMaxTexture1DMipmap,                                 /* 42 */
  hipDeviceAttributeMaxTexture2DWidth,                                  /* 43 */
  hipDeviceAttributeMaxTexture2DHeight,                                 /* 44 */
  hipDeviceAttributeMaxTexture2DGather,                                 /* 45 */
  hipDeviceAttributeMaxTexture2DLayered,                                /* 46 */
  hipDeviceAttributeMaxTexture2DLinear,                                 /* 47 */
  hipDeviceAttributeMaxTexture2DMipmap,                                 /* 48 */
  hipDeviceAttributeMaxTexture3DWidth,                                  /* 49 */
  hipDeviceAttributeMaxTexture3DHeight,                                 /* 50 */
  hipDeviceAttributeMaxTexture3DDepth,                                  /* 51 */
  hipDeviceAttributeMaxTexture3DAlt,                                    /* 52 */
  hipDeviceAttributeMaxTextureCubemap,                                  /* 53 */
  hipDeviceAttributeMaxTextureCubemapLayered,                           /* 54 */
  hipDeviceAttributeMaxThreadsDim,                                      /* 55 */
  hipDeviceAttributeMaxThreadsPerBlock,                                 /* 56 */
  hipDeviceAttributeMaxThreadsPerMultiProcessor,                        /* 57 */
  hipDeviceAttributeMaxPitch,                                           /* 58 */
  hipDeviceAttributeMemoryBusWidth,                                     /* 59 */
  hipDeviceAttributeMemoryClockRate,                                    /* 60 */
  hipDeviceAttributeComputeCapabilityMinor,                             /* 61 */
  hipDeviceAttributeMultiGpuBoardGroupID,                               /* 62 */
  hipDeviceAttributeMultiprocessorCount,                                /* 63 */
  hipDeviceAttributeUnused1,                                            /* 64 */
  hipDeviceAttributePageableMemoryAccess,                               /* 65 */
  hipDeviceAttributePageableMemoryAccessUsesHostPageTables,             /* 66 */
  hipDeviceAttributePciBusId,                                           /* 67 */
  hipDeviceAttributePciDeviceId,                                        /* 68 */
  hipDeviceAttributePciDomainID,                                        /* 69 */
  hipDeviceAttributePersistingL2CacheMaxSize,                           /* 70 */
  hipDeviceAttributeMaxRegistersPerBlock,                               /* 71 */
  hipDeviceAttributeMaxRegistersPerMultiprocessor,                      /* 72 */
  hipDeviceAttributeReservedSharedMemPerBlock,                          /* 73 */
  hipDeviceAttributeMaxSharedMemoryPerBlock,                            /* 74 */
  hipDeviceAttributeSharedMemPerBlockOptin,                             /* 75 */
  hipDeviceAttributeSharedMemPerMultiprocessor,                         /* 76 */
  hipDeviceAttributeSingleToDoublePrecisionPerfRatio,                   /* 77 */
  hipDeviceAttributeStreamPrioritiesSupported,                          /* 78 */
  hipDeviceAttributeSurfaceAlignment,                                   /* 79 */
  hipDeviceAttributeTccDriver,                                          /* 80 */
  hipDeviceAttributeTextureAlignment,                                   /* 81 */
  hipDeviceAttributeTexturePitchAlignment,                              /* 82 */
  hipDeviceAttributeTotalConstantMemory,                                /* 83 */
  hipDeviceAttributeTotalGlobalMem,                                     /* 84 */
  hipDeviceAttributeUnifiedAddressing,                                  /* 85 */
  hipDeviceAttributeUnused2,                                            /* 86 */
  hipDeviceAttributeWarpSize,                                           /* 87 */
  hipDeviceAttributeMemoryPoolsSupported,                               /* 88 */
  hipDeviceAttributeVirtualMemoryManagementSupported,                   /* 89 */
  hipDeviceAttributeHostRegisterSupported,                              /* 90 */
  hipDeviceAttributeMemoryPoolSupportedHandleTypes,                     /* 91 */
  hipDeviceAttributeHostNumaId,                                         /* 92 */
  hipDeviceAttributeCudaCompatibleEnd = 9999,
  hipDeviceAttributeAmdSpecificBegin = 10000,
  hipDeviceAttributeClockInstructionRate = hipDeviceAttributeAmdSpecificBegin, /* 10000 */
  hipDeviceAttributeUnused3,                                                   /* 10001 */
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,                          /* 10002 */
  hipDeviceAttributeUnused4,                                                   /* 10003 */
  hipDeviceAttributeUnused5,                                                   /* 10004 */
  hipDeviceAttributeHdpMemFlushCntl,                                           /* 10005 */
  hipDeviceAttributeHdpRegFlushCntl,                                           /* 10006 */
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc,                       /* 10007 */
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim,                    /* 10008 */
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim,                   /* 10009 */
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem,                  /* 10010 */
  hipDeviceAttributeIsLargeBar,                                                /* 10011 */
  hipDeviceAttributeAsicRevision,                                              /* 10012 */
  hipDeviceAttributeCanUseStreamWaitValue,                                     /* 10013 */
  hipDeviceAttributeImageSupport,                                              /* 10014 */
  hipDeviceAttributePhysicalMultiProcessorCount,                               /* 10015 */
  hipDeviceAttributeFineGrainSupport,                                          /* 10016 */
  hipDeviceAttributeWallClockRate,                                             /* 10017 */
  hipDeviceAttributeNumberOfXccs,                                              /* 10018 */
  hipDeviceAttributeMaxAvailableVgprsPerThread,                                /* 10019 */
  hipDeviceAttributePciChipId,                                                 /* 10020 */
  hipDeviceAttributeAmdSpecificEnd = 19999,
  hipDeviceAttributeVendorSpecificBegin = 20000
} hipDeviceAttribute_t;

/* ---------------------------------------------------------------- structures */

typedef struct hipDeviceArch_t {
  /* 32-bit atomics */
  unsigned hasGlobalInt32Atomics : 1;
  unsigned hasGlobalFloatAtomicExch : 1;
  unsigned hasSharedInt32Atomics : 1;
  unsigned hasSharedFloatAtomicExch : 1;
  unsigned hasFloatAtomicAdd : 1;
  /* 64-bit atomics */
  unsigned hasGlobalInt64Atomics : 1;
  unsigned hasSharedInt64Atomics : 1;
  /* doubles */
  unsigned hasDoubles : 1;
  /* warp cross-lane operations */
  unsigned hasWarpVote : 1;
  unsigned hasWarpBallot : 1;
  unsigned hasWarpShuffle : 1;
  unsigned hasFunnelShift : 1;
  /* sync */
  unsigned hasThreadFenceSystem : 1;
  unsigned hasSyncThreadsExt : 1;
  /* misc */
  unsigned hasSurfaceFuncs : 1;
  unsigned has3dGrid : 1;
  unsigned hasDynamicParallelism : 1;
} hipDeviceArch_t;

/* HIP 6's device properties (R0600 layout). hipDeviceProp_t names it, as in HIP. */
typedef struct hipDeviceProp_tR0600 {
  char name[256];
  hipUUID uuid;
  char luid[8];
  unsigned int luidDeviceNodeMask;
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate; /* kHz */
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int deviceOverlap;
  int multiProcessorCount;
  int kernelExecTimeoutEnabled;
  int integrated;
  int canMapHostMemory;
  int computeMode;
  int maxTexture1D;
  int maxTexture1DMipmap;
  int maxTexture1DLinear;
  int maxTexture2D[2];
  int maxTexture2DMipmap[2];
  int maxTexture2DLinear[3];
  int maxTexture2DGather[2];
  int maxTexture3D[3];
  int maxTexture3DAlt[3];
  int maxTextureCubemap;
  int maxTexture1DLayered[2];
  int maxTexture2DLayered[3];
  int maxTextureCubemapLayered[2];
  int maxSurface1D;
  int maxSurface2D[2];
  int maxSurface3D[3];
  int maxSurface1DLayered[2];
  int maxSurface2DLayered[3];
  int maxSurfaceCubemap;
  int maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryClockRate; /* kHz */
  int memoryBusWidth;  /* bits */
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int singleToDoublePrecisionPerfRatio;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
  int hostRegisterSupported;
  int sparseHipArraySupported;
  int hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported;
  int memoryPoolsSupported;
  int gpuDirectRDMASupported;
  unsigned int gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned int memoryPoolSupportedHandleTypes;
  int deferredMappingHipArraySupported;
  int ipcEventSupported;
  int clusterLaunch;
  int unifiedFunctionPointers;
  int reserved[63];
  int hipReserved[32];
  /* HIP-only members */
  char gcnArchName[256];
  size_t maxSharedMemoryPerMultiProcessor;
  int clockInstructionRate; /* kHz */
  hipDeviceArch_t arch;
  unsigned int *hdpMemFlushCntl;
  unsigned int *hdpRegFlushCntl;
  int cooperativeMultiDeviceUnmatchedFunc;
  int cooperativeMultiDeviceUnmatchedGridDim;
  int cooperativeMultiDeviceUnmatchedBlockDim;
  int cooperativeMultiDeviceUnmatchedSharedMem;
  int isLargeBar;
  int asicRevision;
} hipDeviceProp_tR0600;

#define hipDeviceProp_t hipDeviceProp_tR0600
#define hipGetDeviceProperties hipGetDevicePropertiesR0600
#define hipChooseDevice hipChooseDeviceR0600

typedef struct hipPointerAttribute_t {
  enum hipMemoryType type;
  int device;
  void *devicePointer;
  void *hostPointer;
  int isManaged;
  unsigned allocationFlags;
} hipPointerAttribute_t;

typedef struct hipFuncAttributes {
  int binaryVersion;
  int cacheModeCA;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxDynamicSharedSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int preferredShmemCarveout;
  int ptxVersion;
  size_t sharedSizeBytes;
} hipFuncAttributes;

/* ---------------------------------------------------------------- initialisation and devices */

hipError_t hipInit(unsigned int flags);
hipError_t hipDriverGetVersion(int *driverVersion);
hipError_t hipRuntimeGetVersion(int *runtimeVersion);
hipError_t hipGetDeviceCount(int *count);
hipError_t hipSetDevice(int deviceId);
hipError_t hipGetDevice(int *deviceId);
hipError_t hipDeviceGet(hipDevice_t *device, int ordinal);
hipError_t hipGetDevicePropertiesR0600(hipDeviceProp_tR0600 *prop, int deviceId);
hipError_t hipChooseDeviceR0600(int *device, const hipDeviceProp_tR0600 *prop);
hipError_t hipDeviceGetAttribute(int *pi, hipDeviceAttribute_t attr, int deviceId);
hipError_t hipDeviceComputeCapability(int *major, int *minor, hipDevice_t device);
hipError_t hipDeviceGetName(char *name, int len, hipDevice_t device);
hipError_t hipDeviceGetUuid(hipUUID *uuid, hipDevice_t device);
hipError_t hipDeviceGetPCIBusId(char *pciBusId, int len, int device);
hipError_t hipDeviceGetByPCIBusId(int *device, const char *pciBusId);
hipError_t hipDeviceTotalMem(size_t *bytes, hipDevice_t device);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);
hipError_t hipDeviceGetLimit(size_t *pValue, enum hipLimit_t limit);
hipError_t hipDeviceSetLimit(enum hipLimit_t limit, size_t value);
hipError_t hipSetDeviceFlags(unsigned flags);
hipError_t hipGetDeviceFlags(unsigned int *flags);
hipError_t hipDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
hipError_t hipDeviceGetCacheConfig(hipFuncCache_t *cacheConfig);
hipError_t hipDeviceSetCacheConfig(hipFuncCache_t cacheConfig);
hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig *pConfig);
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config);
hipError_t hipDeviceCanAccessPeer(int *canAccessPeer, int deviceId, int peerDeviceId);
hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags);
hipError_t hipDeviceDisablePeerAccess(int peerDeviceId);

/* ---------------------------------------------------------------- errors */

hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char *hipGetErrorName(hipError_t hip_error);
const char *hipGetErrorString(hipError_t hipError);
hipError_t hipDrvGetErrorName(hipError_t hipError, const char **errorString);
hipError_t hipDrvGetErrorString(hipError_t hipError, const char **errorString);

/* ---------------------------------------------------------------- memory */

hipError_t hipMalloc(void **ptr, size_t size);
hipError_t hipExtMallocWithFlags(void **ptr, size_t sizeBytes, unsigned int flags);
hipError_t hipFree(void *ptr);
hipError_t hipMallocManaged(void **dev_ptr, size_t size, unsigned int flags __dparm(hipMemAttachGlobal));
hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags __dparm(hipHostMallocDefault));
hipError_t hipHostAlloc(void **ptr, size_t size, unsigned int flags __dparm(hipHostAllocDefault));
HIP_DEPRECATED("use hipHostMalloc")
hipError_t hipMallocHost(void **ptr, size_t size);
HIP_DEPRECATED("use hipHostMalloc")
hipError_t hipMemAllocHost(void **ptr, size_t size);
hipError_t hipHostFree(void *ptr);
HIP_DEPRECATED("use hipHostFree")
hipError_t hipFreeHost(void *ptr);
hipError_t hipHostRegister(void *hostPtr, size_t sizeBytes, unsigned int flags);
hipError_t hipHostUnregister(void *hostPtr);
hipError_t hipHostGetDevicePointer(void **devPtr, void *hstPtr, unsigned int flags);
hipError_t hipHostGetFlags(unsigned int *flagsPtr, void *hostPtr);
hipError_t hipMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height);
hipError_t hipMemAllocPitch(hipDeviceptr_t *dptr, size_t *pitch, size_t widthInBytes, size_t height,
                            unsigned int elementSizeBytes);
hipError_t hipMallocAsync(void **dev_ptr, size_t size, hipStream_t stream);
hipError_t hipFreeAsync(void *dev_ptr, hipStream_t stream);
hipError_t hipMemGetInfo(size_t *free, size_t *total);
hipError_t hipMemPtrGetInfo(void *ptr, size_t *size);
hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attributes, const void *ptr);
hipError_t hipPointerGetAttribute(void *data, hipPointer_attribute attribute, hipDeviceptr_t ptr);
hipError_t hipMemPrefetchAsync(const void *dev_ptr, size_t count, int device, hipStream_t stream __dparm(0));
hipError_t hipMemAdvise(const void *dev_ptr, size_t count, hipMemoryAdvise advice, int device);
hipError_t hipMemRangeGetAttribute(void *data, size_t data_size, hipMemRangeAttribute attribute,
                                   const void *dev_ptr, size_t count);

hipError_t hipMemcpy(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind);
hipError_t hipMemcpyWithStream(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind,
                               hipStream_t stream);
hipError_t hipMemcpyAsync(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind,
                          hipStream_t stream __dparm(0));
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, const void *src, size_t sizeBytes);
hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, const void *src, size_t sizeBytes, hipStream_t stream);
hipError_t hipMemcpyDtoHAsync(void *dst, hipDeviceptr_t src, size_t sizeBytes, hipStream_t stream);
hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes, hipStream_t stream);
hipError_t hipMemcpyPeer(void *dst, int dstDeviceId, const void *src, int srcDeviceId, size_t sizeBytes);
hipError_t hipMemcpyPeerAsync(void *dst, int dstDeviceId, const void *src, int srcDevice, size_t sizeBytes,
                              hipStream_t stream __dparm(0));
hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                       hipMemcpyKind kind);
hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                            size_t height, hipMemcpyKind kind, hipStream_t stream __dparm(0));
hipError_t hipMemcpyToSymbol(const void *symbol, const void *src, size_t sizeBytes, size_t offset __dparm(0),
                             hipMemcpyKind kind __dparm(hipMemcpyHostToDevice));
hipError_t hipMemcpyToSymbolAsync(const void *symbol, const void *src, size_t sizeBytes, size_t offset,
                                  hipMemcpyKind kind, hipStream_t stream __dparm(0));
hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t sizeBytes, size_t offset __dparm(0),
                               hipMemcpyKind kind __dparm(hipMemcpyDeviceToHost));
hipError_t hipMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t sizeBytes, size_t offset,
                                    hipMemcpyKind kind, hipStream_t stream __dparm(0));
hipError_t hipGetSymbolAddress(void **devPtr, const void *symbol);
hipError_t hipGetSymbolSize(size_t *size, const void *symbol);

hipError_t hipMemset(void *dst, int value, size_t sizeBytes);
hipError_t hipMemsetAsync(void *dst, int value, size_t sizeBytes, hipStream_t stream __dparm(0));
hipError_t hipMemsetD8(hipDeviceptr_t dest, unsigned char value, size_t count);
hipError_t hipMemsetD8Async(hipDeviceptr_t dest, unsigned char value, size_t count,
                            hipStream_t stream __dparm(0));
hipError_t hipMemsetD16(hipDeviceptr_t dest, unsigned short value, size_t count);
hipError_t hipMemsetD16Async(hipDeviceptr_t dest, unsigned short value, size_t count,
                             hipStream_t stream __dparm(0));
hipError_t hipMemsetD32(hipDeviceptr_t dest, int value, size_t count);
hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count, hipStream_t stream __dparm(0));
hipError_t hipMemset2D(void *dst, size_t pitch, int value, size_t width, size_t height);
hipError_t hipMemset2DAsync(void *dst, size_t pitch, int value, size_t width, size_t height,
                            hipStream_t stream __dparm(0));

/* ---------------------------------------------------------------- streams and events */

hipError_t hipStreamCreate(hipStream_t *stream);
hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags);
hipError_t hipStreamCreateWithPriority(hipStream_t *stream, unsigned int flags, int priority);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);
hipError_t hipStreamQuery(hipStream_t stream);
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags __dparm(0));
hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void *userData,
                                unsigned int flags);
hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void *userData);
hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int *flags);
hipError_t hipStreamGetPriority(hipStream_t stream, int *priority);
hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t *device);

hipError_t hipEventCreate(hipEvent_t *event);
hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream __dparm(0));
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventQuery(hipEvent_t event);
hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop);
hipError_t hipEventDestroy(hipEvent_t event);

/* ---------------------------------------------------------------- kernels */

hipError_t hipLaunchKernel(const void *function_address, dim3 numBlocks, dim3 dimBlocks, void **args,
                           size_t sharedMemBytes __dparm(0), hipStream_t stream __dparm(0));
hipError_t hipLaunchCooperativeKernel(const void *f, dim3 gridDim, dim3 blockDimX, void **kernelParams,
                                      unsigned int sharedMemBytes, hipStream_t stream);
hipError_t hipFuncGetAttributes(struct hipFuncAttributes *attr, const void *func);
hipError_t hipFuncSetAttribute(const void *func, hipFuncAttribute attr, int value);
hipError_t hipFuncSetCacheConfig(const void *func, hipFuncCache_t config);
hipError_t hipFuncSetSharedMemConfig(const void *func, hipSharedMemConfig config);
hipError_t hipOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, const void *f,
                                             size_t dynSharedMemPerBlk, int blockSizeLimit);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *f, int blockSize,
                                                        size_t dynSharedMemPerBlk);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *f, int blockSize,
                                                                 size_t dynSharedMemPerBlk, unsigned int flags);

/* ---------------------------------------------------------------- modules */

hipError_t hipModuleLoad(hipModule_t *module, const char *fname);
hipError_t hipModuleLoadData(hipModule_t *module, const void *image);
hipError_t hipModuleLoadDataEx(hipModule_t *module, const void *image, unsigned int numOptions,
                               hipJitOption *options, void **optionValues);
hipError_t hipModuleUnload(hipModule_t module);
hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module, const char *kname);
hipError_t hipModuleGetGlobal(hipDeviceptr_t *dptr, size_t *bytes, hipModule_t hmod, const char *name);
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
                                 unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
                                 unsigned int blockDimZ, unsigned int sharedMemBytes, hipStream_t stream,
                                 void **kernelParams, void **extra);
hipError_t hipFuncGetAttribute(int *value, hipFunction_attribute attrib, hipFunction_t hfunc);
hipError_t hipModuleOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, hipFunction_t f,
                                                   size_t dynSharedMemPerBlk, int blockSizeLimit);
hipError_t hipModuleOccupancyMaxPotentialBlockSizeWithFlags(int *gridSize, int *blockSize, hipFunction_t f,
                                                            size_t dynSharedMemPerBlk, int blockSizeLimit,
                                                            unsigned int flags);
hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, hipFunction_t f, int blockSize,
                                                              size_t dynSharedMemPerBlk);
hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, hipFunction_t f,
                                                                       int blockSize, size_t dynSharedMemPerBlk,
                                                                       unsigned int flags);

/* ---------------------------------------------------------------- profiler */

hipError_t hipProfilerStart(void);
hipError_t hipProfilerStop(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

/* ---------------------------------------------------------------- C++ conveniences (as in HIP) */

#ifdef __cplusplus

namespace hip_impl {
/* A symbol argument is either the variable itself (an lvalue, AMD style) or its
 * address (an rvalue pointer, as HIP_SYMBOL yields here). */
template <class T> inline const void *symbol_address(T &lvalue, int) {
  return (const void *)__builtin_addressof(lvalue);
}
template <class T> inline const void *symbol_address(T *const &&address, long) {
  return (const void *)address;
}
} // namespace hip_impl

template <class T> static inline hipError_t hipMalloc(T **devPtr, size_t size) {
  return hipMalloc((void **)devPtr, size);
}
template <class T>
static inline hipError_t hipHostMalloc(T **ptr, size_t size, unsigned int flags = hipHostMallocDefault) {
  return hipHostMalloc((void **)ptr, size, flags);
}
template <class T>
static inline hipError_t hipHostAlloc(T **ptr, size_t size, unsigned int flags = hipHostAllocDefault) {
  return hipHostAlloc((void **)ptr, size, flags);
}
template <class T>
static inline hipError_t hipMallocManaged(T **devPtr, size_t size, unsigned int flags = hipMemAttachGlobal) {
  return hipMallocManaged((void **)devPtr, size, flags);
}
template <class T> static inline hipError_t hipMallocPitch(T **ptr, size_t *pitch, size_t width, size_t height) {
  return hipMallocPitch((void **)ptr, pitch, width, height);
}
template <class T> static inline hipError_t hipMallocAsync(T **ptr, size_t size, hipStream_t stream) {
  return hipMallocAsync((void **)ptr, size, stream);
}

/* Symbol templates: `sym` is the __device__ variable (or HIP_SYMBOL(var), its address). */
template <class T>
static inline hipError_t hipMemcpyToSymbol(T &&symbol, const void *src, size_t sizeBytes, size_t offset = 0,
                                           hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return hipMemcpyToSymbol(::hip_impl::symbol_address(static_cast<T &&>(symbol), 0), src, sizeBytes, offset,
                           kind);
}
template <class T>
static inline hipError_t hipMemcpyToSymbolAsync(T &&symbol, const void *src, size_t sizeBytes, size_t offset,
                                                hipMemcpyKind kind, hipStream_t stream = 0) {
  return hipMemcpyToSymbolAsync(::hip_impl::symbol_address(static_cast<T &&>(symbol), 0), src, sizeBytes,
                                offset, kind, stream);
}
template <class T>
static inline hipError_t hipMemcpyFromSymbol(void *dst, T &&symbol, size_t sizeBytes, size_t offset = 0,
                                             hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return hipMemcpyFromSymbol(dst, ::hip_impl::symbol_address(static_cast<T &&>(symbol), 0), sizeBytes, offset,
                             kind);
}
template <class T>
static inline hipError_t hipMemcpyFromSymbolAsync(void *dst, T &&symbol, size_t sizeBytes, size_t offset,
                                                  hipMemcpyKind kind, hipStream_t stream = 0) {
  return hipMemcpyFromSymbolAsync(dst, ::hip_impl::symbol_address(static_cast<T &&>(symbol), 0), sizeBytes,
                                  offset, kind, stream);
}
template <class T> static inline hipError_t hipGetSymbolAddress(void **devPtr, T &&symbol) {
  return hipGetSymbolAddress(devPtr, ::hip_impl::symbol_address(static_cast<T &&>(symbol), 0));
}
template <class T> static inline hipError_t hipGetSymbolSize(size_t *size, T &&symbol) {
  return hipGetSymbolSize(size, ::hip_impl::symbol_address(static_cast<T &&>(symbol), 0));
}

/* Kernel templates: a kernel is named by its address. */
template <class R, class... Ps>
static inline hipError_t hipLaunchKernel(R (*kernel)(Ps...), const dim3 &numBlocks, const dim3 &dimBlocks,
                                         void **args, size_t sharedMemBytes = 0, hipStream_t stream = 0) {
  return hipLaunchKernel(reinterpret_cast<const void *>(kernel), numBlocks, dimBlocks, args, sharedMemBytes,
                         stream);
}
template <class R, class... Ps>
static inline hipError_t hipFuncGetAttributes(hipFuncAttributes *attr, R (*kernel)(Ps...)) {
  return hipFuncGetAttributes(attr, reinterpret_cast<const void *>(kernel));
}
template <class R, class... Ps>
static inline hipError_t hipFuncSetAttribute(R (*kernel)(Ps...), hipFuncAttribute attr, int value) {
  return hipFuncSetAttribute(reinterpret_cast<const void *>(kernel), attr, value);
}
template <class R, class... Ps>
static inline hipError_t hipFuncSetCacheConfig(R (*kernel)(Ps...), hipFuncCache_t config) {
  return hipFuncSetCacheConfig(reinterpret_cast<const void *>(kernel), config);
}
template <class R, class... Ps>
static inline hipError_t hipFuncSetSharedMemConfig(R (*kernel)(Ps...), hipSharedMemConfig config) {
  return hipFuncSetSharedMemConfig(reinterpret_cast<const void *>(kernel), config);
}
template <class R, class... Ps>
static inline hipError_t hipOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, R (*kernel)(Ps...),
                                                           size_t dynSharedMemPerBlk = 0,
                                                           int blockSizeLimit = 0) {
  return hipOccupancyMaxPotentialBlockSize(gridSize, blockSize, reinterpret_cast<const void *>(kernel),
                                           dynSharedMemPerBlk, blockSizeLimit);
}
template <class R, class... Ps>
static inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, R (*kernel)(Ps...),
                                                                      int blockSize,
                                                                      size_t dynSharedMemPerBlk = 0) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, reinterpret_cast<const void *>(kernel),
                                                      blockSize, dynSharedMemPerBlk);
}
template <class R, class... Ps>
static inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, R (*kernel)(Ps...),
                                                                               int blockSize,
                                                                               size_t dynSharedMemPerBlk,
                                                                               unsigned int flags) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, reinterpret_cast<const void *>(kernel), blockSize, dynSharedMemPerBlk, flags);
}
template <class R, class... Ps>
static inline hipError_t hipLaunchCooperativeKernel(R (*kernel)(Ps...), dim3 gridDim, dim3 blockDim,
                                                    void **kernelParams, unsigned int sharedMemBytes,
                                                    hipStream_t stream) {
  return hipLaunchCooperativeKernel(reinterpret_cast<const void *>(kernel), gridDim, blockDim, kernelParams,
                                    sharedMemBytes, stream);
}

#endif /* __cplusplus */

/* ================================================================ BEGIN graphs, stream-ordered
 * allocation, 3-D memory (crates/capi/amdhip64/src/{graph,mempool,memory3d}.rs). HIP's
 * types, values and signatures. HIP arrays (hipArray_t) are not implemented: the array
 * members of hipMemcpy3DParms must be NULL (hipErrorNotSupported otherwise). */

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- 3-D memory */

typedef struct hipArray *hipArray_t;

typedef struct hipExtent {
  size_t width; /* bytes, for linear memory */
  size_t height;
  size_t depth;
} hipExtent;

typedef struct hipPos {
  size_t x; /* bytes, for linear memory */
  size_t y;
  size_t z;
} hipPos;

typedef struct hipPitchedPtr {
  void *ptr;
  size_t pitch;
  size_t xsize;
  size_t ysize;
} hipPitchedPtr;

typedef struct hipMemcpy3DParms {
  hipArray_t srcArray;
  struct hipPos srcPos;
  struct hipPitchedPtr srcPtr;
  hipArray_t dstArray;
  struct hipPos dstPos;
  struct hipPitchedPtr dstPtr;
  struct hipExtent extent;
  enum hipMemcpyKind kind;
} hipMemcpy3DParms;

static inline struct hipPitchedPtr make_hipPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz) {
  struct hipPitchedPtr s;
  s.ptr = d;
  s.pitch = p;
  s.xsize = xsz;
  s.ysize = ysz;
  return s;
}

static inline struct hipPos make_hipPos(size_t x, size_t y, size_t z) {
  struct hipPos p;
  p.x = x;
  p.y = y;
  p.z = z;
  return p;
}

static inline struct hipExtent make_hipExtent(size_t w, size_t h, size_t d) {
  struct hipExtent e;
  e.width = w;
  e.height = h;
  e.depth = d;
  return e;
}

hipError_t hipMalloc3D(hipPitchedPtr *pitchedDevPtr, hipExtent extent);
hipError_t hipMemset3D(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent);
hipError_t hipMemset3DAsync(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent,
                            hipStream_t stream __dparm(0));
hipError_t hipMemcpy3D(const struct hipMemcpy3DParms *p);
hipError_t hipMemcpy3DAsync(const struct hipMemcpy3DParms *p, hipStream_t stream __dparm(0));

/* ---------------------------------------------------------------- stream-ordered allocation */

typedef enum hipMemPoolAttr {
  hipMemPoolReuseFollowEventDependencies = 0x1,
  hipMemPoolReuseAllowOpportunistic = 0x2,
  hipMemPoolReuseAllowInternalDependencies = 0x3,
  hipMemPoolAttrReleaseThreshold = 0x4,
  hipMemPoolAttrReservedMemCurrent = 0x5,
  hipMemPoolAttrReservedMemHigh = 0x6,
  hipMemPoolAttrUsedMemCurrent = 0x7,
  hipMemPoolAttrUsedMemHigh = 0x8
} hipMemPoolAttr;

typedef enum hipMemLocationType {
  hipMemLocationTypeInvalid = 0,
  hipMemLocationTypeDevice = 1
} hipMemLocationType;

typedef struct hipMemLocation {
  hipMemLocationType type;
  int id;
} hipMemLocation;

typedef enum hipMemAccessFlags {
  hipMemAccessFlagsProtNone = 0,
  hipMemAccessFlagsProtRead = 1,
  hipMemAccessFlagsProtReadWrite = 3
} hipMemAccessFlags;

typedef struct hipMemAccessDesc {
  hipMemLocation location;
  hipMemAccessFlags flags;
} hipMemAccessDesc;

typedef enum hipMemAllocationType {
  hipMemAllocationTypeInvalid = 0x0,
  hipMemAllocationTypePinned = 0x1,
  hipMemAllocationTypeMax = 0x7FFFFFFF
} hipMemAllocationType;

typedef enum hipMemAllocationHandleType {
  hipMemHandleTypeNone = 0x0,
  hipMemHandleTypePosixFileDescriptor = 0x1,
  hipMemHandleTypeWin32 = 0x2,
  hipMemHandleTypeWin32Kmt = 0x4
} hipMemAllocationHandleType;

typedef struct hipMemPoolProps {
  hipMemAllocationType allocType;
  hipMemAllocationHandleType handleTypes;
  hipMemLocation location;
  void *win32SecurityAttributes;
  size_t maxSize;
  unsigned char reserved[56];
} hipMemPoolProps;

hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t *mem_pool, int device);
hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool);
hipError_t hipDeviceGetMemPool(hipMemPool_t *mem_pool, int device);
hipError_t hipMallocFromPoolAsync(void **dev_ptr, size_t size, hipMemPool_t mem_pool, hipStream_t stream);
hipError_t hipMemPoolCreate(hipMemPool_t *mem_pool, const hipMemPoolProps *pool_props);
hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool);
hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold);
hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value);
hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value);
hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool, const hipMemAccessDesc *desc_list, size_t count);
hipError_t hipMemPoolGetAccess(hipMemAccessFlags *flags, hipMemPool_t mem_pool, hipMemLocation *location);

/* ---------------------------------------------------------------- graphs and stream capture */

typedef struct ihipGraph *hipGraph_t;
typedef struct hipGraphNode *hipGraphNode_t;
typedef struct hipGraphExec *hipGraphExec_t;

typedef enum hipGraphNodeType {
  hipGraphNodeTypeKernel = 0,
  hipGraphNodeTypeMemcpy = 1,
  hipGraphNodeTypeMemset = 2,
  hipGraphNodeTypeHost = 3,
  hipGraphNodeTypeGraph = 4,
  hipGraphNodeTypeEmpty = 5,
  hipGraphNodeTypeWaitEvent = 6,
  hipGraphNodeTypeEventRecord = 7,
  hipGraphNodeTypeExtSemaphoreSignal = 8,
  hipGraphNodeTypeExtSemaphoreWait = 9,
  hipGraphNodeTypeMemAlloc = 10,
  hipGraphNodeTypeMemFree = 11,
  hipGraphNodeTypeMemcpyFromSymbol = 12,
  hipGraphNodeTypeMemcpyToSymbol = 13,
  hipGraphNodeTypeCount
} hipGraphNodeType;

/* In C++ with the CPU device language, `blockDim` and `gridDim` are also built-in variables,
 * spelled as macros that expand to `__hip_blockDim()` / `__hip_gridDim()`: the member
 * functions below make `params.blockDim` still name the member there. */
#ifdef __cplusplus
#pragma push_macro("blockDim")
#pragma push_macro("gridDim")
#undef blockDim
#undef gridDim
#endif
typedef struct hipKernelNodeParams {
  dim3 blockDim;
  void **extra;
  void *func;
  dim3 gridDim;
  void **kernelParams;
  unsigned int sharedMemBytes;
#ifdef __cplusplus
  dim3 &__hip_blockDim() { return blockDim; }
  const dim3 &__hip_blockDim() const { return blockDim; }
  dim3 &__hip_gridDim() { return gridDim; }
  const dim3 &__hip_gridDim() const { return gridDim; }
#endif
} hipKernelNodeParams;
#ifdef __cplusplus
#pragma pop_macro("gridDim")
#pragma pop_macro("blockDim")
#endif

typedef struct hipMemsetParams {
  void *dst;
  unsigned int elementSize;
  size_t height;
  size_t pitch;
  unsigned int value;
  size_t width;
} hipMemsetParams;

typedef struct hipHostNodeParams {
  hipHostFn_t fn;
  void *userData;
} hipHostNodeParams;

typedef enum hipStreamCaptureMode {
  hipStreamCaptureModeGlobal = 0,
  hipStreamCaptureModeThreadLocal,
  hipStreamCaptureModeRelaxed
} hipStreamCaptureMode;

typedef enum hipStreamCaptureStatus {
  hipStreamCaptureStatusNone = 0,
  hipStreamCaptureStatusActive,
  hipStreamCaptureStatusInvalidated
} hipStreamCaptureStatus;

typedef enum hipStreamUpdateCaptureDependenciesFlags {
  hipStreamAddCaptureDependencies = 0,
  hipStreamSetCaptureDependencies
} hipStreamUpdateCaptureDependenciesFlags;

typedef enum hipGraphInstantiateFlags {
  hipGraphInstantiateFlagAutoFreeOnLaunch = 1,
  hipGraphInstantiateFlagUpload = 2,
  hipGraphInstantiateFlagDeviceLaunch = 4,
  hipGraphInstantiateFlagUseNodePriority = 8
} hipGraphInstantiateFlags;

typedef enum hipGraphExecUpdateResult {
  hipGraphExecUpdateSuccess = 0x0,
  hipGraphExecUpdateError = 0x1,
  hipGraphExecUpdateErrorTopologyChanged = 0x2,
  hipGraphExecUpdateErrorNodeTypeChanged = 0x3,
  hipGraphExecUpdateErrorFunctionChanged = 0x4,
  hipGraphExecUpdateErrorParametersChanged = 0x5,
  hipGraphExecUpdateErrorNotSupported = 0x6,
  hipGraphExecUpdateErrorUnsupportedFunctionChange = 0x7
} hipGraphExecUpdateResult;

hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode);
hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t *pGraph);
hipError_t hipStreamIsCapturing(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus);
hipError_t hipStreamGetCaptureInfo(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus,
                                   unsigned long long *pId);
hipError_t hipStreamGetCaptureInfo_v2(hipStream_t stream, hipStreamCaptureStatus *captureStatus_out,
                                      unsigned long long *id_out __dparm(0), hipGraph_t *graph_out __dparm(0),
                                      const hipGraphNode_t **dependencies_out __dparm(0),
                                      size_t *numDependencies_out __dparm(0));
hipError_t hipStreamUpdateCaptureDependencies(hipStream_t stream, hipGraphNode_t *dependencies,
                                              size_t numDependencies, unsigned int flags __dparm(0));
hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode *mode);

hipError_t hipGraphCreate(hipGraph_t *pGraph, unsigned int flags);
hipError_t hipGraphDestroy(hipGraph_t graph);
hipError_t hipGraphClone(hipGraph_t *pGraphClone, hipGraph_t originalGraph);
hipError_t hipGraphNodeFindInClone(hipGraphNode_t *pNode, hipGraphNode_t originalNode, hipGraph_t clonedGraph);
hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t *from, const hipGraphNode_t *to,
                                   size_t numDependencies);
hipError_t hipGraphRemoveDependencies(hipGraph_t graph, const hipGraphNode_t *from, const hipGraphNode_t *to,
                                      size_t numDependencies);
hipError_t hipGraphGetEdges(hipGraph_t graph, hipGraphNode_t *from, hipGraphNode_t *to, size_t *numEdges);
hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t *nodes, size_t *numNodes);
hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t *pRootNodes, size_t *pNumRootNodes);
hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node, hipGraphNode_t *pDependencies,
                                       size_t *pNumDependencies);
hipError_t hipGraphNodeGetDependentNodes(hipGraphNode_t node, hipGraphNode_t *pDependentNodes,
                                         size_t *pNumDependentNodes);
hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType *pType);
hipError_t hipGraphDestroyNode(hipGraphNode_t node);

hipError_t hipGraphAddKernelNode(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                                 size_t numDependencies, const hipKernelNodeParams *pNodeParams);
hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node, hipKernelNodeParams *pNodeParams);
hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node, const hipKernelNodeParams *pNodeParams);
hipError_t hipGraphAddMemcpyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                                 size_t numDependencies, const hipMemcpy3DParms *pCopyParams);
hipError_t hipGraphMemcpyNodeGetParams(hipGraphNode_t node, hipMemcpy3DParms *pNodeParams);
hipError_t hipGraphMemcpyNodeSetParams(hipGraphNode_t node, const hipMemcpy3DParms *pNodeParams);
hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                   const hipGraphNode_t *pDependencies, size_t numDependencies, void *dst,
                                   const void *src, size_t count, hipMemcpyKind kind);
hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node, void *dst, const void *src, size_t count,
                                         hipMemcpyKind kind);
hipError_t hipGraphAddMemsetNode(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                                 size_t numDependencies, const hipMemsetParams *pMemsetParams);
hipError_t hipGraphMemsetNodeGetParams(hipGraphNode_t node, hipMemsetParams *pNodeParams);
hipError_t hipGraphMemsetNodeSetParams(hipGraphNode_t node, const hipMemsetParams *pNodeParams);
hipError_t hipGraphAddHostNode(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                               size_t numDependencies, const hipHostNodeParams *pNodeParams);
hipError_t hipGraphHostNodeGetParams(hipGraphNode_t node, hipHostNodeParams *pNodeParams);
hipError_t hipGraphHostNodeSetParams(hipGraphNode_t node, const hipHostNodeParams *pNodeParams);
hipError_t hipGraphAddChildGraphNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                     const hipGraphNode_t *pDependencies, size_t numDependencies,
                                     hipGraph_t childGraph);
hipError_t hipGraphAddEmptyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                                size_t numDependencies);

hipError_t hipGraphInstantiate(hipGraphExec_t *pGraphExec, hipGraph_t graph, hipGraphNode_t *pErrorNode,
                               char *pLogBuffer, size_t bufferSize);
hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t *pGraphExec, hipGraph_t graph, unsigned long long flags);
hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream);
hipError_t hipGraphUpload(hipGraphExec_t graphExec, hipStream_t stream);
hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec);
hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph, hipGraphNode_t *hErrorNode_out,
                              hipGraphExecUpdateResult *updateResult_out);
hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                           const hipKernelNodeParams *pNodeParams);
hipError_t hipGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                           hipMemcpy3DParms *pNodeParams);
hipError_t hipGraphExecMemcpyNodeSetParams1D(hipGraphExec_t hGraphExec, hipGraphNode_t node, void *dst,
                                             const void *src, size_t count, hipMemcpyKind kind);
hipError_t hipGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                           const hipMemsetParams *pNodeParams);
hipError_t hipGraphExecHostNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                         const hipHostNodeParams *pNodeParams);
hipError_t hipGraphExecChildGraphNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                               hipGraph_t childGraph);

#ifdef __cplusplus
} /* extern "C" */

template <class T>
static inline hipError_t hipMallocFromPoolAsync(T **dev_ptr, size_t size, hipMemPool_t mem_pool,
                                                hipStream_t stream) {
  return hipMallocFromPoolAsync((void **)dev_ptr, size, mem_pool, stream);
}
#endif

/* ================================================================ END graphs, stream-ordered
 * allocation, 3-D memory */

#endif /* !__CUDACC_RTC__ */

#endif /* HIP_RUNTIME_API_H */
