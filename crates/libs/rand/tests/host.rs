//! The host generators against the device engines (which `device_oracle.rs` checks
//! against rocRAND): rocRAND's output layout per generator, continuity across calls,
//! seeds and offsets, statistics per distribution, and invalid arguments.

use std::ffi::c_void;

use half::f16;
use rng::cpu::STRIDED_ENGINES;
use rng::device::{DeviceEngine, State};
use rng::engines::threefry::{Threefry, Word};
use rng::engines::{
    lfsr113, mrg31k3p, mrg32k3a, Engine, Lfsr113, Mrg31k3p, Mrg32k3a, Philox, Xorwow,
};
use rng::{Distribution, Elem, Generator, Ordering, Placement, RandError, RngType};

fn gen(rng: RngType) -> Generator {
    Generator::new(rng, Placement::HostBlocking).expect("generator")
}

fn fill<T: Default + Clone>(g: &Generator, n: usize, elem: Elem, dist: Distribution) -> Vec<T> {
    let mut v = vec![T::default(); n];
    // SAFETY: `v` holds `n` elements of the requested type.
    unsafe { g.generate(v.as_mut_ptr() as *mut c_void, n, elem, dist) }.expect("generate");
    v
}

#[test]
fn philox_is_one_continuous_stream() {
    let g = gen(RngType::Philox4x32_10);
    g.set_seed(42).unwrap();
    g.set_offset(7).unwrap();
    let mut reference = Philox::new(42, 0, 7);
    // Sizes that cross chunk and block-of-four boundaries.
    for n in [1usize, 3, 4, 100_003, 70_000, 5] {
        let got: Vec<u32> = fill(&g, n, Elem::U32, Distribution::Bits);
        let want: Vec<u32> = (0..n).map(|_| reference.next_u32()).collect();
        assert_eq!(got, want, "n = {n}");
    }
    // Uniform floats and doubles come from the same stream.
    let g = gen(RngType::Philox4x32_10);
    let f: Vec<f32> = fill(&g, 1001, Elem::F32, Distribution::Uniform);
    let mut r = State::new(Philox::new(rng::engines::philox::DEFAULT_SEED, 0, 0));
    for (i, x) in f.iter().enumerate() {
        assert_eq!(x.to_bits(), r.engine.uniform().to_bits(), "float {i}");
    }
    let d: Vec<f64> = fill(&g, 999, Elem::F64, Distribution::Uniform);
    for (i, x) in d.iter().enumerate() {
        assert_eq!(
            x.to_bits(),
            r.engine.uniform_double().to_bits(),
            "double {i}"
        );
    }
}

#[test]
fn philox_normals_are_box_muller_pairs_of_the_stream() {
    let g = gen(RngType::Philox4x32_10);
    let v: Vec<f32> = fill(
        &g,
        4000,
        Elem::F32,
        Distribution::Normal {
            mean: 1.0,
            stddev: 2.0,
        },
    );
    let mut e = Philox::new(rng::engines::philox::DEFAULT_SEED, 0, 0);
    for pair in v.chunks(2) {
        let (a, b) = e.normal2();
        assert_eq!(pair[0], 1.0 + a * 2.0);
        assert_eq!(pair[1], 1.0 + b * 2.0);
    }
}

