// Memory pools shared between processes, the way CUDA's streamOrderedAllocationIPC sample does it
// (hipDeviceAttributeMemoryPoolSupportedHandleTypes includes POSIX descriptors):
// the program forks before any HIP call; the parent creates a pool with
// hipMemHandleTypePosixFileDescriptor, sends hipMemPoolExportToShareableHandle's descriptor over
// a Unix socket (SCM_RIGHTS) with hipMemPoolExportPointer's record of a hipMallocFromPoolAsync
// allocation a kernel filled; the child imports the pool (hipMemPoolImportFromShareableHandle)
// and the pointer (hipMemPoolImportPointer), reads the parent's values, adds 1 with a kernel,
// releases the pointer with hipFree (a second imported pointer with hipFreeAsync) and the pool
// with hipMemPoolDestroy; the parent sees the
// child's writes. Misuse: null arguments, a pool created without a shareable handle type, memory
// that is not from an exportable pool.
#include "hip_test.h"

#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

static constexpr int N = 1 << 15;

__global__ void fill(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = 5 * i;
}

__global__ void add_one(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

struct Payload {
  hipMemPoolPtrExportData data;   // released by the child with hipFree
  hipMemPoolPtrExportData second; // released by the child with hipFreeAsync
};

static void send_fd(int sock, int fd, const Payload &p) {
  char control[CMSG_SPACE(sizeof(int))] = {};
  iovec iov = {(void *)&p, sizeof p};
  msghdr msg = {};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  cmsghdr *c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int));
  std::memcpy(CMSG_DATA(c), &fd, sizeof fd);
  CHECK(sendmsg(sock, &msg, 0) == (ssize_t)sizeof p, "sendmsg failed");
}

static int recv_fd(int sock, Payload *p) {
  char control[CMSG_SPACE(sizeof(int))] = {};
  iovec iov = {p, sizeof *p};
  msghdr msg = {};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  CHECK(recvmsg(sock, &msg, MSG_WAITALL) == (ssize_t)sizeof *p, "recvmsg failed");
  cmsghdr *c = CMSG_FIRSTHDR(&msg);
  CHECK(c && c->cmsg_type == SCM_RIGHTS, "no descriptor received");
  int fd = -1;
  std::memcpy(&fd, CMSG_DATA(c), sizeof fd);
  return fd;
}

static int child(int sock) {
  hip_test::watchdog(60, "mempool_ipc child");
  Payload p;
  int fd = recv_fd(sock, &p);
  hipMemPool_t pool = nullptr;
  HIP_EXPECT(hipMemPoolImportFromShareableHandle(nullptr, (void *)(uintptr_t)fd,
                                                 hipMemHandleTypePosixFileDescriptor, 0),
             hipErrorInvalidValue);
  HIP_CHECK(hipMemPoolImportFromShareableHandle(&pool, (void *)(uintptr_t)fd,
                                                hipMemHandleTypePosixFileDescriptor, 0));
  close(fd);
  int *d = nullptr;
  HIP_EXPECT(hipMemPoolImportPointer(nullptr, pool, &p.data), hipErrorInvalidValue);
  HIP_EXPECT(hipMemPoolImportPointer((void **)&d, pool, nullptr), hipErrorInvalidValue);
  (void)hipGetLastError();
  HIP_CHECK(hipMemPoolImportPointer((void **)&d, pool, &p.data));
  std::vector<int> host(N);
  HIP_CHECK(hipMemcpy(host.data(), d, N * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < N; ++i)
    if (host[i] != 5 * i) FAIL_AT("child read [%d] = %d, expected %d", i, host[i], 5 * i);
  hipLaunchKernelGGL(add_one, dim3(N / 256), dim3(256), 0, 0, d, N);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipFree(d));
  int *e = nullptr;
  HIP_CHECK(hipMemPoolImportPointer((void **)&e, pool, &p.second));
  int v = 0;
  HIP_CHECK(hipMemcpy(&v, e + 10, sizeof v, hipMemcpyDeviceToHost));
  CHECK_EQ(v, 5 * 10);
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipFreeAsync(e, s));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipMemPoolDestroy(pool));
  char done = 'D';
  CHECK(write(sock, &done, 1) == 1, "socket write failed");
  return 0;
}

