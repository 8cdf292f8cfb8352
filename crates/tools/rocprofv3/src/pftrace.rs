//! `--output-format pftrace`: `<name>_results.pftrace`, a Perfetto trace (protobuf) that
//! ui.perfetto.dev opens.
//!
//! The messages below are the subset of Perfetto's schema (`protos/perfetto/trace/`) this
//! writer uses, with Perfetto's field numbers: a `Trace` of `TracePacket`s, each a
//! `TrackDescriptor` (a process, a thread, or a start/stop range's own track) or a
//! `TrackEvent` (slice begin/end, instant). Layout, as rocprofv3's: one track per host thread
//! with its HIP calls and push/pop ranges nested as they ran, marks as instants on it, each
//! start/stop range on a track of its own under the process (it may end on another thread);
//! every slice carries its correlation id, HIP calls their status too. Kernel dispatches and
//! memory copies are slices on one track per stream (queue) under the process, and a flow
//! (Perfetto's arrows) goes from each HIP call to the kernels and copies it made. Timestamps
//! are the CSV's (`CLOCK_MONOTONIC` ns), written as the trace's own clock.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::io;
use std::path::Path;

use prost::Message;

use crate::activity::{demangle, Agent};
use crate::collect::{Domain, Event, ProcessTrace};

/// `perfetto.protos.Trace`.
#[derive(Clone, PartialEq, Message)]
pub struct Trace {
    #[prost(message, repeated, tag = "1")]
    pub packet: Vec<TracePacket>,
}

/// `perfetto.protos.TracePacket` (subset).
#[derive(Clone, PartialEq, Message)]
pub struct TracePacket {
    #[prost(uint64, optional, tag = "8")]
    pub timestamp: Option<u64>,
    #[prost(uint32, optional, tag = "10")]
    pub trusted_packet_sequence_id: Option<u32>,
    #[prost(message, optional, tag = "11")]
    pub track_event: Option<TrackEvent>,
    #[prost(uint32, optional, tag = "13")]
    pub sequence_flags: Option<u32>,
    #[prost(message, optional, tag = "60")]
    pub track_descriptor: Option<TrackDescriptor>,
}

/// `perfetto.protos.TrackDescriptor` (subset).
#[derive(Clone, PartialEq, Message)]
pub struct TrackDescriptor {
    #[prost(uint64, optional, tag = "1")]
    pub uuid: Option<u64>,
    #[prost(string, optional, tag = "2")]
    pub name: Option<String>,
    #[prost(message, optional, tag = "3")]
    pub process: Option<ProcessDescriptor>,
    #[prost(message, optional, tag = "4")]
    pub thread: Option<ThreadDescriptor>,
    #[prost(uint64, optional, tag = "5")]
    pub parent_uuid: Option<u64>,
}

/// `perfetto.protos.ProcessDescriptor` (subset).
#[derive(Clone, PartialEq, Message)]
pub struct ProcessDescriptor {
    #[prost(int32, optional, tag = "1")]
    pub pid: Option<i32>,
    #[prost(string, optional, tag = "6")]
    pub process_name: Option<String>,
}

/// `perfetto.protos.ThreadDescriptor` (subset).
#[derive(Clone, PartialEq, Message)]
pub struct ThreadDescriptor {
    #[prost(int32, optional, tag = "1")]
    pub pid: Option<i32>,
    #[prost(int64, optional, tag = "2")]
    pub tid: Option<i64>,
    #[prost(string, optional, tag = "5")]
    pub thread_name: Option<String>,
}

/// `perfetto.protos.TrackEvent` (subset).
#[derive(Clone, PartialEq, Message)]
pub struct TrackEvent {
    #[prost(message, repeated, tag = "4")]
    pub debug_annotations: Vec<DebugAnnotation>,
    /// `TrackEvent.Type`: [`SLICE_BEGIN`], [`SLICE_END`], [`INSTANT`].
    #[prost(int32, optional, tag = "9")]
    pub r#type: Option<i32>,
    #[prost(uint64, optional, tag = "11")]
    pub track_uuid: Option<u64>,
    #[prost(string, repeated, tag = "22")]
    pub categories: Vec<String>,
    #[prost(string, optional, tag = "23")]
    pub name: Option<String>,
    /// Flows this slice takes part in: slices with the same id are linked in time order.
    #[prost(fixed64, repeated, packed = "false", tag = "47")]
    pub flow_ids: Vec<u64>,
}

