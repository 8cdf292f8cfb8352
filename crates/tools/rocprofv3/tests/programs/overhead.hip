// Tracing overhead (docs/PROFILING.md), run by tests/overhead.rs (an ignored test: release
// builds) untraced and under rocprofv3 in the same run: the time per call of a cheap HIP
// function, per empty-kernel launch (enqueued, not synchronised per launch: the rate the CPU
// agent runs them at), per launch as the calling thread pays it (bursts the queue holds), per
// launch + stream synchronisation, and per small synchronous copy. By hand:
//   hipcc -O2 overhead.hip -o overhead && ./overhead && rocprofv3 --kernel-trace -- ./overhead
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
    // The calling thread's cost only: bursts of 100 launches (the queue never fills, so the
    // caller never waits for the CPU agent), timed without the synchronisation after each.
    double burst_ns = 0;
    for (int b = 0; b < 200; ++b) {
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < 100; ++i) hipLaunchKernelGGL(empty, dim3(1), dim3(1), 0, 0);
        auto t1 = std::chrono::steady_clock::now();
        burst_ns += std::chrono::duration<double, std::nano>(t1 - t0).count();
        (void)hipDeviceSynchronize();
    }
    double launch_call = burst_ns / (200 * 100);
    double launch_sync = ns_per_call(5000, [] {
        hipLaunchKernelGGL(empty, dim3(1), dim3(1), 0, 0);
        (void)hipStreamSynchronize(0);
    });
    float* d = nullptr;
    float h[16] = {};
    (void)hipMalloc(&d, sizeof h);
    double copy = ns_per_call(20000, [&] { (void)hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice); });
    (void)hipFree(d);
    std::printf("get_device %.1f\nlaunch %.1f\nlaunch_call %.1f\nlaunch_sync %.1f\ncopy %.1f\n", get,
                launch, launch_call, launch_sync, copy);
    return 0;
}
