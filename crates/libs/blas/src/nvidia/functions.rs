//! cuBLAS's typed functions, one table per element type ([`CublasScalar`]): what the
//! NVIDIA backend calls for levels 1 to 3 beyond the `Ex` entry points. For real types the
//! Hermitian functions are the symmetric ones and `gerc` is `ger`, as in BLAS.

use std::ffi::{c_int, c_void};

use cudarc::cublas::sys as cb;

use crate::scalar::{C32, C64};

type H = cb::cublasHandle_t;
type Op = cb::cublasOperation_t;
type Fill = cb::cublasFillMode_t;
type Diag = cb::cublasDiagType_t;
type Side = cb::cublasSideMode_t;
type S = cb::cublasStatus_t;

/// cuBLAS's functions for one element type. Every method is the cuBLAS call of the same
/// name with the element pointers cast to cuBLAS's types (same layout).
///
/// # Safety
/// Each method is a raw cuBLAS call: arguments as cuBLAS documents them.
#[allow(clippy::too_many_arguments, clippy::missing_safety_doc)]
pub trait CublasScalar: Sized + Copy + 'static {
    /// The real type of the same precision.
    type Real: Copy;
    unsafe fn gemv(
        h: H,
        t: Op,
        m: c_int,
        n: c_int,
        alpha: *const Self,
        a: *const Self,
        lda: c_int,
        x: *const Self,
        incx: c_int,
        beta: *const Self,
        y: *mut Self,
        incy: c_int,
    ) -> S;
    unsafe fn ger(
        h: H,
        m: c_int,
        n: c_int,
        alpha: *const Self,
        x: *const Self,
        incx: c_int,
        y: *const Self,
        incy: c_int,
        a: *mut Self,
        lda: c_int,
        conjugate: bool,
    ) -> S;
    unsafe fn symv(
        h: H,
        uplo: Fill,
        n: c_int,
        alpha: *const Self,
        a: *const Self,
        lda: c_int,
        x: *const Self,
        incx: c_int,
        beta: *const Self,
        y: *mut Self,
        incy: c_int,
        hermitian: bool,
    ) -> S;
    unsafe fn trmv(
        h: H,
        uplo: Fill,
        t: Op,
        diag: Diag,
        n: c_int,
        a: *const Self,
        lda: c_int,
        x: *mut Self,
        incx: c_int,
        solve: bool,
    ) -> S;
    unsafe fn trsm(
        h: H,
        side: Side,
        uplo: Fill,
        t: Op,
        diag: Diag,
        m: c_int,
        n: c_int,
        alpha: *const Self,
        a: *const Self,
        lda: c_int,
        b: *mut Self,
        ldb: c_int,
    ) -> S;
    unsafe fn trmm(
        h: H,
        side: Side,
        uplo: Fill,
        t: Op,
        diag: Diag,
        m: c_int,
        n: c_int,
        alpha: *const Self,
        a: *const Self,
        lda: c_int,
        b: *const Self,
        ldb: c_int,
        c: *mut Self,
        ldc: c_int,
    ) -> S;
    unsafe fn syrk(
        h: H,
        uplo: Fill,
        t: Op,
        n: c_int,
        k: c_int,
        alpha: *const Self,
        a: *const Self,
        lda: c_int,
        beta: *const Self,
        c: *mut Self,
        ldc: c_int,
    ) -> S;
    unsafe fn herk(
        h: H,
        uplo: Fill,
        t: Op,
        n: c_int,
        k: c_int,
        alpha: *const Self::Real,
        a: *const Self,
        lda: c_int,
        beta: *const Self::Real,
        c: *mut Self,
        ldc: c_int,
    ) -> S;
    unsafe fn symm(
        h: H,
        side: Side,
        uplo: Fill,
        m: c_int,
        n: c_int,
        alpha: *const Self,
        a: *const Self,
        lda: c_int,
        b: *const Self,
        ldb: c_int,
        beta: *const Self,
        c: *mut Self,
        ldc: c_int,
        hermitian: bool,
    ) -> S;
    unsafe fn geam(
        h: H,
        ta: Op,
        tb: Op,
        m: c_int,
        n: c_int,
        alpha: *const Self,
        a: *const Self,
        lda: c_int,
        beta: *const Self,
        b: *const Self,
        ldb: c_int,
        c: *mut Self,
        ldc: c_int,
    ) -> S;
    unsafe fn dgmm(
        h: H,
        side: Side,
        m: c_int,
        n: c_int,
        a: *const Self,
        lda: c_int,
        x: *const Self,
        incx: c_int,
        c: *mut Self,
        ldc: c_int,
    ) -> S;
    unsafe fn copy(h: H, n: c_int, x: *const Self, incx: c_int, y: *mut Self, incy: c_int) -> S;
    unsafe fn swap(h: H, n: c_int, x: *mut Self, incx: c_int, y: *mut Self, incy: c_int) -> S;
    unsafe fn asum(h: H, n: c_int, x: *const Self, incx: c_int, result: *mut Self::Real) -> S;
    unsafe fn iamax(
        h: H,
        n: c_int,
        x: *const Self,
        incx: c_int,
        result: *mut c_int,
        max: bool,
    ) -> S;
    /// `i?amax`/`i?amin` of the 64-bit API.
    unsafe fn iamax64(h: H, n: i64, x: *const Self, incx: i64, result: *mut i64, max: bool) -> S;
    /// `rotg` (`c` real).
    unsafe fn rotg(h: H, a: *mut Self, b: *mut Self, c: *mut c_void, s: *mut Self) -> S;
    /// `rot` (`complex_sine`: `crot`/`zrot`, else `srot`, `drot`, `csrot`, `zdrot`); `c` is
    /// real, `s` real or of the vectors' type.
    unsafe fn rot(
        h: H,
        n: c_int,
        x: *mut Self,
        incx: c_int,
        y: *mut Self,
        incy: c_int,
        c: *const c_void,
        s: *const c_void,
        complex_sine: bool,
    ) -> S;
}

