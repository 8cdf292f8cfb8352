//! HIP on the CPU platform, end to end: builds the HIP C++ programs in `benches/hip/` with our
//! `hipcc`, runs them against our `libamdhip64.so`, and prints each measurement beside the
//! native peers that the same program measured in the same run (hand-written C++ loops on one
//! thread and split over `std::thread`s with as many threads as the engine has workers,
//! `std::transform(std::execution::par_unseq)`, a condition-variable worker, a spinning worker,
//! `memcpy`), with the ratio ours/peer (time: above 1 means ours is slower). Where HIP-CPU
//! published or measured a figure for the same benchmark (`../shared/reference/hip-cpu-peer.md`
//! §6), it is printed too, labelled: it comes from HIP-CPU's reference machine, not this run.
//!
//! Programs: `vadd` (2^24 floats at blocks 64/256/1024, with and without a `__syncthreads()`,
//! and a large size), `saxpy` (2^24 floats), `transpose` (4096 x 4096 floats, tiled through
//! `__shared__` with a `__syncthreads()`, and naive), `barrier` (bare barriers and a
//! shared-memory exchange), `sgemm` (naive and tiled), `reduce` (shared tree, shuffles),
//! `launch` (launch + sync, enqueue rate), `memcpy` (1 KiB and 64 MiB), `thrust` (thrust::sort and
//! sort_by_key of 2^24 uint32, thrust::reduce of 2^26 floats, beside native sorts and loops),
//! `texture` (tex2D point and linear over a 4096 x 4096 float array against hand-written
//! nearest/bilinear kernels and loops), `multidev` (on two CPU devices, `FERROCM_CPU_DEVICES=2`:
//! `hipMemcpyPeer` against `memcpy`, and the release latency of `hipStreamWaitValue32` against a
//! `hipStreamWaitEvent`), `coop` (a two-phase sum with `this_grid().sync()` in one cooperative
//! launch against the same two phases as two ordinary launches). The output ends with a Markdown
//! summary table.
//!
//! Run (release: `cargo bench` uses the release profile's `hipcc` and `libamdhip64.so`, which
//! must be built first, as a bench cannot depend on another package's binaries):
//!
//! ```text
//! cargo build --release -p ferrocm-hipcc -p ferrocm-hip-capi
//! cargo bench -p ferrocm-benches --bench hip_cpu
//! ```
//!
//! Environment: `FERROCM_BENCH_QUICK=1` (fewer samples, smaller sizes: under a minute; the full
//! run takes about 1.5 minutes on 2 cores and needs 6 GiB for the 2^29 vadd);
//! `FERROCM_BENCH_HIP=vadd,launch` (only the programs whose name contains one of these);
//! `FERROCM_HIPCC=/path/hipcc` (another hipcc; it links programs with the `libamdhip64.so` of its
//! own layout); `FERROCM_BENCH_VADD_LARGE_LOG2`, `FERROCM_BENCH_SGEMM_N`,
//! `FERROCM_BENCH_TRANSPOSE_N` (sizes, see the programs); `FERROCM_CPU_WORKERS` (engine
//! workers, also the peers' thread count).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Instant, SystemTime};

use ferrocm_benches::{compare_row, engine_threads, fmt_ns, machine, peer_row, quick, Stats};

/// The programs in `benches/hip/`, in run order (short ones first).
const PROGRAMS: &[&str] = &[
    "launch",
    "memcpy",
    "multidev",
    "vadd",
    "saxpy",
    "transpose",
    "reduce",
    "barrier",
    "sgemm",
    "thrust",
    "texture",
    "coop",
];