/// `perfetto.protos.DebugAnnotation` (subset).
#[derive(Clone, PartialEq, Message)]
pub struct DebugAnnotation {
    #[prost(uint64, optional, tag = "3")]
    pub uint_value: Option<u64>,
    #[prost(int64, optional, tag = "4")]
    pub int_value: Option<i64>,
    #[prost(string, optional, tag = "10")]
    pub name: Option<String>,
}

/// `TrackEvent.Type` values.
pub const SLICE_BEGIN: i32 = 1;
pub const SLICE_END: i32 = 2;
pub const INSTANT: i32 = 3;

/// `TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED`.
const SEQ_INCREMENTAL_STATE_CLEARED: u32 = 1;
/// The one packet sequence this writer uses.
const SEQUENCE: u32 = 1;

/// Track ids: a process, a thread, a start/stop range (distinct high bits, so they never meet).
fn process_uuid(pid: u32) -> u64 {
    (1 << 48) | u64::from(pid)
}
fn thread_uuid(tid: u64) -> u64 {
    (2 << 48) | (tid & 0xffff_ffff_ffff)
}
fn range_uuid(correlation_id: u64) -> u64 {
    (3 << 48) | (correlation_id & 0xffff_ffff_ffff)
}
fn queue_uuid(ordinal: u64) -> u64 {
    (4 << 48) | ordinal
}

/// The category of kernel-dispatch slices, and of memory-copy slices.
pub const KERNEL_CATEGORY: &str = "KERNEL_DISPATCH";
pub const COPY_CATEGORY: &str = "MEMORY_COPY";

fn descriptor(d: TrackDescriptor) -> TracePacket {
    TracePacket {
        trusted_packet_sequence_id: Some(SEQUENCE),
        track_descriptor: Some(d),
        ..Default::default()
    }
}

/// One timed packet and the key that orders packets of equal timestamps so that slices
/// nest: ends before begins and instants; of begins, the longer (outer) first; of ends, the
/// later-started (inner) first.
struct Timed {
    key: (u64, u8, u64, u64),
    packet: TracePacket,
}

fn event_packet(ts: u64, kind: i32, track: u64, e: &Event, with_details: bool) -> TracePacket {
    let mut event = TrackEvent {
        r#type: Some(kind),
        track_uuid: Some(track),
        ..Default::default()
    };
    if with_details {
        event.name = Some(e.function.clone());
        event.categories = vec![e.domain.name().to_string()];
        event.debug_annotations.push(DebugAnnotation {
            name: Some("correlation_id".into()),
            uint_value: Some(e.correlation_id),
            ..Default::default()
        });
        if e.domain != Domain::Marker {
            event.debug_annotations.push(DebugAnnotation {
                name: Some("status".into()),
                int_value: Some(e.status),
                ..Default::default()
            });
        }
    }
    TracePacket {
        timestamp: Some(ts),
        trusted_packet_sequence_id: Some(SEQUENCE),
        track_event: Some(event),
        ..Default::default()
    }
}

