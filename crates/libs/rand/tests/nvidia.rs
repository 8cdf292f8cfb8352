//! The NVIDIA backend (cuRAND) on a GPU: this process selects the NVIDIA platform, creates
//! device generators (cuRAND's numbers), checks their statistics, Sobol's stratification,
//! the not-implemented types, stream ordering, and that host generators still give rocRAND's
//! numbers there. Without an NVIDIA driver and GPU every test prints "skipped: no NVIDIA GPU".

use std::ffi::c_void;

use hip::safe::DeviceBuffer;
use rng::engines::{philox, Engine, Philox};
use rng::{Distribution, Elem, Generator, Placement, RandError, RngType};

fn gpu() -> bool {
    let p = hip::platform::select(hip::platform::Platform::Nvidia);
    if p != hip::platform::Platform::Nvidia || hip::platform::nvidia::device_count() == 0 {
        eprintln!("skipped: no NVIDIA GPU");
        return false;
    }
    true
}

fn device_fill<T: Copy + Default>(
    g: &Generator,
    n: usize,
    elem: Elem,
    dist: Distribution,
) -> Vec<T> {
    let mut buf = DeviceBuffer::<T>::from_slice(&vec![T::default(); n]).expect("device buffer");
    // SAFETY: a device buffer of `n` elements, read after the stream is synchronised.
    unsafe { g.generate(buf.as_mut_ptr() as *mut c_void, n, elem, dist) }.expect("generate");
    rng::hip_bridge::synchronize(g.settings().stream).expect("synchronize");
    buf.to_vec().expect("copy back")
}

fn mean_var(xs: impl Iterator<Item = f64>) -> (f64, f64) {
    let v: Vec<f64> = xs.collect();
    let m = v.iter().sum::<f64>() / v.len() as f64;
    (
        m,
        v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / v.len() as f64,
    )
}

#[test]
fn curand_generators_have_sane_statistics() {
    if !gpu() {
        return;
    }
    for rng in [
        RngType::Xorwow,
        RngType::Mrg32k3a,
        RngType::Philox4x32_10,
        RngType::Mtgp32,
        RngType::Mt19937,
    ] {
        let g = Generator::new(rng, Placement::Device).expect("cuRAND generator");
        g.set_seed(1234).unwrap();
        let n = 1 << 20;
        let u: Vec<f32> = device_fill(&g, n, Elem::F32, Distribution::Uniform);
        let (m, v) = mean_var(u.iter().map(|&x| f64::from(x)));
        assert!(
            (m - 0.5).abs() < 0.005 && (v - 1.0 / 12.0).abs() < 0.005,
            "{rng:?} uniform {m} {v}"
        );
        let z: Vec<f64> = device_fill(
            &g,
            n,
            Elem::F64,
            Distribution::Normal {
                mean: 2.0,
                stddev: 3.0,
            },
        );
        let (m, v) = mean_var(z.into_iter());
        assert!(
            (m - 2.0).abs() < 0.02 && (v - 9.0).abs() < 0.1,
            "{rng:?} normal {m} {v}"
        );
        let p: Vec<u32> = device_fill(&g, n, Elem::U32, Distribution::Poisson { lambda: 6.0 });
        let (m, _) = mean_var(p.iter().map(|&x| f64::from(x)));
        assert!((m - 6.0).abs() < 0.03, "{rng:?} poisson {m}");
    }
}

#[test]
fn curand_sobol32_is_stratified() {
    if !gpu() {
        return;
    }
    let g = Generator::new(RngType::Sobol32, Placement::Device).expect("Sobol32");
    let v: Vec<u32> = device_fill(&g, 1024, Elem::U32, Distribution::Bits);
    let mut bins = [0u32; 1024];
    v.iter().for_each(|&x| bins[(x >> 22) as usize] += 1);
    assert!(
        bins.iter().all(|&b| b == 1),
        "the first 1024 Sobol points fill every 1/1024 bin once"
    );
}

#[test]
fn what_curand_lacks_is_reported() {
    if !gpu() {
        return;
    }
    let g = Generator::new(RngType::Xorwow, Placement::Device).expect("generator");
    let mut buf = DeviceBuffer::<u16>::from_slice(&[0u16; 16]).expect("device buffer");
    // SAFETY: 16 elements; nothing is written on failure.
    let r = unsafe {
        g.generate(
            buf.as_mut_ptr() as *mut c_void,
            16,
            Elem::F16,
            Distribution::Uniform,
        )
    };
    assert!(matches!(r, Err(RandError::NotImplemented(_))), "{r:?}");
    // rocRAND's own generators, which cuRAND does not have (their host generators work).
    for rocrand_only in [
        RngType::Lfsr113,
        RngType::Mrg31k3p,
        RngType::Threefry2x32_20,
        RngType::Threefry4x32_20,
        RngType::Threefry2x64_20,
        RngType::Threefry4x64_20,
    ] {
        assert!(matches!(
            Generator::new(rocrand_only, Placement::Device),
            Err(RandError::NotImplemented(_))
        ));
        assert!(Generator::new(rocrand_only, Placement::HostBlocking).is_ok());
    }
}

#[test]
fn host_generators_give_rocrands_numbers_on_nvidia_machines() {
    if !gpu() {
        return;
    }
    let g =
        Generator::new(RngType::Philox4x32_10, Placement::HostBlocking).expect("host generator");
    let mut v = vec![0u32; 1000];
    // SAFETY: host memory, 1000 elements; the call is blocking.
    unsafe {
        g.generate(
            v.as_mut_ptr() as *mut c_void,
            v.len(),
            Elem::U32,
            Distribution::Bits,
        )
    }
    .expect("generate");
    let mut e = Philox::new(philox::DEFAULT_SEED, 0, 0);
    assert!(v.iter().all(|&x| x == e.next_u32()));
}
