// Launches kernels through the headers' launch machinery against mock_runtime.cpp.
// Prints "launch_test: OK" on success.
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

struct mock_function {
  const ferrocm_kernel_descriptor_t *kd;
  std::string name;
};
struct mock_variable {
  size_t size;
  std::string name;
};
std::map<const void *, mock_function> &mock_functions();
std::map<const void *, mock_variable> &mock_variables();
void mock_set_threaded(bool on);
extern const ferrocm_kernel_descriptor_t *mock_last_kd;
extern std::vector<unsigned char> mock_last_kernarg;

static int failures = 0;
#define CHECK(cond)                                                                                          \
  do {                                                                                                       \
    if (!(cond)) {                                                                                           \
      std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                                            \
      ++failures;                                                                                            \
    }                                                                                                        \
  } while (0)

__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

template <class T> __global__ void scale(T *p, T s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= s;
}

struct mixed_seen {
  char c;
  double d;
  int *p;
  float4 v;
  short s;
};
__global__ void mixed(char c, double d, int *p, float4 v, short s) {
  mixed_seen *out = reinterpret_cast<mixed_seen *>(p);
  out->c = c;
  out->d = d;
  out->p = p;
  out->v = v;
  out->s = s;
}

__global__ void noargs(int *) {}

int no_param_hits = 0;
__global__ void no_params() { atomicAdd(&no_param_hits, 1); }
__global__ void nothrow_kernel(int *p) noexcept { atomicAdd(p, 1); }

__device__ int dev_counter[4];

__global__ void ids(uint32_t *out) {
  uint32_t flat_block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  uint32_t flat_thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  uint32_t n = blockDim.x * blockDim.y * blockDim.z;
  out[flat_block * n + flat_thread] = (threadIdx.x | threadIdx.y << 4 | threadIdx.z << 8) |
                                      (blockIdx.x | blockIdx.y << 4 | blockIdx.z << 8) << 16;
}

__global__ void dyn_shared(uintptr_t *where, int *out) {
  HIP_DYNAMIC_SHARED(int, dyn)
  static ::hip_impl::dynamic_shared<double> as_double; // what hipcc makes of extern __shared__ double x[]
  dyn[threadIdx.x] = (int)threadIdx.x * 2;
  out[threadIdx.x] = dyn[threadIdx.x];
  if (threadIdx.x == 0) {
    where[0] = reinterpret_cast<uintptr_t>(static_cast<int *>(dyn));
    where[1] = reinterpret_cast<uintptr_t>(static_cast<double *>(as_double));
    where[2] = reinterpret_cast<uintptr_t>((char *)dyn);
    where[3] = reinterpret_cast<uintptr_t>(__hip_wi->group_segment);
  }
}

// The work-group loop counts the global x index as an `int` when the group's ids fit in one
// (launch.h, run_row): these check that the ids and an `int` guard come out the same on both
// sides of that limit, run on groups placed there by hand (no 2^31-wide grid is launched).
__global__ void int_guard(int *out, int n, int first) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i - first] = i;
}
__global__ void wide_ids(unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[threadIdx.x] = (unsigned)i ^ (threadIdx.x << 20);
}

// The same with an `unsigned` and a `size_t` index: hipcc marks such kernels
// (FERROCM_KERNEL_ROW_INDEX) so that the loop counts in that type; the ids must not change.
__global__ void uint_guard(unsigned *out, unsigned n, unsigned first) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i - first] = i ^ (threadIdx.x << 20);
}
__global__ void size_guard(unsigned *out, size_t n, size_t first) {
  const size_t i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n) out[i - first] = (unsigned)i ^ (threadIdx.x << 20);
}
FERROCM_KERNEL_ROW_INDEX(::uint_guard, 1)
FERROCM_KERNEL_ROW_INDEX(::size_guard, 2)
static_assert(::hip_impl::row_index_kind<&uint_guard> == ::hip_impl::row_index_unsigned);
static_assert(::hip_impl::row_index_kind<&size_guard> == ::hip_impl::row_index_size);

