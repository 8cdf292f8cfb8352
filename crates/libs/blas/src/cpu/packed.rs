//! Band and packed level 2 on the CPU: loops over the stored elements of each column (a
//! band costs O(n k), not O(n^2)), as in reference BLAS.

use crate::args::VecLayout;
use crate::ops::level1::ScalesBy;
use crate::ops::packed::{PackedCall, PackedOp};
use crate::scalar::Scalar;
use crate::types::{Diag, Operation};

/// A strided vector on host-visible memory.
struct Strided<T> {
    p: *mut T,
    layout: VecLayout,
}

impl<T: Copy> Strided<T> {
    /// # Safety
    /// Element `i` (< n) must be valid.
    unsafe fn get(&self, i: usize) -> T {
        // SAFETY: the caller's contract.
        unsafe { *self.p.offset(self.layout.index(i)) }
    }
    /// # Safety
    /// As for [`Strided::get`], writable.
    unsafe fn set(&self, i: usize, v: T) {
        // SAFETY: the caller's contract.
        unsafe { *self.p.offset(self.layout.index(i)) = v }
    }
}

/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn run<T: Scalar, S: ScalesBy<T>>(c: &PackedCall<T, S>) {
    for b in 0..c.batch_count {
        // SAFETY: the caller's contract for batch entry `b`.
        unsafe { one(c, b) }
    }
}

/// # Safety
/// As for [`run`].
unsafe fn one<T: Scalar, S: ScalesBy<T>>(c: &PackedCall<T, S>, b: usize) {
    let st = c.storage;
    let n = c.n;
    // SAFETY: the caller's contract.
    let a = unsafe { c.a.host_ptr(b) };
    // SAFETY: stored elements of the validated matrix.
    let at = |i: usize, j: usize| unsafe { *a.add(st.index(i, j)) };
    let rows_of_op = match c.op {
        PackedOp::Mv {
            trans: Operation::None,
        } => match st {
            crate::ops::packed::Storage::Band { m, .. } => m,
            _ => n,
        },
        _ => n,
    };
    let xlen = match (c.op, st) {
        (PackedOp::Mv { trans }, crate::ops::packed::Storage::Band { m, .. })
            if trans != Operation::None =>
        {
            m
        }
        _ => n,
    };
    // SAFETY: the caller's contract.
    let xp = unsafe { c.x.host_ptr(b) };
    let x = Strided {
        p: xp,
        layout: VecLayout {
            n: xlen,
            inc: c.incx,
        },
    };
    let ylen = match c.op {
        PackedOp::Mv { trans } if trans != Operation::None => n,
        PackedOp::Mv { .. } => rows_of_op,
        _ => n,
    };
    let y = c.y.map(|(y, inc)| Strided {
        // SAFETY: the caller's contract.
        p: unsafe { y.host_ptr(b) },
        layout: VecLayout { n: ylen, inc },
    });
    // SAFETY: the caller's contract (device scalars are host memory here).
    let alpha = c
        .alpha
        .map(|s| unsafe { s.host_value() }.to_scalar())
        .unwrap_or(T::one());
    // SAFETY: as above.
    let beta = c
        .beta
        .map(|s| unsafe { s.host_value() })
        .unwrap_or(T::one());
    match c.op {
        PackedOp::Mv { trans } => {
            let Some(y) = y else { return };
            // SAFETY: validated vectors.
            unsafe {
                for i in 0..ylen {
                    let v = if beta.is_zero() {
                        T::zero()
                    } else {
                        beta * y.get(i)
                    };
                    y.set(i, v);
                }
                if alpha.is_zero() {
                    return;
                }
                for j in 0..n {
                    for i in st.rows(j) {
                        let e = at(i, j);
                        match trans {
                            Operation::None => y.set(i, y.get(i) + alpha * e * x.get(j)),
                            Operation::Transpose => y.set(j, y.get(j) + alpha * e * x.get(i)),
                            Operation::ConjTranspose => {
                                y.set(j, y.get(j) + alpha * e.conj() * x.get(i))
                            }
                        }
                    }
                }
            }
        }
        PackedOp::SymMv { hermitian } => {
            let Some(y) = y else { return };
            // SAFETY: validated vectors.
            unsafe {
                for i in 0..n {
                    let v = if beta.is_zero() {
                        T::zero()
                    } else {
                        beta * y.get(i)
                    };
                    y.set(i, v);
                }
                if alpha.is_zero() {
                    return;
                }
                for j in 0..n {
                    for i in st.rows(j) {
                        let e = at(i, j);
                        if i == j {
                            let d = if hermitian { T::from_real(e.re()) } else { e };
                            y.set(i, y.get(i) + alpha * d * x.get(i));
                        } else {
                            y.set(i, y.get(i) + alpha * e * x.get(j));
                            let mirrored = if hermitian { e.conj() } else { e };
                            y.set(j, y.get(j) + alpha * mirrored * x.get(i));
                        }
                    }
                }
            }
        }
        PackedOp::Tri { trans, diag, solve } => {
            let op = |e: T| {
                if trans == Operation::ConjTranspose {
                    e.conj()
                } else {
                    e
                }
            };
            let unit = diag == Diag::Unit;
            // SAFETY: validated vector.
            unsafe {
                if !solve {
                    let mut t = vec![T::zero(); n];
                    for j in 0..n {
                        for i in st.rows(j) {
                            let e = if i == j && unit {
                                T::one()
                            } else {
                                op(at(i, j))
                            };
                            match trans {
                                Operation::None => t[i] += e * x.get(j),
                                _ => t[j] += e * x.get(i),
                            }
                        }
                    }
                    for (i, v) in t.into_iter().enumerate() {
                        x.set(i, v);
                    }
                    return;
                }
                // Substitution, column-oriented for op = N, dot-oriented for T/C.
                let lower = st.is_lower();
                let forward = lower == (trans == Operation::None);
                let order: Box<dyn Iterator<Item = usize>> = if forward {
                    Box::new(0..n)
                } else {
                    Box::new((0..n).rev())
                };
                for j in order {
                    if trans == Operation::None {
                        let xj = if unit { x.get(j) } else { x.get(j) / at(j, j) };
                        x.set(j, xj);
                        for i in st.rows(j) {
                            if i != j {
                                x.set(i, x.get(i) - at(i, j) * xj);
                            }
                        }
                    } else {
                        let mut s = x.get(j);
                        for i in st.rows(j) {
                            if i != j {
                                s -= op(at(i, j)) * x.get(i);
                            }
                        }
                        x.set(j, if unit { s } else { s / op(at(j, j)) });
                    }
                }
            }
        }
        PackedOp::Rank { hermitian } => {
            let cj = |v: T| if hermitian { v.conj() } else { v };
            // SAFETY: validated operands.
            unsafe {
                for j in 0..n {
                    for i in st.rows(j) {
                        let upd = match &y {
                            None => alpha * x.get(i) * cj(x.get(j)),
                            Some(y) => {
                                alpha * x.get(i) * cj(y.get(j))
                                    + cj(alpha) * y.get(i) * cj(x.get(j))
                            }
                        };
                        let p = a.add(st.index(i, j));
                        *p += upd;
                        if hermitian && i == j {
                            *p = T::from_real((*p).re());
                        }
                    }
                }
            }
        }
    }
}
