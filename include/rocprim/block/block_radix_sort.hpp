/* ferrocm rocPRIM, CPU platform: block_radix_sort (rocPRIM's block_radix_sort.hpp API). The
 * block's keys (and values) go to the storage in blocked order, work-item 0 runs a stable LSD
 * radix sort over bits [begin_bit, end_bit) between the storage's two buffers, and every
 * work-item reads back its sorted items, blocked or striped. Equal keys keep their blocked
 * order, as on the GPU. */
#ifndef ROCPRIM_BLOCK_BLOCK_RADIX_SORT_HPP_
#define ROCPRIM_BLOCK_BLOCK_RADIX_SORT_HPP_

#include "../detail/radix_key.hpp"
#include "block_load_func.hpp"

BEGIN_ROCPRIM_NAMESPACE

template <class Key, unsigned int BlockSizeX, unsigned int ItemsPerThread, class Value = empty_type,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1, unsigned int RadixBitsPerPass = 4>
class block_radix_sort {
  static constexpr unsigned int BlockSize = BlockSizeX * BlockSizeY * BlockSizeZ;
  static constexpr unsigned int N = BlockSize * ItemsPerThread;
  static constexpr bool with_values = !std::is_same<Value, empty_type>::value;
  static_assert(detail::host::is_radix_key<Key>(), "radix sort keys are integers, float or double");

public:
  struct storage_type {
    detail::raw_array<Key, N> keys[2];
    detail::raw_array<Value, with_values ? N : 1> values[2];
    unsigned int result; /* the buffer holding the sorted items */
  };

