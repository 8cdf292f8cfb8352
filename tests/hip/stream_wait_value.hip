// Stream memory operations: hipStreamWaitValue32/64 hold a stream (not the host) until a word
// meets the condition (Gte, Eq, And, Nor; with a mask on AMD), so a kernel queued behind the
// wait does not run before the host or another stream releases it; hipStreamWriteValue32/64
// write in stream order, after the earlier kernel's results (a hand-off between streams
// without events); a captured write/wait replays with the graph (AMD); hipStreamBatchMemOp runs
// its writes, waits and barriers in order (a bad entry queues nothing); misuse gives
// hipErrorInvalidValue (null or misaligned word, unknown condition).
#include "hip_test.h"

#include <cstdint>
#include <cstring>

__global__ void write_v(int *p, int v) { *p = v; }
__global__ void copy_v(const int *src, int *dst) { *dst = *src; }

// Queues a wait and a kernel behind it on `s`; checks that the kernel has not run 20 ms
// later; stores `release` into the word and checks that it then runs.
template <typename T, typename Wait>
static void held_until(hipStream_t s, T *word, T start, T release, int *out, Wait wait,
                       int line) {
  *word = start;
  *out = 0;
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  HIP_CHECK(wait());
  hipLaunchKernelGGL(write_v, dim3(1), dim3(1), 0, s, out, line);
  hip_test::sleep_ms(20);
  CHECK(hipStreamQuery(s) == hipErrorNotReady, "wait of line %d did not hold the stream", line);
  (void)hipGetLastError();
  CHECK(hip_test::host_load(out) == 0, "kernel behind the wait of line %d ran early", line);
  __atomic_store_n(word, release, __ATOMIC_SEQ_CST);
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK(hip_test::host_load(out) == line, "kernel behind the wait of line %d: %d", line, *out);
}

