// hipMemcpy between every pair of pageable host, pinned host, device and managed memory with the
// matching hipMemcpyKind and with hipMemcpyDefault, odd sizes and offsets, guard bytes around
// the destination; hipMemcpyHtoD/DtoH/DtoD; invalid kind -> hipErrorInvalidMemcpyDirection.
#include "hip_test.h"

enum Mem { Pageable, Pinned, Device, Managed };
static const char *mem_name[] = {"pageable", "pinned", "device", "managed"};
static const size_t kBytes = 1 << 16;

static void *alloc(Mem m) {
  void *p = nullptr;
  switch (m) {
  case Pageable: p = std::malloc(kBytes); break;
  case Pinned: HIP_CHECK(hipHostMalloc(&p, kBytes, 0)); break;
  case Device: HIP_CHECK(hipMalloc(&p, kBytes)); break;
  case Managed: HIP_CHECK(hipMallocManaged(&p, kBytes, hipMemAttachGlobal)); break;
  }
  CHECK(p != nullptr, "allocation of %s memory", mem_name[m]);
  return p;
}
static void release(Mem m, void *p) {
  if (m == Pageable) std::free(p);
  else if (m == Pinned) HIP_CHECK(hipHostFree(p));
  else HIP_CHECK(hipFree(p));
}
static bool is_dev(Mem m) { return m == Device; }
static hipMemcpyKind kind_for(Mem src, Mem dst) {
  if (src == Managed || dst == Managed) return hipMemcpyDefault;
  if (is_dev(src)) return is_dev(dst) ? hipMemcpyDeviceToDevice : hipMemcpyDeviceToHost;
  return is_dev(dst) ? hipMemcpyHostToDevice : hipMemcpyHostToHost;
}
// Fill / read any kind of memory through a staging buffer.
static void put(Mem m, void *p, const std::vector<unsigned char> &v) {
  HIP_CHECK(hipMemcpy(p, v.data(), v.size(), is_dev(m) ? hipMemcpyHostToDevice : hipMemcpyDefault));
}
static std::vector<unsigned char> get(Mem m, const void *p) {
  std::vector<unsigned char> v(kBytes);
  HIP_CHECK(hipMemcpy(v.data(), p, kBytes, is_dev(m) ? hipMemcpyDeviceToHost : hipMemcpyDefault));
  return v;
}

int main() {
  std::vector<unsigned char> pattern(kBytes), guard(kBytes, 0xEE);
  for (size_t i = 0; i < kBytes; ++i) pattern[i] = (unsigned char)(i * 31 + (i >> 8));
  const size_t sizes[] = {1, 7, 1001, 4096, 65536 - 64};
  const size_t src_offs[] = {0, 3, 17};
  const size_t dst_offs[] = {0, 5, 64};
  for (int s = 0; s < 4; ++s)
    for (int d = 0; d < 4; ++d)
      for (int use_default = 0; use_default < 2; ++use_default) {
        Mem sm = (Mem)s, dm = (Mem)d;
        void *src = alloc(sm), *dst = alloc(dm);
        put(sm, src, pattern);
        for (size_t n : sizes)
          for (size_t so : src_offs)
            for (size_t dof : dst_offs) {
              if (so + n > kBytes || dof + n > kBytes) continue;
              put(dm, dst, guard);
              hipMemcpyKind k = use_default ? hipMemcpyDefault : kind_for(sm, dm);
              HIP_CHECK(hipMemcpy((char *)dst + dof, (const char *)src + so, n, k));
              std::vector<unsigned char> out = get(dm, dst);
              for (size_t i = 0; i < kBytes; ++i) {
                unsigned char want = (i >= dof && i < dof + n) ? pattern[i - dof + so] : 0xEE;
                if (out[i] != want)
                  FAIL_AT("%s -> %s (kind %d) n=%zu src+%zu dst+%zu: byte %zu = 0x%02x, expected 0x%02x",
                          mem_name[s], mem_name[d], (int)k, n, so, dof, i, out[i], want);
              }
            }
        release(sm, src);
        release(dm, dst);
      }

  // Driver-style copies.
  void *a = alloc(Device), *b = alloc(Device);
  HIP_CHECK(hipMemcpyHtoD((hipDeviceptr_t)a, pattern.data(), kBytes));
  HIP_CHECK(hipMemcpyDtoD((hipDeviceptr_t)b, (hipDeviceptr_t)a, kBytes));
  std::vector<unsigned char> out(kBytes, 0);
  HIP_CHECK(hipMemcpyDtoH(out.data(), (hipDeviceptr_t)b, kBytes));
  CHECK(out == pattern, "hipMemcpyHtoD/DtoD/DtoH round trip differs");

  // Invalid direction: nothing copied.
  HIP_CHECK(hipMemset(b, 0, kBytes));
  HIP_EXPECT(hipMemcpy(b, a, 64, (hipMemcpyKind)7), hipErrorInvalidMemcpyDirection);
  HIP_EXPECT(hipMemcpy(b, a, 64, (hipMemcpyKind)-1), hipErrorInvalidMemcpyDirection);
  HIP_CHECK(hipMemcpy(out.data(), b, 64, hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i) CHECK_EQ((unsigned)out[i], 0u);
  // Null pointers with a non-zero size.
  HIP_EXPECT(hipMemcpy(nullptr, a, 64, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  HIP_EXPECT(hipMemcpy(b, nullptr, 64, hipMemcpyHostToDevice), hipErrorInvalidValue);
  (void)hipGetLastError();
  // Size 0 is a successful no-op.
  HIP_CHECK(hipMemcpy(b, a, 0, hipMemcpyDeviceToDevice));
  release(Device, a);
  release(Device, b);
  return hip_test::pass();
}
