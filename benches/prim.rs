//! hipCUB / rocPRIM on the CPU platform beside native peers, in one run: builds
//! `benches/hip/prim.hip` with our `hipcc`, runs it against our `libamdhip64.so` (it measures
//! `hipcub::DeviceRadixSort` of 2^24 uint32 keys and pairs, `DeviceReduce::Sum` and
//! `DeviceScan::InclusiveSum` of 2^26 floats, and a `hipcub::BlockReduce` kernel against the same
//! kernel with a hand-written shared-memory tree, plus its own C++ peers), and adds the Rust peers
//! measured here on the same data: rayon's `par_sort_unstable` (keys, and pairs as `(key, value)`
//! tuples), rdst's parallel radix sort (keys) and a parallel `copy_from_slice` of the same bytes
//! as the reductions read.
//!
//! ```text
//! cargo build --release -p ferrocm-hipcc -p ferrocm-hip-capi
//! cargo bench -p ferrocm-benches --bench prim
//! ```
//!
//! Environment: `FERROCM_BENCH_QUICK=1` (2^22 keys, 2^24 floats, fewer samples),
//! `FERROCM_HIPCC` (another hipcc, linked against the runtime of its own layout),
//! `FERROCM_PRIM_THREADS` (the header library's pool size; default: the available cores).

use std::path::{Path, PathBuf};
use std::process::Command;

use ferrocm_benches::{compare_row, machine, peer_row, quick, sample, Stats};
use rayon::prelude::*;
use rdst::RadixSort;

fn repo_root() -> PathBuf {
    let benches = Path::new(env!("CARGO_MANIFEST_DIR"));
    benches.parent().unwrap_or(benches).to_path_buf()
}

/// `FERROCM_HIPCC`, else the `hipcc` of this bench's profile directory.
fn find_hipcc() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("FERROCM_HIPCC").filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(p));
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
             cargo build --release -p ferrocm-hipcc -p ferrocm-hip-capi",
            hipcc.display()
        ));
    }
    Ok(hipcc)
}

/// The program's measurements: (kind, group, name, stats), kind = OURS or PEER.
fn run_program(hipcc: &Path) -> Result<Vec<(String, String, String, Stats)>, String> {
    let dir = std::env::temp_dir().join(format!("ferrocm-prim-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let exe = dir.join("prim");
    let src = repo_root().join("benches/hip");
    let out = Command::new(hipcc)
        .arg("-O3")
        .arg(format!("-I{}", src.display()))
        .arg(src.join("prim.hip"))
        .arg("-o")
        .arg(&exe)
        .output()
        .map_err(|e| format!("running {}: {e}", hipcc.display()))?;
    if !out.status.success() {
        return Err(format!(
            "hipcc failed on benches/hip/prim.hip:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let run = Command::new(&exe)
        .output()
        .map_err(|e| format!("running {}: {e}", exe.display()))?;
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&run.stdout).to_string();
    if !run.status.success() || text.lines().any(|l| l.starts_with("FAIL")) {
        return Err(format!(
            "benches/hip/prim.hip failed ({}):\n{text}{}",
            run.status,
            String::from_utf8_lossy(&run.stderr)
        ));
    }
    let mut rows = Vec::new();
    for line in text.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        if let [kind @ ("OURS" | "PEER"), group, name, samples @ ..] = w.as_slice() {
            let mut v: Vec<f64> = samples.iter().filter_map(|s| s.parse().ok()).collect();
            if !v.is_empty() {
                rows.push((
                    kind.to_string(),
                    group.to_string(),
                    name.to_string(),
                    Stats::of(&mut v),
                ));
            }
        } else if !line.starts_with("GROUP") {
            println!("  note: {line}");
        }
    }
    Ok(rows)
}

/// The keys prim.hip sorts (the same xorshift).
fn keys(n: usize) -> Vec<u32> {
    let mut s: u64 = 88172645463325252;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 11) as u32
        })
        .collect()
}

