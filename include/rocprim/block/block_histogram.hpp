/* ferrocm rocPRIM: block_histogram (rocPRIM's block_histogram.hpp API): init_histogram zeroes the
 * caller's Bins counters (usually shared memory), composite adds the block's items (bin indices)
 * -- work-item 0 counts them, deterministic for any counter type --, histogram does both. */
#ifndef ROCPRIM_BLOCK_BLOCK_HISTOGRAM_HPP_
#define ROCPRIM_BLOCK_BLOCK_HISTOGRAM_HPP_

#include "detail/block_core.hpp"

BEGIN_ROCPRIM_NAMESPACE

enum class block_histogram_algorithm { using_atomic, using_sort, default_algorithm = using_atomic };

template <class T, unsigned int BlockSizeX, unsigned int ItemsPerThread, unsigned int Bins,
          block_histogram_algorithm Algorithm = block_histogram_algorithm::default_algorithm,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_histogram {
  static constexpr unsigned int BlockSize = BlockSizeX * BlockSizeY * BlockSizeZ;

public:
  struct storage_type {
    detail::raw_array<T, BlockSize * ItemsPerThread> items;
  };

  template <class Counter> ROCPRIM_DEVICE void init_histogram(Counter hist[Bins]) {
    for (unsigned i = tid(); i < Bins; i += BlockSize) hist[i] = Counter(0);
  }
  template <class Counter>
  ROCPRIM_DEVICE void composite(T (&input)[ItemsPerThread], Counter hist[Bins], storage_type &storage) {
    const unsigned t = tid();
    for (unsigned i = 0; i < ItemsPerThread; ++i) storage.items.put(t * ItemsPerThread + i, input[i]);
    ::rocprim::syncthreads();
    if (t == 0)
      for (unsigned j = 0; j < BlockSize * ItemsPerThread; ++j) {
        const auto bin = static_cast<long long>(storage.items[j]);
        if (bin >= 0 && bin < (long long)Bins) hist[bin] = Counter(hist[bin] + Counter(1));
      }
    ::rocprim::syncthreads();
  }
  template <class Counter> ROCPRIM_DEVICE void composite(T (&input)[ItemsPerThread], Counter hist[Bins]) {
    composite(input, hist, private_storage());
  }
  template <class Counter>
  ROCPRIM_DEVICE void histogram(T (&input)[ItemsPerThread], Counter hist[Bins], storage_type &storage) {
    init_histogram(hist);
    ::rocprim::syncthreads();
    composite(input, hist, storage);
  }
  template <class Counter> ROCPRIM_DEVICE void histogram(T (&input)[ItemsPerThread], Counter hist[Bins]) {
    histogram(input, hist, private_storage());
  }

private:
  ROCPRIM_DEVICE static unsigned tid() { return ::rocprim::flat_block_thread_id<BlockSizeX, BlockSizeY, BlockSizeZ>(); }
  ROCPRIM_DEVICE static storage_type &private_storage() {
    ROCPRIM_SHARED_MEMORY storage_type storage;
    return storage;
  }
};

END_ROCPRIM_NAMESPACE

#endif
