/*
 * HIP cooperative groups on the CPU platform (included by hip/hip_cooperative_groups.h).
 *
 * The API is HIP's (hip/amd_detail/amd_hip_cooperative_groups.h of recent ROCm, which follows
 * CUDA's cooperative_groups): thread_group, thread_block, grid_group, multi_grid_group,
 * tiled_partition (dynamic, and static thread_block_tile<N>), tiled_group, coalesced_group /
 * coalesced_threads(), the tile collectives (shfl, shfl_up, shfl_down, shfl_xor, any, all,
 * ballot, match_any, match_all), binary_partition / labeled_partition, and cg::reduce,
 * cg::inclusive_scan and cg::exclusive_scan with cg::plus, less, greater, bit_and, bit_or and
 * bit_xor.
 *
 * How it maps onto the CPU engine (docs/HIP_CPU.md, "Cooperative groups"):
 * - a thread block synchronises with the engine's work-group barrier;
 * - the grid (and the grids of a multi-device launch) through the engine's cooperative
 *   services (ops->cooperative): hipLaunchCooperativeKernel runs every work-group at once, so
 *   grid_group::sync() is a real grid-wide barrier; in a kernel launched otherwise it fails the
 *   launch (the stream reports an error) instead of hanging;
 * - tiles and coalesced groups live inside one wavefront (64 lanes): their collectives are the
 *   engine's wavefront exchange, in which every lane of the wavefront that is still running
 *   takes part. A tile is a power of two of at most 64 consecutive ranks. A coalesced group
 *   is the set of lanes that reach coalesced_threads() together; lanes outside of it must not
 *   make a wavefront operation of their own at the same time (they may return, wait at a
 *   __syncthreads or run code without warp operations), which is how coalesced groups are
 *   normally used (aggregated atomics in a branch).
 */
#ifndef HIP_CPU_COOPERATIVE_GROUPS_H
#define HIP_CPU_COOPERATIVE_GROUPS_H

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

