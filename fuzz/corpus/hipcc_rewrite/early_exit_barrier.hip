// Work-items that return before a barrier count as arrived and never run again (HIP-CPU ran the
// exited ones again: entries = 118 instead of 64). Variants: items >= 10 return; item 0 returns;
// only blocks != 0 reach a barrier; return between two barriers; the `if (i >= n) return;` idiom.
#include "hip_test.h"

__global__ void ge10_return(int *entries, int *after, int *data) {
  __shared__ int s[64];
  atomicAdd(entries, 1);
  int t = threadIdx.x;
  if (t >= 10) return;
  s[t] = t * t;
  __syncthreads();
  atomicAdd(after, 1);
  data[t] = s[(t + 1) % 10];
}

__global__ void first_returns(int *entries, int *after, int *data) {
  __shared__ int s[256];
  atomicAdd(entries, 1);
  int t = threadIdx.x;
  if (t == 0) return;
  s[t] = 3 * t;
  __syncthreads();
  atomicAdd(after, 1);
  int src = t + 1 < (int)blockDim.x ? t + 1 : 1;
  data[blockIdx.x * blockDim.x + t] = s[src];
}

__global__ void barrier_not_in_block0(int *entries, int *after, float *data) {
  atomicAdd(entries, 1);
  int t = threadIdx.x;
  if (blockIdx.x == 0) {
    data[t] = -1.0f;
    return;
  }
  __shared__ float s[128];
  s[t] = (float)(blockIdx.x * 1000 + t);
  __syncthreads();
  atomicAdd(after, 1);
  data[blockIdx.x * blockDim.x + t] = s[blockDim.x - 1 - t];
}

__global__ void return_between(int *entries, int *after1, int *after2, int *data) {
  __shared__ int s[128];
  atomicAdd(entries, 1);
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  atomicAdd(after1, 1);
  if (t % 2) return; // odd items leave after the first barrier
  s[t] = s[t] + s[t + 1];
  __syncthreads();
  atomicAdd(after2, 1);
  data[blockIdx.x * 64 + t / 2] = s[(t + 2) % 128];
}

__global__ void bounds_idiom(int *entries, int *after, const int *in, int *out, int n) {
  __shared__ int s[256];
  atomicAdd(entries, 1);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  s[threadIdx.x] = in[i];
  __syncthreads();
  atomicAdd(after, 1);
  out[i] = s[threadIdx.x] * 2;
}

int main() {
  int *c = nullptr; // counters
  HIP_CHECK(hipMallocManaged((void **)&c, 8 * sizeof(int), hipMemAttachGlobal));
  int *data = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&data, 8192 * sizeof(int), hipMemAttachGlobal));

  for (int rep = 0; rep < 20; ++rep) {
    std::memset(c, 0, 8 * sizeof(int));
    hipLaunchKernelGGL(ge10_return, dim3(1), dim3(64), 0, 0, &c[0], &c[1], data);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    CHECK_EQ(c[0], 64);
    CHECK_EQ(c[1], 10);
    for (int t = 0; t < 10; ++t) CHECK_EQ(data[t], ((t + 1) % 10) * ((t + 1) % 10));
  }

  const int bss[] = {2, 64, 65, 256};
  for (int bs : bss) {
    std::memset(c, 0, 8 * sizeof(int));
    hipLaunchKernelGGL(first_returns, dim3(4), dim3(bs), 0, 0, &c[0], &c[1], data);
    HIP_CHECK(hipDeviceSynchronize());
    CHECK_EQ(c[0], 4 * bs);
    CHECK_EQ(c[1], 4 * (bs - 1));
    for (int b = 0; b < 4; ++b)
      for (int t = 1; t < bs; ++t) {
        int src = t + 1 < bs ? t + 1 : 1;
        CHECK_EQ(data[b * bs + t], 3 * src);
      }
  }

  float *fd = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&fd, 8 * 128 * sizeof(float), hipMemAttachGlobal));
  std::memset(c, 0, 8 * sizeof(int));
  hipLaunchKernelGGL(barrier_not_in_block0, dim3(8), dim3(128), 0, 0, &c[0], &c[1], fd);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(c[0], 8 * 128);
  CHECK_EQ(c[1], 7 * 128);
  for (int t = 0; t < 128; ++t) CHECK_EQ(fd[t], -1.0f);
  for (int b = 1; b < 8; ++b)
    for (int t = 0; t < 128; ++t) CHECK_EQ(fd[b * 128 + t], (float)(b * 1000 + 127 - t));

  std::memset(c, 0, 8 * sizeof(int));
  hipLaunchKernelGGL(return_between, dim3(3), dim3(128), 0, 0, &c[0], &c[1], &c[2], data);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(c[0], 3 * 128);
  CHECK_EQ(c[1], 3 * 128);
  CHECK_EQ(c[2], 3 * 64);
  for (int b = 0; b < 3; ++b)
    for (int t = 0; t < 128; t += 2) {
      int j = (t + 2) % 128; // even: s[j] = j + (j + 1)
      CHECK_EQ(data[b * 64 + t / 2], 2 * j + 1);
    }

  const int n = 1000;
  int *in = nullptr, *out = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&in, 1024 * sizeof(int), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&out, 1024 * sizeof(int), hipMemAttachGlobal));
  for (int i = 0; i < 1024; ++i) {
    in[i] = i + 5;
    out[i] = -7;
  }
  std::memset(c, 0, 8 * sizeof(int));
  hipLaunchKernelGGL(bounds_idiom, dim3(4), dim3(256), 0, 0, &c[0], &c[1], in, out, n);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(c[0], 1024);
  CHECK_EQ(c[1], n);
  for (int i = 0; i < 1024; ++i) CHECK_EQ(out[i], i < n ? 2 * (i + 5) : -7);
  HIP_CHECK(hipFree(c));
  HIP_CHECK(hipFree(data));
  HIP_CHECK(hipFree(fd));
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  return hip_test::pass();
}
