/*
 * ferrocm rocPRIM, CPU platform: the host side of the device-wide algorithms.
 *
 * On the CPU a "device-wide" algorithm is a host-parallel algorithm run in stream order:
 * the call checks its arguments, answers the temporary-storage query, then enqueues a
 * closure on the stream with hipLaunchHostFunc and returns at once (as a GPU launch does).
 * The closure runs on the stream's worker after the work before it and splits its work over
 * a pool of host threads. There is no cross-block spinning (AMD's CPU build of rocPRIM
 * deadlocked on its decoupled look-back when blocks shared a thread): every parallel step
 * here is a fork-join over independent chunks.
 */
#ifndef ROCPRIM_DETAIL_HOST_PARALLEL_HPP_
#define ROCPRIM_DETAIL_HOST_PARALLEL_HPP_

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include <hip/hip_runtime.h>

namespace rocprim {
namespace detail {
namespace host {

/* A fixed pool of worker threads running fork-join jobs: run(n, f) calls f(i) for every i in
 * [0, n) on the workers and the caller, and returns when all have returned. One job at a time
 * (callers from several streams take turns); a call from inside a job runs sequentially. */
class pool {
public:
  static pool &get() {
    /* Never destroyed: the workers may still wait on the condition variable at exit. */
    static pool *p = new pool();
    return *p;
  }
  /* Threads taking part in a job (workers + the caller). */
  unsigned size() const { return unsigned(workers_.size()) + 1u; }

  template <class F> void run(size_t n, const F &f) {
    if (n == 0) return;
    if (n == 1 || workers_.empty() || in_job()) {
      for (size_t i = 0; i < n; ++i) f(i);
      return;
    }
    std::lock_guard<std::mutex> submit(submit_);
    job j;
    j.fn = [](const void *ctx, size_t i) { (*static_cast<const F *>(ctx))(i); };
    j.ctx = &f;
    j.n = n;
    {
      std::lock_guard<std::mutex> lk(m_);
      current_ = &j;
      ++generation_;
    }
    cv_.notify_all();
    in_job() = true;
    size_t mine = work(j);
    in_job() = false;
    std::unique_lock<std::mutex> lk(m_);
    j.done += mine;
    current_ = nullptr; /* no worker joins it any more */
    /* The job lives in this frame: wait for every worker that joined it to leave. */
    done_cv_.wait(lk, [&] { return j.done == j.n && j.active == 0; });
  }

private:
  /* One fork-join job; workers join it under the lock (active) and leave under the lock. */
  struct job {
    void (*fn)(const void *, size_t) = nullptr;
    const void *ctx = nullptr;
    size_t n = 0;
    std::atomic<size_t> next{0};
    size_t done = 0;   /* indices run (under m_) */
    unsigned active = 0; /* workers inside (under m_) */
  };

  pool() {
    unsigned hw = std::thread::hardware_concurrency();
    if (const char *e = std::getenv("FERROCM_PRIM_THREADS")) {
      long v = std::strtol(e, nullptr, 10);
      if (v > 0) hw = unsigned(v);
    }
    if (hw == 0) hw = 1;
    if (hw > 256) hw = 256;
    for (unsigned i = 1; i < hw; ++i) {
      try {
        workers_.emplace_back([this] { loop(); });
      } catch (...) {
        break; /* fewer workers: the jobs still complete */
      }
    }
    for (auto &t : workers_) t.detach();
  }
  static bool &in_job() {
    static thread_local bool flag = false;
    return flag;
  }
  /* Takes indices of j until none is left; returns how many this thread ran. */
  static size_t work(job &j) {
    size_t count = 0;
    for (;;) {
      size_t i = j.next.fetch_add(1, std::memory_order_relaxed);
      if (i >= j.n) break;
      j.fn(j.ctx, i);
      ++count;
    }
    return count;
  }
  void loop() {
    in_job() = true;
    uint64_t seen = 0;
    std::unique_lock<std::mutex> lk(m_);
    for (;;) {
      cv_.wait(lk, [&] { return generation_ != seen; });
      seen = generation_;
      job *j = current_;
      if (j == nullptr) continue;
      ++j->active;
      lk.unlock();
      size_t mine = work(*j);
      lk.lock();
      j->done += mine;
      --j->active;
      if (j->done == j->n && j->active == 0) done_cv_.notify_all();
    }
  }

  std::vector<std::thread> workers_;
  std::mutex submit_, m_;
  std::condition_variable cv_, done_cv_;
  job *current_ = nullptr;
  uint64_t generation_ = 0;
};

/* [begin, end) of chunk c of n items cut into k chunks. */
struct range {
  size_t begin, end;
};
inline range chunk(size_t n, size_t k, size_t c) { return {n * c / k, n * (c + 1) / k}; }

/* How many chunks to cut n items into: enough for every pool thread, none below `grain`. */
inline size_t chunks_for(size_t n, size_t grain = 32768) {
  if (n <= grain) return 1;
  size_t k = (n + grain - 1) / grain;
  size_t most = size_t(pool::get().size()) * 4;
  return k < most ? k : most;
}

/* parallel_for over chunks: f(c, begin, end). */
template <class F> void for_chunks(size_t n, size_t k, const F &f) {
  pool::get().run(k, [&](size_t c) {
    range r = chunk(n, k, c);
    f(c, r.begin, r.end);
  });
}

/* Runs `f` on `stream` after the work queued before it (hipLaunchHostFunc). While the stream
 * is being captured into a graph the closure is kept for the graph's replays (it is not freed:
 * the graph may run it any number of times). */
template <class F> hipError_t enqueue(hipStream_t stream, F &&f, bool debug_synchronous = false) {
  using closure = std::decay_t<F>;
  hipStreamCaptureStatus capture = hipStreamCaptureStatusNone;
  if (hipStreamIsCapturing(stream, &capture) != hipSuccess) capture = hipStreamCaptureStatusNone;
  const bool keep = capture != hipStreamCaptureStatusNone;
  closure *c = nullptr;
  try {
    c = new closure(std::forward<F>(f));
  } catch (...) {
    return hipErrorOutOfMemory;
  }
  hipHostFn_t fn = keep ? static_cast<hipHostFn_t>([](void *p) { (*static_cast<closure *>(p))(); })
                        : static_cast<hipHostFn_t>([](void *p) {
                            std::unique_ptr<closure> owned(static_cast<closure *>(p));
                            (*owned)();
                          });
  hipError_t e = hipLaunchHostFunc(stream, fn, c);
  if (e != hipSuccess) {
    delete c;
    return e;
  }
  if (debug_synchronous) return hipStreamSynchronize(stream);
  return hipSuccess;
}

/* The temporary-storage contract of CUB and rocPRIM: a null pointer asks for the size (always
 * > 0), a given buffer must be at least that large. Parts are carved out 256-byte aligned. */
struct storage_plan {
  size_t bytes = 0;
  std::vector<size_t> offsets;
  size_t add(size_t n) {
    size_t off = bytes;
    offsets.push_back(off);
    bytes += (n + 255) & ~size_t(255);
    return off;
  }
  size_t total() const { return bytes < 256 ? 256 : bytes; }
};
/* hipSuccess with `size` set when `storage` is null (the query), hipErrorInvalidValue when the
 * given buffer is too small; `go` is set when the algorithm should run. */
inline hipError_t check_storage(void *storage, size_t &size, size_t required, bool &go) {
  go = false;
  if (storage == nullptr) {
    size = required;
    return hipSuccess;
  }
  if (size < required) return hipErrorInvalidValue;
  go = true;
  return hipSuccess;
}

} // namespace host
} // namespace detail
} // namespace rocprim

#endif
