//! The safe API (`hip::safe`) on the NVIDIA platform, and the GPU-or-CPU platform choice.
//!
//! The platform is chosen once per process, so every test re-runs this executable as a
//! child process (`FERROCM_SAFE_NVIDIA_CHILD=<mode>`, `HIP_PLATFORM` as the test needs) and
//! checks that the child finished. With an NVIDIA GPU, `gpu_or_cpu_runs_the_safe_api` runs
//! the whole safe API on it: devices, buffers (device and pinned), streams, events and
//! elapsed time, a module from PTX written here (JIT-compiled by the driver), launches
//! through `LaunchBuilder`, argument checks, globals, and closures refused with
//! `NotSupported`. Without a usable driver or GPU (CI) it checks the CPU fallback instead and
//! passes with a visible `skipped: no NVIDIA GPU` line.
//!
//! Build once and run on the GPU machine:
//! `cargo test -p ferrocm-hip --test safe_nvidia -- --nocapture`.

use std::io::Write;
use std::process::Command;

use hip::platform::nvidia as nv;
use hip::safe::{self, Device, DeviceBuffer, Dim3, Event, Module, PinnedBuffer, Platform, Stream};
use hip::HipError;

mod safe_suite;

const CHILD: &str = "FERROCM_SAFE_NVIDIA_CHILD";
const SKIPPED: &str = "skipped: no NVIDIA GPU";

/// Runs test `test` in a child process in `mode`, with `HIP_PLATFORM` set to `platform`
/// (or unset), and checks that it finished.
fn run_child(test: &str, mode: &str, platform: Option<&str>) {
    let mut cmd = Command::new(std::env::current_exe().expect("test executable"));
    cmd.args(["--exact", test, "--nocapture", "--test-threads=1"])
        .env(CHILD, mode)
        .env_remove("HIP_PLATFORM");
    if let Some(p) = platform {
        cmd.env("HIP_PLATFORM", p);
    }
    let out = cmd.output().expect("child runs");
    let text = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    print!("{text}");
    let done = format!("safe_nvidia child {mode}: ok");
    assert!(
        out.status.success() && text.contains(&done),
        "child {mode}: {:?}\n{text}",
        out.status
    );
    if text.contains(SKIPPED) {
        // Straight to the stream, past the test harness's capture: visible in every run.
        let _ = writeln!(std::io::stderr(), "safe_nvidia ({mode}): {SKIPPED}");
    }
}

/// The child's mode, when this process is a child.
fn child_mode() -> Option<String> {
    std::env::var(CHILD).ok()
}

fn finish(mode: &str) {
    println!("safe_nvidia child {mode}: ok");
}

// ------------------------------------------------------------------------------------
// The tests (each one a child process).

#[test]
fn gpu_or_cpu_runs_the_safe_api() {
    let Some(mode) = child_mode() else {
        return run_child("gpu_or_cpu_runs_the_safe_api", "gpu", None);
    };
    let chosen = safe::select_gpu_or_cpu();
    assert_eq!(safe::platform(), chosen);
    if nv::device_count() == 0 {
        assert_eq!(chosen, Platform::Cpu, "no GPU: the CPU is the fallback");
        println!("{SKIPPED}");
        cpu_fallback_works();
    } else {
        assert_eq!(chosen, Platform::Nvidia, "a GPU is there: it is chosen");
        gpu_suite();
    }
    finish(&mode);
}

#[test]
fn hip_platform_cpu_keeps_the_cpu() {
    let Some(mode) = child_mode() else {
        return run_child("hip_platform_cpu_keeps_the_cpu", "env-cpu", Some("cpu"));
    };
    assert_eq!(safe::select_gpu_or_cpu(), Platform::Cpu);
    assert_eq!(Device::preferred().unwrap().platform(), Platform::Cpu);
    cpu_fallback_works();
    finish(&mode);
}

#[test]
fn an_earlier_choice_is_kept() {
    let Some(mode) = child_mode() else {
        return run_child("an_earlier_choice_is_kept", "fixed", None);
    };
    // As a program whose CPU kernels registered first.
    assert_eq!(hip::platform::select(Platform::Cpu), Platform::Cpu);
    assert_eq!(safe::select_gpu_or_cpu(), Platform::Cpu);
    assert_eq!(safe::platform(), Platform::Cpu);
    cpu_fallback_works();
    finish(&mode);
}

