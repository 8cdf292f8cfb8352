// ferrocm's rocThrust, CPU platform: thrust::device_vector (storage from hipMalloc, so
// hipMemcpy and kernels work on data()), thrust::host_vector (a std::vector with the
// conversions Thrust has), device_malloc / device_free and the device allocators.
//
// Transfers of trivially copyable elements between host and device storage are hipMemcpy
// calls (ordered with the null stream, as in Thrust on a GPU). Other element types are built
// in place after a device synchronisation: device memory is host memory on this platform.
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "core.h"
#include "iterators.h"

namespace thrust {

// --- raw device allocation --------------------------------------------------------------------

template <class T>
device_ptr<T> device_malloc(std::size_t n) {
  void *p = nullptr;
  if (n != 0) {
    // Thrust reports exhaustion as a bad_alloc; other failures as system_error.
    hipError_t e = hipMalloc(&p, n * sizeof(T));
    if (e == hipErrorOutOfMemory) throw system::detail::bad_alloc("thrust::device_malloc: out of device memory");
    ferrocm::throw_on_error(e, "thrust::device_malloc");
  }
  return device_ptr<T>(static_cast<T *>(p));
}
inline device_ptr<void> device_malloc(std::size_t bytes) {
  return device_ptr<void>(static_cast<void *>(device_malloc<char>(bytes).get()));
}
template <class T>
void device_free(device_ptr<T> p) {
  if (p.get() != nullptr)
    ferrocm::throw_on_error(hipFree(const_cast<void *>(static_cast<const void *>(p.get()))), "thrust::device_free");
}

template <class T>
class device_malloc_allocator {
 public:
  using value_type = T;
  using pointer = device_ptr<T>;
  using size_type = std::size_t;
  pointer allocate(size_type n) { return device_malloc<T>(n); }
  void deallocate(pointer p, size_type) { device_free(p); }
  bool operator==(const device_malloc_allocator &) const { return true; }
  bool operator!=(const device_malloc_allocator &) const { return false; }
};
template <class T>
using device_allocator = device_malloc_allocator<T>;

namespace ferrocm {
// Copies n elements between any two ranges, choosing hipMemcpy for trivially copyable data in
// contiguous memory and an element loop (after a device synchronisation) otherwise.
template <class Dst, class Src>
void transfer(Dst *dst, bool dst_device, Src src, std::size_t n, bool src_device) {
  if (n == 0) return;
  using V = std::remove_cv_t<typename std::iterator_traits<Src>::value_type>;
  if constexpr (std::is_pointer_v<Src> && std::is_same_v<V, Dst> && std::is_trivially_copyable_v<Dst>) {
    hipMemcpyKind kind = dst_device ? (src_device ? hipMemcpyDeviceToDevice : hipMemcpyHostToDevice)
                                    : (src_device ? hipMemcpyDeviceToHost : hipMemcpyHostToHost);
    throw_on_error(hipMemcpy(static_cast<void *>(dst), static_cast<const void *>(src), n * sizeof(Dst), kind),
                   "thrust: hipMemcpy");
  } else {
    if (dst_device || src_device) throw_on_error(hipDeviceSynchronize(), "thrust: hipDeviceSynchronize");
    for (std::size_t i = 0; i < n; ++i, ++src) dst[i] = *src;
  }
}
}  // namespace ferrocm

template <class T, class Alloc>
class device_vector;

// --- host_vector ------------------------------------------------------------------------------

template <class T, class Alloc = std::allocator<T>>
class host_vector : public std::vector<T, Alloc> {
  using base = std::vector<T, Alloc>;

 public:
  using base::base;
  using base::operator=;
  host_vector() = default;
  host_vector(const base &v) : base(v) {}
  host_vector(base &&v) : base(std::move(v)) {}
  template <class A2>
  host_vector(const device_vector<T, A2> &d) : base(d.size()) {
    ferrocm::transfer(base::data(), false, d.data().get(), d.size(), true);
  }
  template <class U, class A2, std::enable_if_t<!std::is_same_v<U, T>, int> = 0>
  host_vector(const std::vector<U, A2> &v) : base(v.begin(), v.end()) {}
  template <class A2>
  host_vector &operator=(const device_vector<T, A2> &d) {
    base::resize(d.size());
    ferrocm::transfer(base::data(), false, d.data().get(), d.size(), true);
    return *this;
  }
};

// --- device_vector ----------------------------------------------------------------------------

template <class T, class Alloc = device_allocator<T>>
class device_vector {
 public:
  using value_type = T;
  using allocator_type = Alloc;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using pointer = device_ptr<T>;
  using const_pointer = device_ptr<const T>;
  using reference = device_reference<T>;
  using const_reference = device_reference<const T>;
  using iterator = device_ptr<T>;
  using const_iterator = device_ptr<const T>;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;

