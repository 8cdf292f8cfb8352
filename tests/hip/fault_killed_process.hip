// TIMEOUT: 120
// A process killed (SIGKILL) in the middle of work leaves nothing stuck behind, and the
// process it shared memory and events with keeps working.
// Round 1: an "owner" process (spawned from this program) allocates device memory, fills it,
// makes an IPC memory handle and an IPC event, records the event behind a kernel that never
// ends, and keeps launching kernels; this process opens both handles, reads and updates the
// memory, then SIGKILLs the owner while its kernels run. Afterwards the opened mapping stays
// valid (copies and kernels read and write it), hipIpcCloseMemHandle succeeds, and the event,
// whose pending record can no longer complete, is reported instead of hanging its waiters:
// hipEventQuery / hipEventSynchronize return an error, a stream waiting for it moves on.
// Round 2, the other way: a "user" process opens this process's memory and event, writes the
// memory from a kernel, records the event behind a kernel that never ends and is SIGKILLed;
// here hipFree, the event and new records still work.
// After both: no ferrocm memory file is mapped or open in this process, /dev/shm has no new
// entries, and the killed processes are gone. (CPU platform: the handles are memory files.)
#include "hip_test.h"

#include <dirent.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <set>
#include <string>

extern char **environ;

__global__ void fill(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v + i;
}

__global__ void add(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += v;
}

__global__ void write_value(int *p, int v) { *p = v; }

static const int N = 1 << 16;

template <class H> static std::string to_hex(const H &h) {
  static const char digits[] = "0123456789abcdef";
  std::string s;
  const unsigned char *b = reinterpret_cast<const unsigned char *>(&h);
  for (size_t i = 0; i < sizeof h; ++i) {
    s += digits[b[i] >> 4];
    s += digits[b[i] & 15];
  }
  return s;
}
template <class H> static H from_hex(const char *s) {
  H h;
  CHECK(std::strlen(s) == 2 * sizeof h, "handle text of %zu characters", std::strlen(s));
  unsigned char *b = reinterpret_cast<unsigned char *>(&h);
  for (size_t i = 0; i < sizeof h; ++i) {
    unsigned v = 0;
    CHECK(std::sscanf(s + 2 * i, "%2x", &v) == 1, "bad handle text");
    b[i] = (unsigned char)v;
  }
  return h;
}

// Reads one line from `fd` (the spawned process's stdout).
static std::string read_line(int fd) {
  std::string line;
  char c;
  while (read(fd, &c, 1) == 1) {
    if (c == '\n') return line;
    line += c;
  }
  FAIL_AT("the spawned process closed its output before a full line (got \"%s\")", line.c_str());
}

// Spawns this program with `args`; its stdout comes back through *out.
static pid_t spawn_self(std::vector<std::string> args, int *out) {
  char self[4096];
  ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  CHECK(len > 0, "readlink /proc/self/exe");
  self[len] = 0;
  int p[2];
  CHECK(pipe(p) == 0, "pipe");
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, p[1], 1);
  posix_spawn_file_actions_addclose(&fa, p[0]);
  std::vector<char *> argv{self};
  for (auto &a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  CHECK(posix_spawn(&pid, self, &fa, nullptr, argv.data(), environ) == 0, "posix_spawn");
  posix_spawn_file_actions_destroy(&fa);
  close(p[1]);
  *out = p[0];
  return pid;
}

static void kill_and_reap(pid_t pid) {
  CHECK(kill(pid, SIGKILL) == 0, "kill(%d, SIGKILL)", (int)pid);
  int status = 0;
  CHECK(waitpid(pid, &status, 0) == pid, "waitpid");
  CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "status 0x%x, expected killed", status);
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d", (int)pid);
  CHECK(access(path, F_OK) != 0, "%s still exists after the process was reaped", path);
}

// Lines of /proc/self/maps and targets of /proc/self/fd/* naming ferrocm's IPC memory files.
static int ferrocm_ipc_files() {
  int count = 0;
  FILE *f = std::fopen("/proc/self/maps", "r");
  char line[1024];
  while (f && std::fgets(line, sizeof line, f))
    if (std::strstr(line, "ferrocm-ipc")) ++count;
  if (f) std::fclose(f);
  DIR *d = opendir("/proc/self/fd");
  while (struct dirent *e = d ? readdir(d) : nullptr) {
    char path[512], target[512];
    std::snprintf(path, sizeof path, "/proc/self/fd/%s", e->d_name);
    ssize_t n = readlink(path, target, sizeof target - 1);
    if (n > 0) {
      target[n] = 0;
      if (std::strstr(target, "ferrocm-ipc")) ++count;
    }
  }
  if (d) closedir(d);
  return count;
}

