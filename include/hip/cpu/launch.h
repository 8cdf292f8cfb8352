/*
 * ferrocm CPU platform: kernel descriptors, launches and registration
 * (docs/HIP_CPU.md sections 1, 2, 4 and 5). Included by hip/cpu/hip_runtime.h.
 */
#ifndef HIP_CPU_LAUNCH_H
#define HIP_CPU_LAUNCH_H

namespace hip_impl {

template <class... Ts> struct type_list {};

constexpr uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1u) & ~(a - 1u); }

template <class P> constexpr bool check_param() {
  static_assert(!std::is_reference_v<P>, "a kernel parameter cannot be a reference (HIP passes arguments by value)");
  static_assert(std::is_trivially_copyable_v<P>,
                "kernel parameters must be trivially copyable: HIP copies them to the device byte for byte");
  return true;
}

/* The kernarg layout is the C struct layout of the parameters, in order. */
template <size_t N> struct layout_t {
  uint32_t offsets[N ? N : 1];
  uint32_t sizes[N ? N : 1];
  uint32_t explicit_size;
  uint32_t max_align;
};
template <class... Ps> constexpr layout_t<sizeof...(Ps)> compute_layout() {
  layout_t<sizeof...(Ps)> r{};
  constexpr size_t n = sizeof...(Ps);
  const uint32_t sizes[] = {uint32_t(sizeof(Ps))..., 0u};
  const uint32_t aligns[] = {uint32_t(alignof(Ps))..., 1u};
  uint32_t end = 0, max_align = 1;
  for (size_t i = 0; i < n; ++i) {
    uint32_t off = align_up(end, aligns[i]);
    r.offsets[i] = off;
    r.sizes[i] = sizes[i];
    end = off + sizes[i];
    if (aligns[i] > max_align) max_align = aligns[i];
  }
  r.explicit_size = n ? align_up(end, max_align) : 0u;
  r.max_align = max_align;
  return r;
}

template <class... Ps> struct __FERROCM_HIDDEN kernel_params {
  static constexpr bool ok = (true && ... && check_param<Ps>());
  static constexpr layout_t<sizeof...(Ps)> layout = compute_layout<Ps...>();
  static constexpr ferrocm_kernel_params_t table = {uint32_t(sizeof...(Ps)), layout.explicit_size, layout.offsets,
                                                    layout.sizes};
};

/* The arguments, copied out of the kernarg block once per work-item range. */
template <size_t I, class P> struct arg_leaf {
  P value;
};
template <class Seq, class... Ps> struct arg_pack;
template <size_t... I, class... Ps> struct arg_pack<std::index_sequence<I...>, Ps...> : arg_leaf<I, Ps>... {
  explicit arg_pack([[maybe_unused]] const unsigned char *ka)
      : arg_leaf<I, Ps>{*reinterpret_cast<const Ps *>(ka + kernel_params<Ps...>::layout.offsets[I])}... {}
  template <class F> __forceinline__ void call(const F &f) const {
    f(static_cast<const arg_leaf<I, Ps> &>(*this).value...);
  }
};
template <class... Ps> using args_of = arg_pack<std::index_sequence_for<Ps...>, Ps...>;

/* Runs the work-items begin..range_end-1 of the group (include/ferrocm/cpu_kernel.h,
 * ferrocm_workgroup_fn): x fastest, one row of x at a time. The ids go to this unit's
 * thread-local copies (hip_runtime.h, "the current work-item"), which no pointer reaches: for a
 * body without calls the compiler keeps them in registers, sinks the stores out of the loop
 * and may vectorise the row. The engine's work-item gets the ids only when the body calls the
 * engine (publish_ids), which is the only time the engine reads them. range_end changes only
 * inside such a call (a barrier reached late), so it is read as plain memory: after such a
 * call the compiler reloads it and the loop stops. */
__forceinline__ uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* How a kernel declares its global x index, `T i = blockIdx.x * blockDim.x + threadIdx.x;`
 * (row_index_kind<F>, written by hipcc for the kernels it sees declare one; run_row). */
enum row_index : int {
  row_index_int = 0,      /* int, and the default */
  row_index_unsigned = 1, /* unsigned int */
  row_index_size = 2,     /* size_t (the 32-bit sum, widened) */
};
template <auto F> inline constexpr int row_index_kind = row_index_int;