int main() {
  int sv[2];
  CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0, "socketpair failed");
  std::fflush(stdout);
  pid_t pid = fork();
  CHECK(pid >= 0, "fork failed");
  if (pid == 0) {
    close(sv[0]);
    _exit(child(sv[1]));
  }
  close(sv[1]);
  hip_test::watchdog(90, "mempool_ipc");

  // What CUDA's streamOrderedAllocationIPC sample checks first.
  int types = 0;
  HIP_CHECK(hipDeviceGetAttribute(&types, hipDeviceAttributeMemoryPoolSupportedHandleTypes, 0));
  CHECK((types & hipMemHandleTypePosixFileDescriptor) != 0, "supported handle types 0x%x", types);
  hipMemPoolProps props = {};
  props.allocType = hipMemAllocationTypePinned;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = 0;

  // A pool without a shareable handle type cannot be exported.
  hipMemPool_t plain = nullptr;
  HIP_CHECK(hipMemPoolCreate(&plain, &props));
  int fd = -1;
  HIP_EXPECT_FAIL(hipMemPoolExportToShareableHandle(&fd, plain, hipMemHandleTypePosixFileDescriptor, 0));
  HIP_CHECK(hipMemPoolDestroy(plain));

  props.handleTypes = hipMemHandleTypePosixFileDescriptor;
  hipMemPool_t pool = nullptr;
  HIP_CHECK(hipMemPoolCreate(&pool, &props));
  HIP_EXPECT(hipMemPoolExportToShareableHandle(nullptr, pool, hipMemHandleTypePosixFileDescriptor, 0),
             hipErrorInvalidValue);
  HIP_EXPECT(hipMemPoolExportToShareableHandle(&fd, pool, hipMemHandleTypePosixFileDescriptor, 1),
             hipErrorInvalidValue);
  HIP_CHECK(hipMemPoolExportToShareableHandle(&fd, pool, hipMemHandleTypePosixFileDescriptor, 0));
  CHECK(fd >= 0, "exported descriptor %d", fd);

  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  int *d = nullptr;
  HIP_CHECK(hipMallocFromPoolAsync((void **)&d, N * sizeof(int), pool, s));
  hipLaunchKernelGGL(fill, dim3(N / 256), dim3(256), 0, s, d, N);
  int *e = nullptr;
  HIP_CHECK(hipMallocFromPoolAsync((void **)&e, N * sizeof(int), pool, s));
  hipLaunchKernelGGL(fill, dim3(N / 256), dim3(256), 0, s, e, N);
  HIP_CHECK(hipStreamSynchronize(s));

  // Memory that is not from an exportable pool.
  int *plain_mem = nullptr;
  HIP_CHECK(hipMalloc((void **)&plain_mem, 4096));
  Payload p;
  HIP_EXPECT_FAIL(hipMemPoolExportPointer(&p.data, plain_mem));
  HIP_EXPECT(hipMemPoolExportPointer(nullptr, d), hipErrorInvalidValue);
  HIP_EXPECT(hipMemPoolExportPointer(&p.data, nullptr), hipErrorInvalidValue);
  HIP_CHECK(hipFree(plain_mem));
  (void)hipGetLastError();

  HIP_CHECK(hipMemPoolExportPointer(&p.data, d));
  HIP_CHECK(hipMemPoolExportPointer(&p.second, e));
  send_fd(sv[0], fd, p);
  close(fd);
  char done = 0;
  CHECK(read(sv[0], &done, 1) == 1 && done == 'D', "the child did not finish");
  int status = 0;
  CHECK(waitpid(pid, &status, 0) == pid, "waitpid failed");
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child failed (status 0x%x)", status);

  std::vector<int> host(N);
  HIP_CHECK(hipMemcpy(host.data(), d, N * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < N; ++i)
    if (host[i] != 5 * i + 1) FAIL_AT("parent read [%d] = %d, expected %d", i, host[i], 5 * i + 1);
  HIP_CHECK(hipFreeAsync(d, s));
  HIP_CHECK(hipFreeAsync(e, s));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipMemPoolDestroy(pool));
  return hip_test::pass();
}
