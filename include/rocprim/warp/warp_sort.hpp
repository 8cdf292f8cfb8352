/* ferrocm rocPRIM: warp_sort (rocPRIM's warp_sort.hpp API): the logical warp's keys (and values)
 * sorted by compare_function into the blocked arrangement (lane 0 merges them in the warp's
 * storage between wavefront barriers; every running lane of the 64-lane wavefront must call). */
#ifndef ROCPRIM_WARP_WARP_SORT_HPP_
#define ROCPRIM_WARP_WARP_SORT_HPP_

#include "../block/detail/block_core.hpp"

BEGIN_ROCPRIM_NAMESPACE

template <class Key, unsigned int WarpSize = ROCPRIM_WARP_SIZE, class Value = empty_type> class warp_sort {
  static constexpr bool with_values = !std::is_same<Value, empty_type>::value;
  static constexpr unsigned MaxItems = 8; /* items per lane the storage holds */

public:
  struct storage_type {
    detail::raw_array<Key, WarpSize * MaxItems> keys[2];
    detail::raw_array<Value, with_values ? WarpSize * MaxItems : 1> values[2];
    unsigned int result;
  };

  template <class BinaryFunction = ::rocprim::less<Key>>
  ROCPRIM_DEVICE void sort(Key &thread_key, storage_type &storage, BinaryFunction compare_function = BinaryFunction()) {
    Key k[1] = {thread_key};
    run<false>(k, static_cast<Value(*)[1]>(nullptr), storage, compare_function);
    thread_key = k[0];
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = ::rocprim::less<Key>>
  ROCPRIM_DEVICE void sort(Key (&thread_keys)[ItemsPerThread], storage_type &storage,
                           BinaryFunction compare_function = BinaryFunction()) {
    run<false>(thread_keys, static_cast<Value(*)[ItemsPerThread]>(nullptr), storage, compare_function);
  }
  template <class BinaryFunction = ::rocprim::less<Key>, bool V = with_values, class = std::enable_if_t<V>>
  ROCPRIM_DEVICE void sort(Key &thread_key, Value &thread_value, storage_type &storage,
                           BinaryFunction compare_function = BinaryFunction()) {
    Key k[1] = {thread_key};
    Value v[1] = {thread_value};
    run<true>(k, &v, storage, compare_function);
    thread_key = k[0];
    thread_value = v[0];
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = ::rocprim::less<Key>, bool V = with_values,
            class = std::enable_if_t<V>>
  ROCPRIM_DEVICE void sort(Key (&thread_keys)[ItemsPerThread], Value (&thread_values)[ItemsPerThread],
                           storage_type &storage, BinaryFunction compare_function = BinaryFunction()) {
    run<true>(thread_keys, &thread_values, storage, compare_function);
  }

private:
  template <bool Pairs, unsigned int IPT, class Comp>
  ROCPRIM_DEVICE void run(Key (&keys)[IPT], Value (*values)[IPT], storage_type &s, Comp comp) {
    static_assert(IPT <= MaxItems, "warp_sort: at most 8 items per lane");
    const unsigned l = ::rocprim::flat_block_thread_id() % WarpSize;
    for (unsigned i = 0; i < IPT; ++i) {
      s.keys[0].put(l * IPT + i, keys[i]);
      if (Pairs) s.values[0].put(l * IPT + i, (*values)[i]);
    }
    ::rocprim::wave_barrier();
    if (l == 0)
      s.result = detail::serial_merge_sort<Pairs>(s.keys[0].data(), s.keys[1].data(), s.values[0].data(),
                                                  s.values[1].data(), WarpSize * IPT, comp);
    ::rocprim::wave_barrier();
    const unsigned r = s.result;
    for (unsigned i = 0; i < IPT; ++i) {
      keys[i] = s.keys[r][l * IPT + i];
      if (Pairs) (*values)[i] = s.values[r][l * IPT + i];
    }
    ::rocprim::wave_barrier();
  }
};

END_ROCPRIM_NAMESPACE

#endif
