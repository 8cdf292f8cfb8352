//! Every transform kind against a naive DFT (computed in double precision, one dimension
//! at a time): ranks 1 to 3; sizes that are powers of 2, 3, 5 and 7, mixed, primes and
//! large primes; batches; strided, padded, offset, interleaved-batch and planar layouts;
//! in and out of place; single, double, half and bfloat16 precision. Tolerances grow with
//! log2(n). Runs on the CPU platform (device memory is host memory there).

use std::f64::consts::PI;

use fft::{ArrayType, Buffers, Layout, Placement, Plan, PlanDesc, Precision, TransformType};

type C = (f64, f64);

/// Deterministic values in [-1, 1).
struct Gen(u64);
impl Gen {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }
}

/// Naive DFT along dimension `d` of dense arrays of `lengths` (innermost first).
fn dft_dim(x: &mut [C], lengths: &[usize], d: usize, sign: f64) {
    let n = lengths[d];
    let inner: usize = lengths[..d].iter().product();
    let total: usize = lengths.iter().product();
    let tw: Vec<C> = (0..n)
        .map(|k| {
            let a = sign * 2.0 * PI * k as f64 / n as f64;
            (a.cos(), a.sin())
        })
        .collect();
    let mut line = vec![(0.0, 0.0); n];
    for block in 0..total / (n * inner) {
        for c in 0..inner {
            let base = block * n * inner + c;
            for (j, l) in line.iter_mut().enumerate() {
                *l = x[base + j * inner];
            }
            for k in 0..n {
                let mut acc = (0.0, 0.0);
                for (j, v) in line.iter().enumerate() {
                    let w = tw[(j * k) % n];
                    acc.0 += v.0 * w.0 - v.1 * w.1;
                    acc.1 += v.0 * w.1 + v.1 * w.0;
                }
                x[base + k * inner] = acc;
            }
        }
    }
}

fn dft(x: &mut [C], lengths: &[usize], sign: f64) {
    for d in 0..lengths.len() {
        dft_dim(x, lengths, d, sign);
    }
}

/// The half-spectrum (innermost `n0/2+1`) of a dense complex array.
fn halve(x: &[C], lengths: &[usize]) -> Vec<C> {
    let n0 = lengths[0];
    let h = n0 / 2 + 1;
    x.chunks(n0).flat_map(|row| row[..h].to_vec()).collect()
}

/// Memory of one side: values of `bytes` width, addressed as the layout says.
struct Mem {
    bufs: [Vec<u8>; 2],
    precision: Precision,
}

const SENTINEL: f64 = 1234.5;

impl Mem {
    fn new(elems: usize, complex_interleaved: bool, planar: bool, p: Precision) -> Mem {
        let vals = if complex_interleaved {
            2 * elems
        } else {
            elems
        };
        let mut m = Mem {
            bufs: [
                vec![0; vals * p.real_bytes()],
                vec![0; if planar { vals * p.real_bytes() } else { 0 }],
            ],
            precision: p,
        };
        for b in 0..2 {
            for i in 0..m.bufs[b].len() / p.real_bytes() {
                m.set(b, i, SENTINEL);
            }
        }
        m
    }
    fn set(&mut self, b: usize, i: usize, v: f64) {
        let buf = &mut self.bufs[b];
        match self.precision {
            Precision::Single => buf[4 * i..4 * i + 4].copy_from_slice(&(v as f32).to_ne_bytes()),
            Precision::Double => buf[8 * i..8 * i + 8].copy_from_slice(&v.to_ne_bytes()),
            Precision::Half => {
                buf[2 * i..2 * i + 2].copy_from_slice(&half::f16::from_f64(v).to_ne_bytes())
            }
            Precision::BFloat16 => {
                buf[2 * i..2 * i + 2].copy_from_slice(&half::bf16::from_f64(v).to_ne_bytes())
            }
        }
    }
    fn get(&self, b: usize, i: usize) -> f64 {
        let buf = &self.bufs[b];
        match self.precision {
            Precision::Single => {
                f32::from_ne_bytes(buf[4 * i..4 * i + 4].try_into().unwrap()) as f64
            }
            Precision::Double => f64::from_ne_bytes(buf[8 * i..8 * i + 8].try_into().unwrap()),
            Precision::Half => {
                half::f16::from_ne_bytes(buf[2 * i..2 * i + 2].try_into().unwrap()).to_f64()
            }
            Precision::BFloat16 => {
                half::bf16::from_ne_bytes(buf[2 * i..2 * i + 2].try_into().unwrap()).to_f64()
            }
        }
    }
    fn ptrs(&mut self) -> [*mut std::ffi::c_void; 2] {
        let [a, b] = &mut self.bufs;
        [
            a.as_mut_ptr().cast(),
            if b.is_empty() {
                std::ptr::null_mut()
            } else {
                b.as_mut_ptr().cast()
            },
        ]
    }
}

