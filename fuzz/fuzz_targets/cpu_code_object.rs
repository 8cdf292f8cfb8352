//! Malformed ELF for the CPU code-object reader: `cpu_engine::code_object::CodeObject::parse`
//! (what every loader calls first), the HSA code-object reader and the deprecated
//! `hsa_code_object_deserialize` on top of it (NVIDIA detection, then the CPU parser), and
//! hiprtc's reading of a compiled object's symbols (`lowered_names`).
//!
//! Not fuzzed: `CodeObject::load` and `Executable::load`, which `dlopen` the object and so
//! run its code (constructors, the kernel table function): the dynamic loader trusts the
//! ELF it maps, as every plugin loader does; `parse` is the gate in front of it.
#![no_main]

use std::sync::Once;

use cpu_engine::code_object::CodeObject;
use hsa::core::executable as exe;
use libfuzzer_sys::fuzz_target;

fn runtime() {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        // No GPU agents: the target exercises the readers, not a CUDA driver.
        hsa::disable_gpu_agents();
        hsa::core::runtime::init().expect("hsa_init");
    });
}

fuzz_target!(|data: &[u8]| {
    runtime();
    if let Ok(co) = CodeObject::parse(data) {
        // What a parsed object promises: named kernels with power-of-two alignments, the
        // bytes kept as given.
        for k in co.kernels() {
            assert!(!k.name().is_empty());
            assert!(k.kernarg_segment_alignment().is_power_of_two());
        }
        for v in co.variables() {
            assert!(!v.name().is_empty());
        }
        assert_eq!(co.bytes(), data);
    }
    // The HSA reader: a handle on success (destroyed again), an error code otherwise.
    match exe::reader_from_memory(data) {
        Ok(h) => {
            let r = exe::reader(h).expect("a reader just created is valid");
            assert_eq!(r.bytes.as_slice(), data);
            exe::reader_destroy(h).expect("destroy reader");
            assert!(exe::reader(h).is_err(), "a destroyed reader is gone");
        }
        Err(e) => assert!(
            data.is_empty() || e == hsa::HsaError::ERROR_INVALID_CODE_OBJECT,
            "reader error {e:?}"
        ),
    }
    // The safe API over the same reader, and executable loading as far as it goes without
    // running the object's code: an NVIDIA image must be refused by the CPU agent and as a
    // program code object (this target has no GPU agent).
    if let Ok(reader) = hsa::CodeObjectReader::from_bytes(data) {
        if reader.is_nvidia() {
            let rt = hsa::Runtime::current().expect("runtime");
            let cpu = rt.cpu_agent().expect("CPU agent");
            let exe = hsa::Executable::new().expect("executable");
            assert!(
                exe.load(&cpu, &reader).is_err(),
                "NVIDIA image loaded on the CPU"
            );
            assert!(
                exe.load_program(&reader).is_err(),
                "NVIDIA image loaded without GPU"
            );
            exe.freeze().expect("freeze an empty executable");
            assert!(exe.symbols().is_empty());
        } else {
            let parsed = CodeObject::parse(data).expect("the reader accepted it");
            let names: Vec<String> = parsed
                .kernels()
                .iter()
                .map(|k| k.name().to_owned())
                .collect();
            assert_eq!(reader.kernel_names(), names);
        }
    }
    if let Ok(h) = exe::code_object_deserialize(data) {
        exe::code_object_destroy(h).expect("destroy code object");
    }
    let anchors: Vec<String> = (0..3).map(hiprtc_core::lowered::anchor_symbol).collect();
    if let Ok(names) = hiprtc_core::lowered::lowered_names(data, &anchors) {
        assert_eq!(names.len(), anchors.len());
    }
});