// Runs work-items begin..end-1 of group `group` (x only) of a kernel as the engine does: the
// first through workitem_fn, the rest through workgroup_fn.
static void run_group_range(const ferrocm_kernel_descriptor_t *kd, const void *kernarg, uint32_t group,
                            uint32_t size, uint32_t begin, uint32_t end) {
  ferrocm_workitem_t wi;
  std::memset(&wi, 0, sizeof wi);
  for (int d = 0; d < 3; ++d) wi.workgroup_size[d] = wi.local_size[d] = wi.num_groups[d] = wi.grid_size[d] = 1;
  wi.workgroup_size[0] = wi.local_size[0] = size;
  wi.num_groups[0] = 0xffffffffu;
  wi.grid_size[0] = 0xffffffffu;
  wi.group_id[0] = group;
  wi.dimensions = 1;
  wi.kernarg = const_cast<void *>(kernarg);
  wi.local_id[0] = begin;
  wi.flat_local_id = begin;
  wi.range_end = begin + 1;
  kd->workitem_fn(&wi);
  if (end > begin + 1) {
    wi.range_end = end;
    kd->workgroup_fn(&wi, begin + 1, end);
  }
}

static void check_int_index_limit() {
  // Descriptors of the two kernels, from a small launch each.
  std::vector<int> small(64, -1);
  hipLaunchKernelGGL(int_guard, 1, 64, 0, 0, small.data(), 64, 0);
  const ferrocm_kernel_descriptor_t *guard_kd = mock_last_kd;
  CHECK(small[0] == 0 && small[63] == 63);
  std::vector<unsigned> small_u(64, 0);
  hipLaunchKernelGGL(wide_ids, 1, 64, 0, 0, small_u.data(), 64);
  const ferrocm_kernel_descriptor_t *wide_kd = mock_last_kd;
  CHECK(small_u[5] == (5u ^ (5u << 20)));

  // Just below the limit (ids up to INT_MAX - 1): the guard stops the group half way, and a
  // range starting inside the group (a work-item that reached a barrier late) keeps its ids.
  const uint32_t size = 1000, group = (uint32_t)INT_MAX / size - 1, base = group * size;
  struct {
    int *out;
    int n, first;
  } guard_args;
  std::vector<int> out(size, -1);
  guard_args = {out.data(), (int)(base + 437), (int)base};
  run_group_range(guard_kd, &guard_args, group, size, 0, size);
  bool ok = true;
  for (uint32_t x = 0; x < size; ++x) ok = ok && out[x] == (x < 437 ? (int)(base + x) : -1);
  CHECK(ok);
  std::fill(out.begin(), out.end(), -1);
  guard_args.n = INT_MAX;
  run_group_range(guard_kd, &guard_args, group, size, 300, 700);
  ok = true;
  for (uint32_t x = 0; x < size; ++x) ok = ok && out[x] == (x >= 300 && x < 700 ? (int)(base + x) : -1);
  CHECK(ok);

  // Groups whose ids reach INT_MAX and beyond take the plain loop: `int i` wraps to negative
  // values there, as on a GPU, and the guard sees them.
  struct {
    unsigned *out;
    int n;
  } wide_args;
  std::vector<unsigned> wide(1024, 0);
  const uint32_t top = (1u << 31) / 1024 - 1; // its last id is INT_MAX
  wide_args = {wide.data(), INT_MAX};
  run_group_range(wide_kd, &wide_args, top, 1024, 0, 1024);
  ok = true;
  for (uint32_t x = 0; x < 1024; ++x)
    ok = ok && wide[x] == (x < 1023 ? ((top * 1024 + x) ^ (x << 20)) : 0u);
  CHECK(ok);
  std::fill(wide.begin(), wide.end(), 0u);
  wide_args.n = 0; // every id of the next group is a negative int
  run_group_range(wide_kd, &wide_args, top + 1, 1024, 0, 1024);
  ok = true;
  for (uint32_t x = 0; x < 1024; ++x) ok = ok && wide[x] == (((top + 1) * 1024 + x) ^ (x << 20));
  CHECK(ok);

  // The unsigned and size_t loops, through the kernels' registered descriptors: below the
  // limit (the guard cut mid-group, a range starting mid-group), at it, above it (plain loop),
  // and a group whose 32-bit ids wrap past 2^32 (the unsigned sum wraps, as on a GPU).
  struct {
    unsigned *out;
    unsigned n, first;
  } u_args;
  struct {
    unsigned *out;
    size_t n, first;
  } z_args;
  const ferrocm_kernel_descriptor_t *u_kd = &::hip_impl::fn_kernel<&uint_guard>::desc;
  const ferrocm_kernel_descriptor_t *z_kd = &::hip_impl::fn_kernel<&size_guard>::desc;
  std::vector<unsigned> got(1024);
  auto expect = [&](uint32_t grp, uint32_t sz, uint32_t begin, uint32_t end, uint64_t n, const char *what) {
    bool good = true;
    for (uint32_t x = 0; x < sz; ++x) {
      uint32_t id = grp * sz + x; // 32-bit, as the kernels compute it
      unsigned want = x >= begin && x < end && id < n ? (id ^ (x << 20)) : 0xdeadbeefu;
      good = good && got[x] == want;
    }
    if (!good) std::printf("  (%s, group %u)\n", what, grp);
    return good;
  };
  const uint32_t cases[][4] = {
      {group, size, 0, size}, {group, size, 300, 700}, {top, 1024, 0, 1024}, {top + 1, 1024, 0, 1024},
      {INT_MAX - 1, 1, 0, 1}, // the one group whose ids end exactly at the limit (2^31 - 1 is prime)
      {(1u << 22) - 1, 1024, 0, 1024}, // ids 2^32 - 1024 .. 2^32 - 1
      {2796202, 1536, 0, 1536}, // ids from 2^32 - 1024: the last 512 wrap past 2^32
  };
  for (const auto &c : cases) {
    const uint32_t grp = c[0], sz = c[1], begin = c[2], end = c[3];
    const uint32_t first = grp * sz;
    const uint64_t bounds[] = {uint64_t(first) + 437, 0xffffffffull, uint64_t(1) << 40};
    for (uint64_t n : bounds) {
      if (sz > got.size()) got.resize(sz);
      std::fill(got.begin(), got.end(), 0xdeadbeefu);
      u_args = {got.data(), (unsigned)std::min<uint64_t>(n, 0xffffffffull), first};
      // out[i - first] with 32-bit wrap: i - first == x for every id of the group.
      run_group_range(u_kd, &u_args, grp, sz, begin, end);
      CHECK(expect(grp, sz, begin, end, std::min<uint64_t>(n, 0xffffffffull), "unsigned"));
      // size_t i holds the 32-bit sum, so out[i - first] is out of bounds for ids past 2^32:
      // only groups that do not wrap.
      if (uint64_t(grp) * sz + sz > (uint64_t(1) << 32)) continue;
      std::fill(got.begin(), got.end(), 0xdeadbeefu);
      z_args = {got.data(), n, first};
      run_group_range(z_kd, &z_args, grp, sz, begin, end);
      CHECK(expect(grp, sz, begin, end, n, "size_t"));
    }
  }
}

