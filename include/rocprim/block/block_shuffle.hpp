/* ferrocm rocPRIM: block_shuffle (rocPRIM's block_shuffle.hpp API): offset (the input of work-item
 * t + distance, output unchanged outside the block), rotate (modulo the block size), up / down
 * (the blocked items shifted by one; the block's first / last item keeps its old value). */
#ifndef ROCPRIM_BLOCK_BLOCK_SHUFFLE_HPP_
#define ROCPRIM_BLOCK_BLOCK_SHUFFLE_HPP_

#include "detail/block_core.hpp"

BEGIN_ROCPRIM_NAMESPACE

template <class T, unsigned int BlockSizeX, unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_shuffle {
  static constexpr unsigned int BlockSize = BlockSizeX * BlockSizeY * BlockSizeZ;

public:
  struct storage_type {
    detail::raw_array<T, BlockSize> first, last;
  };

  ROCPRIM_DEVICE void offset(T input, T &output, int distance, storage_type &storage) {
    const unsigned t = tid();
    storage.first.put(t, input);
    ::rocprim::syncthreads();
    const long src = long(t) + distance;
    if (src >= 0 && src < long(BlockSize)) output = storage.first[unsigned(src)];
  }
  ROCPRIM_DEVICE void offset(T input, T &output, int distance = 1) { offset(input, output, distance, private_storage()); }
  ROCPRIM_DEVICE void rotate(T input, T &output, unsigned int distance, storage_type &storage) {
    const unsigned t = tid();
    storage.first.put(t, input);
    ::rocprim::syncthreads();
    output = storage.first[(t + distance) % BlockSize];
  }
  ROCPRIM_DEVICE void rotate(T input, T &output, unsigned int distance = 1) {
    rotate(input, output, distance, private_storage());
  }
  template <unsigned int IPT> ROCPRIM_DEVICE void up(T (&input)[IPT], T (&prev)[IPT], storage_type &storage) {
    const unsigned t = publish(input, storage);
    for (unsigned i = IPT - 1; i > 0; --i) prev[i] = input[i - 1];
    if (t > 0) prev[0] = storage.last[t - 1];
  }
  template <unsigned int IPT> ROCPRIM_DEVICE void up(T (&input)[IPT], T (&prev)[IPT]) {
    up(input, prev, private_storage());
  }
  template <unsigned int IPT>
  ROCPRIM_DEVICE void up(T (&input)[IPT], T (&prev)[IPT], T &block_suffix, storage_type &storage) {
    up(input, prev, storage);
    block_suffix = storage.last[BlockSize - 1];
  }
  template <unsigned int IPT> ROCPRIM_DEVICE void down(T (&input)[IPT], T (&next)[IPT], storage_type &storage) {
    const unsigned t = publish(input, storage);
    for (unsigned i = 0; i + 1 < IPT; ++i) next[i] = input[i + 1];
    if (t + 1 < BlockSize) next[IPT - 1] = storage.first[t + 1];
  }
  template <unsigned int IPT> ROCPRIM_DEVICE void down(T (&input)[IPT], T (&next)[IPT]) {
    down(input, next, private_storage());
  }
  template <unsigned int IPT>
  ROCPRIM_DEVICE void down(T (&input)[IPT], T (&next)[IPT], T &block_prefix, storage_type &storage) {
    down(input, next, storage);
    block_prefix = storage.first[0];
  }

private:
  ROCPRIM_DEVICE static unsigned tid() { return ::rocprim::flat_block_thread_id<BlockSizeX, BlockSizeY, BlockSizeZ>(); }
  ROCPRIM_DEVICE static storage_type &private_storage() {
    ROCPRIM_SHARED_MEMORY storage_type storage;
    return storage;
  }
  template <unsigned int IPT> ROCPRIM_DEVICE static unsigned publish(T (&input)[IPT], storage_type &s) {
    const unsigned t = tid();
    s.first.put(t, input[0]);
    s.last.put(t, input[IPT - 1]);
    ::rocprim::syncthreads();
    return t;
  }
};

END_ROCPRIM_NAMESPACE

#endif
