// Driver API: module loading and launches through cuLaunchKernel (hipModuleLaunchKernel).
#include <cuda.h>

int run(const char *image) {
  CUdevice dev;
  CUcontext ctx;
  CUmodule mod;
  CUfunction fn;
  CUdeviceptr buf;
  if (cuInit(0) != CUDA_SUCCESS) return 1;
  cuDeviceGet(&dev, 0);
  cuCtxCreate(&ctx, 0, dev);
  cuModuleLoadData(&mod, image);
  cuModuleGetFunction(&fn, mod, "kernel");
  cuMemAlloc(&buf, 1024);
  void *args[] = {&buf};
  CUresult r = cuLaunchKernel(fn, 1, 1, 1, 64, 1, 1, 0, nullptr, args, nullptr);
  cuCtxSynchronize();
  cuMemFree(buf);
  cuModuleUnload(mod);
  cuCtxDestroy(ctx);
  return r == CUDA_SUCCESS ? 0 : 1;
}