namespace {
/* One row of the group: x from x0 while x < sx and the flat id row + x is below range_end.
 *
 * When the group's global x ids all fit in an `int` (every grid below 2^31 work-items wide),
 * the loop counts the kernel's own global index, blockIdx.x * blockDim.x + threadIdx.x, as an
 * `int`, and threadIdx.x is derived from it. The compiler then sees that the usual
 * `int i = blockIdx.x * blockDim.x + threadIdx.x;` IS the loop counter (base + (gx - base)
 * folds to gx), so the guard `if (i < n)` compares the counter with an invariant: GCC splits
 * the loop there and vectorises the part below n, where with an `unsigned` counter the index
 * is a converted sum that may wrap and the body stays scalar (docs/PERFORMANCE.md, saxpy).
 * The ids are the same either way; only the compiler's view changes. Wider groups take the
 * plain loop (int_x false; base and int_x come from run_items, once per group), marked unlikely
 * so that the compiler's inlining of the kernel into the hot loop stays as it was with one loop
 * (a mid-size kernel was left out of line in both otherwise).
 *
 * GCC splits only at a comparison with a counter of the index's own type, so a kernel whose
 * index is `unsigned` (or a `size_t` holding the 32-bit sum) needs a counter of that type:
 * Kind (row_index_kind of the kernel, which hipcc sets) picks it. Such a counter is known not
 * to wrap only when its bounds are known to be small, hence the clamps to INT32_MAX, which
 * change nothing here (int_x: every id of the group is at most INT32_MAX). */
template <int Kind, class Body>
__forceinline__ void run_row(ferrocm_workitem_t *wi, uint32_t x0, uint32_t row, uint32_t base, bool int_x,
                             const Body &body) {
  const uint32_t sx = wi->local_size[0];
  if (__builtin_expect(int_x, 1)) {
    /* Bounds computed and clamped in the counter's own type (for a 64-bit counter, clamping
     * 32-bit bounds and widening them was not enough for GCC). The end is read again after
     * every work-item: range_end drops when the body hands the group to the engine (a
     * barrier on fibers) or ran it whole (a split kernel, fission.h). */
    using bound = std::conditional_t<Kind == row_index_unsigned, uint32_t,
                                     std::conditional_t<Kind == row_index_size, uint64_t, int64_t>>;
    using counter = std::conditional_t<Kind == row_index_int, int32_t, bound>;
    const bound limit = bound(INT32_MAX);
    const auto clamp = [limit](bound v) { return counter(v < limit ? v : limit); };
    for (counter gx = clamp(bound(base) + x0); gx < clamp(bound(base) + min_u32(sx, wi->range_end - row)); ++gx) {
      tu_tx = uint32_t(gx) - base;
      tu_flat = row + tu_tx;
      body();
    }
  } else {
    for (uint32_t x = x0; x < min_u32(sx, wi->range_end - row); ++x) {
      tu_tx = x;
      tu_flat = row + x;
      body();
    }
  }
}

/* The loop itself, from the work-item with ids (x0, y0, z0), flat id f0, while flat ids are
 * below range_end; this unit owns the ids (tu_enter). */
template <int Kind, class Body>
__forceinline__ void run_items(ferrocm_workitem_t *wi, uint32_t x0, uint32_t y, uint32_t z, uint32_t f0,
                               const Body &body) {
  const uint32_t sx = wi->local_size[0], sy = wi->local_size[1];
  /* The group's first global x id (blockIdx.x * blockDim.x), and whether its ids fit in an int
   * (run_row), decided once per group. */
  const uint32_t base = wi->group_id[0] * wi->workgroup_size[0];
  const bool int_x = uint64_t(wi->group_id[0]) * wi->workgroup_size[0] + sx <= uint64_t(INT32_MAX);
  for (uint32_t row = f0 - x0; row + x0 < wi->range_end; row += sx, x0 = 0) {
    tu_ty = y;
    tu_tz = z;
    run_row<Kind>(wi, x0, row, base, int_x, body);
    if (++y == sy) {
      y = 0;
      ++z;
    }
  }
}

/* The engine's workgroup_fn: work-items begin..range_end-1. */
template <int Kind, class Body>
__forceinline__ void workgroup_loop(ferrocm_workitem_t *wi, uint32_t begin, const Body &body) {
  const uint32_t sx = wi->local_size[0], sy = wi->local_size[1];
  const uint32_t rest = begin / sx;
  tu_enter(wi);
  run_items<Kind>(wi, begin % sx, rest % sy, rest / sy, begin, body);
  tu_leave();
}

/* The engine's workitem_fn: the work-item *wi (its ids are in *wi).
 *
 * The first work-item of a group comes with the engine's offer of the whole group, and of the
 * groups after it in the engine's range (reserved0 and reserved[], crates/cpu-engine/src/abi.rs).
 * A kernel split at its barriers (fission.h) takes it in its first call and runs the group
 * phase by phase. Otherwise work-item 0 runs, and if it reaches no barrier the rest of the
 * group runs in the same loop, as the engine would run them through workgroup_fn, without
 * going back to the engine: range_end is set to the group size first, and the engine lowers it
 * (to the id after the one that reached it) when a barrier needs fibers, which stops the loop
 * and leaves the rest to the engine. A group that ran to its end is followed by the next one
 * offered, here too. One loop, one call of the body: the compiler inlines it once. (The offer
 * stays up for the later work-items of a group: a split kernel takes it in its first call or
 * never.) */
template <int Kind, class Body> __forceinline__ void workitem_call(ferrocm_workitem_t *wi, const Body &body) {
  tu_enter(wi);
  const bool offered = wi->reserved0 == fission::offer_value;
  /* Without the offer, exactly this work-item runs (range_end means nothing to a workitem_fn
   * caller; it is put back afterwards). */
  const uint32_t range_end = wi->range_end;
  const uint64_t groups = offered && wi->reserved[0] > 1 ? wi->reserved[0] : 1;
  /* Group coordinates and sizes, kept here to step from group to group. */
  uint32_t g[3] = {wi->group_id[0], wi->group_id[1], wi->group_id[2]};
  const uint32_t ng[3] = {wi->num_groups[0], wi->num_groups[1], wi->num_groups[2]};
  const uint32_t ws[3] = {wi->workgroup_size[0], wi->workgroup_size[1], wi->workgroup_size[2]};
  for (uint64_t j = 1;; ++j) {
    const uint32_t n = wi->local_size[0] * wi->local_size[1] * wi->local_size[2];
    wi->range_end = offered ? n : wi->flat_local_id + 1;
    fission::offer = offered ? wi : nullptr;
    run_items<Kind>(wi, wi->local_id[0], wi->local_id[1], wi->local_id[2], wi->flat_local_id, body);
    if (!offered) {
      wi->range_end = range_end;
      break;
    }
    const bool complete = wi->reserved0 == fission::done_value ||
                          (wi->reserved0 == fission::offer_value && wi->range_end == n);
    if (!complete) break; /* the engine has the group (fibers) */
    if (j == groups) {
      wi->reserved0 = fission::done_value;
      break;
    }
    /* The next group of the range (x fastest), as the engine would start it: a trailing
     * group in a dimension may be smaller. */
    wi->local_size[0] = ws[0];
    if (++g[0] + 1 >= ng[0]) {
      if (g[0] == ng[0]) {
        g[0] = 0;
        wi->local_size[1] = ws[1];
        wi->local_size[2] = ws[2];
        if (++g[1] == ng[1]) {
          g[1] = 0;
          ++g[2];
        }
        for (int d = 1; d < 3; ++d)
          if (g[d] + 1 == ng[d]) wi->local_size[d] = wi->grid_size[d] - g[d] * ws[d];
        wi->group_id[1] = g[1];
        wi->group_id[2] = g[2];
      }
      if (g[0] + 1 == ng[0]) wi->local_size[0] = wi->grid_size[0] - g[0] * ws[0];
    }
    wi->group_id[0] = g[0];
    wi->local_id[0] = wi->local_id[1] = wi->local_id[2] = 0;
    wi->flat_local_id = 0;
    wi->reserved0 = fission::offer_value;
    wi->reserved[1] = j;
  }
  fission::offer = nullptr;
  tu_leave();
}
} // namespace

