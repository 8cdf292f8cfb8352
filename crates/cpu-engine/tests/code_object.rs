//! CPU code objects compiled from `tests/kernels/*.c` at test time with the host C compiler
//! (`$CC`, default `cc`): parse, load, run, read globals; and malformed code objects.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

use common::{dispatch, engines};
use cpu_engine::abi::{
    DeviceOps, KernelAttributes, KernelDescriptor, KernelParams, WorkItem, ABI_VERSION,
    KERNEL_DESCRIPTOR_MAGIC, KERNEL_DESCRIPTOR_WITH_ATTRIBUTES_SIZE, KERNEL_FLAG_DYNAMIC_CALLSTACK,
    MAX_WORKGROUP_SIZE, WAVEFRONT_SIZE,
};
use cpu_engine::{CodeObject, CodeObjectError, Dispatch, Engine};

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Compiles `tests/kernels/<name>.c` with `extra` flags (once per test binary) and returns
/// the bytes of the result.
fn build(name: &str, extra: &[&str]) -> Vec<u8> {
    static CACHE: OnceLock<Mutex<HashMap<String, Vec<u8>>>> = OnceLock::new();
    let key = format!("{name}{extra:?}");
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(b) = cache.get(&key) {
        return b.clone();
    }
    let src = crate_dir().join("tests/kernels").join(format!("{name}.c"));
    let include = crate_dir().join("../../include");
    let suffix = if extra.contains(&"-c") { "o" } else { "so" };
    let out: PathBuf =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}.{suffix}", cache.len()));
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let mut cmd = Command::new(&cc);
    if !extra.contains(&"-c") {
        cmd.args(["-shared", "-fPIC"]);
    }
    cmd.args(["-O2", "-Wall", "-Werror", "-I"])
        .arg(&include)
        .args(extra)
        .arg(&src)
        .arg("-o")
        .arg(&out);
    let output = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run `{cc}`: {e}"));
    assert!(
        output.status.success(),
        "{cmd:?} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bytes = std::fs::read(&out).expect("read compiled code object");
    cache.insert(key, bytes.clone());
    bytes
}

fn so(name: &str) -> Vec<u8> {
    build(name, &[])
}

#[repr(C)]
struct VaddArgs {
    a: *const f32,
    b: *const f32,
    c: *mut f32,
    n: u64,
}

#[test]
fn vector_add_code_object_parses_loads_and_runs() {
    let co = CodeObject::parse(&so("vector_add")).expect("parse");
    assert_eq!(co.abi_version(), 1);
    let names: Vec<&str> = co.kernels().iter().map(|k| k.name()).collect();
    assert_eq!(names, ["vector_add"]);
    let info = &co.kernels()[0];
    assert_eq!(
        (
            info.kernarg_segment_size(),
            info.kernarg_segment_alignment()
        ),
        (32, 8)
    );
    assert_eq!(
        (
            info.group_segment_size(),
            info.private_segment_size(),
            info.flags()
        ),
        (0, 0, 0)
    );
    let mut vars: Vec<(&str, u64)> = co
        .variables()
        .iter()
        .map(|v| (v.name(), v.size()))
        .collect();
    vars.sort();
    assert_eq!(vars, [("groups_run", 8), ("scale_hint", 4), ("table", 128)]);

    let loaded = co.load().expect("load");
    let k = loaded.kernel("vector_add").expect("kernel");
    assert!(k.workgroup_fn().is_some());
    assert_eq!(k.descriptor().magic, KERNEL_DESCRIPTOR_MAGIC);
    assert!(!k.descriptor_address().is_null());
    let kernel = k.kernel();

    let scale = loaded.variable("scale_hint").expect("variable");
    // SAFETY: `scale_hint` is an int32_t of the loaded object.
    assert_eq!(unsafe { *(scale.address() as *const i32) }, 42);
    let table = loaded.variable("table").expect("variable");
    // SAFETY: `table` is a double[16] of the loaded object.
    let table = unsafe { *(table.address() as *const [f64; 16]) };
    assert_eq!(table[..4], [1.0, 2.0, 3.0, 0.0]);

    for e in engines() {
        for (n, wg) in [(1_000_003usize, 256u32), (1000, 64), (1, 1)] {
            let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
            let b: Vec<f32> = (0..n).map(|i| 2.0 * i as f32 + 0.5).collect();
            let mut c = vec![0f32; n];
            let args = VaddArgs {
                a: a.as_ptr(),
                b: b.as_ptr(),
                c: c.as_mut_ptr(),
                n: n as u64,
            };
            e.run(&dispatch(&kernel, 1, [wg, 1, 1], [n as u32, 1, 1], &args))
                .expect("dispatch");
            assert!(
                c.iter().enumerate().all(|(i, &v)| v == a[i] + b[i]),
                "vector add of {n}"
            );
        }
    }
    let groups = loaded.variable("groups_run").expect("variable");
    // SAFETY: `groups_run` is a uint64_t of the loaded object (no dispatch runs now).
    let groups_run = unsafe { *(groups.address() as *const u64) };
    let expected = 2 * (1_000_003u64.div_ceil(256) + 1000u64.div_ceil(64) + 1);
    assert_eq!(
        groups_run, expected,
        "work-item 0 of every group runs through workitem_fn"
    );
}

