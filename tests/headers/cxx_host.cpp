// Host-only C++ (any standard from C++11): the API, its C++ templates and the vector
// types; the device language needs C++17. Compile-only test.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hiprtc.h>

static int device_var = 0;

static hipError_t use_templates(float **p, float **ph) {
  hipError_t e = hipMalloc(p, 16);
  e = hipExtHostAlloc(ph, 16); // hipHostMalloc is deprecated since HIP 6.3
  e = hipHostAlloc(ph, 16, hipHostAllocMapped);
  e = hipMallocManaged(p, 16);
  int v = 1;
  e = hipMemcpyToSymbol(device_var, &v, sizeof v);
  e = hipMemcpyToSymbol(HIP_SYMBOL(device_var), &v, sizeof v, 0, hipMemcpyHostToDevice);
  e = hipMemcpyFromSymbol(&v, device_var, sizeof v);
  e = hipMemcpyToSymbolAsync(device_var, &v, sizeof v, 0, hipMemcpyHostToDevice);
  void *addr = nullptr;
  size_t size = 0;
  e = hipGetSymbolAddress(&addr, device_var);
  e = hipGetSymbolSize(&size, HIP_SYMBOL(device_var));
  e = hipMemcpy(*p, *ph, 16, hipMemcpyDefault);
  e = hipMemcpyAsync(*p, *ph, 16, hipMemcpyDefault);
  e = hipEventRecord(nullptr);
  e = hipStreamWaitEvent(hipStreamPerThread, nullptr);
  hipDeviceProp_t prop;
  e = hipGetDeviceProperties(&prop, 0);
  int dev = 0;
  e = hipChooseDevice(&dev, &prop);
  return e;
}

static void kernel(int *) {}
static hipError_t use_kernel_templates() {
  hipFuncAttributes attr;
  hipError_t e = hipFuncGetAttributes(&attr, kernel);
  int g = 0, b = 0;
  e = hipOccupancyMaxPotentialBlockSize(&g, &b, kernel);
  e = hipOccupancyMaxActiveBlocksPerMultiprocessor(&g, kernel, 256);
  e = hipOccupancyMaxPotentialBlockSizeWithFlags(&g, &b, kernel, 0, 0, hipOccupancyDefault);
  void *args[] = {nullptr};
  e = hipLaunchKernel(kernel, dim3(1), dim3(1), args);
  e = hipFuncSetAttribute(kernel, hipFuncAttributeMaxDynamicSharedMemorySize, 0);
  return e;
}

int host_only_entry() {
  float *p = nullptr, *ph = nullptr;
  float4 v = make_float4(1, 2, 3, 4);
  v += v;
  dim3 d(4);
  return (int)use_templates(&p, &ph) + (int)use_kernel_templates() + (int)v.x + (int)d.y;
}