// Threaded-mode kernels (every work-item on its own thread).
__global__ void shuffles(int *out, int width) {
  int t = (int)threadIdx.x, n = (int)blockDim.x;
  out[0 * n + t] = __shfl(t, 5, width);
  out[1 * n + t] = __shfl(t, -1, width);
  out[2 * n + t] = __shfl_up(t, 3u, width);
  out[3 * n + t] = __shfl_down(t, 3u, width);
  out[4 * n + t] = __shfl_xor(t, width > 1 ? width / 2 : 1, width);
  out[5 * n + t] = (int)__shfl_sync(~0ull, (double)t, 2, width);
  out[6 * n + t] = (int)__shfl_down_sync(~0ull, (long long)t, 1u, width);
}
__global__ void votes(unsigned long long *out) {
  unsigned t = threadIdx.x;
  unsigned long long b = __ballot(t % 3 == 0);
  unsigned long long a = __activemask();
  int any = __any(t == 70), all = __all(t < 1000), all2 = __all(t != 5);
  if (t % 64 == 0) {
    out[4 * (t / 64) + 0] = b;
    out[4 * (t / 64) + 1] = a;
    out[4 * (t / 64) + 2] = (unsigned long long)any;
    out[4 * (t / 64) + 3] = (unsigned long long)(all | all2 << 1);
  }
}
__global__ void early_exit(int *entries, int *after) {
  atomicAdd(entries, 1);
  if (threadIdx.x >= 10) return;
  __syncthreads();
  atomicAdd(after, 1);
}
__global__ void sync_preds(int *out) {
  int t = threadIdx.x;
  int c = __syncthreads_count(t % 2);
  int a = __syncthreads_and(t < 1000);
  int a2 = __syncthreads_and(t != 3);
  int o = __syncthreads_or(t == 17);
  int o2 = __syncthreads_or(0);
  if (t == 0) {
    out[0] = c;
    out[1] = a;
    out[2] = a2;
    out[3] = o;
    out[4] = o2;
  }
}