/* A kernel launched through a lambda (hipLaunchKernelGGL, <<<>>>): the closure calls the
 * kernel directly, so the loop inlines it; it rides in the hidden kernarg area. */
template <class L, class... Ps> struct __FERROCM_HIDDEN lambda_kernel {
  using params = kernel_params<Ps...>;
  static_assert(std::is_trivially_copyable_v<L>, "the launch lambda must be trivially copyable");
  static constexpr uint32_t hidden_offset = align_up(params::layout.explicit_size, 16u);
  static constexpr uint32_t kernarg_size = hidden_offset + uint32_t(sizeof(L));
  static constexpr uint32_t kernarg_align =
      params::layout.max_align > 16u ? (params::layout.max_align > alignof(L) ? params::layout.max_align : alignof(L))
                                     : (alignof(L) > 16u ? alignof(L) : 16u);

  static void workitem(ferrocm_workitem_t *wi) {
    const unsigned char *ka = static_cast<const unsigned char *>(wi->kernarg);
    const args_of<Ps...> args(ka);
    const L &l = *reinterpret_cast<const L *>(ka + hidden_offset);
    workitem_call<row_index_int>(wi, [&] { args.call(l); });
  }
  static void workgroup(ferrocm_workitem_t *wi, uint32_t begin, uint32_t) {
    const unsigned char *ka = static_cast<const unsigned char *>(wi->kernarg);
    const args_of<Ps...> args(ka);
    const L l = *reinterpret_cast<const L *>(ka + hidden_offset);
    workgroup_loop<row_index_int>(wi, begin, [&] { args.call(l); });
  }
  static constexpr ferrocm_kernel_descriptor_t desc = {
      FERROCM_KERNEL_DESCRIPTOR_MAGIC, FERROCM_CPU_ABI_VERSION, kernarg_size, kernarg_align, 0u, 0u, 0u, 0u,
      &workitem, &workgroup, &params::table, nullptr, nullptr};
};

/* Source-level attributes of a kernel known by its address (ferrocm_kernel_attributes_t),
 * which the descriptor points to: hipcc inserts the notes below into kernel bodies, and
 * their static initialisers fill the block in when the program or code object loads. */
