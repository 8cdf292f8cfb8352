//! The LU helpers hipBLAS carries (`getrf`, `getrs`, `getri` and their batched forms), with
//! LAPACK's conventions: `ipiv` holds 1-based row interchanges applied in order, `L` has a
//! unit diagonal, `info` reports the first zero pivot (`getrf`, `getri`: device memory,
//! written by the work) or an invalid argument as `-i` (`getrs`: host memory, before
//! anything runs). A NULL `ipiv` asks `getrf` for the factorization without pivoting.

use super::require;
use crate::args::{matrix_extent, Unusable};
use crate::args::{Batch, DevPtr};
use crate::error::{BlasError, BlasResult};
use crate::handle::Handle;
use crate::scalar::Scalar;
use crate::types::Operation;

/// A batch of pivot (or info) arrays: `stride` elements apart, or one array for all
/// entries when the stride is given as such by the caller.
#[derive(Debug, Clone, Copy)]
pub struct IntBatch {
    pub base: DevPtr<i32>,
    pub stride: i64,
}

impl IntBatch {
    /// # Safety
    /// Entry `b`'s array must be host-visible.
    pub unsafe fn ptr(&self, b: usize) -> *mut i32 {
        self.base.offset(self.stride * b as i64).ptr()
    }
}

impl IntBatch {
    /// `len` integers of every batch entry are memory the work may write (see
    /// [`Batch::check_extent`]).
    fn check_extent(&self, len: usize, batch_count: i64) -> BlasResult<()> {
        require(!self.base.unusable())?;
        Batch::<i32>::strided(self.base.ptr().cast_const(), self.stride)
            .check_extent(len, batch_count)
    }
}

/// `getrf`: `A = P L U` in place for every batch entry.
#[derive(Debug)]
pub struct GetrfCall<T: Scalar> {
    pub n: usize,
    pub a: Batch<T>,
    pub lda: i64,
    /// `None`: no pivoting.
    pub ipiv: Option<IntBatch>,
    pub info: DevPtr<i32>,
    pub batch_count: usize,
}

/// `getrs`: `op(A) X = B` with `A` factored by `getrf`; `getri`: `C = A^-1`.
#[derive(Debug)]
pub struct GetrsCall<T: Scalar> {
    pub trans: Operation,
    pub n: usize,
    pub nrhs: usize,
    pub a: Batch<T>,
    pub lda: i64,
    pub ipiv: Option<IntBatch>,
    pub b: Batch<T>,
    pub ldb: i64,
    /// `getri`: the inverse goes to `b` (set to the identity first) and `info` reports
    /// singular factors.
    pub inverse_info: Option<DevPtr<i32>>,
    pub batch_count: usize,
}

macro_rules! copy_call {
    ($($t:ident),*) => {$(
        impl<T: Scalar> Clone for $t<T> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<T: Scalar> Copy for $t<T> {}
    )*};
}
copy_call!(GetrfCall, GetrsCall);

/// `?getrf` in its forms (`n x n`). `InvalidValue` for negative sizes or `lda < n`.
///
/// # Safety
/// Operands valid for `batch_count` entries.
#[allow(clippy::too_many_arguments)]
pub unsafe fn getrf<T: Scalar>(
    h: &Handle,
    n: i64,
    a: Batch<T>,
    lda: i64,
    ipiv: Option<IntBatch>,
    info: *mut i32,
    batch_count: i64,
) -> BlasResult<()> {
    if n < 0 || lda < n.max(1) || batch_count < 0 {
        return Err(BlasError::InvalidValue);
    }
    require(!info.unusable())?;
    if batch_count == 0 {
        return Ok(());
    }
    // One info per batch entry, written by the work.
    Batch::<i32>::one(info.cast_const()).check_extent(batch_count as usize, 1)?;
    if n > 0 {
        require(!a.unusable())?;
        a.check_extent(matrix_extent(n, n, lda)?, batch_count)?;
        if let Some(p) = ipiv {
            p.check_extent(n as usize, batch_count)?;
        }
    }
    let call = GetrfCall {
        n: n as usize,
        a,
        lda,
        ipiv,
        info: DevPtr::new(info),
        batch_count: batch_count as usize,
    };
    h.dispatch(call, crate::cpu::solver::getrf::<T>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.getrf(h, c) }
    })
}