/// The Perfetto trace of one process.
pub fn trace(process: &ProcessTrace, process_name: &str) -> Trace {
    let pid = process.pid;
    let mut packets = vec![TracePacket {
        trusted_packet_sequence_id: Some(SEQUENCE),
        sequence_flags: Some(SEQ_INCREMENTAL_STATE_CLEARED),
        track_descriptor: Some(TrackDescriptor {
            uuid: Some(process_uuid(pid)),
            process: Some(ProcessDescriptor {
                pid: Some(pid as i32),
                process_name: Some(process_name.to_string()),
            }),
            ..Default::default()
        }),
        ..Default::default()
    }];
    let threads: BTreeSet<u64> = process.events.iter().map(|e| e.thread_id).collect();
    for &tid in &threads {
        packets.push(descriptor(TrackDescriptor {
            uuid: Some(thread_uuid(tid)),
            thread: Some(ThreadDescriptor {
                pid: Some(pid as i32),
                tid: Some(tid as i64),
                thread_name: Some(
                    process
                        .thread_names
                        .get(&tid)
                        .cloned()
                        .unwrap_or_else(|| format!("Thread {tid}")),
                ),
            }),
            ..Default::default()
        }));
    }
    let mut timed = Vec::new();
    // The calls that made kernels or copies start flows.
    let a = &process.activity;
    let launches: HashSet<u64> = a
        .kernels
        .iter()
        .map(|k| k.correlation_id)
        .chain(a.copies.iter().map(|c| c.correlation_id))
        .collect();
    activity_slices(process, &mut packets, &mut timed);
    for e in &process.events {
        let track = if e.operation == "roctxRangeStartA" {
            let uuid = range_uuid(e.correlation_id);
            packets.push(descriptor(TrackDescriptor {
                uuid: Some(uuid),
                name: Some(e.function.clone()),
                parent_uuid: Some(process_uuid(pid)),
                ..Default::default()
            }));
            uuid
        } else {
            thread_uuid(e.thread_id)
        };
        if e.start_ns == e.end_ns && e.operation == "roctxMarkA" {
            timed.push(Timed {
                key: (e.start_ns, 1, u64::MAX, e.correlation_id),
                packet: event_packet(e.start_ns, INSTANT, track, e, true),
            });
            continue;
        }
        let mut begin = event_packet(e.start_ns, SLICE_BEGIN, track, e, true);
        if e.domain != Domain::Marker && launches.contains(&e.correlation_id) {
            if let Some(event) = begin.track_event.as_mut() {
                event.flow_ids.push(e.correlation_id);
            }
        }
        let end = event_packet(e.end_ns, SLICE_END, track, e, false);
        // Begins: longer first (u64::MAX - end); ends: later start first.
        timed.push(Timed {
            key: (e.start_ns, 1, u64::MAX - e.end_ns, e.correlation_id),
            packet: begin,
        });
        timed.push(Timed {
            key: (
                e.end_ns,
                0,
                u64::MAX - e.start_ns,
                u64::MAX - e.correlation_id,
            ),
            packet: end,
        });
    }
    timed.sort_by_key(|t| t.key);
    packets.extend(timed.into_iter().map(|t| t.packet));
    Trace { packet: packets }
}

/// A kernel or copy on its stream's track.
struct StreamSlice {
    start: u64,
    end: u64,
    agent: Agent,
    queue: u64,
    name: String,
    category: &'static str,
    corr: u64,
    extra: Vec<DebugAnnotation>,
}

/// The tracks of the streams (one per queue, in order of first use, named `Stream <n>` or
/// as `roctxNameHipStream` named them, then the agent: `agent <id>` or the device's
/// `roctxNameHipDevice` name) with their kernels and copies as
/// slices, each in the flow of the call that made it.
fn activity_slices(process: &ProcessTrace, packets: &mut Vec<TracePacket>, timed: &mut Vec<Timed>) {
    let a = &process.activity;
    let mut slices: Vec<StreamSlice> = Vec::new();
    let number = |name: &str, v: u64| DebugAnnotation {
        name: Some(name.into()),
        uint_value: Some(v),
        ..Default::default()
    };
    for k in &a.kernels {
        slices.push(StreamSlice {
            start: k.start_ns,
            end: k.end_ns,
            agent: k.agent,
            queue: k.queue,
            name: demangle(&k.symbol),
            category: KERNEL_CATEGORY,
            corr: k.correlation_id,
            extra: vec![
                number("dispatch_id", k.dispatch_id),
                number("kernel_id", k.kernel_id),
                number("grid_size", k.grid.iter().map(|&g| u64::from(g)).product()),
                number(
                    "workgroup_size",
                    k.workgroup.iter().map(|&g| u64::from(g)).product(),
                ),
            ],
        });
    }
    for c in &a.copies {
        slices.push(StreamSlice {
            start: c.start_ns,
            end: c.end_ns,
            agent: if c.dst.is_host() { c.src } else { c.dst },
            queue: c.queue,
            name: c.direction().name().to_string(),
            category: COPY_CATEGORY,
            corr: c.correlation_id,
            extra: vec![number("bytes", c.bytes)],
        });
    }
    slices.sort_by_key(|s| (s.start, s.corr));
    // One track per stream (a host-to-host copy on a device's stream is on that stream's
    // track), named after the agent of its first work.
    let mut queues: BTreeMap<u64, u64> = BTreeMap::new();
    let agent_name = |agent: Agent| match agent.0.checked_sub(1) {
        Some(device) => process
            .device_names
            .get(&device)
            .cloned()
            .unwrap_or_else(|| format!("agent {agent}")),
        None => "host".to_string(),
    };
    for slice in slices {
        let StreamSlice {
            start,
            end,
            agent,
            queue,
            name,
            category,
            corr,
            extra,
        } = slice;
        let next = queues.len() as u64 + 1;
        let ordinal = *queues.entry(queue).or_insert_with(|| {
            let track_name = process
                .stream_names
                .get(&queue)
                .cloned()
                .unwrap_or_else(|| format!("Stream {next}"));
            packets.push(descriptor(TrackDescriptor {
                uuid: Some(queue_uuid(next)),
                name: Some(format!("{track_name} ({})", agent_name(agent))),
                parent_uuid: Some(process_uuid(process.pid)),
                ..Default::default()
            }));
            next
        });
        let track = queue_uuid(ordinal);
        let mut event = TrackEvent {
            r#type: Some(SLICE_BEGIN),
            track_uuid: Some(track),
            name: Some(name),
            categories: vec![category.to_string()],
            flow_ids: vec![corr],
            ..Default::default()
        };
        event.debug_annotations.push(number("correlation_id", corr));
        event.debug_annotations.extend(extra);
        let packet = |ts, event| TracePacket {
            timestamp: Some(ts),
            trusted_packet_sequence_id: Some(SEQUENCE),
            track_event: Some(event),
            ..Default::default()
        };
        timed.push(Timed {
            key: (start, 1, u64::MAX - end, corr),
            packet: packet(start, event),
        });
        let end_event = TrackEvent {
            r#type: Some(SLICE_END),
            track_uuid: Some(track),
            ..Default::default()
        };
        timed.push(Timed {
            key: (end, 0, u64::MAX - start, u64::MAX - corr),
            packet: packet(end, end_event),
        });
    }
}