template <auto F> struct __FERROCM_HIDDEN kernel_info {
  static inline ferrocm_kernel_attributes_t attributes = {0u, 0u, 0u, 0u};
};
/* __launch_bounds__(MaxThreads[, MinBlocks]) of kernel F. */
template <auto F, unsigned MaxThreads, unsigned MinBlocks = 0u> struct __FERROCM_HIDDEN launch_bounds_note {
  static inline const int noted = (kernel_info<F>::attributes.max_threads_per_block = MaxThreads,
                                   kernel_info<F>::attributes.min_blocks_per_multiprocessor = MinBlocks, 0);
};
/* One `__shared__` variable of Bytes bytes in kernel F's body (Id tells two apart). */
template <auto F, int Id, size_t Bytes> struct __FERROCM_HIDDEN static_shared_note {
  static inline const int noted = (kernel_info<F>::attributes.static_shared_size += uint32_t(Bytes), 0);
};

/* A kernel known by its address (registration, code objects, hipLaunchKernel). */
template <auto F, class... Ps> struct __FERROCM_HIDDEN fn_kernel_body {
  using params = kernel_params<Ps...>;
  static void workitem(ferrocm_workitem_t *wi) {
    const args_of<Ps...> args(static_cast<const unsigned char *>(wi->kernarg));
    workitem_call<row_index_kind<F>>(wi, [&] { args.call(F); });
  }
  static void workgroup(ferrocm_workitem_t *wi, uint32_t begin, uint32_t) {
    const args_of<Ps...> args(static_cast<const unsigned char *>(wi->kernarg));
    workgroup_loop<row_index_kind<F>>(wi, begin, [&] { args.call(F); });
  }
  static inline const ferrocm_kernel_descriptor_t desc = {FERROCM_KERNEL_DESCRIPTOR_MAGIC,
                                                          FERROCM_CPU_ABI_VERSION,
                                                          params::layout.explicit_size,
                                                          params::layout.max_align > 16u ? params::layout.max_align
                                                                                         : 16u,
                                                          0u,
                                                          0u,
                                                          FERROCM_KERNEL_FLAG_ATTRIBUTES,
                                                          0u,
                                                          &workitem,
                                                          &workgroup,
                                                          &params::table,
                                                          reinterpret_cast<const void *>(F),
                                                          &kernel_info<F>::attributes};
};
template <class FT, FT F> struct __FERROCM_HIDDEN fn_kernel_impl {
  static_assert(sizeof(FT) == 0, "a registered kernel must be a function returning void");
};
template <class... Ps, void (*F)(Ps...)> struct __FERROCM_HIDDEN fn_kernel_impl<void (*)(Ps...), F> : fn_kernel_body<F, Ps...> {};
template <class... Ps, void (*F)(Ps...) noexcept>
struct __FERROCM_HIDDEN fn_kernel_impl<void (*)(Ps...) noexcept, F> : fn_kernel_body<F, Ps...> {};
template <auto F> using fn_kernel = fn_kernel_impl<decltype(F), F>;

/* The kernel among functions of the same name: `kernel_ptr(&::fadd)` picks the `void`
 * function when the C library also declares `float fadd(double, double)` (deduction tries each
 * member of the overload set and keeps the one that matches). */
template <class... Ps> constexpr auto kernel_ptr(void (*f)(Ps...)) { return f; }
template <class... Ps> constexpr auto kernel_ptr(void (*f)(Ps...) noexcept) { return f; }

/* The kernels this module registered, by address (a list built by static initialisers, read
 * with acquire loads). A launch through a lambda (<<<>>>, hipLaunchKernelGGL) of a registered
 * kernel uses the descriptor made where the kernel is defined instead of the lambda's own:
 * there the kernel body is inlined into its work-group loop, whereas a launching unit that
 * only declares the kernel would call it, and its built-ins, once per work-item. */
struct fn_entry {
  const void *fn;
  const ferrocm_kernel_descriptor_t *kd;
  fn_entry *next;
  int pushed;
  /* The registered descriptor itself, with the kernel's attributes (__launch_bounds__, static
   * shared memory), which the runtime checks. */
  const ferrocm_kernel_descriptor_t *checked_kd;
  /* row_index_kind of the kernel: when not int, launches go through kd, whose loop counts in
   * the kernel's index type (a launch lambda's loop counts in int). */
  int row_kind;
  /* The name it was registered with: launches pass it, so that the runtime (and rocprofv3's
   * kernel trace) names the kernel whichever descriptor runs it. */
  const char *name;
};
__FERROCM_HIDDEN inline fn_entry *fn_entries = nullptr;

/* F's descriptor as a launch lambda's would be: no attributes (a lambda launch does not check
 * __launch_bounds__ or count static shared memory), the same entry points as fn_kernel<F>. */
template <auto F> struct __FERROCM_HIDDEN fn_plain {
  using K = fn_kernel<F>;
  static constexpr ferrocm_kernel_descriptor_t desc = {FERROCM_KERNEL_DESCRIPTOR_MAGIC,
                                                       FERROCM_CPU_ABI_VERSION,
                                                       K::params::layout.explicit_size,
                                                       K::params::layout.max_align > 16u ? K::params::layout.max_align
                                                                                         : 16u,
                                                       0u,
                                                       0u,
                                                       0u,
                                                       0u,
                                                       &K::workitem,
                                                       &K::workgroup,
                                                       &K::params::table,
                                                       nullptr,
                                                       nullptr};
  static inline fn_entry entry = {reinterpret_cast<const void *>(F), &desc, nullptr, 0, &fn_kernel<F>::desc,
                                  row_index_kind<F>, nullptr};
};

