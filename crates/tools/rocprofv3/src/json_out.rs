//! `--output-format json`: `<name>_results.json` in the layout of rocprofv3's JSON output
//! (one `rocprofiler-sdk-tool` entry per process, `strings` naming kinds and operations,
//! `buffer_records` per domain). Differences, listed in docs/PROFILING.md: `kind` is the
//! index of the kind in `strings.buffer_records`, `operation` the index of the name in that
//! kind's `operations` (ferrocm has its own numbering of HIP functions), each HIP record
//! carries its `hipError_t` as `status`, agents are the host and the HIP devices
//! (id and type only), and there are no counters.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io;
use std::path::Path;

use serde_json::{json, Value};

use crate::activity::{demangle, Agent, Direction};
use crate::cli::Domains;
use crate::collect::{Domain, ProcessTrace};

/// The JSON document of one process.
pub fn document(trace: &ProcessTrace, domains: Domains, command: &[OsString]) -> Value {
    let kinds = [
        Domain::HipRuntime,
        Domain::HipCompiler,
        Domain::Marker,
        Domain::HsaCore,
        Domain::HsaAmdExt,
    ];
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
    let hsa: Vec<Value> = trace
        .of(&[Domain::HsaCore, Domain::HsaAmdExt])
        .map(record)
        .collect();
    let messages: Vec<Value> = trace
        .of(&[Domain::Marker])
        .map(|e| json!({ "key": e.correlation_id, "value": e.function }))
        .collect();
    let a = &trace.activity;
    let spans = trace
        .events
        .iter()
        .map(|e| (e.start_ns, e.end_ns))
        .chain(a.kernels.iter().map(|k| (k.start_ns, k.end_ns)))
        .chain(a.copies.iter().map(|c| (c.start_ns, c.end_ns)))
        .chain(a.allocations.iter().map(|r| (r.start_ns, r.end_ns)));
    let (first, last) = spans.fold((u64::MAX, 0), |(f, l), (s, e)| (f.min(s), l.max(e)));
    let first = if first == u64::MAX { 0 } else { first };
    // Kind indices of the activity records follow the API kinds in `strings`.
    let (kernel_kind, copy_kind, alloc_kind) = (kinds.len(), kinds.len() + 1, kinds.len() + 2);
    let mut symbols: Vec<(u64, &str, u32, u32)> = a
        .kernels
        .iter()
        .map(|k| {
            (
                k.kernel_id,
                k.symbol.as_str(),
                k.private_segment_size,
                k.group_segment_size,
            )
        })
        .collect();
    symbols.sort_unstable();
    symbols.dedup_by_key(|s| s.0);
    let kernel_symbols: Vec<Value> = symbols
        .iter()
        .map(|&(id, symbol, private, group)| {
            json!({
                "kernel_id": id,
                "kernel_name": symbol,
                "formatted_kernel_name": demangle(symbol),
                "private_segment_size": private,
                "group_segment_size": group,
            })
        })
        .collect();
    let xyz = |v: [u32; 3]| json!({ "x": v[0], "y": v[1], "z": v[2] });
    let kernel_dispatch: Vec<Value> = a
        .kernels
        .iter()
        .map(|k| {
            json!({
                "kind": kernel_kind,
                "operation": 0,
                "thread_id": k.thread_id,
                "correlation_id": { "internal": k.correlation_id, "external": 0 },
                "start_timestamp": k.start_ns,
                "end_timestamp": k.end_ns,
                "dispatch_info": {
                    "agent_id": { "handle": k.agent.0 },
                    "queue_id": { "handle": k.queue },
                    "kernel_id": k.kernel_id,
                    "dispatch_id": k.dispatch_id,
                    "private_segment_size": k.private_segment_size,
                    "group_segment_size": k.group_segment_size,
                    "workgroup_size": xyz(k.workgroup),
                    "grid_size": xyz(k.grid),
                },
            })
        })
        .collect();
    let memory_copy: Vec<Value> = a
        .copies
        .iter()
        .map(|c| {
            json!({
                "kind": copy_kind,
                "operation": Direction::ALL.iter().position(|&d| d == c.direction()),
                "thread_id": c.thread_id,
                "correlation_id": { "internal": c.correlation_id, "external": 0 },
                "start_timestamp": c.start_ns,
                "end_timestamp": c.end_ns,
                "src_agent_id": { "handle": c.src.0 },
                "dst_agent_id": { "handle": c.dst.0 },
                "bytes": c.bytes,
                "stream_id": { "handle": c.queue },
            })
        })
        .collect();
    let memory_allocation: Vec<Value> = a
        .allocations
        .iter()
        .map(|r| {
            json!({
                "kind": alloc_kind,
                "operation": usize::from(r.free),
                "thread_id": r.thread_id,
                "correlation_id": { "internal": r.correlation_id, "external": 0 },
                "start_timestamp": r.start_ns,
                "end_timestamp": r.end_ns,
                "agent_id": { "handle": r.agent.0 },
                "address": { "handle": r.address },
                "allocation_size": r.size,
            })
        })
        .collect();
    let mut agents: Vec<Agent> = a
        .kernels
        .iter()
        .map(|k| k.agent)
        .chain(a.copies.iter().flat_map(|c| [c.src, c.dst]))
        .chain(a.allocations.iter().map(|r| r.agent))
        .chain([Agent::HOST])
        .collect();
    agents.sort_unstable();
    agents.dedup();
    let agents: Vec<Value> = agents
        .iter()
        .map(|g| {
            json!({
                "id": { "handle": g.0 },
                "type": if g.is_host() { 1 } else { 2 },
                "node_id": g.0,
                "logical_node_id": g.0,
            })
        })
        .collect();
    let mut buffer_kinds: Vec<Value> = kinds
        .iter()
        .zip(&operations)
        .map(|(k, ops)| json!({ "kind": k.name(), "operations": ops }))
        .collect();
    buffer_kinds
        .push(json!({ "kind": "KERNEL_DISPATCH", "operations": ["KERNEL_DISPATCH_COMPLETE"] }));
    buffer_kinds.push(json!({
        "kind": "MEMORY_COPY",
        "operations": Direction::ALL.iter().map(|d| d.name()).collect::<Vec<_>>(),
    }));
    buffer_kinds.push(json!({
        "kind": "MEMORY_ALLOCATION",
        "operations": ["MEMORY_ALLOCATION_ALLOCATE", "MEMORY_ALLOCATION_FREE"],
    }));
    json!({
        "rocprofiler-sdk-tool": [{
            "metadata": {
                "pid": trace.pid,
                "init_time": first,
                "fini_time": last,
                "command": command.iter().map(|a| a.to_string_lossy()).collect::<Vec<_>>(),
                "config": {
                    "hsa_api_trace": domains.hsa,
                    "hip_runtime_api_trace": domains.hip_runtime,
                    "hip_compiler_api_trace": domains.hip_compiler,
                    "marker_api_trace": domains.marker,
                    "kernel_trace": domains.kernel,
                    "memory_copy_trace": domains.memory_copy,
                    "memory_allocation_trace": domains.memory_allocation,
                },
            },
            "agents": agents,
            "counters": [],
            "kernel_symbols": kernel_symbols,
            "strings": {
                "buffer_records": buffer_kinds,
                "marker_api": messages,
            },
            "buffer_records": {
                "hsa_api": hsa,
                "hip_api": hip,
                "marker_api": markers,
                "kernel_dispatch": kernel_dispatch,
                "memory_copy": memory_copy,
                "memory_allocation": memory_allocation,
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
            ..Domains::default()
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