/// Element indices (relative to the offsets) of every logical element, batch-major,
/// innermost fastest.
fn positions(layout: &Layout, lengths: &[usize], batch: usize) -> Vec<usize> {
    let mut v = Vec::new();
    let l = |d: usize| lengths.get(d).copied().unwrap_or(1);
    let s = |d: usize| layout.strides.get(d).copied().unwrap_or(0);
    for b in 0..batch {
        for i2 in 0..l(2) {
            for i1 in 0..l(1) {
                for i0 in 0..l(0) {
                    v.push(b * layout.distance + i2 * s(2) + i1 * s(1) + i0 * s(0));
                }
            }
        }
    }
    v
}

fn write_side(
    m: &mut Mem,
    layout: &Layout,
    pos: &[usize],
    complex: Option<&[C]>,
    real: Option<&[f64]>,
) {
    match (complex, real) {
        (Some(c), _) => {
            for (&p, &(re, im)) in pos.iter().zip(c) {
                if layout.array.is_planar() {
                    m.set(0, layout.offsets[0] + p, re);
                    m.set(1, layout.offsets[1] + p, im);
                } else {
                    m.set(0, 2 * (layout.offsets[0] + p), re);
                    m.set(0, 2 * (layout.offsets[0] + p) + 1, im);
                }
            }
        }
        (None, Some(r)) => {
            for (&p, &v) in pos.iter().zip(r) {
                m.set(0, layout.offsets[0] + p, v);
            }
        }
        _ => unreachable!(),
    }
}

fn read_complex(m: &Mem, layout: &Layout, pos: &[usize]) -> Vec<C> {
    pos.iter()
        .map(|&p| {
            if layout.array.is_planar() {
                (
                    m.get(0, layout.offsets[0] + p),
                    m.get(1, layout.offsets[1] + p),
                )
            } else {
                (
                    m.get(0, 2 * (layout.offsets[0] + p)),
                    m.get(0, 2 * (layout.offsets[0] + p) + 1),
                )
            }
        })
        .collect()
}

fn eps(p: Precision) -> f64 {
    match p {
        Precision::Double => 1.1e-16,
        Precision::Single => 6e-8,
        Precision::Half => 1e-3,
        Precision::BFloat16 => 8e-3,
    }
}

