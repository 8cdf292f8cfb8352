// The usual HIP block reduction, written the way CUDA/HIP samples write it: a __device__
// warpReduceSum with __shfl_down in a loop, a template blockReduceSum with a
// `static __shared__` array (it did not compile on the CPU platform before: `__shared__` is
// `static thread_local` there), calls under `if`, and barriers inside both branches of a
// block-uniform condition (reduction #6 style, with the block size a template parameter).
// Blocks of 64, 256, 512 and 1024 work-items (multiples of warpSize, as the pattern needs),
// int and double, grid-stride partial sums; every block's sum is checked.
#include "hip_test.h"

#include <vector>

template <typename T> __device__ T warpReduceSum(T val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) val += __shfl_down(val, offset);
  return val;
}

template <typename T> __device__ T blockReduceSum(T val) {
  static __shared__ T shared[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  val = warpReduceSum(val);
  if (lane == 0) shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : T(0);
  if (wid == 0) val = warpReduceSum(val);
  return val;
}

template <typename T> __global__ void reduce_helpers(const T *in, T *out, int n) {
  T sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) sum += in[i];
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

// Tree reduction with the block size known at compile time: each step is a barrier inside an
// `if` that every work-item of the block evaluates alike.
template <unsigned blockSize, typename T> __global__ void reduce_unrolled(const T *in, T *out, int n) {
  __shared__ T sdata[1024];
  unsigned tid = threadIdx.x;
  T sum = 0;
  for (int i = blockIdx.x * blockSize + tid; i < n; i += blockSize * gridDim.x) sum += in[i];
  sdata[tid] = sum;
  __syncthreads();
  if (blockSize >= 1024) {
    if (tid < 512) sdata[tid] += sdata[tid + 512];
    __syncthreads();
  }
  if (blockSize >= 512) {
    if (tid < 256) sdata[tid] += sdata[tid + 256];
    __syncthreads();
  }
  if (blockSize >= 256) {
    if (tid < 128) sdata[tid] += sdata[tid + 128];
    __syncthreads();
  }
  if (blockSize >= 128) {
    if (tid < 64) sdata[tid] += sdata[tid + 64];
    __syncthreads();
  }
  if (tid < 32) {
    T v = sdata[tid] + sdata[tid + 32];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down(v, offset, 32);
    if (tid == 0) out[blockIdx.x] = v;
  }
}

template <typename T> static void expect_sums(const char *what, const std::vector<T> &in, const T *out,
                                              int blocks, int threads) {
  const int n = (int)in.size();
  for (int b = 0; b < blocks; ++b) {
    T want = 0;
    for (int i = b * threads; i < n; i += threads * blocks) // the same grid-stride walk
      for (int j = i; j < i + threads && j < n; ++j) want += in[j];
    if (!(out[b] == want))
      FAIL_AT("%s, %d blocks of %d: block %d got %s, expected %s", what, blocks, threads, b,
              hip_test::to_str(out[b]).c_str(), hip_test::to_str(want).c_str());
  }
}

template <typename T> static void run(const char *tname) {
  const int n = 100003, blocks = 7;
  std::vector<T> host(n);
  for (int i = 0; i < n; ++i) host[i] = (T)((i * 7) % 23) - (T)11; // exact in double and int
  T *in, *out;
  HIP_CHECK(hipMalloc(&in, n * sizeof(T)));
  HIP_CHECK(hipMallocManaged(&out, blocks * sizeof(T)));
  HIP_CHECK(hipMemcpy(in, host.data(), n * sizeof(T), hipMemcpyHostToDevice));
  int ws = 0;
  HIP_CHECK(hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0));
  for (int threads : {64, 256, 512, 1024}) {
    if (threads % ws != 0 || threads / ws > 32) continue;
    std::memset((void *)out, 0, blocks * sizeof(T));
    hipLaunchKernelGGL(reduce_helpers<T>, dim3(blocks), dim3(threads), 0, 0, in, out, n);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    std::string what = std::string("blockReduceSum<") + tname + ">";
    expect_sums(what.c_str(), host, out, blocks, threads);
  }
  // The unrolled tree: the block size is the template argument.
  std::string what = std::string("reduce_unrolled<") + tname + ">";
  std::memset((void *)out, 0, blocks * sizeof(T));
  hipLaunchKernelGGL((reduce_unrolled<1024, T>), dim3(blocks), dim3(1024), 0, 0, in, out, n);
  HIP_CHECK(hipDeviceSynchronize());
  expect_sums(what.c_str(), host, out, blocks, 1024);
  std::memset((void *)out, 0, blocks * sizeof(T));
  hipLaunchKernelGGL((reduce_unrolled<256, T>), dim3(blocks), dim3(256), 0, 0, in, out, n);
  HIP_CHECK(hipDeviceSynchronize());
  expect_sums(what.c_str(), host, out, blocks, 256);
  std::memset((void *)out, 0, blocks * sizeof(T));
  hipLaunchKernelGGL((reduce_unrolled<64, T>), dim3(blocks), dim3(64), 0, 0, in, out, n);
  HIP_CHECK(hipDeviceSynchronize());
  expect_sums(what.c_str(), host, out, blocks, 64);
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
}

int main() {
  run<int>("int");
  run<double>("double");
  return hip_test::pass();
}