#[test]
fn each_load_is_a_separate_instance() {
    let co = CodeObject::parse(&so("vector_add")).expect("parse");
    let first = co.load().expect("load");
    let second = co.load().expect("load");
    let a = first.variable("scale_hint").expect("variable").address() as *mut i32;
    let b = second.variable("scale_hint").expect("variable").address() as *mut i32;
    assert_ne!(a, b);
    // SAFETY: both are the int32_t `scale_hint` of a live instance.
    unsafe {
        *a = 7;
        assert_eq!(*b, 42);
    }
    assert_ne!(
        first.kernels()[0].descriptor_address(),
        second.kernels()[0].descriptor_address()
    );
    drop(first);
    // Loading again after an unload (the fd number may be reused) still gives a fresh instance.
    for _ in 0..5 {
        let again = co.load().expect("load");
        let c = again.variable("scale_hint").expect("variable").address() as *const i32;
        // SAFETY: a live instance's int32_t.
        assert_eq!(unsafe { *c }, 42);
    }
    // SAFETY: still the live second instance.
    assert_eq!(unsafe { *b }, 42);
}

#[repr(C)]
struct ReduceArgs {
    input: *const u32,
    out: *mut u32,
    n: u64,
}

#[test]
fn reduction_code_object_with_barriers_and_wave_ops() {
    let co = CodeObject::parse(&so("reduce")).expect("parse");
    let mut names: Vec<&str> = co.kernels().iter().map(|k| k.name()).collect();
    names.sort();
    assert_eq!(names, ["block_reduce", "wave_reduce"]);
    let loaded = co.load().expect("load");
    let block = loaded.kernel("block_reduce").expect("kernel");
    assert_eq!(block.group_segment_size(), 1024);
    let block = block.kernel();
    let wave = loaded.kernel("wave_reduce").expect("kernel").kernel();
    let n = 100_000u32;
    let input: Vec<u32> = (0..n).map(|i| (i * 7) % 101).collect();
    for e in engines() {
        let mut out = vec![0u32; n.div_ceil(256) as usize];
        let args = ReduceArgs {
            input: input.as_ptr(),
            out: out.as_mut_ptr(),
            n: u64::from(n),
        };
        e.run(&dispatch(&block, 1, [256, 1, 1], [n, 1, 1], &args))
            .expect("dispatch");
        for (g, chunk) in input.chunks(256).enumerate() {
            assert_eq!(out[g], chunk.iter().sum::<u32>(), "block {g}");
        }
        let mut out = vec![0u32; n.div_ceil(64) as usize];
        let args = ReduceArgs {
            input: input.as_ptr(),
            out: out.as_mut_ptr(),
            n: u64::from(n),
        };
        e.run(&dispatch(&wave, 1, [192, 1, 1], [n, 1, 1], &args))
            .expect("dispatch");
        for (w, chunk) in input.chunks(64).enumerate() {
            assert_eq!(out[w], chunk.iter().sum::<u32>(), "wave {w}");
        }
    }
    // A dispatch with less group memory than the kernel's static size is rejected.
    let d = Dispatch {
        group_segment_size: 16,
        ..dispatch(&block, 1, [256, 1, 1], [256, 1, 1], std::ptr::null::<u8>())
    };
    assert!(Engine::global().run(&d).is_err());
}

