// HIPCC-FLAGS: -lhiprtc
// A kernel that traps (__builtin_trap()), calls abort() or fails an assert() in device code
// fails its stream, not the process: hipStreamSynchronize / hipStreamQuery / hipEventSynchronize
// of that stream return hipErrorLaunchFailure (trap, abort) or hipErrorAssert (assert), the
// codes HIP documents for an exception in a kernel and a device-side assert (HIP on NVIDIA:
// cudaErrorLaunchFailure, cudaErrorAssert); the stream stays failed (later work on it does not
// run), hipDeviceSynchronize reports the error while the failed stream exists, and other
// streams, created before or after, keep working with right results. A trap in a kernel with
// barriers (work-items on fibers), traps in every work-group at once, and a second process
// running kernels at the same time (it must pass) are covered too, as are a trapping kernel
// node of a graph and a trapping kernel compiled by hiprtc and launched from its module. (On AMD GPUs HIP aborts the
// process on a queue error instead; on NVIDIA the error is sticky for the whole context, so
// this program only runs on the CPU platform: see docs/RELIABILITY.md.)
#include "hip_test.h"
#include <cassert>

#include <hip/hiprtc.h>
#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

__global__ void fill(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v + i;
}

__global__ void trap_at(int *p, int n, int bad) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == bad) __builtin_trap();
  if (i < n) p[i] = i;
}

__global__ void abort_at(int *p, int n, int bad) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if HIP_TEST_NVIDIA
  if (i == bad) __builtin_trap(); // CUDA device code has no abort() (this program skips there)
#else
  if (i == bad) abort();
#endif
  if (i < n) p[i] = i;
}

__global__ void assert_positive(const int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) assert(p[i] > 0);
}

// Work-items wait at barriers (the group runs on fibers); one of them traps between two.
__global__ void trap_between_barriers(int *p, int bad) {
  __shared__ int tile[256];
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (blockIdx.x * blockDim.x + threadIdx.x == bad) __builtin_trap();
  __syncthreads();
  p[blockIdx.x * blockDim.x + threadIdx.x] = tile[255 - threadIdx.x];
}

