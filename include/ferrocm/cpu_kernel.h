/*
 * ferrocm CPU agent: kernel ABI and code-object format (version 1).
 *
 * This header is the contract between three parties:
 *   - the CPU kernel engine (crates/cpu-engine), which runs work-items;
 *   - CPU code objects: ELF shared objects built by the host compiler that
 *     export kernel descriptors (see "Code objects" below);
 *   - device-side language headers (HIP's hip_runtime.h on the CPU platform),
 *     which implement threadIdx, __syncthreads, warp functions... on top of it.
 *
 * The layouts below are mirrored by #[repr(C)] types in crates/cpu-engine/src/abi.rs;
 * a Rust unit test checks sizes and offsets against this file's documented values.
 * Full description: docs/CPU_CODE_OBJECT.md.
 */
#ifndef FERROCM_CPU_KERNEL_H
#define FERROCM_CPU_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FERROCM_CPU_ABI_VERSION 1u
/* Lanes per wavefront on the CPU agent (as on AMD data-centre GPUs). */
#define FERROCM_WAVEFRONT_SIZE 64u
/* Largest work-group the CPU agent accepts (product of the three sizes). */
#define FERROCM_MAX_WORKGROUP_SIZE 1024u

typedef struct ferrocm_workitem ferrocm_workitem_t;

/*
 * Services the engine offers to running work-items. Kernels reach them through
 * wi->ops, so a code object needs no link-time dependency on the runtime.
 *
 * Both calls may suspend the calling work-item (it runs on a fiber) and resume it
 * later on the same OS thread, after other work-items of the group ran there;
 * device code must not cache thread-local pointers across them (re-read them
 * after the call returns). The floating-point environment (rounding mode, MXCSR)
 * is the thread's, shared by those work-items. `wi` must be the work-item passed
 * to the running kernel entry point (or a copy of it made during that call).
 * Called outside of a dispatch (e.g. device code run directly on the host, with a
 * work-item whose engine_private is NULL), they behave as for a work-group of one
 * work-item.
 */
enum {
  FERROCM_COOP_INFO = 0,
  FERROCM_COOP_GRID_SYNC = 1,
  FERROCM_COOP_MULTI_GRID_SYNC = 2,
  FERROCM_COOP_NUM_GRIDS = 3,
  FERROCM_COOP_GRID_RANK = 4,
  FERROCM_COOP_MULTI_GRID_THREAD_OFFSET = 5,
  FERROCM_COOP_MULTI_GRID_SIZE = 6
};

typedef struct ferrocm_device_ops {
  uint32_t version; /* FERROCM_CPU_ABI_VERSION */
  uint32_t size;    /* sizeof(ferrocm_device_ops_t) */
  /*
   * Work-group barrier. Every work-item of the group that has not returned must
   * call it; it returns once all of them have. The result is the number of those
   * work-items that passed a non-zero predicate (this gives __syncthreads_count,
   * _and and _or; __syncthreads passes 0 and ignores the result).
   * Work-items that returned from the kernel no longer take part.
   */
  uint32_t (*barrier)(ferrocm_workitem_t *wi, int32_t predicate);
  /*
   * Wavefront exchange. Every still-running lane of the caller's wavefront
   * (lanes are flat_local_id / 64 groups of 64 consecutive work-items) contributes
   * `value`; once all have arrived, each lane gets lanes[i] = value of lane i for
   * every active lane i (inactive entries are left untouched) and the call returns
   * the mask of active lanes (bit i = lane i). `lanes` must hold 64 entries.
   * Every warp-level operation (shuffle, ballot, any/all, activemask) is built on it.
   */
  uint64_t (*wave_exchange)(ferrocm_workitem_t *wi, uint64_t value, uint64_t *lanes);
  /*
   * Grid-wide services of cooperative launches (offset 24; NULL in tables made
   * before them). `op` is one of FERROCM_COOP_*:
   *   INFO: bit 0 set in a cooperative dispatch, bit 1 in one of a multi-device launch;
   *   GRID_SYNC: barrier of every work-item of the dispatch that has not returned
   *     (work-groups that returned no longer take part); fails the dispatch when it
   *     is not cooperative; returns 0;
   *   MULTI_GRID_SYNC: the same over every grid of a multi-device launch;
   *   NUM_GRIDS, GRID_RANK: the launch's grids and this grid's index (1 and 0 alone);
   *   MULTI_GRID_THREAD_OFFSET, MULTI_GRID_SIZE: work-items of the grids before this
   *     one, and of all of them.
   */
  uint64_t (*cooperative)(ferrocm_workitem_t *wi, uint32_t op);
  /*
   * Offset 32: the running work-item stops the dispatch with a device fault
   * (FERROCM_FAULT_*: a trap, an abort, a failed assert). Called from a kernel the
   * engine runs on this thread, it does not return: the kernel's stack is abandoned
   * (no destructors run), work-groups not yet started are skipped, and the dispatch
   * fails (the HSA queue reports HSA_STATUS_ERROR_EXCEPTION, HIP the stream's error).
   * Called with no dispatch running on this thread it returns, and the caller does
   * what the fault does in host code. NULL in tables that predate it (and in the
   * host's table of HIP's headers): the caller then treats it as the returning case.
   */
  void (*fault)(ferrocm_workitem_t *wi, uint32_t kind);
  void *reserved[4];
} ferrocm_device_ops_t;

