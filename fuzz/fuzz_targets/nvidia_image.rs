//! Malformed fatbins and cubins for the structural check every NVIDIA image passes before it
//! reaches the CUDA driver (`cuda::image`: `hipModuleLoadData`, nvcc's registered fat
//! binaries via `registry.rs`, HSA executables of NVIDIA agents), image detection, and the PTX
//! scans (`strip_ptx_comments`, HSA's `scan_ptx`).
//!
//! `registry.rs` itself (`__cudaRegisterFatBinary`) only reads the 4-byte magic and keeps the
//! pointer; the image is walked by `cuda::image::check` when a module is loaded, which is
//! what is fuzzed here (loading needs a GPU context).
#![no_main]

use cuda::image::{self, ImageKind};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let bounded = image::check_bytes(data);
    if bounded.is_ok() && data.len() >= 4 {
        // An image whose headers fit in the slice is complete: the pointer form (what the HIP
        // runtime calls on nvcc's images, with no length) reads only inside it and agrees.
        // SAFETY: `check_bytes` accepted the headers against `data.len()`, so every range
        // `check` reads lies inside `data`.
        let unbounded = unsafe { image::check(data.as_ptr().cast()) };
        assert_eq!(unbounded, bounded, "check and check_bytes disagree");
    }
    match image::detect(data) {
        Some(ImageKind::Fatbin) => assert!(data.len() >= 8),
        Some(ImageKind::Cubin) => assert!(data.starts_with(b"\x7fELF")),
        Some(ImageKind::Ptx) | None => {}
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let stripped = image::strip_ptx_comments(text);
        // Comments go, lines stay.
        assert_eq!(
            stripped.matches('\n').count(),
            text.matches('\n').count(),
            "strip_ptx_comments changed the line count"
        );
        let _ = hsa::core::nvidia::module::scan_ptx(text);
    }
});