#[test]
fn xorwow_engine_i_writes_every_131072th_value_and_keeps_its_state() {
    let g = gen(RngType::Xorwow);
    g.set_seed(0x1234_5678_9abc).unwrap();
    g.set_offset(11).unwrap();
    let n = STRIDED_ENGINES + 1000;
    let first: Vec<u32> = fill(&g, n, Elem::U32, Distribution::Bits);
    for k in [0usize, 1, 2, 999, 65_536, STRIDED_ENGINES - 1] {
        let mut e = Xorwow::new(0x1234_5678_9abc, k as u64, 11);
        assert_eq!(first[k], e.next_u32(), "engine {k}, first value");
        if k < 1000 {
            assert_eq!(
                first[STRIDED_ENGINES + k],
                e.next_u32(),
                "engine {k}, second"
            );
        }
    }
    // The next call continues each engine.
    let second: Vec<u32> = fill(&g, 4, Elem::U32, Distribution::Bits);
    let mut e0 = Xorwow::new(0x1234_5678_9abc, 0, 11);
    e0.discard(2);
    assert_eq!(second[0], e0.next_u32());
    let mut e3 = Xorwow::new(0x1234_5678_9abc, 3, 11);
    e3.discard(2);
    assert_eq!(second[3], e3.next_u32());
    // Setting the same seed again restarts the engines too (rocRAND's set_seed).
    g.set_seed(0x1234_5678_9abc).unwrap();
    let again: Vec<u32> = fill(&g, 4, Elem::U32, Distribution::Bits);
    assert_eq!(&again[..], &first[..4]);
    let g2 = gen(RngType::Philox4x32_10);
    let a: Vec<u32> = fill(&g2, 8, Elem::U32, Distribution::Bits);
    g2.set_offset(0).unwrap();
    let b: Vec<u32> = fill(&g2, 8, Elem::U32, Distribution::Bits);
    assert_eq!(a, b, "set_offset restarts Philox's stream");
    // A new seed restarts the engines.
    g.set_seed(5).unwrap();
    let third: Vec<u32> = fill(&g, 2, Elem::U32, Distribution::Bits);
    assert_eq!(third[1], Xorwow::new(5, 1, 11).next_u32());
}

#[test]
fn mrg32k3a_layout_and_distributions() {
    let g = gen(RngType::Mrg32k3a);
    let v: Vec<u32> = fill(&g, 300, Elem::U32, Distribution::Bits);
    for k in [0usize, 1, 299] {
        let mut e = Mrg32k3a::new(mrg32k3a::DEFAULT_SEED, k as u64, 0);
        assert_eq!(v[k], mrg32k3a::to_uint(e.next_raw()));
    }
    let g = gen(RngType::Mrg32k3a);
    let f: Vec<f32> = fill(&g, 10, Elem::F32, Distribution::Uniform);
    let mut e = Mrg32k3a::new(mrg32k3a::DEFAULT_SEED, 7, 0);
    assert_eq!(f[7], e.uniform());
}

