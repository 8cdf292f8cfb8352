/* ferrocm rocPRIM: block_discontinuity (rocPRIM's block_discontinuity.hpp API): head flags where
 * flag_op(previous, current) holds (the block's first item flagged unless a tile predecessor is
 * given), tail flags where flag_op(current, next) holds (the last item flagged unless a tile
 * successor is given). Every work-item publishes its first and last item, one barrier. */
#ifndef ROCPRIM_BLOCK_BLOCK_DISCONTINUITY_HPP_
#define ROCPRIM_BLOCK_BLOCK_DISCONTINUITY_HPP_

#include "detail/block_core.hpp"

BEGIN_ROCPRIM_NAMESPACE

template <class T, unsigned int BlockSizeX, unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_discontinuity {
  static constexpr unsigned int BlockSize = BlockSizeX * BlockSizeY * BlockSizeZ;

public:
  struct storage_type {
    detail::raw_array<T, BlockSize> first, last;
  };

  template <unsigned int IPT, class Flag, class FlagOp>
  ROCPRIM_DEVICE void flag_heads(Flag (&head_flags)[IPT], const T (&input)[IPT], FlagOp flag_op,
                                 storage_type &storage) {
    const unsigned t = publish(input, storage);
    heads(t, head_flags, input, flag_op, nullptr, storage);
  }
  template <unsigned int IPT, class Flag, class FlagOp>
  ROCPRIM_DEVICE void flag_heads(Flag (&head_flags)[IPT], const T (&input)[IPT], FlagOp flag_op) {
    flag_heads(head_flags, input, flag_op, private_storage());
  }
  template <unsigned int IPT, class Flag, class FlagOp>
  ROCPRIM_DEVICE void flag_heads(Flag (&head_flags)[IPT], T tile_predecessor_item, const T (&input)[IPT],
                                 FlagOp flag_op, storage_type &storage) {
    const unsigned t = publish(input, storage);
    heads(t, head_flags, input, flag_op, &tile_predecessor_item, storage);
  }
  template <unsigned int IPT, class Flag, class FlagOp>
  ROCPRIM_DEVICE void flag_tails(Flag (&tail_flags)[IPT], const T (&input)[IPT], FlagOp flag_op,
                                 storage_type &storage) {
    const unsigned t = publish(input, storage);
    tails(t, tail_flags, input, flag_op, nullptr, storage);
  }
  template <unsigned int IPT, class Flag, class FlagOp>
  ROCPRIM_DEVICE void flag_tails(Flag (&tail_flags)[IPT], const T (&input)[IPT], FlagOp flag_op) {
    flag_tails(tail_flags, input, flag_op, private_storage());
  }
  template <unsigned int IPT, class Flag, class FlagOp>
  ROCPRIM_DEVICE void flag_tails(Flag (&tail_flags)[IPT], T tile_successor_item, const T (&input)[IPT],
                                 FlagOp flag_op, storage_type &storage) {
    const unsigned t = publish(input, storage);
    tails(t, tail_flags, input, flag_op, &tile_successor_item, storage);
  }
  template <unsigned int IPT, class Flag, class FlagOp>
  ROCPRIM_DEVICE void flag_heads_and_tails(Flag (&head_flags)[IPT], Flag (&tail_flags)[IPT], const T (&input)[IPT],
                                           FlagOp flag_op, storage_type &storage) {
    const unsigned t = publish(input, storage);
    heads(t, head_flags, input, flag_op, nullptr, storage);
    tails(t, tail_flags, input, flag_op, nullptr, storage);
  }

private:
  ROCPRIM_DEVICE static storage_type &private_storage() {
    ROCPRIM_SHARED_MEMORY storage_type storage;
    return storage;
  }
  template <unsigned int IPT> ROCPRIM_DEVICE static unsigned publish(const T (&input)[IPT], storage_type &s) {
    const unsigned t = ::rocprim::flat_block_thread_id<BlockSizeX, BlockSizeY, BlockSizeZ>();
    s.first.put(t, input[0]);
    s.last.put(t, input[IPT - 1]);
    ::rocprim::syncthreads();
    return t;
  }
  template <unsigned int IPT, class Flag, class FlagOp>
  ROCPRIM_DEVICE static void heads(unsigned t, Flag (&flags)[IPT], const T (&input)[IPT], FlagOp op, const T *pred,
                                   storage_type &s) {
    if (t > 0)
      flags[0] = op(s.last[t - 1], input[0]);
    else
      flags[0] = pred ? Flag(op(*pred, input[0])) : Flag(1);
    for (unsigned i = 1; i < IPT; ++i) flags[i] = op(input[i - 1], input[i]);
  }
  template <unsigned int IPT, class Flag, class FlagOp>
  ROCPRIM_DEVICE static void tails(unsigned t, Flag (&flags)[IPT], const T (&input)[IPT], FlagOp op, const T *succ,
                                   storage_type &s) {
    for (unsigned i = 0; i + 1 < IPT; ++i) flags[i] = op(input[i], input[i + 1]);
    if (t + 1 < BlockSize)
      flags[IPT - 1] = op(input[IPT - 1], s.first[t + 1]);
    else
      flags[IPT - 1] = succ ? Flag(op(input[IPT - 1], *succ)) : Flag(1);
  }
};

END_ROCPRIM_NAMESPACE

#endif
