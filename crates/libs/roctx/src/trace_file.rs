//! The trace files the in-process recorders hand to `rocprofv3`.
//!
//! Each traced library of each process writes one file, `<dir>/<pid>.<domain>.trace`, when the
//! process exits: `libamdhip64.so` the HIP calls (`hip`, written by
//! `crates/capi/amdhip64/src/profiler.rs`, which mirrors [`write`] because that crate cannot
//! depend on this one), `libroctx64.so` the markers (`marker`). `rocprofv3` reads them with
//! [`parse`] once the application has exited and writes ROCm's output formats from them.
//!
//! The format is text, so that a stray file can be read by eye:
//!
//! ```text
//! ferrocm-trace 1 <domain> <pid>
//! <kind>\t<correlation id>\t<thread id>\t<start ns>\t<end ns>\t<status>\t<name>
//! ...
//! ```
//!
//! Timestamps are `CLOCK_MONOTONIC` nanoseconds (the clock rocprofv3 uses), thread ids the
//! kernel's (`gettid`), correlation ids unique within one file; in `<name>` a backslash, tab,
//! newline or carriage return is written `\\`, `\t`, `\n`, `\r`.

use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

/// The first word of every trace file.
pub const MAGIC: &str = "ferrocm-trace";
/// The format version this module writes and reads.
pub const VERSION: u32 = 1;

/// What one record is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A call of an exported HIP function (its name is the function's).
    Api,
    /// `roctxMarkA`: an instant (start = end).
    Mark,
    /// A `roctxRangePushA` ... `roctxRangePop` range of one thread.
    PushPop,
    /// A `roctxRangeStartA` ... `roctxRangeStop` range (may end on another thread).
    StartStop,
    /// `roctxProfilerPause`: nothing starting from here is reported...
    Pause,
    /// ... until `roctxProfilerResume`.
    Resume,
    /// `roctxNameOsThread`: the name (of the record's thread) for Perfetto's thread track.
    ThreadName,
    /// `roctxNameHipStream`: the name of the stream whose `hipStream_t` value is the record's
    /// `status` (as the bits of a `u64`), for its Perfetto track.
    StreamName,
    /// `roctxNameHipDevice`: the name of the HIP device whose ordinal is the record's
    /// `status`.
    DeviceName,
}

impl Kind {
    /// The word of the format.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Api => "api",
            Kind::Mark => "mark",
            Kind::PushPop => "push",
            Kind::StartStop => "start",
            Kind::Pause => "pause",
            Kind::Resume => "resume",
            Kind::ThreadName => "thread_name",
            Kind::StreamName => "stream_name",
            Kind::DeviceName => "device_name",
        }
    }
}

impl FromStr for Kind {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        Ok(match s {
            "api" => Kind::Api,
            "mark" => Kind::Mark,
            "push" => Kind::PushPop,
            "start" => Kind::StartStop,
            "pause" => Kind::Pause,
            "resume" => Kind::Resume,
            "thread_name" => Kind::ThreadName,
            "stream_name" => Kind::StreamName,
            "device_name" => Kind::DeviceName,
            other => return Err(ParseError::UnknownKind(other.to_string())),
        })
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One traced call, marker or range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub kind: Kind,
    pub correlation_id: u64,
    pub thread_id: u64,
    pub start_ns: u64,
    pub end_ns: u64,
    /// The `hipError_t` returned (0 for markers).
    pub status: i64,
    /// The HIP function, or the marker's message.
    pub name: String,
}

/// A parsed trace file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceFile {
    /// `hip` or `marker`.
    pub domain: String,
    pub pid: u32,
    pub records: Vec<Record>,
}

/// Why a trace file could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ParseError {
    #[error("not a ferrocm trace file (first line {0:?})")]
    BadHeader(String),
    #[error("trace format version {0} (this rocprofv3 reads version {VERSION})")]
    Version(u32),
    #[error("line {line}: {what}")]
    BadLine { line: usize, what: String },
    #[error("unknown record kind {0:?}")]
    UnknownKind(String),
}

/// The file name a process's recorder of `domain` writes.
pub fn file_name(pid: u32, domain: &str) -> String {
    format!("{pid}.{domain}.trace")
}

/// Writes the header line of a trace file.
pub fn write_header(out: &mut impl Write, domain: &str, pid: u32) -> io::Result<()> {
    writeln!(out, "{MAGIC} {VERSION} {domain} {pid}")
}

