// Nested header (kernels_in_headers/common.hpp includes it): a kernel reducing each block of 128.
#ifndef KERNELS_IN_HEADERS_REDUCE_CUH
#define KERNELS_IN_HEADERS_REDUCE_CUH

__global__ void block_sum(const int *in, int *out) {
  __shared__ int part[128];
  part[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  __syncthreads();
  for (int s = 64; s > 0; s /= 2) {
    if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = part[0];
}

#endif
