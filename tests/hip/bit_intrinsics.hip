// Integer intrinsics against host reference implementations: __popc, __popcll, __clz, __clzll,
// __ffs, __ffsll, __brev, __brevll, __bitextract_u32/u64 (AMD), __byte_perm, __mulhi, __umulhi,
// __mul64hi, __umul64hi, __mul24, __umul24, __sad, __usad, __funnelshift_l/r.
#include "hip_test.h"

struct Out {
  int popc, popcll, clz, clzll, ffs, ffsll;
  unsigned brev;
  unsigned long long brevll;
  unsigned bext32;
  unsigned long long bext64;
  unsigned perm;
  int mulhi;
  unsigned umulhi;
  long long mul64hi;
  unsigned long long umul64hi;
  int mul24;
  unsigned umul24, sad, usad, fsl, fsr;
};

__global__ void intrinsics(const unsigned long long *in, Out *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long x = in[i];
  unsigned lo = (unsigned)x, hi = (unsigned)(x >> 32);
  Out o;
  o.popc = __popc(lo);
  o.popcll = __popcll(x);
  o.clz = __clz((int)lo);
  o.clzll = __clzll((long long)x);
  o.ffs = __ffs((int)lo);
  o.ffsll = __ffsll((long long)x);
  o.brev = __brev(lo);
  o.brevll = __brevll(x);
#if !HIP_TEST_NVIDIA
  unsigned off = hi % 32, width = 1 + (hi >> 8) % (32 - off);
  if (width == 32) width = 31; // the width operand is taken modulo 32
  o.bext32 = __bitextract_u32(lo, off, width);
  unsigned off64 = hi % 64, width64 = 1 + (hi >> 8) % (64 - off64);
  if (width64 == 64) width64 = 63;
  o.bext64 = __bitextract_u64(x, off64, width64);
#else
  o.bext32 = 0;
  o.bext64 = 0;
#endif
  o.perm = __byte_perm(lo, hi, (hi & 0x7777u));
  o.mulhi = __mulhi((int)lo, (int)hi);
  o.umulhi = __umulhi(lo, hi);
  o.mul64hi = __mul64hi((long long)x, (long long)(x * 0x9E3779B97F4A7C15ull));
  o.umul64hi = __umul64hi(x, x * 0x9E3779B97F4A7C15ull);
  o.mul24 = __mul24((int)(lo << 8) >> 8, (int)(hi << 8) >> 8);
  o.umul24 = __umul24(lo & 0xffffff, hi & 0xffffff);
  o.sad = __sad((int)lo, (int)hi, 17u);
  o.usad = __usad(lo, hi, 17u);
  o.fsl = __funnelshift_l(lo, hi, hi % 37);
  o.fsr = __funnelshift_r(lo, hi, hi % 37);
  out[i] = o;
}

static int ref_clz32(unsigned v) { return v ? __builtin_clz(v) : 32; }
static int ref_clz64(unsigned long long v) { return v ? __builtin_clzll(v) : 64; }
static unsigned ref_brev(unsigned v) {
  unsigned r = 0;
  for (int i = 0; i < 32; ++i) r |= ((v >> i) & 1u) << (31 - i);
  return r;
}
static unsigned long long ref_brevll(unsigned long long v) {
  unsigned long long r = 0;
  for (int i = 0; i < 64; ++i) r |= ((v >> i) & 1ull) << (63 - i);
  return r;
}
static unsigned ref_perm(unsigned x, unsigned y, unsigned s) {
  unsigned long long b = ((unsigned long long)y << 32) | x;
  unsigned r = 0;
  for (int k = 0; k < 4; ++k) {
    unsigned sel = (s >> (4 * k)) & 7u;
    r |= (unsigned)((b >> (8 * sel)) & 0xff) << (8 * k);
  }
  return r;
}