macro_rules! cublas_scalar {
    (
        $t:ty, $real:ty, gemv $gemv:ident, ger $ger:ident, gerc $gerc:ident, symv $symv:ident, hemv $hemv:ident,
        trmv $trmv:ident, trsv $trsv:ident, trsm $trsm:ident, trmm $trmm:ident, syrk $syrk:ident, herk $herk:ident,
        symm $symm:ident, hemm $hemm:ident, geam $geam:ident, dgmm $dgmm:ident, copy $copy:ident, swap $swap:ident,
        asum $asum:ident, amax $amax:ident, amin $amin:ident, rot $rot:ident, rot_real $rotr:ident,
        amax64 $amax64:ident, amin64 $amin64:ident, rotg $rotg:ident
    ) => {
        impl CublasScalar for $t {
            type Real = $real;
            unsafe fn gemv(
                h: H,
                t: Op,
                m: c_int,
                n: c_int,
                alpha: *const Self,
                a: *const Self,
                lda: c_int,
                x: *const Self,
                incx: c_int,
                beta: *const Self,
                y: *mut Self,
                incy: c_int,
            ) -> S {
                // SAFETY: the caller's contract; element types have cuBLAS's layout.
                unsafe {
                    cb::$gemv(
                        h,
                        t,
                        m,
                        n,
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
            unsafe fn ger(
                h: H,
                m: c_int,
                n: c_int,
                alpha: *const Self,
                x: *const Self,
                incx: c_int,
                y: *const Self,
                incy: c_int,
                a: *mut Self,
                lda: c_int,
                conjugate: bool,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    if conjugate {
                        cb::$gerc(
                            h,
                            m,
                            n,
                            alpha.cast(),
                            x.cast(),
                            incx,
                            y.cast(),
                            incy,
                            a.cast(),
                            lda,
                        )
                    } else {
                        cb::$ger(
                            h,
                            m,
                            n,
                            alpha.cast(),
                            x.cast(),
                            incx,
                            y.cast(),
                            incy,
                            a.cast(),
                            lda,
                        )
                    }
                }
            }
            unsafe fn symv(
                h: H,
                uplo: Fill,
                n: c_int,
                alpha: *const Self,
                a: *const Self,
                lda: c_int,
                x: *const Self,
                incx: c_int,
                beta: *const Self,
                y: *mut Self,
                incy: c_int,
                hermitian: bool,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    if hermitian {
                        cb::$hemv(
                            h,
                            uplo,
                            n,
                            alpha.cast(),
                            a.cast(),
                            lda,
                            x.cast(),
                            incx,
                            beta.cast(),
                            y.cast(),
                            incy,
                        )
                    } else {
                        cb::$symv(
                            h,
                            uplo,
                            n,
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
            }
            unsafe fn trmv(
                h: H,
                uplo: Fill,
                t: Op,
                diag: Diag,
                n: c_int,
                a: *const Self,
                lda: c_int,
                x: *mut Self,
                incx: c_int,
                solve: bool,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    if solve {
                        cb::$trsv(h, uplo, t, diag, n, a.cast(), lda, x.cast(), incx)
                    } else {
                        cb::$trmv(h, uplo, t, diag, n, a.cast(), lda, x.cast(), incx)
                    }
                }
            }
            unsafe fn trsm(
                h: H,
                side: Side,
                uplo: Fill,
                t: Op,
                diag: Diag,
                m: c_int,
                n: c_int,
                alpha: *const Self,
                a: *const Self,
                lda: c_int,
                b: *mut Self,
                ldb: c_int,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    cb::$trsm(
                        h,
                        side,
                        uplo,
                        t,
                        diag,
                        m,
                        n,
                        alpha.cast(),
                        a.cast(),
                        lda,
                        b.cast(),
                        ldb,
                    )
                }
            }
            unsafe fn trmm(
                h: H,
                side: Side,
                uplo: Fill,
                t: Op,
                diag: Diag,
                m: c_int,
                n: c_int,
                alpha: *const Self,
                a: *const Self,
                lda: c_int,
                b: *const Self,
                ldb: c_int,
                c: *mut Self,
                ldc: c_int,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    cb::$trmm(
                        h,
                        side,
                        uplo,
                        t,
                        diag,
                        m,
                        n,
                        alpha.cast(),
                        a.cast(),
                        lda,
                        b.cast(),
                        ldb,
                        c.cast(),
                        ldc,
                    )
                }
            }
            unsafe fn syrk(
                h: H,
                uplo: Fill,
                t: Op,
                n: c_int,
                k: c_int,
                alpha: *const Self,
                a: *const Self,
                lda: c_int,
                beta: *const Self,
                c: *mut Self,
                ldc: c_int,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    cb::$syrk(
                        h,
                        uplo,
                        t,
                        n,
                        k,
                        alpha.cast(),
                        a.cast(),
                        lda,
                        beta.cast(),
                        c.cast(),
                        ldc,
                    )
                }
            }
            unsafe fn herk(
                h: H,
                uplo: Fill,
                t: Op,
                n: c_int,
                k: c_int,
                alpha: *const Self::Real,
                a: *const Self,
                lda: c_int,
                beta: *const Self::Real,
                c: *mut Self,
                ldc: c_int,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    cb::$herk(
                        h,
                        uplo,
                        t,
                        n,
                        k,
                        alpha.cast(),
                        a.cast(),
                        lda,
                        beta.cast(),
                        c.cast(),
                        ldc,
                    )
                }
            }
            unsafe fn symm(
                h: H,
                side: Side,
                uplo: Fill,
                m: c_int,
                n: c_int,
                alpha: *const Self,
                a: *const Self,
                lda: c_int,
                b: *const Self,
                ldb: c_int,
                beta: *const Self,
                c: *mut Self,
                ldc: c_int,
                hermitian: bool,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    if hermitian {
                        cb::$hemm(
                            h,
                            side,
                            uplo,
                            m,
                            n,
                            alpha.cast(),
                            a.cast(),
                            lda,
                            b.cast(),
                            ldb,
                            beta.cast(),
                            c.cast(),
                            ldc,
                        )
                    } else {
                        cb::$symm(
                            h,
                            side,
                            uplo,
                            m,
                            n,
                            alpha.cast(),
                            a.cast(),
                            lda,
                            b.cast(),
                            ldb,
                            beta.cast(),
                            c.cast(),
                            ldc,
                        )
                    }
                }
            }
            unsafe fn geam(
                h: H,
                ta: Op,
                tb: Op,
                m: c_int,
                n: c_int,
                alpha: *const Self,
                a: *const Self,
                lda: c_int,
                beta: *const Self,
                b: *const Self,
                ldb: c_int,
                c: *mut Self,
                ldc: c_int,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    cb::$geam(
                        h,
                        ta,
                        tb,
                        m,
                        n,
                        alpha.cast(),
                        a.cast(),
                        lda,
                        beta.cast(),
                        b.cast(),
                        ldb,
                        c.cast(),
                        ldc,
                    )
                }
            }
            unsafe fn dgmm(
                h: H,
                side: Side,
                m: c_int,
                n: c_int,
                a: *const Self,
                lda: c_int,
                x: *const Self,
                incx: c_int,
                c: *mut Self,
                ldc: c_int,
            ) -> S {
                // SAFETY: as above.
                unsafe { cb::$dgmm(h, side, m, n, a.cast(), lda, x.cast(), incx, c.cast(), ldc) }
            }
            unsafe fn copy(
                h: H,
                n: c_int,
                x: *const Self,
                incx: c_int,
                y: *mut Self,
                incy: c_int,
            ) -> S {
                // SAFETY: as above.
                unsafe { cb::$copy(h, n, x.cast(), incx, y.cast(), incy) }
            }
            unsafe fn swap(
                h: H,
                n: c_int,
                x: *mut Self,
                incx: c_int,
                y: *mut Self,
                incy: c_int,
            ) -> S {
                // SAFETY: as above.
                unsafe { cb::$swap(h, n, x.cast(), incx, y.cast(), incy) }
            }
            unsafe fn asum(
                h: H,
                n: c_int,
                x: *const Self,
                incx: c_int,
                result: *mut Self::Real,
            ) -> S {
                // SAFETY: as above.
                unsafe { cb::$asum(h, n, x.cast(), incx, result.cast()) }
            }
            unsafe fn iamax64(
                h: H,
                n: i64,
                x: *const Self,
                incx: i64,
                result: *mut i64,
                max: bool,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    if max {
                        cb::$amax64(h, n, x.cast(), incx, result)
                    } else {
                        cb::$amin64(h, n, x.cast(), incx, result)
                    }
                }
            }
            unsafe fn rotg(h: H, a: *mut Self, b: *mut Self, c: *mut c_void, s: *mut Self) -> S {
                // SAFETY: as above.
                unsafe { cb::$rotg(h, a.cast(), b.cast(), c.cast(), s.cast()) }
            }
            unsafe fn rot(
                h: H,
                n: c_int,
                x: *mut Self,
                incx: c_int,
                y: *mut Self,
                incy: c_int,
                c: *const c_void,
                s: *const c_void,
                complex_sine: bool,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    if complex_sine {
                        cb::$rot(h, n, x.cast(), incx, y.cast(), incy, c.cast(), s.cast())
                    } else {
                        cb::$rotr(h, n, x.cast(), incx, y.cast(), incy, c.cast(), s.cast())
                    }
                }
            }
            unsafe fn iamax(
                h: H,
                n: c_int,
                x: *const Self,
                incx: c_int,
                result: *mut c_int,
                max: bool,
            ) -> S {
                // SAFETY: as above.
                unsafe {
                    if max {
                        cb::$amax(h, n, x.cast(), incx, result)
                    } else {
                        cb::$amin(h, n, x.cast(), incx, result)
                    }
                }
            }
        }
    };
}

