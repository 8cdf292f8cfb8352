// Traced by tests/trace_program.rs: a few HIP calls (one failing), a kernel launch, nested
// roctx ranges, a mark, a range stopped on another thread, calls while paused (roctx and
// hipProfilerStop/Start). Prints PASS
// and exits with the code given as its first argument (rocprofv3 must pass arguments and the
// exit code through).
#include <hip/hip_runtime.h>
#include <roctracer/roctx.h>

#include <cstdio>
#include <cstdlib>
#include <thread>

__global__ void fill(float* x, float value, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = value;
}

#define CHECK(cond)                                               \
    do {                                                          \
        if (!(cond)) {                                            \
            std::printf("FAIL line %d: %s\n", __LINE__, #cond);   \
            return 1;                                             \
        }                                                         \
    } while (0)

int main(int argc, char** argv) {
    const int n = 256;
    CHECK(roctxRangePushA("main") == 0);
    roctxMarkA("begin");
    int count = 0;
    CHECK(hipGetDeviceCount(&count) == hipSuccess && count > 0);
    float* d = nullptr;
    CHECK(hipMalloc(&d, n * sizeof(float)) == hipSuccess);
    CHECK(roctxRangePushA("fill and copy") == 1);
    hipLaunchKernelGGL(fill, dim3(n / 64), dim3(64), 0, 0, d, 2.5f, n);
    float h[n] = {};
    CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) == hipSuccess);
    CHECK(h[0] == 2.5f && h[n - 1] == 2.5f);
    CHECK(roctxRangePop() == 1);
    // The failing call: a NULL out-pointer.
    CHECK(hipMalloc(nullptr, 16) == hipErrorInvalidValue);
    roctx_range_id_t id = roctxRangeStartA("across threads");
    CHECK(id != 0);
    std::thread other([id] {
        if (roctxNameOsThread("worker") != 0) std::abort();
        roctxRangeStop(id);
        (void)hipDeviceSynchronize();
    });
    other.join();
    CHECK(hipFree(d) == hipSuccess);
    // Nothing that starts while the profiler is paused is reported.
    CHECK(roctxProfilerPause(0) == 0);
    int device = -1;
    CHECK(hipGetDevice(&device) == hipSuccess);
    roctxMarkA("while paused");
    CHECK(roctxProfilerResume(0) == 0);
    // hipProfilerStop / hipProfilerStart: the same pause, from the HIP API.
    CHECK(hipProfilerStop() == hipSuccess);
    int devices = 0;
    CHECK(hipGetDeviceCount(&devices) == hipSuccess);
    roctxMarkA("while stopped");
    CHECK(hipProfilerStart() == hipSuccess);
    CHECK(roctxRangePop() == 0);
    CHECK(roctxRangePop() == -1);
    roctx_thread_id_t tid = 0;
    CHECK(roctxGetThreadId(&tid) == 0 && tid != 0);
    CHECK(roctxGetThreadId(nullptr) == -1);
    std::printf("tid %llu\nPASS\n", (unsigned long long)tid);
    return argc > 1 ? std::atoi(argv[1]) : 0;
}
