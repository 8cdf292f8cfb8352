/* ferrocm hipCUB: BlockShuffle (CUB's block_shuffle.cuh API). Offset: the input of work-item
 * t + distance (output unchanged where that is outside the block); Rotate: of (t + distance) mod
 * the block size; Up / Down: the blocked arrangement shifted by one item (the first / last item
 * of the block keeps its old output value), optionally with the block's last / first item.
 * NVIDIA: CUB's. */
#ifndef HIPCUB_BLOCK_BLOCK_SHUFFLE_HPP_
#define HIPCUB_BLOCK_BLOCK_SHUFFLE_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "block_misc_core.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockShuffle {
  static constexpr unsigned B = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

public:
  struct TempStorage {
    detail::raw_array<T, B> first, last;
  };
  HIPCUB_DEVICE BlockShuffle() : s_(private_storage()) {}
  HIPCUB_DEVICE BlockShuffle(TempStorage &temp_storage) : s_(temp_storage) {}

  HIPCUB_DEVICE void Offset(T input, T &output, int distance = 1) {
    const unsigned t = tid();
    s_.first.put(t, input);
    __syncthreads();
    const long src = long(t) + distance;
    if (src >= 0 && src < long(B)) output = s_.first[unsigned(src)];
  }
  HIPCUB_DEVICE void Rotate(T input, T &output, unsigned int distance = 1) {
    const unsigned t = tid();
    s_.first.put(t, input);
    __syncthreads();
    output = s_.first[(t + distance) % B];
  }
  template <int IPT> HIPCUB_DEVICE void Up(T (&input)[IPT], T (&prev)[IPT]) {
    const unsigned t = publish(input);
    for (int i = IPT - 1; i > 0; --i) prev[i] = input[i - 1];
    if (t > 0) prev[0] = s_.last[t - 1];
  }
  template <int IPT> HIPCUB_DEVICE void Up(T (&input)[IPT], T (&prev)[IPT], T &block_suffix) {
    Up(input, prev);
    block_suffix = s_.last[B - 1];
  }
  template <int IPT> HIPCUB_DEVICE void Down(T (&input)[IPT], T (&next)[IPT]) {
    const unsigned t = publish(input);
    for (int i = 0; i + 1 < IPT; ++i) next[i] = input[i + 1];
    if (t + 1 < B) next[IPT - 1] = s_.first[t + 1];
  }
  template <int IPT> HIPCUB_DEVICE void Down(T (&input)[IPT], T (&next)[IPT], T &block_prefix) {
    Down(input, next);
    block_prefix = s_.first[0];
  }

private:
  static HIPCUB_DEVICE unsigned tid() { return detail::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>(); }
  static HIPCUB_DEVICE TempStorage &private_storage() {
    HIPCUB_SHARED_MEMORY TempStorage storage;
    return storage;
  }
  template <int IPT> HIPCUB_DEVICE unsigned publish(T (&input)[IPT]) {
    const unsigned t = tid();
    s_.first.put(t, input[0]);
    s_.last.put(t, input[IPT - 1]);
    __syncthreads();
    return t;
  }
  TempStorage &s_;
};

END_HIPCUB_NAMESPACE
#endif

#endif
