/* ferrocm hipCUB: CachingDeviceAllocator (CUB's util_allocator.cuh API), on both platforms.
 *
 * Blocks are kept per size bin (powers of bin_growth) after DeviceFree and handed out again to
 * a later DeviceAllocate of the same bin on the same device, up to max_cached_bytes; unlike CUB's,
 * a cached block is only reused after the stream it was freed on has finished its work (the
 * allocator synchronises that stream when it reuses the block from another stream), which keeps
 * it correct without events. */
#ifndef HIPCUB_UTIL_ALLOCATOR_HPP_
#define HIPCUB_UTIL_ALLOCATOR_HPP_

#include "config.hpp"

#include <cstddef>
#include <map>
#include <mutex>
#include <set>

BEGIN_HIPCUB_NAMESPACE

struct CachingDeviceAllocator {
  static constexpr unsigned int INVALID_BIN = (unsigned int)-1;
  static constexpr size_t INVALID_SIZE = (size_t)-1;
  static constexpr int INVALID_DEVICE_ORDINAL = -1;

  unsigned int bin_growth, min_bin, max_bin;
  size_t min_bin_bytes, max_bin_bytes, max_cached_bytes;
  bool skip_cleanup, debug;

  CachingDeviceAllocator(unsigned int bin_growth, unsigned int min_bin = 1, unsigned int max_bin = INVALID_BIN,
                         size_t max_cached_bytes = INVALID_SIZE, bool skip_cleanup = false, bool debug = false)
      : bin_growth(bin_growth), min_bin(min_bin), max_bin(max_bin), min_bin_bytes(power(bin_growth, min_bin)),
        max_bin_bytes(power(bin_growth, max_bin)), max_cached_bytes(max_cached_bytes), skip_cleanup(skip_cleanup),
        debug(debug) {}
  explicit CachingDeviceAllocator(bool skip_cleanup = false, bool debug = false)
      : CachingDeviceAllocator(8, 3, 7, (size_t(6) * 1024 * 1024) - 1, skip_cleanup, debug) {}
  ~CachingDeviceAllocator() {
    if (!skip_cleanup) FreeAllCached();
  }

  hipError_t SetMaxCachedBytes(size_t max_cached_bytes_) {
    std::lock_guard<std::mutex> lk(m_);
    max_cached_bytes = max_cached_bytes_;
    return hipSuccess;
  }
  hipError_t DeviceAllocate(int device, void **d_ptr, size_t bytes, hipStream_t active_stream = 0) {
    if (d_ptr == nullptr) return hipErrorInvalidValue;
    *d_ptr = nullptr;
    int current = 0;
    hipError_t e = hipGetDevice(&current);
    if (e != hipSuccess) return e;
    if (device == INVALID_DEVICE_ORDINAL) device = current;
    size_t rounded = bytes;
    unsigned bin = bin_of(bytes, rounded);
    if (bin != INVALID_BIN) {
      std::lock_guard<std::mutex> lk(m_);
      auto it = cached_.find(key{device, rounded});
      if (it != cached_.end() && !it->second.empty()) {
        block b = *it->second.begin();
        it->second.erase(it->second.begin());
        cached_bytes_ -= rounded;
        if (b.stream != active_stream) {
          e = hipStreamSynchronize(b.stream);
          if (e != hipSuccess) return e;
        }
        live_[b.ptr] = block{b.ptr, rounded, device, active_stream};
        *d_ptr = b.ptr;
        return hipSuccess;
      }
    }
    if (device != current && (e = hipSetDevice(device)) != hipSuccess) return e;
    e = hipMalloc(d_ptr, rounded);
    if (e == hipErrorOutOfMemory) {
      FreeAllCached();
      e = hipMalloc(d_ptr, rounded);
    }
    if (device != current) (void)hipSetDevice(current);
    if (e != hipSuccess) return e;
    std::lock_guard<std::mutex> lk(m_);
    live_[*d_ptr] = block{*d_ptr, bin == INVALID_BIN ? bytes : rounded, device, active_stream};
    if (bin == INVALID_BIN) uncached_.insert(*d_ptr);
    return hipSuccess;
  }
  hipError_t DeviceAllocate(void **d_ptr, size_t bytes, hipStream_t active_stream = 0) {
    return DeviceAllocate(INVALID_DEVICE_ORDINAL, d_ptr, bytes, active_stream);
  }
  hipError_t DeviceFree(int device, void *d_ptr) {
    (void)device;
    return DeviceFree(d_ptr);
  }
  hipError_t DeviceFree(void *d_ptr) {
    std::unique_lock<std::mutex> lk(m_);
    auto it = live_.find(d_ptr);
    if (it == live_.end()) return hipErrorInvalidValue;
    block b = it->second;
    live_.erase(it);
    const bool uncached = uncached_.erase(d_ptr) != 0;
    if (!uncached && cached_bytes_ + b.bytes <= max_cached_bytes) {
      cached_[key{b.device, b.bytes}].insert(b);
      cached_bytes_ += b.bytes;
      return hipSuccess;
    }
    lk.unlock();
    return hipFree(d_ptr);
  }
  hipError_t FreeAllCached() {
    std::lock_guard<std::mutex> lk(m_);
    hipError_t result = hipSuccess;
    for (auto &bin : cached_)
      for (const block &b : bin.second) {
        hipError_t e = hipFree(b.ptr);
        if (e != hipSuccess && result == hipSuccess) result = e;
      }
    cached_.clear();
    cached_bytes_ = 0;
    return result;
  }

private:
  struct block {
    void *ptr;
    size_t bytes;
    int device;
    hipStream_t stream;
    bool operator<(const block &o) const { return ptr < o.ptr; }
  };
  struct key {
    int device;
    size_t bytes;
    bool operator<(const key &o) const { return device != o.device ? device < o.device : bytes < o.bytes; }
  };
  static size_t power(unsigned base, unsigned exp) {
    if (exp == INVALID_BIN) return INVALID_SIZE;
    size_t r = 1;
    for (unsigned i = 0; i < exp; ++i) {
      if (r > INVALID_SIZE / (base ? base : 1)) return INVALID_SIZE;
      r *= base;
    }
    return r;
  }
  /* The bin of `bytes` and its rounded size, or INVALID_BIN for sizes above the largest bin. */
  unsigned bin_of(size_t bytes, size_t &rounded) const {
    if (max_bin != INVALID_BIN && bytes > max_bin_bytes) return INVALID_BIN;
    if (bin_growth < 2) return INVALID_BIN;
    unsigned bin = min_bin;
    size_t size = min_bin_bytes;
    while (size < bytes) {
      if (size > INVALID_SIZE / bin_growth) return INVALID_BIN;
      size *= bin_growth;
      ++bin;
    }
    rounded = size;
    return bin;
  }
  std::mutex m_;
  std::map<key, std::set<block>> cached_;
  std::map<void *, block> live_;
  std::set<void *> uncached_;
  size_t cached_bytes_ = 0;
};

END_HIPCUB_NAMESPACE

#endif
