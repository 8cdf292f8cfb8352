//! The LU/QR helpers on cuBLAS's batched solvers (`cublas?getrfBatched`, `getrsBatched`,
//! `getriBatched`, `geqrfBatched`, `gelsBatched`). cuBLAS takes arrays of device pointers
//! only, so the pointer-array forms map directly; the plain and strided forms would need a
//! pointer array built in device memory and are not mapped yet.

use std::ffi::{c_int, c_void};

use cudarc::cublas::sys as cb;

use super::{int, operation, status, NvidiaBlas};
use crate::args::Batch;
use crate::error::BlasResult;
use crate::handle::Handle;
use crate::ops::solver::{GetrfCall, GetrsCall, QrCall};
use crate::scalar::{Scalar, C32, C64};

type H = cb::cublasHandle_t;
type S = cb::cublasStatus_t;
type PP = *const c_void;

/// cuBLAS's batched solvers for one element type (pointer arrays passed untyped).
///
/// # Safety
/// Each method is a raw cuBLAS call: arguments as cuBLAS documents them.
#[allow(clippy::too_many_arguments, clippy::missing_safety_doc)]
pub trait CublasSolver {
    unsafe fn getrf(
        h: H,
        n: c_int,
        a: PP,
        lda: c_int,
        p: *mut c_int,
        info: *mut c_int,
        batch: c_int,
    ) -> S;
    unsafe fn getrs(
        h: H,
        t: cb::cublasOperation_t,
        n: c_int,
        nrhs: c_int,
        a: PP,
        lda: c_int,
        p: *const c_int,
        b: PP,
        ldb: c_int,
        info: *mut c_int,
        batch: c_int,
    ) -> S;
    unsafe fn getri(
        h: H,
        n: c_int,
        a: PP,
        lda: c_int,
        p: *const c_int,
        c: PP,
        ldc: c_int,
        info: *mut c_int,
        batch: c_int,
    ) -> S;
    unsafe fn geqrf(
        h: H,
        m: c_int,
        n: c_int,
        a: PP,
        lda: c_int,
        tau: PP,
        info: *mut c_int,
        batch: c_int,
    ) -> S;
    unsafe fn gels(
        h: H,
        t: cb::cublasOperation_t,
        m: c_int,
        n: c_int,
        nrhs: c_int,
        a: PP,
        lda: c_int,
        c: PP,
        ldc: c_int,
        info: *mut c_int,
        dev_info: *mut c_int,
        batch: c_int,
    ) -> S;
}

macro_rules! solver {
    ($t:ty, $getrf:ident, $getrs:ident, $getri:ident, $geqrf:ident, $gels:ident) => {
        impl CublasSolver for $t {
            unsafe fn getrf(
                h: H,
                n: c_int,
                a: PP,
                lda: c_int,
                p: *mut c_int,
                info: *mut c_int,
                batch: c_int,
            ) -> S {
                // SAFETY: the caller's contract; element types have cuBLAS's layout.
                unsafe { cb::$getrf(h, n, a.cast(), lda, p, info, batch) }
            }
            unsafe fn getrs(
                h: H,
                t: cb::cublasOperation_t,
                n: c_int,
                nrhs: c_int,
                a: PP,
                lda: c_int,
                p: *const c_int,
                b: PP,
                ldb: c_int,
                info: *mut c_int,
                batch: c_int,
            ) -> S {
                // SAFETY: as above.
                unsafe { cb::$getrs(h, t, n, nrhs, a.cast(), lda, p, b.cast(), ldb, info, batch) }
            }
            unsafe fn getri(
                h: H,
                n: c_int,
                a: PP,
                lda: c_int,
                p: *const c_int,
                c: PP,
                ldc: c_int,
                info: *mut c_int,
                batch: c_int,
            ) -> S {
                // SAFETY: as above.
                unsafe { cb::$getri(h, n, a.cast(), lda, p, c.cast(), ldc, info, batch) }
            }
            unsafe fn geqrf(
                h: H,
                m: c_int,
                n: c_int,
                a: PP,
                lda: c_int,
                tau: PP,
                info: *mut c_int,
                batch: c_int,
            ) -> S {
                // SAFETY: as above.
                unsafe { cb::$geqrf(h, m, n, a.cast(), lda, tau.cast(), info, batch) }
            }
            unsafe fn gels(
                h: H,
                t: cb::cublasOperation_t,
                m: c_int,
                n: c_int,
                nrhs: c_int,
                a: PP,
                lda: c_int,
                c: PP,
                ldc: c_int,
                info: *mut c_int,
                dev_info: *mut c_int,
                batch: c_int,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    cb::$gels(
                        h,
                        t,
                        m,
                        n,
                        nrhs,
                        a.cast(),
                        lda,
                        c.cast(),
                        ldc,
                        info,
                        dev_info,
                        batch,
                    )
                }
            }
        }
    };
}

