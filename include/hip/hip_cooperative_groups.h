/*
 * HIP cooperative groups on the CPU platform: thread blocks and tiles of a wavefront
 * (tiled_partition), built on the engine's barrier and wavefront exchange. Not provided:
 * grid-wide synchronisation (grid_group::sync is a compile-time error) and
 * coalesced_threads() (the engine's wavefront operations need every running lane, so
 * the subset of lanes in a divergent branch cannot be formed).
 */
#ifndef HIP_COOPERATIVE_GROUPS_H
#define HIP_COOPERATIVE_GROUPS_H

#include "hip_runtime.h"

#if defined(__HIP_PLATFORM_NVIDIA__)
#include "nvidia/hip_cooperative_groups.h"
#else /* the rest of this file is the CPU platform's */

#if !defined(__HIP_PLATFORM_CPU__) || !defined(HIP_CPU_HIP_RUNTIME_H)
#error "ferrocm: hip_cooperative_groups.h needs the CPU platform's device language (C++17)"
#endif

namespace cooperative_groups {

namespace detail {
inline unsigned block_size() {
  const ferrocm_workitem_t *w = __hip_wi;
  return w->workgroup_size[0] * w->workgroup_size[1] * w->workgroup_size[2];
}
inline unsigned block_rank() { return ::hip_impl::flat_idx(); }
template <class> constexpr bool dependent_false = false;
} // namespace detail

/* Groups of work-items of one block. Ranks are flat (x fastest). */
class thread_group {
protected:
  unsigned size_;
  unsigned rank_;
  bool block_; /* a whole block (barrier) rather than part of a wavefront */
  thread_group(unsigned size, unsigned rank, bool block) : size_(size), rank_(rank), block_(block) {}

public:
  unsigned size() const { return size_; }
  unsigned num_threads() const { return size_; }
  unsigned thread_rank() const { return rank_; }
  bool is_valid() const { return size_ != 0; }
  /* A block synchronises with a barrier; smaller groups live in one wavefront. */
  void sync() const {
    if (block_)
      __syncthreads();
    else
      __syncwarp();
  }
};

class thread_block : public thread_group {
  friend thread_block this_thread_block();
  thread_block() : thread_group(detail::block_size(), detail::block_rank(), true) {}

public:
  static void sync() { __syncthreads(); }
  static dim3 group_index() { return blockIdx; }
  static dim3 thread_index() { return threadIdx; }
  static dim3 group_dim() { return blockDim; }
  static dim3 dim_threads() { return blockDim; }
};
inline thread_block this_thread_block() { return thread_block(); }

/* A tile of Size consecutive ranks (Size a power of two, at most a wavefront). */
template <unsigned Size> class thread_block_tile : public thread_group {
  static_assert(Size >= 1 && Size <= 64 && (Size & (Size - 1)) == 0,
                "tiled_partition: the tile size must be a power of two no larger than the wavefront (64)");
public:
  thread_block_tile() : thread_group(Size, detail::block_rank() % Size, false) {}
  static constexpr unsigned size() { return Size; }
  static constexpr unsigned num_threads() { return Size; }
  unsigned meta_group_rank() const { return detail::block_rank() / Size; }
  unsigned meta_group_size() const { return (detail::block_size() + Size - 1) / Size; }
  void sync() const { __syncwarp(); }
  template <class T> T shfl(T var, int src_rank) const { return __shfl(var, src_rank, (int)Size); }
  template <class T> T shfl_down(T var, unsigned delta) const { return __shfl_down(var, delta, (int)Size); }
  template <class T> T shfl_up(T var, unsigned delta) const { return __shfl_up(var, delta, (int)Size); }
  template <class T> T shfl_xor(T var, unsigned mask) const { return __shfl_xor(var, (int)mask, (int)Size); }
  /* The votes of this tile only, as bits 0..Size-1. */
  unsigned long long ballot(int pred) const { return mine(__ballot(pred)); }
  int any(int pred) const { return ballot(pred) != 0; }
  int all(int pred) const {
    uint64_t active = mine(__activemask());
    return (ballot(pred) & active) == active;
  }

private:
  /* This tile's bits of a wavefront mask, moved to bits 0..Size-1. */
  static uint64_t mine(uint64_t wave_mask) {
    if constexpr (Size == 64)
      return wave_mask;
    else
      return (wave_mask >> ((__lane_id() / Size) * Size)) & ((uint64_t(1) << Size) - 1u);
  }
};

template <unsigned Size, class Parent> thread_block_tile<Size> tiled_partition(const Parent &) {
  return thread_block_tile<Size>();
}
/* Dynamic tile sizes: a power of two up to the wavefront size. */
class tiled_group : public thread_group {
public:
  tiled_group(unsigned size) : thread_group(size, detail::block_rank() % size, false) {}
};
inline thread_group tiled_partition(const thread_group &parent, unsigned tile_size) {
  (void)parent;
  return tiled_group(tile_size);
}

/* The grid: sizes and ranks work; grid-wide synchronisation does not exist here. */
class grid_group {
public:
  unsigned long long size() const {
    const ferrocm_workitem_t *w = __hip_wi;
    return (unsigned long long)w->grid_size[0] * w->grid_size[1] * w->grid_size[2];
  }
  unsigned long long thread_rank() const {
    const ferrocm_workitem_t *w = __hip_wi;
    unsigned long long block = w->group_id[0] + (unsigned long long)w->num_groups[0] *
                                                    (w->group_id[1] + (unsigned long long)w->num_groups[1] * w->group_id[2]);
    return block * detail::block_size() + w->flat_local_id;
  }
  /* As in HIP outside a cooperative launch. */
  bool is_valid() const { return false; }
  /* The CPU platform reports hipDeviceAttributeCooperativeLaunch = 0 and refuses
   * hipLaunchCooperativeKernel, so no launch makes this valid: a kernel reaching it stops the
   * program with a message rather than deadlock (all blocks are not co-resident on the CPU). */
  void sync() const {
    std::fprintf(stderr, "ferrocm: grid_group::sync() needs a cooperative launch, which the CPU platform "
                         "does not support (hipDeviceAttributeCooperativeLaunch is 0)\n");
    std::abort();
  }
};
inline grid_group this_grid() { return grid_group(); }

template <class Group> inline void sync(const Group &g) { g.sync(); }
template <class Group> inline unsigned group_size(const Group &g) { return (unsigned)g.size(); }
template <class Group> inline unsigned thread_rank(const Group &g) { return (unsigned)g.thread_rank(); }

} // namespace cooperative_groups

#endif /* !__HIP_PLATFORM_NVIDIA__ */

#endif /* HIP_COOPERATIVE_GROUPS_H */