#[test]
fn every_type_of_every_generator_has_sane_statistics() {
    for rng in [
        RngType::Philox4x32_10,
        RngType::Xorwow,
        RngType::Mrg32k3a,
        RngType::Mrg31k3p,
        RngType::Lfsr113,
        RngType::Mt19937,
        RngType::Threefry2x32_20,
        RngType::Threefry4x32_20,
        RngType::Threefry2x64_20,
        RngType::Threefry4x64_20,
    ] {
        let g = gen(rng);
        let n = 1 << 18;
        let check = |name: &str, xs: &[f64], mean: f64, var: f64| {
            let m = xs.iter().sum::<f64>() / xs.len() as f64;
            let v = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / xs.len() as f64;
            let tol = 6.0 * (var / xs.len() as f64).sqrt() + 1e-3 * mean.abs();
            assert!(
                (m - mean).abs() < tol,
                "{rng:?} {name}: mean {m}, want {mean}"
            );
            assert!(
                (v - var).abs() < 0.05 * var,
                "{rng:?} {name}: variance {v}, want {var}"
            );
        };
        let u: Vec<f32> = fill(&g, n, Elem::F32, Distribution::Uniform);
        assert!(u.iter().all(|&x| x > 0.0 && x <= 1.0));
        check(
            "uniform",
            &u.iter().map(|&x| f64::from(x)).collect::<Vec<_>>(),
            0.5,
            1.0 / 12.0,
        );
        // Chi-square of the uniform floats over 256 equal bins of (0, 1] (255 degrees of
        // freedom: the 99.99% quantile is about 346).
        let mut c = [0u64; 256];
        u.iter()
            .for_each(|&x| c[((f64::from(x) * 256.0).ceil() as usize).clamp(1, 256) - 1] += 1);
        let e = n as f64 / 256.0;
        let chi2: f64 = c.iter().map(|&k| (k as f64 - e).powi(2) / e).sum();
        assert!(chi2 < 346.0, "{rng:?} uniform chi2 {chi2}");
        let u: Vec<f64> = fill(&g, n, Elem::F64, Distribution::Uniform);
        check("uniform double", &u, 0.5, 1.0 / 12.0);
        let u: Vec<f16> = fill(&g, n, Elem::F16, Distribution::Uniform);
        let u: Vec<f64> = u.iter().map(|x| f64::from(x.to_f32())).collect();
        check("uniform half", &u, 0.5, 1.0 / 12.0);
        let normal = Distribution::Normal {
            mean: 3.0,
            stddev: 2.0,
        };
        let x: Vec<f32> = fill(&g, n, Elem::F32, normal);
        check(
            "normal",
            &x.iter().map(|&x| f64::from(x)).collect::<Vec<_>>(),
            3.0,
            4.0,
        );
        let x: Vec<f64> = fill(&g, n, Elem::F64, normal);
        check("normal double", &x, 3.0, 4.0);
        let x: Vec<f16> = fill(&g, n, Elem::F16, normal);
        let x: Vec<f64> = x.iter().map(|x| f64::from(x.to_f32())).collect();
        check("normal half", &x, 3.0, 4.0);
        let (mu, s) = (0.2f64, 0.5f64);
        let ln_mean = (mu + s * s / 2.0).exp();
        let ln_var = ((s * s).exp() - 1.0) * (2.0 * mu + s * s).exp();
        let x: Vec<f32> = fill(
            &g,
            n,
            Elem::F32,
            Distribution::LogNormal {
                mean: mu,
                stddev: s,
            },
        );
        check(
            "log-normal",
            &x.iter().map(|&x| f64::from(x)).collect::<Vec<_>>(),
            ln_mean,
            ln_var,
        );
        let x: Vec<f64> = fill(
            &g,
            n,
            Elem::F64,
            Distribution::LogNormal {
                mean: mu,
                stddev: s,
            },
        );
        check("log-normal double", &x, ln_mean, ln_var);
        for lambda in [0.5, 10.0, 2000.0, 5.0e6] {
            let p: Vec<u32> = fill(&g, n, Elem::U32, Distribution::Poisson { lambda });
            let p: Vec<f64> = p.iter().map(|&x| f64::from(x)).collect();
            check(&format!("poisson({lambda})"), &p, lambda, lambda);
        }
        // Chi-square of the integer outputs over 256 bins (255 degrees of freedom: the
        // 99.99% quantile is about 346).
        let chi = |counts: &[u64], total: u64| {
            let e = total as f64 / counts.len() as f64;
            counts
                .iter()
                .map(|&c| (c as f64 - e).powi(2) / e)
                .sum::<f64>()
        };
        if matches!(rng, RngType::Threefry2x64_20 | RngType::Threefry4x64_20) {
            // rocRAND's 64-bit ThreeFry keeps only 6 bits of each rotation's wrapped part
            // (reproduced bit for bit: tests/device_oracle57.rs), which leaves the low bits
            // of its words far from uniform; only the top byte is tested.
            let w: Vec<u64> = fill(&g, n / 2, Elem::U64, Distribution::Bits);
            let mut c = [0u64; 256];
            w.iter().for_each(|&x| c[(x >> 56) as usize] += 1);
            let chi2 = chi(&c, (n / 2) as u64);
            assert!(chi2 < 346.0, "{rng:?} u64 top byte chi2 {chi2}");
            continue;
        }
        let w: Vec<u32> = fill(&g, n, Elem::U32, Distribution::Bits);
        let mut c = [0u64; 256];
        w.iter().for_each(|&x| c[(x >> 24) as usize] += 1);
        assert!(
            chi(&c, n as u64) < 346.0,
            "{rng:?} u32 chi2 {}",
            chi(&c, n as u64)
        );
        let b: Vec<u8> = fill(&g, n, Elem::U8, Distribution::Bits);
        if rng == RngType::Mrg31k3p {
            // rocRAND rescales MRG31k3p's 31-bit outputs to 32 bits by a factor of about
            // 2, so bit 0 is nearly always 0: the chi-square is over the other 7 bits
            // (127 degrees of freedom: the 99.99% quantile is about 197).
            let mut c = [0u64; 128];
            b.iter().for_each(|&x| c[(x >> 1) as usize] += 1);
            assert!(
                chi(&c, n as u64) < 197.0,
                "{rng:?} u8 chi2 {}",
                chi(&c, n as u64)
            );
        } else {
            let mut c = [0u64; 256];
            b.iter().for_each(|&x| c[x as usize] += 1);
            assert!(
                chi(&c, n as u64) < 346.0,
                "{rng:?} u8 chi2 {}",
                chi(&c, n as u64)
            );
        }
        let s: Vec<u16> = fill(&g, n, Elem::U16, Distribution::Bits);
        let mut c = [0u64; 256];
        s.iter().for_each(|&x| c[(x >> 8) as usize] += 1);
        assert!(
            chi(&c, n as u64) < 346.0,
            "{rng:?} u16 chi2 {}",
            chi(&c, n as u64)
        );
    }
}

