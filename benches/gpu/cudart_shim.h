// The peer build of benches/gpu/runtime.hip: the HIP calls the benchmark makes, mapped onto
// CUDA's own runtime (cudart), the driver API (modules) and NVRTC (runtime compilation),
// the way HIP-on-NVIDIA over cudart (ROCm's hipother) maps them. Built by
// benches/gpu/run.sh with plain `nvcc -x cu -DFERROCM_BENCH_CUDART ... -lcuda -lnvrtc`.
#pragma once
#include <cuda.h>
#include <cuda_runtime.h>
#include <nvrtc.h>

#define hipError_t cudaError_t
#define hipSuccess cudaSuccess
#define hipGetErrorString cudaGetErrorString
#define hipGetLastError cudaGetLastError
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipSetDevice cudaSetDevice
#define hipFree cudaFree
#define hipMalloc cudaMalloc
#define hipHostMalloc(p, n, flags) cudaMallocHost(p, n)
#define hipHostFree cudaFreeHost
#define hipMemcpy cudaMemcpy
#define hipMemcpyAsync cudaMemcpyAsync
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipMemcpyDeviceToDevice cudaMemcpyDeviceToDevice
#define hipMemset cudaMemset
#define hipStream_t cudaStream_t
#define hipStreamCreate cudaStreamCreate
#define hipStreamDestroy cudaStreamDestroy
#define hipStreamSynchronize cudaStreamSynchronize
#define hipEvent_t cudaEvent_t
#define hipEventCreate cudaEventCreate
#define hipEventDestroy cudaEventDestroy
#define hipEventRecord cudaEventRecord
#define hipEventSynchronize cudaEventSynchronize
#define hipLaunchKernelGGL(k, g, b, s, st, ...) k<<<g, b, s, st>>>(__VA_ARGS__)
// Modules: the driver API, as hipother does (cudart has no module loader of its own).
#define hipModule_t CUmodule
#define hipFunction_t CUfunction
#define hipModuleLoadData cuModuleLoadData
#define hipModuleGetFunction cuModuleGetFunction
#define hipModuleLaunchKernel cuLaunchKernel
#define hipModuleUnload cuModuleUnload
// Runtime compilation: NVRTC.
#define hiprtcProgram nvrtcProgram
#define hiprtcCreateProgram nvrtcCreateProgram
#define hiprtcCompileProgram nvrtcCompileProgram
#define hiprtcGetCodeSize nvrtcGetCUBINSize
#define hiprtcGetCode nvrtcGetCUBIN
#define hiprtcDestroyProgram nvrtcDestroyProgram
