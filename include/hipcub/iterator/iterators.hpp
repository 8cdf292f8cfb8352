/* ferrocm hipCUB: the fancy iterators (CUB's iterator/*.cuh names), random-access iterators usable
 * in kernels and in the Device* algorithms alike, on both platforms (CCCL 3 dropped CUB's own;
 * on NVIDIA KeyValuePair is CUB's). */
#ifndef HIPCUB_ITERATOR_ITERATORS_HPP_
#define HIPCUB_ITERATOR_ITERATORS_HPP_

#include "../config.hpp"
#include "../../rocprim/iterator/discard_iterator.hpp"
#include "../../rocprim/iterator/iterator_facade.hpp"
#if !defined(__HIP_PLATFORM_NVIDIA__)
#include "../util_type.hpp"
#endif

BEGIN_HIPCUB_NAMESPACE

template <typename ValueType, typename OffsetT = std::ptrdiff_t>
class CountingInputIterator
    : public ::rocprim::detail::ra_facade<CountingInputIterator<ValueType, OffsetT>, ValueType, ValueType, OffsetT> {
  ValueType val_;

public:
  using self_type = CountingInputIterator;
  HIPCUB_HOST_DEVICE CountingInputIterator(const ValueType &val) : val_(val) {}
  HIPCUB_HOST_DEVICE ValueType at(OffsetT i) const { return ValueType(val_ + ValueType(i)); }
};

template <typename ValueType, typename OffsetT = std::ptrdiff_t>
class ConstantInputIterator
    : public ::rocprim::detail::ra_facade<ConstantInputIterator<ValueType, OffsetT>, ValueType, ValueType, OffsetT> {
  ValueType val_;

public:
  using self_type = ConstantInputIterator;
  HIPCUB_HOST_DEVICE ConstantInputIterator(ValueType val, OffsetT offset = 0) : val_(val) { this->index_ = offset; }
  HIPCUB_HOST_DEVICE ValueType at(OffsetT) const { return val_; }
};

template <typename ValueType, typename ConversionOp, typename InputIteratorT, typename OffsetT = std::ptrdiff_t>
class TransformInputIterator
    : public ::rocprim::detail::ra_facade<TransformInputIterator<ValueType, ConversionOp, InputIteratorT, OffsetT>,
                                          ValueType, ValueType, OffsetT> {
  InputIteratorT it_;
  ConversionOp op_;

public:
  using self_type = TransformInputIterator;
  HIPCUB_HOST_DEVICE TransformInputIterator(InputIteratorT input_itr, ConversionOp conversion_op)
      : it_(input_itr), op_(conversion_op) {}
  HIPCUB_HOST_DEVICE ValueType at(OffsetT i) const { return static_cast<ValueType>(op_(it_[i])); }
};

template <typename OffsetT = std::ptrdiff_t>
class DiscardOutputIterator
    : public ::rocprim::detail::ra_facade<DiscardOutputIterator<OffsetT>, ::rocprim::detail::discard_value,
                                          ::rocprim::detail::discard_value, OffsetT> {
public:
  using self_type = DiscardOutputIterator;
  HIPCUB_HOST_DEVICE DiscardOutputIterator(OffsetT offset = 0) { this->index_ = offset; }
  HIPCUB_HOST_DEVICE ::rocprim::detail::discard_value at(OffsetT) const { return {}; }
};

/* Reads KeyValuePair{offset, item}. */
template <typename InputIteratorT, typename OffsetT = std::ptrdiff_t,
          typename OutputValueT = typename std::iterator_traits<InputIteratorT>::value_type>
class ArgIndexInputIterator
    : public ::rocprim::detail::ra_facade<ArgIndexInputIterator<InputIteratorT, OffsetT, OutputValueT>,
                                          KeyValuePair<OffsetT, OutputValueT>, KeyValuePair<OffsetT, OutputValueT>,
                                          OffsetT> {
  InputIteratorT it_;

public:
  using self_type = ArgIndexInputIterator;
  using value_type = KeyValuePair<OffsetT, OutputValueT>;
  HIPCUB_HOST_DEVICE ArgIndexInputIterator(InputIteratorT itr, OffsetT offset = 0) : it_(itr) { this->index_ = offset; }
  HIPCUB_HOST_DEVICE value_type at(OffsetT i) const { return value_type(i, static_cast<OutputValueT>(it_[i])); }
  HIPCUB_HOST_DEVICE void normalize() {
    it_ += this->index_;
    this->index_ = 0;
  }
};

#if !defined(__HIP_PLATFORM_NVIDIA__)
/* Cache modifiers are hints for GPU loads; on the CPU the loads are plain (on NVIDIA the
 * modifiers and the cache-modified iterators are CUB's). */
enum CacheLoadModifier { LOAD_DEFAULT, LOAD_CA, LOAD_CG, LOAD_CS, LOAD_CV, LOAD_LDG, LOAD_VOLATILE };
enum CacheStoreModifier { STORE_DEFAULT, STORE_WB, STORE_CG, STORE_CS, STORE_WT, STORE_VOLATILE };

template <CacheLoadModifier MODIFIER, typename ValueType, typename OffsetT = std::ptrdiff_t>
class CacheModifiedInputIterator
    : public ::rocprim::detail::ra_facade<CacheModifiedInputIterator<MODIFIER, ValueType, OffsetT>, ValueType,
                                          const ValueType &, OffsetT> {
  const ValueType *ptr_;

public:
  using self_type = CacheModifiedInputIterator;
  template <typename QualifiedValueType>
  HIPCUB_HOST_DEVICE CacheModifiedInputIterator(QualifiedValueType *ptr) : ptr_(const_cast<const ValueType *>(ptr)) {}
  HIPCUB_HOST_DEVICE const ValueType &at(OffsetT i) const { return ptr_[i]; }
};

template <CacheStoreModifier MODIFIER, typename ValueType, typename OffsetT = std::ptrdiff_t>
class CacheModifiedOutputIterator
    : public ::rocprim::detail::ra_facade<CacheModifiedOutputIterator<MODIFIER, ValueType, OffsetT>, ValueType,
                                          ValueType &, OffsetT> {
  ValueType *ptr_;

public:
  using self_type = CacheModifiedOutputIterator;
  template <typename QualifiedValueType>
  HIPCUB_HOST_DEVICE CacheModifiedOutputIterator(QualifiedValueType *ptr) : ptr_(ptr) {}
  HIPCUB_HOST_DEVICE ValueType &at(OffsetT i) const { return ptr_[i]; }
};
#endif

END_HIPCUB_NAMESPACE

#endif