template <auto F> inline int register_kernel(const char *name) {
  __ferrocmRegisterFunction(reinterpret_cast<const void *>(F), &fn_kernel<F>::desc, name);
  fn_entry *e = &fn_plain<F>::entry;
  e->name = name;
  if (__atomic_exchange_n(&e->pushed, 1, __ATOMIC_ACQ_REL) == 0) {
    fn_entry *head = __atomic_load_n(&fn_entries, __ATOMIC_ACQUIRE);
    do {
      e->next = head;
    } while (!__atomic_compare_exchange_n(&fn_entries, &head, e, true, __ATOMIC_RELEASE, __ATOMIC_ACQUIRE));
  }
  return 0;
}

/* The registered descriptor of the kernel at `fn`; null if the kernel is not registered in
 * this module. The last answer is kept per launch site (L, the site's launch lambda type),
 * for the kernel it was for (a site may launch a kernel held in a variable). */
template <class L> struct __FERROCM_HIDDEN launch_site {
  static inline fn_entry *hit = nullptr;
  static inline const void *miss = nullptr;
};
template <class L> inline const fn_entry *registered_kernel(const void *fn) {
  fn_entry *h = __atomic_load_n(&launch_site<L>::hit, __ATOMIC_ACQUIRE);
  if (h != nullptr && h->fn == fn) return h;
  if (__atomic_load_n(&launch_site<L>::miss, __ATOMIC_RELAXED) == fn) return nullptr;
  for (fn_entry *e = __atomic_load_n(&fn_entries, __ATOMIC_ACQUIRE); e != nullptr; e = e->next)
    if (e->fn == fn) {
      __atomic_store_n(&launch_site<L>::hit, e, __ATOMIC_RELEASE);
      return e;
    }
  __atomic_store_n(&launch_site<L>::miss, fn, __ATOMIC_RELAXED);
  return nullptr;
}

/* Whether a block of `block` work-items is more than the kernel's __launch_bounds__ allow. A
 * lambda launch (and the plain descriptor) skips that check to keep the inlined loop; such a
 * launch goes through the checked descriptor instead, and the runtime refuses it with HIP's
 * error (hipErrorInvalidConfiguration, as hipLaunchKernel). */
inline bool exceeds_launch_bounds(const fn_entry *e, dim3 block) {
  const ferrocm_kernel_descriptor_t *kd = e->checked_kd;
  if (!(kd->flags & FERROCM_KERNEL_FLAG_ATTRIBUTES) || kd->attributes == nullptr) return false;
  const uint32_t bound = kd->attributes->max_threads_per_block;
  return bound != 0u && uint64_t(block.x) * block.y * block.z > bound;
}

/* "scale<double>" for F = &scale<double>, from the compiler's pretty function name. */
template <auto F> inline const char *kernel_display_name() {
  static const struct name_buffer {
    char text[256];
    name_buffer() : text() {
      const char *p = __PRETTY_FUNCTION__;
      const char *b = std::strstr(p, "F = ");
      b = b ? b + 4 : p;
      if (*b == '&') ++b;
      size_t n = std::strlen(b);
      while (n > 0 && (b[n - 1] == ']' || b[n - 1] == ';')) --n;
      if (n >= sizeof text) n = sizeof text - 1;
      std::memcpy(text, b, n);
    }
  } name;
  return name.text;
}

/* An instantiation of a template kernel registers itself: hipcc puts
 * `(void)::hip_impl::kernel_self<&k<T...>>::registered;` into every __global__ template's
 * body, so taking `&k<float>` (hipLaunchKernel, hipFuncGetAttributes) finds a kernel.
 * In a code object it lists the instance in the code object's kernel table, at load time: GCC
 * drops the section attribute of template members, so FERROCM_REGISTER_KERNEL's way (a pointer
 * in the ferrocm_kernels section) does not work for them. */
#if defined(__FERROCM_CODE_OBJECT__)
} // namespace hip_impl
/* The code object's list of self-listed kernels (include/ferrocm/cpu_kernel.h), defined by
 * its table unit (hipcc --genco's generated unit, FERROCM_CODE_OBJECT_KERNEL_TABLE). */
