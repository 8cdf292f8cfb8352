// 64 KiB of locals per work-item, used across __syncthreads (HIP-CPU: 16 KiB -> SIGBUS,
// 64 KiB -> SIGSEGV on its 7 KiB fiber stacks). Blocks of 64 and 256, several blocks.
#include "hip_test.h"

__global__ void big_locals(unsigned *out, int salt) {
  volatile unsigned buf[16384]; // 64 KiB per work-item
  __shared__ unsigned s[256];
  unsigned t = threadIdx.x;
  for (int i = 0; i < 16384; ++i) buf[i] = (unsigned)i * 2654435761u + t + salt;
  s[t] = t;
  __syncthreads();
  unsigned acc = 0;
  for (int i = 0; i < 16384; ++i) acc += buf[i] ^ (unsigned)i;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = acc + s[(t + 1) % blockDim.x];
}

int main() {
  const int bss[] = {64, 256};
  unsigned *out = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&out, 4 * 256 * sizeof(unsigned), hipMemAttachGlobal));
  for (int bs : bss) {
    std::memset(out, 0, 4 * 256 * sizeof(unsigned));
    hipLaunchKernelGGL(big_locals, dim3(4), dim3(bs), 0, 0, out, 17);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    for (int b = 0; b < 4; ++b)
      for (int t = 0; t < bs; ++t) {
        unsigned acc = 0;
        for (int i = 0; i < 16384; ++i) acc += ((unsigned)i * 2654435761u + t + 17) ^ (unsigned)i;
        unsigned want = acc + (unsigned)((t + 1) % bs);
        if (out[b * bs + t] != want)
          FAIL_AT("block size %d, block %d, thread %d: %u, expected %u", bs, b, t, out[b * bs + t], want);
      }
  }
  HIP_CHECK(hipFree(out));
  return hip_test::pass();
}
