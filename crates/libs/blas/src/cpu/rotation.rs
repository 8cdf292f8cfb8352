//! Rotation generators and the modified rotation on the CPU, as reference BLAS computes
//! them (`?rotg` with the sign and `z` conventions of LAPACK 3.10's reference, `?rotmg`
//! with its scaling by `gam = 4096`).

use crate::args::VecLayout;
use crate::ops::rotation::{RotgCall, RotmCall, RotmParams, RotmgCall};
use crate::scalar::{RealScalar, Scalar};

/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn rotg<T: Scalar>(c: &RotgCall<T>) {
    for b in 0..c.batch_count {
        // SAFETY: the caller's contract for batch entry `b`.
        unsafe {
            let (pa, pb, pc, ps) = (
                c.a.host_ptr(b),
                c.b.host_ptr(b),
                c.c.host_ptr(b),
                c.s.host_ptr(b),
            );
            let (a, bb) = (pa.read_unaligned(), pb.read_unaligned());
            let (r, z, cos, sin) = if T::IS_COMPLEX {
                complex_rotg(a, bb)
            } else {
                real_rotg(a, bb)
            };
            pa.write_unaligned(r);
            if !T::IS_COMPLEX {
                pb.write_unaligned(z);
            }
            pc.write_unaligned(cos);
            ps.write_unaligned(sin);
        }
    }
}

/// Real `rotg`: returns `(r, z, c, s)`.
fn real_rotg<T: Scalar>(a: T, b: T) -> (T, T, T::RealPart, T) {
    let (a, b) = (a.re(), b.re());
    let zero = <T::RealPart as Scalar>::zero();
    let one = <T::RealPart as Scalar>::one();
    let roe = if a.abs() > b.abs() { a } else { b };
    let scale = a.abs() + b.abs();
    if scale == zero {
        return (T::zero(), T::zero(), one, T::zero());
    }
    let (sa, sb) = (a / scale, b / scale);
    let mut r = scale * (sa * sa + sb * sb).sqrt();
    if roe < zero {
        r = -r;
    }
    let (c, s) = (a / r, b / r);
    let mut z = one;
    if a.abs() > b.abs() {
        z = s;
    }
    if b.abs() >= a.abs() && c != zero {
        z = one / c;
    }
    (T::from_real(r), T::from_real(z), c, T::from_real(s))
}

/// Complex `rotg`: returns `(r, -, c, s)` (`b` is left as it is).
fn complex_rotg<T: Scalar>(a: T, b: T) -> (T, T, T::RealPart, T) {
    let zero = <T::RealPart as Scalar>::zero();
    let abs = |v: T| v.abs_sq().sqrt();
    if abs(a) == zero {
        return (b, b, zero, T::one());
    }
    let scale = abs(a) + abs(b);
    let (sa, sb) = (abs(a) / scale, abs(b) / scale);
    let norm = scale * (sa * sa + sb * sb).sqrt();
    let alpha = a * T::from_real(<T::RealPart as Scalar>::one() / abs(a));
    let c = abs(a) / norm;
    let s = alpha * b.conj() * T::from_real(<T::RealPart as Scalar>::one() / norm);
    (alpha * T::from_real(norm), b, c, s)
}

/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn rotmg<T: RealScalar>(c: &RotmgCall<T>) {
    for b in 0..c.batch_count {
        // SAFETY: the caller's contract for batch entry `b`.
        unsafe {
            let (pd1, pd2, px1, py1, pp) = (
                c.d1.host_ptr(b),
                c.d2.host_ptr(b),
                c.x1.host_ptr(b),
                c.y1.host_ptr(b),
                c.param.host_ptr(b),
            );
            let (mut d1, mut d2, mut x1) = (
                pd1.read_unaligned(),
                pd2.read_unaligned(),
                px1.read_unaligned(),
            );
            let y1 = py1.read_unaligned();
            let param = modified_givens(&mut d1, &mut d2, &mut x1, y1);
            pd1.write_unaligned(d1);
            pd2.write_unaligned(d2);
            px1.write_unaligned(x1);
            for (i, v) in param.into_iter().enumerate() {
                if let Some(v) = v {
                    pp.add(i).write_unaligned(v);
                }
            }
        }
    }
}

