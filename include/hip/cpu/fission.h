/*
 * ferrocm CPU platform: kernels split at their barriers (loop fission).
 * Included by hip/cpu/hip_runtime.h.
 *
 * hipcc gives a kernel whose __syncthreads() calls are all plain statements of its body or
 * of loops in it (and which, as far as hipcc can see, reaches no other barrier or wavefront
 * operation) a second version of its body: one "phase" per stretch between two barriers,
 * each run for every work-item of the group in a plain loop before the next phase starts.
 * Variables that one phase declares and a later one uses live in per-work-item arrays
 * between phases. Statements with wavefront operations (__shfl*, votes) split the body the
 * same way, with the lanes' values passed between the two phases (see "Wavefront
 * operations" below; crates/tools/hipcc/src/fission.rs has the rules). That is what a barrier means (every work-item finishes the code
 * before it before any starts the code after it), without fibers: a phase loop costs what a
 * barrier-free kernel costs.
 *
 * The engine offers a work-group to its first work-item (ferrocm_workitem_t::reserved0 ==
 * offer_value, see crates/cpu-engine/src/abi.rs and docs/HSA.md). The work-item entry
 * (launch.h) passes the offer on in `offer`; the split kernel takes it, runs the whole group
 * phase by phase and answers done_value, so the engine runs none of the other work-items.
 * A kernel without a split version, or one whose split version declines (a variable that is
 * not trivially copyable, no memory), leaves the offer and runs as work-item 0 as always.
 */
#ifndef HIP_CPU_FISSION_H
#define HIP_CPU_FISSION_H

namespace hip_impl {
namespace fission {

/* Values of ferrocm_workitem_t::reserved0 in the first work-item of a group. */
enum : uint32_t {
  offer_value = 1,   /* engine: this work-item may run the whole group itself */
  running_value = 2, /* kernel: the whole group runs here (a barrier now is an engine error) */
  done_value = 3,    /* kernel: every work-item of the group has run */
};

/* The work-item whose group the running kernel may take (set by the work-item entry). */
__FERROCM_HIDDEN inline thread_local ferrocm_workitem_t *offer __FERROCM_WI_TLS = nullptr;

/* Takes the offer, if any. */
__forceinline__ ferrocm_workitem_t *take() {
  ferrocm_workitem_t *w = offer;
  offer = nullptr;
  return w;
}

/* A type written where one name is expected (hipcc's inlined helpers: `type_t<unsigned int>(x)`
 * is a cast where `unsigned int(x)` is not). */
template <class T> using type_t = T;

/* Whether variables of these types can live in arrays between phases. */
template <class... Ts> constexpr bool ok() {
  return (true && ... && (std::is_trivially_copyable_v<std::remove_cv_t<Ts>> && !std::is_array_v<Ts>));
}

/* A variable's value into its slot and back. They compile for any type (a split kernel is
 * compiled whatever its variables are) but only trivially copyable ones ever get here: for
 * the others ok<>() is false and the split version never runs. Typed accesses (not memcpy),
 * so that the compiler knows they do not touch the built-ins' state. */
template <class U>
constexpr bool storable = std::is_trivially_copyable_v<U> && std::is_copy_constructible_v<U>;
template <class T, class U> __forceinline__ void put(T *slot, const U &v) {
  if constexpr (storable<U> && std::is_same_v<T, std::remove_cv_t<U>>)
    ::new (static_cast<void *>(slot)) T(v);
  else
    std::abort();
}
template <class T> __forceinline__ T get(const std::remove_cv_t<T> *slot) {
  if constexpr (storable<std::remove_cv_t<T>>)
    return *slot;
  else
    std::abort();
}

/* Per-thread memory for the arrays of a group: blocks kept from group to group. */
struct arena_t {
  enum { max_blocks = 40 };
  unsigned char *block[max_blocks] = {};
  size_t cap[max_blocks] = {};
  unsigned count = 0, cur = 0;
  size_t used = 0;
  void reset() {
    cur = 0;
    used = 0;
  }
  /* `bytes` at `align` (a power of two up to 4096); null when out of memory. */
  void *get(size_t bytes, size_t align) {
    for (;;) {
      if (cur < count) {
        uintptr_t base = reinterpret_cast<uintptr_t>(block[cur]);
        uintptr_t p = (base + used + align - 1) & ~(uintptr_t)(align - 1);
        if (p + bytes <= base + cap[cur]) {
          used = p + bytes - base;
          return reinterpret_cast<void *>(p);
        }
        ++cur;
        used = 0;
        continue;
      }
      if (count == max_blocks) return nullptr;
      size_t want = bytes + align;
      size_t c = count == 0 ? size_t(64) << 10 : cap[count - 1] * 2;
      while (c < want) c *= 2;
      void *m = std::malloc(c);
      if (m == nullptr) return nullptr;
      block[count] = static_cast<unsigned char *>(m);
      cap[count] = c;
      ++count;
    }
  }
  ~arena_t() {
    for (unsigned i = 0; i < count; ++i) std::free(block[i]);
  }
};
__FERROCM_HIDDEN inline arena_t &arena() {
  static thread_local arena_t a;
  return a;
}

namespace {
/* One group run phase by phase (lives in the split kernel's frame). */
class group {
public:
  explicit group(ferrocm_workitem_t *wi) : wi_(wi), prev_(__hip_ids_owner) {
    sx_ = wi->local_size[0];
    sy_ = wi->local_size[1];
    sz_ = wi->local_size[2];
    n_ = sx_ * sy_ * sz_;
    arena_ = &arena();
    arena_->reset();
    exited_ = static_cast<unsigned char *>(arena_->get(n_, 1));
    ok_ = exited_ != nullptr;
  }
  group(const group &) = delete;
  group &operator=(const group &) = delete;
  /* A group that did not start its phases leaves the offer: the kernel runs as work-item 0. */
  ~group() {
    if (!finished_) wi_->reserved0 = offer_value;
  }