#[test]
fn hip_platform_nvidia_uses_the_driver() {
    let Some(mode) = child_mode() else {
        return run_child(
            "hip_platform_nvidia_uses_the_driver",
            "nvidia-env",
            Some("nvidia"),
        );
    };
    // HIP_PLATFORM=nvidia fixes the platform on first use, GPU or not.
    assert_eq!(safe::platform(), Platform::Nvidia);
    assert_eq!(safe::select_gpu_or_cpu(), Platform::Nvidia);
    let count = Device::count().unwrap();
    assert_eq!(count, nv::device_count());
    if count == 0 {
        println!("{SKIPPED}");
        // Everything that needs a device says so.
        let e = Some(HipError::NoDevice);
        assert_eq!(Device::get(0).err(), e);
        assert_eq!(Device::preferred().err(), e);
        assert_eq!(DeviceBuffer::<f32>::zeroed(4).err(), e);
        assert_eq!(DeviceBuffer::from_slice(&[1u8, 2]).err(), e);
        assert_eq!(PinnedBuffer::<u32>::new(4).err(), e);
        assert_eq!(Event::new().err(), e);
        assert_eq!(Module::from_bytes(PTX.as_bytes()).err(), e);
        assert_eq!(Module::load("/nonexistent/kernels.ptx").err(), e);
    } else {
        assert_eq!(Device::get(count).err(), Some(HipError::InvalidDevice));
        let device = Device::get(0).unwrap();
        assert_eq!(device.platform(), Platform::Nvidia);
        let stream = Stream::new(&device).unwrap();
        assert_eq!(
            stream.launch(Dim3::x(1), Dim3::x(1), |_| unreachable!()),
            Err(HipError::NotSupported)
        );
    }
    finish(&mode);
}

// ------------------------------------------------------------------------------------
// Every safe type is Send and Sync, on both platforms.

#[allow(dead_code)]
fn send_sync<T: Send + Sync>() {}

#[allow(dead_code)]
fn safe_types_are_send_and_sync() {
    send_sync::<Device>();
    send_sync::<Stream>();
    send_sync::<Event>();
    send_sync::<DeviceBuffer<f32>>();
    send_sync::<PinnedBuffer<f32>>();
    send_sync::<Module>();
    send_sync::<hip::safe::Function>();
    send_sync::<hip::safe::Global>();
}

// ------------------------------------------------------------------------------------
// The CPU fallback.

/// The CPU platform runs the safe API, closures included.
fn cpu_fallback_works() {
    let device = Device::preferred().unwrap();
    assert_eq!(device.platform(), Platform::Cpu);
    let stream = Stream::new(&device).unwrap();
    let x = DeviceBuffer::from_slice(&[1u32, 2, 3, 4]).unwrap();
    let mut y = DeviceBuffer::<u32>::zeroed(4).unwrap();
    let (xp, yp) = (x.as_ptr() as usize, y.as_mut_ptr() as usize);
    stream
        .launch(Dim3::x(1), Dim3::x(4), move |t| {
            let i = t.global_id(0);
            // SAFETY: i < 4 and both buffers hold 4 elements while the kernel runs.
            unsafe { *(yp as *mut u32).add(i) = 10 * *(xp as *const u32).add(i) };
        })
        .unwrap();
    stream.synchronize().unwrap();
    assert_eq!(y.to_vec().unwrap(), [10, 20, 30, 40]);
    y.zero().unwrap();
    assert_eq!(y.to_vec().unwrap(), [0; 4]);
}

// ------------------------------------------------------------------------------------
// The GPU suite.

/// `scale(float *p, float f, int n)`: `p[i] *= f` for `i < n`, one element per thread;
/// `bump()`: every thread adds 1 to the global `launches_seen` (initially 7). Hand-written
/// PTX for sm_50 and later (the driver JIT-compiles it for the GPU). Not NUL-terminated:
/// `Module::from_bytes` adds the NUL.
const PTX: &str = r#"
.version 7.0
.target sm_50
.address_size 64

.visible .global .align 4 .u32 launches_seen = 7;

.visible .entry scale(
    .param .u64 scale_p,
    .param .f32 scale_f,
    .param .u32 scale_n
)
{
    .reg .pred %p<2>;
    .reg .f32 %f<4>;
    .reg .b32 %r<6>;
    .reg .b64 %rd<5>;

    ld.param.u64 %rd1, [scale_p];
    ld.param.f32 %f1, [scale_f];
    ld.param.u32 %r1, [scale_n];
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.x;
    mad.lo.s32 %r5, %r2, %r3, %r4;
    setp.ge.s32 %p1, %r5, %r1;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.s32 %rd3, %r5, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.f32 %f2, [%rd4];
    mul.rn.f32 %f3, %f2, %f1;
    st.global.f32 [%rd4], %f3;
DONE:
    ret;
}

