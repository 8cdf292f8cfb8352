//! `trsm_ex` (rocBLAS) and `TrsmEx` (hipBLAS v1 and v2): `trsm` with the element type
//! given by the compute type. `invA` (a precomputed inverse of the diagonal blocks, a GPU
//! optimisation) is accepted and not needed.

use std::ffi::c_void;

use super::ex::Codes;
use super::handle;
use crate::args::Batch;
use crate::error::{BlasError, BlasResult};
use crate::handle::Handle;
use crate::ops::ex::DataType;
use crate::ops::level3::triangular;
use crate::scalar::{C32, C64};

/// Operands as passed: the matrices' base pointers (or pointer arrays) and strides.
struct TrsmEx {
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: i64,
    n: i64,
    alpha: *const c_void,
    a: *const c_void,
    lda: i64,
    b: *mut c_void,
    ldb: i64,
    /// `None`: pointer arrays; `Some((stride_a, stride_b))`: strided (one entry: 0, 0).
    strides: Option<(i64, i64)>,
    batch_count: i64,
}

impl TrsmEx {
    fn batch<T>(&self, p: *const c_void, stride: Option<i64>) -> Batch<T> {
        match stride {
            None => Batch::array(p as *const *const T),
            Some(s) => Batch::strided(p as *const T, s),
        }
    }

    /// # Safety
    /// BLAS's contract for the element type `T`.
    unsafe fn run<T: crate::scalar::Scalar>(&self, h: &Handle) -> BlasResult<()> {
        let a = self.batch::<T>(self.a, self.strides.map(|s| s.0));
        let b = self.batch::<T>(self.b, self.strides.map(|s| s.1));
        // SAFETY: forwarded.
        unsafe {
            triangular(
                h,
                self.side,
                self.uplo,
                self.trans,
                self.diag,
                self.m,
                self.n,
                self.alpha as *const T,
                a,
                self.lda,
                b,
                self.ldb,
                None,
                self.batch_count,
            )
        }
    }
}

/// # Safety
/// BLAS's contract.
unsafe fn trsm_ex(h: *mut c_void, codes: Codes, compute: i32, call: TrsmEx) -> BlasResult<()> {
    let h = handle(h)?;
    // SAFETY: forwarded, with the element type the compute type names.
    unsafe {
        match codes.data(compute)? {
            DataType::F32 => call.run::<f32>(&h),
            DataType::F64 => call.run::<f64>(&h),
            DataType::C32 => call.run::<C32>(&h),
            DataType::C64 => call.run::<C64>(&h),
            _ => Err(BlasError::NotImplemented("trsm_ex: fp16/bf16")),
        }
    }
}

macro_rules! trsm_ex_forms {
    ($codes:expr, $aptr:ty, $plain:ident, $batched:ident, $strided:ident) => {
        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $plain(
            h: *mut c_void,
            side: i32,
            uplo: i32,
            trans: i32,
            diag: i32,
            m: i32,
            n: i32,
            alpha: *const c_void,
            a: $aptr,
            lda: i32,
            b: *mut c_void,
            ldb: i32,
            _inv_a: *const c_void,
            _inv_a_size: i32,
            compute: i32,
        ) -> BlasResult<()> {
            let call = TrsmEx {
                side,
                uplo,
                trans,
                diag,
                m: m.into(),
                n: n.into(),
                alpha,
                a: a as *const c_void,
                lda: lda.into(),
                b,
                ldb: ldb.into(),
                strides: Some((0, 0)),
                batch_count: 1,
            };
            // SAFETY: forwarded.
            unsafe { trsm_ex(h, $codes, compute, call) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $batched(
            h: *mut c_void,
            side: i32,
            uplo: i32,
            trans: i32,
            diag: i32,
            m: i32,
            n: i32,
            alpha: *const c_void,
            a: $aptr,
            lda: i32,
            b: *mut c_void,
            ldb: i32,
            batch_count: i32,
            _inv_a: *const c_void,
            _inv_a_size: i32,
            compute: i32,
        ) -> BlasResult<()> {
            let call = TrsmEx {
                side,
                uplo,
                trans,
                diag,
                m: m.into(),
                n: n.into(),
                alpha,
                a: a as *const c_void,
                lda: lda.into(),
                b,
                ldb: ldb.into(),
                strides: None,
                batch_count: batch_count.into(),
            };
            // SAFETY: forwarded.
            unsafe { trsm_ex(h, $codes, compute, call) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $strided(
            h: *mut c_void,
            side: i32,
            uplo: i32,
            trans: i32,
            diag: i32,
            m: i32,
            n: i32,
            alpha: *const c_void,
            a: $aptr,
            lda: i32,
            stride_a: i64,
            b: *mut c_void,
            ldb: i32,
            stride_b: i64,
            batch_count: i32,
            _inv_a: *const c_void,
            _inv_a_size: i32,
            _stride_inv_a: i64,
            compute: i32,
        ) -> BlasResult<()> {
            let call = TrsmEx {
                side,
                uplo,
                trans,
                diag,
                m: m.into(),
                n: n.into(),
                alpha,
                a: a as *const c_void,
                lda: lda.into(),
                b,
                ldb: ldb.into(),
                strides: Some((stride_a, stride_b)),
                batch_count: batch_count.into(),
            };
            // SAFETY: forwarded.
            unsafe { trsm_ex(h, $codes, compute, call) }
        }
    };
}

trsm_ex_forms!(
    Codes::Rocblas,
    *const c_void,
    rocblas_trsm_ex,
    rocblas_trsm_batched_ex,
    rocblas_trsm_strided_batched_ex
);
trsm_ex_forms!(
    Codes::Rocblas,
    *mut c_void,
    hipblas_trsm_ex_v1,
    hipblas_trsm_batched_ex_v1,
    hipblas_trsm_strided_batched_ex_v1
);
trsm_ex_forms!(
    Codes::HipV2,
    *mut c_void,
    hipblas_trsm_ex_v2,
    hipblas_trsm_batched_ex_v2,
    hipblas_trsm_strided_batched_ex_v2
);
