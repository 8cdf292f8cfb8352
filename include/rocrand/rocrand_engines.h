/*
 * rocRAND's device engines for ferrocm's CPU platform (device code is C++ compiled for the
 * host): Philox4x32-10, XORWOW and MRG32k3a with rocRAND's seeding, skip-ahead and output,
 * bit for bit (ferrocm-rand's tests check them against rocRAND's own headers; this file is
 * ferrocm's own code, written from the published algorithms). XORWOW's and MRG32k3a's
 * jump matrices are computed from the recurrences on first use (thread-safe statics).
 */
#ifndef FERROCM_ROCRAND_ENGINES_H_
#define FERROCM_ROCRAND_ENGINES_H_

#include <hip/hip_runtime.h>

#ifndef FQUALIFIERS
#define FQUALIFIERS __forceinline__ __device__ __host__
#endif

#define ROCRAND_PHILOX4x32_DEFAULT_SEED 0xdeadbeefdeadbeefULL
#define ROCRAND_XORWOW_DEFAULT_SEED 0ULL
#define ROCRAND_MRG32K3A_DEFAULT_SEED 12345ULL

namespace rocrand_device {
namespace detail {

/* Box-Muller values kept for the next rocrand_normal / rocrand_normal_double call. */
struct boxmuller_cache {
  unsigned int has_float = 0;
  unsigned int has_double = 0;
  float f = 0.0f;
  double d = 0.0;
};

} // namespace detail

class philox4x32_10_engine {
public:
  FQUALIFIERS philox4x32_10_engine() { seed(ROCRAND_PHILOX4x32_DEFAULT_SEED, 0, 0); }
  FQUALIFIERS philox4x32_10_engine(unsigned long long s, unsigned long long subsequence,
                                   unsigned long long offset) {
    seed(s, subsequence, offset);
  }
  FQUALIFIERS void seed(unsigned long long s, unsigned long long subsequence,
                        unsigned long long offset) {
    key_[0] = (unsigned int)s;
    key_[1] = (unsigned int)(s >> 32);
    for (int i = 0; i < 4; i++) counter_[i] = 0;
    substate_ = 0;
    bm = detail::boxmuller_cache();
    add_subsequence(subsequence);
    add_offset(offset);
    refresh();
  }
  FQUALIFIERS void discard(unsigned long long n) { add_offset(n); refresh(); }
  FQUALIFIERS void discard_subsequence(unsigned long long s) { add_subsequence(s); refresh(); }
  FQUALIFIERS unsigned int operator()() { return next(); }
  FQUALIFIERS unsigned int next() {
    unsigned int r = result_[substate_];
    if (++substate_ == 4) { substate_ = 0; bump(); refresh(); }
    return r;
  }
  /* The next four outputs (the position inside the block of four stays where it was). */
  FQUALIFIERS uint4 next4() {
    unsigned int p[4] = {result_[0], result_[1], result_[2], result_[3]};
    bump();
    refresh();
    const unsigned int* n = result_;
    switch (substate_) {
      case 0: return make_uint4(p[0], p[1], p[2], p[3]);
      case 1: return make_uint4(p[1], p[2], p[3], n[0]);
      case 2: return make_uint4(p[2], p[3], n[0], n[1]);
      default: return make_uint4(p[3], n[0], n[1], n[2]);
    }
  }
  detail::boxmuller_cache bm;

private:
  FQUALIFIERS static void mulhilo(unsigned int a, unsigned int b, unsigned int& hi, unsigned int& lo) {
    unsigned long long p = (unsigned long long)a * b;
    hi = (unsigned int)(p >> 32);
    lo = (unsigned int)p;
  }
  FQUALIFIERS void refresh() {
    unsigned int c[4] = {counter_[0], counter_[1], counter_[2], counter_[3]};
    unsigned int k0 = key_[0], k1 = key_[1];
    for (int r = 0; r < 10; r++) {
      unsigned int hi0, lo0, hi1, lo1;
      mulhilo(0xD2511F53U, c[0], hi0, lo0);
      mulhilo(0xCD9E8D57U, c[2], hi1, lo1);
      unsigned int n0 = hi1 ^ c[1] ^ k0, n2 = hi0 ^ c[3] ^ k1;
      c[0] = n0; c[1] = lo1; c[2] = n2; c[3] = lo0;
      k0 += 0x9E3779B9U;
      k1 += 0xBB67AE85U;
    }
    for (int i = 0; i < 4; i++) result_[i] = c[i];
  }
  FQUALIFIERS void bump() {
    if (++counter_[0] != 0) return;
    if (++counter_[1] != 0) return;
    if (++counter_[2] != 0) return;
    ++counter_[3];
  }
  FQUALIFIERS void add_blocks(unsigned long long n) {
    unsigned int t[4] = {counter_[0], counter_[1], counter_[2], counter_[3]};
    counter_[0] = t[0] + (unsigned int)n;
    counter_[1] = t[1] + (unsigned int)(n >> 32) + (counter_[0] < t[0] ? 1u : 0u);
    counter_[2] = t[2] + (counter_[1] < t[1] ? 1u : 0u);
    counter_[3] = t[3] + (counter_[2] < t[2] ? 1u : 0u);
  }
  FQUALIFIERS void add_offset(unsigned long long n) {
    substate_ += (unsigned int)(n & 3);
    if (substate_ >= 4) { n += 4; substate_ -= 4; }
    add_blocks(n / 4);
  }
  FQUALIFIERS void add_subsequence(unsigned long long s) {
    unsigned int z = counter_[2];
    counter_[2] = z + (unsigned int)s;
    counter_[3] += (unsigned int)(s >> 32) + (counter_[2] < z ? 1u : 0u);
  }
  unsigned int counter_[4];
  unsigned int result_[4];
  unsigned int key_[2];
  unsigned int substate_;
};

namespace detail {

/* XORWOW's step matrix powers over GF(2), by columns (column b: image of state bit b). */
struct xorwow_jumps {
  unsigned int offset[32][160][5];   /* M^(4^i) */
  unsigned int sequence[32][160][5]; /* M^(2^67 * 4^i) */
};

FQUALIFIERS void xorwow_step(unsigned int x[5]) {
  const unsigned int t = x[0] ^ (x[0] >> 2);
  x[0] = x[1]; x[1] = x[2]; x[2] = x[3]; x[3] = x[4];
  x[4] = (x[4] ^ (x[4] << 4)) ^ (t ^ (t << 1));
}

inline void gf2_apply(const unsigned int m[160][5], unsigned int v[5]) {
  unsigned int r[5] = {0, 0, 0, 0, 0};
  for (int w = 0; w < 5; w++)
    for (int b = 0; b < 32; b++)
      if (v[w] & (1u << b))
        for (int k = 0; k < 5; k++) r[k] ^= m[w * 32 + b][k];
  for (int k = 0; k < 5; k++) v[k] = r[k];
}

inline void gf2_mul(const unsigned int a[160][5], const unsigned int b[160][5], unsigned int c[160][5]) {
  for (int col = 0; col < 160; col++) {
    unsigned int v[5];
    for (int k = 0; k < 5; k++) v[k] = b[col][k];
    gf2_apply(a, v);
    for (int k = 0; k < 5; k++) c[col][k] = v[k];
  }
}

inline void gf2_powers_of_four(unsigned int (*m)[5], unsigned int out[32][160][5]) {
  static thread_local unsigned int sq[160][5], q[160][5];
  for (int i = 0; i < 32; i++) {
    for (int c = 0; c < 160; c++)
      for (int k = 0; k < 5; k++) out[i][c][k] = m[c][k];
    gf2_mul(m, m, sq);
    gf2_mul(sq, sq, q);
    for (int c = 0; c < 160; c++)
      for (int k = 0; k < 5; k++) m[c][k] = q[c][k];
  }
}

inline const xorwow_jumps& xorwow_tables() {
  static const xorwow_jumps* tables = [] {
    xorwow_jumps* t = new xorwow_jumps;
    static unsigned int m[160][5], p[160][5], tmp[160][5];
    for (int b = 0; b < 160; b++) {
      unsigned int v[5] = {0, 0, 0, 0, 0};
      v[b / 32] = 1u << (b % 32);
      xorwow_step(v);
      for (int k = 0; k < 5; k++) m[b][k] = p[b][k] = v[k];
    }
    for (int i = 0; i < 67; i++) {
      gf2_mul(p, p, tmp);
      for (int c = 0; c < 160; c++)
        for (int k = 0; k < 5; k++) p[c][k] = tmp[c][k];
    }
    gf2_powers_of_four(m, t->offset);
    gf2_powers_of_four(p, t->sequence);
    return t;
  }();
  return *tables;
}

} // namespace detail

class xorwow_engine {
public:
  FQUALIFIERS xorwow_engine() : xorwow_engine(ROCRAND_XORWOW_DEFAULT_SEED, 0, 0) {}
  FQUALIFIERS xorwow_engine(unsigned long long seed, unsigned long long subsequence,
                            unsigned long long offset) {
    const unsigned int s0 = (unsigned int)seed ^ 0x2c7f967fU;
    const unsigned int s1 = (unsigned int)(seed >> 32) ^ 0xa03697cbU;
    const unsigned int t0 = 1228688033U * s0;
    const unsigned int t1 = 2073658381U * s1;
    x_[0] = 123456789U + t0;
    x_[1] = 362436069U ^ t0;
    x_[2] = 521288629U + t1;
    x_[3] = 88675123U ^ t1;
    x_[4] = 5783321U + t0;
    d_ = 6615241U + t1 + t0;
    discard_subsequence(subsequence);
    discard(offset);
  }
  FQUALIFIERS void discard(unsigned long long n) {
    jump(n, detail::xorwow_tables().offset);
    d_ += (unsigned int)n * 362437U;
  }
  FQUALIFIERS void discard_subsequence(unsigned long long s) {
    jump(s, detail::xorwow_tables().sequence);
  }
  FQUALIFIERS unsigned int operator()() { return next(); }
  FQUALIFIERS unsigned int next() {
    detail::xorwow_step(x_);
    d_ += 362437U;
    return d_ + x_[4];
  }
  detail::boxmuller_cache bm;

private:
  FQUALIFIERS void jump(unsigned long long v, const unsigned int table[32][160][5]) {
    for (int i = 0; v > 0; i++, v >>= 2)
      for (unsigned int k = 0; k < (unsigned int)(v & 3); k++) detail::gf2_apply(table[i], x_);
  }
  unsigned int x_[5];
  unsigned int d_;
};

namespace detail {

#define ROCRAND_MRG32K3A_M1 4294967087ULL
#define ROCRAND_MRG32K3A_M2 4294944443ULL
#define ROCRAND_MRG32K3A_NORM_DOUBLE (2.3283065498378288e-10)
#define ROCRAND_MRG32K3A_UINT_NORM (1.000000048661607)

/* rocRAND's partial reductions (its seeding keeps values that are not fully reduced). */
FQUALIFIERS unsigned long long mrg_mod_m1(unsigned long long p) {
  p = 209ULL * (p >> 32) + (p & 0xffffffffULL);
  return p >= ROCRAND_MRG32K3A_M1 ? p - ROCRAND_MRG32K3A_M1 : p;
}
FQUALIFIERS unsigned long long mrg_mod_m2(unsigned long long p) {
  p = 22853ULL * (p >> 32) + (p & 0xffffffffULL);
  p = 22853ULL * (p >> 32) + (p & 0xffffffffULL);
  return p >= ROCRAND_MRG32K3A_M2 ? p - ROCRAND_MRG32K3A_M2 : p;
}

/* A^(2^i), A^(2^76 * 2^i) and A^(2^127 * 2^i) for both components, row-major 3x3. */
struct mrg32k3a_jumps {
  unsigned long long a1[3][64][9];
  unsigned long long a2[3][64][9];
};

inline void mrg_mat_mul(const unsigned long long* a, const unsigned long long* b,
                        unsigned long long* c, unsigned long long m) {
  unsigned long long r[9];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      unsigned __int128 acc = 0;
      for (int k = 0; k < 3; k++) acc += (unsigned __int128)a[3 * i + k] * b[3 * k + j];
      r[3 * i + j] = (unsigned long long)(acc % m);
    }
  for (int i = 0; i < 9; i++) c[i] = r[i];
}

inline void mrg_fill(unsigned long long a[9], unsigned long long m, unsigned long long out[3][64][9]) {
  const int skip[3] = {0, 76, 127};
  for (int t = 0; t < 3; t++) {
    unsigned long long p[9];
    for (int i = 0; i < 9; i++) p[i] = a[i];
    for (int s = 0; s < skip[t]; s++) mrg_mat_mul(p, p, p, m);
    for (int i = 0; i < 64; i++) {
      for (int k = 0; k < 9; k++) out[t][i][k] = p[k];
      mrg_mat_mul(p, p, p, m);
    }
  }
}

inline const mrg32k3a_jumps& mrg32k3a_tables() {
  static const mrg32k3a_jumps* tables = [] {
    mrg32k3a_jumps* t = new mrg32k3a_jumps;
    unsigned long long a1[9] = {0, 1, 0, 0, 0, 1, ROCRAND_MRG32K3A_M1 - 810728ULL, 1403580ULL, 0};
    unsigned long long a2[9] = {0, 1, 0, 0, 0, 1, ROCRAND_MRG32K3A_M2 - 1370589ULL, 0, 527612ULL};
    mrg_fill(a1, ROCRAND_MRG32K3A_M1, t->a1);
    mrg_fill(a2, ROCRAND_MRG32K3A_M2, t->a2);
    return t;
  }();
  return *tables;
}

} // namespace detail

