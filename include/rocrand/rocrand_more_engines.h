/*
 * rocRAND's MRG31k3p, LFSR113 and ThreeFry (2x32-20, 4x32-20, 2x64-20, 4x64-20) device
 * engines for ferrocm's CPU platform (device code is C++ compiled for the host), the same
 * algorithms, seeding and skip-ahead as ferrocm-rand's host generators
 * (crates/libs/rand/src/engines/): its tests check each against rocRAND 5.7's own headers
 * (and the published definitions), and the device-API HIP program checks these states
 * against the host generators. Jump matrices are computed from
 * the recurrences on first use (thread-safe statics). ferrocm's own code.
 */
#ifndef FERROCM_ROCRAND_MORE_ENGINES_H_
#define FERROCM_ROCRAND_MORE_ENGINES_H_

#include "rocrand_engines.h"

#define ROCRAND_MRG31K3P_DEFAULT_SEED 12345ULL
#define ROCRAND_MRG31K3P_M1 2147483647U
#define ROCRAND_MRG31K3P_M2 2147462579U
#define ROCRAND_MRG31K3P_NORM_DOUBLE (4.656612875245796923e-10)
#define ROCRAND_MRG31K3P_UINT32_NORM (2.000000001396983862)
#define ROCRAND_LFSR113_DEFAULT_SEED_X 2U
#define ROCRAND_LFSR113_DEFAULT_SEED_Y 8U
#define ROCRAND_LFSR113_DEFAULT_SEED_Z 16U
#define ROCRAND_LFSR113_DEFAULT_SEED_W 128U
#define ROCRAND_THREEFRY_DEFAULT_SEED 0ULL

