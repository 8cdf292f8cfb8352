// A stand-in for libamdhip64's private entry points, enough to run kernels without the
// real runtime. Serial mode follows the engine's fast path: work-item 0 through
// workitem_fn, then workgroup_fn for the rest; its barrier and wavefront exchange only
// work for groups of one work-item. Threaded mode (mock_set_threaded) runs every
// work-item of a group on its own thread, with a real barrier and wavefront exchange,
// to test warp functions and barriers (but __shared__ is per thread there).
#include <hip/hip_runtime_api.h>
#include <ferrocm/cpu_kernel.h>

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

extern "C" {
hipError_t __ferrocmLaunchKernel(const ferrocm_kernel_descriptor_t *kd, const char *name, dim3 grid, dim3 block,
                                 size_t dynamic_shared, hipStream_t stream, const void *kernarg);
void __ferrocmRegisterFunction(const void *host_function, const ferrocm_kernel_descriptor_t *kd, const char *name);
void __ferrocmRegisterVar(const void *address, size_t size, const char *name);
}

struct mock_function {
  const ferrocm_kernel_descriptor_t *kd;
  std::string name;
};
struct mock_variable {
  size_t size;
  std::string name;
};
std::map<const void *, mock_function> &mock_functions() {
  static std::map<const void *, mock_function> m;
  return m;
}
std::map<const void *, mock_variable> &mock_variables() {
  static std::map<const void *, mock_variable> m;
  return m;
}
static bool threaded = false;
void mock_set_threaded(bool on) { threaded = on; }
const ferrocm_kernel_descriptor_t *mock_last_kd = nullptr;
std::vector<unsigned char> mock_last_kernarg;
const char *mock_last_name = nullptr;

void __ferrocmRegisterFunction(const void *host_function, const ferrocm_kernel_descriptor_t *kd, const char *name) {
  mock_functions().emplace(host_function, mock_function{kd, name ? name : ""});
}
void __ferrocmRegisterVar(const void *address, size_t size, const char *name) {
  mock_variables().emplace(address, mock_variable{size, name ? name : ""});
}

namespace {
// ---- serial ops: valid only for a group of one work-item
uint32_t serial_barrier(ferrocm_workitem_t *wi, int32_t pred) {
  if (wi->local_size[0] * wi->local_size[1] * wi->local_size[2] != 1) {
    std::fprintf(stderr, "mock: barrier in a multi-work-item group needs threaded mode\n");
    std::abort();
  }
  return pred != 0;
}
uint64_t serial_exchange(ferrocm_workitem_t *wi, uint64_t v, uint64_t *lanes) {
  if (wi->local_size[0] * wi->local_size[1] * wi->local_size[2] != 1) {
    std::fprintf(stderr, "mock: wavefront operation in a multi-work-item group needs threaded mode\n");
    std::abort();
  }
  lanes[0] = v;
  return 1;
}
const ferrocm_device_ops_t serial_ops = {FERROCM_CPU_ABI_VERSION, sizeof(ferrocm_device_ops_t), serial_barrier,
                                         serial_exchange, nullptr, nullptr, {}};

// ---- threaded ops: a rendezvous per group and per wavefront
struct rendezvous {
  std::mutex m;
  std::condition_variable cv;
  uint32_t live = 0, arrived = 0, count = 0, result = 0;
  uint64_t generation = 0;
  uint64_t values[64] = {}, active = 0, published[64] = {}, published_active = 0;
  void release() { // with m held
    result = count;
    std::memcpy(published, values, sizeof values);
    published_active = active;
    arrived = count = 0;
    active = 0;
    ++generation;
    cv.notify_all();
  }
};
struct group_state {
  rendezvous barrier;
  std::vector<rendezvous> waves;
};
thread_local group_state *current_group = nullptr;

uint32_t threaded_barrier(ferrocm_workitem_t *, int32_t pred) {
  rendezvous &r = current_group->barrier;
  std::unique_lock<std::mutex> l(r.m);
  uint64_t gen = r.generation;
  r.count += pred != 0;
  if (++r.arrived == r.live) r.release();
  else r.cv.wait(l, [&] { return r.generation != gen; });
  return r.result;
}
uint64_t threaded_exchange(ferrocm_workitem_t *wi, uint64_t v, uint64_t *lanes) {
  rendezvous &r = current_group->waves[wi->flat_local_id / 64];
  unsigned lane = wi->flat_local_id % 64;
  std::unique_lock<std::mutex> l(r.m);
  uint64_t gen = r.generation;
  r.values[lane] = v;
  r.active |= uint64_t(1) << lane;
  if (++r.arrived == r.live) r.release();
  else r.cv.wait(l, [&] { return r.generation != gen; });
  for (unsigned i = 0; i < 64; ++i)
    if ((r.published_active >> i) & 1u) lanes[i] = r.published[i];
  return r.published_active;
}
void leave(rendezvous &r) {
  std::lock_guard<std::mutex> l(r.m);
  --r.live;
  if (r.arrived && r.arrived == r.live) r.release();
}
const ferrocm_device_ops_t threaded_ops = {FERROCM_CPU_ABI_VERSION, sizeof(ferrocm_device_ops_t),
                                           threaded_barrier, threaded_exchange, nullptr, nullptr, {}};
} // namespace

