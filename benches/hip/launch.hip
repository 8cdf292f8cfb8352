// Launch costs of an empty 1 x 1 kernel, back to back (no idle time between samples, as in
// HIP-CPU's measurements, hip-cpu-peer.md §6.2):
// - launch + hipStreamSynchronize on a created stream;
// - launch + hipDeviceSynchronize on the null stream;
// - the host-side enqueue cost per launch: 200 launches back to back on a created stream
//   (its queue holds 256 packets: no launch waits for room), then an untimed sync;
// - throughput: 10000 launches back to back, then one hipStreamSynchronize, per launch.
// Native peers: the minimal hand-written "stream": one worker thread fed through a
// mutex + condition-variable protected deque of std::function jobs; synchronize waits on a
// condition variable until every submitted job ran (both sides block). For the round trips
// also a worker that spins on an atomic, the caller spinning for its answer (nobody sleeps:
// the native floor; our runtime's threads also spin for a while before they sleep).
#include "bench.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>

__global__ void empty_kernel() {}

class NativeStream {
 public:
  NativeStream() : worker_([this] { run(); }) {}
  ~NativeStream() {
    {
      std::lock_guard<std::mutex> g(m_);
      stop_ = true;
    }
    work_cv_.notify_one();
    worker_.join();
  }
  void submit(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> g(m_);
      jobs_.push_back(std::move(job));
      ++submitted_;
    }
    work_cv_.notify_one();
  }
  void synchronize() {
    std::unique_lock<std::mutex> g(m_);
    done_cv_.wait(g, [this] { return done_ == submitted_; });
  }

 private:
  void run() {
    std::unique_lock<std::mutex> g(m_);
    for (;;) {
      work_cv_.wait(g, [this] { return stop_ || !jobs_.empty(); });
      if (jobs_.empty()) return;
      std::function<void()> job = std::move(jobs_.front());
      jobs_.pop_front();
      g.unlock();
      job();
      g.lock();
      if (++done_ == submitted_) done_cv_.notify_all();
    }
  }
  std::mutex m_;
  std::condition_variable work_cv_, done_cv_;
  std::deque<std::function<void()>> jobs_;
  uint64_t submitted_ = 0, done_ = 0;
  bool stop_ = false;
  std::thread worker_;
};

static void empty_job() {}

class SpinWorker {
 public:
  SpinWorker() : worker_([this] { run(); }) {}
  ~SpinWorker() {
    stop_.store(true, std::memory_order_relaxed);
    worker_.join();
  }
  void round_trip() {
    uint64_t k = ++sent_;
    request_.store(k, std::memory_order_release);
    while (done_.load(std::memory_order_acquire) != k) bench::cpu_relax();
  }

 private:
  void run() {
    uint64_t seen = 0;
    while (!stop_.load(std::memory_order_relaxed)) {
      uint64_t r = request_.load(std::memory_order_acquire);
      if (r != seen) {
        seen = r;
        empty_job();
        done_.store(r, std::memory_order_release);
      } else {
        bench::cpu_relax();
      }
    }
  }
  std::atomic<uint64_t> request_{0}, done_{0};
  std::atomic<bool> stop_{false};
  uint64_t sent_ = 0;
  std::thread worker_;
};

int main() {
  bool quick = bench::quick();
  int samples = quick ? 500 : 3000;
  int batches = quick ? 5 : 15;
  int bursts = quick ? 50 : 300;
  const int batch = 10000;
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  NativeStream native;
  // Warm up both (first launches load and register everything).
  for (int k = 0; k < 100; ++k) {
    hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(1), 0, stream);
    native.submit(empty_job);
  }
  CHECK(hipStreamSynchronize(stream));
  native.synchronize();

  bench::group("launch-sync-stream", 0, "empty kernel launch + hipStreamSynchronize, created stream");
  bench::ours("launch-sync-stream", "b1", samples, [&] {
    hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(1), 0, stream);
    CHECK(hipStreamSynchronize(stream));
  });
  bench::peer("launch-sync-stream", "condvar-worker", samples, [&] {
    native.submit(empty_job);
    native.synchronize();
  });
  {
    SpinWorker spin;
    bench::peer("launch-sync-stream", "spin-worker", samples, [&] { spin.round_trip(); });
  }

  bench::group("launch-sync-device", 0, "empty kernel launch + hipDeviceSynchronize, null stream");
  bench::ours("launch-sync-device", "b1", samples, [&] {
    hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(1), 0, 0);
    CHECK(hipDeviceSynchronize());
  });
  bench::peer("launch-sync-device", "condvar-worker", samples, [&] {
    native.submit(empty_job);
    native.synchronize();
  });
  {
    SpinWorker spin;
    bench::peer("launch-sync-device", "spin-worker", samples, [&] { spin.round_trip(); });
  }

  // Host-side enqueue: 200 launches back to back (the stream's queue holds 256 packets, so
  // none waits for room), per launch; then an untimed sync.
  const int burst = 200;
  std::vector<double> enqueue, peer_enqueue;
  for (int r = 0; r <= bursts; ++r) {
    double t0 = bench::now_ns();
    for (int k = 0; k < burst; ++k) hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(1), 0, stream);
    double t1 = bench::now_ns();
    CHECK(hipStreamSynchronize(stream));
    double t2 = bench::now_ns();
    for (int k = 0; k < burst; ++k) native.submit(empty_job);
    double t3 = bench::now_ns();
    native.synchronize();
    if (r == 0) continue;  // warm-up
    enqueue.push_back((t1 - t0) / burst);
    peer_enqueue.push_back((t3 - t2) / burst);
  }
  // Throughput: 10000 launches back to back, then one sync, per launch.
  std::vector<double> total, peer_total;
  for (int r = 0; r <= batches; ++r) {
    double t0 = bench::now_ns();
    for (int k = 0; k < batch; ++k) hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(1), 0, stream);
    CHECK(hipStreamSynchronize(stream));
    double t1 = bench::now_ns();
    for (int k = 0; k < batch; ++k) native.submit(empty_job);
    native.synchronize();
    double t2 = bench::now_ns();
    if (r == 0) continue;  // warm-up
    total.push_back((t1 - t0) / batch);
    peer_total.push_back((t2 - t1) / batch);
  }
  CHECK(hipGetLastError());
  bench::group("launch-enqueue", 0, "200 back-to-back empty launches (queue never full), host-side enqueue per launch");
  bench::print_samples("OURS", "launch-enqueue", "b1", enqueue);
  bench::print_samples("PEER", "launch-enqueue", "condvar-worker", peer_enqueue);
  bench::group("launch-batch", 0, "10000 back-to-back empty launches + one sync, per launch");
  bench::print_samples("OURS", "launch-batch", "b1", total);
  bench::print_samples("PEER", "launch-batch", "condvar-worker", peer_total);
  CHECK(hipStreamDestroy(stream));
  return 0;
}
