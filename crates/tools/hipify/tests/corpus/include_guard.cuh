#ifndef SCAN_CUH
#define SCAN_CUH
// A header with device code and no CUDA include: the runtime header goes after the guard.

__device__ inline int lane_sum(int v) { return v + threadIdx.x; }

#endif