namespace cooperative_groups {

namespace internal {
/* HIP's internal::group_type values. */
enum group_type : unsigned int {
  cg_multi_grid = 0,
  cg_grid = 1,
  cg_workgroup = 2,
  cg_tiled_group = 3,
  cg_coalesced_group = 4,
};
} // namespace internal

namespace detail {
inline unsigned block_size() {
  const ferrocm_workitem_t *w = __hip_wi_ptr;
  return w->workgroup_size[0] * w->workgroup_size[1] * w->workgroup_size[2];
}
inline unsigned block_rank() { return ::hip_impl::flat_idx(); }
inline unsigned lane() { return ::hip_impl::flat_idx() & 63u; }

/* The engine's grid-wide services (ferrocm/cpu_kernel.h, FERROCM_COOP_*). */
inline uint64_t coop(uint32_t op) {
  ferrocm_workitem_t *w = __hip_wi_ptr;
  if (w->ops->cooperative == nullptr)
    return (op == FERROCM_COOP_NUM_GRIDS) ? 1u : 0u;
  const ::hip_impl::ids_owner *o = ::hip_impl::publish_ids(w);
  uint64_t r = w->ops->cooperative(w, op);
  ::hip_impl::restore_ids(w, o);
  return r;
}

inline unsigned long long grid_threads() {
  const ferrocm_workitem_t *w = __hip_wi_ptr;
  return (unsigned long long)w->grid_size[0] * w->grid_size[1] * w->grid_size[2];
}
inline unsigned long long block_linear() {
  const ferrocm_workitem_t *w = __hip_wi_ptr;
  return w->group_id[0] + (unsigned long long)w->num_groups[0] *
                              (w->group_id[1] + (unsigned long long)w->num_groups[1] * w->group_id[2]);
}
inline unsigned long long grid_rank() { return block_linear() * block_size() + block_rank(); }

[[noreturn]] inline void invalid(const char *what) {
  std::fprintf(stderr, "ferrocm: cooperative groups: %s\n", what);
  std::abort();
}

inline uint64_t low_mask(unsigned n) { return n >= 64 ? ~uint64_t(0) : ((uint64_t(1) << n) - 1u); }
/* Lane of the rank-th set bit of mask (64 if none). */
inline unsigned nth_lane(uint64_t mask, unsigned rank) {
  for (unsigned i = 0; i < 64; ++i)
    if ((mask >> i) & 1u) {
      if (rank == 0) return i;
      --rank;
    }
  return 64;
}
/* Bits of `bits` at the lanes of `mask`, packed by rank (bit r = the rank-r member). */
inline uint64_t compact(uint64_t mask, uint64_t bits) {
  uint64_t r = 0;
  unsigned k = 0;
  for (unsigned i = 0; i < 64; ++i)
    if ((mask >> i) & 1u) {
      if ((bits >> i) & 1u) r |= uint64_t(1) << k;
      ++k;
    }
  return r;
}

/* Every running lane of the wavefront contributes v; out[i] = lane i's value for the lanes of
 * the returned mask. Values wider than 8 bytes go in several exchanges. */
template <class T> inline uint64_t exchange(const T &v, T *out) {
  static_assert(std::is_trivially_copyable<T>::value, "cooperative groups move trivially copyable values");
  constexpr unsigned words = (sizeof(T) + 7) / 8;
  uint64_t in[words] = {};
  std::memcpy(in, &v, sizeof(T));
  uint64_t lanes[64];
  uint64_t active = 0;
  unsigned char *bytes = reinterpret_cast<unsigned char *>(out);
  for (unsigned k = 0; k < words; ++k) {
    active = ::hip_impl::wave_exchange(in[k], lanes);
    unsigned n = (k + 1 == words) ? (unsigned)(sizeof(T) - 8 * k) : 8u;
    for (unsigned i = 0; i < 64; ++i)
      if ((active >> i) & 1u) std::memcpy(bytes + i * sizeof(T) + 8 * k, &lanes[i], n);
  }
  return active;
}
/* The value of lane `src` among the members `mask` (own value if src is no member). */
template <class T> inline T pick(const T &v, uint64_t mask, unsigned src) {
  T all[64];
  uint64_t active = exchange(v, all) & mask;
  return (src < 64 && ((active >> src) & 1u)) ? all[src] : v;
}
inline uint64_t wave_ballot(int pred, uint64_t mask) {
  uint64_t lanes[64];
  uint64_t active = ::hip_impl::wave_exchange(pred != 0, lanes) & mask;
  uint64_t r = 0;
  for (unsigned i = 0; i < 64; ++i)
    if (((active >> i) & 1u) && lanes[i]) r |= uint64_t(1) << i;
  return r;
}
inline uint64_t wave_active(uint64_t mask) {
  uint64_t lanes[64];
  return ::hip_impl::wave_exchange(0, lanes) & mask;
}
/* Members (of mask) holding the same value as this lane; *all_same if every member does. */
template <class T> inline uint64_t wave_match(const T &v, uint64_t mask, bool *all_same) {
  T all[64];
  uint64_t active = exchange(v, all) & mask;
  uint64_t same = 0;
  for (unsigned i = 0; i < 64; ++i)
    if (((active >> i) & 1u) && std::memcmp(&all[i], &v, sizeof(T)) == 0) same |= uint64_t(1) << i;
  if (all_same) *all_same = same == active;
  return same;
}
template <class> constexpr bool dependent_false = false;
} // namespace detail

/* ------------------------------------------------------------------ thread_group */

/* A set of work-items. Block ranks are flat (x fastest). For a tile or a coalesced group,
 * mask_ holds its lanes of the wavefront. */
class thread_group {
protected:
  unsigned int type_;
  unsigned long long size_;
  unsigned long long rank_;
  uint64_t mask_;
  unsigned int meta_rank_;
  unsigned int meta_size_;
  thread_group(internal::group_type type, unsigned long long size, unsigned long long rank, uint64_t mask = 0,
               unsigned meta_rank = 0, unsigned meta_size = 1)
      : type_(type), size_(size), rank_(rank), mask_(mask), meta_rank_(meta_rank), meta_size_(meta_size) {}
  friend thread_group tiled_partition(const thread_group &parent, unsigned int tile_size);

public:
  unsigned int cg_type() const { return type_; }
  unsigned int size() const { return (unsigned int)size_; }
  unsigned int num_threads() const { return (unsigned int)size_; }
  unsigned int thread_rank() const { return (unsigned int)rank_; }
  bool is_valid() const {
    switch (type_) {
    case internal::cg_multi_grid:
      return (detail::coop(FERROCM_COOP_INFO) & 2u) != 0;
    case internal::cg_grid:
      return (detail::coop(FERROCM_COOP_INFO) & 1u) != 0;
    default:
      return size_ != 0;
    }
  }
  void sync() const {
    switch (type_) {
    case internal::cg_multi_grid:
      (void)detail::coop(FERROCM_COOP_MULTI_GRID_SYNC);
      break;
    case internal::cg_grid:
      (void)detail::coop(FERROCM_COOP_GRID_SYNC);
      break;
    case internal::cg_workgroup:
      __syncthreads();
      break;
    default:
      (void)detail::wave_active(mask_);
      break;
    }
  }
};

/* ------------------------------------------------------------------ grids */

/* Every work-item of every grid of a multi-device launch (hipLaunchCooperativeKernelMultiDevice). */
class multi_grid_group : public thread_group {
  friend multi_grid_group this_multi_grid();
  multi_grid_group()
      : thread_group(internal::cg_multi_grid, detail::coop(FERROCM_COOP_MULTI_GRID_SIZE),
                     detail::coop(FERROCM_COOP_MULTI_GRID_THREAD_OFFSET) + detail::grid_rank()) {}

public:
  unsigned int num_grids() const { return (unsigned int)detail::coop(FERROCM_COOP_NUM_GRIDS); }
  unsigned int grid_rank() const { return (unsigned int)detail::coop(FERROCM_COOP_GRID_RANK); }
  unsigned long long size() const { return size_; }
  unsigned long long num_threads() const { return size_; }
  unsigned long long thread_rank() const { return rank_; }
  bool is_valid() const { return (detail::coop(FERROCM_COOP_INFO) & 2u) != 0; }
  void sync() const { (void)detail::coop(FERROCM_COOP_MULTI_GRID_SYNC); }
};
inline multi_grid_group this_multi_grid() { return multi_grid_group(); }

/* Every work-item of the grid. sync() needs a cooperative launch. */
class grid_group : public thread_group {
  friend grid_group this_grid();
  grid_group() : thread_group(internal::cg_grid, detail::grid_threads(), detail::grid_rank()) {}

public:
  unsigned long long size() const { return size_; }
  unsigned long long num_threads() const { return size_; }
  unsigned long long thread_rank() const { return rank_; }
  bool is_valid() const { return (detail::coop(FERROCM_COOP_INFO) & 1u) != 0; }
  void sync() const { (void)detail::coop(FERROCM_COOP_GRID_SYNC); }
  unsigned long long block_rank() const { return detail::block_linear(); }
  unsigned long long num_blocks() const {
    const ferrocm_workitem_t *w = __hip_wi_ptr;
    return (unsigned long long)w->num_groups[0] * w->num_groups[1] * w->num_groups[2];
  }
  dim3 dim_blocks() const { return gridDim; }
  dim3 block_index() const { return blockIdx; }
  dim3 group_dim() const { return gridDim; }
};
inline grid_group this_grid() { return grid_group(); }

/* ------------------------------------------------------------------ thread_block */

class thread_block : public thread_group {
  friend thread_block this_thread_block();
  thread_block() : thread_group(internal::cg_workgroup, detail::block_size(), detail::block_rank()) {}

public:
  static void sync() { __syncthreads(); }
  bool is_valid() const { return true; }
  static dim3 group_index() { return blockIdx; }
  static dim3 thread_index() { return threadIdx; }
  static dim3 group_dim() { return blockDim; }
  static dim3 dim_threads() { return blockDim; }
};
inline thread_block this_thread_block() { return thread_block(); }

/* ------------------------------------------------------------------ tiles */

/* A dynamic tile (tiled_partition(parent, n)): n consecutive ranks, n a power of two of at
 * most a wavefront. */
class tiled_group : public thread_group {
  friend thread_group tiled_partition(const thread_group &parent, unsigned int tile_size);
  friend tiled_group tiled_partition(const tiled_group &parent, unsigned int tile_size);

protected:
  tiled_group(unsigned tile, unsigned parent_size, unsigned parent_rank)
      : thread_group(internal::cg_tiled_group, tile, parent_rank % tile,
                     detail::low_mask(tile) << (detail::lane() & ~(tile - 1) & 63u), parent_rank / tile,
                     (parent_size + tile - 1) / tile) {
    if (tile == 0 || tile > 64 || (tile & (tile - 1)) != 0)
      detail::invalid("the tile size must be a power of two no larger than the wavefront (64)");
  }

public:
  unsigned int meta_group_rank() const { return meta_rank_; }
  unsigned int meta_group_size() const { return meta_size_; }
  void sync() const { (void)detail::wave_active(mask_); }
};

inline thread_group tiled_partition(const thread_group &parent, unsigned int tile_size) {
  if (parent.cg_type() == internal::cg_coalesced_group)
    detail::invalid("tiled_partition of a coalesced_group needs the coalesced_group overload");
  unsigned psize = parent.cg_type() <= internal::cg_grid ? detail::block_size() : parent.size();
  unsigned prank = parent.cg_type() <= internal::cg_grid ? detail::block_rank() : parent.thread_rank();
  if (parent.cg_type() == internal::cg_tiled_group && tile_size > psize)
    detail::invalid("a tile cannot be larger than the tile it is cut from");
  return tiled_group(tile_size, psize, prank);
}
inline tiled_group tiled_partition(const tiled_group &parent, unsigned int tile_size) {
  if (tile_size > parent.size()) detail::invalid("a tile cannot be larger than the tile it is cut from");
  return tiled_group(tile_size, parent.size(), parent.thread_rank());
}

/* The collectives of a group whose members are the lanes of mask_, ranked in lane order. */
template <class Derived> class lane_collectives {
  const Derived &self() const { return static_cast<const Derived &>(*this); }
  uint64_t m() const { return self().member_mask(); }
  /* The lane of the member with rank r (64: none). */
  unsigned lane_of(unsigned r) const { return detail::nth_lane(m(), r); }

public:
  template <class T> T shfl(T var, int src_rank) const {
    unsigned n = self().size();
    return detail::pick(var, m(), lane_of((unsigned)src_rank % n));
  }
  template <class T> T shfl_down(T var, unsigned int delta) const {
    unsigned r = self().thread_rank() + delta;
    return detail::pick(var, m(), r < self().size() ? lane_of(r) : detail::lane());
  }
  template <class T> T shfl_up(T var, unsigned int delta) const {
    unsigned r = self().thread_rank();
    return detail::pick(var, m(), delta <= r ? lane_of(r - delta) : detail::lane());
  }
  template <class T> T shfl_xor(T var, unsigned int lane_mask) const {
    unsigned r = self().thread_rank() ^ lane_mask;
    return detail::pick(var, m(), r < self().size() ? lane_of(r) : detail::lane());
  }
  /* Bit r set when the member of rank r passed a non-zero predicate. */
  unsigned long long ballot(int pred) const { return detail::compact(m(), detail::wave_ballot(pred, m())); }
  int any(int pred) const { return detail::wave_ballot(pred, m()) != 0; }
  int all(int pred) const {
    uint64_t lanes[64];
    uint64_t active = ::hip_impl::wave_exchange(pred != 0, lanes) & m();
    for (unsigned i = 0; i < 64; ++i)
      if (((active >> i) & 1u) && !lanes[i]) return 0;
    return 1;
  }
  /* Members (by rank) holding the same value as this one. */
  template <class T> unsigned long long match_any(T value) const {
    return detail::compact(m(), detail::wave_match(value, m(), nullptr));
  }
  /* All members (by rank) if they all hold the same value (pred = 1), else 0 (pred = 0). */
  template <class T> unsigned long long match_all(T value, int &pred) const {
    bool same = false;
    uint64_t r = detail::wave_match(value, m(), &same);
    pred = same ? 1 : 0;
    return same ? detail::compact(m(), r) : 0;
  }
};

/* A static tile of Size consecutive ranks of its parent (Size a power of two, at most a
 * wavefront). */
template <unsigned int Size, class ParentT = void>
class thread_block_tile : public thread_group, public lane_collectives<thread_block_tile<Size, ParentT>> {
  static_assert(Size >= 1 && Size <= 64 && (Size & (Size - 1)) == 0,
                "tiled_partition: the tile size must be a power of two no larger than the wavefront (64)");
  template <unsigned, class> friend class thread_block_tile;

public:
  /* Tiles of the block (the parent's ranks and size given for tiles of tiles). */
  explicit thread_block_tile(unsigned parent_size = detail::block_size(), unsigned parent_rank = detail::block_rank())
      : thread_group(internal::cg_tiled_group, Size, parent_rank % Size,
                     detail::low_mask(Size) << (detail::lane() & ~(Size - 1) & 63u), parent_rank / Size,
                     (parent_size + Size - 1) / Size) {}
  /* A tile of a typed parent converts to the parent-less type (as in HIP and CUDA). */
  template <class P>
  thread_block_tile(const thread_block_tile<Size, P> &t) : thread_group(t) {}

