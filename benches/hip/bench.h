// Shared helpers for the HIP benchmark programs that `cargo bench --bench hip_cpu` builds with
// our hipcc and runs. Each program prints machine-readable lines on stdout, which the bench
// parses (anything else is passed through as a note):
//
//   GROUP <id> <bytes-per-op> <title...>    starts a group of comparable measurements
//   OURS <id> <variant> <ns> <ns> ...        samples of our HIP runtime, ns per operation
//   PEER <id> <impl> <ns> <ns> ...           samples of a native peer, ns per operation
//   SKIP <id> <impl> <reason...>             a peer that could not run here
//   FAIL <what...>                           a wrong result (the program then exits 1)
//
// Environment: FERROCM_BENCH_QUICK=1 (fewer samples, smaller sizes), FERROCM_CPU_WORKERS
// (the engine's worker count; the threaded peers use the same number of threads).
#pragma once

#include <hip/hip_runtime.h>

#include <sched.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#define CHECK(call)                                                                     \
  do {                                                                                  \
    hipError_t err_ = (call);                                                           \
    if (err_ != hipSuccess) {                                                           \
      std::printf("FAIL %s:%d %s -> %s\n", __FILE__, __LINE__, #call,                  \
                  hipGetErrorString(err_));                                             \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

namespace bench {

inline bool quick() {
  const char *q = std::getenv("FERROCM_BENCH_QUICK");
  return q != nullptr && *q != '\0' && std::strcmp(q, "0") != 0;
}

inline double now_ns() {
  return std::chrono::duration<double, std::nano>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The engine's worker count: FERROCM_CPU_WORKERS, else the CPUs this process may run on
// (what Rust's available_parallelism reports).
inline unsigned threads() {
  if (const char *w = std::getenv("FERROCM_CPU_WORKERS")) {
    long v = std::strtol(w, nullptr, 10);
    if (v > 0) return static_cast<unsigned>(v);
  }
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    int n = CPU_COUNT(&set);
    if (n > 0) return static_cast<unsigned>(n);
  }
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : n;
}

// A spin-wait hint to the CPU.
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

inline std::string threaded_name(const char *what) {
  return std::string(what) + "-" + std::to_string(threads()) + "t";
}

// Prints "<tag> <id> <name> ns..." for samples measured by the caller.
inline void print_samples(const char *tag, const std::string &id, const std::string &name,
                          const std::vector<double> &s) {
  std::printf("%s %s %s", tag, id.c_str(), name.c_str());
  for (double v : s) std::printf(" %.1f", v);
  std::printf("\n");
  std::fflush(stdout);
}

// One untimed warm-up call, then `n` timed calls of `f`; prints "<tag> <id> <name> ns..."
// with each sample divided by `ops_per_call`.
template <class F>
void measure(const char *tag, const std::string &id, const std::string &name, int n, F &&f,
             double ops_per_call = 1.0) {
  f();
  std::vector<double> s;
  s.reserve(n);
  for (int k = 0; k < n; ++k) {
    double t = now_ns();
    f();
    s.push_back((now_ns() - t) / ops_per_call);
  }
  print_samples(tag, id, name, s);
}

template <class F>
void ours(const std::string &id, const std::string &variant, int n, F &&f, double ops = 1.0) {
  measure("OURS", id, variant, n, f, ops);
}

template <class F>
void peer(const std::string &id, const std::string &impl, int n, F &&f, double ops = 1.0) {
  measure("PEER", id, impl, n, f, ops);
}

inline void group(const std::string &id, double bytes_per_op, const char *title) {
  std::printf("GROUP %s %.0f %s\n", id.c_str(), bytes_per_op, title);
  std::fflush(stdout);
}

inline void fail(const std::string &what) {
  std::printf("FAIL %s\n", what.c_str());
  std::fflush(stdout);
  std::exit(1);
}

// The native threaded peer: splits [0, n) into threads() contiguous chunks and runs
// body(begin, end) on each, one std::thread per chunk except the last, which the calling
// thread runs (the engine's calling thread takes part in a dispatch too). Threads are
// created per call, as a hand-written loop would do.
template <class F>
void parallel_for(size_t n, F &&body) {
  unsigned t = threads();
  if (t <= 1 || n < t) {
    body(size_t{0}, n);
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(t - 1);
  size_t chunk = n / t, rest = n % t, begin = 0;
  for (unsigned k = 0; k < t; ++k) {
    size_t end = begin + chunk + (k < rest ? 1 : 0);
    if (k + 1 == t) {
      body(begin, end);
    } else {
      pool.emplace_back([&body, begin, end] { body(begin, end); });
    }
    begin = end;
  }
  for (auto &th : pool) th.join();
}

}  // namespace bench