int main() {
  std::vector<unsigned long long> vals = {0ull, 1ull, 2ull, 3ull, 0x80000000ull, 0xffffffffull,
                                          0x100000000ull, 0x8000000000000000ull, ~0ull, 0x0123456789abcdefull,
                                          0xfedcba9876543210ull, 0x00000000ffff0000ull, 0x7fffffff7fffffffull};
  unsigned long long st = 0x243F6A8885A308D3ull;
  while (vals.size() < 4096) {
    st ^= st << 13;
    st ^= st >> 7;
    st ^= st << 17;
    unsigned long long v = st;
    if (vals.size() % 5 == 0) v >>= (st % 64);
    vals.push_back(v);
  }
  const int n = (int)vals.size();
  unsigned long long *in;
  Out *out;
  HIP_CHECK(hipMallocManaged((void **)&in, n * sizeof(unsigned long long), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&out, n * sizeof(Out), hipMemAttachGlobal));
  std::memcpy(in, vals.data(), n * sizeof(unsigned long long));
  hipLaunchKernelGGL(intrinsics, dim3((n + 255) / 256), dim3(256), 0, 0, in, out, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i) {
    unsigned long long x = vals[i];
    unsigned lo = (unsigned)x, hi = (unsigned)(x >> 32);
    const Out &o = out[i];
#define EXP(field, want)                                                                                       \
  do {                                                                                                         \
    auto w_ = (want);                                                                                          \
    if (!(o.field == w_))                                                                                      \
      FAIL_AT("%s for x=0x%016llx: got %s, expected %s", #field, x, hip_test::to_str(o.field).c_str(),           \
              hip_test::to_str(w_).c_str());                                                                   \
  } while (0)
    EXP(popc, __builtin_popcount(lo));
    EXP(popcll, __builtin_popcountll(x));
    EXP(clz, ref_clz32(lo));
    EXP(clzll, ref_clz64(x));
    EXP(ffs, lo ? __builtin_ctz(lo) + 1 : 0);
    EXP(ffsll, x ? __builtin_ctzll(x) + 1 : 0);
    EXP(brev, ref_brev(lo));
    EXP(brevll, ref_brevll(x));
#if !HIP_TEST_NVIDIA
    unsigned off = hi % 32, width = 1 + (hi >> 8) % (32 - off);
    if (width == 32) width = 31;
    unsigned want32 = (unsigned)(((unsigned long long)lo >> off) & ((1ull << width) - 1));
    EXP(bext32, want32);
    unsigned off64 = hi % 64, width64 = 1 + (hi >> 8) % (64 - off64);
    if (width64 == 64) width64 = 63;
    unsigned long long want64 = (x >> off64) & ((1ull << width64) - 1);
    EXP(bext64, want64);
#endif
    EXP(perm, ref_perm(lo, hi, hi & 0x7777u));
    EXP(mulhi, (int)(((long long)(int)lo * (long long)(int)hi) >> 32));
    EXP(umulhi, (unsigned)(((unsigned long long)lo * hi) >> 32));
    unsigned long long y = x * 0x9E3779B97F4A7C15ull;
    EXP(mul64hi, (long long)(((__int128)(long long)x * (__int128)(long long)y) >> 64));
    EXP(umul64hi, (unsigned long long)(((unsigned __int128)x * y) >> 64));
    int a24 = (int)(lo << 8) >> 8, b24 = (int)(hi << 8) >> 8;
    EXP(mul24, (int)((long long)a24 * b24));
    EXP(umul24, (lo & 0xffffff) * (hi & 0xffffff));
    EXP(sad, (unsigned)(std::llabs((long long)(int)lo - (long long)(int)hi) + 17));
    EXP(usad, (unsigned)((lo > hi ? lo - hi : hi - lo) + 17u));
    unsigned sh = (hi % 37) & 31; // CUDA: the shift is taken modulo 32
    unsigned long long cat = ((unsigned long long)hi << 32) | lo;
    EXP(fsl, (unsigned)((cat << sh) >> 32));
    EXP(fsr, (unsigned)(cat >> sh));
  }
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  return hip_test::pass();
}