  device_vector() = default;
  explicit device_vector(size_type n) { fill_new(n, T()); }
  device_vector(size_type n, const T &v) { fill_new(n, v); }
  device_vector(const device_vector &o) { assign_range(o.data().get(), o.size(), true); }
  device_vector(device_vector &&o) noexcept { swap(o); }
  template <class A2>
  device_vector(const device_vector<T, A2> &o) { assign_range(o.data().get(), o.size(), true); }
  template <class U, class A2>
  device_vector(const std::vector<U, A2> &v) { assign_range(v.data(), v.size(), false); }
  template <class U, class A2>
  device_vector(const host_vector<U, A2> &v) { assign_range(v.data(), v.size(), false); }
  device_vector(std::initializer_list<T> il) { assign_range(il.begin(), il.size(), false); }
  template <class It, class = std::enable_if_t<!std::is_integral_v<It>>>
  device_vector(It first, It last) {
    assign(first, last);
  }
  ~device_vector() { release(); }

  device_vector &operator=(const device_vector &o) {
    if (this != &o) assign_range(o.data().get(), o.size(), true);
    return *this;
  }
  device_vector &operator=(device_vector &&o) noexcept {
    swap(o);
    return *this;
  }
  template <class U, class A2>
  device_vector &operator=(const std::vector<U, A2> &v) {
    assign_range(v.data(), v.size(), false);
    return *this;
  }
  template <class U, class A2>
  device_vector &operator=(const host_vector<U, A2> &v) {
    assign_range(v.data(), v.size(), false);
    return *this;
  }
  template <class A2>
  device_vector &operator=(const device_vector<T, A2> &o) {
    assign_range(o.data().get(), o.size(), true);
    return *this;
  }

  template <class It, class = std::enable_if_t<!std::is_integral_v<It>>>
  void assign(It first, It last) {
    auto n = static_cast<size_type>(std::distance(first, last));
    assign_range(ferrocm::unwrap(first), n, ferrocm::is_device<It>::value);
  }
  void assign(size_type n, const T &v) {
    clear();
    fill_new(n, v);
  }

  size_type size() const noexcept { return n_; }
  size_type capacity() const noexcept { return cap_; }
  bool empty() const noexcept { return n_ == 0; }
  size_type max_size() const noexcept { return static_cast<size_type>(-1) / sizeof(T); }
  pointer data() noexcept { return pointer(p_); }
  const_pointer data() const noexcept { return const_pointer(p_); }
  iterator begin() noexcept { return iterator(p_); }
  iterator end() noexcept { return iterator(p_ + n_); }
  const_iterator begin() const noexcept { return const_iterator(p_); }
  const_iterator end() const noexcept { return const_iterator(p_ + n_); }
  const_iterator cbegin() const noexcept { return begin(); }
  const_iterator cend() const noexcept { return end(); }
  reverse_iterator rbegin() noexcept { return reverse_iterator(end()); }
  reverse_iterator rend() noexcept { return reverse_iterator(begin()); }
  const_reverse_iterator rbegin() const noexcept { return const_reverse_iterator(end()); }
  const_reverse_iterator rend() const noexcept { return const_reverse_iterator(begin()); }
  reference operator[](size_type i) noexcept { return reference(p_ + i); }
  const_reference operator[](size_type i) const noexcept { return const_reference(p_ + i); }
  reference front() { return (*this)[0]; }
  reference back() { return (*this)[n_ - 1]; }
  const_reference front() const { return (*this)[0]; }
  const_reference back() const { return (*this)[n_ - 1]; }

