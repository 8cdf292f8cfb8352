//! The parts of the safe API's test suite that hold on every platform, written once and run
//! by each platform's test binary (CubeCL's one-suite-per-backend idea): `safe_module.rs`
//! on the CPU, `safe_nvidia.rs` on an NVIDIA GPU.

use hip::safe::{Device, DeviceBuffer, PinnedBuffer, Stream};
use hip::HipError;

/// Device and pinned buffers: zeroing, round trips, length checks, empty buffers, an
/// asynchronous copy on a stream, pinned memory as a slice, buffers moved between threads.
pub fn buffers(device: &Device) {
    // Zeroed memory is zero (fresh GPU memory is not, so this is a real fill).
    let n = 1 << 20;
    let mut z = DeviceBuffer::<u32>::zeroed(n).unwrap();
    assert_eq!(z.len(), n);
    assert!(!z.as_ptr().is_null());
    assert!(z.to_vec().unwrap().iter().all(|&v| v == 0));

    // Round trips.
    let data: Vec<u32> = (0..n as u32)
        .map(|i| i.wrapping_mul(2_654_435_761))
        .collect();
    z.copy_from(&data).unwrap();
    assert_eq!(z.to_vec().unwrap(), data);
    let b = DeviceBuffer::from_slice(&data).unwrap();
    let mut out = vec![0u32; n];
    b.copy_to(&mut out).unwrap();
    assert_eq!(out, data);
    // Lengths must match.
    assert_eq!(z.copy_from(&data[1..]), Err(HipError::InvalidValue));
    assert_eq!(b.copy_to(&mut out[1..]), Err(HipError::InvalidValue));
    // Zeroing again.
    z.zero().unwrap();
    assert!(z.to_vec().unwrap().iter().all(|&v| v == 0));

    // Empty buffers.
    let mut e = DeviceBuffer::<f64>::zeroed(0).unwrap();
    assert!(e.is_empty());
    assert_eq!(e.to_vec().unwrap(), Vec::<f64>::new());
    e.copy_from(&[]).unwrap();
    e.zero().unwrap();
    assert!(DeviceBuffer::<u8>::from_slice(&[]).unwrap().is_empty());

    // Asynchronous copy on a stream (the Vec is taken by value).
    let stream = Stream::non_blocking(device).unwrap();
    let mut d = DeviceBuffer::<u32>::zeroed(n).unwrap();
    stream.copy_to_device(data.clone(), &mut d).unwrap();
    stream.synchronize().unwrap();
    assert_eq!(d.to_vec().unwrap(), data);
    assert_eq!(
        stream.copy_to_device(vec![1u32; 3], &mut d),
        Err(HipError::InvalidValue)
    );

    // Pinned memory: a slice on the host.
    let mut p = PinnedBuffer::<u64>::new(1000).unwrap();
    assert_eq!(p.len(), 1000);
    assert!(p.iter().all(|&v| v == 0));
    for (i, v) in p.iter_mut().enumerate() {
        *v = i as u64 * 3;
    }
    assert_eq!(p[999], 2997);
    assert!(PinnedBuffer::<u8>::new(0).unwrap().is_empty());

    // Buffers move between threads (each thread makes the context current by itself).
    let moved = DeviceBuffer::from_slice(&[5u16, 6, 7]).unwrap();
    let back = std::thread::spawn(move || {
        assert_eq!(moved.to_vec().unwrap(), [5, 6, 7]);
        moved
    })
    .join()
    .unwrap();
    assert_eq!(back.to_vec().unwrap(), [5, 6, 7]);
    drop(back);
}
