/* ferrocm hipCUB: BlockDiscontinuity (CUB's block_discontinuity.cuh API): head flags where an
 * item differs from its predecessor (flag_op(previous, current)), tail flags where it differs
 * from its successor (flag_op(current, next)); the block's first / last item is flagged unless a
 * tile predecessor / successor is given. NVIDIA: CUB's. */
#ifndef HIPCUB_BLOCK_BLOCK_DISCONTINUITY_HPP_
#define HIPCUB_BLOCK_BLOCK_DISCONTINUITY_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "block_misc_core.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockDiscontinuity {
  static constexpr unsigned B = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

public:
  struct TempStorage {
    detail::raw_array<T, B> first, last;
  };
  HIPCUB_DEVICE BlockDiscontinuity() : s_(private_storage()) {}
  HIPCUB_DEVICE BlockDiscontinuity(TempStorage &temp_storage) : s_(temp_storage) {}

  template <int IPT, typename FlagT, typename FlagOp>
  HIPCUB_DEVICE void FlagHeads(FlagT (&head_flags)[IPT], T (&input)[IPT], FlagOp flag_op) {
    heads(head_flags, input, flag_op, nullptr);
  }
  template <int IPT, typename FlagT, typename FlagOp>
  HIPCUB_DEVICE void FlagHeads(FlagT (&head_flags)[IPT], T (&input)[IPT], FlagOp flag_op, T tile_predecessor_item) {
    heads(head_flags, input, flag_op, &tile_predecessor_item);
  }
  template <int IPT, typename FlagT, typename FlagOp>
  HIPCUB_DEVICE void FlagTails(FlagT (&tail_flags)[IPT], T (&input)[IPT], FlagOp flag_op) {
    tails(tail_flags, input, flag_op, nullptr);
  }
  template <int IPT, typename FlagT, typename FlagOp>
  HIPCUB_DEVICE void FlagTails(FlagT (&tail_flags)[IPT], T (&input)[IPT], FlagOp flag_op, T tile_successor_item) {
    tails(tail_flags, input, flag_op, &tile_successor_item);
  }
  template <int IPT, typename FlagT, typename FlagOp>
  HIPCUB_DEVICE void FlagHeadsAndTails(FlagT (&head_flags)[IPT], FlagT (&tail_flags)[IPT], T (&input)[IPT],
                                       FlagOp flag_op) {
    both(head_flags, tail_flags, input, flag_op, nullptr, nullptr);
  }
  template <int IPT, typename FlagT, typename FlagOp>
  HIPCUB_DEVICE void FlagHeadsAndTails(FlagT (&head_flags)[IPT], FlagT (&tail_flags)[IPT], T tile_successor_item,
                                       T (&input)[IPT], FlagOp flag_op) {
    both(head_flags, tail_flags, input, flag_op, nullptr, &tile_successor_item);
  }
  template <int IPT, typename FlagT, typename FlagOp>
  HIPCUB_DEVICE void FlagHeadsAndTails(FlagT (&head_flags)[IPT], T tile_predecessor_item, FlagT (&tail_flags)[IPT],
                                       T (&input)[IPT], FlagOp flag_op) {
    both(head_flags, tail_flags, input, flag_op, &tile_predecessor_item, nullptr);
  }
  template <int IPT, typename FlagT, typename FlagOp>
  HIPCUB_DEVICE void FlagHeadsAndTails(FlagT (&head_flags)[IPT], T tile_predecessor_item, FlagT (&tail_flags)[IPT],
                                       T tile_successor_item, T (&input)[IPT], FlagOp flag_op) {
    both(head_flags, tail_flags, input, flag_op, &tile_predecessor_item, &tile_successor_item);
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
  template <int IPT, typename FlagT, typename FlagOp>
  HIPCUB_DEVICE void head_flags_of(unsigned t, FlagT (&flags)[IPT], T (&input)[IPT], FlagOp op, const T *pred) {
    if (t > 0)
      flags[0] = op(s_.last[t - 1], input[0]);
    else
      flags[0] = pred ? FlagT(op(*pred, input[0])) : FlagT(1);
    for (int i = 1; i < IPT; ++i) flags[i] = op(input[i - 1], input[i]);
  }
  template <int IPT, typename FlagT, typename FlagOp>
  HIPCUB_DEVICE void tail_flags_of(unsigned t, FlagT (&flags)[IPT], T (&input)[IPT], FlagOp op, const T *succ) {
    for (int i = 0; i + 1 < IPT; ++i) flags[i] = op(input[i], input[i + 1]);
    if (t + 1 < B)
      flags[IPT - 1] = op(input[IPT - 1], s_.first[t + 1]);
    else
      flags[IPT - 1] = succ ? FlagT(op(input[IPT - 1], *succ)) : FlagT(1);
  }
  template <int IPT, typename FlagT, typename FlagOp>
  HIPCUB_DEVICE void heads(FlagT (&flags)[IPT], T (&input)[IPT], FlagOp op, const T *pred) {
    head_flags_of(publish(input), flags, input, op, pred);
  }
  template <int IPT, typename FlagT, typename FlagOp>
  HIPCUB_DEVICE void tails(FlagT (&flags)[IPT], T (&input)[IPT], FlagOp op, const T *succ) {
    tail_flags_of(publish(input), flags, input, op, succ);
  }
  template <int IPT, typename FlagT, typename FlagOp>
  HIPCUB_DEVICE void both(FlagT (&h)[IPT], FlagT (&tl)[IPT], T (&input)[IPT], FlagOp op, const T *pred, const T *succ) {
    const unsigned t = publish(input);
    head_flags_of(t, h, input, op, pred);
    tail_flags_of(t, tl, input, op, succ);
  }
  TempStorage &s_;
};

END_HIPCUB_NAMESPACE
#endif

#endif
