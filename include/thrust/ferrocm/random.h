// ferrocm's rocThrust, CPU platform: thrust/random.h. The engines produce the sequences
// Thrust's do (minstd_rand, minstd_rand0: our linear_congruential_engine, whose discard(z)
// jumps ahead in O(log z) as Thrust's does, since samples give every element its own
// subsequence with discard(); ranlux24/48 and their bases: the standard engines, defined the
// same way). The distributions are the C++ library's, so a program gets the statistics it gets
// with Thrust but not the same numbers from uniform/normal distributions. taus88 and
// xor_combine_engine are not provided.
#pragma once

#include <cstdint>
#include <istream>
#include <ostream>
#include <random>

namespace thrust {
namespace random {

template <class UIntType, UIntType a, UIntType c, UIntType m>
class linear_congruential_engine {
  static_assert(m > 1 && static_cast<unsigned long long>(m) <= (1ull << 32),
                "ferrocm's thrust: linear_congruential_engine supports moduli up to 2^32");

 public:
  using result_type = UIntType;
  static constexpr result_type multiplier = a;
  static constexpr result_type increment = c;
  static constexpr result_type modulus = m;
  static constexpr result_type default_seed = 1u;
  static constexpr result_type min() { return c == 0u ? 1u : 0u; }
  static constexpr result_type max() { return m - 1u; }

  explicit linear_congruential_engine(result_type s = default_seed) { seed(s); }
  void seed(result_type s = default_seed) {
    // As std::linear_congruential_engine: a zero state of a multiplicative engine becomes 1.
    x_ = (c % m == 0u && s % m == 0u) ? 1u : s % m;
  }
  result_type operator()() {
    x_ = static_cast<result_type>((static_cast<std::uint64_t>(a) * x_ + c) % m);
    return x_;
  }
  // x -> a^z x + c (a^(z-1) + ... + 1) mod m, by squaring the affine map.
  void discard(unsigned long long z) {
    std::uint64_t mul = 1, add = 0, pa = a % m, pc = c % m;
    while (z != 0) {
      if (z & 1u) {
        mul = pa * mul % m;
        add = (pa * add + pc) % m;
      }
      pc = (pa * pc + pc) % m;
      pa = pa * pa % m;
      z >>= 1;
    }
    x_ = static_cast<result_type>((mul * x_ + add) % m);
  }
  friend bool operator==(const linear_congruential_engine &l, const linear_congruential_engine &r) { return l.x_ == r.x_; }
  friend bool operator!=(const linear_congruential_engine &l, const linear_congruential_engine &r) { return l.x_ != r.x_; }
  template <class C, class T>
  friend std::basic_ostream<C, T> &operator<<(std::basic_ostream<C, T> &os, const linear_congruential_engine &e) {
    return os << e.x_;
  }
  template <class C, class T>
  friend std::basic_istream<C, T> &operator>>(std::basic_istream<C, T> &is, linear_congruential_engine &e) {
    return is >> e.x_;
  }

 private:
  result_type x_;
};

using minstd_rand0 = linear_congruential_engine<std::uint32_t, 16807, 0, 2147483647>;
using minstd_rand = linear_congruential_engine<std::uint32_t, 48271, 0, 2147483647>;
using std::discard_block_engine;
using std::normal_distribution;
using std::ranlux24;
using std::ranlux24_base;
using std::ranlux48;
using std::ranlux48_base;
using std::subtract_with_carry_engine;
using std::uniform_int_distribution;
using std::uniform_real_distribution;
using default_random_engine = minstd_rand;  // Thrust's default engine
}  // namespace random
using random::default_random_engine;
using random::minstd_rand;
using random::minstd_rand0;
using random::normal_distribution;
using random::ranlux24;
using random::ranlux24_base;
using random::ranlux48;
using random::ranlux48_base;
using random::uniform_int_distribution;
using random::uniform_real_distribution;
}  // namespace thrust