/// Runs `desc` on random data and checks it against the naive DFT.
fn check(desc: &PlanDesc, inverse: Option<bool>, seed: u64) {
    let what = format!("{desc:?} inverse={inverse:?}");
    let plan = Plan::new(desc.clone()).unwrap_or_else(|e| panic!("{what}: plan: {e}"));
    let lengths = &desc.lengths;
    let n: usize = lengths.iter().product();
    let cl = desc.complex_lengths();
    let (li, lo) = desc.side_lengths();
    let batch = desc.batch;
    let mut g = Gen(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let ext =
        |l: &Layout, lens: &[usize]| l.offsets[0].max(l.offsets[1]) + l.extent(lens, batch) + 3;
    let complex_side = |a: ArrayType| !matches!(a, ArrayType::Real);
    let in_place = desc.placement == Placement::InPlace;
    // Both sides' element counts, in the larger unit when in place.
    let in_elems = ext(&desc.input, &li);
    let mut inm = if in_place {
        let real_vals =
            |l: &Layout, lens: &[usize], cplx: bool| ext(l, lens) * if cplx { 2 } else { 1 };
        let vals = real_vals(&desc.input, &li, complex_side(desc.input.array)).max(real_vals(
            &desc.output,
            &lo,
            complex_side(desc.output.array),
        ));
        Mem::new(vals, false, desc.input.array.is_planar(), desc.precision)
    } else {
        Mem::new(
            in_elems,
            complex_side(desc.input.array) && !desc.input.array.is_planar(),
            desc.input.array.is_planar(),
            desc.precision,
        )
    };
    let pin = positions(&desc.input, &li, batch);
    let pout = positions(&desc.output, &lo, batch);
    // Low-precision inputs are rounded first so the reference sees what the plan sees.
    let q = |v: f64| match desc.precision {
        Precision::Half => half::f16::from_f64(v).to_f64(),
        Precision::BFloat16 => half::bf16::from_f64(v).to_f64(),
        Precision::Single => v as f32 as f64,
        Precision::Double => v,
    };
    // want: per batch, the expected output (complex or real).
    let mut want_c: Vec<C> = Vec::new();
    let mut want_r: Vec<f64> = Vec::new();
    match desc.transform {
        TransformType::ComplexForward | TransformType::ComplexInverse => {
            let x: Vec<C> = (0..n * batch).map(|_| (q(g.next()), q(g.next()))).collect();
            write_side(&mut inm, &desc.input, &pin, Some(&x), None);
            let inv = inverse.unwrap_or(desc.transform == TransformType::ComplexInverse);
            for b in 0..batch {
                let mut y = x[b * n..(b + 1) * n].to_vec();
                dft(&mut y, lengths, if inv { 1.0 } else { -1.0 });
                want_c.extend(y);
            }
        }
        TransformType::RealForward => {
            let x: Vec<f64> = (0..n * batch).map(|_| q(g.next())).collect();
            write_side(&mut inm, &desc.input, &pin, None, Some(&x));
            for b in 0..batch {
                let mut y: Vec<C> = x[b * n..(b + 1) * n].iter().map(|&v| (v, 0.0)).collect();
                dft(&mut y, lengths, -1.0);
                want_c.extend(halve(&y, lengths));
            }
        }
        TransformType::RealInverse => {
            let x: Vec<f64> = (0..n * batch).map(|_| g.next()).collect();
            let mut hs = Vec::new();
            for b in 0..batch {
                let mut y: Vec<C> = x[b * n..(b + 1) * n].iter().map(|&v| (v, 0.0)).collect();
                dft(&mut y, lengths, -1.0);
                let mut h = halve(&y, lengths);
                for v in &mut h {
                    *v = (q(v.0), q(v.1));
                }
                // Junk in the imaginary parts of DC (and Nyquist) must be ignored.
                h[0].1 = 0.75;
                hs.extend(h.iter().copied());
                // The expected real output: the naive inverse of the (rounded) spectrum,
                // taking the Hermitian-symmetric completion.
                let mut full = vec![(0.0, 0.0); n];
                let n0 = lengths[0];
                let hl = n0 / 2 + 1;
                let rows = n / n0;
                // Index of the conjugate-symmetric partner of (row, k0).
                let partner_row = |row: usize| {
                    let l1 = lengths.get(1).copied().unwrap_or(1);
                    let l2 = lengths.get(2).copied().unwrap_or(1);
                    let (i1, i2) = (row % l1, row / l1);
                    ((l2 - i2) % l2) * l1 + (l1 - i1) % l1
                };
                for row in 0..rows {
                    for k in 0..n0 {
                        full[row * n0 + k] = if k < hl {
                            h[row * hl + k]
                        } else {
                            let v = h[partner_row(row) * hl + (n0 - k)];
                            (v.0, -v.1)
                        };
                    }
                }
                // DC and Nyquist columns: the real part of the symmetric pair's mean.
                for row in 0..rows {
                    for k in [0, n0 / 2] {
                        if k == 0 || n0 % 2 == 0 {
                            let a = h[row * hl + k];
                            let b = h[partner_row(row) * hl + k];
                            full[row * n0 + k] = ((a.0 + b.0) / 2.0, (a.1 - b.1) / 2.0);
                        }
                    }
                }
                dft(&mut full, lengths, 1.0);
                want_r.extend(full.iter().map(|v| v.0));
            }
            write_side(&mut inm, &desc.input, &pin, Some(&hs), None);
        }
    }
    let mut outm = if in_place {
        None
    } else {
        Some(Mem::new(
            ext(&desc.output, &lo),
            complex_side(desc.output.array) && !desc.output.array.is_planar(),
            desc.output.array.is_planar(),
            desc.precision,
        ))
    };
    let input = inm.ptrs();
    let output = outm.as_mut().map_or(input, |m| m.ptrs());
    // SAFETY: the buffers cover every element the layouts address.
    unsafe { plan.execute(0, Buffers { input, output }, inverse) }
        .unwrap_or_else(|e| panic!("{what}: execute: {e}"));
    fft::hip_bridge::synchronize(0).expect("synchronize");
    let outm = outm.as_ref().unwrap_or(&inm);
    let scale = desc.scale;
    let logn = (n as f64).log2().max(1.0);
    let tol = 8.0 * eps(desc.precision) * logn;
    if desc.transform == TransformType::RealInverse {
        let got: Vec<f64> = pout
            .iter()
            .map(|&p| outm.get(0, desc.output.offsets[0] + p))
            .collect();
        let mag = want_r.iter().fold(0.0f64, |m, v| m.max(v.abs())) * scale.abs() + 1e-300;
        for (i, (g, w)) in got.iter().zip(&want_r).enumerate() {
            let err = (g - w * scale).abs() / mag;
            assert!(
                err <= tol * 4.0,
                "{what}: element {i}: got {g}, want {} (error {err:e} > {tol:e})",
                w * scale
            );
        }
    } else {
        let got = read_complex(outm, &desc.output, &pout);
        let mag = want_c.iter().fold(0.0f64, |m, v| m.max(v.0.hypot(v.1))) * scale.abs() + 1e-300;
        for (i, (g, w)) in got.iter().zip(&want_c).enumerate() {
            let err = (g.0 - w.0 * scale).hypot(g.1 - w.1 * scale) / mag;
            assert!(
                err <= tol * 4.0,
                "{what}: element {i}: got {g:?}, want {:?} (error {err:e} > {tol:e})",
                (w.0 * scale, w.1 * scale)
            );
        }
    }
    if !in_place {
        // Out-of-place: what the output layout does not address is untouched.
        let mut touched = std::collections::HashSet::new();
        let cplx = complex_side(desc.output.array);
        for &p in &pout {
            if cplx && !desc.output.array.is_planar() {
                touched.insert(2 * (desc.output.offsets[0] + p));
                touched.insert(2 * (desc.output.offsets[0] + p) + 1);
            } else {
                touched.insert(desc.output.offsets[0] + p);
            }
        }
        let vals = outm.bufs[0].len() / desc.precision.real_bytes();
        for i in (0..vals).filter(|i| !touched.contains(i)) {
            assert_eq!(
                outm.get(0, i),
                q(SENTINEL),
                "{what}: value {i} outside the output layout was written"
            );
        }
    }
    let _ = cl;
}

fn plain(
    t: TransformType,
    p: Precision,
    lengths: &[usize],
    batch: usize,
    place: Placement,
) -> PlanDesc {
    PlanDesc::new(t, p, lengths, batch, place)
}

const KINDS: [TransformType; 4] = [
    TransformType::ComplexForward,
    TransformType::ComplexInverse,
    TransformType::RealForward,
    TransformType::RealInverse,
];

#[test]
fn one_dimensional_sizes_every_kind_both_precisions_and_placements() {
    let sizes = [
        1, 2, 3, 4, 5, 7, 8, 9, 16, 25, 27, 49, 60, 64, 97, 125, 210, 243, 343, 256, 1024, 1031,
        2048,
    ];
    for (i, &n) in sizes.iter().enumerate() {
        for t in KINDS {
            for p in [Precision::Single, Precision::Double] {
                for place in [Placement::NotInPlace, Placement::InPlace] {
                    check(&plain(t, p, &[n], 3, place), None, i as u64 + 7);
                }
            }
        }
    }
}

#[test]
fn large_primes() {
    for &n in &[4099usize, 10007] {
        for t in KINDS {
            check(
                &plain(t, Precision::Double, &[n], 1, Placement::NotInPlace),
                None,
                n as u64,
            );
        }
        check(
            &plain(
                TransformType::ComplexForward,
                Precision::Single,
                &[n],
                2,
                Placement::InPlace,
            ),
            None,
            3,
        );
    }
}

#[test]
fn two_and_three_dimensions() {
    let shapes: [&[usize]; 8] = [
        &[4, 4],
        &[8, 3],
        &[5, 7],
        &[16, 9],
        &[7, 12],
        &[4, 3, 5],
        &[6, 5, 4],
        &[3, 8, 7],
    ];
    for (i, l) in shapes.iter().enumerate() {
        for t in KINDS {
            for p in [Precision::Single, Precision::Double] {
                for place in [Placement::NotInPlace, Placement::InPlace] {
                    check(&plain(t, p, l, 2, place), None, i as u64 + 100);
                }
            }
        }
    }
}

#[test]
fn large_two_dimensional_transform_runs_in_parallel_passes() {
    check(
        &plain(
            TransformType::ComplexForward,
            Precision::Single,
            &[128, 96],
            1,
            Placement::InPlace,
        ),
        None,
        5,
    );
    check(
        &plain(
            TransformType::RealForward,
            Precision::Double,
            &[130, 64],
            2,
            Placement::NotInPlace,
        ),
        None,
        6,
    );
}

#[test]
fn complex_plans_run_in_either_direction() {
    let d = plain(
        TransformType::ComplexForward,
        Precision::Double,
        &[12, 5],
        2,
        Placement::NotInPlace,
    );
    check(&d, Some(true), 1);
    check(&d, Some(false), 2);
}

#[test]
fn strided_offset_and_padded_layouts() {
    for t in KINDS {
        for p in [Precision::Single, Precision::Double] {
            let lengths = [6usize, 5, 3];
            let mut d = plain(t, p, &lengths, 3, Placement::NotInPlace);
            let (li, lo) = d.side_lengths();
            // Every dimension strided, padded, offset, batches spaced out.
            d.input.strides = vec![2, 2 * li[0] + 3, (2 * li[0] + 3) * li[1] + 1];
            d.input.distance = d.input.strides[2] * li[2] + 7;
            d.input.offsets = [5, 9];
            d.output.strides = vec![3, 3 * lo[0] + 1, (3 * lo[0] + 1) * lo[1] + 2];
            d.output.distance = d.output.strides[2] * lo[2] + 4;
            d.output.offsets = [2, 4];
            check(&d, None, 11);
            // Interleaved batches: distance 1, strides scaled by the batch (hipFFT's
            // istride = batch, idist = 1 pattern).
            let mut d = plain(t, p, &[8, 3], 4, Placement::NotInPlace);
            let (li, lo) = d.side_lengths();
            d.input.strides = vec![4, 4 * li[0]];
            d.input.distance = 1;
            d.output.strides = vec![4, 4 * lo[0]];
            d.output.distance = 1;
            check(&d, None, 12);
        }
    }
}

#[test]
fn planar_arrays() {
    let mut d = plain(
        TransformType::ComplexForward,
        Precision::Double,
        &[10, 3],
        2,
        Placement::NotInPlace,
    );
    d.input.array = ArrayType::ComplexPlanar;
    d.input.offsets = [3, 1];
    check(&d, None, 21);
    d.output.array = ArrayType::ComplexPlanar;
    check(&d, None, 22);
    let mut d = plain(
        TransformType::RealForward,
        Precision::Single,
        &[9, 4],
        2,
        Placement::NotInPlace,
    );
    d.output.array = ArrayType::HermitianPlanar;
    check(&d, None, 23);
    let mut d = plain(
        TransformType::RealInverse,
        Precision::Single,
        &[9, 4],
        2,
        Placement::NotInPlace,
    );
    d.input.array = ArrayType::HermitianPlanar;
    check(&d, None, 24);
    let mut d = plain(
        TransformType::ComplexInverse,
        Precision::Single,
        &[16],
        3,
        Placement::InPlace,
    );
    d.input.array = ArrayType::ComplexPlanar;
    d.output.array = ArrayType::ComplexPlanar;
    check(&d, None, 25);
}

#[test]
fn scale_factors() {
    for t in KINDS {
        let mut d = plain(t, Precision::Double, &[12, 4], 2, Placement::NotInPlace);
        d.scale = 1.0 / 48.0;
        check(&d, None, 31);
        let mut d = plain(t, Precision::Single, &[20], 3, Placement::InPlace);
        d.scale = -2.5;
        check(&d, None, 32);
    }
}

#[test]
fn half_and_bfloat16_are_computed_in_single_precision() {
    for p in [Precision::Half, Precision::BFloat16] {
        for t in KINDS {
            for place in [Placement::NotInPlace, Placement::InPlace] {
                check(&plain(t, p, &[16], 2, place), None, 41);
                check(&plain(t, p, &[8, 4], 1, place), None, 42);
            }
        }
    }
}

#[test]
fn empty_buffers_are_refused() {
    let plan = Plan::new(plain(
        TransformType::ComplexForward,
        Precision::Single,
        &[8],
        1,
        Placement::NotInPlace,
    ))
    .expect("plan");
    let null = [std::ptr::null_mut(); 2];
    let mut v = vec![0f32; 16];
    let some = [v.as_mut_ptr().cast(), std::ptr::null_mut()];
    // SAFETY: refused before anything is read.
    unsafe {
        assert!(plan
            .execute(
                0,
                Buffers {
                    input: null,
                    output: some
                },
                None
            )
            .is_err());
        assert!(plan
            .execute(
                0,
                Buffers {
                    input: some,
                    output: null
                },
                None
            )
            .is_err());
    }
}
