// Float sums:
// - shared-tree (2^20 floats: it is slow): one element per work-item, then a shared-memory
//   tree with __syncthreads() (9 barriers per work-item at 256 per block), block sums added
//   with atomicAdd;
// - 2^24 floats, stride-shared: the usual tuned form, 256 blocks x 256 work-items each summing 256
//   elements with a grid stride, then the same shared-memory tree;
// - stride-shuffle: the same grid-stride partial sums reduced with __shfl_down within each
//   64-lane wavefront, one atomicAdd per wavefront;
// - stride-helpers: the same partial sums through the samples' usual helpers, warpReduceSum
//   (__shfl_down in a loop) and blockReduceSum (a __shared__ array of wavefront sums, one
//   barrier, a second warpReduceSum under `if (wid == 0)`), one atomicAdd per block.
// Native peers: a plain float loop on one thread and split over std::threads (the partial
// sums added at the end; a plain float loop loses precision at 2^24 elements, so the peers
// are checked to 1%). Launch on the null stream + hipDeviceSynchronize per sample.
#include "bench.h"

#include <atomic>
#include <cmath>

constexpr unsigned kBlock = 256;
constexpr unsigned kStrideBlocks = 256;

__global__ void reduce_shared_tree(const float *in, float *out, unsigned n) {
  __shared__ float s[kBlock];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned w = blockDim.x / 2; w > 0; w >>= 1) {
    if (t < w) s[t] += s[t + w];
    __syncthreads();
  }
  if (t == 0) atomicAdd(out, s[0]);
}

__global__ void reduce_stride_shared(const float *in, float *out, unsigned n) {
  __shared__ float s[kBlock];
  unsigned t = threadIdx.x;
  float acc = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) acc += in[i];
  s[t] = acc;
  __syncthreads();
  for (unsigned w = blockDim.x / 2; w > 0; w >>= 1) {
    if (t < w) s[t] += s[t + w];
    __syncthreads();
  }
  if (t == 0) atomicAdd(out, s[0]);
}

__global__ void reduce_stride_shuffle(const float *in, float *out, unsigned n) {
  float acc = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) acc += in[i];
  for (int off = warpSize / 2; off > 0; off >>= 1) acc += __shfl_down(acc, off);
  if ((threadIdx.x % warpSize) == 0) atomicAdd(out, acc);
}

__device__ float warpReduceSum(float val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) val += __shfl_down(val, offset);
  return val;
}

__device__ float blockReduceSum(float val) {
  __shared__ float shared[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  val = warpReduceSum(val);
  if (lane == 0) shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0.0f;
  if (wid == 0) val = warpReduceSum(val);
  return val;
}

__global__ void reduce_stride_helpers(const float *in, float *out, unsigned n) {
  float acc = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) acc += in[i];
  acc = blockReduceSum(acc);
  if (threadIdx.x == 0) atomicAdd(out, acc);
}

struct Kernel {
  const char *name;
  void (*fn)(const float *, float *, unsigned);
  unsigned grid;
};

static void run(const std::string &id, const float *in, float *out, unsigned n, int samples,
                const std::vector<Kernel> &kernels) {
  double exact = 0.0;
  for (unsigned i = 0; i < n; ++i) exact += in[i];
  auto check = [&](const std::string &what, double got, double tolerance) {
    if (std::fabs(got - exact) > tolerance * exact) {
      bench::fail(id + " " + what + ": sum " + std::to_string(got) + ", expected " + std::to_string(exact));
    }
  };
  for (const Kernel &k : kernels) {
    bench::ours(id, k.name, samples, [&] {
      CHECK(hipMemsetAsync(out, 0, sizeof(float), 0));
      hipLaunchKernelGGL(k.fn, dim3(k.grid), dim3(kBlock), 0, 0, in, out, n);
      CHECK(hipGetLastError());
      CHECK(hipDeviceSynchronize());
    });
    check(k.name, *out, 1e-3);
  }
  volatile float sink = 0.0f;
  float got = 0.0f;
  bench::peer(id, "loop-1t", samples, [&] {
    float acc = 0.0f;
    for (unsigned i = 0; i < n; ++i) acc += in[i];
    got = acc;
    sink = acc;
  });
  check("loop-1t", got, 1e-2);
  bench::peer(id, bench::threaded_name("loop"), samples, [&] {
    std::vector<float> partial(bench::threads() + 1, 0.0f);
    std::atomic<unsigned> slot{0};
    bench::parallel_for(n, [&](size_t lo, size_t hi) {
      float acc = 0.0f;
      for (size_t i = lo; i < hi; ++i) acc += in[i];
      partial[slot.fetch_add(1)] = acc;
    });
    float total = 0.0f;
    for (float p : partial) total += p;
    got = total;
    sink = total;
  });
  check("threaded loop", got, 1e-2);
  (void)sink;
}

int main() {
  bool quick = bench::quick();
  int samples = quick ? 3 : 7;
  const unsigned n = 1u << 24, small = 1u << 20;
  float *in, *out;
  CHECK(hipMalloc(&in, size_t{n} * sizeof(float)));
  CHECK(hipMalloc(&out, sizeof(float)));
  for (unsigned i = 0; i < n; ++i) in[i] = static_cast<float>(i % 100) * 0.01f;

  bench::group("reduce-2^24", 4.0 * n, "sum of 2^24 floats, grid-stride partial sums");
  run("reduce-2^24", in, out, n, samples,
      {{"stride-shared-b256", reduce_stride_shared, kStrideBlocks},
       {"stride-shuffle-b256", reduce_stride_shuffle, kStrideBlocks},
       {"stride-helpers-b256", reduce_stride_helpers, kStrideBlocks}});
  bench::group("reduce-2^20", 4.0 * small, "sum of 2^20 floats, one element per work-item + shared tree");
  run("reduce-2^20", in, out, small, quick ? 2 : 5, {{"shared-tree-b256", reduce_shared_tree, small / kBlock}});
  CHECK(hipFree(in));
  CHECK(hipFree(out));
  return 0;
}
