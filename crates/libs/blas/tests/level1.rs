//! Level 1 through the C adaptors against the reference: every precision, positive and
//! negative increments, batches, quick returns, invalid arguments.
#![allow(clippy::needless_range_loop)] // index arithmetic mirrors the BLAS layouts

mod common;

use blas::capi::level1 as l1;
use blas::scalar::{RealScalar, C32, C64};
use blas::BlasError;
use common::*;

fn sync() {
    blas::hip_bridge::synchronize(0).expect("sync");
}

/// Reference-BLAS element order of a strided vector (negative inc runs backwards).
fn idx(n: usize, inc: i64, i: usize) -> usize {
    if inc >= 0 {
        i * inc as usize
    } else {
        (n - 1 - i) * (-inc) as usize
    }
}

fn check<T: TestScalar>() {
    let h = handle();
    let n = 13usize;
    for (incx, incy) in [(1i64, 1i64), (2, 3), (-2, 1), (3, -1)] {
        let len = |inc: i64| n * inc.unsigned_abs() as usize;
        let x = fill::<T>(len(incx), 7);
        let y0 = fill::<T>(len(incy), 8);
        let alpha = T::sample(&mut Gen::new(9));
        // axpy
        let mut y = y0.clone();
        let mut want = y0.clone();
        for i in 0..n {
            want[idx(n, incy, i)] += alpha * x[idx(n, incx, i)];
        }
        // SAFETY: vectors sized for n and the increments.
        unsafe { l1::axpy::<T, i64>(h, n as i64, &alpha, x.as_ptr(), incx, y.as_mut_ptr(), incy) }
            .expect("axpy");
        sync();
        assert_close(&y, &want, 1.0, &format!("{}axpy {incx} {incy}", T::LETTER));
        // dot and dotc
        for conj in [false, true] {
            let mut want = T::zero();
            for i in 0..n {
                let a = x[idx(n, incx, i)];
                want += if conj { a.conj() } else { a } * y0[idx(n, incy, i)];
            }
            let mut got = T::zero();
            let f = if conj {
                l1::dotc::<T, i32>
            } else {
                l1::dot::<T, i32>
            };
            // SAFETY: as above; host pointer mode: the result is there on return.
            unsafe {
                f(
                    h,
                    n as i32,
                    x.as_ptr(),
                    incx as i32,
                    y0.as_ptr(),
                    incy as i32,
                    &mut got,
                )
            }
            .expect("dot");
            assert_close(
                &[got],
                &[want],
                n as f64,
                &format!("{}dot conj={conj}", T::LETTER),
            );
        }
        // copy and swap
        let mut y = y0.clone();
        // SAFETY: as above.
        unsafe {
            l1::copy::<T, i32>(
                h,
                n as i32,
                x.as_ptr(),
                incx as i32,
                y.as_mut_ptr(),
                incy as i32,
            )
        }
        .expect("copy");
        sync();
        for i in 0..n {
            assert_eq!(y[idx(n, incy, i)], x[idx(n, incx, i)], "copy");
        }
        let (mut xs, mut ys) = (x.clone(), y0.clone());
        // SAFETY: as above.
        unsafe {
            l1::swap::<T, i32>(
                h,
                n as i32,
                xs.as_mut_ptr(),
                incx as i32,
                ys.as_mut_ptr(),
                incy as i32,
            )
        }
        .expect("swap");
        sync();
        for i in 0..n {
            assert_eq!(ys[idx(n, incy, i)], x[idx(n, incx, i)], "swap y");
            assert_eq!(xs[idx(n, incx, i)], y0[idx(n, incy, i)], "swap x");
        }
    }
    // reductions and scal need incx > 0
    let incx = 2i64;
    let mut x = fill::<T>(n * 2, 10);
    x[2 * 5] = T::from_real(<T::RealPart as RealScalar>::from_f64(5.0)); // the largest
    x[2 * 8] = T::from_real(<T::RealPart as RealScalar>::from_f64(-5.0)); // as large, later
    x[2 * 3] = T::zero(); // the smallest
    let elems: Vec<T> = (0..n).map(|i| x[i * 2]).collect();
    let (mut amax, mut amin) = (0i32, 0i32);
    let (mut nrm, mut asum) = (
        <T::RealPart as blas::Scalar>::zero(),
        <T::RealPart as blas::Scalar>::zero(),
    );
    // SAFETY: as above.
    unsafe {
        l1::iamax::<T, i32>(h, n as i32, x.as_ptr(), incx as i32, &mut amax).expect("iamax");
        l1::iamin::<T, i32>(h, n as i32, x.as_ptr(), incx as i32, &mut amin).expect("iamin");
        l1::nrm2::<T, i32>(h, n as i32, x.as_ptr(), incx as i32, &mut nrm).expect("nrm2");
        l1::asum::<T, i32>(h, n as i32, x.as_ptr(), incx as i32, &mut asum).expect("asum");
    }
    assert_eq!(
        (amax, amin),
        (6, 4),
        "{}: 1-based, first of equals",
        T::LETTER
    );
    let want_nrm = elems
        .iter()
        .map(|e| e.abs_sq().to_f64())
        .sum::<f64>()
        .sqrt();
    let want_asum: f64 = elems.iter().map(|e| e.abs1().to_f64()).sum();
    assert!(
        (nrm.to_f64() - want_nrm).abs() < T::eps() * 10.0 * want_nrm,
        "nrm2"
    );
    assert!(
        (asum.to_f64() - want_asum).abs() < T::eps() * 10.0 * want_asum,
        "asum"
    );
    // scal
    let alpha = T::sample(&mut Gen::new(3));
    let mut xs = x.clone();
    // SAFETY: as above.
    unsafe { l1::scal::<T, T, i32>(h, n as i32, &alpha, xs.as_mut_ptr(), incx as i32) }
        .expect("scal");
    sync();
    for i in 0..2 * n {
        let want = if i % 2 == 0 { alpha * x[i] } else { x[i] };
        assert_close(&[xs[i]], &[want], 1.0, "scal");
    }
    blas::capi::destroy_handle(h).expect("destroy");
}