#[test]
fn misaligned_buffers_get_head_and_tail() {
    // A normal (output width 2) into a buffer starting at an odd float: the strided
    // generators write a head and a tail; every element is written.
    let g = gen(RngType::Xorwow);
    let mut v = vec![f32::NAN; 1002];
    let n = 1001;
    // SAFETY: `v[1..]` holds 1001 floats.
    unsafe {
        g.generate(
            v.as_mut_ptr().add(1) as *mut c_void,
            n,
            Elem::F32,
            Distribution::Normal {
                mean: 0.0,
                stddev: 1.0,
            },
        )
    }
    .unwrap();
    assert!(v[0].is_nan());
    assert!(v[1..].iter().all(|x| x.is_finite()));
}

#[test]
fn invalid_arguments_have_rocrand_statuses() {
    let g = gen(RngType::Philox4x32_10);
    let mut out = [0u64; 4];
    // SAFETY: 4 elements.
    let r = unsafe {
        g.generate(
            out.as_mut_ptr() as *mut c_void,
            4,
            Elem::U64,
            Distribution::Bits,
        )
    };
    assert_eq!(
        r,
        Err(RandError::TypeError),
        "64-bit output from a 32-bit generator"
    );
    let mut p = [0u32; 4];
    for lambda in [0.0, -1.0, f64::NAN] {
        // SAFETY: 4 elements.
        let r = unsafe {
            g.generate(
                p.as_mut_ptr() as *mut c_void,
                4,
                Elem::U32,
                Distribution::Poisson { lambda },
            )
        };
        assert_eq!(r, Err(RandError::OutOfRange), "lambda {lambda}");
    }
    // SAFETY: NULL is rejected before any write.
    let r = unsafe { g.generate(std::ptr::null_mut(), 4, Elem::U32, Distribution::Bits) };
    assert!(matches!(r, Err(RandError::LaunchFailure(_))));
    // SAFETY: n = 0 writes nothing.
    let r = unsafe { g.generate(std::ptr::null_mut(), 0, Elem::U32, Distribution::Bits) };
    assert_eq!(r, Ok(()));
    assert_eq!(g.set_dimensions(2), Err(RandError::TypeError));
    assert_eq!(
        g.set_ordering(Ordering::QuasiDefault),
        Err(RandError::OutOfRange)
    );
    assert_eq!(g.set_ordering(Ordering::PseudoLegacy), Ok(()));
    for missing in [
        RngType::Mtgp32,
        RngType::ScrambledSobol32,
        RngType::ScrambledSobol64,
    ] {
        assert!(matches!(
            Generator::new(missing, Placement::Host),
            Err(RandError::NotImplemented(_))
        ));
    }
}