extern "C" __attribute__((visibility("hidden"))) ferrocm_kernel_node_t *__ferrocm_kernel_nodes;
namespace hip_impl {
template <auto F> struct __FERROCM_HIDDEN kernel_self {
  static inline ferrocm_kernel_node_t node = {&fn_kernel<F>::desc, nullptr};
  static inline const int registered = (node.next = __ferrocm_kernel_nodes, __ferrocm_kernel_nodes = &node, 0);
};
#else
template <auto F> struct __FERROCM_HIDDEN kernel_self {
  static inline const int registered = register_kernel<F>(kernel_display_name<F>());
};
#endif

/* ---- launches */

template <class... Ps, size_t... I, class... As>
__forceinline__ void store_args([[maybe_unused]] unsigned char *buf, std::index_sequence<I...>, As &&...as) {
  /* Each argument converts to its parameter type as in a call (copy-initialisation). */
  (([&](Ps p) { std::memcpy(buf + kernel_params<Ps...>::layout.offsets[I], &p, sizeof(Ps)); })(
       static_cast<As &&>(as)),
   ...);
}

template <class... Ps, class L, class... As>
inline hipError_t launch_typed(type_list<Ps...>, const L &l, const char *name, dim3 grid, dim3 block, size_t shm,
                               hipStream_t stream, As &&...as) {
  static_assert(sizeof...(As) == sizeof...(Ps), "wrong number of arguments for this kernel");
  static_assert(kernel_params<Ps...>::ok);
  using K = lambda_kernel<L, Ps...>;
  alignas(K::kernarg_align) unsigned char buf[K::kernarg_size];
  std::memset(buf, 0, sizeof buf);
  store_args<Ps...>(buf, std::index_sequence_for<Ps...>{}, static_cast<As &&>(as)...);
  std::memcpy(buf + K::hidden_offset, static_cast<const void *>(&l), sizeof(L));
  return __ferrocmLaunchKernel(&K::desc, name, grid, block, shm, __ferrocm_launch_stream(stream), buf);
}

/* A launch of the registered kernel `kd` with parameters Ps: the explicit arguments only. */
template <class... Ps, class... As>
inline hipError_t launch_registered(const ferrocm_kernel_descriptor_t *kd, const char *name, dim3 grid, dim3 block,
                                    size_t shm, hipStream_t stream, As &&...as) {
  static_assert(sizeof...(As) == sizeof...(Ps), "wrong number of arguments for this kernel");
  static_assert(kernel_params<Ps...>::ok);
  constexpr auto layout = kernel_params<Ps...>::layout;
  alignas(layout.max_align > 16u ? layout.max_align : 16u) unsigned char buf[layout.explicit_size ? layout.explicit_size
                                                                                                   : 1u];
  std::memset(buf, 0, sizeof buf);
  store_args<Ps...>(buf, std::index_sequence_for<Ps...>{}, static_cast<As &&>(as)...);
  return __ferrocmLaunchKernel(kd, name, grid, block, shm, __ferrocm_launch_stream(stream), buf);
}

/* Deduces a kernel's parameter types from its address. */
struct param_probe {
  template <class... Ps> type_list<Ps...> operator()(void (*)(Ps...)) const { return {}; }
};
/* A kernel's address, when the probed expression names one function. */
struct address_probe {
  template <class... Ps> const void *operator()(void (*f)(Ps...)) const { return reinterpret_cast<const void *>(f); }
};
/* Wraps `[](auto p) -> decltype(p(kernel))`: it is invocable when `kernel` names one
 * function; for a template needing deduction or an overload set it is not, and the
 * arguments' own types become the parameter types (the lambda still calls the right
 * kernel, with HIP's conversions, inside the work-group loop). */
template <class Probe> struct kernel_probe {
  Probe probe;
};
template <class Probe> kernel_probe<Probe> make_probe(Probe p) { return {p}; }

template <class Probe, class... As> constexpr auto params_for() {
  if constexpr (std::is_invocable_v<const Probe &, param_probe>)
    return std::invoke_result_t<const Probe &, param_probe>{};
  else
    return type_list<std::decay_t<As>...>{};
}

/* A launch of the kernel at `fn` through the site's lambda `l`. A kernel registered in this
 * module is launched through its checked descriptor when the block exceeds its
 * __launch_bounds__ (the runtime refuses it); otherwise a kernel the launching unit defines
 * (Extern = false) runs the lambda's loop, and one it only declares (Extern = true: hipcc
 * writes these calls for <<<>>> and hipLaunchKernelGGL of such kernels) runs the registered
 * descriptor, whose loop has the body inlined, or the lambda's if it is not registered. A
 * kernel whose index is not an int (row_index_kind) runs its registered descriptor either way:
 * only that loop counts in the index's type. */
template <bool Extern, class... Ps, class L, class... As>
inline hipError_t launch_at(type_list<Ps...>, const void *fn, const L &l, dim3 grid, dim3 block, size_t shm,
                            hipStream_t stream, As &&...as) {
  const fn_entry *e = registered_kernel<L>(fn);
  if (e) {
    if (exceeds_launch_bounds(e, block))
      return launch_registered<Ps...>(e->checked_kd, e->name, grid, block, shm, stream, static_cast<As &&>(as)...);
    if (Extern || e->row_kind != row_index_int)
      return launch_registered<Ps...>(e->kd, e->name, grid, block, shm, stream, static_cast<As &&>(as)...);
  }
  return launch_typed(type_list<Ps...>{}, l, e ? e->name : nullptr, grid, block, shm, stream,
                      static_cast<As &&>(as)...);
}
/* The same from a kernel expression: `address` is
 * `[&](auto p) -> decltype(p(kernel)) { return p(kernel); }` at the launch site, which gives the
 * kernel's address when `kernel` names one function; otherwise (a template whose arguments are
 * deduced at the call, an overload set) the lambda's descriptor, unchecked. */
template <bool Extern, class Probe, class Address, class L, class... As>
inline hipError_t launch_probed(const Address &address, const L &l, dim3 grid, dim3 block, size_t shm,
                                hipStream_t stream, As &&...as) {
  if constexpr (std::is_invocable_v<const Address &, address_probe>)
    return launch_at<Extern>(params_for<Probe, As...>(), address(address_probe{}), l, grid, block, shm, stream,
                             static_cast<As &&>(as)...);
  else
    return launch_typed(params_for<Probe, As...>(), l, nullptr, grid, block, shm, stream, static_cast<As &&>(as)...);
}

/* docs/HIP_CPU.md §4: launch_kernel(k, lambda, grid, block, shm, stream, args...). */
template <class... Ps, class L, class... As>
inline hipError_t launch_kernel(void (*k)(Ps...), const L &l, dim3 grid, dim3 block, size_t shm, hipStream_t stream,
                                As &&...as) {
  return launch_at<false>(type_list<Ps...>{}, reinterpret_cast<const void *>(k), l, grid, block, shm, stream,
                          static_cast<As &&>(as)...);
}
template <class Probe, class L, class... As>
inline hipError_t launch_kernel(kernel_probe<Probe>, const L &l, dim3 grid, dim3 block, size_t shm,
                                hipStream_t stream, As &&...as) {
  return launch_typed(params_for<Probe, As...>(), l, nullptr, grid, block, shm, stream, static_cast<As &&>(as)...);
}
/* What a launch expression (hipLaunchKernelGGL, <<<>>>) yields: its status, which converts
 * to hipError_t but, unlike a hipError_t ([[nodiscard]] from C++17, as in HIP), may be
 * ignored: HIP writes these launches as statements. */
struct launch_status {
  hipError_t value;
  operator hipError_t() const { return value; }
};

/* hipLaunchKernelGGL of a kernel the unit defines. */
template <class Probe, class Address, class L, class... As>
inline launch_status launch_kernel_ggl(kernel_probe<Probe>, const Address &address, const L &l, dim3 grid, dim3 block,
                                    size_t shm, hipStream_t stream, As &&...as) {
  return {launch_probed<false, Probe>(address, l, grid, block, shm, stream, static_cast<As &&>(as)...)};
}
/* The same for a kernel that the launching unit does not define. */
template <class... Ps, class L, class... As>
inline launch_status launch_kernel_extern(void (*k)(Ps...), const L &l, dim3 grid, dim3 block, size_t shm,
                                          hipStream_t stream, As &&...as) {
  return {launch_at<true>(type_list<Ps...>{}, reinterpret_cast<const void *>(k), l, grid, block, shm, stream,
                          static_cast<As &&>(as)...)};
}
template <class Probe, class Address, class L, class... As>
inline launch_status launch_kernel_extern(kernel_probe<Probe>, const Address &address, const L &l, dim3 grid,
                                          dim3 block, size_t shm, hipStream_t stream, As &&...as) {
  return {launch_probed<true, Probe>(address, l, grid, block, shm, stream, static_cast<As &&>(as)...)};
}

/* k<<<grid, block, shm, stream>>>(args...) as rewritten by hipcc (chevron_extern when the
 * unit does not define k). */
template <class K, class L, bool Extern = false> struct launcher {
  K kernel;
  L lambda;
  dim3 grid, block;
  size_t shm;
  hipStream_t stream;
  template <class... As> launch_status operator()(As &&...as) const {
    if constexpr (Extern && std::is_pointer_v<K>)
      return launch_kernel_extern(kernel, lambda, grid, block, shm, stream, static_cast<As &&>(as)...);
    else
      return {launch_kernel(kernel, lambda, grid, block, shm, stream, static_cast<As &&>(as)...)};
  }
};
template <class... Ps, class L>
inline launcher<void (*)(Ps...), L> chevron(void (*k)(Ps...), const L &l, dim3 grid, dim3 block, size_t shm = 0,
                                            hipStream_t stream = nullptr) {
  return {k, l, grid, block, shm, stream};
}
template <class Probe, class L>
inline launcher<kernel_probe<Probe>, L> chevron(kernel_probe<Probe> k, const L &l, dim3 grid, dim3 block,
                                                size_t shm = 0, hipStream_t stream = nullptr) {
  return {k, l, grid, block, shm, stream};
}
/* k<<<...>>>(args) of a kernel the unit defines, through hipLaunchKernelGGL's machinery:
 * the probe finds the parameter types from the arguments, so template kernels whose
 * template arguments are deduced at the call, and overloaded kernels, launch as well. */
template <class Probe, class Address, class L> struct probed_launcher {
  kernel_probe<Probe> probe;
  Address address;
  L lambda;
  dim3 grid, block;
  size_t shm;
  hipStream_t stream;
  template <class... As> launch_status operator()(As &&...as) const {
    return launch_kernel_ggl(probe, address, lambda, grid, block, shm, stream, static_cast<As &&>(as)...);
  }
};
template <class Probe, class Address, class L>
inline probed_launcher<Probe, Address, L> chevron_probed(kernel_probe<Probe> k, const Address &address, const L &l,
                                                         dim3 grid, dim3 block, size_t shm = 0,
                                                         hipStream_t stream = nullptr) {
  return {k, address, l, grid, block, shm, stream};
}
template <class... Ps, class L>
inline launcher<void (*)(Ps...), L, true> chevron_extern(void (*k)(Ps...), const L &l, dim3 grid, dim3 block,
                                                         size_t shm = 0, hipStream_t stream = nullptr) {
  return {k, l, grid, block, shm, stream};
}
template <class Probe, class L>
inline launcher<kernel_probe<Probe>, L, true> chevron_extern(kernel_probe<Probe> k, const L &l, dim3 grid,
                                                             dim3 block, size_t shm = 0, hipStream_t stream = nullptr) {
  return {k, l, grid, block, shm, stream};
}

} // namespace hip_impl