__global__ void trap_everywhere(int *p) {
  p[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  __builtin_trap();
}

// Launches fill on `s`, copies back and checks every element (the stream works).
static void stream_works(hipStream_t s, int v, const char *what) {
  const int n = 1 << 14;
  int *d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  std::vector<int> h(n, -1);
  hipLaunchKernelGGL(fill, dim3(n / 256), dim3(256), 0, s, d, n, v);
  HIP_CHECK(hipMemcpyAsync(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < n; ++i)
    if (h[i] != v + i) FAIL_AT("%s: element %d is %d, expected %d", what, i, h[i], v + i);
  HIP_CHECK(hipFree(d));
}

// The second process: kernels on its own streams for a while, every result checked.
static int worker() {
  hip_test::watchdog(50, "the worker process");
  hipStream_t s;
  HIP_CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  const double end = hip_test::now_s() + 1.5;
  int rounds = 0;
  while (hip_test::now_s() < end) stream_works(s, rounds++, "worker process");
  HIP_CHECK(hipStreamDestroy(s));
  std::printf("worker: %d rounds\n", rounds);
  return hip_test::pass();
}

// The failed stream reports `expected` from every way of waiting for it, and stays failed.
static void stream_failed(hipStream_t s, hipError_t expected, const char *what) {
  std::printf("%s\n", what);
  std::fflush(stdout);
  HIP_EXPECT(hipStreamSynchronize(s), expected);
  HIP_EXPECT(hipStreamQuery(s), expected);
  hipEvent_t e;
  HIP_CHECK(hipEventCreate(&e));
  // Work given to the failed stream afterwards is refused with its error and does not run.
  int *d = nullptr;
  HIP_CHECK(hipMalloc(&d, 1024 * sizeof(int)));
  HIP_CHECK(hipMemset(d, 0, 1024 * sizeof(int)));
  (void)hipGetLastError();
  hipLaunchKernelGGL(fill, dim3(4), dim3(256), 0, s, d, 1024, 5);
  HIP_EXPECT(hipGetLastError(), expected);
  HIP_EXPECT(hipMemsetAsync(d, 1, 1024 * sizeof(int), s), expected);
  HIP_EXPECT(hipEventRecord(e, s), expected);
  HIP_EXPECT(hipStreamSynchronize(s), expected);
  int first = -1;
  HIP_CHECK(hipMemcpy(&first, d, sizeof first, hipMemcpyDeviceToHost));
  CHECK(first == 0, "%s: work queued after the failure ran (wrote %d)", what, first);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipEventDestroy(e));
  (void)hipGetLastError();
}

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "--worker") == 0) return worker();
  hip_test::watchdog(100, "fault_kernel_trap");
  if (HIP_TEST_NVIDIA) {
    // A trap ends the whole CUDA context (a sticky error): the checks below do not apply.
    std::printf("SKIP: fault_kernel_trap: a device fault is sticky for the whole CUDA context on NVIDIA\n");
    return hip_test::pass();
  }

  // The second process starts now and runs kernels while this one's kernels fail.
  pid_t child = 0;
  char self[4096];
  ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  CHECK(len > 0, "readlink /proc/self/exe");
  self[len] = 0;
  char *child_argv[] = {self, (char *)"--worker", nullptr};
  CHECK(posix_spawn(&child, self, nullptr, nullptr, child_argv, environ) == 0, "posix_spawn failed");

  hipStream_t good, s1, s2, s3, s4;
  HIP_CHECK(hipStreamCreateWithFlags(&good, hipStreamNonBlocking));
  stream_works(good, 1, "the good stream at the start");
  stream_works(0, 2, "the null stream at the start");

  const int n = 1 << 16;
  int *d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));

  // 1. __builtin_trap() in one work-item of a large grid.
  HIP_CHECK(hipStreamCreateWithFlags(&s1, hipStreamNonBlocking));
  hipLaunchKernelGGL(trap_at, dim3(n / 256), dim3(256), 0, s1, d, n, 12345);
  HIP_CHECK(hipGetLastError()); // the launch itself succeeds: the fault is asynchronous
  stream_failed(s1, hipErrorLaunchFailure, "__builtin_trap()");
  stream_works(good, 3, "the good stream after a trap");
  stream_works(0, 4, "the null stream after a trap");
  hipStream_t late;
  HIP_CHECK(hipStreamCreate(&late));
  stream_works(late, 5, "a stream created after a trap");
  HIP_CHECK(hipStreamDestroy(late));

  // While the failed stream exists, waiting for the whole device reports its error; once it
  // is destroyed, the device synchronises cleanly again.
  HIP_EXPECT(hipDeviceSynchronize(), hipErrorLaunchFailure);
  HIP_CHECK(hipStreamDestroy(s1));
  HIP_CHECK(hipDeviceSynchronize());

  // 2. abort() in device code.
  HIP_CHECK(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));
  hipLaunchKernelGGL(abort_at, dim3(n / 256), dim3(256), 0, s2, d, n, 777);
  stream_failed(s2, hipErrorLaunchFailure, "abort()");
  HIP_CHECK(hipStreamDestroy(s2));
  stream_works(good, 6, "the good stream after abort()");

  // 3. assert() failing in every work-item whose value is not positive (a few of them).
  std::vector<int> h(n, 1);
  h[100] = 0;
  h[60000] = -3;
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipStreamCreateWithFlags(&s3, hipStreamNonBlocking));
  hipLaunchKernelGGL(assert_positive, dim3(n / 256), dim3(256), 0, s3, d, n);
  stream_failed(s3, hipErrorAssert, "assert()");
  HIP_CHECK(hipStreamDestroy(s3));
  // A passing assert changes nothing.
  HIP_CHECK(hipMemset(d, 1, n * sizeof(int)));
  hipLaunchKernelGGL(assert_positive, dim3(n / 256), dim3(256), 0, good, d, n);
  HIP_CHECK(hipStreamSynchronize(good));

  // 4. A trap between barriers (the group's work-items wait on fibers) and traps in every
  // work-group at once (all worker threads fault together).
  HIP_CHECK(hipStreamCreateWithFlags(&s4, hipStreamNonBlocking));
  hipLaunchKernelGGL(trap_between_barriers, dim3(n / 256), dim3(256), 0, s4, d, 300);
  stream_failed(s4, hipErrorLaunchFailure, "a trap between barriers");
  HIP_CHECK(hipStreamDestroy(s4));
  HIP_CHECK(hipStreamCreateWithFlags(&s4, hipStreamNonBlocking));
  hipLaunchKernelGGL(trap_everywhere, dim3(n / 64), dim3(64), 0, s4, d);
  stream_failed(s4, hipErrorLaunchFailure, "a trap in every work-item");
  HIP_CHECK(hipStreamDestroy(s4));

  // 5. A trapping kernel node of a graph fails the stream the graph was launched on.
  {
    hipStream_t gs;
    HIP_CHECK(hipStreamCreateWithFlags(&gs, hipStreamNonBlocking));
    hipGraph_t graph;
    HIP_CHECK(hipGraphCreate(&graph, 0));
    int nn = n, bad = 40000;
    void *kargs[] = {&d, &nn, &bad};
    hipKernelNodeParams kp{};
    kp.func = (void *)trap_at;
    kp.gridDim = dim3(n / 256);
    kp.blockDim = dim3(256);
    kp.kernelParams = kargs;
    hipGraphNode_t node;
    HIP_CHECK(hipGraphAddKernelNode(&node, graph, nullptr, 0, &kp));
    hipGraphExec_t exec;
    HIP_CHECK(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
    HIP_CHECK(hipGraphLaunch(exec, gs));
    stream_failed(gs, hipErrorLaunchFailure, "a trapping graph kernel node");
    HIP_CHECK(hipGraphExecDestroy(exec));
    HIP_CHECK(hipGraphDestroy(graph));
    HIP_CHECK(hipStreamDestroy(gs));
  }

  // 6. A kernel compiled at run time (hiprtc) that traps, launched from its module.
  {
    static const char *src = "extern \"C\" __global__ void rtc_trap(int *p, int bad) {\n"
                             "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                             "  if (i == bad) __builtin_trap();\n"
                             "  p[i] = i;\n"
                             "}\n";
    hiprtcProgram prog;
    CHECK(hiprtcCreateProgram(&prog, src, "rtc_trap.hip", 0, nullptr, nullptr) == HIPRTC_SUCCESS,
          "hiprtcCreateProgram");
    hiprtcResult r = hiprtcCompileProgram(prog, 0, nullptr);
    if (r != HIPRTC_SUCCESS) {
      size_t ls = 0;
      hiprtcGetProgramLogSize(prog, &ls);
      std::string log(ls, '\0');
      if (ls) hiprtcGetProgramLog(prog, &log[0]);
      FAIL_AT("hiprtcCompileProgram: %d\n%s", (int)r, log.c_str());
    }
    size_t size = 0;
    CHECK(hiprtcGetCodeSize(prog, &size) == HIPRTC_SUCCESS && size > 0, "hiprtcGetCodeSize");
    std::vector<char> code(size);
    CHECK(hiprtcGetCode(prog, code.data()) == HIPRTC_SUCCESS, "hiprtcGetCode");
    CHECK(hiprtcDestroyProgram(&prog) == HIPRTC_SUCCESS, "hiprtcDestroyProgram");
    hipModule_t module;
    HIP_CHECK(hipModuleLoadData(&module, code.data()));
    hipFunction_t f;
    HIP_CHECK(hipModuleGetFunction(&f, module, "rtc_trap"));
    hipStream_t ms;
    HIP_CHECK(hipStreamCreateWithFlags(&ms, hipStreamNonBlocking));
    int bad = 999;
    void *kargs[] = {&d, &bad};
    HIP_CHECK(hipModuleLaunchKernel(f, n / 256, 1, 1, 256, 1, 1, 0, ms, kargs, nullptr));
    stream_failed(ms, hipErrorLaunchFailure, "a trapping hiprtc kernel");
    HIP_CHECK(hipStreamDestroy(ms));
    // The module's kernels run normally on another stream.
    bad = -1;
    HIP_CHECK(hipModuleLaunchKernel(f, n / 256, 1, 1, 256, 1, 1, 0, good, kargs, nullptr));
    HIP_CHECK(hipStreamSynchronize(good));
    std::vector<int> back(n);
    HIP_CHECK(hipMemcpy(back.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
      if (back[i] != i) FAIL_AT("hiprtc kernel after a trap: element %d is %d", i, back[i]);
    HIP_CHECK(hipModuleUnload(module));
  }

  // 7. Everything else still works, repeatedly, on old and new streams.
  for (int round = 0; round < 5; ++round) {
    stream_works(good, 100 + round, "the good stream at the end");
    stream_works(0, 200 + round, "the null stream at the end");
  }
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipStreamDestroy(good));
  HIP_CHECK(hipFree(d));

  int status = 0;
  CHECK(waitpid(child, &status, 0) == child, "waitpid failed");
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
        "the second process did not pass (status 0x%x)", status);
  return hip_test::pass();
}