#[test]
fn device_generator_is_ordered_on_its_stream() {
    if rng::hip_bridge::platform() != rng::hip_bridge::Platform::Cpu {
        eprintln!("skipped: the CPU platform is not in use");
        return;
    }
    let g = Generator::new(RngType::Philox4x32_10, Placement::Device).unwrap();
    let mut v = vec![0u32; 1 << 16];
    // SAFETY: the buffer outlives the work: the stream is synchronised below.
    unsafe {
        g.generate(
            v.as_mut_ptr() as *mut c_void,
            v.len(),
            Elem::U32,
            Distribution::Bits,
        )
    }
    .unwrap();
    rng::hip_bridge::synchronize(g.settings().stream).unwrap();
    let mut e = Philox::new(rng::engines::philox::DEFAULT_SEED, 0, 0);
    assert!(v.iter().all(|&x| x == e.next_u32()));
}

#[test]
fn sobol_output_is_dimension_major_and_continues() {
    use rng::engines::sobol::{self, Sobol};
    let g = gen(RngType::Sobol32);
    assert_eq!(
        g.set_seed(1),
        Err(RandError::TypeError),
        "quasi generators have no seed"
    );
    g.set_dimensions(3).unwrap();
    g.set_offset(5).unwrap();
    let mut out = vec![0u32; 4];
    // SAFETY: 4 elements; rejected before any write.
    let r = unsafe {
        g.generate(
            out.as_mut_ptr() as *mut c_void,
            4,
            Elem::U32,
            Distribution::Bits,
        )
    };
    assert_eq!(r, Err(RandError::LengthNotMultiple));
    let first: Vec<u32> = fill(&g, 3 * 1000, Elem::U32, Distribution::Bits);
    let second: Vec<u32> = fill(&g, 3 * 10, Elem::U32, Distribution::Bits);
    let v = sobol::vectors32();
    for d in 0..3 {
        let mut e = Sobol::<u32>::new(&v[d * 32..(d + 1) * 32], 5);
        for k in 0..1000 {
            assert_eq!(
                first[d * 1000 + k],
                e.next_point(),
                "dimension {d}, point {k}"
            );
        }
        for k in 0..10 {
            assert_eq!(
                second[d * 10 + k],
                e.next_point(),
                "second call, dimension {d}, point {k}"
            );
        }
    }
    // Uniform floats of one dimension are stratified: the first 1024 points (from point 0)
    // fill each 1/1024 interval once.
    let g = gen(RngType::Sobol32);
    let u: Vec<f32> = fill(&g, 1024, Elem::F32, Distribution::Uniform);
    let mut bins = [0u32; 1024];
    u.iter()
        .for_each(|&x| bins[((x * 1024.0) as usize).min(1023)] += 1);
    assert!(bins.iter().all(|&b| b == 1));
    let g = gen(RngType::Sobol64);
    let w: Vec<u64> = fill(&g, 8, Elem::U64, Distribution::Bits);
    assert_eq!(&w[..4], &[0, 1 << 63, 3 << 62, 1 << 62]);
    let z: Vec<f64> = fill(
        &g,
        1 << 16,
        Elem::F64,
        Distribution::Normal {
            mean: 1.0,
            stddev: 2.0,
        },
    );
    let m = z.iter().sum::<f64>() / z.len() as f64;
    assert!((m - 1.0).abs() < 0.01, "Sobol64 normal mean {m}");
    // SAFETY: rejected before any write.
    let r = unsafe {
        g.generate(
            out.as_mut_ptr() as *mut c_void,
            4,
            Elem::U8,
            Distribution::Bits,
        )
    };
    assert_eq!(
        r,
        Err(RandError::NotImplemented("this output type from Sobol64"))
    );
}