/* The probe for a kernel expression (any form hipLaunchKernelGGL accepts). hipcc can
 * pass it instead of `k` as chevron's first argument to support template kernels whose
 * arguments are deduced at the call and overloaded kernels. */
#define __HIP_KERNEL_PROBE(...)                                                                             \
  ::hip_impl::make_probe([](auto __hip_p) -> decltype(__hip_p(__VA_ARGS__)) { return {}; })

#define hipLaunchKernelGGL(kernelName, ...)                                                                 \
  ::hip_impl::launch_kernel_ggl(                                                                            \
      __HIP_KERNEL_PROBE(kernelName),                                                                       \
      [&](auto __hip_p) -> decltype(__hip_p(kernelName)) { return __hip_p(kernelName); },                   \
      [=](auto &&...__hip_a) { kernelName(__hip_a...); }, __VA_ARGS__)

/* hipLaunchKernelGGL of a kernel that the unit does not define, as hipcc rewrites it (see
 * launch_kernel_extern). */
#define __hipLaunchKernelGGLExtern(kernelName, ...)                                                          \
  ::hip_impl::launch_kernel_extern(                                                                         \
      __HIP_KERNEL_PROBE(kernelName),                                                                       \
      [&](auto __hip_p) -> decltype(__hip_p(kernelName)) { return __hip_p(kernelName); },                   \
      [=](auto &&...__hip_a) { kernelName(__hip_a...); }, __VA_ARGS__)

