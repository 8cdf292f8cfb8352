// rocFFT's native API the way AMReX/heFFTe-style code uses it: rocfft_setup, a plan
// description with strided/offset layouts, an execution info with a stream and a work
// buffer, in-place real transforms with padded rows, scale factors. Prints PASS.
#include <hip/hip_runtime.h>
#include <rocfft/rocfft.h>

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
#define ROC_EXPECT(call, want)                                                               \
    do {                                                                                     \
        rocfft_status s_ = (call);                                                           \
        if (s_ != (want)) {                                                                  \
            printf("FAIL: %s = %d, want %d [%s:%d]\n", #call, (int)s_, (int)(want), __FILE__, \
                   __LINE__);                                                                \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

int main() {
    ROC_EXPECT(rocfft_setup(), rocfft_status_success);
    char version[64];
    ROC_EXPECT(rocfft_get_version_string(version, sizeof version), rocfft_status_success);

    // 3-D C2C, lengths column-major {8, 6, 5}: lengths[0] is the fastest index. The input is
    // strided (every other complex), offset by 3; the output dense; 2 transforms.
    const size_t lengths[3] = {8, 6, 5};
    const size_t n = 8 * 6 * 5, batch = 2;
    const size_t in_strides[3] = {2, 16, 96}, in_dist = 480 + 7, in_off = 3;
    std::vector<std::complex<float>> x(in_off + in_dist * batch), y(n * batch);
    for (size_t i = 0; i < x.size(); ++i) x[i] = {(float)((i * 7) % 13) / 13.0f, (float)((i * 5) % 9) / 9.0f};
    rocfft_plan_description desc;
    ROC_EXPECT(rocfft_plan_description_create(&desc), rocfft_status_success);
    ROC_EXPECT(rocfft_plan_description_set_data_layout(desc, rocfft_array_type_complex_interleaved,
                                                       rocfft_array_type_complex_interleaved, &in_off, nullptr, 3,
                                                       in_strides, in_dist, 0, nullptr, 0),
               rocfft_status_success);
    rocfft_plan plan;
    ROC_EXPECT(rocfft_plan_create(&plan, rocfft_placement_notinplace, rocfft_transform_type_complex_forward,
                                  rocfft_precision_single, 3, lengths, batch, desc),
               rocfft_status_success);
    size_t work_size = 0;
    ROC_EXPECT(rocfft_plan_get_work_buffer_size(plan, &work_size), rocfft_status_success);
    void* work = nullptr;
    if (work_size) HIP_CHECK(hipMalloc(&work, work_size));
    void *dx, *dy;
    HIP_CHECK(hipMalloc(&dx, x.size() * sizeof(x[0])));
    HIP_CHECK(hipMalloc(&dy, y.size() * sizeof(y[0])));
    HIP_CHECK(hipMemcpy(dx, x.data(), x.size() * sizeof(x[0]), hipMemcpyHostToDevice));
    hipStream_t stream;
    HIP_CHECK(hipStreamCreate(&stream));
    rocfft_execution_info info;
    ROC_EXPECT(rocfft_execution_info_create(&info), rocfft_status_success);
    ROC_EXPECT(rocfft_execution_info_set_stream(info, stream), rocfft_status_success);
    if (work) ROC_EXPECT(rocfft_execution_info_set_work_buffer(info, work, work_size), rocfft_status_success);
    ROC_EXPECT(rocfft_execute(plan, &dx, &dy, info), rocfft_status_success);
    HIP_CHECK(hipMemcpyAsync(y.data(), dy, y.size() * sizeof(y[0]), hipMemcpyDeviceToHost, stream));
    HIP_CHECK(hipStreamSynchronize(stream));
    double maxerr = 0, maxmag = 0;
    for (size_t b = 0; b < batch; ++b)
        for (size_t k2 = 0; k2 < 5; ++k2)
            for (size_t k1 = 0; k1 < 6; ++k1)
                for (size_t k0 = 0; k0 < 8; ++k0) {
                    std::complex<double> s = 0;
                    for (size_t j2 = 0; j2 < 5; ++j2)
                        for (size_t j1 = 0; j1 < 6; ++j1)
                            for (size_t j0 = 0; j0 < 8; ++j0) {
                                double a = -2.0 * M_PI *
                                           ((double)(j0 * k0) / 8 + (double)(j1 * k1) / 6 + (double)(j2 * k2) / 5);
                                std::complex<float> v =
                                    x[in_off + b * in_dist + j0 * 2 + j1 * 16 + j2 * 96];
                                s += std::complex<double>(v.real(), v.imag()) *
                                     std::complex<double>(cos(a), sin(a));
                            }
                    std::complex<float> g = y[b * n + k0 + 8 * k1 + 48 * k2];
                    maxerr = fmax(maxerr, std::abs(std::complex<double>(g.real(), g.imag()) - s));
                    maxmag = fmax(maxmag, std::abs(s));
                }
    if (maxerr > 1e-5 * maxmag * 8) {
        printf("FAIL: 3-D C2C error %g (magnitude %g)\n", maxerr, maxmag);
        return 1;
    }
    ROC_EXPECT(rocfft_plan_destroy(plan), rocfft_status_success);
    ROC_EXPECT(rocfft_plan_description_destroy(desc), rocfft_status_success);

    // In-place 1-D real forward then inverse with a 1/N scale: back to the input. The
    // real rows are padded to 2*(N/2+1) reals (rocFFT's in-place default).
    const size_t rn = 30, rb = 3, padded = 2 * (rn / 2 + 1);
    std::vector<double> r(padded * rb), back(padded * rb);
    for (size_t i = 0; i < r.size(); ++i) r[i] = (i % padded) < rn ? cos(0.1 * i) + 0.5 : 0.0;
    void* dr;
    HIP_CHECK(hipMalloc(&dr, r.size() * sizeof(double)));
    HIP_CHECK(hipMemcpyAsync(dr, r.data(), r.size() * sizeof(double), hipMemcpyHostToDevice, stream));
    rocfft_plan fwd, inv;
    rocfft_plan_description scaled;
    ROC_EXPECT(rocfft_plan_description_create(&scaled), rocfft_status_success);
    ROC_EXPECT(rocfft_plan_description_set_scale_factor(scaled, 1.0 / rn), rocfft_status_success);
    ROC_EXPECT(rocfft_plan_create(&fwd, rocfft_placement_inplace, rocfft_transform_type_real_forward,
                                  rocfft_precision_double, 1, &rn, rb, nullptr),
               rocfft_status_success);
    ROC_EXPECT(rocfft_plan_create(&inv, rocfft_placement_inplace, rocfft_transform_type_real_inverse,
                                  rocfft_precision_double, 1, &rn, rb, scaled),
               rocfft_status_success);
    ROC_EXPECT(rocfft_execute(fwd, &dr, nullptr, info), rocfft_status_success);
    ROC_EXPECT(rocfft_execute(inv, &dr, nullptr, info), rocfft_status_success);
    HIP_CHECK(hipMemcpyAsync(back.data(), dr, r.size() * sizeof(double), hipMemcpyDeviceToHost, stream));
    HIP_CHECK(hipStreamSynchronize(stream));
    for (size_t b = 0; b < rb; ++b)
        for (size_t i = 0; i < rn; ++i)
            if (fabs(back[b * padded + i] - r[b * padded + i]) > 1e-12) {
                printf("FAIL: real round trip [%zu][%zu] = %g, want %g\n", b, i, back[b * padded + i],
                       r[b * padded + i]);
                return 1;
            }

    // Documented failures.
    rocfft_plan bad;
    ROC_EXPECT(rocfft_plan_create(&bad, rocfft_placement_inplace, rocfft_transform_type_complex_forward,
                                  rocfft_precision_single, 4, lengths, 1, nullptr),
               rocfft_status_invalid_dimensions);
    rocfft_field field;
    ROC_EXPECT(rocfft_field_create(&field), rocfft_status_failure);

    ROC_EXPECT(rocfft_plan_destroy(fwd), rocfft_status_success);
    ROC_EXPECT(rocfft_plan_destroy(inv), rocfft_status_success);
    ROC_EXPECT(rocfft_plan_description_destroy(scaled), rocfft_status_success);
    ROC_EXPECT(rocfft_execution_info_destroy(info), rocfft_status_success);
    HIP_CHECK(hipFree(dx));
    HIP_CHECK(hipFree(dy));
    HIP_CHECK(hipFree(dr));
    if (work) HIP_CHECK(hipFree(work));
    HIP_CHECK(hipStreamDestroy(stream));
    ROC_EXPECT(rocfft_cleanup(), rocfft_status_success);
    printf("PASS\n");
    return 0;
}