/// Reference BLAS's `?rotmg`: updates `d1`, `d2`, `x1`; returns `param` (`None`: entries
/// the flag makes implicit, left unwritten).
fn modified_givens<T: RealScalar>(d1: &mut T, d2: &mut T, x1: &mut T, y1: T) -> [Option<T>; 5] {
    let f = T::from_f64;
    let (zero, one) = (f(0.0), f(1.0));
    let gam = f(4096.0);
    let gamsq = f(16777216.0);
    let rgamsq = f(5.9604645e-8);
    let (mut h11, mut h12, mut h21, mut h22) = (zero, zero, zero, zero);
    let mut flag;
    let zero_all = |d1: &mut T, d2: &mut T, x1: &mut T| {
        *d1 = zero;
        *d2 = zero;
        *x1 = zero;
    };
    if *d1 < zero {
        flag = f(-1.0);
        zero_all(d1, d2, x1);
    } else {
        let p2 = *d2 * y1;
        if p2 == zero {
            return [Some(f(-2.0)), None, None, None, None];
        }
        let p1 = *d1 * *x1;
        let q2 = p2 * y1;
        let q1 = p1 * *x1;
        if q1.abs() > q2.abs() {
            h21 = -y1 / *x1;
            h12 = p2 / p1;
            let u = one - h12 * h21;
            if u > zero {
                flag = zero;
                *d1 /= u;
                *d2 /= u;
                *x1 *= u;
            } else {
                flag = f(-1.0);
                (h11, h12, h21, h22) = (zero, zero, zero, zero);
                zero_all(d1, d2, x1);
            }
        } else if q2 < zero {
            flag = f(-1.0);
            (h11, h12, h21, h22) = (zero, zero, zero, zero);
            zero_all(d1, d2, x1);
        } else {
            flag = one;
            h11 = p1 / p2;
            h22 = *x1 / y1;
            let u = one + h11 * h22;
            let t = *d2 / u;
            *d2 = *d1 / u;
            *d1 = t;
            *x1 = y1 * u;
        }
        if *d1 != zero {
            while *d1 <= rgamsq || *d1 >= gamsq {
                if flag == zero {
                    h11 = one;
                    h22 = one;
                } else {
                    h21 = f(-1.0);
                    h12 = one;
                }
                flag = f(-1.0);
                if *d1 <= rgamsq {
                    *d1 = *d1 * gam * gam;
                    *x1 /= gam;
                    h11 /= gam;
                    h12 /= gam;
                } else {
                    *d1 /= gam * gam;
                    *x1 *= gam;
                    h11 *= gam;
                    h12 *= gam;
                }
            }
        }
        if *d2 != zero {
            while d2.abs() <= rgamsq || d2.abs() >= gamsq {
                if flag == zero {
                    h11 = one;
                    h22 = one;
                } else {
                    h21 = f(-1.0);
                    h12 = one;
                }
                flag = f(-1.0);
                if d2.abs() <= rgamsq {
                    *d2 = *d2 * gam * gam;
                    h21 /= gam;
                    h22 /= gam;
                } else {
                    *d2 /= gam * gam;
                    h21 *= gam;
                    h22 *= gam;
                }
            }
        }
    }
    if flag < zero {
        [Some(flag), Some(h11), Some(h21), Some(h12), Some(h22)]
    } else if flag == zero {
        [Some(flag), None, Some(h21), Some(h12), None]
    } else {
        [Some(flag), Some(h11), None, None, Some(h22)]
    }
}

/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn rotm<T: RealScalar>(c: &RotmCall<T>) {
    let (lx, ly) = (
        VecLayout {
            n: c.n,
            inc: c.incx,
        },
        VecLayout {
            n: c.n,
            inc: c.incy,
        },
    );
    for b in 0..c.batch_count {
        let p: [T; 5] = match &c.params {
            RotmParams::Known(all) => all[b],
            // SAFETY: device parameters are host-visible here (5 values).
            RotmParams::Device(batch) => unsafe {
                let p = batch.host_ptr(b);
                std::array::from_fn(|i| p.add(i).read_unaligned())
            },
        };
        let f = T::from_f64;
        let (flag, h11, h21, h12, h22) = (p[0], p[1], p[2], p[3], p[4]);
        let (h11, h21, h12, h22) = if flag == f(-2.0) {
            continue;
        } else if flag == f(0.0) {
            (f(1.0), h21, h12, f(1.0))
        } else if flag == f(1.0) {
            (h11, f(-1.0), f(1.0), h22)
        } else {
            (h11, h21, h12, h22)
        };
        // SAFETY: the caller's contract for batch entry `b`.
        unsafe {
            let (x, y) = (c.x.host_ptr(b), c.y.host_ptr(b));
            for i in 0..c.n {
                let (px, py) = (x.offset(lx.index(i)), y.offset(ly.index(i)));
                let (w, z) = (*px, *py);
                *px = w * h11 + z * h12;
                *py = w * h21 + z * h22;
            }
        }
    }
}