/// HIP-CPU's figures (hip-cpu-peer.md §6), measured on its reference machine (a 2-vCPU
/// AVX-512 Xeon VM, g++ 12.2, TBB back end), never in this run: (group id, prefix of our
/// variant, text).
const HIP_CPU: &[(&str, &str, &str)] = &[
    (
        "vadd-2^24",
        "b",
        "22-25 ms at blocks 64-1024 (its par_unseq with TBB: 15.2 ms)",
    ),
    ("vadd-2^24", "sync-", "309-386 ms"),
    ("vadd-2^29", "b", "247.5 ms (its 1-thread loop: 421.2 ms)"),
    (
        "barrier-bare",
        "b",
        "~5 ns wall per work-item per barrier (66.1 ms in all)",
    ),
    ("sgemm-1024", "naive", "2285 ms (its 1-thread loop: 422 ms)"),
    ("launch-sync-stream", "", "43.5 us"),
    ("launch-sync-device", "", "79.4 us"),
    ("launch-enqueue", "", "0.25 us"),
    ("h2d-1KiB", "pinned", "0.0119 GB/s (~86 us per copy)"),
    ("d2h-1KiB", "pinned", "0.0119 GB/s (~86 us per copy)"),
    ("h2d-64MiB", "pinned", "7.1 GB/s"),
    ("d2h-64MiB", "pinned", "7.1 GB/s"),
];

fn hip_cpu_figure(group: &str, variant: &str) -> Option<String> {
    HIP_CPU
        .iter()
        .find(|(g, prefix, _)| *g == group && variant.starts_with(prefix))
        .map(|(_, _, text)| format!("HIP-CPU, its reference machine, NOT this run: {text}"))
}

fn repo_root() -> PathBuf {
    let benches = Path::new(env!("CARGO_MANIFEST_DIR"));
    benches.parent().unwrap_or(benches).to_path_buf()
}

/// `FERROCM_HIPCC`, else the `hipcc` of this bench's profile directory
/// (`<target>/release/deps/hip_cpu-*` -> `<target>/release/hipcc`).
fn find_hipcc() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("FERROCM_HIPCC").filter(|p| !p.is_empty()) {
        let p = PathBuf::from(p);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(format!("FERROCM_HIPCC={} is not a file", p.display()))
        };
    }
    let exe = std::env::current_exe().map_err(|e| format!("current_exe: {e}"))?;
    let profile = exe
        .parent()
        .and_then(Path::parent)
        .ok_or_else(|| format!("no profile directory above {}", exe.display()))?;
    let hipcc = profile.join("hipcc");
    if !hipcc.is_file() || !profile.join("libamdhip64.so").exists() {
        return Err(format!(
            "{} or libamdhip64.so next to it is missing: build them first with\n  \
             cargo build --release -p ferrocm-hipcc -p ferrocm-hip-capi\n\
             (with the same CARGO_TARGET_DIR as this bench), or set FERROCM_HIPCC",
            hipcc.display()
        ));
    }
    Ok(hipcc)
}

fn modified(p: &Path) -> Option<SystemTime> {
    std::fs::metadata(p).and_then(|m| m.modified()).ok()
}

/// The newest modification time of the files below `dir`.
fn newest_below(dir: &Path) -> Option<SystemTime> {
    let mut newest = None;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if let Some(t) = modified(&p) {
                newest = newest.max(Some(t));
            }
        }
    }
    newest
}

/// Warns when the runtime library or hipcc is older than the sources it is built from (a
/// stale build measures old code).
fn warn_if_stale(hipcc: &Path) {
    let root = repo_root();
    let lib = hipcc.with_file_name("libamdhip64.so");
    let sources = [
        "crates/hip/src",
        "crates/hsa/src",
        "crates/cpu-engine/src",
        "crates/capi/amdhip64/src",
        "crates/tools/hipcc/src",
    ];
    let newest = sources
        .iter()
        .filter_map(|d| newest_below(&root.join(d)))
        .max();
    for built in [hipcc, lib.as_path()] {
        if let (Some(b), Some(s)) = (modified(built), newest) {
            if b < s {
                println!(
                    "WARNING: {} is older than the sources under crates/: rebuild with \
                     `cargo build --release -p ferrocm-hipcc -p ferrocm-hip-capi`",
                    built.display()
                );
            }
        }
    }
}

