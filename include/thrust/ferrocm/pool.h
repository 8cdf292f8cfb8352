// The host thread pool that runs thrust algorithms on the CPU platform.
//
// One process-wide pool of (workers - 1) threads; the calling thread takes part in every job,
// so a pool of size 1 means "run on the caller". Size: FERROCM_THRUST_THREADS, else
// FERROCM_CPU_WORKERS (the HIP engine's worker count), else the CPUs this process may use.
// A job is a range [0, n) cut into chunks that threads claim with an atomic counter; the caller
// waits for the chunks it did not run. Jobs started from a pool thread (a functor calling a
// thrust algorithm) run inline, so nesting cannot deadlock. The first exception a chunk throws
// is rethrown in the caller after every chunk finished.
#pragma once

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdlib>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace thrust {
namespace ferrocm {

class thread_pool {
 public:
  static thread_pool &instance() {
    // Leaked on purpose: worker threads must outlive static destructors of user code that may
    // still run algorithms (a destructor of a global device_vector, an atexit handler).
    static thread_pool *pool = new thread_pool(default_size());
    return *pool;
  }

  unsigned size() const { return static_cast<unsigned>(workers_.size()) + 1; }

  static bool in_worker() { return worker_flag(); }

  // Runs body(chunk_begin, chunk_end) over [0, n) in chunks of at least `grain` elements.
  template <class F>
  void run(std::size_t n, std::size_t grain, F &&body) {
    if (n == 0) return;
    unsigned threads = size();
    if (grain == 0) grain = 1;
    if (threads <= 1 || n <= grain || in_worker()) {
      body(std::size_t{0}, n);
      return;
    }
    // About 4 chunks per thread balances uneven chunks without much claiming traffic.
    std::size_t chunks = std::min<std::size_t>((n + grain - 1) / grain, std::size_t{threads} * 4);
    auto job = std::make_shared<job_state>();
    job->n = n;
    job->chunks = chunks;
    job->body = [&body](std::size_t b, std::size_t e) { body(b, e); };
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (unsigned i = 0; i + 1 < threads && i < chunks; ++i) queue_.push_back(job);
    }
    cv_.notify_all();
    work_on(*job);
    std::unique_lock<std::mutex> lock(job->done_mutex);
    job->done_cv.wait(lock, [&] { return job->finished == job->chunks; });
    if (job->error) std::rethrow_exception(job->error);
  }

 private:
  struct job_state {
    std::size_t n = 0, chunks = 0;
    std::function<void(std::size_t, std::size_t)> body;
    std::atomic<std::size_t> next{0};
    std::size_t finished = 0;  // guarded by done_mutex
    std::exception_ptr error;  // guarded by done_mutex
    std::mutex done_mutex;
    std::condition_variable done_cv;
  };

  static bool &worker_flag() {
    static thread_local bool flag = false;
    return flag;
  }

  static unsigned default_size() {
    for (const char *name : {"FERROCM_THRUST_THREADS", "FERROCM_CPU_WORKERS"}) {
      if (const char *v = std::getenv(name)) {
        long n = std::strtol(v, nullptr, 10);
        if (n > 0) return static_cast<unsigned>(std::min<long>(n, 1024));
      }
    }
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
      return static_cast<unsigned>(CPU_COUNT(&set));
    unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : n;
  }

  explicit thread_pool(unsigned threads) {
    for (unsigned i = 1; i < threads; ++i) {
      try {
        workers_.emplace_back([this] { worker_loop(); });
      } catch (const std::system_error &) {
        break;  // fewer threads than asked: the caller still takes part in every job
      }
    }
  }

  // Claims chunks of `job` until none is left; records completion and the first exception.
  static void work_on(job_state &job) {
    for (;;) {
      std::size_t c = job.next.fetch_add(1, std::memory_order_relaxed);
      if (c >= job.chunks) return;
      std::size_t b = job.n * c / job.chunks, e = job.n * (c + 1) / job.chunks;
      std::exception_ptr err;
      try {
        job.body(b, e);
      } catch (...) {
        err = std::current_exception();
      }
      std::lock_guard<std::mutex> lock(job.done_mutex);
      if (err && !job.error) job.error = err;
      if (++job.finished == job.chunks) job.done_cv.notify_all();
    }
  }

  void worker_loop() {
    worker_flag() = true;
    for (;;) {
      std::shared_ptr<job_state> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        cv_.wait(lock, [&] { return !queue_.empty(); });
        job = std::move(queue_.front());
        queue_.pop_front();
      }
      work_on(*job);
    }
  }

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::shared_ptr<job_state>> queue_;
};

// Below this many elements an algorithm runs on the calling thread (thread hand-off costs
// a few microseconds; cheap per-element work needs tens of thousands of elements to gain).
constexpr std::size_t parallel_grain = std::size_t{1} << 14;

template <class F>
inline void parallel_for(std::size_t n, F &&body, std::size_t grain = parallel_grain) {
  thread_pool::instance().run(n, grain, std::forward<F>(body));
}

}  // namespace ferrocm
}  // namespace thrust
