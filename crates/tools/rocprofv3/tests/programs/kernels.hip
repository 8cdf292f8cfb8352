// Traced by tests/nvidia_kernel_trace.rs (rocprofv3 --kernel-trace on an NVIDIA GPU): three
// kernels on two streams (<<<>>>, hipLaunchKernelGGL, hipLaunchKernel), checked. Prints
// "launches 3" and PASS.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void scale(float* x, float factor, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= factor;
}

__global__ void add_one(float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] += 1.0f;
}

#define HIP(call)                                                   \
    do {                                                            \
        if ((call) != hipSuccess) {                                 \
            std::printf("FAIL line %d: %s\n", __LINE__, #call);     \
            return 1;                                               \
        }                                                           \
    } while (0)

int main() {
    const int n = 1 << 20;
    float* a = nullptr;
    float* b = nullptr;
    HIP(hipMalloc(&a, n * sizeof(float)));
    HIP(hipMalloc(&b, n * sizeof(float)));
    HIP(hipMemset(a, 0, n * sizeof(float)));
    HIP(hipMemset(b, 0, n * sizeof(float)));
    hipStream_t s1, s2;
    HIP(hipStreamCreate(&s1));
    HIP(hipStreamCreate(&s2));
    scale<<<n / 256, 256, 0, s1>>>(a, 2.0f, n);
    hipLaunchKernelGGL(add_one, dim3(n / 256), dim3(256), 0, s1, a, n);
    void* args[] = {&b, (void*)&n};
    HIP(hipLaunchKernel((const void*)add_one, dim3(n / 128), dim3(128), args, 0, s2));
    HIP(hipGetLastError());
    HIP(hipDeviceSynchronize());
    float h = 0;
    HIP(hipMemcpy(&h, a, sizeof h, hipMemcpyDeviceToHost));
    if (h != 1.0f) {
        std::printf("FAIL a[0] = %f\n", h);
        return 1;
    }
    HIP(hipStreamDestroy(s1));
    HIP(hipStreamDestroy(s2));
    HIP(hipFree(a));
    HIP(hipFree(b));
    std::printf("launches 3\nPASS\n");
    return 0;
}
