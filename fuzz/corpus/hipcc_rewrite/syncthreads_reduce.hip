// __syncthreads in a shared-memory tree reduction, for power-of-two and other block sizes up to
// 1024, many blocks; plus a multi-phase kernel where each phase reads what other work-items
// wrote in the previous one.
#include "hip_test.h"

__global__ void block_sum(const int *in, long long *out, int n) {
  __shared__ long long s[1024];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  s[tid] = (i < n) ? in[i] : 0;
  __syncthreads();
  // Works for any block size: fold the upper part onto the lower power of two first.
  int p = 1;
  while (p * 2 <= (int)blockDim.x) p *= 2;
  if (tid >= p) s[tid - p] += s[tid];
  __syncthreads();
  for (int stride = p / 2; stride > 0; stride /= 2) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}

__global__ void rotate_phases(int *out, int phases) {
  __shared__ int buf[1024];
  int tid = threadIdx.x, n = blockDim.x;
  buf[tid] = tid;
  for (int p = 0; p < phases; ++p) {
    __syncthreads();
    int v = buf[(tid + 1) % n];
    __syncthreads();
    buf[tid] = v;
  }
  __syncthreads();
  out[blockIdx.x * n + tid] = buf[tid];
}

int main() {
  const int n = 1 << 20;
  int *in = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&in, n * sizeof(int), hipMemAttachGlobal));
  for (int i = 0; i < n; ++i) in[i] = (i % 1000) - 300;
  const int bss[] = {1, 2, 32, 64, 96, 100, 128, 256, 333, 512, 1000, 1024};
  long long *out = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&out, n * sizeof(long long), hipMemAttachGlobal));
  for (int bs : bss) {
    int sub = bs < 64 ? 20000 : n; // keep tiny blocks quick
    int blocks = (sub + bs - 1) / bs;
    hipLaunchKernelGGL(block_sum, dim3(blocks), dim3(bs), 0, 0, in, out, sub);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    for (int b = 0; b < blocks; ++b) {
      long long want = 0;
      for (int i = b * bs; i < (b + 1) * bs && i < sub; ++i) want += in[i];
      if (out[b] != want) FAIL_AT("block size %d, block %d: sum %lld, expected %lld", bs, b, out[b], want);
    }
  }
  int *rot = nullptr;
  const int blocks = 8;
  HIP_CHECK(hipMallocManaged((void **)&rot, blocks * 1024 * sizeof(int), hipMemAttachGlobal));
  const int rbs[] = {64, 250, 1024};
  for (int bs : rbs) {
    const int phases = 37;
    hipLaunchKernelGGL(rotate_phases, dim3(blocks), dim3(bs), 0, 0, rot, phases);
    HIP_CHECK(hipDeviceSynchronize());
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < bs; ++t)
        if (rot[b * bs + t] != (t + phases) % bs)
          FAIL_AT("rotate block size %d block %d thread %d: %d, expected %d", bs, b, t, rot[b * bs + t],
                  (t + phases) % bs);
  }
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  HIP_CHECK(hipFree(rot));
  return hip_test::pass();
}
