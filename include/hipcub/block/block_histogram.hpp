/* ferrocm hipCUB: BlockHistogram (CUB's block_histogram.cuh API). The histogram is the caller's
 * (usually __shared__) array of BINS counters: InitHistogram zeroes it, Composite adds the block's
 * items (each an index below BINS), Histogram does both with a barrier between. NVIDIA: CUB's. */
#ifndef HIPCUB_BLOCK_BLOCK_HISTOGRAM_HPP_
#define HIPCUB_BLOCK_BLOCK_HISTOGRAM_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "block_misc_core.hpp"

BEGIN_HIPCUB_NAMESPACE

enum BlockHistogramAlgorithm { BLOCK_HISTO_SORT, BLOCK_HISTO_ATOMIC };

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS,
          BlockHistogramAlgorithm ALGORITHM = BLOCK_HISTO_SORT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
          int ARCH = HIPCUB_ARCH>
class BlockHistogram {
  static constexpr unsigned B = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

public:
  struct TempStorage {
    detail::raw_array<T, B * ITEMS_PER_THREAD> items;
  };
  HIPCUB_DEVICE BlockHistogram() : s_(private_storage()) {}
  HIPCUB_DEVICE BlockHistogram(TempStorage &temp_storage) : s_(temp_storage) {}

  template <typename CounterT> HIPCUB_DEVICE void InitHistogram(CounterT histogram[BINS]) {
    for (unsigned i = tid(); i < unsigned(BINS); i += B) histogram[i] = CounterT(0);
  }
  template <typename CounterT> HIPCUB_DEVICE void Histogram(T (&items)[ITEMS_PER_THREAD], CounterT histogram[BINS]) {
    InitHistogram(histogram);
    __syncthreads();
    Composite(items, histogram);
  }
  /* Work-item 0 adds every item of the block (no atomics: deterministic for any counter type). */
  template <typename CounterT> HIPCUB_DEVICE void Composite(T (&items)[ITEMS_PER_THREAD], CounterT histogram[BINS]) {
    const unsigned t = tid();
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) s_.items.put(t * ITEMS_PER_THREAD + i, items[i]);
    __syncthreads();
    if (t == 0)
      for (unsigned j = 0; j < B * ITEMS_PER_THREAD; ++j) {
        const auto bin = static_cast<long long>(s_.items[j]);
        if (bin >= 0 && bin < BINS) histogram[bin] = CounterT(histogram[bin] + CounterT(1));
      }
    __syncthreads();
  }

private:
  static HIPCUB_DEVICE unsigned tid() { return detail::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>(); }
  static HIPCUB_DEVICE TempStorage &private_storage() {
    HIPCUB_SHARED_MEMORY TempStorage storage;
    return storage;
  }
  TempStorage &s_;
};

END_HIPCUB_NAMESPACE
#endif

#endif
