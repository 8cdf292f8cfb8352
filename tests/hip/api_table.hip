// GENCO: module_kernels.kernel.hip
// The API as a whole, the way portable code and bindings reach it:
// - hipGetProcAddress finds functions by name (then calls through the pointer), reports unknown
//   names with hipErrorNotFound / HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND, rejects NULL arguments;
// - hipApiName names functions; a function this build does not implement returns
//   hipErrorNotSupported and leaves it as the last error (hipCtxGetApiVersion);
// - functions the header declared that were once missing at link time: hipDeviceGetUuid
//   (= hipDeviceProp_t::uuid), hipDeviceGetByPCIBusId (round trip with hipDeviceGetPCIBusId),
//   hipDrvGetErrorName/String, hipPointerGetAttribute, hipExtMallocWithFlags, hipMemAllocHost,
//   hipMemcpyPeer(Async) on one device, hipModuleOccupancy* on a module function (argv[1]),
//   hipGetStreamDeviceId, hipCreateChannelDesc.
#include "hip_test.h"
#include <cstring>

__global__ void fill(int *p, int v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}

int main(int argc, char **argv) {
  CHECK(argc >= 2, "usage: api_table <code object>");

  // hipGetProcAddress: the address of hipMalloc, called through it.
  void *pfn = nullptr;
  hipDriverProcAddressQueryResult status = HIP_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT;
  HIP_CHECK(hipGetProcAddress("hipMalloc", &pfn, HIP_VERSION, 0, &status));
  CHECK(pfn != nullptr && status == HIP_GET_PROC_ADDRESS_SUCCESS, "hipMalloc not found (status %d)", (int)status);
  typedef hipError_t (*malloc_fn)(void **, size_t);
  int *d = nullptr;
  HIP_CHECK(((malloc_fn)pfn)((void **)&d, 256 * sizeof(int)));
  CHECK(d != nullptr, "hipMalloc through hipGetProcAddress returned NULL");
  HIP_EXPECT(hipGetProcAddress("hipNoSuchFunction", &pfn, HIP_VERSION, 0, &status), hipErrorNotFound);
  CHECK(pfn == nullptr && status == HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND, "unknown name: pfn %p status %d", pfn, (int)status);
  HIP_EXPECT(hipGetProcAddress(nullptr, &pfn, HIP_VERSION, 0, &status), hipErrorInvalidValue);
  HIP_EXPECT(hipGetProcAddress("hipMalloc", nullptr, HIP_VERSION, 0, &status), hipErrorInvalidValue);
  (void)hipGetLastError();

  // Not implemented here: a clear status, kept as the last error.
  int api_version = 0;
  HIP_EXPECT(hipCtxGetApiVersion(nullptr, &api_version), hipErrorNotSupported);
  CHECK_EQ(hipGetLastError(), hipErrorNotSupported);
  CHECK_EQ(hipGetLastError(), hipSuccess);
  CHECK(hipApiName(0) != nullptr && hipApiName(0)[0] != '\0', "hipApiName(0) is empty");
  CHECK(std::strcmp(hipApiName(0xffffffffu), "unknown") == 0, "hipApiName(bad) = %s", hipApiName(0xffffffffu));

  // Device identity.
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  hipUUID uuid;
  HIP_CHECK(hipDeviceGetUuid(&uuid, 0));
  CHECK(std::memcmp(uuid.bytes, prop.uuid.bytes, sizeof uuid.bytes) == 0, "hipDeviceGetUuid differs from the properties");
  HIP_EXPECT(hipDeviceGetUuid(nullptr, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipDeviceGetUuid(&uuid, 9999), hipErrorInvalidDevice);
  char bus[32];
  HIP_CHECK(hipDeviceGetPCIBusId(bus, sizeof bus, 0));
  int found = -1;
  HIP_CHECK(hipDeviceGetByPCIBusId(&found, bus));
  CHECK_EQ(found, 0);
  HIP_EXPECT(hipDeviceGetByPCIBusId(&found, "not a bus id"), hipErrorInvalidValue);
  HIP_EXPECT(hipDeviceGetByPCIBusId(&found, "ffff:ff:1f.7"), hipErrorInvalidDevice);
  (void)hipGetLastError();

  // Channel descriptors built by the library (ROCm exports the function; the templates are
  // header-only).
  hipChannelFormatDesc cd = hipCreateChannelDesc(8, 16, 0, 0, hipChannelFormatKindUnsigned);
  CHECK(cd.x == 8 && cd.y == 16 && cd.z == 0 && cd.w == 0 && cd.f == hipChannelFormatKindUnsigned,
        "hipCreateChannelDesc: %d %d %d %d kind %d", cd.x, cd.y, cd.z, cd.w, (int)cd.f);

  // Driver-style error strings.
  const char *s = nullptr;
  HIP_CHECK(hipDrvGetErrorName(hipErrorInvalidValue, &s));
  CHECK(s && std::strcmp(s, "hipErrorInvalidValue") == 0, "name %s", s ? s : "(null)");
  HIP_CHECK(hipDrvGetErrorString(hipErrorOutOfMemory, &s));
  CHECK(s && std::strcmp(s, hipGetErrorString(hipErrorOutOfMemory)) == 0, "string %s", s ? s : "(null)");
  HIP_EXPECT(hipDrvGetErrorName((hipError_t)12345, &s), hipErrorInvalidValue);
  CHECK(s == nullptr, "unknown error: name %s", s);
  (void)hipGetLastError();

  // Pointer attributes, one at a time.
  unsigned int mtype = 0;
  HIP_CHECK(hipPointerGetAttribute(&mtype, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, (hipDeviceptr_t)d));
  CHECK_EQ(mtype, (unsigned)hipMemoryTypeDevice);
  int ordinal = -1;
  HIP_CHECK(hipPointerGetAttribute(&ordinal, HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL, (hipDeviceptr_t)(d + 10)));
  CHECK_EQ(ordinal, 0);
  void *dp = nullptr;
  HIP_CHECK(hipPointerGetAttribute(&dp, HIP_POINTER_ATTRIBUTE_DEVICE_POINTER, (hipDeviceptr_t)d));
  CHECK(dp == (void *)d, "device pointer %p, expected %p", dp, (void *)d);
  HIP_EXPECT(hipPointerGetAttribute(nullptr, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, (hipDeviceptr_t)d), hipErrorInvalidValue);
  HIP_EXPECT(hipPointerGetAttribute(&mtype, (hipPointer_attribute)999, (hipDeviceptr_t)d), hipErrorInvalidValue);
  (void)hipGetLastError();

  // Allocation variants and peer copies on device 0.
  int *e = nullptr, *h = nullptr;
  HIP_CHECK(hipExtMallocWithFlags((void **)&e, 256 * sizeof(int), hipDeviceMallocFinegrained));
  HIP_EXPECT(hipExtMallocWithFlags((void **)&h, 16, hipMallocSignalMemory), hipErrorInvalidValue);
  HIP_EXPECT(hipExtMallocWithFlags((void **)&h, 16, 0x40), hipErrorInvalidValue);
  (void)hipGetLastError();
  HIP_CHECK(hipMemAllocHost((void **)&h, 256 * sizeof(int)));
  fill<<<4, 64>>>(d, 7, 256);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpyPeer(e, 0, d, 0, 256 * sizeof(int)));
  hipStream_t stream;
  HIP_CHECK(hipStreamCreate(&stream));
  HIP_CHECK(hipMemcpyPeerAsync(h, 0, e, 0, 256 * sizeof(int), stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  for (int i = 0; i < 256; ++i) CHECK(h[i] == 7, "h[%d] = %d after two peer copies", i, h[i]);
  HIP_EXPECT(hipMemcpyPeer(e, 0, d, 9999, 4), hipErrorInvalidDevice);
  (void)hipGetLastError();

  // Occupancy of a module function agrees with the registered-kernel query's rules.
  hipModule_t m;
  hipFunction_t f;
  HIP_CHECK(hipModuleLoad(&m, argv[1]));
  HIP_CHECK(hipModuleGetFunction(&f, m, "scale_c"));
  int grid = 0, block = 0, blocks = -1;
  HIP_CHECK(hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, f, 0, 0));
  CHECK(grid > 0 && block > 0 && block <= prop.maxThreadsPerBlock, "grid %d block %d", grid, block);
  HIP_CHECK(hipModuleOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, f, 0, 64, hipOccupancyDefault));
  CHECK(block > 0 && block <= 64, "block %d with a limit of 64", block);
  HIP_CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, f, 64, 0));
  CHECK(blocks >= 1, "%d active blocks of 64", blocks);
  HIP_CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, f, 64, 0, hipOccupancyDefault));
  CHECK(blocks >= 1, "%d active blocks of 64 (flags)", blocks);
  HIP_EXPECT(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, f, 0, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, f, 64, 0), hipErrorInvalidValue);
  (void)hipGetLastError();
  HIP_CHECK(hipModuleUnload(m));

  CHECK_EQ(hipGetStreamDeviceId(stream), 0);
  CHECK_EQ(hipGetStreamDeviceId(nullptr), 0);
  HIP_CHECK(hipStreamDestroy(stream));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(e));
  HIP_CHECK(hipHostFree(h));
  printf("PASS\n");
  return 0;
}