/* HIP's older spelling with explicit block/shared/stream arguments. */
#define hipLaunchKernel_GGL hipLaunchKernelGGL

/* ---- registration (docs/HIP_CPU.md §5); each expands to one declaration */

#if defined(__has_attribute)
#if __has_attribute(retain)
#define __FERROCM_RETAIN __attribute__((retain))
#endif
#endif
#ifndef __FERROCM_RETAIN
#define __FERROCM_RETAIN
#endif

/* Kernel `name` declares its global x index as an unsigned int (kind 1) or a size_t (2):
 * hipcc writes this before the kernel's registration (row_index_kind, run_row). */
#define FERROCM_KERNEL_ROW_INDEX(name, kind)                                                                \
  template <> inline constexpr int hip_impl::row_index_kind<::hip_impl::kernel_ptr(&name)> = kind;

#if defined(__FERROCM_CODE_OBJECT__)
/* A code object lists its kernels in the section ferrocm_kernels (read back through
 * __start_/__stop_ferrocm_kernels by FERROCM_CODE_OBJECT_KERNEL_TABLE). */
#define FERROCM_REGISTER_KERNEL(n, name, str)                                                               \
  __attribute__((used, section("ferrocm_kernels"))) __FERROCM_RETAIN static const ferrocm_kernel_descriptor_t \
      *const __ferrocm_kernel_entry_##n = &::hip_impl::fn_kernel<::hip_impl::kernel_ptr(&name)>::desc;
/* Variables are found through the dynamic symbol table. */
#define FERROCM_REGISTER_VARIABLE(n, name, str) static_assert(sizeof(name) > 0, str);
#else
#define FERROCM_REGISTER_KERNEL(n, name, str)                                                               \
  [[maybe_unused]] static const int __ferrocm_kernel_registration_##n =                                     \
      ::hip_impl::register_kernel<::hip_impl::kernel_ptr(&name)>(str);
#define FERROCM_REGISTER_VARIABLE(n, name, str)                                                             \
  [[maybe_unused]] static const int __ferrocm_variable_registration_##n =                                  \
      (::__ferrocmRegisterVar(static_cast<const void *>(__builtin_addressof(name)), sizeof(name), str), 0);
#endif

/* The extra unit of a code object (docs/HIP_CPU.md §5): the ABI version and the kernel
 * table. Put it in exactly one translation unit compiled with __FERROCM_CODE_OBJECT__. */
#define FERROCM_CODE_OBJECT_KERNEL_TABLE()                                                                  \
  extern "C" FERROCM_EXPORT const uint32_t ferrocm_code_object_abi_version = FERROCM_CPU_ABI_VERSION;       \
  FERROCM_KERNEL_TABLE_DEFINITION()

#endif /* HIP_CPU_LAUNCH_H */