cublas_scalar!(f32, f32, gemv cublasSgemv_v2, ger cublasSger_v2, gerc cublasSger_v2, symv cublasSsymv_v2,
    hemv cublasSsymv_v2, trmv cublasStrmv_v2, trsv cublasStrsv_v2, trsm cublasStrsm_v2, trmm cublasStrmm_v2,
    syrk cublasSsyrk_v2, herk cublasSsyrk_v2, symm cublasSsymm_v2, hemm cublasSsymm_v2, geam cublasSgeam,
    dgmm cublasSdgmm, copy cublasScopy_v2, swap cublasSswap_v2, asum cublasSasum_v2, amax cublasIsamax_v2,
    amin cublasIsamin_v2, rot cublasSrot_v2, rot_real cublasSrot_v2, amax64 cublasIsamax_v2_64, amin64 cublasIsamin_v2_64, rotg cublasSrotg_v2);
cublas_scalar!(f64, f64, gemv cublasDgemv_v2, ger cublasDger_v2, gerc cublasDger_v2, symv cublasDsymv_v2,
    hemv cublasDsymv_v2, trmv cublasDtrmv_v2, trsv cublasDtrsv_v2, trsm cublasDtrsm_v2, trmm cublasDtrmm_v2,
    syrk cublasDsyrk_v2, herk cublasDsyrk_v2, symm cublasDsymm_v2, hemm cublasDsymm_v2, geam cublasDgeam,
    dgmm cublasDdgmm, copy cublasDcopy_v2, swap cublasDswap_v2, asum cublasDasum_v2, amax cublasIdamax_v2,
    amin cublasIdamin_v2, rot cublasDrot_v2, rot_real cublasDrot_v2, amax64 cublasIdamax_v2_64, amin64 cublasIdamin_v2_64, rotg cublasDrotg_v2);
