//! cuBLAS's rank updates and band/packed functions, one table per element type
//! ([`CublasBandRank`], a supertrait of `Scalar`). Scalars are passed as untyped pointers:
//! each function's scalar types are cuBLAS's (real `alpha` for `her`/`hpr`, real `beta`
//! for `her2k`/`herkx`). For real types the Hermitian functions are the symmetric ones;
//! complex symmetric packed updates (`cspr`) have no cuBLAS function and are not called.

use std::ffi::{c_int, c_void};

use cudarc::cublas::sys as cb;

use crate::scalar::{C32, C64};

type H = cb::cublasHandle_t;
type Op = cb::cublasOperation_t;
type Fill = cb::cublasFillMode_t;
type Diag = cb::cublasDiagType_t;
type S = cb::cublasStatus_t;
type P = *const c_void;

/// cuBLAS's rank-update and band/packed functions for one element type.
///
/// # Safety
/// Each method is a raw cuBLAS call: arguments as cuBLAS documents them.
#[allow(clippy::too_many_arguments, clippy::missing_safety_doc)]
pub trait CublasBandRank: Sized + Copy + 'static {
    /// `syr`/`her` (`y == None`) and `syr2`/`her2`.
    unsafe fn rank_update(
        h: H,
        uplo: Fill,
        n: c_int,
        alpha: P,
        x: *const Self,
        incx: c_int,
        y: Option<(*const Self, c_int)>,
        a: *mut Self,
        lda: c_int,
        hermitian: bool,
    ) -> S;
    /// `syr2k`/`her2k` (`both_terms`) and `syrkx`/`herkx`.
    unsafe fn rank_2k(
        h: H,
        uplo: Fill,
        t: Op,
        n: c_int,
        k: c_int,
        alpha: P,
        a: *const Self,
        lda: c_int,
        b: *const Self,
        ldb: c_int,
        beta: P,
        c: *mut Self,
        ldc: c_int,
        hermitian: bool,
        both_terms: bool,
    ) -> S;
    unsafe fn gbmv(
        h: H,
        t: Op,
        m: c_int,
        n: c_int,
        kl: c_int,
        ku: c_int,
        alpha: P,
        a: *const Self,
        lda: c_int,
        x: *const Self,
        incx: c_int,
        beta: P,
        y: *mut Self,
        incy: c_int,
    ) -> S;
    /// `sbmv`/`hbmv` (`band: Some((k, lda))`) and `spmv`/`hpmv`.
    unsafe fn sym_mv(
        h: H,
        uplo: Fill,
        n: c_int,
        band: Option<(c_int, c_int)>,
        alpha: P,
        a: *const Self,
        x: *const Self,
        incx: c_int,
        beta: P,
        y: *mut Self,
        incy: c_int,
        hermitian: bool,
    ) -> S;
    /// `tbmv`/`tbsv` (`band: Some((k, lda))`) and `tpmv`/`tpsv`.
    unsafe fn tri(
        h: H,
        uplo: Fill,
        t: Op,
        diag: Diag,
        n: c_int,
        band: Option<(c_int, c_int)>,
        a: *const Self,
        x: *mut Self,
        incx: c_int,
        solve: bool,
    ) -> S;
    /// `spr`/`hpr` (`y == None`) and `spr2`/`hpr2`.
    unsafe fn packed_rank(
        h: H,
        uplo: Fill,
        n: c_int,
        alpha: P,
        x: *const Self,
        incx: c_int,
        y: Option<(*const Self, c_int)>,
        ap: *mut Self,
        hermitian: bool,
    ) -> S;
}