  ROCPRIM_DEVICE void sort(Key (&keys)[ItemsPerThread], storage_type &storage, unsigned int begin_bit = 0,
                           unsigned int end_bit = 8 * sizeof(Key)) {
    run(keys, nullptr, storage, begin_bit, end_bit, false, false);
  }
  ROCPRIM_DEVICE void sort(Key (&keys)[ItemsPerThread], unsigned int begin_bit = 0,
                           unsigned int end_bit = 8 * sizeof(Key)) {
    run(keys, nullptr, private_storage(), begin_bit, end_bit, false, false);
  }
  ROCPRIM_DEVICE void sort_desc(Key (&keys)[ItemsPerThread], storage_type &storage, unsigned int begin_bit = 0,
                                unsigned int end_bit = 8 * sizeof(Key)) {
    run(keys, nullptr, storage, begin_bit, end_bit, true, false);
  }
  ROCPRIM_DEVICE void sort_desc(Key (&keys)[ItemsPerThread], unsigned int begin_bit = 0,
                                unsigned int end_bit = 8 * sizeof(Key)) {
    run(keys, nullptr, private_storage(), begin_bit, end_bit, true, false);
  }
  ROCPRIM_DEVICE void sort_to_striped(Key (&keys)[ItemsPerThread], storage_type &storage, unsigned int begin_bit = 0,
                                      unsigned int end_bit = 8 * sizeof(Key)) {
    run(keys, nullptr, storage, begin_bit, end_bit, false, true);
  }
  ROCPRIM_DEVICE void sort_desc_to_striped(Key (&keys)[ItemsPerThread], storage_type &storage,
                                           unsigned int begin_bit = 0, unsigned int end_bit = 8 * sizeof(Key)) {
    run(keys, nullptr, storage, begin_bit, end_bit, true, true);
  }
  template <bool V = with_values, class = std::enable_if_t<V>>
  ROCPRIM_DEVICE void sort(Key (&keys)[ItemsPerThread], Value (&values)[ItemsPerThread], storage_type &storage,
                           unsigned int begin_bit = 0, unsigned int end_bit = 8 * sizeof(Key)) {
    run(keys, &values, storage, begin_bit, end_bit, false, false);
  }
  template <bool V = with_values, class = std::enable_if_t<V>>
  ROCPRIM_DEVICE void sort(Key (&keys)[ItemsPerThread], Value (&values)[ItemsPerThread], unsigned int begin_bit = 0,
                           unsigned int end_bit = 8 * sizeof(Key)) {
    run(keys, &values, private_storage(), begin_bit, end_bit, false, false);
  }
  template <bool V = with_values, class = std::enable_if_t<V>>
  ROCPRIM_DEVICE void sort_desc(Key (&keys)[ItemsPerThread], Value (&values)[ItemsPerThread], storage_type &storage,
                                unsigned int begin_bit = 0, unsigned int end_bit = 8 * sizeof(Key)) {
    run(keys, &values, storage, begin_bit, end_bit, true, false);
  }
  template <bool V = with_values, class = std::enable_if_t<V>>
  ROCPRIM_DEVICE void sort_desc(Key (&keys)[ItemsPerThread], Value (&values)[ItemsPerThread],
                                unsigned int begin_bit = 0, unsigned int end_bit = 8 * sizeof(Key)) {
    run(keys, &values, private_storage(), begin_bit, end_bit, true, false);
  }
  template <bool V = with_values, class = std::enable_if_t<V>>
  ROCPRIM_DEVICE void sort_to_striped(Key (&keys)[ItemsPerThread], Value (&values)[ItemsPerThread],
                                      storage_type &storage, unsigned int begin_bit = 0,
                                      unsigned int end_bit = 8 * sizeof(Key)) {
    run(keys, &values, storage, begin_bit, end_bit, false, true);
  }
  template <bool V = with_values, class = std::enable_if_t<V>>
  ROCPRIM_DEVICE void sort_desc_to_striped(Key (&keys)[ItemsPerThread], Value (&values)[ItemsPerThread],
                                           storage_type &storage, unsigned int begin_bit = 0,
                                           unsigned int end_bit = 8 * sizeof(Key)) {
    run(keys, &values, storage, begin_bit, end_bit, true, true);
  }

private:
  ROCPRIM_DEVICE static unsigned tid() { return ::rocprim::flat_block_thread_id<BlockSizeX, BlockSizeY, BlockSizeZ>(); }
  ROCPRIM_DEVICE static storage_type &private_storage() {
    ROCPRIM_SHARED_MEMORY storage_type storage;
    return storage;
  }
  /* Serial stable LSD radix sort of the storage's buffer 0 (work-item 0). */
  ROCPRIM_DEVICE static void sort_storage(storage_type &s, unsigned begin_bit, unsigned end_bit, bool descending) {
    detail::host::radix_digits<Key> dig{begin_bit, end_bit, descending};
    unsigned src = 0;
    for (unsigned shift = 0; begin_bit + shift < end_bit; shift += 8) {
      const unsigned width = (end_bit - begin_bit - shift) < 8 ? end_bit - begin_bit - shift : 8;
      const unsigned mask = (1u << width) - 1u;
      unsigned count[257] = {};
      for (unsigned i = 0; i < N; ++i) ++count[((dig.value(s.keys[src][i]) >> shift) & mask) + 1];
      if (count[1 + ((dig.value(s.keys[src][0]) >> shift) & mask)] == N) continue; /* one digit: no move */
      for (unsigned d = 1; d <= 256; ++d) count[d] += count[d - 1];
      for (unsigned i = 0; i < N; ++i) {
        const Key k = s.keys[src][i];
        const unsigned j = count[(dig.value(k) >> shift) & mask]++;
        s.keys[src ^ 1u].put(j, k);
        if (with_values) s.values[src ^ 1u].put(j, s.values[src][i]);
      }
      src ^= 1u;
    }
    s.result = src;
  }
  ROCPRIM_DEVICE void run(Key (&keys)[ItemsPerThread], Value (*values)[ItemsPerThread], storage_type &s,
                          unsigned begin_bit, unsigned end_bit, bool descending, bool to_striped) {
    const unsigned t = tid();
    if (end_bit > 8 * sizeof(Key)) end_bit = 8 * sizeof(Key);
    for (unsigned i = 0; i < ItemsPerThread; ++i) {
      s.keys[0].put(t * ItemsPerThread + i, keys[i]);
      if (with_values) s.values[0].put(t * ItemsPerThread + i, (*values)[i]);
    }
    ::rocprim::syncthreads();
    if (t == 0) sort_storage(s, begin_bit, end_bit, descending);
    ::rocprim::syncthreads();
    const unsigned r = s.result;
    for (unsigned i = 0; i < ItemsPerThread; ++i) {
      const unsigned j = to_striped ? t + i * BlockSize : t * ItemsPerThread + i;
      keys[i] = s.keys[r][j];
      if (with_values) (*values)[i] = s.values[r][j];
    }
  }
};

END_ROCPRIM_NAMESPACE

#endif