#[test]
fn c_compiler_agrees_with_the_rust_layouts() {
    use std::mem::{offset_of, size_of};
    let co = CodeObject::parse(&so("layout")).expect("parse");
    assert!(co.kernels().is_empty());
    let loaded = co.load().expect("load");
    let read = |name: &str, n: usize| -> Vec<u32> {
        let v = loaded.variable(name).expect("variable");
        assert_eq!(v.size(), 4 * n as u64, "{name}");
        // SAFETY: a const uint32_t[n] of the loaded object.
        unsafe { std::slice::from_raw_parts(v.address() as *const u32, n) }.to_vec()
    };
    let w = |o: usize| o as u32;
    assert_eq!(
        read("workitem_layout", 20),
        [
            w(size_of::<WorkItem>()),
            w(offset_of!(WorkItem, local_id)),
            w(offset_of!(WorkItem, group_id)),
            w(offset_of!(WorkItem, workgroup_size)),
            w(offset_of!(WorkItem, local_size)),
            w(offset_of!(WorkItem, grid_size)),
            w(offset_of!(WorkItem, num_groups)),
            w(offset_of!(WorkItem, dimensions)),
            w(offset_of!(WorkItem, flat_local_id)),
            w(offset_of!(WorkItem, group_segment)),
            w(offset_of!(WorkItem, group_segment_size)),
            w(offset_of!(WorkItem, dynamic_group_offset)),
            w(offset_of!(WorkItem, private_segment)),
            w(offset_of!(WorkItem, kernarg)),
            w(offset_of!(WorkItem, ops)),
            w(offset_of!(WorkItem, dispatch_id)),
            w(offset_of!(WorkItem, range_end)),
            w(offset_of!(WorkItem, reserved0)),
            w(offset_of!(WorkItem, engine_private)),
            w(offset_of!(WorkItem, reserved)),
        ]
    );
    assert_eq!(
        read("device_ops_layout", 6),
        [
            w(size_of::<DeviceOps>()),
            w(offset_of!(DeviceOps, version)),
            w(offset_of!(DeviceOps, size)),
            w(offset_of!(DeviceOps, barrier)),
            w(offset_of!(DeviceOps, wave_exchange)),
            w(offset_of!(DeviceOps, reserved)),
        ]
    );
    assert_eq!(
        read("descriptor_layout", 14),
        [
            // The C struct includes the optional `attributes` pointer (offset 64).
            w(KERNEL_DESCRIPTOR_WITH_ATTRIBUTES_SIZE),
            w(offset_of!(KernelDescriptor, magic)),
            w(offset_of!(KernelDescriptor, abi_version)),
            w(offset_of!(KernelDescriptor, kernarg_segment_size)),
            w(offset_of!(KernelDescriptor, kernarg_segment_alignment)),
            w(offset_of!(KernelDescriptor, group_segment_size)),
            w(offset_of!(KernelDescriptor, private_segment_size)),
            w(offset_of!(KernelDescriptor, flags)),
            w(offset_of!(KernelDescriptor, reserved0)),
            w(offset_of!(KernelDescriptor, workitem_fn)),
            w(offset_of!(KernelDescriptor, workgroup_fn)),
            w(offset_of!(KernelDescriptor, params)),
            w(offset_of!(KernelDescriptor, host_function)),
            w(size_of::<KernelDescriptor>()),
        ]
    );
    assert_eq!(
        read("attributes_layout", 5),
        [
            w(size_of::<KernelAttributes>()),
            w(offset_of!(KernelAttributes, max_threads_per_block)),
            w(offset_of!(KernelAttributes, min_blocks_per_multiprocessor)),
            w(offset_of!(KernelAttributes, static_shared_size)),
            w(offset_of!(KernelAttributes, reserved)),
        ]
    );
    assert_eq!(
        read("params_layout", 5),
        [
            w(size_of::<KernelParams>()),
            w(offset_of!(KernelParams, count)),
            w(offset_of!(KernelParams, explicit_size)),
            w(offset_of!(KernelParams, offsets)),
            w(offset_of!(KernelParams, sizes)),
        ]
    );
    assert_eq!(
        read("constants", 5),
        [
            ABI_VERSION,
            WAVEFRONT_SIZE,
            MAX_WORKGROUP_SIZE,
            KERNEL_DESCRIPTOR_MAGIC,
            KERNEL_FLAG_DYNAMIC_CALLSTACK
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Kernel tables (`ferrocm_code_object_kernels`, what hipcc --genco emits)
// ---------------------------------------------------------------------------------------------

#[test]
fn kernel_table_kernels_are_named_by_their_host_function() {
    let co = CodeObject::parse(&so("kernel_table")).expect("parse");
    assert!(co.has_kernel_table());
    // Before loading only the `.kd` kernel is known (the table is code).
    let names: Vec<&str> = co.kernels().iter().map(|k| k.name()).collect();
    assert_eq!(names, ["plain"]);

    let loaded = co.load().expect("load");
    let names: Vec<&str> = loaded.kernels().iter().map(|k| k.name()).collect();
    // `.kd` kernels first, then the table's (in section order, which the compiler chooses);
    // the repeated entry and the kernel whose function has no dynamic symbol are left out.
    assert_eq!(names[0], "plain");
    let mut table_names = names[1..].to_vec();
    table_names.sort_unstable();
    assert_eq!(table_names, ["_Z4vaddPKfS0_Pfm", "scale"]);

    let vadd = loaded.kernel("_Z4vaddPKfS0_Pfm").expect("table kernel");
    assert_eq!(
        (
            vadd.kernarg_segment_size(),
            vadd.kernarg_segment_alignment()
        ),
        (48, 16)
    );
    let args = vadd.arguments().expect("argument layout");
    assert_eq!(args.count(), 4);
    assert_eq!(args.explicit_size(), 32);
    assert_eq!(args.offsets(), [0, 8, 16, 24]);
    assert_eq!(args.sizes(), [8, 8, 8, 8]);
    assert_eq!(
        vadd.host_function(),
        loaded
            .dlsym("_Z4vaddPKfS0_Pfm")
            .expect("dlsym")
            .cast_const()
    );
    assert_eq!(
        vadd.descriptor_address().cast::<std::ffi::c_void>(),
        loaded.dlsym("vadd_descriptor").expect("dlsym").cast_const()
    );
    let scale = loaded.kernel("scale").expect("table kernel");
    assert_eq!(scale.group_segment_size(), 128);
    assert!(scale.arguments().is_none());
    assert!(loaded
        .kernel("plain")
        .expect("kd kernel")
        .arguments()
        .is_none());

    // The exported descriptor is a variable before loading, not after.
    assert!(co.variables().iter().any(|v| v.name() == "vadd_descriptor"));
    assert!(loaded.variable("vadd_descriptor").is_none());

    // Table kernels run like any other.
    let kernel = vadd.kernel();
    let n = 1000usize;
    let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let b = vec![0.5f32; n];
    let mut c = vec![0f32; n];
    let kernarg = VaddArgs {
        a: a.as_ptr(),
        b: b.as_ptr(),
        c: c.as_mut_ptr(),
        n: n as u64,
    };
    Engine::global()
        .run(&dispatch(
            &kernel,
            1,
            [64, 1, 1],
            [n as u32, 1, 1],
            &kernarg,
        ))
        .expect("dispatch");
    assert!(c.iter().enumerate().all(|(i, &v)| v == a[i] + 0.5));
}

#[test]
fn empty_kernel_table_is_fine() {
    let co = CodeObject::parse(&build("kernel_table", &["-DEMPTY_TABLE"])).expect("parse");
    assert!(co.has_kernel_table());
    let loaded = co.load().expect("load");
    let names: Vec<&str> = loaded.kernels().iter().map(|k| k.name()).collect();
    assert_eq!(names, ["plain"]);
    // Not a table kernel here, so it stays an ordinary variable.
    assert!(loaded.variable("vadd_descriptor").is_some());
}

#[test]
fn kernel_table_entry_without_host_function_is_rejected() {
    let co = CodeObject::parse(&build("kernel_table", &["-DNULL_HOST"])).expect("parse");
    match co.load() {
        Err(CodeObjectError::BadKernelDescriptor { reason, .. }) => {
            assert!(reason.contains("host_function"), "{reason}")
        }
        other => panic!("expected a bad-descriptor error, got {other:?}"),
    }
}

#[test]
fn kernel_table_with_bad_argument_layout_is_rejected() {
    let co = CodeObject::parse(&build("kernel_table", &["-DBAD_PARAMS"])).expect("parse");
    match co.load() {
        Err(CodeObjectError::BadKernelDescriptor { kernel, reason }) => {
            assert_eq!(kernel, "_Z4vaddPKfS0_Pfm");
            assert!(reason.contains("argument 3"), "{reason}");
        }
        other => panic!("expected a bad-descriptor error, got {other:?}"),
    }
}

#[test]
fn two_table_kernels_with_one_name_are_rejected() {
    let co = CodeObject::parse(&build("kernel_table", &["-DDUPLICATE"])).expect("parse");
    let r = co.load();
    assert!(
        matches!(&r, Err(CodeObjectError::DuplicateSymbol(name)) if name == "scale"),
        "{r:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Bad code objects
// ---------------------------------------------------------------------------------------------

#[test]
fn random_bytes_are_rejected() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for len in [0usize, 1, 3, 4, 16, 64, 1000, 100_000] {
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                (seed >> 33) as u8
            })
            .collect();
        assert!(
            matches!(CodeObject::parse(&bytes), Err(CodeObjectError::NotElf)),
            "{len} random bytes"
        );
    }
}

#[test]
fn truncated_elf_is_rejected() {
    let bytes = so("vector_add");
    for len in [
        17,
        63,
        64,
        100,
        bytes.len() / 4,
        bytes.len() / 2,
        bytes.len() - 1,
    ] {
        let r = CodeObject::parse(&bytes[..len]);
        assert!(
            r.is_err(),
            "truncated to {len} of {} bytes: {r:?}",
            bytes.len()
        );
    }
}

#[test]
fn corrupted_elf_never_panics() {
    let bytes = so("vector_add");
    let mut seed = 12345u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..3000 {
        let mut b = bytes.clone();
        for _ in 0..1 + next() % 8 {
            // Bias corruption towards the headers, where the offsets and sizes are.
            let limit = if next() % 2 == 0 {
                256.min(b.len())
            } else {
                b.len()
            };
            let at = (next() % limit as u64) as usize;
            b[at] = next() as u8;
        }
        let _ = CodeObject::parse(&b); // must return, Ok or Err, without panicking
    }
}

#[test]
fn shared_object_without_abi_symbol_is_rejected() {
    let r = CodeObject::parse(&so("no_abi_symbol"));
    assert!(
        matches!(r, Err(CodeObjectError::MissingAbiVersion)),
        "{r:?}"
    );
}

#[test]
fn unsupported_abi_version_is_rejected() {
    let r = CodeObject::parse(&so("future_abi"));
    assert!(
        matches!(r, Err(CodeObjectError::UnsupportedAbiVersion(99))),
        "{r:?}"
    );
}

#[test]
fn descriptor_with_bad_magic_is_rejected() {
    let r = CodeObject::parse(&so("bad_magic"));
    match r {
        Err(CodeObjectError::BadKernelDescriptor { kernel, reason }) => {
            assert_eq!(kernel, "bad");
            assert!(reason.contains("magic"), "{reason}");
        }
        other => panic!("expected a bad-descriptor error, got {other:?}"),
    }
}

#[test]
fn descriptor_with_bad_alignment_is_rejected() {
    let r = CodeObject::parse(&so("bad_alignment"));
    assert!(
        matches!(r, Err(CodeObjectError::BadKernelDescriptor { .. })),
        "{r:?}"
    );
}

#[test]
fn descriptor_without_entry_point_is_rejected_at_load() {
    let co = CodeObject::parse(&so("null_entry")).expect("parse (pointers are checked at load)");
    let r = co.load();
    match r {
        Err(CodeObjectError::BadKernelDescriptor { kernel, reason }) => {
            assert_eq!(kernel, "empty");
            assert!(reason.contains("workitem_fn"), "{reason}");
        }
        other => panic!("expected a bad-descriptor error, got {other:?}"),
    }
}

#[test]
fn relocatable_object_is_not_a_shared_object() {
    let r = CodeObject::parse(&build("vector_add", &["-c", "-fPIC"]));
    assert!(
        matches!(r, Err(CodeObjectError::NotSharedObject(1))),
        "{r:?}"
    );
}

#[test]
fn wrong_machine_is_rejected() {
    let mut bytes = so("vector_add");
    bytes[18..20].copy_from_slice(&0x1234u16.to_le_bytes()); // e_machine
    let r = CodeObject::parse(&bytes);
    assert!(
        matches!(r, Err(CodeObjectError::WrongMachine { found: 0x1234, .. })),
        "{r:?}"
    );
}

#[test]
fn unresolvable_dependency_reports_dlerror() {
    // Valid for parse (an undefined symbol is not checked), but RTLD_NOW cannot bind it.
    let bytes = build("missing_symbol", &[]);
    let co = CodeObject::parse(&bytes).expect("parse");
    match co.load() {
        Err(CodeObjectError::Dlopen(msg)) => {
            assert!(msg.contains("ferrocm_no_such_function"), "{msg}")
        }
        other => panic!("expected a dlopen error, got {other:?}"),
    }
}

#[test]
fn errors_have_messages() {
    let e = CodeObject::parse(b"nope").expect_err("not elf");
    assert!(e.to_string().contains("ELF"));
}
