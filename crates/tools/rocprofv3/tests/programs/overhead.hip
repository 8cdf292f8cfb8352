// Tracing overhead (docs/PROFILING.md): the time per call of a cheap HIP function and per
// empty-kernel launch, with and without `rocprofv3 --hip-trace`. Not run by the tests:
//   hipcc -O2 overhead.hip -o overhead && ./overhead && rocprofv3 --hip-trace -- ./overhead
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdio>

__global__ void empty() {}

template <typename F>
static double ns_per_call(int n, F f) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) f();
    auto t1 = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::nano>(t1 - t0).count() / n;
}

int main() {
    int device = 0;
    hipLaunchKernelGGL(empty, dim3(1), dim3(1), 0, 0);
    (void)hipDeviceSynchronize();
    double get = ns_per_call(200000, [&] { (void)hipGetDevice(&device); });
    double launch = ns_per_call(20000, [] { hipLaunchKernelGGL(empty, dim3(1), dim3(1), 0, 0); });
    (void)hipDeviceSynchronize();
    std::printf("hipGetDevice %.1f ns/call, empty launch %.1f ns/launch\n", get, launch);
    return 0;
}
