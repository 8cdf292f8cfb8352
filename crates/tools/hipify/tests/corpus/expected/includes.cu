// Headers: hipify-clang's spelling, delimiters kept; a header with no HIP counterpart goes; a
// second CUDA main header adds no second HIP runtime header; user headers that only contain a
// CUDA header's name stay.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hiprand/hiprand_kernel.h>
#include <hip/hip_cooperative_groups.h>
#include "third_party/cuda.h"
#include "my_cuda.h"
#include <vector>

__global__ void k(__half *h) { h[threadIdx.x] = __float2half(1.0f); }
// expect-warning: 10: unknown CUDA header: third_party/cuda.h