.visible .entry bump()
{
    .reg .b32 %r<2>;

    atom.global.add.u32 %r1, [launches_seen], 1;
    ret;
}
"#;

/// Whether the driver describes kernel parameters (`cuFuncGetParamInfo`, CUDA 12.4+).
fn driver_has_param_info() -> bool {
    nv::Driver::get().is_some_and(|d| d.version() >= 12040)
}

fn gpu_suite() {
    let device = Device::preferred().unwrap();
    assert_eq!(device.platform(), Platform::Nvidia);
    assert_eq!(device.ordinal(), 0);
    let count = Device::count().unwrap();
    assert_eq!(count, nv::device_count());
    assert_eq!(Device::get(count).err(), Some(HipError::InvalidDevice));
    let props = device.properties().unwrap();
    assert!(props.arch_name.starts_with("sm_"), "{}", props.arch_name);
    assert!(props.max_threads_per_block >= 1024);
    println!(
        "safe_nvidia: running on {} ({}, {} devices, driver {})",
        props.name,
        props.arch_name,
        count,
        nv::Driver::get().map_or(0, |d| d.version())
    );
    device.set_current().unwrap();

    safe_suite::buffers(&device);
    streams_and_events(&device);
    modules_and_launches(&device);
    argument_checks(&device);
    bad_images();
    closures_are_not_supported(&device);
    device.synchronize().unwrap();
    println!("safe_nvidia: GPU suite passed");
}

fn streams_and_events(device: &Device) {
    let module = Module::from_bytes(PTX.as_bytes()).unwrap();
    let scale = module.function("scale").unwrap();
    let n = 1usize << 24;
    let blocks = n.div_ceil(256) as u32;

    // An event never recorded is complete and makes nothing wait.
    let unrecorded = Event::new().unwrap();
    assert!(unrecorded.is_complete());
    unrecorded.synchronize().unwrap();

    // Elapsed time around a kernel.
    let s = Stream::new(device).unwrap();
    let (start, stop) = (Event::new().unwrap(), Event::new().unwrap());
    let mut x = DeviceBuffer::from_slice(&vec![1.0f32; n]).unwrap();
    start.record(&s).unwrap();
    // SAFETY: scale touches x[0..n), which `x` holds.
    unsafe {
        scale
            .launch_builder(&s)
            .grid(Dim3::x(blocks))
            .block(Dim3::x(256))
            .arg_buffer_mut(&mut x)
            .arg(&2.0f32)
            .arg(&(n as i32))
            .launch()
            .unwrap();
    }
    stop.record(&s).unwrap();
    stop.synchronize().unwrap();
    assert!(start.is_complete() && stop.is_complete());
    assert!(s.is_idle());
    let ms = start.elapsed_ms(&stop).unwrap();
    assert!(ms.is_finite() && ms >= 0.0, "{ms}");
    println!("safe_nvidia: scale of {n} floats took {ms:.3} ms");
    assert!(unrecorded.elapsed_ms(&stop).is_err());
    assert!(x.to_vec().unwrap().iter().all(|&v| v == 2.0));

    // Cross-stream order: s2 (non-blocking) waits for s1's copy through an event.
    let (s1, s2) = (
        Stream::new(device).unwrap(),
        Stream::non_blocking(device).unwrap(),
    );
    let ready = Event::new().unwrap();
    let values: Vec<f32> = (0..n).map(|i| (i % 1000) as f32).collect();
    s1.copy_to_device(values.clone(), &mut x).unwrap();
    ready.record(&s1).unwrap();
    ready.make_wait(&s2).unwrap();
    unrecorded.make_wait(&s2).unwrap();
    // SAFETY: as above.
    unsafe {
        scale
            .launch_builder(&s2)
            .grid(Dim3::x(blocks))
            .block(Dim3::x(256))
            .arg_buffer_mut(&mut x)
            .arg(&3.0f32)
            .arg(&(n as i32))
            .launch()
            .unwrap();
    }
    s2.synchronize().unwrap();
    let got = x.to_vec().unwrap();
    for (i, (g, v)) in got.iter().zip(&values).enumerate() {
        assert_eq!(*g, v * 3.0, "element {i}");
    }
    // Dropping a stream waits for its work.
    let s3 = Stream::new(device).unwrap();
    // SAFETY: as above.
    unsafe {
        scale
            .launch_builder(&s3)
            .grid(Dim3::x(blocks))
            .block(Dim3::x(256))
            .arg_buffer_mut(&mut x)
            .arg(&0.5f32)
            .arg(&(n as i32))
            .launch()
            .unwrap();
    }
    drop(s3);
    let got = x.to_vec().unwrap();
    assert!(got.iter().zip(&values).all(|(g, v)| *g == v * 1.5));
}