int main() {
  hip_test::watchdog(60, "stream_wait_value");
  hipStream_t s, t;
  HIP_CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  HIP_CHECK(hipStreamCreateWithFlags(&t, hipStreamNonBlocking));
  uint32_t *w32;
  uint64_t *w64;
  int *out, *data, *seen;
  HIP_CHECK(hipHostMalloc((void **)&w32, 64, 0));
  HIP_CHECK(hipHostMalloc((void **)&w64, 64, 0));
  HIP_CHECK(hipHostMalloc((void **)&out, sizeof(int), 0));
  HIP_CHECK(hipMalloc((void **)&data, sizeof(int)));
  HIP_CHECK(hipHostMalloc((void **)&seen, sizeof(int), 0));

  // Each condition holds the stream until it is met.
  held_until<uint32_t>(s, w32, 0, 5, out,
                       [&] { return hipStreamWaitValue32(s, w32, 5, hipStreamWaitValueEq, 0xFFFFFFFFu); },
                       __LINE__);
  held_until<uint32_t>(s, w32, 3, 9, out,
                       [&] { return hipStreamWaitValue32(s, w32, 7, hipStreamWaitValueGte, 0xFFFFFFFFu); },
                       __LINE__);
  held_until<uint32_t>(s, w32, 0x10, 0x14, out,
                       [&] { return hipStreamWaitValue32(s, w32, 0x4, hipStreamWaitValueAnd, 0xFFFFFFFFu); },
                       __LINE__);
  // NOR: ~(*w | value) != 0; with value 0 the word must not be all ones.
  held_until<uint32_t>(s, w32, 0xFFFFFFFFu, 0xFFFFFFFEu, out,
                       [&] { return hipStreamWaitValue32(s, w32, 0, hipStreamWaitValueNor, 0xFFFFFFFFu); },
                       __LINE__);
  held_until<uint64_t>(s, w64, 1, 0x500000000ull, out,
                       [&] { return hipStreamWaitValue64(s, w64, 0x400000001ull, hipStreamWaitValueGte, ~0ull); },
                       __LINE__);
  held_until<uint64_t>(s, w64, 0, 0x123456789abcull, out,
                       [&] { return hipStreamWaitValue64(s, w64, 0x123456789abcull, hipStreamWaitValueEq, ~0ull); },
                       __LINE__);
#if !HIP_TEST_NVIDIA
  // The mask applies to the word (AMD; the CUDA driver compares whole words).
  held_until<uint32_t>(s, w32, 0xAB00, 0xAB05, out,
                       [&] { return hipStreamWaitValue32(s, w32, 0x05, hipStreamWaitValueEq, 0xFF); },
                       __LINE__);
#endif
  // A condition already met does not hold the stream.
  *w32 = 8;
  HIP_CHECK(hipStreamWaitValue32(s, w32, 8, hipStreamWaitValueEq, 0xFFFFFFFFu));
  HIP_CHECK(hipStreamSynchronize(s));

  // Hand-off between streams: t writes data with a kernel, then the flag; s waits for the flag
  // and then reads the data. t's first kernel is held by the host so s must really wait.
  for (int trial = 0; trial < 10; ++trial) {
    int *hold, *done;
    HIP_CHECK(hipHostMalloc((void **)&hold, sizeof(int), 0));
    HIP_CHECK(hipHostMalloc((void **)&done, sizeof(int), 0));
    *hold = 0;
    *w32 = 0;
    *seen = -1;
    hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, t, hold, done, 1);
    hipLaunchKernelGGL(write_v, dim3(1), dim3(1), 0, t, data, 100 + trial);
    HIP_CHECK(hipStreamWriteValue32(t, w32, trial + 1, 0));
    HIP_CHECK(hipStreamWaitValue32(s, w32, trial + 1, hipStreamWaitValueEq, 0xFFFFFFFFu));
    hipLaunchKernelGGL(copy_v, dim3(1), dim3(1), 0, s, data, seen);
    hip_test::sleep_ms(2);
    CHECK_EQ(hip_test::host_load(seen), -1);
    hip_test::host_store(hold, 1);
    HIP_CHECK(hipStreamSynchronize(s));
    CHECK_EQ(*seen, 100 + trial);
    CHECK_EQ(*w32, (uint32_t)(trial + 1));
    HIP_CHECK(hipStreamSynchronize(t));
    HIP_CHECK(hipHostFree(hold));
    HIP_CHECK(hipHostFree(done));
  }
  // 64-bit write, on the null stream too.
  HIP_CHECK(hipStreamWriteValue64(nullptr, w64, 0xfeedfacecafebeefull, 0));
  HIP_CHECK(hipStreamSynchronize(nullptr));
  CHECK(*w64 == 0xfeedfacecafebeefull, "w64 = %llx", (unsigned long long)*w64);

#if !HIP_TEST_NVIDIA
  // Captured: a graph of [wait for *w32 == 1, kernel, write *w32 = 2] replays each launch.
  {
    hipGraph_t g;
    hipGraphExec_t ge;
    HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
    HIP_CHECK(hipStreamWaitValue32(s, w32, 1, hipStreamWaitValueEq, 0xFFFFFFFFu));
    hipLaunchKernelGGL(write_v, dim3(1), dim3(1), 0, s, out, 77);
    HIP_CHECK(hipStreamWriteValue32(s, w32, 2, 0));
    HIP_CHECK(hipStreamEndCapture(s, &g));
    HIP_CHECK(hipGraphInstantiate(&ge, g, nullptr, nullptr, 0));
    for (int rep = 0; rep < 3; ++rep) {
      *out = 0;
      *w32 = 0;
      HIP_CHECK(hipGraphLaunch(ge, s));
      hip_test::sleep_ms(5);
      CHECK_EQ(hip_test::host_load(out), 0);
      __atomic_store_n(w32, 1u, __ATOMIC_SEQ_CST);
      HIP_CHECK(hipStreamSynchronize(s));
      CHECK_EQ(*out, 77);
      CHECK_EQ(*w32, 2u);
    }
    HIP_CHECK(hipGraphExecDestroy(ge));
    HIP_CHECK(hipGraphDestroy(g));
  }