#[test]
fn level1_matches_the_reference_in_every_precision() {
    check::<f32>();
    check::<f64>();
    check::<C32>();
    check::<C64>();
}

#[test]
fn rot_with_real_and_complex_sines() {
    let h = handle();
    let n = 5;
    let x0 = fill::<C64>(n, 1);
    let y0 = fill::<C64>(n, 2);
    let (c, s) = (0.6f64, C64::new(0.0, 0.8));
    let (mut x, mut y) = (x0.clone(), y0.clone());
    // SAFETY: vectors of n.
    unsafe { l1::rot::<C64, C64, i32>(h, n as i32, x.as_mut_ptr(), 1, y.as_mut_ptr(), 1, &c, &s) }
        .expect("zrot");
    sync();
    for i in 0..n {
        assert_close(&[x[i]], &[x0[i] * c + s * y0[i]], 1.0, "zrot x");
        assert_close(&[y[i]], &[y0[i] * c - s.conj() * x0[i]], 1.0, "zrot y");
    }
    let (mut x, mut y) = (x0.clone(), y0.clone());
    // SAFETY: as above.
    unsafe {
        l1::rot::<C64, f64, i32>(h, n as i32, x.as_mut_ptr(), 1, y.as_mut_ptr(), 1, &c, &0.8)
    }
    .expect("zdrot");
    sync();
    for i in 0..n {
        assert_close(&[x[i]], &[x0[i] * c + y0[i] * 0.8], 1.0, "zdrot x");
        assert_close(&[y[i]], &[y0[i] * c - x0[i] * 0.8], 1.0, "zdrot y");
    }
}

