// __syncthreads_count, __syncthreads_and, __syncthreads_or with several predicates and block
// sizes (including partial warps), results identical in every work-item.
#include "hip_test.h"

__global__ void preds(int *out, int mode) {
  int t = threadIdx.x;
  int p;
  switch (mode) {
  case 0: p = (t % 3 == 0); break;
  case 1: p = 1; break;
  case 2: p = 0; break;
  case 3: p = (t == (int)blockDim.x - 1); break;
  default: p = (t * 7 + blockIdx.x) % 5; break; // non-0/1 truth values
  }
  int c = __syncthreads_count(p);
  int a = __syncthreads_and(p);
  int o = __syncthreads_or(p);
  int base = (blockIdx.x * blockDim.x + t) * 3;
  out[base] = c;
  out[base + 1] = a != 0;
  out[base + 2] = o != 0;
}

int main() {
  const int bss[] = {1, 7, 64, 100, 256, 1024};
  int *out = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&out, 4 * 1024 * 3 * sizeof(int), hipMemAttachGlobal));
  for (int bs : bss)
    for (int mode = 0; mode < 5; ++mode) {
      const int blocks = 4;
      hipLaunchKernelGGL(preds, dim3(blocks), dim3(bs), 0, 0, out, mode);
      HIP_CHECK(hipGetLastError());
      HIP_CHECK(hipDeviceSynchronize());
      for (int b = 0; b < blocks; ++b) {
        int count = 0;
        for (int t = 0; t < bs; ++t) {
          int p;
          switch (mode) {
          case 0: p = (t % 3 == 0); break;
          case 1: p = 1; break;
          case 2: p = 0; break;
          case 3: p = (t == bs - 1); break;
          default: p = (t * 7 + b) % 5; break;
          }
          count += p != 0;
        }
        for (int t = 0; t < bs; ++t) {
          const int *o = &out[(b * bs + t) * 3];
          if (o[0] != count || o[1] != (count == bs) || o[2] != (count > 0))
            FAIL_AT("block size %d mode %d block %d thread %d: count/and/or = %d/%d/%d, expected %d/%d/%d", bs,
                    mode, b, t, o[0], o[1], o[2], count, count == bs, count > 0);
        }
      }
    }
  HIP_CHECK(hipFree(out));
  return hip_test::pass();
}