static std::set<std::string> dev_shm() {
  std::set<std::string> names;
  DIR *d = opendir("/dev/shm");
  while (struct dirent *e = d ? readdir(d) : nullptr) names.insert(e->d_name);
  if (d) closedir(d);
  return names;
}

// The process that owns memory and an event, and gets killed.
static int owner() {
  hip_test::watchdog(60, "the owner process");
  int *d = nullptr;
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  hipLaunchKernelGGL(fill, dim3(N / 256), dim3(256), 0, 0, d, N, 1000);
  HIP_CHECK(hipDeviceSynchronize());
  hipIpcMemHandle_t mh;
  HIP_CHECK(hipIpcGetMemHandle(&mh, d));
  hipEvent_t e;
  HIP_CHECK(hipEventCreateWithFlags(&e, hipEventInterprocess | hipEventDisableTiming));
  hipIpcEventHandle_t eh;
  HIP_CHECK(hipIpcGetEventHandle(&eh, e));
  hipStream_t held, busy;
  HIP_CHECK(hipStreamCreateWithFlags(&held, hipStreamNonBlocking));
  HIP_CHECK(hipStreamCreateWithFlags(&busy, hipStreamNonBlocking));
  int *flag, *done;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&done, sizeof(int), 0));
  *flag = 0;
  hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, held, flag, done, 1);
  HIP_CHECK(hipEventRecord(e, held)); // pending until the kernel ends: never
  std::printf("%s %s\n", to_hex(mh).c_str(), to_hex(eh).c_str());
  std::fflush(stdout);
  // Work in flight when the kill comes: kernels on scratch memory, forever.
  int *scratch = nullptr;
  HIP_CHECK(hipMalloc(&scratch, N * sizeof(int)));
  for (;;) {
    hipLaunchKernelGGL(fill, dim3(N / 256), dim3(256), 0, busy, scratch, N, 1);
    HIP_CHECK(hipStreamSynchronize(busy));
  }
}

// The process that opens another's memory and event, and gets killed.
static int user(const char *mem, const char *event) {
  hip_test::watchdog(60, "the user process");
  int *d = nullptr;
  HIP_CHECK(hipIpcOpenMemHandle((void **)&d, from_hex<hipIpcMemHandle_t>(mem), hipIpcMemLazyEnablePeerAccess));
  hipEvent_t e;
  HIP_CHECK(hipIpcOpenEventHandle(&e, from_hex<hipIpcEventHandle_t>(event)));
  hipLaunchKernelGGL(add, dim3(N / 256), dim3(256), 0, 0, d, N, 5);
  HIP_CHECK(hipDeviceSynchronize());
  hipStream_t held;
  HIP_CHECK(hipStreamCreateWithFlags(&held, hipStreamNonBlocking));
  int *flag, *done;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&done, sizeof(int), 0));
  *flag = 0;
  hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, held, flag, done, 1);
  HIP_CHECK(hipEventRecord(e, held)); // this process's record of the other's event: never done
  std::printf("ready\n");
  std::fflush(stdout);
  for (;;) {
    hipLaunchKernelGGL(add, dim3(N / 256), dim3(256), 0, 0, d, N, 0); // work in flight
    HIP_CHECK(hipDeviceSynchronize());
  }
}

