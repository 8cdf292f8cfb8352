//! `Ex` GEMM and `hgemm` adaptors: rocBLAS's (`rocblas_datatype` codes, separate `D`),
//! hipBLAS's v1 (`hipblasDatatype_t` codes, rocBLAS's numbering) and v2 (`hipDataType` +
//! `hipblasComputeType_t`), each plain, batched and strided, to [`crate::ops::ex`].
//! `algo`, `solution_index` and `flags` select among GPU kernels; the CPU has one.

use std::ffi::c_void;

use super::{handle, CInt};
use crate::error::BlasResult;
use crate::ops::ex::{byte_batch, gemm_ex, Compute, DataType, GemmEx};
use crate::scalar::Half;

/// How a library spells types.
#[derive(Clone, Copy)]
pub(crate) enum Codes {
    /// `rocblas_datatype` / v1 `hipblasDatatype_t` for data and compute.
    Rocblas,
    /// `hipDataType` for data, `hipblasComputeType_t` for compute.
    HipV2,
}

impl Codes {
    pub(crate) fn data(self, v: i32) -> BlasResult<DataType> {
        match self {
            Codes::Rocblas => DataType::from_rocblas(v),
            Codes::HipV2 => DataType::from_hip(v),
        }
    }
    fn compute(self, v: i32) -> BlasResult<Compute> {
        match self {
            Codes::Rocblas => Compute::from_rocblas(v),
            Codes::HipV2 => Compute::from_hipblas(v),
        }
    }
}

/// Operands as passed: pointer, type code, leading dimension, stride (strided forms).
struct Operand<P> {
    p: *const P,
    ty: i32,
    ld: i64,
    stride: Option<i64>,
}

#[allow(clippy::too_many_arguments)]
fn build<P>(
    codes: Codes,
    trans: (i32, i32),
    (m, n, k): (i64, i64, i64),
    alpha: *const c_void,
    a: Operand<P>,
    b: Operand<P>,
    beta: *const c_void,
    c: Operand<P>,
    d: Operand<P>,
    compute: i32,
    batch: Option<i64>,
    array: bool,
) -> BlasResult<GemmEx> {
    let (at, bt, ct, dt) = (
        codes.data(a.ty)?,
        codes.data(b.ty)?,
        codes.data(c.ty)?,
        codes.data(d.ty)?,
    );
    Ok(GemmEx {
        trans_a: trans.0,
        trans_b: trans.1,
        m,
        n,
        k,
        alpha: alpha as *const u8,
        a: byte_batch(a.p, a.stride, at.size(), array),
        a_type: at,
        lda: a.ld,
        b: byte_batch(b.p, b.stride, bt.size(), array),
        b_type: bt,
        ldb: b.ld,
        beta: beta as *const u8,
        c: byte_batch(c.p, c.stride, ct.size(), array),
        c_type: ct,
        ldc: c.ld,
        d: byte_batch(d.p, d.stride, dt.size(), array),
        d_type: dt,
        ldd: d.ld,
        compute: codes.compute(compute)?,
        batch_count: batch.unwrap_or(1),
    })
}

fn op<P>(p: *const P, ty: i32, ld: impl Into<i64>, stride: Option<i64>) -> Operand<P> {
    Operand {
        p,
        ty,
        ld: ld.into(),
        stride,
    }
}

/// `rocblas_gemm_ex`
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn rocblas_gemm_ex<I: CInt>(
    h: *mut c_void,
    ta: i32,
    tb: i32,
    m: I,
    n: I,
    k: I,
    alpha: *const c_void,
    a: *const c_void,
    a_type: i32,
    lda: I,
    b: *const c_void,
    b_type: i32,
    ldb: I,
    beta: *const c_void,
    c: *const c_void,
    c_type: i32,
    ldc: I,
    d: *mut c_void,
    d_type: i32,
    ldd: I,
    compute: i32,
    _algo: i32,
    _solution_index: i32,
    _flags: u32,
) -> BlasResult<()> {
    let h = handle(h)?;
    let g = build(
        Codes::Rocblas,
        (ta, tb),
        (m.into(), n.into(), k.into()),
        alpha,
        op(a, a_type, lda, None),
        op(b, b_type, ldb, None),
        beta,
        op(c, c_type, ldc, None),
        op(d as *const c_void, d_type, ldd, None),
        compute,
        None,
        false,
    )?;
    // SAFETY: forwarded.
    unsafe { gemm_ex(&h, &g) }
}

