/* A code object that lists its kernels in a kernel table (what hipcc --genco emits), with
 * descriptor pointers collected in the `ferrocm_kernels` section through the linker's
 * __start_/__stop_ symbols:
 *   - "_Z4vaddPKfS0_Pfm": a C++-mangled name (asm label), with an argument layout;
 *   - "scale": an extern "C"-style name, listed twice (the repeat is ignored);
 *   - a kernel whose function is static (no dynamic symbol): skipped;
 *   - with -DNULL_HOST: a descriptor without host_function (rejected at load);
 *   - with -DBAD_PARAMS: an argument that ends past explicit_size (rejected at load);
 *   - with -DDUPLICATE: a second descriptor naming "scale" (rejected at load);
 *   - with -DEMPTY_TABLE: no entries at all (weak __start_/__stop_ symbols resolve to null).
 */
#include <ferrocm/cpu_kernel.h>

FERROCM_CODE_OBJECT();

#define KD_SECTION __attribute__((section("ferrocm_kernels"), used))

typedef struct {
  const float *a;
  const float *b;
  float *c;
  uint64_t n;
} vadd_args;

/* The "source-level kernels": what host_function points to. */
FERROCM_EXPORT void vadd(const float *a, const float *b, float *c, uint64_t n) __asm__("_Z4vaddPKfS0_Pfm");
FERROCM_EXPORT void vadd(const float *a, const float *b, float *c, uint64_t n) {
  (void)a, (void)b, (void)c, (void)n;
}
FERROCM_EXPORT void scale(float *x, float f, uint32_t n) { (void)x, (void)f, (void)n; }
__attribute__((unused)) static void hidden_kernel(void) {}

static void vadd_item(ferrocm_workitem_t *wi) {
  const vadd_args *a = (const vadd_args *)wi->kernarg;
  uint64_t i = (uint64_t)wi->group_id[0] * wi->workgroup_size[0] + wi->local_id[0];
  if (i < a->n) a->c[i] = a->a[i] + a->b[i];
}

static void scale_item(ferrocm_workitem_t *wi) { (void)wi; }

static const uint32_t vadd_offsets[] = {0, 8, 16, 24};
#ifdef BAD_PARAMS
static const uint32_t vadd_sizes[] = {8, 8, 8, 16};
#else
static const uint32_t vadd_sizes[] = {8, 8, 8, 8};
#endif
static const ferrocm_kernel_params_t vadd_params = {4, 32, vadd_offsets, vadd_sizes};

/* Exported on purpose: such data symbols must not show up as variables after loading. */
FERROCM_EXPORT const ferrocm_kernel_descriptor_t vadd_descriptor = {
    FERROCM_KERNEL_DESCRIPTOR_MAGIC, FERROCM_CPU_ABI_VERSION, 48, 16, 0, 0, 0, 0,
    vadd_item, NULL, &vadd_params, (const void *)&vadd};
__attribute__((unused)) static const ferrocm_kernel_descriptor_t scale_descriptor = {
    FERROCM_KERNEL_DESCRIPTOR_MAGIC, FERROCM_CPU_ABI_VERSION, 16, 16, 128, 0, 0, 0,
    scale_item, NULL, NULL, (const void *)&scale};
__attribute__((unused)) static const ferrocm_kernel_descriptor_t hidden_descriptor = {
    FERROCM_KERNEL_DESCRIPTOR_MAGIC, FERROCM_CPU_ABI_VERSION, 0, 16, 0, 0, 0, 0,
    scale_item, NULL, NULL, (const void *)&hidden_kernel};

#ifndef EMPTY_TABLE
KD_SECTION static const ferrocm_kernel_descriptor_t *const entry0 = &vadd_descriptor;
KD_SECTION static const ferrocm_kernel_descriptor_t *const entry1 = &scale_descriptor;
KD_SECTION static const ferrocm_kernel_descriptor_t *const entry2 = &hidden_descriptor;
KD_SECTION static const ferrocm_kernel_descriptor_t *const entry3 = &scale_descriptor;
#endif

#ifdef NULL_HOST
static const ferrocm_kernel_descriptor_t no_host_descriptor = {
    FERROCM_KERNEL_DESCRIPTOR_MAGIC, FERROCM_CPU_ABI_VERSION, 0, 16, 0, 0, 0, 0,
    scale_item, NULL, NULL, NULL};
KD_SECTION static const ferrocm_kernel_descriptor_t *const entry4 = &no_host_descriptor;
#endif

#ifdef DUPLICATE
static const ferrocm_kernel_descriptor_t scale_again = {
    FERROCM_KERNEL_DESCRIPTOR_MAGIC, FERROCM_CPU_ABI_VERSION, 16, 16, 0, 0, 0, 0,
    scale_item, NULL, NULL, (const void *)&scale};
KD_SECTION static const ferrocm_kernel_descriptor_t *const entry5 = &scale_again;
#endif

/* A .kd kernel next to the table: both kinds coexist. */
FERROCM_KERNEL_DESCRIPTOR(plain, scale_item, NULL, 0, 16, 0);

extern const ferrocm_kernel_descriptor_t *const __start_ferrocm_kernels[]
    __attribute__((weak, visibility("hidden")));
extern const ferrocm_kernel_descriptor_t *const __stop_ferrocm_kernels[]
    __attribute__((weak, visibility("hidden")));

FERROCM_EXPORT const ferrocm_kernel_descriptor_t *const *ferrocm_code_object_kernels(size_t *count) {
  *count = (size_t)(__stop_ferrocm_kernels - __start_ferrocm_kernels);
  return __start_ferrocm_kernels;
}