/// Writes one record line.
pub fn write_record(out: &mut impl Write, r: &Record) -> io::Result<()> {
    writeln!(
        out,
        "{}\t{}\t{}\t{}\t{}\t{}\t{}",
        r.kind,
        r.correlation_id,
        r.thread_id,
        r.start_ns,
        r.end_ns,
        r.status,
        escape(&r.name)
    )
}

/// Writes a whole file.
pub fn write(out: &mut impl Write, domain: &str, pid: u32, records: &[Record]) -> io::Result<()> {
    write_header(out, domain, pid)?;
    records.iter().try_for_each(|r| write_record(out, r))
}

/// `name` with the separators of the format escaped.
pub fn escape(name: &str) -> String {
    let mut s = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            '\\' => s.push_str("\\\\"),
            '\t' => s.push_str("\\t"),
            '\n' => s.push_str("\\n"),
            '\r' => s.push_str("\\r"),
            c => s.push(c),
        }
    }
    s
}

fn unescape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            s.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => s.push('\t'),
            Some('n') => s.push('\n'),
            Some('r') => s.push('\r'),
            Some(other) => s.push(other),
            None => s.push('\\'),
        }
    }
    s
}

/// Reads a trace file's text.
pub fn parse(text: &str) -> Result<TraceFile, ParseError> {
    let mut lines = text.lines();
    let header = lines.next().unwrap_or_default();
    let words: Vec<&str> = header.split(' ').collect();
    let [magic, version, domain, pid] = words[..] else {
        return Err(ParseError::BadHeader(header.to_string()));
    };
    if magic != MAGIC {
        return Err(ParseError::BadHeader(header.to_string()));
    }
    let version: u32 = version
        .parse()
        .map_err(|_| ParseError::BadHeader(header.to_string()))?;
    if version != VERSION {
        return Err(ParseError::Version(version));
    }
    let pid = pid
        .parse()
        .map_err(|_| ParseError::BadHeader(header.to_string()))?;
    let mut records = Vec::new();
    for (i, line) in lines.enumerate() {
        let line_no = i + 2;
        let bad = |what: &str| ParseError::BadLine {
            line: line_no,
            what: what.to_string(),
        };
        let fields: Vec<&str> = line.splitn(7, '\t').collect();
        let [kind, corr, tid, start, end, status, name] = fields[..] else {
            return Err(bad("expected 7 tab-separated fields"));
        };
        let number = |field: &str, what: &str| field.parse::<u64>().map_err(|_| bad(what));
        records.push(Record {
            kind: kind.parse()?,
            correlation_id: number(corr, "correlation id")?,
            thread_id: number(tid, "thread id")?,
            start_ns: number(start, "start timestamp")?,
            end_ns: number(end, "end timestamp")?,
            status: status.parse().map_err(|_| bad("status"))?,
            name: unescape(name),
        });
    }
    Ok(TraceFile {
        domain: domain.to_string(),
        pid,
        records,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_with_awkward_names() {
        let records = vec![
            Record {
                kind: Kind::Api,
                correlation_id: 1,
                thread_id: 77,
                start_ns: 10,
                end_ns: 20,
                status: 1,
                name: "hipMalloc".into(),
            },
            Record {
                kind: Kind::PushPop,
                correlation_id: 2,
                thread_id: 78,
                start_ns: 11,
                end_ns: 30,
                status: 0,
                name: "a\tb\nc\\d\re".into(),
            },
        ];
        let mut text = Vec::new();
        write(&mut text, "marker", 42, &records).expect("write to memory");
        let parsed = parse(std::str::from_utf8(&text).expect("utf-8")).expect("parse");
        assert_eq!(parsed.domain, "marker");
        assert_eq!(parsed.pid, 42);
        assert_eq!(parsed.records, records);
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        assert!(matches!(parse(""), Err(ParseError::BadHeader(_))));
        assert!(matches!(
            parse("something 1 hip 3\n"),
            Err(ParseError::BadHeader(_))
        ));
        assert_eq!(
            parse("ferrocm-trace 9 hip 3\n"),
            Err(ParseError::Version(9))
        );
        assert!(matches!(
            parse("ferrocm-trace 1 hip 3\napi\t1\t2\n"),
            Err(ParseError::BadLine { line: 2, .. })
        ));
        assert_eq!(
            parse("ferrocm-trace 1 hip 3\nzap\t1\t2\t3\t4\t0\tx\n"),
            Err(ParseError::UnknownKind("zap".into()))
        );
    }
}
