/* ferrocm rocPRIM, CPU platform: histograms (rocPRIM's device_histogram.hpp API, one channel):
 * per-chunk private histograms summed into the output bins, which the call overwrites (the GPU
 * versions zero them first too). */
#ifndef ROCPRIM_DEVICE_DEVICE_HISTOGRAM_HPP_
#define ROCPRIM_DEVICE_DEVICE_HISTOGRAM_HPP_

#include "detail/host_common.hpp"

BEGIN_ROCPRIM_NAMESPACE

namespace detail {
/* bin = (s - lower) * bins / (upper - lower) for lower <= s < upper, else none (-1). */
template <class Level> struct even_bins {
  Level lower, upper;
  unsigned bins;
  template <class S> long operator()(const S &sample) const {
    if (!(sample >= lower && sample < upper)) return -1;
    if constexpr (std::is_integral<Level>::value && std::is_integral<S>::value) {
      using wide = std::conditional_t<std::is_signed<Level>::value, long long, unsigned long long>;
      return long((wide(sample) - wide(lower)) * wide(bins) / (wide(upper) - wide(lower)));
    } else {
      const double b = (double(sample) - double(lower)) * double(bins) / (double(upper) - double(lower));
      const long bin = long(b);
      return bin >= long(bins) ? long(bins) - 1 : bin;
    }
  }
};
/* bin i holds level[i] <= s < level[i + 1]. */
template <class Level> struct range_bins {
  const Level *levels;
  unsigned count; /* levels */
  template <class S> long operator()(const S &sample) const {
    if (count < 2 || !(sample >= levels[0] && sample < levels[count - 1])) return -1;
    const Level *p = std::upper_bound(levels, levels + count, sample);
    return long(p - levels) - 1;
  }
};

/* Rows of `columns` samples, `row_stride_bytes` apart. */
template <class SampleIterator, class Counter, class Bin>
hipError_t histogram_host(void *temporary_storage, size_t &storage_size, SampleIterator samples, unsigned columns,
                          unsigned rows, size_t row_stride_bytes, Counter *histogram, unsigned levels, Bin bin,
                          hipStream_t stream, bool debug_synchronous) {
  hipError_t e;
  if (storage_done(temporary_storage, storage_size, small_storage, e)) return e;
  if (levels < 2) return hipErrorInvalidValue;
  using sample_t = value_type_t<SampleIterator>;
  const size_t stride = rows > 1 ? row_stride_bytes / sizeof(sample_t) : columns;
  if (rows > 1 && stride < columns) return hipErrorInvalidValue;
  return host::enqueue(
      stream,
      [=]() {
        const unsigned bins = levels - 1;
        const size_t n = size_t(columns) * rows;
        const size_t k = host::chunks_for(n);
        std::vector<size_t> local(k * bins, 0);
        host::for_chunks(n, k, [&](size_t c, size_t b, size_t en) {
          size_t *h = &local[c * bins];
          for (size_t i = b; i < en; ++i) {
            const size_t r = columns ? i / columns : 0, x = columns ? i % columns : 0;
            const long j = bin(samples[r * stride + x]);
            if (j >= 0 && j < long(bins)) ++h[j];
          }
        });
        for (unsigned j = 0; j < bins; ++j) {
          size_t sum = 0;
          for (size_t c = 0; c < k; ++c) sum += local[c * bins + j];
          histogram[j] = Counter(sum);
        }
      },
      debug_synchronous);
}
} // namespace detail

template <class Config = default_config, class SampleIterator, class Counter, class Level>
inline hipError_t histogram_even(void *temporary_storage, size_t &storage_size, SampleIterator samples,
                                 unsigned int size, Counter *histogram, unsigned int levels, Level lower_level,
                                 Level upper_level, hipStream_t stream = 0, bool debug_synchronous = false) {
  return detail::histogram_host(temporary_storage, storage_size, samples, size, 1, 0, histogram, levels,
                                detail::even_bins<Level>{lower_level, upper_level, levels > 0 ? levels - 1 : 0},
                                stream, debug_synchronous);
}
template <class Config = default_config, class SampleIterator, class Counter, class Level>
inline hipError_t histogram_even(void *temporary_storage, size_t &storage_size, SampleIterator samples,
                                 unsigned int columns, unsigned int rows, size_t row_stride_bytes, Counter *histogram,
                                 unsigned int levels, Level lower_level, Level upper_level, hipStream_t stream = 0,
                                 bool debug_synchronous = false) {
  return detail::histogram_host(temporary_storage, storage_size, samples, columns, rows, row_stride_bytes, histogram,
                                levels, detail::even_bins<Level>{lower_level, upper_level, levels > 0 ? levels - 1 : 0},
                                stream, debug_synchronous);
}
template <class Config = default_config, class SampleIterator, class Counter, class Level>
inline hipError_t histogram_range(void *temporary_storage, size_t &storage_size, SampleIterator samples,
                                  unsigned int size, Counter *histogram, unsigned int levels, Level *level_values,
                                  hipStream_t stream = 0, bool debug_synchronous = false) {
  return detail::histogram_host(temporary_storage, storage_size, samples, size, 1, 0, histogram, levels,
                                detail::range_bins<Level>{level_values, levels}, stream, debug_synchronous);
}
template <class Config = default_config, class SampleIterator, class Counter, class Level>
inline hipError_t histogram_range(void *temporary_storage, size_t &storage_size, SampleIterator samples,
                                  unsigned int columns, unsigned int rows, size_t row_stride_bytes,
                                  Counter *histogram, unsigned int levels, Level *level_values,
                                  hipStream_t stream = 0, bool debug_synchronous = false) {
  return detail::histogram_host(temporary_storage, storage_size, samples, columns, rows, row_stride_bytes, histogram,
                                levels, detail::range_bins<Level>{level_values, levels}, stream, debug_synchronous);
}

END_ROCPRIM_NAMESPACE

#endif
