// Loads the code object built from code_object.cpp and checks its kernel table.
// Usage: code_object_loader <path.so>. Prints "code_object: OK" on success.
#include <ferrocm/cpu_kernel.h>

#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <string>

static int failures = 0;
#define CHECK(cond)                                                                                          \
  do {                                                                                                       \
    if (!(cond)) {                                                                                           \
      std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                                            \
      ++failures;                                                                                            \
    }                                                                                                        \
  } while (0)

static uint32_t one_barrier(ferrocm_workitem_t *, int32_t p) { return p != 0; }
static uint64_t one_exchange(ferrocm_workitem_t *, uint64_t v, uint64_t *lanes) {
  lanes[0] = v;
  return 1;
}
static const ferrocm_device_ops_t ops = {FERROCM_CPU_ABI_VERSION, sizeof(ferrocm_device_ops_t), one_barrier,
                                         one_exchange, nullptr, nullptr, {}};

// One work-group of n work-items, the engine's way: item 0, then the workgroup function.
static void run_group(const ferrocm_kernel_descriptor_t *kd, const void *kernarg, uint32_t n) {
  ferrocm_workitem_t wi;
  std::memset(&wi, 0, sizeof wi);
  for (int d = 0; d < 3; ++d) wi.workgroup_size[d] = wi.local_size[d] = wi.grid_size[d] = wi.num_groups[d] = 1;
  wi.workgroup_size[0] = wi.local_size[0] = wi.grid_size[0] = n;
  wi.dimensions = 1;
  wi.kernarg = kernarg;
  wi.ops = &ops;
  wi.range_end = n;
  kd->workitem_fn(&wi);
  kd->workgroup_fn(&wi, 1, n);
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    std::printf("dlopen: %s\n", dlerror());
    return 1;
  }
  auto *abi = static_cast<const uint32_t *>(dlsym(h, FERROCM_CODE_OBJECT_ABI_SYMBOL));
  CHECK(abi && *abi == FERROCM_CPU_ABI_VERSION);
  typedef const ferrocm_kernel_descriptor_t *const *(*table_fn)(size_t *);
  auto table = reinterpret_cast<table_fn>(dlsym(h, FERROCM_KERNEL_TABLE_SYMBOL));
  CHECK(table != nullptr);
  if (!table) return 1;
  size_t count = 0;
  const ferrocm_kernel_descriptor_t *const *kds = table(&count);
  CHECK(count == 3);
  const ferrocm_kernel_descriptor_t *vscale = nullptr, *fill = nullptr, *tfill = nullptr;
  for (size_t i = 0; i < count; ++i) {
    const ferrocm_kernel_descriptor_t *kd = kds[i];
    CHECK(kd->magic == FERROCM_KERNEL_DESCRIPTOR_MAGIC && kd->abi_version == FERROCM_CPU_ABI_VERSION);
    CHECK(kd->workitem_fn && kd->workgroup_fn && kd->params && kd->host_function);
    Dl_info info;
    std::memset(&info, 0, sizeof info);
    CHECK(dladdr(kd->host_function, &info) != 0 && info.dli_sname != nullptr);
    std::string name = info.dli_sname ? info.dli_sname : "";
    std::printf("kernel %s: kernarg %u bytes, align %u, %u params\n", name.c_str(), kd->kernarg_segment_size,
                kd->kernarg_segment_alignment, kd->params->count);
    if (name == "vscale") vscale = kd;
    if (name == "_ZN2ns4fillEPii") fill = kd;
    if (name == "_Z5tfillIiEvPT_S0_") tfill = kd;
  }
  CHECK(vscale && fill && tfill);
  if (!vscale || !fill || !tfill) return 1;
  CHECK(vscale->params->count == 3 && vscale->params->explicit_size == 16 && vscale->kernarg_segment_size == 16);
  CHECK(vscale->params->offsets[1] == 8 && vscale->params->offsets[2] == 12);
  float data[10];
  for (int i = 0; i < 10; ++i) data[i] = (float)i;
  struct {
    float *p;
    float s;
    int n;
  } vargs = {data, 2.0f, 8};
  run_group(vscale, &vargs, 16);
  CHECK(data[7] == 14.0f && data[8] == 8.0f && data[0] == 0.0f && data[1] == 2.0f);
  int ints[4] = {};
  struct {
    int *p;
    int v;
  } fargs = {ints, 10};
  run_group(fill, &fargs, 4);
  CHECK(ints[0] == 10 && ints[3] == 13);
  run_group(tfill, &fargs, 4);
  CHECK(ints[0] == 10 && ints[3] == 10);
  auto *dev_value = static_cast<int *>(dlsym(h, "dev_value"));
  CHECK(dev_value && *dev_value == 42);
  if (failures) return 1;
  std::printf("code_object: OK\n");
  return 0;
}
