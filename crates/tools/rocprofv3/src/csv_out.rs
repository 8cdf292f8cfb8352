//! rocprofv3's CSV files: `<name>_hip_api_trace.csv`, `<name>_marker_api_trace.csv`,
//! `<name>_kernel_trace.csv`, `<name>_memory_copy_trace.csv`,
//! `<name>_memory_allocation_trace.csv` and, with `--stats`, `<name>_hip_api_stats.csv`,
//! `<name>_marker_api_stats.csv`, `<name>_kernel_stats.csv`, `<name>_memory_copy_stats.csv`,
//! `<name>_domain_stats.csv`. Strings are quoted, numbers not (as rocprofv3 writes them).

use std::io;
use std::path::Path;

use csv::{QuoteStyle, WriterBuilder};

use crate::activity::{demangle, AllocationRecord, CopyRecord, KernelRecord};
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

/// The header of `<name>_kernel_trace.csv` (rocprofiler-sdk's `generateCSV.cpp`, as
/// `../shared/reference/libraries.md` lists it).
pub const KERNEL_TRACE_COLUMNS: [&str; 18] = [
    "Kind",
    "Agent_Id",
    "Queue_Id",
    "Thread_Id",
    "Dispatch_Id",
    "Kernel_Id",
    "Kernel_Name",
    "Correlation_Id",
    "Start_Timestamp",
    "End_Timestamp",
    "Private_Segment_Size",
    "Group_Segment_Size",
    "Workgroup_Size_X",
    "Workgroup_Size_Y",
    "Workgroup_Size_Z",
    "Grid_Size_X",
    "Grid_Size_Y",
    "Grid_Size_Z",
];

/// The header of `<name>_memory_copy_trace.csv`.
pub const MEMORY_COPY_TRACE_COLUMNS: [&str; 7] = [
    "Kind",
    "Direction",
    "Source_Agent_Id",
    "Destination_Agent_Id",
    "Correlation_Id",
    "Start_Timestamp",
    "End_Timestamp",
];

/// The header of `<name>_memory_allocation_trace.csv`.
pub const MEMORY_ALLOCATION_TRACE_COLUMNS: [&str; 8] = [
    "Kind",
    "Operation",
    "Agent_Id",
    "Allocation_Size",
    "Address",
    "Correlation_Id",
    "Start_Timestamp",
    "End_Timestamp",
];

/// Writes the kernel trace (`Thread_Id` is the launching thread's).
pub fn write_kernel_trace(path: &Path, _pid: u32, kernels: &[KernelRecord]) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record(KERNEL_TRACE_COLUMNS)?;
    for k in kernels {
        let mut row = vec![
            "KERNEL_DISPATCH".to_string(),
            k.agent.to_string(),
            k.queue.to_string(),
            k.thread_id.to_string(),
            k.dispatch_id.to_string(),
            k.kernel_id.to_string(),
            demangle(&k.symbol),
            k.correlation_id.to_string(),
            k.start_ns.to_string(),
            k.end_ns.to_string(),
            k.private_segment_size.to_string(),
            k.group_segment_size.to_string(),
        ];
        row.extend(k.workgroup.iter().chain(&k.grid).map(u32::to_string));
        w.write_record(&row)?;
    }
    w.flush()
}

/// Writes the memory-copy trace.
pub fn write_memory_copy_trace(path: &Path, copies: &[CopyRecord]) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record(MEMORY_COPY_TRACE_COLUMNS)?;
    for c in copies {
        w.write_record([
            "MEMORY_COPY".to_string(),
            c.direction().name().to_string(),
            c.src.to_string(),
            c.dst.to_string(),
            c.correlation_id.to_string(),
            c.start_ns.to_string(),
            c.end_ns.to_string(),
        ])?;
    }
    w.flush()
}

/// Writes the memory-allocation trace (addresses in hex, as rocprofv3 prints them).
pub fn write_memory_allocation_trace(path: &Path, records: &[AllocationRecord]) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record(MEMORY_ALLOCATION_TRACE_COLUMNS)?;
    for r in records {
        w.write_record([
            "MEMORY_ALLOCATION".to_string(),
            r.operation().to_string(),
            r.agent.to_string(),
            r.size.to_string(),
            format!("0x{:x}", r.address),
            r.correlation_id.to_string(),
            r.start_ns.to_string(),
            r.end_ns.to_string(),
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
