// Minimal stand-in for <hip/hip_runtime.h> so that Debian's librocrand-dev 5.3 device
// headers (host-callable: FQUALIFIERS is __forceinline__ __device__ __host__) compile
// with a plain host C++ compiler as a test oracle. Only what those headers use.
#pragma once
#include <stddef.h>
#include <stdlib.h>
#include <stdint.h>
#include <math.h>
#include <cmath>
#define __device__
#define __host__
#define __global__
#define __shared__ static
#define __constant__
#define __forceinline__ inline __attribute__((always_inline))
#define __launch_bounds__(...)
typedef void* hipStream_t;
typedef int hipError_t;
struct uint2 { unsigned int x, y; };
struct uint4 { union { struct { unsigned int x, y, z, w; }; unsigned int data[4]; }; };
struct float2 { float x, y; };
struct float4 { float x, y, z, w; };
struct double2 { double x, y; };
struct double4 { double x, y, z, w; };
typedef unsigned int uint;
struct dim3 { unsigned int x, y, z; };
static dim3 threadIdx, blockIdx, blockDim;
inline void __syncthreads() {}
#include <stdio.h>
#include <string.h>
enum { hipSuccess = 0 };
enum hipMemcpyKind { hipMemcpyHostToDevice = 1 };
inline hipError_t hipMemcpy(void* d, const void* s, size_t n, hipMemcpyKind) { memcpy(d, s, n); return 0; }
inline hipError_t hipGetLastError() { return 0; }
inline hipError_t hipMalloc(void** p, size_t n) { *p = malloc(n); return 0; }
inline hipError_t hipFree(void* p) { free(p); return 0; }