  static constexpr unsigned int size() { return Size; }
  static constexpr unsigned int num_threads() { return Size; }
  unsigned int thread_rank() const { return (unsigned int)rank_; }
  unsigned int meta_group_rank() const { return meta_rank_; }
  unsigned int meta_group_size() const { return meta_size_; }
  bool is_valid() const { return true; }
  uint64_t member_mask() const { return mask_; }
  void sync() const { (void)detail::wave_active(mask_); }
};

namespace detail {
template <class P> struct parent_shape {
  static unsigned size(const P &p) { return p.size(); }
  static unsigned rank(const P &p) { return p.thread_rank(); }
};
template <> struct parent_shape<thread_block> {
  static unsigned size(const thread_block &) { return block_size(); }
  static unsigned rank(const thread_block &) { return block_rank(); }
};
} // namespace detail

template <unsigned int Size, class ParentT> thread_block_tile<Size, ParentT> tiled_partition(const ParentT &g) {
  static_assert(!std::is_same<ParentT, grid_group>::value && !std::is_same<ParentT, multi_grid_group>::value,
                "tiled_partition: tiles are cut from a thread block or a tile");
  return thread_block_tile<Size, ParentT>(detail::parent_shape<ParentT>::size(g),
                                          detail::parent_shape<ParentT>::rank(g));
}

/* The calling work-item alone. */
inline thread_block_tile<1, void> this_thread() { return thread_block_tile<1, void>(1, 0); }

/* ------------------------------------------------------------------ coalesced groups */

/* The lanes of a wavefront that reached coalesced_threads() together (or a partition of them). */
class coalesced_group : public thread_group, public lane_collectives<coalesced_group> {
  friend coalesced_group coalesced_threads();
  friend coalesced_group tiled_partition(const coalesced_group &parent, unsigned int tile_size);
  template <class G> friend coalesced_group binary_partition(const G &g, bool pred);
  template <class G, class L> friend coalesced_group labeled_partition(const G &g, L label);

