/* ferrocm rocPRIM, CPU platform: block_exchange (rocPRIM's block_exchange.hpp API): every
 * work-item writes its items to their places in the storage, a barrier, every work-item reads
 * its new items. */
#ifndef ROCPRIM_BLOCK_BLOCK_EXCHANGE_HPP_
#define ROCPRIM_BLOCK_BLOCK_EXCHANGE_HPP_

#include "block_load_func.hpp"

BEGIN_ROCPRIM_NAMESPACE

template <class T, unsigned int BlockSizeX, unsigned int ItemsPerThread, unsigned int BlockSizeY = 1,
          unsigned int BlockSizeZ = 1>
class block_exchange {
  static constexpr unsigned int BlockSize = BlockSizeX * BlockSizeY * BlockSizeZ;
  static constexpr unsigned int N = BlockSize * ItemsPerThread;
  static constexpr unsigned int WarpSize = ROCPRIM_WARP_SIZE < BlockSize ? ROCPRIM_WARP_SIZE : BlockSize;

public:
  struct storage_type {
    detail::raw_array<T, N> v;
  };

  template <class U>
  ROCPRIM_DEVICE void blocked_to_striped(const T (&input)[ItemsPerThread], U (&output)[ItemsPerThread],
                                         storage_type &storage) {
    const unsigned t = tid();
    move(input, output, storage, [t](unsigned i) { return t * ItemsPerThread + i; },
         [t](unsigned i) { return t + i * BlockSize; });
  }
  template <class U>
  ROCPRIM_DEVICE void blocked_to_striped(const T (&input)[ItemsPerThread], U (&output)[ItemsPerThread]) {
    blocked_to_striped(input, output, private_storage());
  }
  template <class U>
  ROCPRIM_DEVICE void striped_to_blocked(const T (&input)[ItemsPerThread], U (&output)[ItemsPerThread],
                                         storage_type &storage) {
    const unsigned t = tid();
    move(input, output, storage, [t](unsigned i) { return t + i * BlockSize; },
         [t](unsigned i) { return t * ItemsPerThread + i; });
  }
  template <class U>
  ROCPRIM_DEVICE void striped_to_blocked(const T (&input)[ItemsPerThread], U (&output)[ItemsPerThread]) {
    striped_to_blocked(input, output, private_storage());
  }
  template <class U>
  ROCPRIM_DEVICE void blocked_to_warp_striped(const T (&input)[ItemsPerThread], U (&output)[ItemsPerThread],
                                              storage_type &storage) {
    const unsigned t = tid();
    move(input, output, storage, [t](unsigned i) { return t * ItemsPerThread + i; },
         [t](unsigned i) { return detail::warp_striped_index<WarpSize, ItemsPerThread>(t, i); });
  }
  template <class U>
  ROCPRIM_DEVICE void blocked_to_warp_striped(const T (&input)[ItemsPerThread], U (&output)[ItemsPerThread]) {
    blocked_to_warp_striped(input, output, private_storage());
  }
  template <class U>
  ROCPRIM_DEVICE void warp_striped_to_blocked(const T (&input)[ItemsPerThread], U (&output)[ItemsPerThread],
                                              storage_type &storage) {
    const unsigned t = tid();
    move(input, output, storage, [t](unsigned i) { return detail::warp_striped_index<WarpSize, ItemsPerThread>(t, i); },
         [t](unsigned i) { return t * ItemsPerThread + i; });
  }
  template <class U>
  ROCPRIM_DEVICE void warp_striped_to_blocked(const T (&input)[ItemsPerThread], U (&output)[ItemsPerThread]) {
    warp_striped_to_blocked(input, output, private_storage());
  }
  /* Item i goes to rank ranks[i] of the block; the output is blocked / striped by rank. */
  template <class U, class Offset>
  ROCPRIM_DEVICE void scatter_to_blocked(const T (&input)[ItemsPerThread], U (&output)[ItemsPerThread],
                                         const Offset (&ranks)[ItemsPerThread], storage_type &storage) {
    const unsigned t = tid();
    move(input, output, storage, [&ranks](unsigned i) { return unsigned(ranks[i]); },
         [t](unsigned i) { return t * ItemsPerThread + i; });
  }
  template <class U, class Offset>
  ROCPRIM_DEVICE void scatter_to_striped(const T (&input)[ItemsPerThread], U (&output)[ItemsPerThread],
                                         const Offset (&ranks)[ItemsPerThread], storage_type &storage) {
    const unsigned t = tid();
    move(input, output, storage, [&ranks](unsigned i) { return unsigned(ranks[i]); },
         [t](unsigned i) { return t + i * BlockSize; });
  }
  /* Items whose rank is negative are left out (hipCUB's ScatterToStripedGuarded). */
  template <class U, class Offset>
  ROCPRIM_DEVICE void scatter_to_striped_guarded(const T (&input)[ItemsPerThread], U (&output)[ItemsPerThread],
                                                 const Offset (&ranks)[ItemsPerThread], storage_type &storage) {
    for (unsigned i = 0; i < ItemsPerThread; ++i)
      if (ranks[i] >= 0) storage.v.put(unsigned(ranks[i]), input[i]);
    ::rocprim::syncthreads();
    const unsigned t = tid();
    for (unsigned i = 0; i < ItemsPerThread; ++i) output[i] = storage.v[t + i * BlockSize];
  }
  /* Items whose flag is false are left out. */
  template <class U, class Offset, class Flag>
  ROCPRIM_DEVICE void scatter_to_striped_flagged(const T (&input)[ItemsPerThread], U (&output)[ItemsPerThread],
                                                 const Offset (&ranks)[ItemsPerThread],
                                                 const Flag (&is_valid)[ItemsPerThread], storage_type &storage) {
    for (unsigned i = 0; i < ItemsPerThread; ++i)
      if (is_valid[i]) storage.v.put(unsigned(ranks[i]), input[i]);
    ::rocprim::syncthreads();
    const unsigned t = tid();
    for (unsigned i = 0; i < ItemsPerThread; ++i) output[i] = storage.v[t + i * BlockSize];
  }

private:
  ROCPRIM_DEVICE static unsigned tid() { return ::rocprim::flat_block_thread_id<BlockSizeX, BlockSizeY, BlockSizeZ>(); }
  ROCPRIM_DEVICE static storage_type &private_storage() {
    ROCPRIM_SHARED_MEMORY storage_type storage;
    return storage;
  }
  template <class U, class From, class To>
  ROCPRIM_DEVICE void move(const T (&input)[ItemsPerThread], U (&output)[ItemsPerThread], storage_type &s, From from,
                           To to) {
    for (unsigned i = 0; i < ItemsPerThread; ++i) s.v.put(from(i), input[i]);
    ::rocprim::syncthreads();
    for (unsigned i = 0; i < ItemsPerThread; ++i) output[i] = s.v[to(i)];
  }
};

END_ROCPRIM_NAMESPACE

#endif
