//! Level 1 adaptors: the plain, `_batched` and `_strided_batched` forms of every operation,
//! with rocBLAS's and hipBLAS's common argument order, to [`crate::ops::level1`].

use std::ffi::c_void;

use super::{handle, CInt};
use crate::args::Batch;
use crate::error::BlasResult;
use crate::ops::level1::{self as ops, Reduction, ScalesBy, Vector, Vectors};
use crate::scalar::Scalar;

fn two<T, I: CInt>(
    n: I,
    x: Batch<T>,
    incx: I,
    y: Batch<T>,
    incy: I,
    batch_count: i64,
) -> Vectors<T> {
    Vectors {
        n: n.into(),
        x,
        incx: incx.into(),
        y,
        incy: incy.into(),
        batch_count,
    }
}

fn one<T, I: CInt>(n: I, x: Batch<T>, incx: I, batch_count: i64) -> Vector<T> {
    Vector {
        n: n.into(),
        x,
        incx: incx.into(),
        batch_count,
    }
}

/// Generates the three forms of an operation on two vectors.
macro_rules! two_vector_forms {
    (
        $(#[$doc:meta])*
        $plain:ident, $batched:ident, $strided:ident,
        x: $xc:ident, y: $yc:ident,
        [$($pre:ident : $pre_t:ty),*] [$($post:ident : $post_t:ty),*],
        |$h:ident, $v:ident| $body:expr
    ) => {
        $(#[$doc])*
        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $plain<T: Scalar, I: CInt>(
            h: *mut c_void, n: I, $($pre: $pre_t,)* x: *$xc T, incx: I, y: *$yc T, incy: I $(, $post: $post_t)*
        ) -> BlasResult<()> {
            let $h = handle(h)?;
            let $v: Vectors<T> = two(n, Batch::one(x), incx, Batch::one(y), incy, 1);
            // SAFETY: forwarded.
            unsafe { $body }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $batched<T: Scalar, I: CInt>(
            h: *mut c_void, n: I, $($pre: $pre_t,)* x: *const *$xc T, incx: I, y: *const *$yc T, incy: I,
            $($post: $post_t,)* batch_count: I
        ) -> BlasResult<()> {
            let $h = handle(h)?;
            let $v: Vectors<T> = two(n, Batch::array(x), incx, Batch::array(y), incy, batch_count.into());
            // SAFETY: forwarded.
            unsafe { $body }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $strided<T: Scalar, I: CInt>(
            h: *mut c_void, n: I, $($pre: $pre_t,)* x: *$xc T, incx: I, stride_x: i64, y: *$yc T, incy: I,
            stride_y: i64, $($post: $post_t,)* batch_count: I
        ) -> BlasResult<()> {
            let $h = handle(h)?;
            let $v: Vectors<T> = two(n, Batch::strided(x, stride_x), incx, Batch::strided(y, stride_y), incy, batch_count.into());
            // SAFETY: forwarded.
            unsafe { $body }
        }
    };
}

two_vector_forms!(
    /// `y = alpha * x + y`
    axpy, axpy_batched, axpy_strided_batched, x: const, y: mut, [alpha: *const T] [],
    |h, v| ops::axpy(&h, alpha, v)
);
two_vector_forms!(
    /// `y = x`
    copy, copy_batched, copy_strided_batched, x: const, y: mut, [] [],
    |h, v| ops::copy::<T>(&h, v)
);
two_vector_forms!(
    /// `x <-> y`
    swap, swap_batched, swap_strided_batched, x: mut, y: mut, [] [],
    |h, v| ops::swap::<T>(&h, v)
);

/// Generates the forms of a two-vector reduction (the result comes after the batch count).
macro_rules! dot_forms {
    ($plain:ident, $batched:ident, $strided:ident, $conj:expr) => {
        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $plain<T: Scalar, I: CInt>(
            h: *mut c_void,
            n: I,
            x: *const T,
            incx: I,
            y: *const T,
            incy: I,
            result: *mut T,
        ) -> BlasResult<()> {
            let h = handle(h)?;
            // SAFETY: forwarded.
            unsafe {
                ops::dot(
                    &h,
                    two(n, Batch::one(x), incx, Batch::one(y), incy, 1),
                    $conj,
                    result,
                )
            }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $batched<T: Scalar, I: CInt>(
            h: *mut c_void,
            n: I,
            x: *const *const T,
            incx: I,
            y: *const *const T,
            incy: I,
            batch_count: I,
            result: *mut T,
        ) -> BlasResult<()> {
            let h = handle(h)?;
            let v = two(
                n,
                Batch::array(x),
                incx,
                Batch::array(y),
                incy,
                batch_count.into(),
            );
            // SAFETY: forwarded.
            unsafe { ops::dot(&h, v, $conj, result) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $strided<T: Scalar, I: CInt>(
            h: *mut c_void,
            n: I,
            x: *const T,
            incx: I,
            stride_x: i64,
            y: *const T,
            incy: I,
            stride_y: i64,
            batch_count: I,
            result: *mut T,
        ) -> BlasResult<()> {
            let h = handle(h)?;
            let v = two(
                n,
                Batch::strided(x, stride_x),
                incx,
                Batch::strided(y, stride_y),
                incy,
                batch_count.into(),
            );
            // SAFETY: forwarded.
            unsafe { ops::dot(&h, v, $conj, result) }
        }
    };
}

dot_forms!(dot, dot_batched, dot_strided_batched, false);
dot_forms!(dotc, dotc_batched, dotc_strided_batched, true);

/// `x = c x + s y`, `y = c y - conj(s) x` (`S`: the sine's type).
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn rot<T: Scalar, S: ScalesBy<T>, I: CInt>(
    h: *mut c_void,
    n: I,
    x: *mut T,
    incx: I,
    y: *mut T,
    incy: I,
    c: *const T::RealPart,
    s: *const S,
) -> BlasResult<()> {
    let h = handle(h)?;
    // SAFETY: forwarded.
    unsafe {
        ops::rot(
            &h,
            two(n, Batch::one(x), incx, Batch::one(y), incy, 1),
            c,
            s,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn rot_batched<T: Scalar, S: ScalesBy<T>, I: CInt>(
    h: *mut c_void,
    n: I,
    x: *const *mut T,
    incx: I,
    y: *const *mut T,
    incy: I,
    c: *const T::RealPart,
    s: *const S,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let v = two(
        n,
        Batch::array(x),
        incx,
        Batch::array(y),
        incy,
        batch_count.into(),
    );
    // SAFETY: forwarded.
    unsafe { ops::rot(&h, v, c, s) }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn rot_strided_batched<T: Scalar, S: ScalesBy<T>, I: CInt>(
    h: *mut c_void,
    n: I,
    x: *mut T,
    incx: I,
    stride_x: i64,
    y: *mut T,
    incy: I,
    stride_y: i64,
    c: *const T::RealPart,
    s: *const S,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let v = two(
        n,
        Batch::strided(x, stride_x),
        incx,
        Batch::strided(y, stride_y),
        incy,
        batch_count.into(),
    );
    // SAFETY: forwarded.
    unsafe { ops::rot(&h, v, c, s) }
}

/// `x = alpha * x` (`A`: `alpha`'s type).
///
/// # Safety
/// BLAS's contract.
pub unsafe fn scal<T: Scalar, A: ScalesBy<T>, I: CInt>(
    h: *mut c_void,
    n: I,
    alpha: *const A,
    x: *mut T,
    incx: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    // SAFETY: forwarded.
    unsafe { ops::scal(&h, alpha, one(n, Batch::one(x), incx, 1)) }
}

/// # Safety
/// BLAS's contract.
pub unsafe fn scal_batched<T: Scalar, A: ScalesBy<T>, I: CInt>(
    h: *mut c_void,
    n: I,
    alpha: *const A,
    x: *const *mut T,
    incx: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    // SAFETY: forwarded.
    unsafe { ops::scal(&h, alpha, one(n, Batch::array(x), incx, batch_count.into())) }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn scal_strided_batched<T: Scalar, A: ScalesBy<T>, I: CInt>(
    h: *mut c_void,
    n: I,
    alpha: *const A,
    x: *mut T,
    incx: I,
    stride_x: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    // SAFETY: forwarded.
    unsafe {
        ops::scal(
            &h,
            alpha,
            one(n, Batch::strided(x, stride_x), incx, batch_count.into()),
        )
    }
}

/// Generates the forms of a one-vector reduction with result type `$r`.
macro_rules! reduction_forms {
    ($plain:ident, $batched:ident, $strided:ident, $r:ty, |$h:ident, $v:ident, $res:ident| $body:expr) => {
        /// # Safety
        /// BLAS's contract.
        pub unsafe fn $plain<T: Scalar, I: CInt>(
            h: *mut c_void,
            n: I,
            x: *const T,
            incx: I,
            $res: *mut $r,
        ) -> BlasResult<()> {
            let $h = handle(h)?;
            let $v: Vector<T> = one(n, Batch::one(x), incx, 1);
            // SAFETY: forwarded.
            unsafe { $body }
        }

        /// # Safety
        /// BLAS's contract.
        pub unsafe fn $batched<T: Scalar, I: CInt>(
            h: *mut c_void,
            n: I,
            x: *const *const T,
            incx: I,
            batch_count: I,
            $res: *mut $r,
        ) -> BlasResult<()> {
            let $h = handle(h)?;
            let $v: Vector<T> = one(n, Batch::array(x), incx, batch_count.into());
            // SAFETY: forwarded.
            unsafe { $body }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $strided<T: Scalar, I: CInt>(
            h: *mut c_void,
            n: I,
            x: *const T,
            incx: I,
            stride_x: i64,
            batch_count: I,
            $res: *mut $r,
        ) -> BlasResult<()> {
            let $h = handle(h)?;
            let $v: Vector<T> = one(n, Batch::strided(x, stride_x), incx, batch_count.into());
            // SAFETY: forwarded.
            unsafe { $body }
        }
    };
}

reduction_forms!(
    nrm2,
    nrm2_batched,
    nrm2_strided_batched,
    T::RealPart,
    |h, v, result| ops::norm::<T>(&h, v, Reduction::Nrm2, result)
);
reduction_forms!(
    asum,
    asum_batched,
    asum_strided_batched,
    T::RealPart,
    |h, v, result| ops::norm::<T>(&h, v, Reduction::Asum, result)
);
reduction_forms!(
    iamax,
    iamax_batched,
    iamax_strided_batched,
    I,
    |h, v, result| ops::iamax::<T, I>(&h, v, true, result)
);
reduction_forms!(
    iamin,
    iamin_batched,
    iamin_strided_batched,
    I,
    |h, v, result| ops::iamax::<T, I>(&h, v, false, result)
);