class mrg32k3a_engine {
public:
  FQUALIFIERS mrg32k3a_engine() { seed(ROCRAND_MRG32K3A_DEFAULT_SEED, 0, 0); }
  FQUALIFIERS mrg32k3a_engine(unsigned long long s, unsigned long long subsequence,
                              unsigned long long offset) {
    seed(s, subsequence, offset);
  }
  FQUALIFIERS void seed(unsigned long long s, unsigned long long subsequence,
                        unsigned long long offset) {
    if (s == 0) s = ROCRAND_MRG32K3A_DEFAULT_SEED;
    const unsigned int x = (unsigned int)s ^ 0x55555555U;
    const unsigned int y = (unsigned int)((s >> 32) ^ 0xAAAAAAAAU);
    g1_[0] = (unsigned int)mod_mul(x, s, detail::mrg_mod_m1);
    g1_[1] = (unsigned int)mod_mul(y, s, detail::mrg_mod_m1);
    g1_[2] = (unsigned int)mod_mul(x, s, detail::mrg_mod_m1);
    g2_[0] = (unsigned int)mod_mul(y, s, detail::mrg_mod_m2);
    g2_[1] = (unsigned int)mod_mul(x, s, detail::mrg_mod_m2);
    g2_[2] = (unsigned int)mod_mul(y, s, detail::mrg_mod_m2);
    bm = detail::boxmuller_cache();
    jump(subsequence, 1);
    jump(offset, 0);
  }
  FQUALIFIERS void discard(unsigned long long n) { jump(n, 0); }
  FQUALIFIERS void discard_subsequence(unsigned long long s) { jump(s, 1); }
  FQUALIFIERS void discard_sequence(unsigned long long s) { jump(s, 2); }
  FQUALIFIERS unsigned int operator()() { return next(); }
  /* The raw output, in [1, m1]. */
  FQUALIFIERS unsigned int next() {
    const unsigned int p1 = (unsigned int)detail::mrg_mod_m1(
        1403580ULL * g1_[1] + 810728ULL * (unsigned int)((unsigned int)ROCRAND_MRG32K3A_M1 - g1_[0]));
    g1_[0] = g1_[1]; g1_[1] = g1_[2]; g1_[2] = p1;
    const unsigned int p2 = (unsigned int)detail::mrg_mod_m2(
        527612ULL * g2_[2] + 1370589ULL * (unsigned int)((unsigned int)ROCRAND_MRG32K3A_M2 - g2_[0]));
    g2_[0] = g2_[1]; g2_[1] = g2_[2]; g2_[2] = p2;
    return (p1 - p2) + (p1 <= p2 ? (unsigned int)ROCRAND_MRG32K3A_M1 : 0u);
  }
  detail::boxmuller_cache bm;

private:
  static FQUALIFIERS unsigned long long mod_mul(unsigned int i, unsigned long long j,
                                                unsigned long long (*reduce)(unsigned long long)) {
    const unsigned long long hi = i / 131072U, lo = i - hi * 131072U;
    const unsigned long long t1 = reduce(hi * j) * 131072ULL;
    const unsigned long long t2 = reduce(lo * j);
    return reduce(t1 + t2);
  }
  static FQUALIFIERS void mat_vec(const unsigned long long a[9], unsigned int s[3],
                                  unsigned long long (*reduce)(unsigned long long)) {
    unsigned long long x[3];
    for (int r = 0; r < 3; r++)
      x[r] = reduce(reduce(a[3 * r] * s[0]) + reduce(a[3 * r + 1] * s[1]) + reduce(a[3 * r + 2] * s[2]));
    s[0] = (unsigned int)x[0]; s[1] = (unsigned int)x[1]; s[2] = (unsigned int)x[2];
  }
  FQUALIFIERS void jump(unsigned long long n, int which) {
    const detail::mrg32k3a_jumps& t = detail::mrg32k3a_tables();
    for (int i = 0; n > 0; i++, n >>= 1)
      if (n & 1) {
        mat_vec(t.a1[which][i], g1_, detail::mrg_mod_m1);
        mat_vec(t.a2[which][i], g2_, detail::mrg_mod_m2);
      }
  }
  unsigned int g1_[3];
  unsigned int g2_[3];
};

} // namespace rocrand_device

typedef rocrand_device::philox4x32_10_engine rocrand_state_philox4x32_10;
typedef rocrand_device::xorwow_engine rocrand_state_xorwow;
typedef rocrand_device::mrg32k3a_engine rocrand_state_mrg32k3a;

#endif /* FERROCM_ROCRAND_ENGINES_H_ */