hipError_t __ferrocmLaunchKernel(const ferrocm_kernel_descriptor_t *kd, const char *name, dim3 grid, dim3 block,
                                 size_t dynamic_shared, hipStream_t, const void *kernarg) {
  if (!kd || kd->magic != FERROCM_KERNEL_DESCRIPTOR_MAGIC || !kd->workitem_fn) return hipErrorInvalidDeviceFunction;
  mock_last_kd = kd;
  mock_last_name = name;
  const uint32_t n = block.x * block.y * block.z;
  if (n == 0 || n > FERROCM_MAX_WORKGROUP_SIZE || grid.x * grid.y * grid.z == 0) return hipErrorInvalidConfiguration;
  // The runtime copies the kernarg block before returning.
  void *ka = std::aligned_alloc(kd->kernarg_segment_alignment,
                                (kd->kernarg_segment_size + kd->kernarg_segment_alignment) &
                                    ~(size_t)(kd->kernarg_segment_alignment - 1));
  if (kd->kernarg_segment_size) std::memcpy(ka, kernarg, kd->kernarg_segment_size);
  mock_last_kernarg.assign((const unsigned char *)kernarg, (const unsigned char *)kernarg + kd->kernarg_segment_size);
  const uint32_t static_size = (kd->group_segment_size + 15u) & ~15u;
  const size_t group_bytes = static_size + dynamic_shared;
  void *group = group_bytes ? std::aligned_alloc(64, (group_bytes + 63) & ~(size_t)63) : nullptr;
  ferrocm_workitem_t base;
  std::memset(&base, 0, sizeof base);
  uint32_t bs[3] = {block.x, block.y, block.z}, gs[3] = {grid.x, grid.y, grid.z};
  for (int d = 0; d < 3; ++d) {
    base.workgroup_size[d] = base.local_size[d] = bs[d];
    base.num_groups[d] = gs[d];
    base.grid_size[d] = bs[d] * gs[d];
  }
  base.dimensions = grid.z * block.z > 1 ? 3 : grid.y * block.y > 1 ? 2 : 1;
  base.group_segment = group;
  base.group_segment_size = (uint32_t)group_bytes;
  base.dynamic_group_offset = static_size;
  base.kernarg = ka;
  static uint64_t dispatches = 0;
  base.dispatch_id = ++dispatches;
  for (uint32_t gz = 0; gz < grid.z; ++gz)
    for (uint32_t gy = 0; gy < grid.y; ++gy)
      for (uint32_t gx = 0; gx < grid.x; ++gx) {
        ferrocm_workitem_t wi = base;
        wi.group_id[0] = gx;
        wi.group_id[1] = gy;
        wi.group_id[2] = gz;
        if (!threaded) {
          wi.ops = &serial_ops;
          wi.range_end = n;
          kd->workitem_fn(&wi); // work-item 0
          if (n > 1) {
            if (kd->workgroup_fn) {
              kd->workgroup_fn(&wi, 1, n);
            } else {
              for (uint32_t f = 1; f < n; ++f) {
                wi.local_id[0] = f % bs[0];
                wi.local_id[1] = (f / bs[0]) % bs[1];
                wi.local_id[2] = f / (bs[0] * bs[1]);
                wi.flat_local_id = f;
                kd->workitem_fn(&wi);
              }
            }
          }
          continue;
        }
        group_state gstate;
        gstate.barrier.live = n;
        gstate.waves = std::vector<rendezvous>((n + 63) / 64);
        for (uint32_t w = 0; w < gstate.waves.size(); ++w) gstate.waves[w].live = (n - w * 64) < 64 ? n - w * 64 : 64;
        std::vector<std::thread> threads;
        for (uint32_t f = 0; f < n; ++f)
          threads.emplace_back([&, f] {
            ferrocm_workitem_t item = wi;
            item.ops = &threaded_ops;
            item.local_id[0] = f % bs[0];
            item.local_id[1] = (f / bs[0]) % bs[1];
            item.local_id[2] = f / (bs[0] * bs[1]);
            item.flat_local_id = f;
            item.range_end = f + 1;
            current_group = &gstate;
            kd->workitem_fn(&item);
            leave(gstate.waves[f / 64]);
            leave(gstate.barrier);
          });
        for (auto &t : threads) t.join();
      }
  std::free(group);
  std::free(ka);
  return hipSuccess;
}

// hipLaunchKernel through the registry, as the runtime does it (docs/HIP_CPU.md §2).
extern "C" hipError_t hipLaunchKernel(const void *f, dim3 grid, dim3 block, void **args, size_t shm,
                                     hipStream_t stream) {
  auto it = mock_functions().find(f);
  if (it == mock_functions().end()) return hipErrorInvalidDeviceFunction;
  const ferrocm_kernel_descriptor_t *kd = it->second.kd;
  std::vector<unsigned char> buf(kd->kernarg_segment_size + 16);
  for (uint32_t i = 0; i < kd->params->count; ++i)
    std::memcpy(buf.data() + kd->params->offsets[i], args[i], kd->params->sizes[i]);
  return __ferrocmLaunchKernel(kd, it->second.name.c_str(), grid, block, shm, stream, buf.data());
}