/// Writes `trace` to `path`.
pub fn write(path: &Path, trace: &Trace) -> io::Result<()> {
    std::fs::write(path, trace.encode_to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(op: &str, name: &str, corr: u64, tid: u64, start: u64, end: u64) -> Event {
        Event {
            domain: if op.starts_with("roctx") {
                Domain::Marker
            } else {
                Domain::HipRuntime
            },
            function: name.into(),
            operation: op.into(),
            thread_id: tid,
            correlation_id: corr,
            start_ns: start,
            end_ns: end,
            status: 0,
        }
    }

    #[test]
    fn slices_nest_per_track_even_at_equal_times() {
        let process = ProcessTrace {
            pid: 10,
            events: vec![
                event("roctxRangePushA", "outer", 1, 10, 100, 200),
                event("hipMalloc", "hipMalloc", 2, 10, 100, 150),
                event("hipFree", "hipFree", 3, 10, 150, 200),
                event("roctxMarkA", "tick", 4, 10, 150, 150),
                event("roctxRangeStartA", "async", 5, 10, 120, 300),
                event("hipMemcpy", "hipMemcpy", 6, 11, 120, 130),
            ],
            thread_names: [(11, "worker".to_string())].into(),
            ..Default::default()
        };
        let bytes = trace(&process, "app").encode_to_vec();
        let decoded = Trace::decode(&bytes[..]).expect("decodes");
        // Replay: every end closes the innermost open slice of its track.
        let mut open: std::collections::HashMap<u64, Vec<String>> = Default::default();
        let mut closed = Vec::new();
        let mut last_ts = 0;
        for p in &decoded.packet {
            let Some(e) = &p.track_event else { continue };
            let ts = p.timestamp.expect("timed");
            assert!(ts >= last_ts, "packets in time order");
            last_ts = ts;
            let stack = open.entry(e.track_uuid.expect("track")).or_default();
            match e.r#type {
                Some(SLICE_BEGIN) => stack.push(e.name.clone().expect("name")),
                Some(SLICE_END) => closed.push(stack.pop().expect("an open slice")),
                Some(INSTANT) => assert_eq!(e.name.as_deref(), Some("tick")),
                other => panic!("type {other:?}"),
            }
        }
        assert!(open.values().all(Vec::is_empty));
        assert_eq!(
            closed,
            ["hipMemcpy", "hipMalloc", "hipFree", "outer", "async"]
        );
        let threads: Vec<&str> = decoded
            .packet
            .iter()
            .filter_map(|p| {
                p.track_descriptor
                    .as_ref()?
                    .thread
                    .as_ref()?
                    .thread_name
                    .as_deref()
            })
            .collect();
        assert_eq!(threads, ["Thread 10", "worker"]);
    }
}
