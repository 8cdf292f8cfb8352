//! The export table against the headers and the built library:
//! * every function `include/hip/hip_runtime_api.h`, `hip_ext.h` and `hip_runtime_pt_api.h`
//!   declare is in the table
//!   (so none is missing at link time), and every HIP API function of the table is declared;
//! * `libamdhip64.so` exports exactly the table's symbols, and `hipGetProcAddress` hands out
//!   the same addresses as the dynamic linker;
//! * `docs/HIP_API_COVERAGE.md` is what the table says (regenerate it with
//!   `FERROCM_UPDATE_DOCS=1 cargo test -p ferrocm-hip-capi --test export_table`).

use std::collections::BTreeSet;
use std::ffi::{c_char, c_int, c_void, CString};
use std::path::{Path, PathBuf};

use amdhip64::export_table::ApiStatus;
use amdhip64::exports::API;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../..")
        .canonicalize()
        .expect("repository root")
}

/// Names of the table that are not HIP API functions: the compiler and loader ABI that
/// hipcc- and nvcc-built programs call, and the unversioned device-property names that the
/// header renames to their `R0600` forms.
fn is_abi_only(name: &str) -> bool {
    name.starts_with("__cuda")
        || name.starts_with("__ferrocm")
        || name.starts_with("ferrocm_")
        || name.starts_with("cudaLaunchKernel")
        || name == "hipGetDeviceProperties"
        || name == "hipChooseDevice"
}

/// The functions a C header declares (not defines): statements at file or `extern "C"`
/// level of the form `<type> name(<params>);` whose name starts with `hip`, `__hip` or
/// `amd`. Comments, preprocessor lines and function bodies are skipped.
fn declared_functions(path: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // Comments and preprocessor lines (with continuations) out.
    let mut code = String::new();
    let mut chars = text.chars().peekable();
    let mut at_line_start = true;
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut prev = ' ';
                for d in chars.by_ref() {
                    if prev == '*' && d == '/' {
                        break;
                    }
                    prev = d;
                }
                code.push(' ');
            }
            '/' if chars.peek() == Some(&'/') => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        break;
                    }
                }
                code.push('\n');
                at_line_start = true;
            }
            '#' if at_line_start => {
                let mut prev = ' ';
                for d in chars.by_ref() {
                    if d == '\n' && prev != '\\' {
                        break;
                    }
                    prev = d;
                }
                code.push('\n');
            }
            '\n' => {
                code.push('\n');
                at_line_start = true;
            }
            c if c.is_whitespace() => code.push(c),
            c => {
                code.push(c);
                at_line_start = false;
            }
        }
    }
    let mut names = BTreeSet::new();
    let mut statement = String::new();
    let mut body_depth = 0usize;
    for c in code.chars() {
        if body_depth > 0 {
            match c {
                '{' => body_depth += 1,
                '}' => body_depth -= 1,
                _ => {}
            }
            continue;
        }
        match c {
            '{' => {
                // `extern "C" {` opens a linkage block, anything else a body or a type.
                if statement.trim_end().ends_with("extern \"C\"") {
                    statement.clear();
                } else {
                    body_depth = 1;
                    statement.clear();
                }
            }
            '}' | ';' => {
                let s = statement.split_whitespace().collect::<Vec<_>>().join(" ");
                statement.clear();
                let skip = [
                    "typedef",
                    "struct",
                    "enum",
                    "union",
                    "template",
                    "using",
                    "static_assert",
                    "return",
                ];
                if skip.iter().any(|k| s.starts_with(k)) || s.contains("(*") {
                    continue;
                }
                // The first parenthesis that does not belong to an attribute macro
                // (`HIP_DEPRECATED(...)`, `__attribute__((...))`) opens the parameters.
                let Some((start, name)) = function_name(&s) else {
                    continue;
                };
                let head = &s[..start];
                let has_type = !head.trim().is_empty();
                if has_type
                    && (name.starts_with("hip")
                        || name.starts_with("__hip")
                        || name.starts_with("amd"))
                {
                    names.insert(name.to_string());
                }
            }
            c => statement.push(c),
        }
    }
    names
}

