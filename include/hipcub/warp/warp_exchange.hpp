/* ferrocm hipCUB: WarpExchange, WarpLoad and WarpStore (CUB's warp_exchange.cuh, warp_load.cuh and
 * warp_store.cuh APIs) for logical warps of LOGICAL_WARP_THREADS lanes: the storage is the
 * warp's, the lanes meet at wavefront barriers (every running lane of the 64-lane wavefront must
 * make the call, the CPU engine's wavefront contract). NVIDIA: CUB's. */
#ifndef HIPCUB_WARP_WARP_EXCHANGE_HPP_
#define HIPCUB_WARP_WARP_EXCHANGE_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "../block/block_misc_core.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename InputT, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS = HIPCUB_DEVICE_WARP_THREADS,
          int ARCH = HIPCUB_ARCH>
class WarpExchange {
  static constexpr unsigned W = LOGICAL_WARP_THREADS, N = W * ITEMS_PER_THREAD;

public:
  struct TempStorage {
    detail::raw_array<InputT, N> items;
  };
  HIPCUB_DEVICE WarpExchange(TempStorage &temp_storage) : s_(temp_storage) {}

  template <typename OutputT>
  HIPCUB_DEVICE void BlockedToStriped(const InputT (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD]) {
    const unsigned l = lane();
    move(input, output, [l](unsigned i) { return l * ITEMS_PER_THREAD + i; }, [l](unsigned i) { return l + i * W; });
  }
  template <typename OutputT>
  HIPCUB_DEVICE void StripedToBlocked(const InputT (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD]) {
    const unsigned l = lane();
    move(input, output, [l](unsigned i) { return l + i * W; }, [l](unsigned i) { return l * ITEMS_PER_THREAD + i; });
  }
  template <typename OffsetT>
  HIPCUB_DEVICE void ScatterToStriped(InputT (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    const unsigned l = lane();
    move(items, items, [&ranks](unsigned i) { return unsigned(ranks[i]); }, [l](unsigned i) { return l + i * W; });
  }
  template <typename OutputT, typename OffsetT>
  HIPCUB_DEVICE void ScatterToStriped(const InputT (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                                      OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    const unsigned l = lane();
    move(input, output, [&ranks](unsigned i) { return unsigned(ranks[i]); }, [l](unsigned i) { return l + i * W; });
  }

private:
  static HIPCUB_DEVICE unsigned lane() { return ::rocprim::flat_block_thread_id() % W; }
  template <typename OutputT, class From, class To>
  HIPCUB_DEVICE void move(const InputT (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD], From from,
                          To to) {
    InputT in[ITEMS_PER_THREAD];
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) in[i] = input[i];
    for (unsigned i = 0; i < unsigned(ITEMS_PER_THREAD); ++i) s_.items.put(from(i), in[i]);
    ::rocprim::wave_barrier();
    for (unsigned i = 0; i < unsigned(ITEMS_PER_THREAD); ++i) output[i] = s_.items[to(i)];
    ::rocprim::wave_barrier();
  }
  TempStorage &s_;
};

enum WarpLoadAlgorithm { WARP_LOAD_DIRECT, WARP_LOAD_STRIPED, WARP_LOAD_VECTORIZE, WARP_LOAD_TRANSPOSE };
enum WarpStoreAlgorithm { WARP_STORE_DIRECT, WARP_STORE_STRIPED, WARP_STORE_VECTORIZE, WARP_STORE_TRANSPOSE };

/* The warp's tile starts at the iterator given; WARP_LOAD_STRIPED gives the striped arrangement,
 * the others the blocked one (read directly, as in BlockLoad). */
template <typename InputT, int ITEMS_PER_THREAD, WarpLoadAlgorithm ALGORITHM = WARP_LOAD_DIRECT,
          int LOGICAL_WARP_THREADS = HIPCUB_DEVICE_WARP_THREADS, int ARCH = HIPCUB_ARCH>
class WarpLoad {
  static constexpr unsigned W = LOGICAL_WARP_THREADS;

public:
  struct TempStorage {
    unsigned char unused;
  };
  HIPCUB_DEVICE WarpLoad() {}
  HIPCUB_DEVICE WarpLoad(TempStorage &) {}
  template <typename InputIteratorT> HIPCUB_DEVICE void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD]) {
    Load(block_itr, items, int(W * ITEMS_PER_THREAD));
  }
  template <typename InputIteratorT>
  HIPCUB_DEVICE void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD], int valid_items) {
    const unsigned l = ::rocprim::flat_block_thread_id() % W;
    for (unsigned i = 0; i < unsigned(ITEMS_PER_THREAD); ++i) {
      const unsigned j = ALGORITHM == WARP_LOAD_STRIPED ? l + i * W : l * ITEMS_PER_THREAD + i;
      if (int(j) < valid_items) items[i] = block_itr[j];
    }
  }
  template <typename InputIteratorT, typename DefaultT>
  HIPCUB_DEVICE void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD], int valid_items,
                          DefaultT oob_default) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = InputT(oob_default);
    Load(block_itr, items, valid_items);
  }
};

