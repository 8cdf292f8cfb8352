// Synchronous hipMemcpy host <-> device of 1 KiB and 64 MiB, from pageable (malloc) and
// pinned (hipHostMalloc) host memory, beside a plain memcpy between the same two buffers
// (device memory is host memory on the CPU platform). HIP-CPU's figures
// (hip-cpu-peer.md §6.3, hip_bus_bandwidth, pinned): 0.0119 GB/s at 1 kB, 7.1 GB/s at 64 MiB.
#include "bench.h"

static void run(size_t bytes, const char *size_name, int samples) {
  void *dev = nullptr, *pinned = nullptr;
  CHECK(hipMalloc(&dev, bytes));
  CHECK(hipHostMalloc(&pinned, bytes, hipHostMallocDefault));
  std::vector<unsigned char> pageable(bytes);
  for (size_t i = 0; i < bytes; ++i) {
    pageable[i] = static_cast<unsigned char>(i * 7);
    static_cast<unsigned char *>(pinned)[i] = static_cast<unsigned char>(i * 7);
  }
  CHECK(hipMemset(dev, 0, bytes));
  void *host[2] = {pageable.data(), pinned};
  const char *kind[2] = {"pageable", "pinned"};
  for (int dir = 0; dir < 2; ++dir) {
    std::string id = std::string(dir == 0 ? "h2d-" : "d2h-") + size_name;
    std::string title = std::string("hipMemcpy ") + (dir == 0 ? "host to device, " : "device to host, ") + size_name;
    bench::group(id, static_cast<double>(bytes), title.c_str());
    for (int h = 0; h < 2; ++h) {
      void *dst = dir == 0 ? dev : host[h];
      const void *src = dir == 0 ? host[h] : dev;
      hipMemcpyKind k = dir == 0 ? hipMemcpyHostToDevice : hipMemcpyDeviceToHost;
      bench::ours(id, kind[h], samples, [&] { CHECK(hipMemcpy(dst, src, bytes, k)); });
      if (std::memcmp(dst, src, bytes) != 0) bench::fail(id + " " + kind[h] + ": data differs");
    }
    for (int h = 0; h < 2; ++h) {
      void *dst = dir == 0 ? dev : host[h];
      const void *src = dir == 0 ? host[h] : dev;
      bench::peer(id, std::string("memcpy-") + kind[h], samples, [&] {
        std::memcpy(dst, src, bytes);
        // Keep the copy: the compiler must not drop or merge it.
        asm volatile("" : : "r"(dst) : "memory");
      });
    }
  }
  CHECK(hipHostFree(pinned));
  CHECK(hipFree(dev));
}

int main() {
  bool quick = bench::quick();
  run(1024, "1KiB", quick ? 500 : 5000);
  run(size_t{64} << 20, "64MiB", quick ? 5 : 20);
  return 0;
}