/* Kinds of device fault (ferrocm_device_ops_t::fault). */
#define FERROCM_FAULT_TRAP 1u   /* __builtin_trap(), abort() */
#define FERROCM_FAULT_ASSERT 2u /* a failed assert() */

/*
 * The state of one work-item, passed to every kernel entry point. The engine
 * owns it; device code reads it and never writes it, except where noted.
 * Sizes are in work-items; ids are zero-based.
 */
struct ferrocm_workitem {
  uint32_t local_id[3];        /*   0: id within the work-group */
  uint32_t group_id[3];        /*  12: work-group id */
  uint32_t workgroup_size[3];  /*  24: the dispatch's work-group size */
  uint32_t local_size[3];      /*  36: this group's size (smaller for a trailing partial group) */
  uint32_t grid_size[3];       /*  48: grid size in work-items */
  uint32_t num_groups[3];      /*  60: number of work-groups per dimension */
  uint32_t dimensions;         /*  72: 1, 2 or 3 */
  uint32_t flat_local_id;      /*  76 */
  void *group_segment;         /*  80: group memory of this work-group (static, then dynamic);
                                        64-byte aligned, NULL when the dispatch has none */
  uint32_t group_segment_size; /*  88: bytes available at group_segment */
  uint32_t dynamic_group_offset; /* 92: offset of dynamic group memory (= the kernel's static size, 16-aligned) */
  void *private_segment;       /*  96: this work-item's private segment (max of the packet's and the
                                        kernel's private_segment_size bytes, 16-byte aligned; NULL if 0) */
  const void *kernarg;         /* 104: kernel arguments */
  const ferrocm_device_ops_t *ops; /* 112 */
  uint64_t dispatch_id;        /* 120: unique per dispatch, for device-side caches */
  /*
   * 128: exclusive end of the flat-id range a ferrocm_workgroup_fn must run.
   * The engine lowers it only *during a call to wi->ops->barrier or
   * wi->ops->wave_exchange* made by the work-item the function is running (a
   * barrier reached in loop mode: the loop must stop after that work-item).
   * Workgroup functions check it before starting each work-item; since it changes
   * only inside an opaque call, a plain (non-volatile) read is enough: the compiler
   * reloads it after such a call and may keep it in a register across work-items
   * that make none. (It used to be declared volatile; code objects compiled with
   * volatile reads remain valid.)
   */
  uint32_t range_end;
  /* 132: 0, or in work-item 0 of a group the optional whole-group protocol: 1 = the engine
   * offers the group (reserved[0]: groups offered), 2 = the entry runs it, 3 = done
   * (reserved[1]: groups the entry moved on). docs/CPU_CODE_OBJECT.md, "Whole-group offer". */
  uint32_t reserved0;
  /* 136: opaque to device code: the engine's handle of the work-group (device ops
   * use it to find the group; copies of *wi carry it along). Never write it. */
  void *engine_private;
  uint64_t reserved[6];        /* 144..192 */
};