#[test]
fn mrg31k3p_and_lfsr113_are_strided_like_xorwow() {
    let g = gen(RngType::Mrg31k3p);
    g.set_offset(5).unwrap();
    let n = STRIDED_ENGINES + 10;
    let v: Vec<u32> = fill(&g, n, Elem::U32, Distribution::Bits);
    for k in [0usize, 1, 77, STRIDED_ENGINES - 1] {
        let mut e = Mrg31k3p::new(mrg31k3p::DEFAULT_SEED, k as u64, 5);
        assert_eq!(v[k], e.rocrand(), "MRG31k3p engine {k}");
        if k < 10 {
            assert_eq!(
                v[STRIDED_ENGINES + k],
                e.rocrand(),
                "MRG31k3p engine {k} again"
            );
        }
    }
    let f: Vec<f32> = fill(&g, 10, Elem::F32, Distribution::Uniform);
    let mut e = Mrg31k3p::new(mrg31k3p::DEFAULT_SEED, 3, 5);
    // Engine 3 wrote two values of the first call.
    e.discard(2);
    assert_eq!(f[3].to_bits(), e.uniform().to_bits());

    let g = gen(RngType::Lfsr113);
    let v: Vec<u32> = fill(&g, 1000, Elem::U32, Distribution::Bits);
    for k in [0usize, 1, 999] {
        assert_eq!(
            v[k],
            Lfsr113::new(lfsr113::DEFAULT_SEED, k as u64).next_u32()
        );
    }
    // A 64-bit seed gives the first two words (raised past 1 and 7 as rocRAND documents);
    // set_seed_uint4 all four. rocRAND gives LFSR113 no absolute offset.
    assert_eq!(g.set_offset(3), Err(RandError::TypeError));
    g.set_seed(0x0000_0009_0000_0001).unwrap();
    let v: Vec<f32> = fill(&g, 4, Elem::F32, Distribution::Uniform);
    let mut e = Lfsr113::new([2, 9, 16, 128], 2);
    assert_eq!(v[2].to_bits(), e.uniform().to_bits());
    g.set_seed(0).unwrap();
    let v: Vec<u32> = fill(&g, 1, Elem::U32, Distribution::Bits);
    assert_eq!(v[0], Lfsr113::new([1, 7, 16, 128], 0).next_u32());
    g.set_seed_uint4([100, 200, 300, 400]).unwrap();
    let v: Vec<u32> = fill(&g, 3, Elem::U32, Distribution::Bits);
    let mut e = Lfsr113::new([100, 200, 300, 400], 1);
    assert_eq!(v[1], e.next_u32());
    assert_eq!(
        gen(RngType::Xorwow).set_seed_uint4([1, 2, 3, 4]),
        Err(RandError::TypeError)
    );
}