fn modules_and_launches(device: &Device) {
    let stream = Stream::new(device).unwrap();
    let module = Module::from_bytes(PTX.as_bytes()).unwrap();
    let scale = module.function("scale").unwrap();
    let bump = module.function("bump").unwrap();
    assert_eq!(scale.name(), "scale");
    assert_eq!(bump.name(), "bump");
    if driver_has_param_info() {
        assert_eq!(scale.param_count(), Some(3));
        assert_eq!(bump.param_count(), Some(0));
    } else {
        println!("safe_nvidia: driver before CUDA 12.4: kernel arguments are not checked");
        assert_eq!(scale.param_count(), None);
    }

    // A launch whose size is not a multiple of the block.
    let n = 1_000_003usize;
    let mut data = DeviceBuffer::from_slice(&vec![1.5f32; n]).unwrap();
    // SAFETY: scale touches data[0..n), which `data` holds.
    unsafe {
        scale
            .launch_builder(&stream)
            .grid(Dim3::x(n.div_ceil(256) as u32))
            .block(Dim3::x(256))
            .arg_buffer_mut(&mut data)
            .arg(&3.0f32)
            .arg(&(n as i32))
            .launch()
            .unwrap();
    }
    stream.synchronize().unwrap();
    assert!(data.to_vec().unwrap().iter().all(|&v| v == 4.5));

    // Pinned host memory is usable by kernels (same address under unified addressing).
    let mut pinned = PinnedBuffer::<f32>::new(512).unwrap();
    for (i, v) in pinned.iter_mut().enumerate() {
        *v = i as f32;
    }
    let p = pinned.as_mut_ptr();
    // SAFETY: scale touches p[0..512), which `pinned` holds until the synchronize below.
    unsafe {
        scale
            .launch_builder(&stream)
            .grid(Dim3::x(2))
            .block(Dim3::x(256))
            .arg(&p)
            .arg(&2.0f32)
            .arg(&512i32)
            .launch()
            .unwrap();
    }
    stream.synchronize().unwrap();
    assert!(pinned.iter().enumerate().all(|(i, &v)| v == 2.0 * i as f32));

    // The global: read, bumped by a kernel, written, read back; a wrong size is refused.
    let g = module.global("launches_seen").unwrap();
    assert_eq!(g.size(), 4);
    assert_eq!(g.read::<u32>().unwrap(), 7);
    // SAFETY: bump takes no argument and only touches the module's global.
    unsafe {
        bump.launch_builder(&stream)
            .grid(Dim3::x(2))
            .block(Dim3::x(32))
            .launch()
            .unwrap();
    }
    stream.synchronize().unwrap();
    assert_eq!(g.read::<u32>().unwrap(), 7 + 64);
    g.write(&42u32).unwrap();
    assert_eq!(g.read::<u32>().unwrap(), 42);
    assert_eq!(g.read::<u64>().unwrap_err(), HipError::InvalidValue);
    assert_eq!(g.write(&1u16), Err(HipError::InvalidValue));
    assert_eq!(module.global("nope").err(), Some(HipError::NotFound));
    assert_eq!(module.function("nope").err(), Some(HipError::NotFound));
    assert_eq!(module.function("sc\0ale").err(), Some(HipError::NotFound));

    // A Function and a Global keep their module loaded.
    drop(module);
    // SAFETY: as the first launch.
    unsafe {
        scale
            .launch_builder(&stream)
            .grid(Dim3::x(n.div_ceil(256) as u32))
            .block(Dim3::x(256))
            .arg_buffer_mut(&mut data)
            .arg(&2.0f32)
            .arg(&(n as i32))
            .launch()
            .unwrap();
    }
    stream.synchronize().unwrap();
    assert!(data.to_vec().unwrap().iter().all(|&v| v == 9.0));
    assert_eq!(g.read::<u32>().unwrap(), 42);
    drop((scale, bump, g));

    // NUL-terminated PTX, and PTX from a file.
    let mut with_nul = PTX.as_bytes().to_vec();
    with_nul.push(0);
    let m2 = Module::from_bytes(&with_nul).unwrap();
    assert_eq!(m2.function("bump").unwrap().name(), "bump");
    let path = std::env::temp_dir().join(format!("ferrocm-safe-nvidia-{}.ptx", std::process::id()));
    std::fs::write(&path, PTX).unwrap();
    let m3 = Module::load(&path);
    let _ = std::fs::remove_file(&path);
    let m3 = m3.unwrap();
    let g3 = m3.global("launches_seen").unwrap();
    assert_eq!(
        g3.read::<u32>().unwrap(),
        7,
        "a fresh module has fresh globals"
    );
    assert_eq!(
        Module::load("/nonexistent/ferrocm/kernels.ptx").err(),
        Some(HipError::FileNotFound)
    );
}