macro_rules! band_rank {
    ($t:ty, syr $syr:ident, her $her:ident, syr2 $syr2:ident, her2 $her2:ident, syr2k $syr2k:ident, her2k $her2k:ident,
     syrkx $syrkx:ident, herkx $herkx:ident, gbmv $gbmv:ident, sbmv $sbmv:ident, hbmv $hbmv:ident, spmv $spmv:ident,
     hpmv $hpmv:ident, tbmv $tbmv:ident, tbsv $tbsv:ident, tpmv $tpmv:ident, tpsv $tpsv:ident, spr $spr:ident,
     hpr $hpr:ident, spr2 $spr2:ident, hpr2 $hpr2:ident) => {
        impl CublasBandRank for $t {
            unsafe fn rank_update(
                h: H,
                uplo: Fill,
                n: c_int,
                alpha: P,
                x: *const Self,
                incx: c_int,
                y: Option<(*const Self, c_int)>,
                a: *mut Self,
                lda: c_int,
                hermitian: bool,
            ) -> S {
                // SAFETY: the caller's contract; element types have cuBLAS's layout.
                unsafe {
                    match (y, hermitian) {
                        (None, false) => {
                            cb::$syr(h, uplo, n, alpha.cast(), x.cast(), incx, a.cast(), lda)
                        }
                        (None, true) => {
                            cb::$her(h, uplo, n, alpha.cast(), x.cast(), incx, a.cast(), lda)
                        }
                        (Some((y, incy)), false) => cb::$syr2(
                            h,
                            uplo,
                            n,
                            alpha.cast(),
                            x.cast(),
                            incx,
                            y.cast(),
                            incy,
                            a.cast(),
                            lda,
                        ),
                        (Some((y, incy)), true) => cb::$her2(
                            h,
                            uplo,
                            n,
                            alpha.cast(),
                            x.cast(),
                            incx,
                            y.cast(),
                            incy,
                            a.cast(),
                            lda,
                        ),
                    }
                }
            }
            unsafe fn rank_2k(
                h: H,
                uplo: Fill,
                t: Op,
                n: c_int,
                k: c_int,
                alpha: P,
                a: *const Self,
                lda: c_int,
                b: *const Self,
                ldb: c_int,
                beta: P,
                c: *mut Self,
                ldc: c_int,
                hermitian: bool,
                both_terms: bool,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    match (hermitian, both_terms) {
                        (false, true) => cb::$syr2k(
                            h,
                            uplo,
                            t,
                            n,
                            k,
                            alpha.cast(),
                            a.cast(),
                            lda,
                            b.cast(),
                            ldb,
                            beta.cast(),
                            c.cast(),
                            ldc,
                        ),
                        (true, true) => cb::$her2k(
                            h,
                            uplo,
                            t,
                            n,
                            k,
                            alpha.cast(),
                            a.cast(),
                            lda,
                            b.cast(),
                            ldb,
                            beta.cast(),
                            c.cast(),
                            ldc,
                        ),
                        (false, false) => cb::$syrkx(
                            h,
                            uplo,
                            t,
                            n,
                            k,
                            alpha.cast(),
                            a.cast(),
                            lda,
                            b.cast(),
                            ldb,
                            beta.cast(),
                            c.cast(),
                            ldc,
                        ),
                        (true, false) => cb::$herkx(
                            h,
                            uplo,
                            t,
                            n,
                            k,
                            alpha.cast(),
                            a.cast(),
                            lda,
                            b.cast(),
                            ldb,
                            beta.cast(),
                            c.cast(),
                            ldc,
                        ),
                    }
                }
            }
            unsafe fn gbmv(
                h: H,
                t: Op,
                m: c_int,
                n: c_int,
                kl: c_int,
                ku: c_int,
                alpha: P,
                a: *const Self,
                lda: c_int,
                x: *const Self,
                incx: c_int,
                beta: P,
                y: *mut Self,
                incy: c_int,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    cb::$gbmv(
                        h,
                        t,
                        m,
                        n,
                        kl,
                        ku,
                        alpha.cast(),
                        a.cast(),
                        lda,
                        x.cast(),
                        incx,
                        beta.cast(),
                        y.cast(),
                        incy,
                    )
                }
            }
            unsafe fn sym_mv(
                h: H,
                uplo: Fill,
                n: c_int,
                band: Option<(c_int, c_int)>,
                alpha: P,
                a: *const Self,
                x: *const Self,
                incx: c_int,
                beta: P,
                y: *mut Self,
                incy: c_int,
                hermitian: bool,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    match (band, hermitian) {
                        (Some((k, lda)), false) => cb::$sbmv(
                            h,
                            uplo,
                            n,
                            k,
                            alpha.cast(),
                            a.cast(),
                            lda,
                            x.cast(),
                            incx,
                            beta.cast(),
                            y.cast(),
                            incy,
                        ),
                        (Some((k, lda)), true) => cb::$hbmv(
                            h,
                            uplo,
                            n,
                            k,
                            alpha.cast(),
                            a.cast(),
                            lda,
                            x.cast(),
                            incx,
                            beta.cast(),
                            y.cast(),
                            incy,
                        ),
                        (None, false) => cb::$spmv(
                            h,
                            uplo,
                            n,
                            alpha.cast(),
                            a.cast(),
                            x.cast(),
                            incx,
                            beta.cast(),
                            y.cast(),
                            incy,
                        ),
                        (None, true) => cb::$hpmv(
                            h,
                            uplo,
                            n,
                            alpha.cast(),
                            a.cast(),
                            x.cast(),
                            incx,
                            beta.cast(),
                            y.cast(),
                            incy,
                        ),
                    }
                }
            }
            unsafe fn tri(
                h: H,
                uplo: Fill,
                t: Op,
                diag: Diag,
                n: c_int,
                band: Option<(c_int, c_int)>,
                a: *const Self,
                x: *mut Self,
                incx: c_int,
                solve: bool,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    match (band, solve) {
                        (Some((k, lda)), false) => {
                            cb::$tbmv(h, uplo, t, diag, n, k, a.cast(), lda, x.cast(), incx)
                        }
                        (Some((k, lda)), true) => {
                            cb::$tbsv(h, uplo, t, diag, n, k, a.cast(), lda, x.cast(), incx)
                        }
                        (None, false) => cb::$tpmv(h, uplo, t, diag, n, a.cast(), x.cast(), incx),
                        (None, true) => cb::$tpsv(h, uplo, t, diag, n, a.cast(), x.cast(), incx),
                    }
                }
            }
            unsafe fn packed_rank(
                h: H,
                uplo: Fill,
                n: c_int,
                alpha: P,
                x: *const Self,
                incx: c_int,
                y: Option<(*const Self, c_int)>,
                ap: *mut Self,
                hermitian: bool,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    match (y, hermitian) {
                        (None, false) => {
                            cb::$spr(h, uplo, n, alpha.cast(), x.cast(), incx, ap.cast())
                        }
                        (None, true) => {
                            cb::$hpr(h, uplo, n, alpha.cast(), x.cast(), incx, ap.cast())
                        }
                        (Some((y, incy)), false) => cb::$spr2(
                            h,
                            uplo,
                            n,
                            alpha.cast(),
                            x.cast(),
                            incx,
                            y.cast(),
                            incy,
                            ap.cast(),
                        ),
                        (Some((y, incy)), true) => cb::$hpr2(
                            h,
                            uplo,
                            n,
                            alpha.cast(),
                            x.cast(),
                            incx,
                            y.cast(),
                            incy,
                            ap.cast(),
                        ),
                    }
                }
            }
        }
    };
}