// Every element of device memory `d` is `v + i`.
static void check_values(const int *d, int v, const char *when) {
  std::vector<int> h(N);
  HIP_CHECK(hipMemcpy(h.data(), d, N * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < N; ++i)
    if (h[i] != v + i) FAIL_AT("%s: element %d is %d, expected %d", when, i, h[i], v + i);
}

int main(int argc, char **argv) {
  if (argc == 2 && std::strcmp(argv[1], "--owner") == 0) return owner();
  if (argc == 4 && std::strcmp(argv[1], "--user") == 0) return user(argv[2], argv[3]);
  hip_test::watchdog(100, "fault_killed_process");
  if (HIP_TEST_NVIDIA) {
    std::printf("SKIP: fault_killed_process checks the CPU platform's memory files\n");
    return hip_test::pass();
  }
  const std::set<std::string> shm_before = dev_shm();
  HIP_CHECK(hipSetDevice(0));

  // Round 1: the owner is killed while this process uses its memory and event.
  int out = -1;
  pid_t pid = spawn_self({"--owner"}, &out);
  std::string line = read_line(out);
  size_t space = line.find(' ');
  CHECK(space != std::string::npos, "owner said \"%s\"", line.c_str());
  int *d = nullptr;
  HIP_CHECK(hipIpcOpenMemHandle((void **)&d, from_hex<hipIpcMemHandle_t>(line.substr(0, space).c_str()),
                                hipIpcMemLazyEnablePeerAccess));
  hipEvent_t e;
  HIP_CHECK(hipIpcOpenEventHandle(&e, from_hex<hipIpcEventHandle_t>(line.substr(space + 1).c_str())));
  check_values(d, 1000, "the owner's memory");
  hipLaunchKernelGGL(add, dim3(N / 256), dim3(256), 0, 0, d, N, 1);
  HIP_CHECK(hipDeviceSynchronize());
  check_values(d, 1001, "the owner's memory after our kernel");
  HIP_EXPECT(hipEventQuery(e), hipErrorNotReady);
  hip_test::sleep_ms(100); // the owner's kernels are running
  kill_and_reap(pid);
  close(out);
  std::printf("owner killed\n");

  // The mapping outlives the owner.
  check_values(d, 1001, "the owner's memory after the kill");
  hipLaunchKernelGGL(add, dim3(N / 256), dim3(256), 0, 0, d, N, 1);
  HIP_CHECK(hipDeviceSynchronize());
  check_values(d, 1002, "the owner's memory written after the kill");
  // The owner's pending record can never complete: an error, not a hang.
  double t0 = hip_test::now_s();
  HIP_EXPECT(hipEventSynchronize(e), hipErrorLaunchFailure);
  HIP_EXPECT(hipEventQuery(e), hipErrorLaunchFailure);
  CHECK(hip_test::now_s() - t0 < 5, "noticing the dead recorder took %.1f s", hip_test::now_s() - t0);
  // A stream told to wait for it is not held forever.
  hipStream_t s;
  HIP_CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  int *value;
  HIP_CHECK(hipHostMalloc((void **)&value, sizeof(int), 0));
  *value = 0;
  (void)hipStreamWaitEvent(s, e, 0);
  hipLaunchKernelGGL(write_value, dim3(1), dim3(1), 0, s, value, 9);
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(hip_test::host_load(value), 9);
  (void)hipGetLastError();
  HIP_CHECK(hipIpcCloseMemHandle(d));
  HIP_CHECK(hipEventDestroy(e));
  CHECK_EQ(ferrocm_ipc_files(), 0);

  // Round 2: a user of this process's memory and event is killed.
  int *mine = nullptr;
  HIP_CHECK(hipMalloc(&mine, N * sizeof(int)));
  hipLaunchKernelGGL(fill, dim3(N / 256), dim3(256), 0, 0, mine, N, 50);
  HIP_CHECK(hipDeviceSynchronize());
  hipIpcMemHandle_t mh;
  HIP_CHECK(hipIpcGetMemHandle(&mh, mine));
  hipEvent_t ev;
  HIP_CHECK(hipEventCreateWithFlags(&ev, hipEventInterprocess | hipEventDisableTiming));
  hipIpcEventHandle_t eh;
  HIP_CHECK(hipIpcGetEventHandle(&eh, ev));
  pid = spawn_self({"--user", to_hex(mh), to_hex(eh)}, &out);
  line = read_line(out);
  CHECK(line == "ready", "user said \"%s\"", line.c_str());
  check_values(mine, 55, "our memory after the user's kernel");
  HIP_EXPECT(hipEventQuery(ev), hipErrorNotReady); // the user's record is pending
  hip_test::sleep_ms(100);
  kill_and_reap(pid);
  close(out);
  std::printf("user killed\n");
  HIP_EXPECT(hipEventSynchronize(ev), hipErrorLaunchFailure);
  // A new record of our own completes as usual.
  HIP_CHECK(hipEventRecord(ev, s));
  HIP_CHECK(hipEventSynchronize(ev));
  HIP_CHECK(hipEventQuery(ev));
  check_values(mine, 55, "our memory after the user was killed");
  HIP_CHECK(hipFree(mine));
  HIP_CHECK(hipEventDestroy(ev));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipHostFree(value));
  CHECK_EQ(ferrocm_ipc_files(), 0);

  for (const std::string &n : dev_shm())
    if (!shm_before.count(n)) FAIL_AT("/dev/shm/%s appeared", n.c_str());
  return hip_test::pass();
}
