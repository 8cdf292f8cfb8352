/* ferrocm rocPRIM: the fancy iterators. */
#ifndef ROCPRIM_ITERATOR_HPP_
#define ROCPRIM_ITERATOR_HPP_
#include "iterator/arg_index_iterator.hpp"
#include "iterator/constant_iterator.hpp"
#include "iterator/counting_iterator.hpp"
#include "iterator/discard_iterator.hpp"
#include "iterator/transform_iterator.hpp"
#endif
