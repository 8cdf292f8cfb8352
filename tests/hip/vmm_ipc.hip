// Virtual-memory allocations shared between processes as POSIX file descriptors, the way CUDA's
// memMapIPCDrv sample does it: the program forks before any HIP call; the parent creates an
// allocation with hipMemHandleTypePosixFileDescriptor, maps it, fills it with a kernel and sends
// hipMemExportToShareableHandle's descriptor over a Unix socket (SCM_RIGHTS); the child imports
// it (hipMemImportFromShareableHandle), maps it into its own reservation, checks the parent's
// values and adds 1 with a kernel; the parent sees the child's writes. An allocation created
// without a shareable handle type cannot be exported.
#include "hip_test.h"

#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

__global__ void fill(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = 7 * i;
}

__global__ void add_one(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

static void send_fd(int sock, int fd, size_t size) {
  char control[CMSG_SPACE(sizeof(int))] = {};
  iovec iov = {&size, sizeof size};
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
  CHECK(sendmsg(sock, &msg, 0) == (ssize_t)sizeof size, "sendmsg failed");
}

static int recv_fd(int sock, size_t *size) {
  char control[CMSG_SPACE(sizeof(int))] = {};
  iovec iov = {size, sizeof *size};
  msghdr msg = {};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  CHECK(recvmsg(sock, &msg, 0) == (ssize_t)sizeof *size, "recvmsg failed");
  cmsghdr *c = CMSG_FIRSTHDR(&msg);
  CHECK(c && c->cmsg_type == SCM_RIGHTS, "no descriptor received");
  int fd = -1;
  std::memcpy(&fd, CMSG_DATA(c), sizeof fd);
  return fd;
}

static hipMemAccessDesc rw_access(int dev) {
  hipMemAccessDesc a = {};
  a.location.type = hipMemLocationTypeDevice;
  a.location.id = dev;
  a.flags = hipMemAccessFlagsProtReadWrite;
  return a;
}

static int child(int sock) {
  hip_test::watchdog(60, "vmm_ipc child");
  size_t size = 0;
  int fd = recv_fd(sock, &size);
  hipMemGenericAllocationHandle_t h = nullptr;
  HIP_CHECK(hipMemImportFromShareableHandle(&h, (void *)(uintptr_t)fd,
                                            hipMemHandleTypePosixFileDescriptor));
  close(fd);
  void *va = nullptr;
  HIP_CHECK(hipMemAddressReserve(&va, size, 0, nullptr, 0));
  HIP_CHECK(hipMemMap(va, size, 0, h, 0));
  hipMemAccessDesc a = rw_access(0);
  HIP_CHECK(hipMemSetAccess(va, size, &a, 1));
  const int n = (int)(size / sizeof(int));
  std::vector<int> host(n);
  HIP_CHECK(hipMemcpy(host.data(), va, size, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (host[i] != 7 * i) FAIL_AT("child read [%d] = %d, expected %d", i, host[i], 7 * i);
  hipLaunchKernelGGL(add_one, dim3((n + 255) / 256), dim3(256), 0, 0, (int *)va, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemUnmap(va, size));
  HIP_CHECK(hipMemRelease(h));
  HIP_CHECK(hipMemAddressFree(va, size));
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
  hip_test::watchdog(90, "vmm_ipc");

  hipMemAllocationProp prop = {};
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = 0;
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  size_t gran = 0;
  HIP_CHECK(hipMemGetAllocationGranularity(&gran, &prop, hipMemAllocationGranularityMinimum));
  const size_t size = 4 * gran;
  const int n = (int)(size / sizeof(int));

  // Not exportable: no shareable handle type was asked for.
  hipMemAllocationProp plain = prop;
  plain.requestedHandleType = hipMemHandleTypeNone;
  hipMemGenericAllocationHandle_t p = nullptr;
  HIP_CHECK(hipMemCreate(&p, gran, &plain, 0));
  int fd = -1;
  HIP_EXPECT_FAIL(hipMemExportToShareableHandle(&fd, p, hipMemHandleTypePosixFileDescriptor, 0));
  HIP_CHECK(hipMemRelease(p));
  (void)hipGetLastError();

  hipMemGenericAllocationHandle_t h = nullptr;
  HIP_CHECK(hipMemCreate(&h, size, &prop, 0));
  void *va = nullptr;
  HIP_CHECK(hipMemAddressReserve(&va, size, 0, nullptr, 0));
  HIP_CHECK(hipMemMap(va, size, 0, h, 0));
  hipMemAccessDesc a = rw_access(0);
  HIP_CHECK(hipMemSetAccess(va, size, &a, 1));
  hipLaunchKernelGGL(fill, dim3((n + 255) / 256), dim3(256), 0, 0, (int *)va, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());

  HIP_CHECK(hipMemExportToShareableHandle(&fd, h, hipMemHandleTypePosixFileDescriptor, 0));
  send_fd(sv[0], fd, size);
  close(fd);
  char done = 0;
  CHECK(read(sv[0], &done, 1) == 1 && done == 'D', "the child did not finish");
  int status = 0;
  CHECK(waitpid(pid, &status, 0) == pid, "waitpid failed");
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child failed (status 0x%x)", status);

  std::vector<int> host(n);
  HIP_CHECK(hipMemcpy(host.data(), va, size, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (host[i] != 7 * i + 1) FAIL_AT("parent read [%d] = %d, expected %d", i, host[i], 7 * i + 1);
  HIP_CHECK(hipMemUnmap(va, size));
  HIP_CHECK(hipMemRelease(h));
  HIP_CHECK(hipMemAddressFree(va, size));
  return hip_test::pass();
}