cublas_scalar!(C32, f32, gemv cublasCgemv_v2, ger cublasCgeru_v2, gerc cublasCgerc_v2, symv cublasCsymv_v2,
    hemv cublasChemv_v2, trmv cublasCtrmv_v2, trsv cublasCtrsv_v2, trsm cublasCtrsm_v2, trmm cublasCtrmm_v2,
    syrk cublasCsyrk_v2, herk cublasCherk_v2, symm cublasCsymm_v2, hemm cublasChemm_v2, geam cublasCgeam,
    dgmm cublasCdgmm, copy cublasCcopy_v2, swap cublasCswap_v2, asum cublasScasum_v2, amax cublasIcamax_v2,
    amin cublasIcamin_v2, rot cublasCrot_v2, rot_real cublasCsrot_v2, amax64 cublasIcamax_v2_64, amin64 cublasIcamin_v2_64, rotg cublasCrotg_v2);
cublas_scalar!(C64, f64, gemv cublasZgemv_v2, ger cublasZgeru_v2, gerc cublasZgerc_v2, symv cublasZsymv_v2,
    hemv cublasZhemv_v2, trmv cublasZtrmv_v2, trsv cublasZtrsv_v2, trsm cublasZtrsm_v2, trmm cublasZtrmm_v2,
    syrk cublasZsyrk_v2, herk cublasZherk_v2, symm cublasZsymm_v2, hemm cublasZhemm_v2, geam cublasZgeam,
    dgmm cublasZdgmm, copy cublasZcopy_v2, swap cublasZswap_v2, asum cublasDzasum_v2, amax cublasIzamax_v2,
    amin cublasIzamin_v2, rot cublasZrot_v2, rot_real cublasZdrot_v2, amax64 cublasIzamax_v2_64, amin64 cublasIzamin_v2_64, rotg cublasZrotg_v2);