namespace cg = cooperative_groups;
__global__ void cg_reduce(int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  int v = (int)block.thread_rank();
  for (unsigned o = 8; o > 0; o /= 2) v += tile.shfl_down(v, o);
  unsigned long long odd = tile.ballot(block.thread_rank() % 2);
  int all = tile.all(1), any = tile.any(block.thread_rank() == 3);
  block.sync();
  if (tile.thread_rank() == 0) {
    out[4 * tile.meta_group_rank() + 0] = v;
    out[4 * tile.meta_group_rank() + 1] = (int)odd;
    out[4 * tile.meta_group_rank() + 2] = all | any << 1;
    out[4 * tile.meta_group_rank() + 3] = (int)(block.size() + tile.meta_group_size() * 1000);
  }
}

FERROCM_REGISTER_KERNEL(0, ::vadd, "::vadd")
FERROCM_REGISTER_KERNEL(1, ::mixed, "::mixed")
FERROCM_REGISTER_VARIABLE(2, ::dev_counter, "::dev_counter")
FERROCM_REGISTER_KERNEL(3, ::no_params, "::no_params")
FERROCM_REGISTER_KERNEL(4, ::nothrow_kernel, "::nothrow_kernel")

static int ref_shfl(int t, int w, int src) { return (t & ~(w - 1)) + (src & (w - 1)); }

