// IPC memory between two processes, the way CUDA's simpleIPC sample does it: the program forks
// before any HIP call; the parent allocates device memory, fills it with a kernel and sends
// hipIpcGetMemHandle's handle through a pipe; the child opens it (hipIpcOpenMemHandle with
// hipIpcMemLazyEnablePeerAccess), reads the parent's values, adds 1 with its own kernel and
// closes it; the parent sees the child's writes. Also: an interior pointer's handle opens at the
// same offset (AMD's HIP; not on NVIDIA, where CUDA's handle names the allocation); a process
// cannot open its own handle (hipErrorInvalidContext, as in HIP and CUDA); closing what was not
// opened, or twice, and hipFree/hipFreeAsync of opened memory are hipErrorInvalidValue; null
// arguments, a host pointer, bad flags and a zeroed handle are rejected; on the CPU platform a
// handle of freed memory no longer opens.
#include "hip_test.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

static constexpr int N = 1 << 16;

__global__ void fill(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = 3 * i;
}

__global__ void add_one(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

static void write_all(int fd, const void *buf, size_t n) {
  CHECK(write(fd, buf, n) == (ssize_t)n, "pipe write of %zu bytes failed", n);
}
static void read_all(int fd, void *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = read(fd, (char *)buf + got, n - got);
    CHECK(r > 0, "pipe read failed after %zu of %zu bytes", got, n);
    got += (size_t)r;
  }
}

struct Message {
  hipIpcMemHandle_t whole;
  hipIpcMemHandle_t interior; // handle of p + 1000
  hipIpcMemHandle_t freed;    // a handle of memory freed before it is sent
};

static int child(int from_parent, int to_parent) {
  hip_test::watchdog(60, "ipc_memory child");
  Message m;
  read_all(from_parent, &m, sizeof m);
  int *p = nullptr;
  HIP_CHECK(hipIpcOpenMemHandle((void **)&p, m.whole, hipIpcMemLazyEnablePeerAccess));
  CHECK(p != nullptr, "hipIpcOpenMemHandle gave a null pointer");
  std::vector<int> host(N);
  HIP_CHECK(hipMemcpy(host.data(), p, N * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < N; ++i)
    if (host[i] != 3 * i) FAIL_AT("child read p[%d] = %d, expected %d", i, host[i], 3 * i);

#if !HIP_TEST_NVIDIA
  // AMD's HIP records the pointer's offset in the handle: the same memory at the same offset
  // (CUDA's handle names the allocation, opened at its base).
  int *q = nullptr;
  HIP_CHECK(hipIpcOpenMemHandle((void **)&q, m.interior, hipIpcMemLazyEnablePeerAccess));
  int v = 0;
  HIP_CHECK(hipMemcpy(&v, q, sizeof v, hipMemcpyDeviceToHost));
  CHECK_EQ(v, 3 * 1000);
#endif

  hipLaunchKernelGGL(add_one, dim3(N / 256), dim3(256), 0, 0, p, N);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  // Opened memory is released with hipIpcCloseMemHandle only.
  HIP_EXPECT(hipFree(p), hipErrorInvalidValue);
  HIP_EXPECT(hipFreeAsync(p, 0), hipErrorInvalidValue);
#if !HIP_TEST_NVIDIA
  HIP_CHECK(hipIpcCloseMemHandle(q));
#endif
  HIP_CHECK(hipIpcCloseMemHandle(p));
  // Closed already / never opened.
  HIP_EXPECT(hipIpcCloseMemHandle(p), hipErrorInvalidValue);
  HIP_EXPECT(hipIpcCloseMemHandle(nullptr), hipErrorInvalidValue);

  // HIP specifies no particular code for a corrupted handle: it must not open.
  hipIpcMemHandle_t zero;
  std::memset(&zero, 0, sizeof zero);
  void *z = nullptr;
  HIP_EXPECT_FAIL(hipIpcOpenMemHandle(&z, zero, hipIpcMemLazyEnablePeerAccess));
#if !HIP_TEST_NVIDIA
  // ferrocm CPU: the owner freed the memory, so the handle no longer opens.
  HIP_EXPECT(hipIpcOpenMemHandle(&z, m.freed, hipIpcMemLazyEnablePeerAccess), hipErrorInvalidValue);
#endif
  char done = 'D';
  write_all(to_parent, &done, 1);
  std::fflush(stdout);
  return 0;
}

int main() {
  int p2c[2], c2p[2];
  CHECK(pipe(p2c) == 0 && pipe(c2p) == 0, "pipe failed");
  std::fflush(stdout);
  pid_t pid = fork();
  CHECK(pid >= 0, "fork failed");
  if (pid == 0) {
    close(p2c[1]);
    close(c2p[0]);
    _exit(child(p2c[0], c2p[1]));
  }
  close(p2c[0]);
  close(c2p[1]);
  hip_test::watchdog(90, "ipc_memory");

  int *d = nullptr;
  HIP_CHECK(hipMalloc((void **)&d, N * sizeof(int)));
  hipLaunchKernelGGL(fill, dim3(N / 256), dim3(256), 0, 0, d, N);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());

  Message m;
  HIP_CHECK(hipIpcGetMemHandle(&m.whole, d));
#if !HIP_TEST_NVIDIA
  HIP_CHECK(hipIpcGetMemHandle(&m.interior, d + 1000));
#endif
  int *gone = nullptr;
  HIP_CHECK(hipMalloc((void **)&gone, 4096));
  HIP_CHECK(hipIpcGetMemHandle(&m.freed, gone));
  HIP_CHECK(hipFree(gone));

  // Misuse in the owner.
  hipIpcMemHandle_t h;
  HIP_EXPECT(hipIpcGetMemHandle(nullptr, d), hipErrorInvalidValue);
  HIP_EXPECT(hipIpcGetMemHandle(&h, nullptr), hipErrorInvalidValue);
  int on_stack = 0;
#if HIP_TEST_NVIDIA
  HIP_EXPECT_FAIL(hipIpcGetMemHandle(&h, &on_stack)); // the driver's code
#else
  HIP_EXPECT(hipIpcGetMemHandle(&h, &on_stack), hipErrorInvalidValue);
#endif
  void *own = nullptr;
  // HIP: opening a handle in the process that made it is hipErrorInvalidContext.
  HIP_EXPECT(hipIpcOpenMemHandle(&own, m.whole, hipIpcMemLazyEnablePeerAccess), hipErrorInvalidContext);
  HIP_EXPECT(hipIpcOpenMemHandle(nullptr, m.whole, hipIpcMemLazyEnablePeerAccess), hipErrorInvalidValue);
  HIP_EXPECT(hipIpcOpenMemHandle(&own, m.whole, 0x10), hipErrorInvalidValue);
  HIP_EXPECT(hipIpcCloseMemHandle(d), hipErrorInvalidValue);

  write_all(p2c[1], &m, sizeof m);
  char done = 0;
  read_all(c2p[0], &done, 1);
  CHECK_EQ(done, 'D');
  int status = 0;
  CHECK(waitpid(pid, &status, 0) == pid, "waitpid failed");
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child failed (status 0x%x)", status);

  std::vector<int> host(N);
  HIP_CHECK(hipMemcpy(host.data(), d, N * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < N; ++i)
    if (host[i] != 3 * i + 1) FAIL_AT("parent read d[%d] = %d, expected %d", i, host[i], 3 * i + 1);
  HIP_CHECK(hipFree(d));
  return hip_test::pass();
}