  /* Room for one value of T per work-item (the variable `v` of the split kernel). */
  template <class T> T *array() {
    void *p = arena_->get(sizeof(T) * n_, alignof(T) > 16 ? alignof(T) : 16);
    if (p == nullptr) ok_ = false;
    return static_cast<T *>(p);
  }
  /* Whether every array was obtained; then the phases may run. */
  bool ready() {
    if (!ok_) return false;
    wi_->reserved0 = running_value;
    tu_enter(wi_);
    return true;
  }

  /* Runs f(fall, flat_id) for every work-item that has not returned, x fastest; a work-item
   * whose phase returned (fall left false) takes part in no later phase. */
  template <class F> __forceinline__ void run(const F &f) {
    if (any_exit_)
      each<true>(f);
    else
      each<false>(f);
  }

  /* A group of one row whose work-items all still run: a stride loop may run step by step. */
  bool plain_1d() const { return !any_exit_ && sy_ == 1 && sz_ == 1; }
  uint32_t size() const { return n_; }
  /* The ids of work-item `id` of such a group (begin_1d first). */
  __forceinline__ void begin_1d() {
    tu_ty = 0;
    tu_tz = 0;
  }
  __forceinline__ void at_1d(uint32_t id) {
    tu_tx = id;
    tu_flat = id;
  }

  /* Zeroes per-work-item flags (a loop's "still in it"). */
  void clear(unsigned char *flags) { std::memset(flags, 0, n_); }

  /* Room for one 64-bit word per wavefront of the group (an exchange's lanes, see below). */
  uint64_t *waves() {
    void *p = arena_->get(sizeof(uint64_t) * wave_count(), 16);
    if (p == nullptr) ok_ = false;
    return static_cast<uint64_t *>(p);
  }
  void clear_waves(uint64_t *words) { std::memset(words, 0, sizeof(uint64_t) * wave_count()); }

  /* A grid's sync between two phases (hipcc's split of cooperative kernels): every work-item
   * of the group finished the phase before, so the group waits at the engine's grid barrier
   * (FERROCM_COOP_GRID_SYNC from a group run whole: crates/cpu-engine device_ops.rs). A group
   * whose work-items have all returned no longer takes part, as on fibers (it leaves the
   * barrier when it finishes). In a kernel not launched cooperatively the engine fails the
   * launch here, before any work-item passes. */
  void grid_sync() {
    if (any_exit_ && exits_ == n_) return;
    if (wi_->ops->cooperative == nullptr) return; /* an old engine: no grid (as detail::coop) */
    (void)wi_->ops->cooperative(wi_, FERROCM_COOP_GRID_SYNC);
  }

