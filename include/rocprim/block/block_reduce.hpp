/* ferrocm rocPRIM, CPU platform: block_reduce (rocPRIM's block_reduce.hpp API). The result is
 * valid in work-item 0 (flat id), as documented. block/detail/block_core.hpp explains the
 * approach. */
#ifndef ROCPRIM_BLOCK_BLOCK_REDUCE_HPP_
#define ROCPRIM_BLOCK_BLOCK_REDUCE_HPP_

#include "detail/block_core.hpp"

BEGIN_ROCPRIM_NAMESPACE

enum class block_reduce_algorithm { using_warp_reduce, raking_reduce, raking_reduce_commutative_only, default_algorithm = using_warp_reduce };

template <class T, unsigned int BlockSizeX, block_reduce_algorithm Algorithm = block_reduce_algorithm::default_algorithm,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_reduce {
  static constexpr unsigned int BlockSize = BlockSizeX * BlockSizeY * BlockSizeZ;
  using storage_type_ = detail::block_values<T, BlockSize>;

public:
  using storage_type = storage_type_;

  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void reduce(T input, T &output, storage_type &storage, BinaryFunction reduce_op = BinaryFunction()) {
    reduce_impl(input, output, BlockSize, storage, reduce_op);
  }
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void reduce(T input, T &output, BinaryFunction reduce_op = BinaryFunction()) {
    reduce_impl(input, output, BlockSize, private_storage(), reduce_op);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void reduce(T (&input)[ItemsPerThread], T &output, storage_type &storage,
                             BinaryFunction reduce_op = BinaryFunction()) {
    reduce_impl(detail::thread_reduce(input, reduce_op), output, BlockSize, storage, reduce_op);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void reduce(T (&input)[ItemsPerThread], T &output, BinaryFunction reduce_op = BinaryFunction()) {
    reduce(input, output, private_storage(), reduce_op);
  }
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void reduce(T input, T &output, unsigned int valid_items, storage_type &storage,
                             BinaryFunction reduce_op = BinaryFunction()) {
    reduce_impl(input, output, valid_items, storage, reduce_op);
  }
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void reduce(T input, T &output, unsigned int valid_items, BinaryFunction reduce_op = BinaryFunction()) {
    reduce_impl(input, output, valid_items, private_storage(), reduce_op);
  }

private:
  ROCPRIM_DEVICE static storage_type &private_storage() {
    ROCPRIM_SHARED_MEMORY storage_type storage;
    return storage;
  }
  template <class Op>
  ROCPRIM_DEVICE void reduce_impl(const T &input, T &output, unsigned int valid, storage_type &storage, Op op) {
    const unsigned tid = ::rocprim::flat_block_thread_id<BlockSizeX, BlockSizeY, BlockSizeZ>();
    if (valid > BlockSize) valid = BlockSize;
    if (tid < valid) storage.v.put(tid, input);
    ::rocprim::syncthreads();
    if (tid == 0 && valid > 0) output = detail::serial_reduce(storage.v.data(), valid, op);
  }
};

END_ROCPRIM_NAMESPACE

#endif
