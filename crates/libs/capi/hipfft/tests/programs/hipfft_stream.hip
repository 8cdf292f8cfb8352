// hipFFT the way its samples use it: plans, a stream, device buffers, a kernel before
// and an async copy after the transform on the same stream, a 2-D R2C/C2R round trip,
// a batched C2C checked against a direct DFT, and documented failures. Prints PASS.
#include <hip/hip_runtime.h>
#include <hipfft/hipfft.h>
#include <hipfft/hipfftXt.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(call)                                                              \
    do {                                                                             \
        hipError_t e_ = (call);                                                      \
        if (e_ != hipSuccess) {                                                      \
            printf("FAIL: %s = %d [%s:%d]\n", #call, (int)e_, __FILE__, __LINE__); \
            exit(1);                                                                 \
        }                                                                            \
    } while (0)
#define FFT_EXPECT(call, want)                                                               \
    do {                                                                                     \
        hipfftResult r_ = (call);                                                            \
        if (r_ != (want)) {                                                                  \
            printf("FAIL: %s = %d, want %d [%s:%d]\n", #call, (int)r_, (int)(want), __FILE__, \
                   __LINE__);                                                                \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

__global__ void scale(hipfftComplex* p, float f, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        p[i].x *= f;
        p[i].y *= f;
    }
}

int main() {
    // Batched 1-D C2C, length 100 (2^2 * 5^2), 4 transforms, on a stream.
    const int n = 100, batch = 4, total = n * batch;
    std::vector<hipfftComplex> x(total), y(total);
    for (int i = 0; i < total; ++i) {
        x[i].x = (float)((i * 7) % 17) / 17.0f - 0.5f;
        x[i].y = (float)((i * 3) % 11) / 11.0f - 0.5f;
    }
    hipfftComplex *dx, *dy;
    HIP_CHECK(hipMalloc(&dx, total * sizeof(hipfftComplex)));
    HIP_CHECK(hipMalloc(&dy, total * sizeof(hipfftComplex)));
    HIP_CHECK(hipMemcpy(dx, x.data(), total * sizeof(hipfftComplex), hipMemcpyHostToDevice));

    hipStream_t stream;
    HIP_CHECK(hipStreamCreate(&stream));
    hipfftHandle plan;
    FFT_EXPECT(hipfftPlan1d(&plan, n, HIPFFT_C2C, batch), HIPFFT_SUCCESS);
    FFT_EXPECT(hipfftSetStream(plan, stream), HIPFFT_SUCCESS);
    // The kernel doubles the input, the FFT must see that, the copy must see the FFT.
    scale<<<(total + 63) / 64, 64, 0, stream>>>(dx, 2.0f, total);
    FFT_EXPECT(hipfftExecC2C(plan, dx, dy, HIPFFT_FORWARD), HIPFFT_SUCCESS);
    HIP_CHECK(hipMemcpyAsync(y.data(), dy, total * sizeof(hipfftComplex), hipMemcpyDeviceToHost, stream));
    HIP_CHECK(hipStreamSynchronize(stream));
    double maxerr = 0, maxmag = 0;
    for (int b = 0; b < batch; ++b)
        for (int k = 0; k < n; ++k) {
            std::complex<double> s = 0;
            for (int j = 0; j < n; ++j) {
                double a = -2.0 * M_PI * (double)j * k / n;
                s += 2.0 * std::complex<double>(x[b * n + j].x, x[b * n + j].y) *
                     std::complex<double>(cos(a), sin(a));
            }
            std::complex<double> g(y[b * n + k].x, y[b * n + k].y);
            maxerr = fmax(maxerr, std::abs(g - s));
            maxmag = fmax(maxmag, std::abs(s));
        }
    if (maxerr > 1e-5 * maxmag * log2((double)n)) {
        printf("FAIL: C2C error %g (magnitude %g)\n", maxerr, maxmag);
        return 1;
    }
    FFT_EXPECT(hipfftDestroy(plan), HIPFFT_SUCCESS);

    // 2-D D2Z then Z2D out of place: the round trip gives nx*ny times the input.
    const int nx = 24, ny = 30, nh = ny / 2 + 1;
    std::vector<double> r(nx * ny), back(nx * ny);
    for (int i = 0; i < nx * ny; ++i) r[i] = sin(0.37 * i) + 0.25 * cos(1.3 * i);
    double* dr;
    hipfftDoubleComplex* dc;
    HIP_CHECK(hipMalloc(&dr, nx * ny * sizeof(double)));
    HIP_CHECK(hipMalloc(&dc, nx * nh * sizeof(hipfftDoubleComplex)));
    HIP_CHECK(hipMemcpy(dr, r.data(), nx * ny * sizeof(double), hipMemcpyHostToDevice));
    hipfftHandle fwd, inv;
    size_t work = 1;
    FFT_EXPECT(hipfftCreate(&fwd), HIPFFT_SUCCESS);
    FFT_EXPECT(hipfftMakePlan2d(fwd, nx, ny, HIPFFT_D2Z, &work), HIPFFT_SUCCESS);
    FFT_EXPECT(hipfftPlan2d(&inv, nx, ny, HIPFFT_Z2D), HIPFFT_SUCCESS);
    FFT_EXPECT(hipfftExecD2Z(fwd, dr, dc), HIPFFT_SUCCESS);
    FFT_EXPECT(hipfftExecZ2D(inv, dc, dr), HIPFFT_SUCCESS);
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipMemcpy(back.data(), dr, nx * ny * sizeof(double), hipMemcpyDeviceToHost));
    for (int i = 0; i < nx * ny; ++i)
        if (fabs(back[i] / (nx * ny) - r[i]) > 1e-12) {
            printf("FAIL: Z2D(D2Z(x))[%d] = %g, want %g\n", i, back[i] / (nx * ny), r[i]);
            return 1;
        }
    FFT_EXPECT(hipfftDestroy(fwd), HIPFFT_SUCCESS);
    FFT_EXPECT(hipfftDestroy(inv), HIPFFT_SUCCESS);

    // Documented failures.
    hipfftHandle bad;
    FFT_EXPECT(hipfftPlan1d(&bad, 0, HIPFFT_C2C, 1), HIPFFT_INVALID_SIZE);
    FFT_EXPECT(hipfftPlan1d(&bad, 16, (hipfftType)0x33, 1), HIPFFT_INVALID_TYPE);
    FFT_EXPECT(hipfftPlan1d(&bad, 16, HIPFFT_R2C, 1), HIPFFT_SUCCESS);
    FFT_EXPECT(hipfftExecC2C(bad, dx, dy, HIPFFT_FORWARD), HIPFFT_INVALID_TYPE);
    FFT_EXPECT(hipfftXtMalloc(bad, nullptr, HIPFFT_XT_FORMAT_INPUT), HIPFFT_NOT_SUPPORTED);
    FFT_EXPECT(hipfftDestroy(bad), HIPFFT_SUCCESS);
    int version = 0;
    FFT_EXPECT(hipfftGetVersion(&version), HIPFFT_SUCCESS);
    if (version <= 0) {
        printf("FAIL: version %d\n", version);
        return 1;
    }

    HIP_CHECK(hipFree(dx));
    HIP_CHECK(hipFree(dy));
    HIP_CHECK(hipFree(dr));
    HIP_CHECK(hipFree(dc));
    HIP_CHECK(hipStreamDestroy(stream));
    printf("PASS\n");
    return 0;
}
