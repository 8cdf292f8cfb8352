//! The safe API on the CPU: the module API over a CPU code object built from
//! `tests/kernels/scale.c` with the C compiler (`$CC`, else `cc`), and the shared suite of
//! `safe_suite/`.

use std::path::PathBuf;
use std::process::Command;

use hip::safe::{Device, DeviceBuffer, Dim3, Module, Stream};
use hip::HipError;

mod safe_suite;

/// The platform-neutral part of the safe API's suite, on the CPU (`safe_nvidia.rs` runs the
/// same functions on a GPU).
#[test]
fn buffers_on_the_cpu() {
    let device = Device::get(0).unwrap();
    device.set_current().unwrap();
    safe_suite::buffers(&device);
}

fn code_object(tag: &str) -> Vec<u8> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!(
        "ferrocm-safe-module-{}-{tag}.co",
        std::process::id()
    ));
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let status = Command::new(cc)
        .args(["-shared", "-fPIC", "-O2", "-I"])
        .arg(root.join("../../include"))
        .arg(root.join("tests/kernels/scale.c"))
        .arg("-o")
        .arg(&out)
        .status()
        .expect("run the C compiler");
    assert!(status.success(), "building the test code object failed");
    let bytes = std::fs::read(&out).expect("read the code object");
    let _ = std::fs::remove_file(&out);
    bytes
}

#[test]
fn launch_builder_runs_a_module_kernel() {
    let stream = Stream::new(&Device::get(0).unwrap()).unwrap();
    let module = Module::from_bytes(&code_object("run")).unwrap();
    let scale = module.function("scale").unwrap();
    assert_eq!(scale.name(), "scale");
    assert_eq!(scale.param_count(), Some(3));
    let n = 1000usize;
    let mut data = DeviceBuffer::from_slice(&vec![1.5f32; n]).unwrap();
    // SAFETY: scale(float *p, float f, int n) touches p[0..n), which `data` holds.
    unsafe {
        scale
            .launch_builder(&stream)
            .grid(Dim3::x(4))
            .block(Dim3::x(256))
            .arg_buffer_mut(&mut data)
            .arg(&3.0f32)
            .arg(&(n as i32))
            .launch()
            .unwrap();
    }
    stream.synchronize().unwrap();
    assert!(data.to_vec().unwrap().iter().all(|&v| v == 4.5));

    // The global: read, write, read back; a wrong size is refused.
    let g = module.global("launches_seen").unwrap();
    assert_eq!(g.size(), 4);
    assert_eq!(g.read::<i32>().unwrap(), 7);
    g.write(&42i32).unwrap();
    assert_eq!(g.read::<i32>().unwrap(), 42);
    assert_eq!(g.read::<i64>().unwrap_err(), HipError::InvalidValue);
    assert_eq!(module.global("nope").err(), Some(HipError::NotFound));
    assert_eq!(module.function("nope").err(), Some(HipError::NotFound));
}

#[test]
fn launch_builder_checks_arguments_and_configuration() {
    let stream = Stream::new(&Device::get(0).unwrap()).unwrap();
    let module = Module::from_bytes(&code_object("checks")).unwrap();
    let scale = module.function("scale").unwrap();
    let mut data = DeviceBuffer::<f32>::zeroed(16).unwrap();
    // SAFETY: each launch below is refused before the kernel runs.
    unsafe {
        // The second parameter is a 4-byte float: an f64 does not fit.
        let e = scale
            .launch_builder(&stream)
            .arg_buffer_mut(&mut data)
            .arg(&1.0f64)
            .arg(&16i32)
            .launch();
        assert_eq!(e, Err(HipError::InvalidValue));
        // Too few and too many arguments.
        let e = scale
            .launch_builder(&stream)
            .arg_buffer_mut(&mut data)
            .launch();
        assert_eq!(e, Err(HipError::InvalidValue));
        let e = scale
            .launch_builder(&stream)
            .arg_buffer_mut(&mut data)
            .arg(&1.0f32)
            .arg(&16i32)
            .arg(&0i32)
            .launch();
        assert_eq!(e, Err(HipError::InvalidValue));
        // HIP's launch rules: 2048 work-items per block.
        let e = scale
            .launch_builder(&stream)
            .block(Dim3::x(2048))
            .arg_buffer_mut(&mut data)
            .arg(&1.0f32)
            .arg(&16i32)
            .launch();
        assert_eq!(e, Err(HipError::InvalidConfiguration));
    }
    // A function keeps its module loaded.
    drop(module);
    // SAFETY: 16 floats at `data`.
    unsafe {
        scale
            .launch_builder(&stream)
            .grid(Dim3::x(1))
            .block(Dim3::x(16))
            .arg_buffer_mut(&mut data)
            .arg(&2.0f32)
            .arg(&16i32)
            .launch()
            .unwrap();
    }
    stream.synchronize().unwrap();
    assert!(Module::from_bytes(b"not a code object at all, clearly").is_err());
}