  /* After the last phase: the group is done (the entry's loop stops after work-item 0). */
  void finish() {
    finished_ = true;
    wi_->reserved0 = done_value;
    wi_->range_end = 1;
    restore_ids(wi_, prev_);
  }

private:
  uint32_t wave_count() const { return (n_ + 63u) / 64u; }
  template <bool Checked, class F> __forceinline__ void each(const F &f) {
    uint32_t id = 0;
    for (uint32_t z = 0; z < sz_; ++z) {
      tu_tz = z;
      for (uint32_t y = 0; y < sy_; ++y) {
        tu_ty = y;
        for (uint32_t x = 0; x < sx_; ++x, ++id) {
          if (Checked && exited_[id]) continue;
          tu_tx = x;
          tu_flat = id;
          bool fall = false;
          f(fall, id);
          if (!fall) exit(id);
        }
      }
    }
  }
  __attribute__((noinline)) void exit(uint32_t id) {
    if (!any_exit_) {
      std::memset(exited_, 0, n_);
      any_exit_ = true;
    }
    exited_[id] = 1;
    ++exits_;
  }

  ferrocm_workitem_t *wi_;
  const ids_owner *prev_;
  arena_t *arena_;
  unsigned char *exited_;
  uint32_t sx_, sy_, sz_, n_, exits_ = 0;
  bool ok_, any_exit_ = false, finished_ = false;
};

template <class T> __forceinline__ std::remove_cv_t<T> *array(group &g) { return g.template array<std::remove_cv_t<T>>(); }

/* A stride loop `for (T i = start; i < bound; i += step) body` (hipcc's StrideLoop) run step
 * by step for the whole group: step k runs the body for every work-item whose i is still below
 * the bound, in flat-id order, before step k + 1. That is the order of the work-item by
 * work-item run when every work-item's start is the first one's plus its flat id, the bound
 * and step are the same for all, nothing overflows and the step is at least the group size:
 * probe() records each work-item's values, ok() checks the rest. Integers only. */
template <class U> __forceinline__ bool nonnegative(const U &v) {
  if constexpr (std::is_signed_v<U>)
    return v >= 0;
  else
    return true;
}
/* Whether v is a non-negative value that T holds unchanged. */
template <class T, class U> __forceinline__ bool fits(const U &v) {
  if constexpr (!std::is_integral_v<T> || !std::is_integral_v<U>) {
    return false;
  } else {
    if (!nonnegative(v)) return false;
    const T t = static_cast<T>(v);
    return nonnegative(t) && static_cast<unsigned long long>(t) == static_cast<unsigned long long>(v);
  }
}
template <class T> struct stride {
  T start{}, bound{}, step{};
  bool same = true;
  template <class B, class N, class S> __forceinline__ void probe(uint32_t i, const B &b, const N &n, const S &s) {
    if constexpr (std::is_integral_v<T>) {
      const T first = static_cast<T>(b); /* as `T i = start;` converts it */
      if (!same || !fits<T>(n) || !fits<T>(s) || !nonnegative(first)) {
        same = false;
        return;
      }
      if (i == 0) {
        start = first;
        bound = static_cast<T>(n);
        step = static_cast<T>(s);
      } else if (static_cast<unsigned long long>(first) != static_cast<unsigned long long>(start) + i ||
                 bound != static_cast<T>(n) || step != static_cast<T>(s)) {
        same = false;
      }
    } else {
      same = false;
    }
  }
  bool ok(uint32_t size) const {
    if constexpr (std::is_integral_v<T>) {
      using L = std::numeric_limits<T>;
      const unsigned long long max = static_cast<unsigned long long>(L::max());
      const unsigned long long st = static_cast<unsigned long long>(start), b = static_cast<unsigned long long>(bound),
                               s = static_cast<unsigned long long>(step);
      return same && size > 0 && s >= size && b <= max - s && st <= max - size;
    } else {
      return false;
    }
  }
  /* How many work-items are still in the loop at step value k (< bound): a prefix of the row. */
  __forceinline__ uint32_t count(T k, uint32_t size) const {
    const unsigned long long left = static_cast<unsigned long long>(bound) - static_cast<unsigned long long>(k);
    return left < size ? static_cast<uint32_t>(left) : size;
  }
};
} // namespace

/* Wavefront operations between two phases (an exchange). hipcc splits a kernel also at a
 * statement that calls __shfl*, __ballot, __any, __all or __activemask (and their _sync
 * forms): the phase before it ends with every work-item storing the value it contributes
 * (xput, xvote; xjoin when there is none) and setting its bit in its wavefront's word of
 * lanes that took part; the statement then runs in the next phase with the call replaced by a
 * read of those values. Lane = flat work-item id % 64 and the results are those of the
 * fiber versions in hip_runtime.h: a lane that did not take part (returned, or left the loop)
 * is inactive, and a shuffle from an inactive or out-of-range lane returns the caller's own
 * value. `val` holds a value per work-item, `act` and `bits` a word per wavefront. */
static_assert(warpSize == 64, "the exchanges assume 64-lane wavefronts");
__forceinline__ uint64_t lane_bit(unsigned i) { return uint64_t(1) << (i & 63u); }

template <class S> __forceinline__ void xput(uint64_t *val, uint64_t *act, unsigned i, S v) {
  val[i] = ::hip_impl::to_bits(v);
  act[i >> 6] |= lane_bit(i);
}
__forceinline__ void xvote(uint64_t *bits, uint64_t *act, unsigned i, int predicate) {
  if (predicate != 0) bits[i >> 6] |= lane_bit(i);
  act[i >> 6] |= lane_bit(i);
}
__forceinline__ void xjoin(uint64_t *act, unsigned i) { act[i >> 6] |= lane_bit(i); }

/* Lane `src` of the caller's wavefront (modulo 64), or the caller's own value. */
template <class S> __forceinline__ S xread(const uint64_t *val, const uint64_t *act, unsigned i, int src) {
  unsigned s = (unsigned)src & 63u;
  unsigned from = ((act[i >> 6] >> s) & 1u) ? (i & ~63u) + s : i;
  return ::hip_impl::from_bits<S>(val[from]);
}
/* Source lanes as in hip_impl::shfl & co. (AMD's amd_warp_functions.h). */
template <class S, class R = S>
__forceinline__ R shfl(const uint64_t *val, const uint64_t *act, unsigned i, int src_lane, int width = warpSize) {
  int self = (int)(i & 63u);
  return xread<S>(val, act, i, (src_lane & (width - 1)) + (self & ~(width - 1)));
}
template <class S, class R = S>
__forceinline__ R shfl_up(const uint64_t *val, const uint64_t *act, unsigned i, unsigned delta, int width = warpSize) {
  int self = (int)(i & 63u);
  int index = self - (int)delta;
  return xread<S>(val, act, i, index < (self & ~(width - 1)) ? self : index);
}
template <class S, class R = S>
__forceinline__ R shfl_down(const uint64_t *val, const uint64_t *act, unsigned i, unsigned delta, int width = warpSize) {
  int self = (int)(i & 63u);
  int index = self + (int)delta;
  return xread<S>(val, act, i, (int)((self & (width - 1)) + delta) >= width ? self : index);
}
template <class S, class R = S>
__forceinline__ R shfl_xor(const uint64_t *val, const uint64_t *act, unsigned i, int mask, int width = warpSize) {
  int self = (int)(i & 63u);
  int index = self ^ mask;
  return xread<S>(val, act, i, index >= ((self + width) & ~(width - 1)) ? self : index);
}
/* The mask of a _sync shuffle (hipcc writes `(sync_mask(m), shfl...(...))`): checked like the
 * fiber versions' (hip_runtime.h), otherwise unused. */
template <class M> __forceinline__ void sync_mask(M) { ::hip_impl::check_mask<M>(); }

__forceinline__ unsigned long long ballot(const uint64_t *bits, const uint64_t *, unsigned i) { return bits[i >> 6]; }
__forceinline__ int any(const uint64_t *bits, const uint64_t *, unsigned i) { return bits[i >> 6] != 0; }
__forceinline__ int all(const uint64_t *bits, const uint64_t *act, unsigned i) { return bits[i >> 6] == act[i >> 6]; }
__forceinline__ unsigned long long activemask(const uint64_t *act, unsigned i) { return act[i >> 6]; }
template <class M> __forceinline__ unsigned long long ballot_sync(const uint64_t *bits, const uint64_t *, unsigned i, M mask) {
  ::hip_impl::check_mask<M>();
  return bits[i >> 6] & (uint64_t)mask;
}
template <class M> __forceinline__ int any_sync(const uint64_t *bits, const uint64_t *, unsigned i, M mask) {
  ::hip_impl::check_mask<M>();
  return (bits[i >> 6] & (uint64_t)mask) != 0;
}
template <class M> __forceinline__ int all_sync(const uint64_t *bits, const uint64_t *act, unsigned i, M mask) {
  ::hip_impl::check_mask<M>();
  return (bits[i >> 6] & (uint64_t)mask) == (act[i >> 6] & (uint64_t)mask);
}

} // namespace fission
} // namespace hip_impl

#endif /* HIP_CPU_FISSION_H */
