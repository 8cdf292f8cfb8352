// Two CPU devices (the bench runner sets FERROCM_CPU_DEVICES=2 for this program):
// - hipMemcpyPeer of 64 MiB (and 1 MiB) from device 0's memory to device 1's, beside a plain
//   memcpy between the same two buffers (both are host memory; issue 17 asks for >= 0.9x
//   memcpy's bandwidth);
// - the release latency of a stream held by hipStreamWaitValue32, beside a stream held by
//   hipStreamWaitEvent on an event recorded behind a kernel that the host releases (issue 17:
//   wait-value <= 2x the event wait). Each sample: the held stream has waited ~1 ms (parked,
//   not spinning); the host stores the release word and waits in hipStreamSynchronize for
//   the stream's next operation (a hipStreamWriteValue32 of an acknowledgement); time from
//   the store to the return (the same synchronisation path for both variants).
#include "bench.h"

#include <atomic>
#include <cstdint>
#include <thread>

__global__ void spin_until(volatile uint32_t *flag, uint32_t k) {
  while (__atomic_load_n((uint32_t *)flag, __ATOMIC_ACQUIRE) != k) {
  }
}

static void peer_copy(size_t bytes, const char *size_name, int samples) {
  void *d0 = nullptr, *d1 = nullptr;
  CHECK(hipSetDevice(0));
  CHECK(hipMalloc(&d0, bytes));
  CHECK(hipMemset(d0, 0x5a, bytes));
  CHECK(hipSetDevice(1));
  CHECK(hipMalloc(&d1, bytes));
  CHECK(hipMemset(d1, 0, bytes));
  CHECK(hipDeviceSynchronize());
  std::string id = std::string("peer-") + size_name;
  bench::group(id, static_cast<double>(bytes), ("hipMemcpyPeer device 0 -> device 1, " + std::string(size_name)).c_str());
  bench::ours(id, "hipMemcpyPeer", samples, [&] { CHECK(hipMemcpyPeer(d1, 1, d0, 0, bytes)); });
  if (std::memcmp(d0, d1, bytes) != 0) bench::fail(id + ": data differs");
  hipStream_t s;
  CHECK(hipStreamCreate(&s));
  bench::ours(id, "hipMemcpyPeerAsync+sync", samples, [&] {
    CHECK(hipMemcpyPeerAsync(d0, 0, d1, 1, bytes, s));
    CHECK(hipStreamSynchronize(s));
  });
  CHECK(hipStreamDestroy(s));
  bench::peer(id, "memcpy", samples, [&] {
    std::memcpy(d1, d0, bytes);
    asm volatile("" : : "r"(d1) : "memory");
  });
  CHECK(hipFree(d1));
  CHECK(hipSetDevice(0));
  CHECK(hipFree(d0));
}

static void release_latency(int samples) {
  CHECK(hipSetDevice(0));
  uint32_t *word, *ack;
  CHECK(hipHostMalloc((void **)&word, 64, 0));
  CHECK(hipHostMalloc((void **)&ack, 64, 0));
  *word = 0;
  *ack = 0;
  hipStream_t s, gate;
  CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  CHECK(hipStreamCreateWithFlags(&gate, hipStreamNonBlocking));
  hipEvent_t ev;
  CHECK(hipEventCreateWithFlags(&ev, hipEventDisableTiming));
  const char *id = "release-latency";
  bench::group(id, 0, "a held stream released by the host: store -> the stream's next operation ran");
  uint32_t k = 0;
  for (int variant = 0; variant < 2; ++variant) {
    std::vector<double> lat;
    for (int i = 0; i <= samples; ++i) {
      ++k;
      if (variant == 0) {
        CHECK(hipStreamWaitValue32(s, word, k, hipStreamWaitValueEq, 0xFFFFFFFFu));
      } else {
        hipLaunchKernelGGL(spin_until, dim3(1), dim3(1), 0, gate, word, k);
        CHECK(hipEventRecord(ev, gate));
        CHECK(hipStreamWaitEvent(s, ev, 0));
      }
      CHECK(hipStreamWriteValue32(s, ack, k, 0));
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      double t = bench::now_ns();
      __atomic_store_n(word, k, __ATOMIC_RELEASE);
      CHECK(hipStreamSynchronize(s));
      double dt = bench::now_ns() - t;
      if (i > 0) lat.push_back(dt);  // the first is a warm-up
      if (__atomic_load_n(ack, __ATOMIC_ACQUIRE) != k) bench::fail("acknowledgement missing");
      CHECK(hipStreamSynchronize(gate));
    }
    bench::print_samples(variant == 0 ? "OURS" : "PEER", id,
                         variant == 0 ? "hipStreamWaitValue32" : "hipStreamWaitEvent", lat);
  }
  CHECK(hipEventDestroy(ev));
  CHECK(hipStreamDestroy(s));
  CHECK(hipStreamDestroy(gate));
  CHECK(hipHostFree(word));
  CHECK(hipHostFree(ack));
}

int main() {
  int count = 0;
  CHECK(hipGetDeviceCount(&count));
  if (count < 2) bench::fail("needs 2 devices (FERROCM_CPU_DEVICES=2)");
  bool quick = bench::quick();
  peer_copy(size_t{1} << 20, "1MiB", quick ? 50 : 500);
  peer_copy(size_t{64} << 20, "64MiB", quick ? 5 : 20);
  release_latency(quick ? 50 : 300);
  return 0;
}