/// `rocblas_gemm_batched_ex` (the operands are arrays of pointers passed as `void*`).
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn rocblas_gemm_batched_ex<I: CInt>(
    h: *mut c_void,
    ta: i32,
    tb: i32,
    m: I,
    n: I,
    k: I,
    alpha: *const c_void,
    a: *const c_void,
    a_type: i32,
    lda: I,
    b: *const c_void,
    b_type: i32,
    ldb: I,
    beta: *const c_void,
    c: *const c_void,
    c_type: i32,
    ldc: I,
    d: *mut c_void,
    d_type: i32,
    ldd: I,
    batch_count: I,
    compute: i32,
    _algo: i32,
    _solution_index: i32,
    _flags: u32,
) -> BlasResult<()> {
    let h = handle(h)?;
    let g = build(
        Codes::Rocblas,
        (ta, tb),
        (m.into(), n.into(), k.into()),
        alpha,
        op(a, a_type, lda, None),
        op(b, b_type, ldb, None),
        beta,
        op(c, c_type, ldc, None),
        op(d as *const c_void, d_type, ldd, None),
        compute,
        Some(batch_count.into()),
        true,
    )?;
    // SAFETY: forwarded.
    unsafe { gemm_ex(&h, &g) }
}

/// `rocblas_gemm_strided_batched_ex`
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn rocblas_gemm_strided_batched_ex<I: CInt>(
    h: *mut c_void,
    ta: i32,
    tb: i32,
    m: I,
    n: I,
    k: I,
    alpha: *const c_void,
    a: *const c_void,
    a_type: i32,
    lda: I,
    stride_a: i64,
    b: *const c_void,
    b_type: i32,
    ldb: I,
    stride_b: i64,
    beta: *const c_void,
    c: *const c_void,
    c_type: i32,
    ldc: I,
    stride_c: i64,
    d: *mut c_void,
    d_type: i32,
    ldd: I,
    stride_d: i64,
    batch_count: I,
    compute: i32,
    _algo: i32,
    _solution_index: i32,
    _flags: u32,
) -> BlasResult<()> {
    let h = handle(h)?;
    let g = build(
        Codes::Rocblas,
        (ta, tb),
        (m.into(), n.into(), k.into()),
        alpha,
        op(a, a_type, lda, Some(stride_a)),
        op(b, b_type, ldb, Some(stride_b)),
        beta,
        op(c, c_type, ldc, Some(stride_c)),
        op(d as *const c_void, d_type, ldd, Some(stride_d)),
        compute,
        Some(batch_count.into()),
        false,
    )?;
    // SAFETY: forwarded.
    unsafe { gemm_ex(&h, &g) }
}