/* Runs one work-item: wi->local_id / flat_local_id identify it. */
typedef void (*ferrocm_workitem_fn)(ferrocm_workitem_t *wi);

/*
 * Optional fast path: runs work-items with flat ids begin..wi->range_end-1 of
 * the group in order, setting wi->local_id and wi->flat_local_id itself
 * (x fastest) before each one, and passing `wi` (or a copy of it) to the kernel
 * body. The engine calls it only after a work-item finished without reaching a
 * barrier or wavefront operation, so the loop normally inlines the kernel body.
 * `end` is the initial value of range_end; range_end only shrinks, and only
 * inside a barrier / wave exchange called by the running work-item (see above).
 */
typedef void (*ferrocm_workgroup_fn)(ferrocm_workitem_t *wi, uint32_t begin, uint32_t end);

/*
 * Layout of a kernel's explicit arguments inside its kernarg segment (optional
 * metadata; HIP's hipLaunchKernel / hipModuleLaunchKernel(kernelParams) need it to
 * pack `void **args`). Argument i occupies sizes[i] bytes at offsets[i]; the
 * explicit arguments end at explicit_size (HIP's `extra` buffer size). Hidden,
 * implementation-defined data may follow up to kernarg_segment_size.
 */
typedef struct ferrocm_kernel_params {
  uint32_t count;          /*  0: number of explicit arguments */
  uint32_t explicit_size;  /*  4: bytes of explicit arguments */
  const uint32_t *offsets; /*  8: count entries */
  const uint32_t *sizes;   /* 16: count entries */
} ferrocm_kernel_params_t;

/*
 * A kernel of a CPU code object. A code object exports one per kernel as a
 * global data symbol named "<kernel name>.kd" (AMD's convention), e.g. via
 *   FERROCM_KERNEL_DESCRIPTOR(my_kernel, my_kernel_entry, NULL, kernarg_size, kernarg_align, group_size)
 */
typedef struct ferrocm_kernel_descriptor {
  uint32_t magic;                      /*  0: FERROCM_KERNEL_DESCRIPTOR_MAGIC */
  uint32_t abi_version;                /*  4: FERROCM_CPU_ABI_VERSION */
  uint32_t kernarg_segment_size;       /*  8: bytes */
  uint32_t kernarg_segment_alignment;  /* 12: power of two, >= 16 recommended */
  uint32_t group_segment_size;         /* 16: static group memory per work-group */
  uint32_t private_segment_size;       /* 20: static private memory per work-item */
  uint32_t flags;                      /* 24: FERROCM_KERNEL_FLAG_* */
  uint32_t reserved0;                  /* 28 */
  ferrocm_workitem_fn workitem_fn;     /* 32: required */
  ferrocm_workgroup_fn workgroup_fn;   /* 40: optional (NULL) */
  const ferrocm_kernel_params_t *params; /* 48: optional (NULL): explicit-argument layout */
  const void *host_function;           /* 56: optional (NULL): the source-level kernel function;
                                              its dynamic symbol names the kernel when the
                                              descriptor comes from a kernel table (below) */
  /* 64: present only when flags has FERROCM_KERNEL_FLAG_ATTRIBUTES (a descriptor without
   * that flag may end at offset 64). */
  const struct ferrocm_kernel_attributes *attributes;
} ferrocm_kernel_descriptor_t;

/*
 * Source-level kernel attributes that the compiler cannot put into the (constant)
 * descriptor: hipcc's static initialisers fill them in when the program or code object
 * is loaded, before any launch. Readers take them as they are at query time.
 */