#endif

  // A batch: write 1 to w32, wait for *w64 == 7 (the host releases it), a barrier, write the
  // acknowledgement; nothing after the wait runs before the release.
  {
    *w32 = 0;
    *w64 = 0;
    *out = 0;
    hipStreamBatchMemOpParams ops[4];
    memset(ops, 0, sizeof ops);
    ops[0].writeValue.operation = hipStreamMemOpWriteValue32;
    ops[0].writeValue.address = (hipDeviceptr_t)w32;
    ops[0].writeValue.value = 1;
    ops[1].waitValue.operation = hipStreamMemOpWaitValue64;
    ops[1].waitValue.address = (hipDeviceptr_t)w64;
    ops[1].waitValue.value64 = 7;
    ops[1].waitValue.flags = hipStreamWaitValueEq;
    ops[2].memoryBarrier.operation = hipStreamMemOpBarrier;
    ops[3].writeValue.operation = hipStreamMemOpWriteValue32;
    ops[3].writeValue.address = (hipDeviceptr_t)out;
    ops[3].writeValue.value = 99;
    HIP_CHECK(hipStreamBatchMemOp(s, 4, ops, 0));
    hip_test::sleep_ms(20);
    CHECK_EQ(__atomic_load_n(w32, __ATOMIC_SEQ_CST), 1u);
    CHECK_EQ(hip_test::host_load(out), 0);
    __atomic_store_n(w64, (uint64_t)7, __ATOMIC_SEQ_CST);
    HIP_CHECK(hipStreamSynchronize(s));
    CHECK_EQ(*out, 99);
    // A bad operation anywhere in the batch: nothing is queued.
    *w32 = 0;
    ops[1].waitValue.operation = (hipStreamBatchMemOpType)0x77;
    HIP_EXPECT(hipStreamBatchMemOp(s, 4, ops, 0), hipErrorInvalidValue);
    HIP_CHECK(hipStreamSynchronize(s));
    CHECK_EQ(*w32, 0u);
    HIP_EXPECT(hipStreamBatchMemOp(s, 0, ops, 0), hipErrorInvalidValue);
    HIP_EXPECT(hipStreamBatchMemOp(s, 1, nullptr, 0), hipErrorInvalidValue);
    HIP_EXPECT(hipStreamBatchMemOp(s, 1, ops, 1), hipErrorInvalidValue);
  }

  // Misuse.
  HIP_EXPECT(hipStreamWaitValue32(s, nullptr, 1, hipStreamWaitValueEq, 0xFFFFFFFFu), hipErrorInvalidValue);
  HIP_EXPECT(hipStreamWaitValue32(s, (char *)w32 + 1, 1, hipStreamWaitValueEq, 0xFFFFFFFFu), hipErrorInvalidValue);
  HIP_EXPECT(hipStreamWaitValue64(s, (char *)w64 + 4, 1, hipStreamWaitValueEq, ~0ull), hipErrorInvalidValue);
  HIP_EXPECT(hipStreamWaitValue32(s, w32, 1, 4, 0xFFFFFFFFu), hipErrorInvalidValue);
  HIP_EXPECT(hipStreamWriteValue32(s, nullptr, 1, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipStreamWriteValue64(s, (char *)w64 + 4, 1, 0), hipErrorInvalidValue);
  // Nothing was queued by the failed calls.
  HIP_CHECK(hipStreamSynchronize(s));

  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipStreamDestroy(t));
  HIP_CHECK(hipHostFree(w32));
  HIP_CHECK(hipHostFree(w64));
  HIP_CHECK(hipHostFree(out));
  HIP_CHECK(hipHostFree(seen));
  HIP_CHECK(hipFree(data));
  return hip_test::pass();
}
