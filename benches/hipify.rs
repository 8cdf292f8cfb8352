//! hipify against ROCm's hipify-perl on the same input in the same run.
//!
//! The input is 100,000 lines of CUDA: hipify's test corpus and round-trip programs
//! (crates/tools/hipify/tests/{corpus,roundtrip}), which use every table, repeated. Ours is
//! `hipify::translate` on one thread, in process (the tables are indexed before timing; the
//! `hipify` binary adds reading and writing the file). hipify-perl is `perl hipify-perl
//! -quiet-warnings -o=OUT IN`, wall clock, process start included (a few milliseconds against
//! seconds): its warning pass (on by default) takes minutes at this size, so it runs only with
//! `FERROCM_BENCH_HIPIFY_PERL_WARNINGS=1`, on the first 2,000 lines, against ours with warnings
//! (ours always computes them).
//!
//! Run: `cargo bench -p ferrocm-benches --bench hipify` (`FERROCM_BENCH_QUICK=1`: fewer
//! samples; `HIPIFY_PERL=/path/hipify-perl` another peer; `FERROCM_BENCH_HIPIFY_LINES=N` another
//! size). Skips the peer, saying so, where perl or the script is missing.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use ferrocm_benches::{machine, quick, Stats};

fn crate_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/tools/hipify")
}

/// `lines` lines of CUDA made of the corpus files, repeated.
fn input(lines: usize) -> String {
    let mut files = Vec::new();
    for sub in ["tests/corpus", "tests/roundtrip"] {
        let dir = crate_dir().join(sub);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file())
            .collect();
        paths.sort();
        files.extend(paths.iter().filter_map(|p| std::fs::read_to_string(p).ok()));
    }
    assert!(
        !files.is_empty(),
        "no corpus under {}",
        crate_dir().display()
    );
    let mut out = String::new();
    let mut n = 0;
    'fill: loop {
        for f in &files {
            for line in f.lines() {
                out.push_str(line);
                out.push('\n');
                n += 1;
                if n == lines {
                    break 'fill;
                }
            }
        }
    }
    out
}

fn peer() -> Option<PathBuf> {
    let p = std::env::var_os("HIPIFY_PERL")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/peers/hipify-perl/hipify-perl")
        });
    let perl = Command::new("perl").arg("-v").output();
    (p.is_file() && perl.is_ok_and(|o| o.status.success())).then_some(p)
}

fn time_ours(src: &str, samples: usize) -> Stats {
    let opts = hipify::Options::default();
    let mut times: Vec<f64> = (0..samples)
        .map(|_| {
            let t = Instant::now();
            let out = hipify::translate(src, &opts);
            let ns = t.elapsed().as_nanos() as f64;
            std::hint::black_box(out);
            ns
        })
        .collect();
    Stats::of(&mut times)
}

fn time_perl(script: &Path, input: &Path, output: &Path, quiet: bool, samples: usize) -> Stats {
    let mut times: Vec<f64> = (0..samples)
        .map(|_| {
            let mut c = Command::new("perl");
            c.arg(script);
            if quiet {
                c.arg("-quiet-warnings");
            }
            c.arg(format!("-o={}", output.display()))
                .arg(input)
                .stderr(std::process::Stdio::null());
            let t = Instant::now();
            let status = c.status().expect("run perl");
            let ns = t.elapsed().as_nanos() as f64;
            assert!(status.success(), "hipify-perl failed");
            ns
        })
        .collect();
    Stats::of(&mut times)
}

fn secs(ns: f64) -> String {
    format!("{:.3} s", ns / 1e9)
}

fn main() {
    let lines: usize = std::env::var("FERROCM_BENCH_HIPIFY_LINES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let src = input(lines);
    println!("hipify benchmark on {}", machine());
    println!(
        "input: {lines} lines, {} bytes (hipify's corpus, repeated)",
        src.len()
    );
    // Index the tables outside the timing (once per process, ~1 ms).
    let warm = hipify::translate(&src, &hipify::Options::default());
    println!(
        "ours converts {} references, {} kernel launches, {} warnings",
        warm.stats.converted_count(),
        warm.stats.kernel_launches,
        warm.warnings.len()
    );
    let (ours_n, perl_n) = if quick() { (3, 1) } else { (9, 3) };
    let ours = time_ours(&src, ours_n);
    println!(
        "ours        hipify::translate, 1 thread: median {} (p10 {}, p90 {}), {:.0} lines/s",
        secs(ours.median),
        secs(ours.p10),
        secs(ours.p90),
        lines as f64 / (ours.median / 1e9)
    );
    let Some(script) = peer() else {
        println!("peer skipped: perl or hipify-perl not found (set HIPIFY_PERL)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("ferrocm-hipify-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let in_path = dir.join("input.cu");
    std::fs::write(&in_path, &src).expect("write input");
    let out_path = dir.join("perl.hip");
    let perl = time_perl(&script, &in_path, &out_path, true, perl_n);
    println!(
        "hipify-perl -quiet-warnings (same input, same run): median {} (p10 {}, p90 {})",
        secs(perl.median),
        secs(perl.p10),
        secs(perl.p90)
    );
    println!(
        "ratio ours/hipify-perl: {:.3} (ours {:.1}x faster)",
        ours.median / perl.median,
        perl.median / ours.median
    );
    if std::env::var_os("FERROCM_BENCH_HIPIFY_PERL_WARNINGS").is_some() {
        let small: String = src.lines().take(2000).flat_map(|l| [l, "\n"]).collect();
        let small_path = dir.join("small.cu");
        std::fs::write(&small_path, &small).expect("write input");
        let ours_w = time_ours(&small, ours_n);
        let perl_w = time_perl(&script, &small_path, &out_path, false, 1);
        println!(
            "with warnings, 2000 lines: ours {}, hipify-perl {} (ratio {:.5})",
            secs(ours_w.median),
            secs(perl_w.median),
            ours_w.median / perl_w.median
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    let verdict = if ours.median < 1e9 && ours.median < perl.median {
        "met"
    } else {
        "NOT met"
    };
    println!(
        "target (100,000 lines < 1 s on one core, faster than hipify-perl): {verdict} at {lines} lines"
    );
}