int main() {
  const int n = 1000;
  std::vector<float> a(n), b(n), c(n, 0.0f);
  for (int i = 0; i < n; ++i) a[i] = (float)i, b[i] = 2.0f * (float)i;

  // 1. hipLaunchKernelGGL
  hipError_t e = hipLaunchKernelGGL(vadd, dim3((n + 255) / 256), dim3(256), 0, 0, a.data(), b.data(), c.data(), n);
  CHECK(e == hipSuccess);
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && c[i] == 3.0f * (float)i;
  CHECK(ok);
  CHECK(mock_last_kd->kernarg_segment_size >= 32 && mock_last_kd->params->explicit_size == 32);
  CHECK(mock_last_kd->workgroup_fn != nullptr && mock_last_kd->host_function == nullptr);

  // 2. the chevron form, exactly as hipcc emits it
  std::fill(c.begin(), c.end(), 0.0f);
  ::hip_impl::chevron(vadd, [=](auto &&...__hip_a) { vadd(static_cast<decltype(__hip_a) &&>(__hip_a)...); },
                      (n + 127) / 128, 128)(a.data(), b.data(), c.data(), n);
  ok = true;
  for (int i = 0; i < n; ++i) ok = ok && c[i] == 3.0f * (float)i;
  CHECK(ok);
  hipStream_t stream = nullptr;
  size_t shm = 0;
  ::hip_impl::chevron(vadd, [=](auto &&...__hip_a) { vadd(static_cast<decltype(__hip_a) &&>(__hip_a)...); },
                      dim3(4), dim3(256), shm, stream)(a.data(), b.data(), c.data(), n);

  // 3. templates: explicit arguments use the parameter types; deduced ones the arguments'
  std::vector<float> p(n, 1.0f);
  hipLaunchKernelGGL(scale<float>, dim3(4), dim3(256), 0, 0, p.data(), 3, n); // 3 converts to float
  CHECK(p[0] == 3.0f && p[999] == 3.0f);
  CHECK(mock_last_kd->params->count == 3 && mock_last_kd->params->sizes[1] == 4);
  hipLaunchKernelGGL(scale, dim3(4), dim3(256), 0, 0, p.data(), 2.0f, n); // deduced: T = float
  CHECK(p[0] == 6.0f && p[999] == 6.0f);
  ::hip_impl::chevron(__HIP_KERNEL_PROBE(scale),
                      [=](auto &&...__hip_a) { scale(static_cast<decltype(__hip_a) &&>(__hip_a)...); }, 4, 256)(
      p.data(), 0.5f, n);
  CHECK(p[0] == 3.0f && p[500] == 3.0f);

  // 4. kernarg layout for (char, double, int*, float4, short)
  mixed_seen seen;
  std::memset(&seen, 0, sizeof seen);
  hipLaunchKernelGGL(mixed, 1, 1, 0, 0, 65, 2.5f, reinterpret_cast<int *>(&seen), make_float4(1, 2, 3, 4), 7);
  const ferrocm_kernel_params_t *pt = mock_last_kd->params;
  CHECK(pt->count == 5 && pt->explicit_size == 64);
  CHECK(pt->offsets[0] == 0 && pt->offsets[1] == 8 && pt->offsets[2] == 16 && pt->offsets[3] == 32 &&
        pt->offsets[4] == 48);
  CHECK(pt->sizes[0] == 1 && pt->sizes[1] == 8 && pt->sizes[2] == 8 && pt->sizes[3] == 16 && pt->sizes[4] == 2);
  CHECK(mock_last_kd->kernarg_segment_alignment == 16 && mock_last_kd->kernarg_segment_size >= 65);
  CHECK(mock_last_kernarg[0] == 'A');
  double d_in_kernarg;
  std::memcpy(&d_in_kernarg, mock_last_kernarg.data() + 8, 8);
  CHECK(d_in_kernarg == 2.5);
  CHECK(seen.c == 'A' && seen.d == 2.5 && seen.v.w == 4.0f && seen.s == 7);
  std::printf("params(char, double, int*, float4, short): offsets %u %u %u %u %u, explicit_size %u\n",
              pt->offsets[0], pt->offsets[1], pt->offsets[2], pt->offsets[3], pt->offsets[4], pt->explicit_size);

  // 5. registration and hipLaunchKernel through the registry
  auto fit = mock_functions().find(reinterpret_cast<const void *>(&vadd));
  CHECK(fit != mock_functions().end() && fit->second.name == "::vadd");
  CHECK(mock_functions().size() == 4);
  if (fit != mock_functions().end()) {
    const ferrocm_kernel_descriptor_t *kd = fit->second.kd;
    CHECK(kd->magic == FERROCM_KERNEL_DESCRIPTOR_MAGIC && kd->abi_version == FERROCM_CPU_ABI_VERSION);
    CHECK(kd->host_function == reinterpret_cast<const void *>(&vadd));
    CHECK(kd->kernarg_segment_size == 32 && kd->kernarg_segment_alignment == 16 && kd->params->count == 4);
    CHECK(kd->params->offsets[3] == 24 && kd->params->sizes[3] == 4);
  }
  std::fill(c.begin(), c.end(), 0.0f);
  const float *pa = a.data(), *pb = b.data();
  float *pc = c.data();
  int nn = n;
  void *args[] = {&pa, &pb, &pc, &nn};
  CHECK(hipLaunchKernel(reinterpret_cast<const void *>(&vadd), dim3(8), dim3(128), args, 0, nullptr) == hipSuccess);
  CHECK(c[999] == 2997.0f && c[1] == 3.0f);
  std::fill(c.begin(), c.end(), 0.0f);
  CHECK(hipLaunchKernel(vadd, dim3(8), dim3(128), args) == hipSuccess); // the C++ template form
  CHECK(c[999] == 2997.0f);
  CHECK(hipLaunchKernel(reinterpret_cast<const void *>(&noargs), 1, 1, nullptr, 0, nullptr) ==
        hipErrorInvalidDeviceFunction);
  auto vit = mock_variables().find(static_cast<const void *>(&dev_counter));
  CHECK(vit != mock_variables().end() && vit->second.size == sizeof(dev_counter) &&
        vit->second.name == "::dev_counter");

  // kernels without parameters, and noexcept kernels
  hipLaunchKernelGGL(no_params, dim3(2), dim3(3), 0, 0);
  ::hip_impl::chevron(no_params, [=](auto &&...__hip_a) { no_params(static_cast<decltype(__hip_a) &&>(__hip_a)...); },
                      2, 5, 0, 0)();
  CHECK(hipLaunchKernel(reinterpret_cast<const void *>(&no_params), dim3(1), dim3(4), nullptr, 0, nullptr) ==
        hipSuccess);
  CHECK(no_param_hits == 6 + 10 + 4);
  int nothrow_hits = 0;
  int *nh = &nothrow_hits;
  hipLaunchKernelGGL(nothrow_kernel, 1, 4, 0, 0, nh);
  void *nargs[] = {&nh};
  CHECK(hipLaunchKernel(reinterpret_cast<const void *>(&nothrow_kernel), dim3(1), dim3(2), nargs, 0, nullptr) ==
        hipSuccess);
  CHECK(nothrow_hits == 6);

  // 6. ids in a 3D launch
  std::vector<uint32_t> idv(4 * 3 * 2 * 2 * 2);
  hipLaunchKernelGGL(ids, dim3(2, 2, 1), dim3(4, 3, 2), 0, 0, idv.data());
  ok = true;
  for (uint32_t bz = 0; bz < 1; ++bz)
    for (uint32_t by = 0; by < 2; ++by)
      for (uint32_t bx = 0; bx < 2; ++bx)
        for (uint32_t tz = 0; tz < 2; ++tz)
          for (uint32_t ty = 0; ty < 3; ++ty)
            for (uint32_t tx = 0; tx < 4; ++tx) {
              uint32_t fb = bx + 2 * by, ft = tx + 4 * (ty + 3 * tz);
              ok = ok && idv[fb * 24 + ft] == ((tx | ty << 4 | tz << 8) | (bx | by << 4 | bz << 8) << 16);
            }
  CHECK(ok);

  // 7. dynamic shared memory
  uintptr_t where[4] = {};
  std::vector<int> dout(64, -1);
  hipLaunchKernelGGL(dyn_shared, 1, 64, 64 * sizeof(int), 0, where, dout.data());
  CHECK(where[3] != 0 && where[0] == where[3] && where[1] == where[3] && where[2] == where[3] && where[0] % 64 == 0);
  ok = true;
  for (int i = 0; i < 64; ++i) ok = ok && dout[i] == 2 * i;
  CHECK(ok);
  CHECK(__hip_wi == &::hip_impl::host_workitem); // restored after the launch

  // 8. warp functions, barriers and predicates (threaded mock)
  mock_set_threaded(true);
  for (int block : {64, 128, 100}) {
    for (int w = 1; w <= 64; w *= 2) {
      std::vector<int> out(7 * block, -1);
      hipLaunchKernelGGL(shuffles, 1, block, 0, 0, out.data(), w);
      int bad = 0;
      for (int t = 0; t < block; ++t) {
        int lane = t % 64, wave = t - lane, seg = lane % w;
        int wave_size = block - wave < 64 ? block - wave : 64;
        auto in_wave = [&](int l) { return l < wave_size ? wave + l : t; };
        int exp_shfl = in_wave(ref_shfl(lane, w, 5)), exp_neg = in_wave(ref_shfl(lane, w, -1));
        int exp_up = seg >= 3 ? t - 3 : t;
        int exp_down = seg + 3 < w ? in_wave(lane + 3) : t;
        int m = w > 1 ? w / 2 : 1;
        int exp_xor = (lane ^ m) < ((lane + w) & ~(w - 1)) ? in_wave(lane ^ m) : t;
        int exp_sync = in_wave(ref_shfl(lane, w, 2));
        int exp_down1 = seg + 1 < w ? in_wave(lane + 1) : t;
        int expect[7] = {exp_shfl, exp_neg, exp_up, exp_down, exp_xor, exp_sync, exp_down1};
        for (int k = 0; k < 7; ++k)
          if (out[k * block + t] != expect[k]) ++bad;
      }
      if (bad) std::printf("block %d width %d: %d wrong lanes\n", block, w, bad);
      CHECK(bad == 0);
    }
  }
  std::vector<unsigned long long> vo(8, 0);
  hipLaunchKernelGGL(votes, 1, 100, 0, 0, vo.data());
  unsigned long long b0 = 0, b1 = 0;
  for (int t = 0; t < 64; ++t)
    if (t % 3 == 0) b0 |= 1ull << t;
  for (int t = 64; t < 100; ++t)
    if (t % 3 == 0) b1 |= 1ull << (t - 64);
  CHECK(vo[0] == b0 && vo[4] == b1 && vo[1] == ~0ull && vo[5] == (1ull << 36) - 1);
  CHECK(vo[2] == 0 && vo[6] == 1 && vo[3] == 1 && vo[7] == 3);
  int entries = 0, after = 0;
  hipLaunchKernelGGL(early_exit, 1, 64, 0, 0, &entries, &after);
  CHECK(entries == 64 && after == 10);
  int preds[5] = {};
  hipLaunchKernelGGL(sync_preds, 1, 64, 0, 0, preds);
  CHECK(preds[0] == 32 && preds[1] == 1 && preds[2] == 0 && preds[3] == 1 && preds[4] == 0);
  std::vector<int> cgo(4 * 8, -1);
  hipLaunchKernelGGL(cg_reduce, 1, 128, 0, 0, cgo.data());
  ok = true;
  for (int t = 0; t < 8; ++t) {
    int base = 16 * t, sum = 16 * base + 120;
    ok = ok && cgo[4 * t] == sum && cgo[4 * t + 1] == 0xaaaa && cgo[4 * t + 2] == (t == 0 ? 3 : 1) &&
         cgo[4 * t + 3] == 128 + 8000;
  }
  CHECK(ok);
  mock_set_threaded(false);

  check_int_index_limit();

  if (failures) return 1;
  std::printf("launch_test: OK\n");
  return 0;
}
