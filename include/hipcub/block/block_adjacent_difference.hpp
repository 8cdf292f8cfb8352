/* ferrocm hipCUB: BlockAdjacentDifference (CUB's block_adjacent_difference.cuh API):
 * SubtractLeft: output[i] = op(input[i], input[i - 1]) with the block's first item kept (or
 * differenced with a tile predecessor); SubtractRight: output[i] = op(input[i], input[i + 1])
 * with the block's last item kept (or differenced with a tile successor); the partial-tile forms
 * treat items past valid_items as absent. NVIDIA: CUB's. */
#ifndef HIPCUB_BLOCK_BLOCK_ADJACENT_DIFFERENCE_HPP_
#define HIPCUB_BLOCK_BLOCK_ADJACENT_DIFFERENCE_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "block_misc_core.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockAdjacentDifference {
  static constexpr unsigned B = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

public:
  struct TempStorage {
    detail::raw_array<T, B> first, last;
  };
  HIPCUB_DEVICE BlockAdjacentDifference() : s_(private_storage()) {}
  HIPCUB_DEVICE BlockAdjacentDifference(TempStorage &temp_storage) : s_(temp_storage) {}

  template <int IPT, typename OutputT, typename DifferenceOpT>
  HIPCUB_DEVICE void SubtractLeft(T (&input)[IPT], OutputT (&output)[IPT], DifferenceOpT op) {
    left(input, output, op, nullptr, IPT * B);
  }
  template <int IPT, typename OutputT, typename DifferenceOpT>
  HIPCUB_DEVICE void SubtractLeft(T (&input)[IPT], OutputT (&output)[IPT], DifferenceOpT op, T tile_predecessor_item) {
    left(input, output, op, &tile_predecessor_item, IPT * B);
  }
  template <int IPT, typename OutputT, typename DifferenceOpT>
  HIPCUB_DEVICE void SubtractLeftPartialTile(T (&input)[IPT], OutputT (&output)[IPT], DifferenceOpT op,
                                             int valid_items) {
    left(input, output, op, nullptr, valid_items < 0 ? 0u : unsigned(valid_items));
  }
  template <int IPT, typename OutputT, typename DifferenceOpT>
  HIPCUB_DEVICE void SubtractRight(T (&input)[IPT], OutputT (&output)[IPT], DifferenceOpT op) {
    right(input, output, op, nullptr, IPT * B);
  }
  template <int IPT, typename OutputT, typename DifferenceOpT>
  HIPCUB_DEVICE void SubtractRight(T (&input)[IPT], OutputT (&output)[IPT], DifferenceOpT op, T tile_successor_item) {
    right(input, output, op, &tile_successor_item, IPT * B);
  }
  template <int IPT, typename OutputT, typename DifferenceOpT>
  HIPCUB_DEVICE void SubtractRightPartialTile(T (&input)[IPT], OutputT (&output)[IPT], DifferenceOpT op,
                                              int valid_items) {
    right(input, output, op, nullptr, valid_items < 0 ? 0u : unsigned(valid_items));
  }

private:
  static HIPCUB_DEVICE TempStorage &private_storage() {
    HIPCUB_SHARED_MEMORY TempStorage storage;
    return storage;
  }
  template <int IPT> HIPCUB_DEVICE unsigned publish(T (&input)[IPT]) {
    const unsigned t = detail::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>();
    s_.first.put(t, input[0]);
    s_.last.put(t, input[IPT - 1]);
    __syncthreads();
    return t;
  }
  template <int IPT, typename OutputT, typename Op>
  HIPCUB_DEVICE void left(T (&input)[IPT], OutputT (&output)[IPT], Op op, const T *pred, unsigned valid) {
    const unsigned t = publish(input);
    const T before = t > 0 ? s_.last[t - 1] : (pred ? *pred : input[0]);
    T out[IPT];
    for (int i = IPT - 1; i >= 0; --i) {
      const unsigned g = t * IPT + unsigned(i);
      if (g >= valid || (g == 0 && pred == nullptr))
        out[i] = input[i];
      else
        out[i] = op(input[i], i == 0 ? before : input[i - 1]);
    }
    for (int i = 0; i < IPT; ++i) output[i] = out[i];
  }
  template <int IPT, typename OutputT, typename Op>
  HIPCUB_DEVICE void right(T (&input)[IPT], OutputT (&output)[IPT], Op op, const T *succ, unsigned valid) {
    const unsigned t = publish(input);
    const bool last_thread = t + 1 == B;
    const T after = !last_thread ? s_.first[t + 1] : (succ ? *succ : input[IPT - 1]);
    T out[IPT];
    for (int i = 0; i < IPT; ++i) {
      const unsigned g = t * IPT + unsigned(i);
      const bool block_last = g + 1 == IPT * B;
      if (g + 1 >= valid && !(block_last && succ != nullptr && valid == IPT * B))
        out[i] = input[i];
      else
        out[i] = op(input[i], i + 1 == IPT ? after : input[i + 1]);
    }
    for (int i = 0; i < IPT; ++i) output[i] = out[i];
  }
  TempStorage &s_;
};

END_HIPCUB_NAMESPACE
#endif

#endif
