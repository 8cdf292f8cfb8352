// Shared helpers of the HIP conformance programs (tests/hip/*.hip). See README.md.
//
// Every program prints `PASS` as its last line and exits 0 on success; on the first failed
// check it prints `FAIL: <what, expected vs got> [file:line]` and exits 1 at once (with _exit,
// so a kernel that is still spinning cannot keep the process alive).
#ifndef FERROCM_HIP_TEST_H
#define FERROCM_HIP_TEST_H

#include <hip/hip_runtime.h>

#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>
#include <unistd.h>

#if defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_NVCC__)
#define HIP_TEST_NVIDIA 1
#else
#define HIP_TEST_NVIDIA 0
#endif

namespace hip_test {

[[noreturn]] __attribute__((format(printf, 3, 4))) inline void fail_at(const char *file, int line,
                                                                      const char *fmt, ...) {
  std::fflush(stdout);
  std::printf("FAIL: ");
  va_list ap;
  va_start(ap, fmt);
  std::vprintf(fmt, ap);
  va_end(ap);
  const char *base = std::strrchr(file, '/');
  std::printf(" [%s:%d]\n", base ? base + 1 : file, line);
  std::fflush(stdout);
  std::fflush(stderr);
  _exit(1);
}

[[noreturn]] __attribute__((format(printf, 4, 5))) inline void fail_cond(const char *file, int line,
                                                                        const char *cond,
                                                                        const char *fmt, ...) {
  std::fflush(stdout);
  std::printf("FAIL: (%s) ", cond);
  va_list ap;
  va_start(ap, fmt);
  std::vprintf(fmt, ap);
  va_end(ap);
  const char *base = std::strrchr(file, '/');
  std::printf(" [%s:%d]\n", base ? base + 1 : file, line);
  std::fflush(stdout);
  std::fflush(stderr);
  _exit(1);
}

template <class T> std::string to_str(const T &v) {
  char buf[128];
  if constexpr (std::is_same_v<T, hipError_t>) {
    const char *n = hipGetErrorName(v);
    std::snprintf(buf, sizeof buf, "%s (%d)", n ? n : "?", (int)v);
  } else if constexpr (std::is_same_v<T, bool>) {
    std::snprintf(buf, sizeof buf, "%s", v ? "true" : "false");
  } else if constexpr (std::is_enum_v<T>) {
    std::snprintf(buf, sizeof buf, "%lld", (long long)v);
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    std::snprintf(buf, sizeof buf, "%lld", (long long)v);
  } else if constexpr (std::is_integral_v<T>) {
    std::snprintf(buf, sizeof buf, "%llu (0x%llx)", (unsigned long long)v, (unsigned long long)v);
  } else if constexpr (std::is_floating_point_v<T>) {
    std::snprintf(buf, sizeof buf, "%.17g", (double)v);
  } else if constexpr (std::is_pointer_v<T> || std::is_null_pointer_v<T>) {
    std::snprintf(buf, sizeof buf, "%p", (const void *)v);
  } else if constexpr (std::is_convertible_v<T, std::string>) {
    return std::string("\"") + std::string(v) + "\"";
  } else {
    std::snprintf(buf, sizeof buf, "<value>");
  }
  return buf;
}

inline double now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

inline void sleep_ms(double ms) {
  std::this_thread::sleep_for(std::chrono::microseconds((long long)(ms * 1000.0)));
}

// Fails the program if it is still running after `seconds` (clearer than the runner's kill).
inline void watchdog(double seconds, const char *what) {
  std::thread([seconds, what] {
    sleep_ms(seconds * 1000.0);
    std::printf("FAIL: watchdog: %s did not finish within %.0f s\n", what, seconds);
    std::fflush(stdout);
    _exit(1);
  }).detach();
}

inline void host_store(volatile int *flag, int v) {
  __atomic_store_n((int *)flag, v, __ATOMIC_SEQ_CST);
}
inline int host_load(volatile int *flag) { return __atomic_load_n((int *)flag, __ATOMIC_SEQ_CST); }

inline int pass() {
  std::printf("PASS\n");
  std::fflush(stdout);
  return 0;
}

} // namespace hip_test