fn main() {
    println!(
        "# hipCUB / rocPRIM on the CPU platform vs native peers ({})",
        machine()
    );
    let hipcc = match find_hipcc() {
        Ok(h) => h,
        Err(e) => {
            println!("SKIP: {e}");
            return;
        }
    };
    let rows = match run_program(&hipcc) {
        Ok(r) => r,
        Err(e) => {
            println!("FAIL: {e}");
            std::process::exit(1);
        }
    };
    let reps = if quick() { 3 } else { 7 };
    let log2_keys = if quick() { 22 } else { 24 };
    let log2_floats = if quick() { 24 } else { 26 };
    let threads = rayon::current_num_threads();

    // Rust peers on the same data.
    let data = keys(1 << log2_keys);
    let mut rust_peers: Vec<(String, String, Stats)> = Vec::new();
    let mut v = sample(reps, || {
        let mut c = data.clone();
        c.par_sort_unstable();
        std::hint::black_box(&c);
    });
    rust_peers.push((
        format!("radix-2^{log2_keys}"),
        format!("rayon-par_sort_unstable-{threads}t"),
        Stats::of(&mut v),
    ));
    let mut v = sample(reps, || {
        let mut c = data.clone();
        c.radix_sort_unstable();
        std::hint::black_box(&c);
    });
    rust_peers.push((
        format!("radix-2^{log2_keys}"),
        format!("rdst-radix_sort_unstable-{threads}t"),
        Stats::of(&mut v),
    ));
    let pairs: Vec<(u32, u32)> = data
        .iter()
        .enumerate()
        .map(|(i, &k)| (k, i as u32))
        .collect();
    let mut v = sample(reps, || {
        let mut c = pairs.clone();
        c.par_sort_unstable_by_key(|p| p.0);
        std::hint::black_box(&c);
    });
    rust_peers.push((
        format!("radix-2^{log2_keys}"),
        format!("rayon-pairs-{threads}t"),
        Stats::of(&mut v),
    ));
    let src: Vec<f32> = (0..1usize << log2_floats).map(|i| (i % 7) as f32).collect();
    let mut dst = vec![0f32; src.len()];
    let chunk = src.len().div_ceil(threads.max(1) * 4);
    let mut v = sample(reps, || {
        dst.par_chunks_mut(chunk)
            .zip(src.par_chunks(chunk))
            .for_each(|(d, s)| d.copy_from_slice(s));
        std::hint::black_box(&dst);
    });
    let copy = Stats::of(&mut v);
    for g in ["reduce", "scan"] {
        rust_peers.push((
            format!("{g}-2^{log2_floats}"),
            format!("memcpy-{threads}t"),
            copy,
        ));
    }

    let mut groups: Vec<String> = Vec::new();
    for (_, g, _, _) in &rows {
        if !groups.contains(g) {
            groups.push(g.clone());
        }
    }
    for g in &groups {
        let bytes = if g.starts_with("radix") {
            Some(4.0 * (1u64 << log2_keys) as f64)
        } else if g.starts_with("reduce") || g.starts_with("scan") {
            Some(4.0 * (1u64 << log2_floats) as f64)
        } else {
            None
        };
        println!("\n{g}");
        let mut peers: Vec<(String, Stats)> = rows
            .iter()
            .filter(|r| &r.1 == g && r.0 == "PEER")
            .map(|r| (r.2.clone(), r.3))
            .collect();
        peers.extend(
            rust_peers
                .iter()
                .filter(|p| &p.0 == g)
                .map(|p| (p.1.clone(), p.2)),
        );
        for (name, s) in &peers {
            peer_row(name, *s, bytes);
        }
        for r in rows.iter().filter(|r| &r.1 == g && r.0 == "OURS") {
            compare_row(&r.2, r.3, &peers, bytes, None);
        }
    }
    println!("\n(ratios are time ours/peer: above 1 means ours is slower)");
}