/// The name before the parameter list of a declaration, and where it starts.
fn function_name(s: &str) -> Option<(usize, &str)> {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(rel) = s[from..].find('(') {
        let open = from + rel;
        let head = s[..open].trim_end();
        let start = head.rfind(|c: char| !is_ident(c)).map_or(0, |i| i + 1);
        let name = &head[start..];
        let is_attribute = name.starts_with("__attribute")
            || name == "__declspec"
            || (!name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'));
        if !is_attribute {
            return Some((start, name));
        }
        // Skip the attribute's balanced parentheses.
        let mut depth = 0usize;
        let mut end = open;
        for (i, c) in s[open..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        if end == open {
            return None;
        }
        from = end;
    }
    None
}

fn header_functions() -> BTreeSet<String> {
    let hip = repo_root().join("include/hip");
    let mut names = declared_functions(&hip.join("hip_runtime_api.h"));
    for extra in ["hip_ext.h", "hip_runtime_pt_api.h", "channel_descriptor.h"] {
        names.extend(declared_functions(&hip.join(extra)));
    }
    names
}

#[test]
fn the_parser_reads_declarations_only() {
    let dir = std::env::temp_dir().join(format!("ferrocm-export-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    let h = dir.join("t.h");
    std::fs::write(
        &h,
        "#define hipFoo hipFooR0600\n/* hipInComment(int); */\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\
         hipError_t hipA(int x);\nHIP_DEPRECATED(\"msg\") hipError_t hipB(void** p,\n  size_t n __dparm(0));\n\
         typedef void (*hipCb)(int);\nstatic inline hipError_t hipC(int y) { return hipA(y); }\n\
         const char* hipD(hipError_t e);\n// hipE(int);\ntemplate <class T> hipError_t hipF(T* p) { return hipB((void**)p, 1); }\n\
         #ifdef __cplusplus\n}\n#endif\n",
    )
    .expect("write t.h");
    let names: Vec<String> = declared_functions(&h).into_iter().collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(names, ["hipA", "hipB", "hipD"]);
}

/// Every declared function is in the table (exported), and every HIP function of the table
/// is declared.
#[test]
fn header_and_table_agree() {
    let declared = header_functions();
    assert!(
        declared.len() >= 400,
        "only {} functions found in the headers",
        declared.len()
    );
    let table: BTreeSet<String> = API.iter().map(|e| e.name.to_string()).collect();
    assert_eq!(table.len(), API.len(), "a name appears twice in the table");
    let missing: Vec<&String> = declared.difference(&table).collect();
    assert!(
        missing.is_empty(),
        "declared in include/hip but not in the export table (would fail to link): {missing:?}"
    );
    let undeclared: Vec<&String> = table
        .difference(&declared)
        .filter(|n| !is_abi_only(n))
        .collect();
    assert!(
        undeclared.is_empty(),
        "in the export table but declared by no header: {undeclared:?}"
    );
}

/// The library's dynamic symbols are the table's, and `hipGetProcAddress` agrees with the
/// dynamic linker for every one of them.
#[test]
fn library_exports_the_table() {
    // The test executable is target/<profile>/deps/export_table-<hash>. `cargo test
    // --workspace` leaves the cdylib in deps/, `cargo build` in target/<profile>/: take the
    // newer of the two.
    let exe = std::env::current_exe().expect("test executable");
    let deps = exe.parent().expect("deps directory");
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let lib = [deps.join("libamdhip64.so"), deps.join("../libamdhip64.so")]
        .into_iter()
        .filter_map(|p| modified(&p).map(|t| (t, p)))
        .max_by_key(|(t, _)| *t)
        .map(|(_, p)| p)
        .unwrap_or_else(|| {
            panic!(
                "libamdhip64.so not built in {} or above: run `cargo test --workspace` (or \
                 `cargo build -p ferrocm-hip-capi` first)",
                deps.display()
            )
        });
    // `cargo test -p ferrocm-hip-capi` builds the rlib only: refuse a library older than it.
    let newest_rlib = std::fs::read_dir(deps)
        .expect("read deps")
        .flatten()
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.starts_with("libamdhip64") && n.ends_with(".rlib")
        })
        .filter_map(|e| e.metadata().and_then(|m| m.modified()).ok())
        .max();
    let lib_time = modified(&lib).expect("library time");
    if let Some(rlib_time) = newest_rlib {
        assert!(
            lib_time + std::time::Duration::from_secs(2) >= rlib_time,
            "{} is older than the crate: run `cargo build -p ferrocm-hip-capi` first",
            lib.display()
        );
    }
    let path = CString::new(lib.to_string_lossy().as_bytes()).expect("path");
    // SAFETY: dlopen of our own library; its constructors only register nothing here.
    let handle = unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
    assert!(!handle.is_null(), "dlopen {}", lib.display());
    type GetProcAddress =
        unsafe extern "C" fn(*const c_char, *mut *mut c_void, c_int, u64, *mut c_int) -> u32;
    // SAFETY: a NUL-terminated name; the handle is live.
    let gpa = unsafe { libc::dlsym(handle, c"hipGetProcAddress".as_ptr()) };
    assert!(!gpa.is_null(), "hipGetProcAddress is not exported");
    // SAFETY: hipGetProcAddress has this C signature (hip_runtime_api.h).
    let gpa: GetProcAddress = unsafe { std::mem::transmute(gpa) };
    let mut missing = Vec::new();
    let mut mismatched = Vec::new();
    for e in API {
        let name = CString::new(e.name).expect("name");
        // SAFETY: as above.
        let by_linker = unsafe { libc::dlsym(handle, name.as_ptr()) };
        if by_linker.is_null() {
            missing.push(e.name);
            continue;
        }
        let (mut pfn, mut status) = (std::ptr::null_mut(), -1);
        // SAFETY: valid out-pointers; version 6.3.
        let rc = unsafe { gpa(name.as_ptr(), &mut pfn, 60300000, 0, &mut status) };
        if rc != 0 || status != 0 || pfn != by_linker {
            mismatched.push(e.name);
        }
    }
    let (mut pfn, mut status) = (std::ptr::null_mut::<c_void>(), -1);
    // SAFETY: as above.
    let rc = unsafe {
        gpa(
            c"hipNoSuchFunction".as_ptr(),
            &mut pfn,
            60300000,
            0,
            &mut status,
        )
    };
    // SAFETY: the handle came from dlopen.
    unsafe { libc::dlclose(handle) };
    assert!(
        missing.is_empty(),
        "in the table but not exported: {missing:?}"
    );
    assert!(
        mismatched.is_empty(),
        "hipGetProcAddress disagrees with dlsym for {mismatched:?}"
    );
    assert_eq!(
        (rc, status, pfn),
        (500, 1, std::ptr::null_mut()),
        "unknown name: hipErrorNotFound, SYMBOL_NOT_FOUND, NULL"
    );
}

/// What each area of not-yet-implemented functions is waiting for.
fn area_note(area: &str) -> &'static str {
    match area {
        "textures and surfaces" | "arrays" => "textures, surfaces and arrays: a software sampler on the CPU, `cuTexObject*`/`cuArray*` on NVIDIA (issue 16)",
        "sparse arrays" => "sparse (tiled) arrays and their page mapping: no array is created sparse on either platform",
        "cooperative launch" => "grid-wide synchronisation on the CPU engine (issue 16)",
        "AMD extensions" => "`hip_ext.h` extensions with a meaning off AMD hardware (issue 16)",
        "IPC" | "memory-pool IPC" => "memory shared between processes: memfd on the CPU, `cuIpc*` on NVIDIA (issue 17)",
        "peer access" => "several devices and peer copies (issue 17)",
        "contexts" => "the context API over primary contexts (issue 17)",
        "external resources and graphics interop" => "external memory/semaphores and graphics interop (issue 17)",
        "stream memory operations" => "stream wait/write value and batch memory operations (issue 17)",
        "virtual memory" => "address reservation and mapping: `mmap` on the CPU, `cuMem*` on NVIDIA (issue 17)",
        "graphs" => "the graph node kinds and graph calls not written yet (issue 16)",
        "managed memory hints" => "advice, prefetch and range attributes for managed memory (issue 16)",
        "modules and launch" => "the rest of the module, function and launch API (issue 16)",
        "profiler control" => "`hipProfilerStart/Stop`: tracing is switched on from outside, by rocprofv3 (issue 21)",
        _ => "the rest of the runtime API (issues 16 and 17)",
    }
}

fn coverage_markdown() -> String {
    let implemented: Vec<&str> = API
        .iter()
        .filter(|e| e.status == ApiStatus::Implemented && !is_abi_only(e.name))
        .map(|e| e.name)
        .collect();
    let api_total = API.iter().filter(|e| !is_abi_only(e.name)).count();
    let mut by_area: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
    for e in API {
        if let ApiStatus::NotSupported(area) = e.status {
            by_area.entry(area).or_default().push(e.name);
        }
    }
    let mut md = String::new();
    md.push_str("# HIP runtime API coverage\n\n");
    md.push_str("Generated from the export table (`crates/capi/amdhip64/src/exports.rs`) by\n");
    md.push_str(
        "`crates/capi/amdhip64/tests/export_table.rs`; do not edit by hand. Regenerate with\n",
    );
    md.push_str("`FERROCM_UPDATE_DOCS=1 cargo test -p ferrocm-hip-capi --test export_table`.\n\n");
    md.push_str(&format!(
        "Every one of the {api_total} functions of ROCm 6.3's `hip_runtime_api.h`, `hip_ext.h` and `hip_runtime_pt_api.h` is declared by\n\
         `include/hip` and exported by `libamdhip64.so` (the same test checks both, and that `hipGetProcAddress`\n\
         finds each), so no HIP program fails to link. **{} are implemented**; the other {} return\n\
         `hipErrorNotSupported` (and set it as the last error) until their area is built.\n\n",
        implemented.len(),
        api_total - implemented.len()
    ));
    md.push_str("Left out on purpose: `hip_init()`, which ROCm's header declares with C++ linkage as an internal\n");
    md.push_str("initialiser of AMD's runtime (undocumented; initialisation here is implicit, as HIP documents).\n\n");
    md.push_str("An implemented function works on both platforms (the CPU and NVIDIA) unless `docs/HIP_CPU.md` or\n");
    md.push_str("`docs/HIP_NVIDIA.md` name a limit.\n\n");
    md.push_str(
        "## Not supported yet, by area\n\n| area | what it needs | functions |\n|---|---|---|\n",
    );
    for (area, names) in &by_area {
        md.push_str(&format!(
            "| {area} ({}) | {} | {} |\n",
            names.len(),
            area_note(area),
            names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    md.push_str(&format!("\n## Implemented ({})\n\n", implemented.len()));
    let mut sorted = implemented.clone();
    sorted.sort_unstable();
    md.push_str(
        &sorted
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", "),
    );
    md.push_str("\n\n## Compiler and loader ABI (exported, not part of the HIP API)\n\n");
    let abi: Vec<String> = API
        .iter()
        .filter(|e| is_abi_only(e.name))
        .map(|e| format!("`{}`", e.name))
        .collect();
    md.push_str(&abi.join(", "));
    md.push('\n');
    md
}

/// `docs/HIP_API_COVERAGE.md` is current; prints the counts.
#[test]
fn coverage_doc_is_current() {
    let api: Vec<_> = API.iter().filter(|e| !is_abi_only(e.name)).collect();
    let implemented = api
        .iter()
        .filter(|e| e.status == ApiStatus::Implemented)
        .count();
    println!(
        "HIP runtime API: {} functions declared and exported; implemented: {implemented} on the CPU, {implemented} on NVIDIA; {} return hipErrorNotSupported",
        api.len(),
        api.len() - implemented
    );
    let path = repo_root().join("docs/HIP_API_COVERAGE.md");
    let want = coverage_markdown();
    if std::env::var_os("FERROCM_UPDATE_DOCS").is_some() {
        std::fs::write(&path, &want).expect("write docs/HIP_API_COVERAGE.md");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "docs/HIP_API_COVERAGE.md is out of date: run FERROCM_UPDATE_DOCS=1 cargo test -p ferrocm-hip-capi --test export_table"
    );
}
