/* ferrocm hipCUB: BlockRadixRank (CUB's block_radix_rank.cuh API): the rank of every key in the
 * stable order by its digit (bits [current_bit, current_bit + num_bits) of the unsigned key, or
 * the digit a DigitExtractor gives), blocked arrangement; IS_DESCENDING orders digits from high
 * to low. NVIDIA: CUB's. */
#ifndef HIPCUB_BLOCK_BLOCK_RADIX_RANK_HPP_
#define HIPCUB_BLOCK_BLOCK_RADIX_RANK_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "block_misc_core.hpp"
#include "block_scan.hpp"

BEGIN_HIPCUB_NAMESPACE

template <int BLOCK_DIM_X, int RADIX_BITS, bool IS_DESCENDING, bool MEMOIZE_OUTER_SCAN = false,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          hipSharedMemConfig SMEM_CONFIG = hipSharedMemBankSizeFourByte, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
          int ARCH = HIPCUB_ARCH>
class BlockRadixRank {
  static constexpr unsigned B = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr unsigned RADIX_DIGITS = 1u << RADIX_BITS;
  static constexpr unsigned MAX_ITEMS = 32; /* keys per thread this storage holds */

public:
  enum { BINS_TRACKED_PER_THREAD = (RADIX_DIGITS + B - 1) / B };
  struct TempStorage {
    unsigned digits[B * MAX_ITEMS];
    int ranks[B * MAX_ITEMS];
    int digit_prefix[RADIX_DIGITS];
  };
  HIPCUB_DEVICE BlockRadixRank() : s_(private_storage()) {}
  HIPCUB_DEVICE BlockRadixRank(TempStorage &temp_storage) : s_(temp_storage) {}

  template <typename UnsignedBits, int KEYS_PER_THREAD>
  HIPCUB_DEVICE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD], int current_bit,
                              int num_bits) {
    const unsigned mask = (num_bits >= 32) ? ~0u : ((1u << num_bits) - 1u);
    rank(keys, ranks, [&](const UnsignedBits &k) { return unsigned((k >> current_bit) & mask); });
  }
  template <typename UnsignedBits, int KEYS_PER_THREAD>
  HIPCUB_DEVICE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD], int current_bit,
                              int num_bits, int (&exclusive_digit_prefix)[BINS_TRACKED_PER_THREAD]) {
    RankKeys(keys, ranks, current_bit, num_bits);
    prefixes(exclusive_digit_prefix);
  }
  /* CUB 2.x: the digit of each key from digit_extractor.Digit(key). */
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT,
            typename = decltype(std::declval<DigitExtractorT>().Digit(std::declval<UnsignedBits>()))>
  HIPCUB_DEVICE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                              DigitExtractorT digit_extractor) {
    rank(keys, ranks, [&](const UnsignedBits &k) { return unsigned(digit_extractor.Digit(k)); });
  }
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT,
            typename = decltype(std::declval<DigitExtractorT>().Digit(std::declval<UnsignedBits>()))>
  HIPCUB_DEVICE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                              DigitExtractorT digit_extractor, int (&exclusive_digit_prefix)[BINS_TRACKED_PER_THREAD]) {
    RankKeys(keys, ranks, digit_extractor);
    prefixes(exclusive_digit_prefix);
  }

private:
  static HIPCUB_DEVICE unsigned tid() { return detail::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>(); }
  static HIPCUB_DEVICE TempStorage &private_storage() {
    HIPCUB_SHARED_MEMORY TempStorage storage;
    return storage;
  }
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename Digit>
  HIPCUB_DEVICE void rank(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD], Digit digit) {
    static_assert(KEYS_PER_THREAD <= int(MAX_ITEMS), "BlockRadixRank: at most 32 keys per thread");
    const unsigned t = tid(), n = B * KEYS_PER_THREAD;
    for (int i = 0; i < KEYS_PER_THREAD; ++i) {
      unsigned d = digit(keys[i]) & (RADIX_DIGITS - 1u);
      s_.digits[t * KEYS_PER_THREAD + i] = IS_DESCENDING ? RADIX_DIGITS - 1u - d : d;
    }
    __syncthreads();
    if (t == 0) {
      for (unsigned d = 0; d < RADIX_DIGITS; ++d) s_.digit_prefix[d] = 0;
      for (unsigned j = 0; j < n; ++j) ++s_.digit_prefix[s_.digits[j]];
      int sum = 0;
      for (unsigned d = 0; d < RADIX_DIGITS; ++d) {
        const int c = s_.digit_prefix[d];
        s_.digit_prefix[d] = sum;
        sum += c;
      }
      int next[RADIX_DIGITS];
      for (unsigned d = 0; d < RADIX_DIGITS; ++d) next[d] = s_.digit_prefix[d];
      for (unsigned j = 0; j < n; ++j) s_.ranks[j] = next[s_.digits[j]]++;
    }
    __syncthreads();
    for (int i = 0; i < KEYS_PER_THREAD; ++i) ranks[i] = s_.ranks[t * KEYS_PER_THREAD + i];
  }
  /* Work-item t gets the exclusive prefix of digits t * BINS_TRACKED_PER_THREAD + i. */
  HIPCUB_DEVICE void prefixes(int (&out)[BINS_TRACKED_PER_THREAD]) {
    const unsigned t = tid();
    for (int i = 0; i < BINS_TRACKED_PER_THREAD; ++i) {
      const unsigned d = t * BINS_TRACKED_PER_THREAD + unsigned(i);
      if (d < RADIX_DIGITS) out[i] = s_.digit_prefix[IS_DESCENDING ? RADIX_DIGITS - 1u - d : d];
    }
  }
  TempStorage &s_;
};

END_HIPCUB_NAMESPACE
#endif

#endif
