//! rocprofv3's CSV files: `<name>_hip_api_trace.csv`, `<name>_marker_api_trace.csv` and, with
//! `--stats`, `<name>_hip_api_stats.csv`, `<name>_marker_api_stats.csv`,
//! `<name>_domain_stats.csv`. Strings are quoted, numbers not (as rocprofv3 writes them).

use std::io;
use std::path::Path;

use csv::{QuoteStyle, WriterBuilder};

use crate::collect::Event;
use crate::stats::{self, Row};

/// The header of the API trace files (HIP and marker).
pub const API_TRACE_COLUMNS: [&str; 7] = [
    "Domain",
    "Function",
    "Process_Id",
    "Thread_Id",
    "Correlation_Id",
    "Start_Timestamp",
    "End_Timestamp",
];

fn writer(path: &Path) -> io::Result<csv::Writer<std::fs::File>> {
    let file = std::fs::File::create(path)?;
    Ok(WriterBuilder::new()
        .quote_style(QuoteStyle::NonNumeric)
        .from_writer(file))
}

/// Writes an API trace file of `pid`'s `events`.
pub fn write_api_trace<'a>(
    path: &Path,
    pid: u32,
    events: impl IntoIterator<Item = &'a Event>,
) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record(API_TRACE_COLUMNS)?;
    for e in events {
        w.write_record([
            e.domain.name(),
            &e.function,
            &pid.to_string(),
            &e.thread_id.to_string(),
            &e.correlation_id.to_string(),
            &e.start_ns.to_string(),
            &e.end_ns.to_string(),
        ])?;
    }
    w.flush()
}

/// Writes a statistics file.
pub fn write_stats(path: &Path, rows: &[Row]) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record(stats::COLUMNS)?;
    for r in rows {
        w.write_record([
            r.name.clone(),
            r.calls.to_string(),
            r.total_ns.to_string(),
            format!("{:.3}", r.average_ns),
            format!("{:.2}", r.percentage),
            r.min_ns.to_string(),
            r.max_ns.to_string(),
            format!("{:.3}", r.stddev_ns),
        ])?;
    }
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collect::Domain;

    #[test]
    fn strings_are_quoted_and_numbers_not() {
        let dir = std::env::temp_dir().join(format!("rocprofv3-csv-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("t.csv");
        let e = Event {
            domain: Domain::Marker,
            function: "a, \"quoted\" range".into(),
            operation: "roctxRangePushA".into(),
            thread_id: 3,
            correlation_id: 1,
            start_ns: 100,
            end_ns: 200,
            status: 0,
        };
        write_api_trace(&path, 42, [&e]).expect("write");
        let text = std::fs::read_to_string(&path).expect("read");
        std::fs::remove_dir_all(&dir).expect("clean up");
        assert_eq!(
            text,
            "\"Domain\",\"Function\",\"Process_Id\",\"Thread_Id\",\"Correlation_Id\",\
             \"Start_Timestamp\",\"End_Timestamp\"\n\
             \"MARKER_CORE_API\",\"a, \"\"quoted\"\" range\",42,3,1,100,200\n"
        );
    }
}
