//! Small shared harness for the side-by-side benchmarks: timing, statistics, the machine line.

use std::time::Instant;

/// Median, 10th and 90th percentile of a sample, in nanoseconds.
#[derive(Debug, Clone, Copy)]
pub struct Stats {
    pub median: f64,
    pub p10: f64,
    pub p90: f64,
}

impl Stats {
    pub fn of(samples: &mut [f64]) -> Stats {
        samples.sort_by(|a, b| a.total_cmp(b));
        let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
        Stats {
            median: at(0.5),
            p10: at(0.1),
            p90: at(0.9),
        }
    }
}

/// Times `n` calls of `f`, one sample each, in nanoseconds.
pub fn sample(n: usize, mut f: impl FnMut()) -> Vec<f64> {
    (0..n)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_nanos() as f64
        })
        .collect()
}

/// "model name, N cores" of this machine.
pub fn machine() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|l| {
            l.strip_prefix("model name")
                .and_then(|r| r.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    // A VM guest that halts idle vCPUs at once wakes sleeping threads slowly: say so.
    let halt_poll = std::fs::read_to_string("/sys/module/haltpoll/parameters/guest_halt_poll_ns")
        .map(|ns| format!(", guest halt polling {} ns", ns.trim()))
        .unwrap_or_default();
    format!("{model}, {cores} cores{halt_poll}")
}

/// Prints one result row: ours vs the peer, and ours vs the target.
pub fn row(name: &str, ours: Stats, peer: Option<(&str, Stats)>, target_ns: Option<f64>) {
    let us = |ns: f64| ns / 1000.0;
    let mut line = format!(
        "{name:<44} ours median {:>8.2} us (p10 {:.2}, p90 {:.2})",
        us(ours.median),
        us(ours.p10),
        us(ours.p90)
    );
    if let Some((peer_name, p)) = peer {
        line += &format!(
            " | {peer_name} {:.2} us | ours/peer {:.2}x",
            us(p.median),
            ours.median / p.median
        );
    }
    if let Some(t) = target_ns {
        line += &format!(
            " | target {:.2} us, ours/target {:.2}x",
            us(t),
            ours.median / t
        );
    }
    println!("{line}");
}

/// Whether `FERROCM_BENCH_QUICK` (set, not empty, not `0`) asks for the short run.
pub fn quick() -> bool {
    std::env::var("FERROCM_BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// A duration given in nanoseconds, with a unit that suits it: `812 ns`, `6.12 us`,
/// `28.4 ms`, `1.02 s` (three significant digits).
pub fn fmt_ns(ns: f64) -> String {
    let (v, unit) = if ns < 1e3 {
        (ns, "ns")
    } else if ns < 1e6 {
        (ns / 1e3, "us")
    } else if ns < 1e9 {
        (ns / 1e6, "ms")
    } else {
        (ns / 1e9, "s")
    };
    let digits = if v >= 100.0 {
        0
    } else if v >= 10.0 {
        1
    } else {
        2
    };
    format!("{v:.digits$} {unit}")
}

/// Bytes per nanosecond as GB/s (10^9 bytes per second), with three significant digits.
pub fn fmt_gbps(bytes: f64, ns: f64) -> String {
    let g = bytes / ns;
    if g >= 100.0 {
        format!("{g:.0} GB/s")
    } else if g >= 1.0 {
        format!("{g:.2} GB/s")
    } else {
        format!("{g:.4} GB/s")
    }
}

/// Prints one comparison row: our median (p10, p90), then for each peer measured in the same
/// run the time ratio ours/peer (above 1: ours is slower), and optionally a figure measured
/// elsewhere (another machine, another run), labelled as such. `bytes`: bytes moved per
/// operation, to add a GB/s figure.
pub fn compare_row(
    name: &str,
    ours: Stats,
    peers: &[(String, Stats)],
    bytes: Option<f64>,
    elsewhere: Option<&str>,
) {
    let mut line = format!(
        "  ours {name:<24} {:>9} (p10 {}, p90 {})",
        fmt_ns(ours.median),
        fmt_ns(ours.p10),
        fmt_ns(ours.p90)
    );
    if let Some(b) = bytes {
        line += &format!(" {}", fmt_gbps(b, ours.median));
    }
    for (peer, p) in peers {
        line += &format!(" | ours/{peer} {:.2}x", ours.median / p.median);
    }
    if let Some(e) = elsewhere {
        line += &format!(" | {e}");
    }
    println!("{line}");
}

/// Prints a peer's row (same layout as [`compare_row`], without ratios).
pub fn peer_row(name: &str, peer: Stats, bytes: Option<f64>) {
    let mut line = format!(
        "  peer {name:<24} {:>9} (p10 {}, p90 {})",
        fmt_ns(peer.median),
        fmt_ns(peer.p10),
        fmt_ns(peer.p90)
    );
    if let Some(b) = bytes {
        line += &format!(" {}", fmt_gbps(b, peer.median));
    }
    println!("{line}");
}

/// Worker threads the CPU engine starts with in this environment (`FERROCM_CPU_WORKERS`, else
/// one per available core), without starting it: the threaded native peers use as many.
pub fn engine_threads() -> usize {
    cpu_engine::EngineConfig::from_env().workers.max(1)
}