/// `?getrs` in its forms. `info` (host) gets 0, or `-i` for the first invalid argument
/// (n, nrhs, A, lda, ipiv, B, ldb, batch count), which is then `InvalidValue`.
///
/// # Safety
/// Operands valid for `batch_count` entries; `info` host memory.
#[allow(clippy::too_many_arguments)]
pub unsafe fn getrs<T: Scalar>(
    h: &Handle,
    trans: i32,
    n: i64,
    nrhs: i64,
    a: Batch<T>,
    lda: i64,
    ipiv: Option<IntBatch>,
    b: Batch<T>,
    ldb: i64,
    info: *mut i32,
    batch_count: i64,
) -> BlasResult<()> {
    let trans = Operation::from_c(trans)?;
    require(!info.unusable())?;
    let bad = if n < 0 {
        -1
    } else if nrhs < 0 {
        -2
    } else if a.unusable() && n > 0 {
        -3
    } else if lda < n.max(1) {
        -4
    } else if ipiv.is_none() && n > 0 {
        -5
    } else if b.unusable() && n > 0 && nrhs > 0 {
        -6
    } else if ldb < n.max(1) {
        -7
    } else if batch_count < 0 {
        -8
    } else {
        0
    };
    // SAFETY: `info` is a host pointer (the caller's contract), checked non-null.
    unsafe { info.write_unaligned(bad) };
    if bad != 0 {
        return Err(BlasError::InvalidValue);
    }
    if n == 0 || nrhs == 0 || batch_count == 0 {
        return Ok(());
    }
    let call = GetrsCall {
        trans,
        n: n as usize,
        nrhs: nrhs as usize,
        a,
        lda,
        ipiv,
        b,
        ldb,
        inverse_info: None,
        batch_count: batch_count as usize,
    };
    h.dispatch(call, crate::cpu::solver::getrs::<T>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.getrs(h, c) }
    })
}

/// `?getriBatched`: `C = A^-1` from `getrf`'s factors (`info`: device, 0 or the first
/// zero diagonal element of `U`, 1-based).
///
/// # Safety
/// Operands valid for `batch_count` entries.
#[allow(clippy::too_many_arguments)]
pub unsafe fn getri<T: Scalar>(
    h: &Handle,
    n: i64,
    a: Batch<T>,
    lda: i64,
    ipiv: Option<IntBatch>,
    c: Batch<T>,
    ldc: i64,
    info: *mut i32,
    batch_count: i64,
) -> BlasResult<()> {
    if n < 0 || lda < n.max(1) || ldc < n.max(1) || batch_count < 0 {
        return Err(BlasError::InvalidValue);
    }
    require(!info.unusable())?;
    if batch_count == 0 {
        return Ok(());
    }
    Batch::<i32>::one(info.cast_const()).check_extent(batch_count as usize, 1)?;
    if n > 0 {
        require(!a.unusable() && !c.unusable())?;
        a.check_extent(matrix_extent(n, n, lda)?, batch_count)?;
        c.check_extent(matrix_extent(n, n, ldc)?, batch_count)?;
        if let Some(p) = ipiv {
            p.check_extent(n as usize, batch_count)?;
        }
    }
    let call = GetrsCall {
        trans: Operation::None,
        n: n as usize,
        nrhs: n as usize,
        a,
        lda,
        ipiv,
        b: c,
        ldb: ldc,
        inverse_info: Some(DevPtr::new(info)),
        batch_count: batch_count as usize,
    };
    h.dispatch(call, crate::cpu::solver::getrs::<T>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.getrs(h, c) }
    })
}

/// `geqrf`: `A = Q R` by Householder reflections (`tau[i]` and the vectors below the
/// diagonal, as LAPACK's `geqr2`); `gels`: the least-squares solution of `A X = B` (`m >=
/// n`, no transpose) through that QR.
#[derive(Debug)]
pub struct QrCall<T: Scalar> {
    pub m: usize,
    pub n: usize,
    pub a: Batch<T>,
    pub lda: i64,
    /// `geqrf`: the `tau` arrays.
    pub tau: Option<Batch<T>>,
    /// `gels`: `B` (and `nrhs`) and the device info (rank deficiency).
    pub solve: Option<(Batch<T>, i64, usize, DevPtr<i32>)>,
    pub batch_count: usize,
}
copy_call!(QrCall);

