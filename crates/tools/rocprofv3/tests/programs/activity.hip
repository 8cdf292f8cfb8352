// Traced by tests/activity_trace.rs with --kernel-trace --memory-copy-trace
// --memory-allocation-trace: kernels on two streams (<<<>>>, hipLaunchKernelGGL,
// hipLaunchKernel, a cooperative launch, a graph of two kernel nodes and a copy node),
// copies of every
// direction (synchronous, asynchronous, 2-D, to a symbol, peer) and allocations of every
// kind; names a stream and the device with roctx. Prints what it did ("launches N",
// "copies N", "streams A B") and PASS.
#include <hip/hip_runtime.h>
#include <roctracer/roctx.h>

#include <cstdio>
#include <cstring>

__device__ int symbol_value[4];

__global__ void scale(float* x, float factor, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= factor;
}

__global__ void add_one(float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] += 1.0f;
}

#define CHECK(cond)                                             \
    do {                                                        \
        if (!(cond)) {                                          \
            std::printf("FAIL line %d: %s\n", __LINE__, #cond); \
            return 1;                                           \
        }                                                       \
    } while (0)
#define HIP(call) CHECK((call) == hipSuccess)

int main() {
    const int n = 1024;
    const size_t bytes = n * sizeof(float);
    int launches = 0, copies = 0;

    float* host = nullptr;
    HIP(hipHostMalloc(&host, bytes, 0));
    float* a = nullptr;
    float* b = nullptr;
    HIP(hipMalloc(&a, bytes));
    HIP(hipMalloc(&b, bytes));
    float* managed = nullptr;
    HIP(hipMallocManaged(&managed, 64, hipMemAttachGlobal));
    for (int i = 0; i < n; ++i) host[i] = float(i);

    hipStream_t s1, s2;
    HIP(hipStreamCreate(&s1));
    HIP(hipStreamCreate(&s2));
    CHECK(roctxNameHipStream("first stream", s1) == 0);
    CHECK(roctxNameHipDevice("the device", 0) == 0);
    std::printf("streams %llu %llu\n", (unsigned long long)(uintptr_t)s1,
                (unsigned long long)(uintptr_t)s2);

    HIP(hipMemcpy(a, host, bytes, hipMemcpyHostToDevice));  // H2D
    ++copies;
    scale<<<n / 256, 256, 0, s1>>>(a, 2.0f, n);
    ++launches;
    hipLaunchKernelGGL(add_one, dim3(n / 128), dim3(128), 0, s1, a, n);
    ++launches;
    HIP(hipMemcpyAsync(b, a, bytes, hipMemcpyDeviceToDevice, s1));  // D2D
    ++copies;
    HIP(hipStreamSynchronize(s1));
    void* args[] = {&b, (void*)&n};
    HIP(hipLaunchKernel((const void*)add_one, dim3(n / 64), dim3(64), args, 0, s2));
    ++launches;
    HIP(hipStreamSynchronize(s1));
    HIP(hipStreamSynchronize(s2));

    // A cooperative launch.
    float factor = 0.5f;
    void* coop_args[] = {&a, &factor, (void*)&n};
    HIP(hipLaunchCooperativeKernel((const void*)scale, dim3(2), dim3(64), coop_args, 0, s2));
    ++launches;

    // A graph with two kernel nodes, captured and launched twice.
    hipGraph_t graph;
    hipGraphExec_t exec;
    HIP(hipStreamBeginCapture(s2, hipStreamCaptureModeGlobal));
    add_one<<<n / 256, 256, 0, s2>>>(b, n);
    HIP(hipMemcpyAsync(a + n / 2, a, 256, hipMemcpyDeviceToDevice, s2));  // a copy node
    add_one<<<n / 256, 256, 0, s2>>>(b, n);
    HIP(hipStreamEndCapture(s2, &graph));
    HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
    HIP(hipGraphLaunch(exec, s2));
    HIP(hipGraphLaunch(exec, s2));
    launches += 4;
    copies += 2;
    HIP(hipStreamSynchronize(s2));

    // Copies of the other kinds.
    HIP(hipMemcpy(host, b, bytes, hipMemcpyDeviceToHost));  // D2H
    ++copies;
    // b: ((i * 2 + 1) + 1) + 4 graph additions.
    CHECK(host[3] == 3 * 2 + 1 + 1 + 4);
    float h2[n];
    HIP(hipMemcpy(h2, host, bytes, hipMemcpyHostToHost));  // H2H
    ++copies;
    HIP(hipMemcpy2DAsync(a, 64, host, 64, 64, 4, hipMemcpyHostToDevice, s1));  // 2-D H2D
    ++copies;
    int values[4] = {1, 2, 3, 4};
    HIP(hipMemcpyToSymbol(HIP_SYMBOL(symbol_value), values, sizeof values));
    ++copies;
    HIP(hipMemcpyPeer(b, 0, a, 0, 256));  // D2D between (the same) devices
    ++copies;
    HIP(hipDeviceSynchronize());

    // Stream-ordered allocation.
    float* pooled = nullptr;
    HIP(hipMallocAsync((void**)&pooled, 4096, s1));
    HIP(hipFreeAsync(pooled, s1));
    HIP(hipStreamSynchronize(s1));

    HIP(hipGraphExecDestroy(exec));
    HIP(hipGraphDestroy(graph));
    HIP(hipStreamDestroy(s1));
    HIP(hipStreamDestroy(s2));
    HIP(hipFree(managed));
    HIP(hipFree(a));
    HIP(hipFree(b));
    HIP(hipFreeHost(host));
    std::printf("launches %d\ncopies %d\nPASS\n", launches, copies);
    return 0;
}