/// Builds every selected program, as many at a time as there are cores.
fn build_all(hipcc: &Path, out: &Path, names: &[&'static str]) -> Result<(), String> {
    let src_dir = repo_root().join("benches/hip");
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let start = Instant::now();
    for chunk in names.chunks(jobs) {
        let children: Vec<(&str, Child)> = chunk
            .iter()
            .map(|name| {
                let child = Command::new(hipcc)
                    .arg("-O3")
                    .arg(format!("-I{}", src_dir.display()))
                    .arg(src_dir.join(format!("{name}.hip")))
                    .arg("-o")
                    .arg(out.join(name))
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .map_err(|e| format!("running {}: {e}", hipcc.display()))?;
                Ok((*name, child))
            })
            .collect::<Result<_, String>>()?;
        for (name, child) in children {
            let o = child
                .wait_with_output()
                .map_err(|e| format!("hipcc {name}: {e}"))?;
            if !o.status.success() {
                return Err(format!(
                    "hipcc failed on benches/hip/{name}.hip ({}):\n{}{}",
                    o.status,
                    String::from_utf8_lossy(&o.stdout),
                    String::from_utf8_lossy(&o.stderr)
                ));
            }
        }
    }
    println!(
        "# built {} programs in {:.1} s",
        names.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

struct Group {
    id: String,
    title: String,
    bytes: Option<f64>,
    ours: Vec<(String, Stats)>,
    peers: Vec<(String, Stats)>,
    skipped: Vec<String>,
}

/// One line of the summary table: (benchmark, our variant, ours, peers with ratios, HIP-CPU).
type SummaryRow = (String, String, String, String, String);

fn parse_samples(words: &[&str]) -> Result<Stats, String> {
    let mut v = words
        .iter()
        .map(|w| w.parse::<f64>().map_err(|e| format!("sample {w:?}: {e}")))
        .collect::<Result<Vec<f64>, String>>()?;
    if v.is_empty() {
        return Err("no samples".into());
    }
    Ok(Stats::of(&mut v))
}

/// Parses a program's output (see benches/hip/bench.h) into groups; other lines are notes.
fn parse(output: &str) -> Result<(Vec<Group>, Vec<String>), String> {
    let mut groups: Vec<Group> = Vec::new();
    let mut notes = Vec::new();
    for line in output.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["GROUP", id, bytes, title @ ..] => {
                let bytes: f64 = bytes.parse().map_err(|e| format!("{line}: {e}"))?;
                groups.push(Group {
                    id: id.to_string(),
                    title: title.join(" "),
                    bytes: (bytes > 0.0).then_some(bytes),
                    ours: Vec::new(),
                    peers: Vec::new(),
                    skipped: Vec::new(),
                });
            }
            [tag @ ("OURS" | "PEER" | "SKIP"), id, name, rest @ ..] => {
                let g = groups
                    .iter_mut()
                    .rev()
                    .find(|g| g.id == *id)
                    .ok_or_else(|| format!("{line}: no GROUP {id} before it"))?;
                match *tag {
                    "OURS" => g.ours.push((
                        name.to_string(),
                        parse_samples(rest).map_err(|e| format!("{line}: {e}"))?,
                    )),
                    "PEER" => g.peers.push((
                        name.to_string(),
                        parse_samples(rest).map_err(|e| format!("{line}: {e}"))?,
                    )),
                    _ => g.skipped.push(format!("{name}: {}", rest.join(" "))),
                }
            }
            ["FAIL", ..] => return Err(line.to_string()),
            _ => notes.push(line.to_string()),
        }
    }
    Ok((groups, notes))
}

fn report(g: &Group, summary: &mut Vec<SummaryRow>) {
    println!("\n{} [{}]", g.title, g.id);
    for (name, s) in &g.peers {
        peer_row(name, *s, g.bytes);
    }
    for s in &g.skipped {
        println!("  peer skipped: {s}");
    }
    for (variant, s) in &g.ours {
        let figure = hip_cpu_figure(&g.id, variant);
        compare_row(variant, *s, &g.peers, g.bytes, figure.as_deref());
        let rate = |st: &Stats| {
            g.bytes
                .map(|b| format!(", {}", ferrocm_benches::fmt_gbps(b, st.median)))
                .unwrap_or_default()
        };
        let peers = g
            .peers
            .iter()
            .map(|(n, p)| {
                format!(
                    "{n} {}{} ({:.2}x)",
                    fmt_ns(p.median),
                    rate(p),
                    s.median / p.median
                )
            })
            .collect::<Vec<_>>()
            .join("; ");
        summary.push((
            g.title.clone(),
            variant.clone(),
            format!(
                "{}{} (p10 {}, p90 {})",
                fmt_ns(s.median),
                rate(s),
                fmt_ns(s.p10),
                fmt_ns(s.p90)
            ),
            if peers.is_empty() { "-".into() } else { peers },
            HIP_CPU
                .iter()
                .find(|(id, prefix, _)| *id == g.id && variant.starts_with(prefix))
                .map_or("-".into(), |(_, _, t)| t.to_string()),
        ));
    }
}

fn run() -> Result<(), String> {
    let hipcc = find_hipcc()?;
    let filter: Vec<String> = std::env::var("FERROCM_BENCH_HIP")
        .map(|v| {
            v.split(',')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    let selected: Vec<&'static str> = PROGRAMS
        .iter()
        .copied()
        .filter(|p| filter.is_empty() || filter.iter().any(|f| p.contains(f.as_str())))
        .collect();
    if selected.is_empty() {
        return Err(format!("FERROCM_BENCH_HIP={filter:?} selects no program"));
    }
    println!(
        "# hip_cpu on {} ({} engine workers; threaded peers use as many threads){}",
        machine(),
        engine_threads(),
        if quick() { "; QUICK mode" } else { "" }
    );
    println!("# hipcc: {}", hipcc.display());
    warn_if_stale(&hipcc);
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hip-bench");
    std::fs::create_dir_all(&out).map_err(|e| format!("create {}: {e}", out.display()))?;
    build_all(&hipcc, &out, &selected)?;

    let mut summary = Vec::new();
    for name in selected {
        let start = Instant::now();
        let mut cmd = Command::new(out.join(name));
        if name == "multidev" {
            // Two CPU devices (each with half the engine's threads).
            cmd.env("FERROCM_CPU_DEVICES", "2");
        }
        let o = cmd.output().map_err(|e| format!("running {name}: {e}"))?;
        let stdout = String::from_utf8_lossy(&o.stdout);
        let (groups, notes) = parse(&stdout)
            .map_err(|e| format!("{name}: {e}\n{}", String::from_utf8_lossy(&o.stderr)))?;
        if !o.status.success() {
            return Err(format!(
                "{name} exited with {}:\n{stdout}{}",
                o.status,
                String::from_utf8_lossy(&o.stderr)
            ));
        }
        println!("\n## {name} ({:.1} s)", start.elapsed().as_secs_f64());
        for n in notes {
            println!("  note: {n}");
        }
        for g in &groups {
            report(g, &mut summary);
        }
    }

    println!("\n# Summary (medians; (Nx) = ours/peer time, above 1 = ours slower)\n");
    println!("| benchmark | variant | ours | peers, same run | HIP-CPU (its reference machine, NOT this run) |");
    println!("|---|---|---|---|---|");
    let mut seen = BTreeSet::new();
    for (bench, variant, ours, peers, figure) in summary {
        // The benchmark name once per group.
        let shown = if seen.insert(bench.clone()) {
            bench
        } else {
            String::from("↳")
        };
        println!("| {shown} | {variant} | {ours} | {peers} | {figure} |");
    }
    Ok(())
}

fn main() {
    // Arguments (`cargo bench` passes `--bench`) are ignored: FERROCM_BENCH_HIP selects.
    if let Err(e) = run() {
        eprintln!("hip_cpu: {e}");
        std::process::exit(1);
    }
}
