// Driver API: module loading and launches through cuLaunchKernel (hipModuleLaunchKernel).
#include <hip/hip_runtime.h>

int run(const char *image) {
  hipDevice_t dev;
  hipCtx_t ctx;
  hipModule_t mod;
  hipFunction_t fn;
  hipDeviceptr_t buf;
  if (hipInit(0) != hipSuccess) return 1;
  hipDeviceGet(&dev, 0);
  hipCtxCreate(&ctx, 0, dev);
  hipModuleLoadData(&mod, image);
  hipModuleGetFunction(&fn, mod, "kernel");
  hipMalloc(&buf, 1024);
  void *args[] = {&buf};
  hipError_t r = hipModuleLaunchKernel(fn, 1, 1, 1, 64, 1, 1, 0, nullptr, args, nullptr);
  hipCtxSynchronize();
  hipFree(buf);
  hipModuleUnload(mod);
  hipCtxDestroy(ctx);
  return r == hipSuccess ? 0 : 1;
}