/// Generates hipBLAS's `GemmEx` forms (`D` is `C`) for one type-code convention, with and
/// without the trailing `flags`.
macro_rules! hipblas_gemm_ex {
    ($codes:expr, $plain:ident, $batched:ident, $strided:ident, $plain_f:ident, $batched_f:ident, $strided_f:ident) => {
        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $plain<I: CInt>(
            h: *mut c_void,
            ta: i32,
            tb: i32,
            m: I,
            n: I,
            k: I,
            alpha: *const c_void,
            a: *const c_void,
            a_type: i32,
            lda: I,
            b: *const c_void,
            b_type: i32,
            ldb: I,
            beta: *const c_void,
            c: *mut c_void,
            c_type: i32,
            ldc: I,
            compute: i32,
            _algo: i32,
        ) -> BlasResult<()> {
            let h = handle(h)?;
            let g = build(
                $codes,
                (ta, tb),
                (m.into(), n.into(), k.into()),
                alpha,
                op(a, a_type, lda, None),
                op(b, b_type, ldb, None),
                beta,
                op(c as *const c_void, c_type, ldc, None),
                op(c as *const c_void, c_type, ldc, None),
                compute,
                None,
                false,
            )?;
            // SAFETY: forwarded.
            unsafe { gemm_ex(&h, &g) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $batched<I: CInt>(
            h: *mut c_void,
            ta: i32,
            tb: i32,
            m: I,
            n: I,
            k: I,
            alpha: *const c_void,
            a: *const *const c_void,
            a_type: i32,
            lda: I,
            b: *const *const c_void,
            b_type: i32,
            ldb: I,
            beta: *const c_void,
            c: *const *mut c_void,
            c_type: i32,
            ldc: I,
            batch_count: I,
            compute: i32,
            _algo: i32,
        ) -> BlasResult<()> {
            let h = handle(h)?;
            let g = build(
                $codes,
                (ta, tb),
                (m.into(), n.into(), k.into()),
                alpha,
                op(a, a_type, lda, None),
                op(b, b_type, ldb, None),
                beta,
                op(c as *const *const c_void, c_type, ldc, None),
                op(c as *const *const c_void, c_type, ldc, None),
                compute,
                Some(batch_count.into()),
                true,
            )?;
            // SAFETY: forwarded.
            unsafe { gemm_ex(&h, &g) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $strided<I: CInt>(
            h: *mut c_void,
            ta: i32,
            tb: i32,
            m: I,
            n: I,
            k: I,
            alpha: *const c_void,
            a: *const c_void,
            a_type: i32,
            lda: I,
            stride_a: i64,
            b: *const c_void,
            b_type: i32,
            ldb: I,
            stride_b: i64,
            beta: *const c_void,
            c: *mut c_void,
            c_type: i32,
            ldc: I,
            stride_c: i64,
            batch_count: I,
            compute: i32,
            _algo: i32,
        ) -> BlasResult<()> {
            let h = handle(h)?;
            let g = build(
                $codes,
                (ta, tb),
                (m.into(), n.into(), k.into()),
                alpha,
                op(a, a_type, lda, Some(stride_a)),
                op(b, b_type, ldb, Some(stride_b)),
                beta,
                op(c as *const c_void, c_type, ldc, Some(stride_c)),
                op(c as *const c_void, c_type, ldc, Some(stride_c)),
                compute,
                Some(batch_count.into()),
                false,
            )?;
            // SAFETY: forwarded.
            unsafe { gemm_ex(&h, &g) }
        }

        /// # Safety
        /// BLAS's contract (`flags` select GPU kernel variants).
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $plain_f<I: CInt>(
            h: *mut c_void,
            ta: i32,
            tb: i32,
            m: I,
            n: I,
            k: I,
            alpha: *const c_void,
            a: *const c_void,
            a_type: i32,
            lda: I,
            b: *const c_void,
            b_type: i32,
            ldb: I,
            beta: *const c_void,
            c: *mut c_void,
            c_type: i32,
            ldc: I,
            compute: i32,
            algo: i32,
            _flags: i32,
        ) -> BlasResult<()> {
            // SAFETY: forwarded.
            unsafe {
                $plain(
                    h, ta, tb, m, n, k, alpha, a, a_type, lda, b, b_type, ldb, beta, c, c_type,
                    ldc, compute, algo,
                )
            }
        }

        /// # Safety
        /// BLAS's contract (`flags` select GPU kernel variants).
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $batched_f<I: CInt>(
            h: *mut c_void,
            ta: i32,
            tb: i32,
            m: I,
            n: I,
            k: I,
            alpha: *const c_void,
            a: *const *const c_void,
            a_type: i32,
            lda: I,
            b: *const *const c_void,
            b_type: i32,
            ldb: I,
            beta: *const c_void,
            c: *const *mut c_void,
            c_type: i32,
            ldc: I,
            batch_count: I,
            compute: i32,
            algo: i32,
            _flags: i32,
        ) -> BlasResult<()> {
            // SAFETY: forwarded.
            unsafe {
                $batched(
                    h,
                    ta,
                    tb,
                    m,
                    n,
                    k,
                    alpha,
                    a,
                    a_type,
                    lda,
                    b,
                    b_type,
                    ldb,
                    beta,
                    c,
                    c_type,
                    ldc,
                    batch_count,
                    compute,
                    algo,
                )
            }
        }

        /// # Safety
        /// BLAS's contract (`flags` select GPU kernel variants).
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $strided_f<I: CInt>(
            h: *mut c_void,
            ta: i32,
            tb: i32,
            m: I,
            n: I,
            k: I,
            alpha: *const c_void,
            a: *const c_void,
            a_type: i32,
            lda: I,
            stride_a: i64,
            b: *const c_void,
            b_type: i32,
            ldb: I,
            stride_b: i64,
            beta: *const c_void,
            c: *mut c_void,
            c_type: i32,
            ldc: I,
            stride_c: i64,
            batch_count: I,
            compute: i32,
            algo: i32,
            _flags: i32,
        ) -> BlasResult<()> {
            // SAFETY: forwarded.
            unsafe {
                $strided(
                    h,
                    ta,
                    tb,
                    m,
                    n,
                    k,
                    alpha,
                    a,
                    a_type,
                    lda,
                    stride_a,
                    b,
                    b_type,
                    ldb,
                    stride_b,
                    beta,
                    c,
                    c_type,
                    ldc,
                    stride_c,
                    batch_count,
                    compute,
                    algo,
                )
            }
        }
    };
}

hipblas_gemm_ex!(
    Codes::Rocblas,
    hipblas_gemm_ex_v1,
    hipblas_gemm_batched_ex_v1,
    hipblas_gemm_strided_batched_ex_v1,
    hipblas_gemm_ex_with_flags_v1,
    hipblas_gemm_batched_ex_with_flags_v1,
    hipblas_gemm_strided_batched_ex_with_flags_v1
);
hipblas_gemm_ex!(
    Codes::HipV2,
    hipblas_gemm_ex_v2,
    hipblas_gemm_batched_ex_v2,
    hipblas_gemm_strided_batched_ex_v2,
    hipblas_gemm_ex_with_flags_v2,
    hipblas_gemm_batched_ex_with_flags_v2,
    hipblas_gemm_strided_batched_ex_with_flags_v2
);

/// `rocblas_datatype_f16_r`: `hgemm` is the fp16 `Ex` GEMM with fp16 compute.
const F16: i32 = 150;

/// `?hgemm`
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hgemm<I: CInt>(
    h: *mut c_void,
    ta: i32,
    tb: i32,
    m: I,
    n: I,
    k: I,
    alpha: *const Half,
    a: *const Half,
    lda: I,
    b: *const Half,
    ldb: I,
    beta: *const Half,
    c: *mut Half,
    ldc: I,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        hipblas_gemm_ex_v1(
            h,
            ta,
            tb,
            m,
            n,
            k,
            alpha.cast(),
            a.cast(),
            F16,
            lda,
            b.cast(),
            F16,
            ldb,
            beta.cast(),
            c.cast(),
            F16,
            ldc,
            F16,
            0,
        )
    }
}

/// `?hgemm_batched`
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hgemm_batched<I: CInt>(
    h: *mut c_void,
    ta: i32,
    tb: i32,
    m: I,
    n: I,
    k: I,
    alpha: *const Half,
    a: *const *const Half,
    lda: I,
    b: *const *const Half,
    ldb: I,
    beta: *const Half,
    c: *const *mut Half,
    ldc: I,
    batch_count: I,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        hipblas_gemm_batched_ex_v1(
            h,
            ta,
            tb,
            m,
            n,
            k,
            alpha.cast(),
            a.cast(),
            F16,
            lda,
            b.cast(),
            F16,
            ldb,
            beta.cast(),
            c.cast(),
            F16,
            ldc,
            batch_count,
            F16,
            0,
        )
    }
}

/// `?hgemm_strided_batched`
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hgemm_strided_batched<I: CInt>(
    h: *mut c_void,
    ta: i32,
    tb: i32,
    m: I,
    n: I,
    k: I,
    alpha: *const Half,
    a: *const Half,
    lda: I,
    stride_a: i64,
    b: *const Half,
    ldb: I,
    stride_b: i64,
    beta: *const Half,
    c: *mut Half,
    ldc: I,
    stride_c: i64,
    batch_count: I,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        hipblas_gemm_strided_batched_ex_v1(
            h,
            ta,
            tb,
            m,
            n,
            k,
            alpha.cast(),
            a.cast(),
            F16,
            lda,
            stride_a,
            b.cast(),
            F16,
            ldb,
            stride_b,
            beta.cast(),
            c.cast(),
            F16,
            ldc,
            stride_c,
            batch_count,
            F16,
            0,
        )
    }
}