typedef struct ferrocm_kernel_attributes {
  uint32_t max_threads_per_block;         /*  0: __launch_bounds__ first argument; 0 = none */
  uint32_t min_blocks_per_multiprocessor; /*  4: __launch_bounds__ second argument; 0 = none */
  uint32_t static_shared_size;            /*  8: bytes of __shared__ variables declared in the
                                                 kernel's body (functions it calls not counted) */
  uint32_t reserved;                      /* 12 */
} ferrocm_kernel_attributes_t;

#define FERROCM_KERNEL_DESCRIPTOR_MAGIC 0x4b434652u /* "RFCK" little endian: 'R','F','C','K' */
/* The kernel has a dynamic call stack (recursion); informative only. */
#define FERROCM_KERNEL_FLAG_DYNAMIC_CALLSTACK 0x1u
/* The descriptor has the `attributes` field (offset 64). */
#define FERROCM_KERNEL_FLAG_ATTRIBUTES 0x2u

/*
 * Code objects: a CPU code object is an ELF shared object for the host
 * (built with `cc -shared -fPIC`) whose dynamic symbol table exports:
 *   - "<name>.kd": a ferrocm_kernel_descriptor_t for each kernel "<name>";
 *   - any other defined data object: a global variable visible through
 *     hsa_executable_get_symbol_by_name (address and size from the symbol table).
 * It must also export `ferrocm_code_object_abi_version` (uint32_t, the ABI
 * version it was built for). Loading runs the object's constructors.
 *
 * Kernel table (what hipcc --genco and hiprtc emit, since C++ kernel names are
 * mangled): a code object may also export the function
 *   const ferrocm_kernel_descriptor_t *const *ferrocm_code_object_kernels(size_t *count);
 * returning an array of descriptors whose host_function is set; after loading, each
 * such kernel is named by the dynamic symbol at host_function (dladdr), e.g.
 * "_Z6vaddPfS_i" or an extern "C" name.
 */
#define FERROCM_KERNEL_TABLE_SYMBOL "ferrocm_code_object_kernels"

/* A kernel that lists itself while the code object loads (its static initialiser runs before
 * the table is read): hipcc's C++ headers use it for template instances, whose descriptor
 * pointers GCC will not place in a named section. The list head, `__ferrocm_kernel_nodes`
 * (hidden), is defined by the code object's table unit, which adds the listed kernels to the
 * table. */
typedef struct ferrocm_kernel_node {
  const ferrocm_kernel_descriptor_t *kernel;
  struct ferrocm_kernel_node *next;
} ferrocm_kernel_node_t;
#define FERROCM_CODE_OBJECT_ABI_SYMBOL "ferrocm_code_object_abi_version"

#if defined(__GNUC__) || defined(__clang__)
#define FERROCM_EXPORT __attribute__((visibility("default"), used))
#else
#define FERROCM_EXPORT
#endif

/* Put once in one translation unit of a code object. */
#define FERROCM_CODE_OBJECT()                                                    \
  FERROCM_EXPORT const uint32_t ferrocm_code_object_abi_version = FERROCM_CPU_ABI_VERSION

#define FERROCM_STR_(x) #x
#define FERROCM_STR(x) FERROCM_STR_(x)

/* Declares the descriptor of kernel `name` (its C identifier) in a code object. */
#define FERROCM_KERNEL_DESCRIPTOR(name, wi_fn, wg_fn, kernarg_size, kernarg_align, group_size) \
  FERROCM_EXPORT const ferrocm_kernel_descriptor_t ferrocm_kd_##name __asm__(FERROCM_STR(name) ".kd") = { \
      FERROCM_KERNEL_DESCRIPTOR_MAGIC, FERROCM_CPU_ABI_VERSION, (kernarg_size), (kernarg_align),         \
      (group_size), 0u, 0u, 0u, (wi_fn), (wg_fn), NULL, NULL}

#ifdef __cplusplus
#define FERROCM_EXTERN_C_BEGIN extern "C" {
#define FERROCM_EXTERN_C_END }
#else
#define FERROCM_EXTERN_C_BEGIN
#define FERROCM_EXTERN_C_END
#endif