fn threefry_stream<W: Word, const N: usize>(rng: RngType)
where
    Threefry<W, N>: DeviceEngine,
{
    let g = gen(rng);
    g.set_seed(0xabcd_0123_4567).unwrap();
    g.set_offset(3).unwrap();
    let mut reference = Threefry::<W, N>::new(0xabcd_0123_4567, 0, 3);
    let wide = W::BITS == 64;
    // Sizes that cross chunk and block boundaries, continuous across calls.
    for n in [2usize, 6, 100_002, 70_000, 4] {
        let got: Vec<u32> = fill(&g, n, Elem::U32, Distribution::Bits);
        let want: Vec<u32> = (0..n).map(|_| reference.next_u32()).collect();
        assert_eq!(got, want, "{rng:?} n = {n}");
    }
    let g = gen(rng);
    let f: Vec<f32> = fill(&g, 1001, Elem::F32, Distribution::Uniform);
    let mut r = State::new(Threefry::<W, N>::new(0, 0, 0));
    for (i, x) in f.iter().enumerate() {
        assert_eq!(
            x.to_bits(),
            r.engine.uniform().to_bits(),
            "{rng:?} float {i}"
        );
    }
    // Host doubles take 53 bits: two 32-bit words (XORWOW's distribution) or one 64-bit
    // word (the device API's `rocrand_uniform_double` takes one 32-bit word).
    let d: Vec<f64> = fill(&g, 999, Elem::F64, Distribution::Uniform);
    for (i, x) in d.iter().enumerate() {
        let want = if wide {
            r.engine.uniform_double()
        } else {
            let a = r.engine.next_u32();
            let b = r.engine.next_u32();
            rng::dist::uniform_f64(a, b)
        };
        assert_eq!(x.to_bits(), want.to_bits(), "{rng:?} double {i}");
    }
    if wide {
        let g = gen(rng);
        let l: Vec<u64> = fill(&g, 33, Elem::U64, Distribution::Bits);
        let mut e = Threefry::<W, N>::new(0, 0, 0);
        for (i, x) in l.iter().enumerate() {
            assert_eq!(*x, e.next_word().to_u64(), "{rng:?} u64 {i}");
        }
    }
}

#[test]
fn threefry_is_one_continuous_stream() {
    threefry_stream::<u32, 2>(RngType::Threefry2x32_20);
    threefry_stream::<u32, 4>(RngType::Threefry4x32_20);
    threefry_stream::<u64, 2>(RngType::Threefry2x64_20);
    threefry_stream::<u64, 4>(RngType::Threefry4x64_20);
    // 64-bit integers only from the 64-bit engines.
    let g = gen(RngType::Threefry4x32_20);
    let mut v = vec![0u64; 4];
    // SAFETY: `v` holds 4 u64.
    let r = unsafe {
        g.generate(
            v.as_mut_ptr() as *mut c_void,
            4,
            Elem::U64,
            Distribution::Bits,
        )
    };
    assert_eq!(r, Err(RandError::TypeError));
}

#[test]
fn mt19937_is_the_reference_sequence_continued_across_calls() {
    let g = gen(RngType::Mt19937);
    // rocRAND's default seed is 0: init_genrand(0).
    let v: Vec<u32> = fill(&g, 2, Elem::U32, Distribution::Bits);
    let mut e = rng::engines::Mt19937::new(0);
    assert_eq!(v, [e.next_u32(), e.next_u32()]);
    // mt19937ar.c's init_genrand(5489): first output, and the C++ standard's 10000th
    // output of std::mt19937.
    g.set_seed(rng::engines::mt19937::REFERENCE_SEED).unwrap();
    let v: Vec<u32> = fill(&g, 9_999, Elem::U32, Distribution::Bits);
    assert_eq!(v[0], 3_499_211_612);
    let w: Vec<u32> = fill(&g, 1, Elem::U32, Distribution::Bits);
    assert_eq!(w[0], 4_123_659_995);
    // An offset is a jump-ahead of that many outputs.
    g.set_offset(2_000_003).unwrap();
    let far: Vec<f32> = fill(&g, 5, Elem::F32, Distribution::Uniform);
    let mut e = rng::engines::Mt19937::new(rng::engines::mt19937::REFERENCE_SEED);
    for _ in 0..2_000_003 {
        e.next_u32();
    }
    for (i, x) in far.iter().enumerate() {
        assert_eq!(
            x.to_bits(),
            rng::dist::uniform_f32(e.next_u32()).to_bits(),
            "{i}"
        );
    }
    // A new seed restarts it: (seed >> 32) ^ seed is the 32-bit seed.
    g.set_seed(0x0000_0001_0000_1234).unwrap();
    g.set_offset(0).unwrap();
    let s: Vec<u32> = fill(&g, 3, Elem::U32, Distribution::Bits);
    let mut e = rng::engines::Mt19937::new(0x1235);
    assert_eq!(s, (0..3).map(|_| e.next_u32()).collect::<Vec<_>>());
}