  void reserve(size_type n) {
    if (n > cap_) reallocate(n);
  }
  void resize(size_type n) { resize(n, T()); }
  void resize(size_type n, const T &v) {
    if (n > cap_) reallocate(std::max(n, cap_ + cap_ / 2));
    if (n > n_) {
      sync();
      std::uninitialized_fill(p_ + n_, p_ + n, v);
    } else if (n < n_) {
      sync();
      std::destroy(p_ + n, p_ + n_);
    }
    n_ = n;
  }
  void clear() { resize(0); }
  void shrink_to_fit() {
    if (cap_ > n_) reallocate(n_);
  }
  void push_back(const T &v) {
    if (n_ == cap_) reallocate(std::max<size_type>(8, cap_ * 2));
    (*this)[n_] = v;  // storage beyond size() holds no live object: write the bytes
    ++n_;
  }
  void pop_back() {
    if (n_ > 0) resize(n_ - 1);
  }
  iterator erase(iterator pos) { return erase(pos, pos + 1); }
  iterator erase(iterator first, iterator last) {
    sync();
    T *f = first.get(), *l = last.get(), *e = p_ + n_;
    std::move(l, e, f);
    std::destroy(e - (l - f), e);
    n_ -= static_cast<size_type>(l - f);
    return first;
  }
  iterator insert(iterator pos, const T &v) {
    size_type at = static_cast<size_type>(pos.get() - p_);
    T copy = v;
    resize(n_ + 1);
    sync();
    std::move_backward(p_ + at, p_ + n_ - 1, p_ + n_);
    p_[at] = copy;
    return iterator(p_ + at);
  }
  void swap(device_vector &o) noexcept {
    std::swap(p_, o.p_);
    std::swap(n_, o.n_);
    std::swap(cap_, o.cap_);
  }
  allocator_type get_allocator() const { return Alloc(); }

 private:
  static void sync() { ferrocm::throw_on_error(hipDeviceSynchronize(), "thrust::device_vector"); }

  void release() noexcept {
    if (p_ == nullptr) return;
    if constexpr (!std::is_trivially_destructible_v<T>) {
      if (hipDeviceSynchronize() == hipSuccess) std::destroy(p_, p_ + n_);
    }
    // hipFree synchronises with the device itself; a destructor must not throw.
    (void)hipFree(p_);
    p_ = nullptr;
    n_ = cap_ = 0;
  }

  void reallocate(size_type cap) {
    T *np = Alloc().allocate(cap).get();
    if (n_ > 0) {
      if constexpr (std::is_trivially_copyable_v<T>) {
        hipError_t e = hipMemcpy(np, p_, n_ * sizeof(T), hipMemcpyDeviceToDevice);
        if (e != hipSuccess) {
          (void)hipFree(np);
          ferrocm::throw_on_error(e, "thrust::device_vector");
        }
      } else {
        sync();
        std::uninitialized_move(p_, p_ + n_, np);
      }
    }
    size_type n = n_;
    release();
    p_ = np;
    n_ = n;
    cap_ = cap;
  }

  void fill_new(size_type n, const T &v) {
    reserve(n);
    if (n == 0) return;
    sync();
    ferrocm::thread_pool::instance().run(n, ferrocm::parallel_grain, [&](std::size_t b, std::size_t e) {
      std::uninitialized_fill(p_ + b, p_ + e, v);
    });
    n_ = n;
  }

  template <class Src>
  void assign_range(Src src, size_type n, bool src_device) {
    if (n > cap_) {
      device_vector fresh;
      fresh.reserve(n);
      fresh.copy_in(src, n, src_device);
      swap(fresh);
      return;
    }
    clear();
    copy_in(src, n, src_device);
  }
  template <class Src>
  void copy_in(Src src, size_type n, bool src_device) {
    if constexpr (!std::is_trivially_default_constructible_v<T>) {
      sync();
      std::uninitialized_default_construct(p_, p_ + n);
    }
    ferrocm::transfer(p_, true, src, n, src_device);
    n_ = n;
  }

  T *p_ = nullptr;
  size_type n_ = 0, cap_ = 0;
};

template <class T, class A1, class A2>
bool operator==(const device_vector<T, A1> &a, const device_vector<T, A2> &b) {
  if (a.size() != b.size()) return false;
  host_vector<T> ha(a), hb(b);
  return std::equal(ha.begin(), ha.end(), hb.begin());
}
template <class T, class A1, class A2>
bool operator!=(const device_vector<T, A1> &a, const device_vector<T, A2> &b) {
  return !(a == b);
}
template <class T, class A>
void swap(device_vector<T, A> &a, device_vector<T, A> &b) noexcept {
  a.swap(b);
}

}  // namespace thrust