solver!(
    f32,
    cublasSgetrfBatched,
    cublasSgetrsBatched,
    cublasSgetriBatched,
    cublasSgeqrfBatched,
    cublasSgelsBatched
);
solver!(
    f64,
    cublasDgetrfBatched,
    cublasDgetrsBatched,
    cublasDgetriBatched,
    cublasDgeqrfBatched,
    cublasDgelsBatched
);
solver!(
    C32,
    cublasCgetrfBatched,
    cublasCgetrsBatched,
    cublasCgetriBatched,
    cublasCgeqrfBatched,
    cublasCgelsBatched
);
solver!(
    C64,
    cublasZgetrfBatched,
    cublasZgetrsBatched,
    cublasZgetriBatched,
    cublasZgeqrfBatched,
    cublasZgelsBatched
);

/// The device array of pointers of a pointer-array batch (`None`: strided or single).
fn array<T>(b: &Batch<T>) -> Option<PP> {
    match b {
        Batch::Array(a) => Some(a.ptr() as PP),
        Batch::Strided { .. } => None,
    }
}

impl NvidiaBlas {
    fn unmapped_form(&self) -> BlasResult<()> {
        self.not_mapped("plain and strided solver forms on NVIDIA (cuBLAS takes pointer arrays)")
    }

    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn getrf<T: Scalar>(&self, h: &Handle, c: &GetrfCall<T>) -> BlasResult<()> {
        let Some(a) = array(&c.a) else {
            return self.unmapped_form();
        };
        let (n, lda, batch) = (int(c.n as i64)?, int(c.lda)?, int(c.batch_count as i64)?);
        let p = c.ipiv.map_or(std::ptr::null_mut(), |p| p.base.ptr());
        self.with(h, |ch| {
            // SAFETY: validated arguments; ipiv holds n pivots per entry, info one per entry.
            status(unsafe { T::getrf(ch, n, a, lda, p, c.info.ptr(), batch) })
        })
    }

    /// `getrs` and (with `inverse_info`) `getri`.
    ///
    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn getrs<T: Scalar>(&self, h: &Handle, c: &GetrsCall<T>) -> BlasResult<()> {
        let (Some(a), Some(b)) = (array(&c.a), array(&c.b)) else {
            return self.unmapped_form();
        };
        let (n, nrhs, lda, ldb, batch) = (
            int(c.n as i64)?,
            int(c.nrhs as i64)?,
            int(c.lda)?,
            int(c.ldb)?,
            int(c.batch_count as i64)?,
        );
        let p = c
            .ipiv
            .map_or(std::ptr::null(), |p| p.base.ptr() as *const c_int);
        self.with(h, |ch| {
            let mut host_info: c_int = 0;
            // SAFETY: validated arguments (getrs's info is a host value, already checked).
            status(unsafe {
                match c.inverse_info {
                    Some(info) => T::getri(ch, n, a, lda, p, b, ldb, info.ptr(), batch),
                    None => T::getrs(
                        ch,
                        operation(c.trans),
                        n,
                        nrhs,
                        a,
                        lda,
                        p,
                        b,
                        ldb,
                        &mut host_info,
                        batch,
                    ),
                }
            })
        })
    }

    /// `geqrf` and `gels`.
    ///
    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn qr<T: Scalar>(&self, h: &Handle, c: &QrCall<T>) -> BlasResult<()> {
        let Some(a) = array(&c.a) else {
            return self.unmapped_form();
        };
        let (m, n, lda, batch) = (
            int(c.m as i64)?,
            int(c.n as i64)?,
            int(c.lda)?,
            int(c.batch_count as i64)?,
        );
        let mut host_info: c_int = 0;
        match (c.tau, c.solve) {
            (Some(tau), _) => {
                let Some(tau) = array(&tau) else {
                    return self.unmapped_form();
                };
                self.with(h, |ch| {
                    // SAFETY: validated arguments.
                    status(unsafe { T::geqrf(ch, m, n, a, lda, tau, &mut host_info, batch) })
                })
            }
            (None, Some((b, ldb, nrhs, dev_info))) => {
                let Some(b) = array(&b) else {
                    return self.unmapped_form();
                };
                let (ldb, nrhs) = (int(ldb)?, int(nrhs as i64)?);
                let t = cb::cublasOperation_t::CUBLAS_OP_N;
                self.with(h, |ch| {
                    // SAFETY: validated arguments.
                    status(unsafe {
                        T::gels(
                            ch,
                            t,
                            m,
                            n,
                            nrhs,
                            a,
                            lda,
                            b,
                            ldb,
                            &mut host_info,
                            dev_info.ptr(),
                            batch,
                        )
                    })
                })
            }
            (None, None) => Ok(()),
        }
    }
}
