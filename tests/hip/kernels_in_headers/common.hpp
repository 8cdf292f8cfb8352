// A program's own header with device code in it, as AMD's test suite and many applications
// write them: kernels, extern __shared__ storage, a chevron launch inside an inline function, and
// a nested include that reaches another header with kernels (kernels_in_headers.hip uses it).
#pragma once
#include <hip/hip_runtime.h>

#include "detail/reduce.cuh"

__global__ void reverse_block(int *p) {
  extern __shared__ int tile[];
  tile[threadIdx.x] = p[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  p[blockIdx.x * blockDim.x + threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}

template <typename T> __global__ void scale(T *p, T factor) { p[threadIdx.x] *= factor; }

// Launches from the header itself.
inline void reverse_all(int *p, int blocks, int threads) {
  reverse_block<<<blocks, threads, threads * sizeof(int)>>>(p);
}
inline void sum_blocks(const int *in, int *out, int blocks) { block_sum<<<blocks, 128>>>(in, out); }