/// Writes an argument-check result to a host `info`: `InvalidValue` when nonzero.
///
/// # Safety
/// `info` host-writable (checked non-null).
unsafe fn host_info(info: *mut i32, bad: i32) -> BlasResult<()> {
    require(!info.unusable())?;
    // SAFETY: the caller's contract.
    unsafe { info.write_unaligned(bad) };
    if bad != 0 {
        return Err(BlasError::InvalidValue);
    }
    Ok(())
}

/// `?geqrf` in its forms (`info`: host, `-i` for the first invalid argument: m, n, A,
/// lda, tau, batch count).
///
/// # Safety
/// Operands valid for `batch_count` entries.
#[allow(clippy::too_many_arguments)]
pub unsafe fn geqrf<T: Scalar>(
    h: &Handle,
    m: i64,
    n: i64,
    a: Batch<T>,
    lda: i64,
    tau: Batch<T>,
    info: *mut i32,
    batch_count: i64,
) -> BlasResult<()> {
    let work = m > 0 && n > 0;
    let bad = if m < 0 {
        -1
    } else if n < 0 {
        -2
    } else if a.unusable() && work {
        -3
    } else if lda < m.max(1) {
        -4
    } else if tau.unusable() && work {
        -5
    } else if batch_count < 0 {
        -6
    } else {
        0
    };
    // SAFETY: forwarded.
    unsafe { host_info(info, bad)? };
    if !work || batch_count == 0 {
        return Ok(());
    }
    a.check_extent(matrix_extent(m, n, lda)?, batch_count)?;
    tau.check_extent(m.min(n) as usize, batch_count)?;
    let call = QrCall {
        m: m as usize,
        n: n as usize,
        a,
        lda,
        tau: Some(tau),
        solve: None,
        batch_count: batch_count as usize,
    };
    h.dispatch(call, crate::cpu::solver::qr::<T>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.qr(h, c) }
    })
}

/// `?gels` in its forms: `A X = B` in the least-squares sense for `m >= n` without
/// transpose (other cases are NotImplemented). `info` (host): `-i` for the first invalid
/// argument (trans, m, n, nrhs, A, lda, B, ldb, deviceInfo, batch count);
/// `device_info[b]`: 0, or `i` when `R(i, i)` is zero (rank deficient).
///
/// # Safety
/// Operands valid for `batch_count` entries.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gels<T: Scalar>(
    h: &Handle,
    trans: i32,
    m: i64,
    n: i64,
    nrhs: i64,
    a: Batch<T>,
    lda: i64,
    b: Batch<T>,
    ldb: i64,
    info: *mut i32,
    device_info: *mut i32,
    batch_count: i64,
) -> BlasResult<()> {
    let op = Operation::from_c(trans);
    let bad = if op.is_err() {
        -1
    } else if m < 0 {
        -2
    } else if n < 0 {
        -3
    } else if nrhs < 0 {
        -4
    } else if a.unusable() && m * n > 0 {
        -5
    } else if lda < m.max(1) {
        -6
    } else if b.unusable() && m.max(n) * nrhs > 0 {
        -7
    } else if ldb < m.max(n).max(1) {
        -8
    } else if device_info.unusable() && batch_count > 0 {
        -9
    } else if batch_count < 0 {
        -10
    } else {
        0
    };
    // SAFETY: forwarded.
    unsafe { host_info(info, bad)? };
    if op? != Operation::None || m < n {
        return Err(BlasError::NotImplemented(
            "gels: transposed or underdetermined systems",
        ));
    }
    if batch_count == 0 {
        return Ok(());
    }
    let call = QrCall {
        m: m as usize,
        n: n as usize,
        a,
        lda,
        tau: None,
        solve: Some((b, ldb, nrhs as usize, DevPtr::new(device_info))),
        batch_count: batch_count as usize,
    };
    h.dispatch(call, crate::cpu::solver::qr::<T>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.qr(h, c) }
    })
}
