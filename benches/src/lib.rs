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
    format!("{model}, {cores} cores")
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
