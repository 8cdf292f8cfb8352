//! Per-function statistics (`--stats`, `--summary`): rocprofv3's columns.

use std::collections::HashMap;

use crate::collect::Event;

/// The header of every `*_stats.csv` file.
pub const COLUMNS: [&str; 8] = [
    "Name",
    "Calls",
    "TotalDurationNs",
    "AverageNs",
    "Percentage",
    "MinNs",
    "MaxNs",
    "StdDev",
];

/// One row: a function (or marker message, or domain) and its durations.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub name: String,
    pub calls: u64,
    pub total_ns: u64,
    pub average_ns: f64,
    /// Share of the total of all rows, in percent.
    pub percentage: f64,
    pub min_ns: u64,
    pub max_ns: u64,
    /// Population standard deviation of the durations, in ns.
    pub stddev_ns: f64,
}

/// Statistics of `items` (name, duration ns) by name, longest total first (ties by name).
pub fn by_name<'a>(items: impl IntoIterator<Item = (&'a str, u64)>) -> Vec<Row> {
    let mut durations: HashMap<&str, Vec<u64>> = HashMap::new();
    for (name, ns) in items {
        durations.entry(name).or_default().push(ns);
    }
    let grand_total: u64 = durations.values().flatten().sum();
    let mut rows: Vec<Row> = durations
        .into_iter()
        .map(|(name, ns)| {
            let calls = ns.len() as u64;
            let total_ns: u64 = ns.iter().sum();
            let average_ns = total_ns as f64 / calls as f64;
            let variance = ns
                .iter()
                .map(|&d| (d as f64 - average_ns).powi(2))
                .sum::<f64>()
                / calls as f64;
            Row {
                name: name.to_string(),
                calls,
                total_ns,
                average_ns,
                percentage: if grand_total == 0 {
                    0.0
                } else {
                    100.0 * total_ns as f64 / grand_total as f64
                },
                min_ns: ns.iter().copied().min().unwrap_or(0),
                max_ns: ns.iter().copied().max().unwrap_or(0),
                stddev_ns: variance.sqrt(),
            }
        })
        .collect();
    rows.sort_by(|a, b| b.total_ns.cmp(&a.total_ns).then(a.name.cmp(&b.name)));
    rows
}

/// Statistics of events by function (marker message for markers).
pub fn of_events<'a>(events: impl IntoIterator<Item = &'a Event>) -> Vec<Row> {
    by_name(
        events
            .into_iter()
            .map(|e| (e.function.as_str(), e.end_ns - e.start_ns)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_means_and_deviations() {
        let rows = by_name([("a", 10), ("b", 5), ("a", 30), ("c", 5)]);
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c"]);
        let a = &rows[0];
        assert_eq!((a.calls, a.total_ns, a.min_ns, a.max_ns), (2, 40, 10, 30));
        assert_eq!(a.average_ns, 20.0);
        assert_eq!(a.stddev_ns, 10.0);
        assert_eq!(a.percentage, 80.0);
        let total: f64 = rows.iter().map(|r| r.percentage).sum();
        assert!((total - 100.0).abs() < 1e-9);
        assert!(by_name([]).is_empty());
    }
}
