// hipBLAS in the usual style: create a handle, set its stream, copy, call, check.
// The SGEMM is ordered on the stream between a kernel that writes B and an async copy
// of C, so it must see the kernel's B and finish before the copy. Prints PASS on success.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(call)                                                                   \
    do {                                                                                  \
        hipError_t e_ = (call);                                                           \
        if (e_ != hipSuccess) {                                                           \
            printf("FAIL: %s = %d [%s:%d]\n", #call, (int)e_, __FILE__, __LINE__);      \
            exit(1);                                                                      \
        }                                                                                 \
    } while (0)
#define BLAS_EXPECT(call, want)                                                           \
    do {                                                                                  \
        hipblasStatus_t s_ = (call);                                                      \
        if (s_ != (want)) {                                                               \
            printf("FAIL: %s = %s, want %s [%s:%d]\n", #call, hipblasStatusToString(s_),  \
                   hipblasStatusToString(want), __FILE__, __LINE__);                      \
            exit(1);                                                                      \
        }                                                                                 \
    } while (0)

__global__ void scale(float* p, float f, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] *= f;
}

int main() {
    const int m = 67, n = 45, k = 33;      // op(A) = A^T: A is k x m
    const int lda = k + 3, ldb = k + 1, ldc = m + 2;
    std::vector<float> a(lda * m), b(ldb * n), c(ldc * n), want(ldc * n);
    for (size_t i = 0; i < a.size(); ++i) a[i] = (float)((i * 7) % 13) / 13.0f - 0.5f;
    for (size_t i = 0; i < b.size(); ++i) b[i] = (float)((i * 5) % 11) / 11.0f - 0.5f;
    for (size_t i = 0; i < c.size(); ++i) c[i] = (float)((i * 3) % 7) / 7.0f;
    const float alpha = 1.5f, beta = -0.25f;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            double s = 0;
            for (int p = 0; p < k; ++p) s += (double)a[p + i * lda] * (2.0 * b[p + j * ldb]);
            want[i + j * ldc] = (float)(alpha * s + beta * c[i + j * ldc]);
        }

    float *da, *db, *dc;
    HIP_CHECK(hipMalloc(&da, a.size() * sizeof(float)));
    HIP_CHECK(hipMalloc(&db, b.size() * sizeof(float)));
    HIP_CHECK(hipMalloc(&dc, c.size() * sizeof(float)));
    HIP_CHECK(hipMemcpy(da, a.data(), a.size() * sizeof(float), hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(db, b.data(), b.size() * sizeof(float), hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(dc, c.data(), c.size() * sizeof(float), hipMemcpyHostToDevice));

    hipStream_t stream;
    HIP_CHECK(hipStreamCreate(&stream));
    hipblasHandle_t handle;
    BLAS_EXPECT(hipblasCreate(&handle), HIPBLAS_STATUS_SUCCESS);
    BLAS_EXPECT(hipblasSetStream(handle, stream), HIPBLAS_STATUS_SUCCESS);
    hipStream_t got;
    BLAS_EXPECT(hipblasGetStream(handle, &got), HIPBLAS_STATUS_SUCCESS);
    if (got != stream) { printf("FAIL: hipblasGetStream\n"); return 1; }

    int nb = (int)b.size();
    scale<<<(nb + 255) / 256, 256, 0, stream>>>(db, 2.0f, nb);
    BLAS_EXPECT(hipblasSgemm(handle, HIPBLAS_OP_T, HIPBLAS_OP_N, m, n, k, &alpha, da, lda, db, ldb,
                             &beta, dc, ldc),
                HIPBLAS_STATUS_SUCCESS);
    HIP_CHECK(hipMemcpyAsync(c.data(), dc, c.size() * sizeof(float), hipMemcpyDeviceToHost, stream));
    HIP_CHECK(hipStreamSynchronize(stream));
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            float g = c[i + j * ldc], w = want[i + j * ldc];
            if (std::fabs(g - w) > 1e-4f * (1.0f + std::fabs(w))) {
                printf("FAIL: C(%d,%d) = %g, want %g\n", i, j, g, w);
                return 1;
            }
        }

    // A reduction in host pointer mode returns its result synchronously.
    float dot = 0;
    BLAS_EXPECT(hipblasSdot(handle, k, da, 1, da, 1, &dot), HIPBLAS_STATUS_SUCCESS);
    double want_dot = 0;
    for (int p = 0; p < k; ++p) want_dot += (double)a[p] * a[p];
    if (std::fabs(dot - want_dot) > 1e-4 * (1 + want_dot)) { printf("FAIL: dot %g vs %g\n", dot, want_dot); return 1; }

    // Documented failures.
    BLAS_EXPECT(hipblasCreate(nullptr), HIPBLAS_STATUS_HANDLE_IS_NULLPTR);
    BLAS_EXPECT(hipblasSgemm(nullptr, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &alpha, da, lda, db, ldb, &beta, dc, ldc),
                HIPBLAS_STATUS_NOT_INITIALIZED);
    BLAS_EXPECT(hipblasSgemm(handle, (hipblasOperation_t)7, HIPBLAS_OP_N, m, n, k, &alpha, da, lda, db, ldb, &beta, dc, ldc),
                HIPBLAS_STATUS_INVALID_ENUM);
    BLAS_EXPECT(hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &alpha, da, m - 1, db, ldb, &beta, dc, ldc),
                HIPBLAS_STATUS_INVALID_VALUE);
    BLAS_EXPECT(hipblasSgels(handle, HIPBLAS_OP_N, 1, 1, 1, da, 1, db, 1, nullptr, nullptr), HIPBLAS_STATUS_INVALID_VALUE);
    int info = 0, dinfo = 0;
    // Underdetermined least squares (m < n) is not implemented yet.
    BLAS_EXPECT(hipblasSgels(handle, HIPBLAS_OP_N, 1, 2, 1, da, 1, db, 2, &info, &dinfo), HIPBLAS_STATUS_NOT_SUPPORTED);

    BLAS_EXPECT(hipblasDestroy(handle), HIPBLAS_STATUS_SUCCESS);
    HIP_CHECK(hipStreamDestroy(stream));
    HIP_CHECK(hipFree(da));
    HIP_CHECK(hipFree(db));
    HIP_CHECK(hipFree(dc));
    printf("PASS\n");
    return 0;
}