#[test]
fn batched_reductions_write_every_result() {
    let h = handle();
    let (n, batch, stride) = (9usize, 4usize, 12i64);
    let x = fill::<f32>(stride as usize * batch, 5);
    let y = fill::<f32>(stride as usize * batch, 6);
    let mut dots = vec![f32::NAN; batch];
    // SAFETY: batch vectors of n, `stride` apart.
    unsafe {
        l1::dot_strided_batched::<f32, i32>(
            h,
            n as i32,
            x.as_ptr(),
            1,
            stride,
            y.as_ptr(),
            1,
            stride,
            batch as i32,
            dots.as_mut_ptr(),
        )
    }
    .expect("dot batched");
    for b in 0..batch {
        let o = b * stride as usize;
        let want: f32 = (0..n).map(|i| x[o + i] * y[o + i]).sum();
        assert!((dots[b] - want).abs() < 1e-5, "batch {b}");
    }
    // n = 0: every result is 0.
    let mut dots = vec![f32::NAN; batch];
    // SAFETY: nothing is read.
    unsafe {
        l1::dot_strided_batched::<f32, i32>(
            h,
            0,
            x.as_ptr(),
            1,
            stride,
            y.as_ptr(),
            1,
            stride,
            batch as i32,
            dots.as_mut_ptr(),
        )
    }
    .expect("empty dot");
    assert_eq!(dots, vec![0.0; batch]);
    // pointer arrays
    let xs: Vec<*const f32> = (0..batch)
        .map(|b| x[b * stride as usize..].as_ptr())
        .collect();
    let mut norms = vec![0.0f32; batch];
    // SAFETY: as above.
    unsafe {
        l1::nrm2_batched::<f32, i32>(
            h,
            n as i32,
            xs.as_ptr(),
            1,
            batch as i32,
            norms.as_mut_ptr(),
        )
    }
    .expect("nrm2");
    for b in 0..batch {
        let o = b * stride as usize;
        let want = (0..n).map(|i| x[o + i] * x[o + i]).sum::<f32>().sqrt();
        assert!((norms[b] - want).abs() < 1e-5);
    }
}

#[test]
fn level1_statuses() {
    let h = handle();
    let x = [1.0f64; 4];
    // SAFETY: rejected before any memory is read, or sized 4.
    unsafe {
        assert_eq!(
            l1::dot::<f64, i32>(h, 4, x.as_ptr(), 1, x.as_ptr(), 1, std::ptr::null_mut()),
            Err(BlasError::InvalidPointer)
        );
        let mut r = 0.0;
        assert_eq!(
            l1::dot::<f64, i32>(h, 4, std::ptr::null(), 1, x.as_ptr(), 1, &mut r),
            Err(BlasError::InvalidPointer)
        );
        assert_eq!(
            l1::axpy::<f64, i32>(
                h,
                4,
                std::ptr::null(),
                x.as_ptr(),
                1,
                std::ptr::null_mut(),
                1
            ),
            Err(BlasError::InvalidPointer)
        );
        // n <= 0: nothing to check, nothing done.
        assert_eq!(
            l1::axpy::<f64, i32>(
                h,
                0,
                std::ptr::null(),
                std::ptr::null(),
                1,
                std::ptr::null_mut(),
                1
            ),
            Ok(())
        );
        assert_eq!(
            l1::axpy::<f64, i32>(
                std::ptr::null_mut(),
                4,
                &1.0,
                x.as_ptr(),
                1,
                std::ptr::null_mut(),
                1
            ),
            Err(BlasError::InvalidHandle)
        );
        // incx <= 0: the reductions' result is 0.
        let mut r = 7.0;
        l1::nrm2::<f64, i32>(h, 4, x.as_ptr(), 0, &mut r).expect("nrm2");
        assert_eq!(r, 0.0);
        let mut i = 7i64;
        l1::iamax::<f64, i64>(h, 4, x.as_ptr(), -1, &mut i).expect("iamax");
        assert_eq!(i, 0);
    }
}
