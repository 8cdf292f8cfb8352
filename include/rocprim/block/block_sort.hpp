/* ferrocm rocPRIM: block_sort (rocPRIM's block_sort.hpp API): the block's keys (and values) sorted
 * by compare_function into the blocked arrangement (work-item 0 merges them in the storage; the
 * order of equal keys is kept, which rocPRIM does not promise). The `size` forms sort the first
 * `size` items and leave the others where they are. */
#ifndef ROCPRIM_BLOCK_BLOCK_SORT_HPP_
#define ROCPRIM_BLOCK_BLOCK_SORT_HPP_

#include "detail/block_core.hpp"

BEGIN_ROCPRIM_NAMESPACE

enum class block_sort_algorithm { merge_sort, bitonic_sort, default_algorithm = bitonic_sort };

template <class Key, unsigned int BlockSizeX, unsigned int ItemsPerThread = 1, class Value = empty_type,
          block_sort_algorithm Algorithm = block_sort_algorithm::default_algorithm, unsigned int BlockSizeY = 1,
          unsigned int BlockSizeZ = 1>
class block_sort {
  static constexpr unsigned int BlockSize = BlockSizeX * BlockSizeY * BlockSizeZ;
  static constexpr unsigned int N = BlockSize * ItemsPerThread;
  static constexpr bool with_values = !std::is_same<Value, empty_type>::value;

public:
  struct storage_type {
    detail::raw_array<Key, N> keys[2];
    detail::raw_array<Value, with_values ? N : 1> values[2];
    unsigned int result;
  };

  template <class BinaryFunction = ::rocprim::less<Key>>
  ROCPRIM_DEVICE void sort(Key (&thread_keys)[ItemsPerThread], storage_type &storage,
                           BinaryFunction compare_function = BinaryFunction()) {
    run<false>(thread_keys, nullptr, storage, N, compare_function);
  }
  template <class BinaryFunction = ::rocprim::less<Key>>
  ROCPRIM_DEVICE void sort(Key (&thread_keys)[ItemsPerThread], BinaryFunction compare_function = BinaryFunction()) {
    sort(thread_keys, private_storage(), compare_function);
  }
  template <class BinaryFunction = ::rocprim::less<Key>, unsigned int I = ItemsPerThread,
            class = std::enable_if_t<I == 1>>
  ROCPRIM_DEVICE void sort(Key &thread_key, storage_type &storage, BinaryFunction compare_function = BinaryFunction()) {
    Key k[1] = {thread_key};
    run<false>(k, nullptr, storage, N, compare_function);
    thread_key = k[0];
  }
  template <class BinaryFunction = ::rocprim::less<Key>, unsigned int I = ItemsPerThread,
            class = std::enable_if_t<I == 1>>
  ROCPRIM_DEVICE void sort(Key &thread_key, storage_type &storage, const unsigned int size,
                           BinaryFunction compare_function = BinaryFunction()) {
    Key k[1] = {thread_key};
    run<false>(k, nullptr, storage, size < N ? size : N, compare_function);
    thread_key = k[0];
  }
  template <class BinaryFunction = ::rocprim::less<Key>, bool V = with_values, class = std::enable_if_t<V>>
  ROCPRIM_DEVICE void sort(Key (&thread_keys)[ItemsPerThread], Value (&thread_values)[ItemsPerThread],
                           storage_type &storage, BinaryFunction compare_function = BinaryFunction()) {
    run<true>(thread_keys, &thread_values, storage, N, compare_function);
  }
  template <class BinaryFunction = ::rocprim::less<Key>, bool V = with_values, class = std::enable_if_t<V>>
  ROCPRIM_DEVICE void sort(Key (&thread_keys)[ItemsPerThread], Value (&thread_values)[ItemsPerThread],
                           BinaryFunction compare_function = BinaryFunction()) {
    sort(thread_keys, thread_values, private_storage(), compare_function);
  }

private:
  ROCPRIM_DEVICE static storage_type &private_storage() {
    ROCPRIM_SHARED_MEMORY storage_type storage;
    return storage;
  }
  template <bool Pairs, class Comp>
  ROCPRIM_DEVICE void run(Key (&keys)[ItemsPerThread], Value (*values)[ItemsPerThread], storage_type &s,
                          unsigned size, Comp comp) {
    const unsigned t = ::rocprim::flat_block_thread_id<BlockSizeX, BlockSizeY, BlockSizeZ>();
    for (unsigned i = 0; i < ItemsPerThread; ++i) {
      s.keys[0].put(t * ItemsPerThread + i, keys[i]);
      if (Pairs) s.values[0].put(t * ItemsPerThread + i, (*values)[i]);
    }
    ::rocprim::syncthreads();
    if (t == 0) {
      s.result = detail::serial_merge_sort<Pairs>(s.keys[0].data(), s.keys[1].data(), s.values[0].data(),
                                                  s.values[1].data(), size, comp);
      /* Items past `size` stay where they were: bring them into the result buffer. */
      if (s.result != 0)
        for (unsigned j = size; j < N; ++j) {
          s.keys[1].put(j, s.keys[0][j]);
          if (Pairs) s.values[1].put(j, s.values[0][j]);
        }
    }
    ::rocprim::syncthreads();
    const unsigned r = s.result;
    for (unsigned i = 0; i < ItemsPerThread; ++i) {
      keys[i] = s.keys[r][t * ItemsPerThread + i];
      if (Pairs) (*values)[i] = s.values[r][t * ItemsPerThread + i];
    }
  }
};

END_ROCPRIM_NAMESPACE

#endif
