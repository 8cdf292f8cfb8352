// The kernel benches/gpu/runtime.hip loads as a module (built once with nvcc --fatbin, the
// same image for both builds of the benchmark).
extern "C" __global__ void bench_module_kernel() {}