  explicit coalesced_group(uint64_t members, unsigned meta_rank = 0, unsigned meta_size = 1)
      : thread_group(internal::cg_coalesced_group, __builtin_popcountll(members),
                     __builtin_popcountll(members & detail::low_mask(detail::lane())), members, meta_rank,
                     meta_size) {}

public:
  unsigned int size() const { return (unsigned int)size_; }
  unsigned int num_threads() const { return (unsigned int)size_; }
  unsigned int thread_rank() const { return (unsigned int)rank_; }
  unsigned int meta_group_rank() const { return meta_rank_; }
  unsigned int meta_group_size() const { return meta_size_; }
  bool is_valid() const { return size_ != 0; }
  uint64_t member_mask() const { return mask_; }
  void sync() const { (void)detail::wave_active(mask_); }
};

inline coalesced_group coalesced_threads() { return coalesced_group(::__activemask()); }

inline coalesced_group tiled_partition(const coalesced_group &parent, unsigned int tile_size) {
  if (tile_size == 0 || tile_size > 64 || (tile_size & (tile_size - 1)) != 0)
    detail::invalid("the tile size must be a power of two no larger than the wavefront (64)");
  unsigned first = parent.thread_rank() / tile_size * tile_size;
  uint64_t members = 0;
  for (unsigned r = first; r < first + tile_size && r < parent.size(); ++r)
    members |= uint64_t(1) << detail::nth_lane(parent.member_mask(), r);
  return coalesced_group(members, parent.thread_rank() / tile_size, (parent.size() + tile_size - 1) / tile_size);
}

namespace detail {
template <class G> inline uint64_t lanes_of(const G &g) { return g.member_mask(); }
} // namespace detail

/* The members of g with the same label as this one (a coalesced group each). */
template <class G, class L> inline coalesced_group labeled_partition(const G &g, L label) {
  static_assert(std::is_integral<L>::value, "labeled_partition: the label is an integer");
  return coalesced_group(detail::wave_match(label, detail::lanes_of(g), nullptr));
}
/* The members of g whose predicate is the same as this one's. */
template <class G> inline coalesced_group binary_partition(const G &g, bool pred) {
  uint64_t set = detail::wave_ballot(pred, detail::lanes_of(g));
  return coalesced_group(pred ? set : (detail::lanes_of(g) & ~set));
}

/* ------------------------------------------------------------------ free functions */

template <class G> inline auto group_size(const G &g) -> decltype(g.size()) { return g.size(); }
template <class G> inline auto thread_rank(const G &g) -> decltype(g.thread_rank()) { return g.thread_rank(); }
template <class G> inline bool is_valid(const G &g) { return g.is_valid(); }
template <class G> inline void sync(const G &g) { g.sync(); }

/* ------------------------------------------------------------------ reduce and scan */

template <class T = void> struct plus {
  T operator()(const T &a, const T &b) const { return a + b; }
};
template <class T = void> struct less {
  T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
template <class T = void> struct greater {
  T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <class T = void> struct bit_and {
  T operator()(const T &a, const T &b) const { return a & b; }
};
template <class T = void> struct bit_or {
  T operator()(const T &a, const T &b) const { return a | b; }
};
template <class T = void> struct bit_xor {
  T operator()(const T &a, const T &b) const { return a ^ b; }
};

namespace detail {
/* op over the members' values in rank order, members of rank [0, end) (all when end = 64). */
template <class G, class T, class Op> inline T fold(const G &g, const T &val, Op op, unsigned end, bool *none) {
  T all[64];
  uint64_t active = exchange(val, all) & g.member_mask();
  bool first = true;
  T acc = val;
  unsigned r = 0;
  for (unsigned i = 0; i < 64 && r < end; ++i) {
    if (!((g.member_mask() >> i) & 1u)) continue;
    if ((active >> i) & 1u) {
      acc = first ? all[i] : static_cast<T>(op(acc, all[i]));
      first = false;
    }
    ++r;
  }
  if (none) *none = first;
  return acc;
}
template <class G> struct is_lane_group : std::false_type {};
template <unsigned N, class P> struct is_lane_group<thread_block_tile<N, P>> : std::true_type {};
template <> struct is_lane_group<coalesced_group> : std::true_type {};
} // namespace detail

/* op applied over the values of every member of the group (a thread_block_tile or a
 * coalesced_group); every member gets the result. */
template <class G, class T, class Op> inline T reduce(const G &g, T val, Op op) {
  static_assert(detail::is_lane_group<G>::value, "cg::reduce takes a thread_block_tile or a coalesced_group");
  return detail::fold(g, val, op, 64, nullptr);
}
/* Member r gets op over the values of members 0..r. */
template <class G, class T, class Op> inline T inclusive_scan(const G &g, T val, Op op) {
  static_assert(detail::is_lane_group<G>::value, "cg::inclusive_scan takes a thread_block_tile or a coalesced_group");
  return detail::fold(g, val, op, g.thread_rank() + 1, nullptr);
}
template <class G, class T> inline T inclusive_scan(const G &g, T val) { return inclusive_scan(g, val, plus<T>()); }
/* Member r gets op over the values of members 0..r-1 (member 0: T(), as for CUDA's). */
template <class G, class T, class Op> inline T exclusive_scan(const G &g, T val, Op op) {
  static_assert(detail::is_lane_group<G>::value, "cg::exclusive_scan takes a thread_block_tile or a coalesced_group");
  bool none = false;
  T r = detail::fold(g, val, op, g.thread_rank(), &none);
  return none ? T() : r;
}
template <class G, class T> inline T exclusive_scan(const G &g, T val) { return exclusive_scan(g, val, plus<T>()); }

} // namespace cooperative_groups

#endif /* HIP_CPU_COOPERATIVE_GROUPS_H */