/* Defines a code object's kernel table (C or C++; needs <stdlib.h>): `ferrocm_code_object_kernels`
 * lists the descriptor pointers placed in the ELF section `ferrocm_kernels` (bounds: the
 * linker's __start_/__stop_ symbols, weak so that an object without kernels links, hidden so
 * that the references need no dynamic relocation), then the kernels on the list
 * `__ferrocm_kernel_nodes`, which it defines. The table is built on the first call (the list is
 * complete once the object has loaded); racing first calls build it twice and keep one; the
 * object's destructor frees it when the object is unloaded. Put it
 * in exactly one unit of the code object: hipcc --genco's generated unit, or
 * FERROCM_CODE_OBJECT_KERNEL_TABLE() of the HIP headers. */
#define FERROCM_KERNEL_TABLE_DEFINITION()                                                          \
  FERROCM_EXTERN_C_BEGIN                                                                         \
  extern const ferrocm_kernel_descriptor_t *const __start_ferrocm_kernels[]                      \
      __attribute__((weak, visibility("hidden")));                                               \
  extern const ferrocm_kernel_descriptor_t *const __stop_ferrocm_kernels[]                       \
      __attribute__((weak, visibility("hidden")));                                               \
  __attribute__((visibility("hidden"))) ferrocm_kernel_node_t *__ferrocm_kernel_nodes = NULL;    \
  static const ferrocm_kernel_descriptor_t **ferrocm_kernel_table_;                              \
  static size_t ferrocm_kernel_count_(void) {                                                    \
    size_t n = 0;                                                                                \
    const ferrocm_kernel_node_t *k;                                                              \
    if (__start_ferrocm_kernels && __stop_ferrocm_kernels)                                       \
      n = (size_t)(__stop_ferrocm_kernels - __start_ferrocm_kernels);                            \
    for (k = __ferrocm_kernel_nodes; k; k = k->next) ++n;                                        \
    return n;                                                                                    \
  }                                                                                              \
  FERROCM_EXPORT const ferrocm_kernel_descriptor_t *const *ferrocm_code_object_kernels(size_t *count) { \
    const ferrocm_kernel_descriptor_t **t = __atomic_load_n(&ferrocm_kernel_table_, __ATOMIC_ACQUIRE); \
    size_t n = ferrocm_kernel_count_(), i = 0;                                                   \
    const ferrocm_kernel_node_t *k;                                                              \
    if (!t) {                                                                                    \
      const ferrocm_kernel_descriptor_t **fresh =                                                \
          (const ferrocm_kernel_descriptor_t **)malloc((n + 1) * sizeof *fresh);                 \
      const ferrocm_kernel_descriptor_t **expected = NULL;                                       \
      if (!fresh) {                                                                              \
        *count = 0;                                                                              \
        return NULL;                                                                             \
      }                                                                                          \
      if (__start_ferrocm_kernels && __stop_ferrocm_kernels)                                     \
        for (; __start_ferrocm_kernels + i != __stop_ferrocm_kernels; ++i) fresh[i] = __start_ferrocm_kernels[i]; \
      for (k = __ferrocm_kernel_nodes; k; k = k->next) fresh[i++] = k->kernel;                   \
      if (__atomic_compare_exchange_n(&ferrocm_kernel_table_, &expected, fresh, 0, __ATOMIC_ACQ_REL, \
                                      __ATOMIC_ACQUIRE)) {                                       \
        t = fresh;                                                                               \
      } else {                                                                                   \
        free(fresh);                                                                             \
        t = expected;                                                                            \
      }                                                                                          \
    }                                                                                            \
    *count = n;                                                                                  \
    return t;                                                                                    \
  }                                                                                              \
  /* Unloading the object (hipModuleUnload, hsa_executable_destroy) frees the table. */          \
  __attribute__((destructor)) static void ferrocm_kernel_table_free_(void) {                    \
    free((void *)__atomic_exchange_n(&ferrocm_kernel_table_, NULL, __ATOMIC_ACQ_REL));           \
  }                                                                                              \
  FERROCM_EXTERN_C_END

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FERROCM_CPU_KERNEL_H */