namespace rocrand_device {
namespace detail {

/* MRG31k3p's reductions (full, as rocRAND's). */
FQUALIFIERS unsigned long long mrg31_mod_m1(unsigned long long p) { return p % ROCRAND_MRG31K3P_M1; }
FQUALIFIERS unsigned long long mrg31_mod_m2(unsigned long long p) { return p % ROCRAND_MRG31K3P_M2; }

/* A^(2^i), A^(2^72 * 2^i) and A^(2^134 * 2^i) for both components (newest-first states). */
struct mrg31k3p_jumps {
  unsigned long long a1[3][64][9];
  unsigned long long a2[3][64][9];
};

inline void mrg31_fill(const unsigned long long a[9], unsigned long long m, unsigned long long out[3][64][9]) {
  const int skip[3] = {0, 72, 134};
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

inline const mrg31k3p_jumps& mrg31k3p_tables() {
  static const mrg31k3p_jumps* tables = [] {
    mrg31k3p_jumps* t = new mrg31k3p_jumps;
    const unsigned long long a1[9] = {0, 1ULL << 22, (1ULL << 7) + 1, 1, 0, 0, 0, 1, 0};
    const unsigned long long a2[9] = {1ULL << 15, 0, (1ULL << 15) + 1, 1, 0, 0, 0, 1, 0};
    mrg31_fill(a1, ROCRAND_MRG31K3P_M1, t->a1);
    mrg31_fill(a2, ROCRAND_MRG31K3P_M2, t->a2);
    return t;
  }();
  return *tables;
}

/* LFSR113's four components, one step. */
FQUALIFIERS void lfsr113_step(unsigned int z[4]) {
  unsigned int b = ((z[0] << 6) ^ z[0]) >> 13;
  z[0] = ((z[0] & 4294967294U) << 18) ^ b;
  b = ((z[1] << 2) ^ z[1]) >> 27;
  z[1] = ((z[1] & 4294967288U) << 2) ^ b;
  b = ((z[2] << 13) ^ z[2]) >> 21;
  z[2] = ((z[2] & 4294967280U) << 7) ^ b;
  b = ((z[3] << 3) ^ z[3]) >> 12;
  z[3] = ((z[3] & 4294967168U) << 13) ^ b;
}

/* 32x32 GF(2) matrices by columns. */
FQUALIFIERS unsigned int gf2_32_apply(const unsigned int m[32], unsigned int v) {
  unsigned int r = 0;
  for (int b = 0; b < 32; b++)
    if (v & (1u << b)) r ^= m[b];
  return r;
}

/* [component][kind][i]: kind 0 = M^(2^i), kind 1 = M^(2^55 * 2^i). */
struct lfsr113_jumps {
  unsigned int m[4][2][64][32];
};

inline const lfsr113_jumps& lfsr113_tables() {
  static const lfsr113_jumps* tables = [] {
    lfsr113_jumps* t = new lfsr113_jumps;
    for (int c = 0; c < 4; c++) {
      unsigned int m[32], far[32], tmp[32];
      for (int b = 0; b < 32; b++) {
        unsigned int z[4] = {0, 0, 0, 0};
        z[c] = 1u << b;
        lfsr113_step(z);
        m[b] = far[b] = z[c];
      }
      for (int s = 0; s < 55; s++) {
        for (int b = 0; b < 32; b++) tmp[b] = gf2_32_apply(far, far[b]);
        for (int b = 0; b < 32; b++) far[b] = tmp[b];
      }
      unsigned int* src[2] = {m, far};
      for (int kind = 0; kind < 2; kind++) {
        unsigned int p[32];
        for (int b = 0; b < 32; b++) p[b] = src[kind][b];
        for (int i = 0; i < 64; i++) {
          for (int b = 0; b < 32; b++) t->m[c][kind][i][b] = p[b];
          for (int b = 0; b < 32; b++) tmp[b] = gf2_32_apply(p, p[b]);
          for (int b = 0; b < 32; b++) p[b] = tmp[b];
        }
      }
    }
    return t;
  }();
  return *tables;
}

/* Threefry words: rotations (Random123's R_32x2, R_64x2, R_32x4, R_64x4) and Skein's parity. */
template <class W> struct threefry_word;
template <> struct threefry_word<unsigned int> {
  static FQUALIFIERS unsigned int parity() { return 0x1BD11BDAU; }
  static FQUALIFIERS unsigned int rot2(int r) {
    const unsigned int R[8] = {13, 15, 26, 6, 17, 29, 16, 24};
    return R[r];
  }
  static FQUALIFIERS unsigned int rot4(int r, int k) {
    const unsigned int R[8][2] = {{10, 26}, {11, 21}, {13, 27}, {23, 5}, {6, 20}, {17, 11}, {25, 10}, {18, 20}};
    return R[r][k];
  }
};
template <> struct threefry_word<unsigned long long> {
  static FQUALIFIERS unsigned long long parity() { return 0x1BD11BDAA9FC1A22ULL; }
  static FQUALIFIERS unsigned int rot2(int r) {
    const unsigned int R[8] = {16, 42, 12, 31, 16, 32, 24, 21};
    return R[r];
  }
  static FQUALIFIERS unsigned int rot4(int r, int k) {
    const unsigned int R[8][2] = {{14, 16}, {52, 57}, {23, 40}, {5, 37}, {25, 33}, {46, 12}, {58, 22}, {32, 32}};
    return R[r][k];
  }
};

/* rocRAND's rotations: true for 32-bit words; for 64-bit words only the low 6 bits of
 * the wrapped part come back (rocRAND's `x >> (64 - d) & 63`, reproduced as it is). */
FQUALIFIERS unsigned int rotl(unsigned int x, unsigned int r) { return (x << (r & 31)) | (x >> ((32 - r) & 31)); }
FQUALIFIERS unsigned long long rotl(unsigned long long x, unsigned int r) { return (x << r) | ((x >> (64 - r)) & 63); }

template <class W, int N> FQUALIFIERS void threefry_block(const W ctr[N], const W key[N], W out[N]) {
  typedef threefry_word<W> T;
  if (N == 2) {
    const W ks[3] = {key[0], key[1], (W)(T::parity() ^ key[0] ^ key[1])};
    W x0 = ctr[0] + ks[0], x1 = ctr[1] + ks[1];
    for (int r = 0; r < 20; r++) {
      x0 += x1;
      x1 = rotl(x1, T::rot2(r % 8));
      x1 ^= x0;
      if (r % 4 == 3) {
        const int i = (r + 1) / 4;
        x0 += ks[i % 3];
        x1 += ks[(i + 1) % 3] + (W)i;
      }
    }
    out[0] = x0;
    out[1] = x1;
  } else {
    const W ks[5] = {key[0], key[1], key[N > 2 ? 2 : 0], key[N > 3 ? 3 : 0],
                     (W)(T::parity() ^ key[0] ^ key[1] ^ key[N > 2 ? 2 : 0] ^ key[N > 3 ? 3 : 0])};
    W x[4] = {ctr[0] + ks[0], ctr[1] + ks[1], ctr[N > 2 ? 2 : 0] + ks[2], ctr[N > 3 ? 3 : 0] + ks[3]};
    for (int r = 0; r < 20; r++) {
      const unsigned int ra = T::rot4(r % 8, 0), rb = T::rot4(r % 8, 1);
      /* rocRAND switches the mixed pairs every two rounds (Random123: every round). */
      if ((r & 2) == 0) {
        x[0] += x[1]; x[1] = rotl(x[1], ra); x[1] ^= x[0];
        x[2] += x[3]; x[3] = rotl(x[3], rb); x[3] ^= x[2];
      } else {
        x[0] += x[3]; x[3] = rotl(x[3], ra); x[3] ^= x[0];
        x[2] += x[1]; x[1] = rotl(x[1], rb); x[1] ^= x[2];
      }
      if (r % 4 == 3) {
        const int i = (r + 1) / 4;
        for (int j = 0; j < 4; j++) x[j] += ks[(i + j) % 5];
        x[3] += (W)i;
      }
    }
    for (int j = 0; j < N; j++) out[j] = x[j];
  }
}

} // namespace detail

class mrg31k3p_engine {
public:
  FQUALIFIERS mrg31k3p_engine() { seed(ROCRAND_MRG31K3P_DEFAULT_SEED, 0, 0); }
  FQUALIFIERS mrg31k3p_engine(unsigned long long s, unsigned long long subsequence,
                              unsigned long long offset) {
    seed(s, subsequence, offset);
  }
  FQUALIFIERS void seed(unsigned long long s, unsigned long long subsequence,
                        unsigned long long offset) {
    if (s == 0) s = ROCRAND_MRG31K3P_DEFAULT_SEED;
    const unsigned int x = (unsigned int)(s ^ 0x55555555U);
    const unsigned int y = (unsigned int)((s >> 32) ^ 0xAAAAAAAAU);
    x1_[0] = (unsigned int)mod_mul(x, s, detail::mrg31_mod_m1);
    x1_[1] = (unsigned int)mod_mul(y, s, detail::mrg31_mod_m1);
    x1_[2] = (unsigned int)mod_mul(x, s, detail::mrg31_mod_m1);
    x2_[0] = (unsigned int)mod_mul(y, s, detail::mrg31_mod_m2);
    x2_[1] = (unsigned int)mod_mul(x, s, detail::mrg31_mod_m2);
    x2_[2] = (unsigned int)mod_mul(y, s, detail::mrg31_mod_m2);
    bm = detail::boxmuller_cache();
    jump(subsequence, 1);
    jump(offset, 0);
  }
  FQUALIFIERS void discard(unsigned long long n) { jump(n, 0); }
  FQUALIFIERS void discard_subsequence(unsigned long long s) { jump(s, 1); }
  FQUALIFIERS void discard_sequence(unsigned long long s) { jump(s, 2); }
  FQUALIFIERS unsigned int operator()() { return next(); }
  /* The raw output, in [1, m1]: L'Ecuyer and Touzin's shift-and-add form. */
  FQUALIFIERS unsigned int next() {
    const unsigned int M1 = ROCRAND_MRG31K3P_M1, M2 = ROCRAND_MRG31K3P_M2;
    unsigned int t = (((x1_[1] & 511U) << 22) + (x1_[1] >> 9)) + (((x1_[2] & 16777215U) << 7) + (x1_[2] >> 24));
    t -= t >= M1 ? M1 : 0;
    t += x1_[2];
    t -= t >= M1 ? M1 : 0;
    x1_[2] = x1_[1]; x1_[1] = x1_[0]; x1_[0] = t;
    t = ((x2_[0] & 65535U) << 15) + 21069U * (x2_[0] >> 16);
    t -= t >= M2 ? M2 : 0;
    unsigned int t2 = ((x2_[2] & 65535U) << 15) + 21069U * (x2_[2] >> 16);
    t2 -= t2 >= M2 ? M2 : 0;
    t2 += x2_[2];
    t2 -= t2 >= M2 ? M2 : 0;
    t += t2;
    t -= t >= M2 ? M2 : 0;
    x2_[2] = x2_[1]; x2_[1] = x2_[0]; x2_[0] = t;
    return x1_[0] - x2_[0] + (x1_[0] <= x2_[0] ? M1 : 0u);
  }
  detail::boxmuller_cache bm;

private:
  /* (i * j) mod m with the product wrapped to 64 bits. */
  static FQUALIFIERS unsigned long long mod_mul(unsigned int i, unsigned long long j,
                                                unsigned long long (*reduce)(unsigned long long)) {
    return reduce((unsigned long long)i * j);
  }
  static FQUALIFIERS void mat_vec(const unsigned long long a[9], unsigned int s[3],
                                  unsigned long long (*reduce)(unsigned long long)) {
    unsigned long long x[3];
    for (int r = 0; r < 3; r++)
      x[r] = reduce(reduce(a[3 * r] * s[0]) + reduce(a[3 * r + 1] * s[1]) + reduce(a[3 * r + 2] * s[2]));
    s[0] = (unsigned int)x[0]; s[1] = (unsigned int)x[1]; s[2] = (unsigned int)x[2];
  }
  FQUALIFIERS void jump(unsigned long long n, int which) {
    const detail::mrg31k3p_jumps& t = detail::mrg31k3p_tables();
    for (int i = 0; n > 0; i++, n >>= 1)
      if (n & 1) {
        mat_vec(t.a1[which][i], x1_, detail::mrg31_mod_m1);
        mat_vec(t.a2[which][i], x2_, detail::mrg31_mod_m2);
      }
  }
  unsigned int x1_[3];
  unsigned int x2_[3];
};

class lfsr113_engine {
public:
  FQUALIFIERS lfsr113_engine()
      : lfsr113_engine(make_uint4(ROCRAND_LFSR113_DEFAULT_SEED_X, ROCRAND_LFSR113_DEFAULT_SEED_Y,
                                  ROCRAND_LFSR113_DEFAULT_SEED_Z, ROCRAND_LFSR113_DEFAULT_SEED_W),
                       0) {}
  /* The seed words as given (the host generators raise words below 2, 8, 16, 128). */
  FQUALIFIERS lfsr113_engine(uint4 seed, unsigned long long subsequence) {
    z_[0] = seed.x;
    z_[1] = seed.y;
    z_[2] = seed.z;
    z_[3] = seed.w;
    bm = detail::boxmuller_cache();
    jump(subsequence, 1);
  }
  FQUALIFIERS void discard(unsigned long long n) { jump(n, 0); }
  /* One step (rocRAND's engine has only this discard). */
  FQUALIFIERS void discard() { next(); }
  FQUALIFIERS void discard_subsequence(unsigned long long s) { jump(s, 1); }
  FQUALIFIERS unsigned int operator()() { return next(); }
  FQUALIFIERS unsigned int next() {
    detail::lfsr113_step(z_);
    return z_[0] ^ z_[1] ^ z_[2] ^ z_[3];
  }
  detail::boxmuller_cache bm;

private:
  FQUALIFIERS void jump(unsigned long long n, int kind) {
    const detail::lfsr113_jumps& t = detail::lfsr113_tables();
    for (int i = 0; n > 0; i++, n >>= 1)
      if (n & 1)
        for (int c = 0; c < 4; c++) z_[c] = detail::gf2_32_apply(t.m[c][kind][i], z_[c]);
  }
  unsigned int z_[4];
};

/* ThreeFry with N words of type W as rocRAND defines it: key from the seed, the offset
 * counts blocks in the counter (multi-word add with carries), the subsequence is added from
 * word N/2; rocRAND's round schedule and rotations (Random123's Threefry only for 2x32). */
template <class W, int N> class threefry_engine {
public:
  typedef W value_type;
  FQUALIFIERS threefry_engine() : threefry_engine(ROCRAND_THREEFRY_DEFAULT_SEED, 0, 0) {}
  FQUALIFIERS threefry_engine(unsigned long long seed, unsigned long long subsequence,
                              unsigned long long offset) {
    /* rocRAND's keys: {seed, seed >> 32} (2 words), {seed, seed >> 16, seed >> 32,
     * seed >> 48} (4 words), each truncated to a word. */
    for (int i = 0; i < N; i++) {
      counter_[i] = 0;
      key_[i] = (W)(seed >> (N == 2 ? 32 * i : 16 * i));
    }
    substate_ = 0;
    bm = detail::boxmuller_cache();
    add_at(N / 2, subsequence);
    discard(offset);
  }
  FQUALIFIERS void discard(unsigned long long n) {
    const unsigned long long total = substate_ + n % N;
    substate_ = (unsigned int)(total % N);
    add_at(0, n / N + total / N);
  }
  FQUALIFIERS void discard_subsequence(unsigned long long s) { add_at(N / 2, s); }
  FQUALIFIERS W operator()() { return next(); }
  FQUALIFIERS W next() {
    const W r = result_[substate_];
    if (++substate_ == (unsigned int)N) {
      substate_ = 0;
      add_at(0, 1);
    }
    return r;
  }
  detail::boxmuller_cache bm;

private:
  FQUALIFIERS void add_at(int at, unsigned long long v) {
    /* v as words of W (two 32-bit words, or one 64-bit word), added with carries. */
    W add[2] = {(W)v, sizeof(W) == 4 ? (W)(v >> 32) : (W)0};
    W carry = 0;
    for (int i = at; i < N; i++) {
      const int k = i - at;
      const W a = k < 2 ? add[k] : (W)0;
      const W old = counter_[i];
      W s = old + a;
      W c = s < old ? 1 : 0;
      s += carry;
      c += (s < carry) ? 1 : 0;
      counter_[i] = s;
      carry = c;
    }
    detail::threefry_block<W, N>(counter_, key_, result_);
  }
  W counter_[N];
  W key_[N];
  W result_[N];
  unsigned int substate_;
};

} // namespace rocrand_device

typedef rocrand_device::mrg31k3p_engine rocrand_state_mrg31k3p;
typedef rocrand_device::lfsr113_engine rocrand_state_lfsr113;
typedef rocrand_device::threefry_engine<unsigned int, 2> rocrand_state_threefry2x32_20;
typedef rocrand_device::threefry_engine<unsigned int, 4> rocrand_state_threefry4x32_20;
typedef rocrand_device::threefry_engine<unsigned long long, 2> rocrand_state_threefry2x64_20;
typedef rocrand_device::threefry_engine<unsigned long long, 4> rocrand_state_threefry4x64_20;

#endif /* FERROCM_ROCRAND_MORE_ENGINES_H_ */