template <typename T, int ITEMS_PER_THREAD, WarpStoreAlgorithm ALGORITHM = WARP_STORE_DIRECT,
          int LOGICAL_WARP_THREADS = HIPCUB_DEVICE_WARP_THREADS, int ARCH = HIPCUB_ARCH>
class WarpStore {
  static constexpr unsigned W = LOGICAL_WARP_THREADS;

public:
  struct TempStorage {
    unsigned char unused;
  };
  HIPCUB_DEVICE WarpStore() {}
  HIPCUB_DEVICE WarpStore(TempStorage &) {}
  template <typename OutputIteratorT> HIPCUB_DEVICE void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD]) {
    Store(block_itr, items, int(W * ITEMS_PER_THREAD));
  }
  template <typename OutputIteratorT>
  HIPCUB_DEVICE void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items) {
    const unsigned l = ::rocprim::flat_block_thread_id() % W;
    for (unsigned i = 0; i < unsigned(ITEMS_PER_THREAD); ++i) {
      const unsigned j = ALGORITHM == WARP_STORE_STRIPED ? l + i * W : l * ITEMS_PER_THREAD + i;
      if (int(j) < valid_items) block_itr[j] = items[i];
    }
  }
};

/* WarpMergeSort: the logical warp's keys (and values) sorted by compare_op into the blocked
 * arrangement, stably (lane 0 merges in the warp's storage). */
template <typename KeyT, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS = HIPCUB_DEVICE_WARP_THREADS,
          typename ValueT = NullType, int ARCH = HIPCUB_ARCH>
class WarpMergeSort {
  static constexpr unsigned W = LOGICAL_WARP_THREADS, N = W * ITEMS_PER_THREAD;
  static constexpr bool pairs = !std::is_same<ValueT, NullType>::value;
  using value_t = std::conditional_t<pairs, ValueT, unsigned char>;

public:
  struct TempStorage {
    detail::raw_array<KeyT, N> keys[2];
    detail::raw_array<value_t, pairs ? N : 1> values[2];
    unsigned result;
  };
  HIPCUB_DEVICE WarpMergeSort(TempStorage &temp_storage) : s_(temp_storage) {}
  HIPCUB_DEVICE unsigned get_linear_tid() const { return ::rocprim::flat_block_thread_id() % W; }

  template <typename CompareOp> HIPCUB_DEVICE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op) {
    run<false>(keys, nullptr, compare_op, N, nullptr);
  }
  template <typename CompareOp>
  HIPCUB_DEVICE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op, int valid_items, KeyT oob_default) {
    run<false>(keys, nullptr, compare_op, valid_items < 0 ? 0u : unsigned(valid_items), &oob_default);
  }
  template <typename CompareOp>
  HIPCUB_DEVICE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], value_t (&items)[ITEMS_PER_THREAD], CompareOp compare_op) {
    run<true>(keys, &items, compare_op, N, nullptr);
  }
  template <typename CompareOp>
  HIPCUB_DEVICE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], value_t (&items)[ITEMS_PER_THREAD], CompareOp compare_op,
                          int valid_items, KeyT oob_default) {
    run<true>(keys, &items, compare_op, valid_items < 0 ? 0u : unsigned(valid_items), &oob_default);
  }
  template <typename CompareOp> HIPCUB_DEVICE void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op) {
    Sort(keys, compare_op);
  }
  template <typename CompareOp>
  HIPCUB_DEVICE void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], value_t (&items)[ITEMS_PER_THREAD],
                                CompareOp compare_op) {
    Sort(keys, items, compare_op);
  }

private:
  template <bool Pairs, typename CompareOp>
  HIPCUB_DEVICE void run(KeyT (&keys)[ITEMS_PER_THREAD], value_t (*items)[ITEMS_PER_THREAD], CompareOp comp,
                         unsigned valid, const KeyT *oob) {
    const unsigned l = get_linear_tid();
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      const unsigned j = l * ITEMS_PER_THREAD + unsigned(i);
      s_.keys[0].put(j, j < valid || oob == nullptr ? keys[i] : *oob);
      if (Pairs) s_.values[0].put(j, (*items)[i]);
    }
    ::rocprim::wave_barrier();
    if (l == 0)
      s_.result = detail::serial_merge_sort<Pairs>(s_.keys[0].data(), s_.keys[1].data(), s_.values[0].data(),
                                                   s_.values[1].data(), N, comp);
    ::rocprim::wave_barrier();
    const unsigned r = s_.result;
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      keys[i] = s_.keys[r][l * ITEMS_PER_THREAD + unsigned(i)];
      if (Pairs) (*items)[i] = s_.values[r][l * ITEMS_PER_THREAD + unsigned(i)];
    }
    ::rocprim::wave_barrier();
  }
  TempStorage &s_;
};

END_HIPCUB_NAMESPACE
#endif

#endif