fn argument_checks(device: &Device) {
    let stream = Stream::new(device).unwrap();
    let module = Module::from_bytes(PTX.as_bytes()).unwrap();
    let scale = module.function("scale").unwrap();
    let mut data = DeviceBuffer::<f32>::zeroed(16).unwrap();
    // SAFETY: each launch below is refused before the kernel runs.
    unsafe {
        if driver_has_param_info() {
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
        }
        // HIP's launch rules: at most 1024 threads per block, no empty grid.
        let e = scale
            .launch_builder(&stream)
            .block(Dim3::x(2048))
            .arg_buffer_mut(&mut data)
            .arg(&1.0f32)
            .arg(&16i32)
            .launch();
        assert_eq!(e, Err(HipError::InvalidConfiguration));
        let e = scale
            .launch_builder(&stream)
            .grid(Dim3::x(0))
            .arg_buffer_mut(&mut data)
            .arg(&1.0f32)
            .arg(&16i32)
            .launch();
        assert_eq!(e, Err(HipError::InvalidConfiguration));
        // More dynamic shared memory than a block can have.
        let e = scale
            .launch_builder(&stream)
            .shared_mem(64 << 20)
            .arg_buffer_mut(&mut data)
            .arg(&1.0f32)
            .arg(&16i32)
            .launch();
        assert!(e.is_err(), "{e:?}");
    }
    // The stream still works after refused launches.
    // SAFETY: 16 floats at `data`.
    unsafe {
        scale
            .launch_builder(&stream)
            .block(Dim3::x(16))
            .arg_buffer_mut(&mut data)
            .arg(&2.0f32)
            .arg(&16i32)
            .launch()
            .unwrap();
    }
    stream.synchronize().unwrap();
    assert!(data.to_vec().unwrap().iter().all(|&v| v == 0.0));
}

fn bad_images() {
    let e = Module::from_bytes(b"this is not PTX at all").err();
    println!("safe_nvidia: garbage image -> {e:?}");
    assert!(e.is_some());
    // Empty text: the driver's answer, whatever it is, without reading past the slice.
    let e = Module::from_bytes(b"").err();
    println!("safe_nvidia: empty image -> {e:?}");
    // nvcc's fat-binary wrapper holds a pointer: refused from bytes.
    let mut wrapper = 0x4662_43B1u32.to_le_bytes().to_vec();
    wrapper.resize(24, 0);
    assert_eq!(
        Module::from_bytes(&wrapper).err(),
        Some(HipError::InvalidImage)
    );
    // A truncated ELF image and a fatbin announcing more than it holds.
    let mut elf = vec![0x7f, b'E', b'L', b'F', 2, 1];
    elf.resize(40, 0);
    assert_eq!(Module::from_bytes(&elf).err(), Some(HipError::InvalidImage));
    let mut fatbin = 0xBA55_ED50u32.to_le_bytes().to_vec();
    fatbin.extend_from_slice(&1u16.to_le_bytes());
    fatbin.extend_from_slice(&16u16.to_le_bytes());
    fatbin.extend_from_slice(&4096u64.to_le_bytes());
    fatbin.resize(64, 0);
    assert_eq!(
        Module::from_bytes(&fatbin).err(),
        Some(HipError::InvalidImage)
    );
}

fn closures_are_not_supported(device: &Device) {
    let stream = Stream::new(device).unwrap();
    let ran = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let r = std::sync::Arc::clone(&ran);
    let e = stream.launch(Dim3::x(1), Dim3::x(1), move |_| {
        r.store(true, std::sync::atomic::Ordering::SeqCst)
    });
    assert_eq!(e, Err(HipError::NotSupported));
    stream.synchronize().unwrap();
    assert!(!ran.load(std::sync::atomic::Ordering::SeqCst), "never run");
}