band_rank!(f32, syr cublasSsyr_v2, her cublasSsyr_v2, syr2 cublasSsyr2_v2, her2 cublasSsyr2_v2, syr2k cublasSsyr2k_v2,
    her2k cublasSsyr2k_v2, syrkx cublasSsyrkx, herkx cublasSsyrkx, gbmv cublasSgbmv_v2, sbmv cublasSsbmv_v2,
    hbmv cublasSsbmv_v2, spmv cublasSspmv_v2, hpmv cublasSspmv_v2, tbmv cublasStbmv_v2, tbsv cublasStbsv_v2,
    tpmv cublasStpmv_v2, tpsv cublasStpsv_v2, spr cublasSspr_v2, hpr cublasSspr_v2, spr2 cublasSspr2_v2, hpr2 cublasSspr2_v2);
band_rank!(f64, syr cublasDsyr_v2, her cublasDsyr_v2, syr2 cublasDsyr2_v2, her2 cublasDsyr2_v2, syr2k cublasDsyr2k_v2,
    her2k cublasDsyr2k_v2, syrkx cublasDsyrkx, herkx cublasDsyrkx, gbmv cublasDgbmv_v2, sbmv cublasDsbmv_v2,
    hbmv cublasDsbmv_v2, spmv cublasDspmv_v2, hpmv cublasDspmv_v2, tbmv cublasDtbmv_v2, tbsv cublasDtbsv_v2,
    tpmv cublasDtpmv_v2, tpsv cublasDtpsv_v2, spr cublasDspr_v2, hpr cublasDspr_v2, spr2 cublasDspr2_v2, hpr2 cublasDspr2_v2);
// Complex: cuBLAS has no symmetric band/packed functions (csbmv, cspmv, cspr, cspr2); the
// Hermitian ones stand in those slots and the callers never ask for the symmetric forms.
band_rank!(C32, syr cublasCsyr_v2, her cublasCher_v2, syr2 cublasCsyr2_v2, her2 cublasCher2_v2, syr2k cublasCsyr2k_v2,
    her2k cublasCher2k_v2, syrkx cublasCsyrkx, herkx cublasCherkx, gbmv cublasCgbmv_v2, sbmv cublasChbmv_v2,
    hbmv cublasChbmv_v2, spmv cublasChpmv_v2, hpmv cublasChpmv_v2, tbmv cublasCtbmv_v2, tbsv cublasCtbsv_v2,
    tpmv cublasCtpmv_v2, tpsv cublasCtpsv_v2, spr cublasChpr_v2, hpr cublasChpr_v2, spr2 cublasChpr2_v2, hpr2 cublasChpr2_v2);
band_rank!(C64, syr cublasZsyr_v2, her cublasZher_v2, syr2 cublasZsyr2_v2, her2 cublasZher2_v2, syr2k cublasZsyr2k_v2,
    her2k cublasZher2k_v2, syrkx cublasZsyrkx, herkx cublasZherkx, gbmv cublasZgbmv_v2, sbmv cublasZhbmv_v2,
    hbmv cublasZhbmv_v2, spmv cublasZhpmv_v2, hpmv cublasZhpmv_v2, tbmv cublasZtbmv_v2, tbsv cublasZtbsv_v2,
    tpmv cublasZtpmv_v2, tpsv cublasZtpsv_v2, spr cublasZhpr_v2, hpr cublasZhpr_v2, spr2 cublasZhpr2_v2, hpr2 cublasZhpr2_v2);