#define FAIL_AT(...) ::hip_test::fail_at(__FILE__, __LINE__, __VA_ARGS__)

// `cond` must hold; the message (a printf format + args) says what was expected and what we got.
#define CHECK(cond, ...)                                                                          \
  do {                                                                                            \
    if (!(cond)) ::hip_test::fail_cond(__FILE__, __LINE__, #cond, __VA_ARGS__);                   \
  } while (0)

#define CHECK_EQ(got, expected)                                                                   \
  do {                                                                                            \
    const auto g_v_ = (got);                                                                      \
    const auto e_v_ = (expected);                                                                 \
    if (!(g_v_ == e_v_))                                                                          \
      FAIL_AT("%s: expected %s (%s), got %s", #got, ::hip_test::to_str(e_v_).c_str(), #expected,  \
              ::hip_test::to_str(g_v_).c_str());                                                  \
  } while (0)

// HIP_TEST_TRACE=1 in the environment prints each checked call to stderr before it runs: to
// find where a program hangs when no debugger is at hand (scripts/gpu-hang-trace.sh sets it).
namespace hip_test {
inline bool trace_enabled() {
  static const bool on = std::getenv("HIP_TEST_TRACE") != nullptr;
  return on;
}
inline void trace(int line, const char *call) {
  if (trace_enabled()) std::fprintf(stderr, "[trace] line %d: %s\n", line, call);
}
} // namespace hip_test
#define HIP_TEST_TRACED(call) (::hip_test::trace(__LINE__, #call), (call))

#define HIP_CHECK(call)                                                                           \
  do {                                                                                            \
    const hipError_t e_ = HIP_TEST_TRACED(call);                                                   \
    if (e_ != hipSuccess)                                                                         \
      FAIL_AT("%s returned %s, expected hipSuccess", #call, ::hip_test::to_str(e_).c_str());      \
  } while (0)

#define HIP_EXPECT(call, expected)                                                                \
  do {                                                                                            \
    const hipError_t e_ = HIP_TEST_TRACED(call);                                                   \
    const hipError_t x_ = (expected);                                                             \
    if (e_ != x_)                                                                                 \
      FAIL_AT("%s returned %s, expected %s", #call, ::hip_test::to_str(e_).c_str(),               \
              ::hip_test::to_str(x_).c_str());                                                    \
  } while (0)

// For the few cases where HIP on AMD and HIP on NVIDIA document different codes (each use
// says why in a comment).
#define HIP_EXPECT2(call, expected1, expected2)                                                   \
  do {                                                                                            \
    const hipError_t e_ = HIP_TEST_TRACED(call);                                                   \
    const hipError_t x1_ = (expected1), x2_ = (expected2);                                        \
    if (e_ != x1_ && e_ != x2_)                                                                   \
      FAIL_AT("%s returned %s, expected %s or %s", #call, ::hip_test::to_str(e_).c_str(),         \
              ::hip_test::to_str(x1_).c_str(), ::hip_test::to_str(x2_).c_str());                  \
  } while (0)

#define HIP_EXPECT_FAIL(call)                                                                     \
  do {                                                                                            \
    const hipError_t e_ = HIP_TEST_TRACED(call);                                                   \
    if (e_ == hipSuccess) FAIL_AT("%s returned hipSuccess, expected an error", #call);            \
  } while (0)

// A kernel every program may use: spins (one work-item) until the host stores non-zero into
// *flag, then stores `value` into *done. The flag lives in host-visible memory
// (hipHostMalloc / hipMallocManaged).
// A program of several translation units defines HIP_TEST_NO_SPIN_KERNEL in all but one
// (kernels are not inline: one definition per program, as -fgpu-rdc's device link insists).
#ifndef HIP_TEST_NO_SPIN_KERNEL
__global__ void hip_test_spin_kernel(volatile int *flag, int *done, int value) {
  while (*flag == 0) {
  }
  __threadfence_system();
  *done = value;
}
#endif

#endif
