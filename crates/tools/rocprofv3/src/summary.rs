//! `--summary`: the statistics of each domain as a table, printed when the application ends.

use std::fmt::Write;

use crate::stats::Row;

/// A table of `rows` under the heading `title`.
pub fn table(title: &str, rows: &[Row]) -> String {
    let width = rows.iter().map(|r| r.name.len()).max().unwrap_or(4).max(4);
    let mut s = String::new();
    let _ = writeln!(s, "{title}");
    let _ = writeln!(
        s,
        "| {:width$} | {:>8} | {:>16} | {:>14} | {:>7} | {:>12} | {:>12} | {:>12} |",
        "NAME", "CALLS", "TOTAL (ns)", "AVERAGE (ns)", "PERCENT", "MIN (ns)", "MAX (ns)", "STDDEV",
    );
    for r in rows {
        let _ = writeln!(
            s,
            "| {:width$} | {:>8} | {:>16} | {:>14.1} | {:>7.2} | {:>12} | {:>12} | {:>12.1} |",
            r.name,
            r.calls,
            r.total_ns,
            r.average_ns,
            r.percentage,
            r.min_ns,
            r.max_ns,
            r.stddev_ns
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_row_under_a_header() {
        let rows = crate::stats::by_name([("hipMalloc", 10), ("hipFree", 4)]);
        let t = table("HIP_API", &rows);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[2].starts_with("| hipMalloc ") && lines[2].contains(" 71.43 "));
        assert!(lines[3].starts_with("| hipFree "));
    }
}
