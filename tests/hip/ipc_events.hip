// IPC events between two processes (fork before any HIP call, as CUDA's IPC samples do);
// hipDeviceProp_t::ipcEventSupported is 1. The parent records an event created with
// hipEventInterprocess | hipEventDisableTiming after a kernel that spins until the host releases
// it, and sends hipIpcGetEventHandle's handle; the child opens it: hipEventQuery is
// hipErrorNotReady while the parent's kernel is held, then hipEventSynchronize returns once the
// parent releases it, and a kernel the child orders after the event with hipStreamWaitEvent runs
// only after it. The other way round: the child records the opened event after its own held
// kernel and the parent sees that record pending, then done. Misuse: an event without
// hipEventInterprocess has no handle (hipErrorInvalidConfiguration, AMD's code), a process
// cannot open its own handle (hipErrorInvalidContext), null arguments.
#include "hip_test.h"

#include <sys/wait.h>
#include <unistd.h>

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
static void send(int fd, char c) { write_all(fd, &c, 1); }
static void expect(int fd, char c) {
  char got = 0;
  read_all(fd, &got, 1);
  CHECK(got == c, "expected message '%c', got '%c'", c, got);
}

__global__ void write_value(int *p, int v) { *p = v; }

static int child(int in, int out) {
  hip_test::watchdog(60, "ipc_events child");
  hipIpcEventHandle_t h;
  read_all(in, &h, sizeof h);
  hipEvent_t e = nullptr;
  HIP_CHECK(hipIpcOpenEventHandle(&e, h));
  CHECK(e != nullptr, "hipIpcOpenEventHandle gave a null event");
  // The parent's kernel is held: the record is pending.
  HIP_EXPECT(hipEventQuery(e), hipErrorNotReady);
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  int *out_value;
  HIP_CHECK(hipHostMalloc((void **)&out_value, sizeof(int), 0));
  *out_value = 0;
  HIP_CHECK(hipStreamWaitEvent(s, e, 0));
  hipLaunchKernelGGL(write_value, dim3(1), dim3(1), 0, s, out_value, 7);
  HIP_CHECK(hipGetLastError());
  hip_test::sleep_ms(50);
  CHECK_EQ(hip_test::host_load(out_value), 0); // ordered after the parent's record
  send(out, 'Q');                               // "queried": the parent may release its kernel
  HIP_CHECK(hipEventSynchronize(e));
  HIP_CHECK(hipEventQuery(e));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(hip_test::host_load(out_value), 7);

  // Now the child records the opened event after a kernel it holds.
  int *flag, *done;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&done, sizeof(int), 0));
  *flag = 0;
  *done = 0;
  hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, s, flag, done, 1);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipEventRecord(e, s));
  send(out, 'R');
  expect(in, 'S'); // the parent saw the record pending
  hip_test::host_store(flag, 1);
  HIP_CHECK(hipEventSynchronize(e));
  send(out, 'F');
  expect(in, 'E'); // the parent saw it complete
  HIP_CHECK(hipEventDestroy(e));
  HIP_CHECK(hipStreamDestroy(s));
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
  hip_test::watchdog(90, "ipc_events");

  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  CHECK_EQ(prop.ipcEventSupported, 1);
  hipEvent_t e, plain;
  HIP_CHECK(hipEventCreateWithFlags(&e, hipEventInterprocess | hipEventDisableTiming));
  HIP_CHECK(hipEventCreateWithFlags(&plain, hipEventDisableTiming));
  hipIpcEventHandle_t h;
  HIP_EXPECT(hipIpcGetEventHandle(&h, plain), hipErrorInvalidConfiguration);
  HIP_EXPECT(hipIpcGetEventHandle(nullptr, e), hipErrorInvalidValue);
  HIP_CHECK(hipIpcGetEventHandle(&h, e));
  hipEvent_t own = nullptr;
  HIP_EXPECT(hipIpcOpenEventHandle(&own, h), hipErrorInvalidContext);
  HIP_EXPECT(hipIpcOpenEventHandle(nullptr, h), hipErrorInvalidValue);
  (void)hipGetLastError(); // the failures above are the thread's last error: clear it

  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  int *flag, *done;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&done, sizeof(int), 0));
  *flag = 0;
  *done = 0;
  hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, s, flag, done, 1);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipEventRecord(e, s));
  HIP_EXPECT(hipEventQuery(e), hipErrorNotReady);
  write_all(p2c[1], &h, sizeof h);
  expect(c2p[0], 'Q');
  hip_test::host_store(flag, 1);
  HIP_CHECK(hipEventSynchronize(e));
  CHECK_EQ(hip_test::host_load(done), 1);

  // The child's record of the shared event.
  expect(c2p[0], 'R');
  HIP_EXPECT(hipEventQuery(e), hipErrorNotReady);
  send(p2c[1], 'S');
  expect(c2p[0], 'F');
  HIP_CHECK(hipEventSynchronize(e));
  HIP_CHECK(hipEventQuery(e));
  send(p2c[1], 'E');

  int status = 0;
  CHECK(waitpid(pid, &status, 0) == pid, "waitpid failed");
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child failed (status 0x%x)", status);
  HIP_CHECK(hipEventDestroy(e));
  HIP_CHECK(hipEventDestroy(plain));
  HIP_CHECK(hipStreamDestroy(s));
  return hip_test::pass();
}
