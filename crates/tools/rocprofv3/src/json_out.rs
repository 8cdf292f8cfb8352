//! `--output-format json`: `<name>_results.json` in the layout of rocprofv3's JSON output
//! (one `rocprofiler-sdk-tool` entry per process, `strings` naming kinds and operations,
//! `buffer_records` per domain). Differences, listed in docs/PROFILING.md: `kind` is the
//! index of the kind in `strings.buffer_records`, `operation` the index of the name in that
//! kind's `operations` (ferrocm has its own numbering of HIP functions), each HIP record
//! carries its `hipError_t` as `status`, and no agents, counters or kernel records yet.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io;
use std::path::Path;

use serde_json::{json, Value};

use crate::cli::Domains;
use crate::collect::{Domain, ProcessTrace};

/// The JSON document of one process.
pub fn document(trace: &ProcessTrace, domains: Domains, command: &[OsString]) -> Value {
    let kinds = [Domain::HipRuntime, Domain::HipCompiler, Domain::Marker];
    // Per kind, the operation names in use, sorted: an operation is its index here.
    let operations: Vec<Vec<&str>> = kinds
        .iter()
        .map(|&k| {
            let names: BTreeSet<&str> = trace
                .events
                .iter()
                .filter(|e| e.domain == k)
                .map(|e| e.operation.as_str())
                .collect();
            names.into_iter().collect()
        })
        .collect();
    let record = |e: &crate::collect::Event| {
        let kind = kinds.iter().position(|&k| k == e.domain).unwrap_or(0);
        let operation = operations[kind]
            .binary_search(&e.operation.as_str())
            .unwrap_or(0);
        let mut r = json!({
            "kind": kind,
            "operation": operation,
            "correlation_id": { "internal": e.correlation_id, "external": 0 },
            "start_timestamp": e.start_ns,
            "end_timestamp": e.end_ns,
            "thread_id": e.thread_id,
        });
        if e.domain != Domain::Marker {
            r["status"] = json!(e.status);
        }
        r
    };
    let hip: Vec<Value> = trace
        .of(&[Domain::HipRuntime, Domain::HipCompiler])
        .map(record)
        .collect();
    let markers: Vec<Value> = trace.of(&[Domain::Marker]).map(record).collect();
    let messages: Vec<Value> = trace
        .of(&[Domain::Marker])
        .map(|e| json!({ "key": e.correlation_id, "value": e.function }))
        .collect();
    let first = trace.events.iter().map(|e| e.start_ns).min().unwrap_or(0);
    let last = trace.events.iter().map(|e| e.end_ns).max().unwrap_or(0);
    json!({
        "rocprofiler-sdk-tool": [{
            "metadata": {
                "pid": trace.pid,
                "init_time": first,
                "fini_time": last,
                "command": command.iter().map(|a| a.to_string_lossy()).collect::<Vec<_>>(),
                "config": {
                    "hip_runtime_api_trace": domains.hip_runtime,
                    "hip_compiler_api_trace": domains.hip_compiler,
                    "marker_api_trace": domains.marker,
                    "kernel_trace": false,
                    "memory_copy_trace": false,
                },
            },
            "agents": [],
            "counters": [],
            "strings": {
                "buffer_records": kinds.iter().zip(&operations).map(|(k, ops)| json!({
                    "kind": k.name(),
                    "operations": ops,
                })).collect::<Vec<_>>(),
                "marker_api": messages,
            },
            "buffer_records": {
                "hip_api": hip,
                "marker_api": markers,
                "kernel_dispatch": [],
                "memory_copy": [],
            },
        }]
    })
}

/// Writes `value` to `path`.
pub fn write(path: &Path, value: &Value) -> io::Result<()> {
    let file = io::BufWriter::new(std::fs::File::create(path)?);
    serde_json::to_writer_pretty(file, value).map_err(io::Error::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collect::Event;

    #[test]
    fn kinds_and_operations_index_the_strings() {
        let event = |domain, name: &str, op: &str, corr| Event {
            domain,
            function: name.into(),
            operation: op.into(),
            thread_id: 1,
            correlation_id: corr,
            start_ns: corr * 10,
            end_ns: corr * 10 + 5,
            status: 1,
        };
        let trace = ProcessTrace {
            pid: 4,
            events: vec![
                event(Domain::HipRuntime, "hipMalloc", "hipMalloc", 1),
                event(Domain::HipRuntime, "hipFree", "hipFree", 2),
                event(Domain::Marker, "work", "roctxRangePushA", 3),
            ],
            ..Default::default()
        };
        let all = Domains {
            hip_runtime: true,
            hip_compiler: true,
            marker: true,
        };
        let doc = document(&trace, all, &["app".into()]);
        let tool = &doc["rocprofiler-sdk-tool"][0];
        let strings = &tool["strings"]["buffer_records"];
        let hip = tool["buffer_records"]["hip_api"].as_array().expect("array");
        let malloc = &hip[0];
        let kind = malloc["kind"].as_u64().expect("kind") as usize;
        let op = malloc["operation"].as_u64().expect("op") as usize;
        assert_eq!(strings[kind]["kind"], "HIP_RUNTIME_API");
        assert_eq!(strings[kind]["operations"][op], "hipMalloc");
        assert_eq!(malloc["status"], 1);
        assert_eq!(tool["strings"]["marker_api"][0]["value"], "work");
        assert_eq!(tool["metadata"]["pid"], 4);
        assert_eq!(tool["metadata"]["init_time"], 10);
        assert_eq!(tool["metadata"]["fini_time"], 35);
    }
}
