// __shfl, __shfl_up, __shfl_down, __shfl_xor at every power-of-two width from 1 to warpSize,
// in blocks of 64, 256 and 1024, for int, float, double and long long; negative and
// out-of-range source lanes wrap modulo width; up/down that leave the segment return the
// caller's own value; xor into a later segment returns the own value (CUDA documents this for
// __shfl_xor; AMD's implementation does the same). Expected values follow AMD's
// amd_warp_functions.h, which matches CUDA's documented semantics. Never assumes warpSize 64.
#include "hip_test.h"

enum Op { SHFL, UP, DOWN, XOR };

template <typename T> __host__ __device__ T value_of(int tid) { return (T)(tid * 3 + 1); }
template <> __host__ __device__ double value_of<double>(int tid) { return 1.0 + tid * 3.0 + tid / 1099511627776.0; }
template <> __host__ __device__ long long value_of<long long>(int tid) {
  return ((long long)tid << 33) + tid * 3 + 1; // both 32-bit halves matter
}

template <typename T> __global__ void shfl_kernel(T *out, int op, int arg, int width) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  T v = value_of<T>(tid);
  T r;
  switch (op) {
  case SHFL: r = __shfl(v, arg, width); break;
  case UP: r = __shfl_up(v, (unsigned)arg, width); break;
  case DOWN: r = __shfl_down(v, (unsigned)arg, width); break;
  default: r = __shfl_xor(v, arg, width); break;
  }
  out[tid] = r;
}

static int source_lane(int op, int lane, int arg, int width) {
  int base = lane & ~(width - 1);
  switch (op) {
  case SHFL: return base + (arg & (width - 1));
  case UP: return (lane - arg < base) ? lane : lane - arg;
  case DOWN: return ((lane & (width - 1)) + arg >= width) ? lane : lane + arg;
  default: {
    int idx = lane ^ arg;
    return idx >= ((lane + width) & ~(width - 1)) ? lane : idx;
  }
  }
}

template <typename T> static void run(const char *tname, int ws) {
  const int bss[] = {64, 256, 1024};
  const int blocks = 2;
  T *out = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&out, blocks * 1024 * sizeof(T), hipMemAttachGlobal));
  for (int bs : bss) {
    if (bs % ws) continue;
    for (int width = 1; width <= ws; width *= 2)
      for (int op = 0; op < 4; ++op) {
        std::vector<int> args;
        if (op == SHFL) args = {0, 1, width - 1, width, width + 3, -1, -width - 2, 1000};
        else if (op == XOR) args = {0, 1, width / 2, width - 1, width, 2 * width + 1};
        else args = {0, 1, 2, width / 2, width - 1, width, width + 5};
        for (int arg : args) {
          if (op == XOR && (arg < 0 || arg >= ws)) continue;
          std::memset((void *)out, 0, blocks * bs * sizeof(T));
          hipLaunchKernelGGL(shfl_kernel<T>, dim3(blocks), dim3(bs), 0, 0, out, op, arg, width);
          HIP_CHECK(hipGetLastError());
          HIP_CHECK(hipDeviceSynchronize());
          for (int tid = 0; tid < blocks * bs; ++tid) {
            int t = tid % bs;
            int lane = t % ws;
            int src_lane = source_lane(op, lane, arg, width);
            int src_tid = tid - lane + src_lane;
            T want = value_of<T>(src_tid);
            if (!(out[tid] == want)) {
              static const char *names[] = {"__shfl", "__shfl_up", "__shfl_down", "__shfl_xor"};
              FAIL_AT("%s<%s>(arg %d, width %d), block %d, warpSize %d: thread %d (lane %d) got %s, expected %s "
                      "(from lane %d)",
                      names[op], tname, arg, width, bs, ws, tid, lane, hip_test::to_str(out[tid]).c_str(),
                      hip_test::to_str(want).c_str(), src_lane);
            }
          }
        }
      }
  }
  HIP_CHECK(hipFree(out));
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const int ws = prop.warpSize;
  CHECK(ws > 0 && (ws & (ws - 1)) == 0, "warpSize %d is not a power of two", ws);
  run<int>("int", ws);
  run<float>("float", ws);
  run<double>("double", ws);
  run<long long>("long long", ws);
  return hip_test::pass();
}
