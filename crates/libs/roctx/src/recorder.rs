//! Per-thread record buffers, written to a trace file when the process exits.
//!
//! The hot path takes only its own thread's lock (never contended, except by the final
//! write); the list of buffers is locked once per thread, when it records first. A buffer
//! outlives its thread so that the records of threads that ended are written too.

use std::cell::OnceCell;
use std::fs::OpenOptions;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use parking_lot::Mutex;

use crate::trace_file::{self, Record};

type Buffer = Arc<Mutex<Vec<Record>>>;

/// The records of one traced library of this process.
pub struct Recorder {
    domain: &'static str,
    dir: PathBuf,
    buffers: Mutex<Vec<Buffer>>,
}

thread_local! {
    /// This thread's buffer (one recorder per library, so one buffer per thread).
    static LOCAL: OnceCell<Buffer> = const { OnceCell::new() };
}

impl Recorder {
    /// A recorder that will write `<dir>/<pid>.<domain>.trace`.
    pub fn new(domain: &'static str, dir: PathBuf) -> Self {
        Recorder {
            domain,
            dir,
            buffers: Mutex::new(Vec::new()),
        }
    }

    /// Where the records go.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Adds a record to the calling thread's buffer (not during the thread's own teardown,
    /// when its thread-locals are gone: such a record is dropped).
    pub fn push(&self, record: Record) {
        let _ = LOCAL.try_with(|local| {
            local
                .get_or_init(|| {
                    let buffer = Buffer::default();
                    self.buffers.lock().push(buffer.clone());
                    buffer
                })
                .lock()
                .push(record)
        });
    }

    /// Takes every record so far, in start order.
    pub fn drain(&self) -> Vec<Record> {
        let mut all: Vec<Record> = self
            .buffers
            .lock()
            .iter()
            .flat_map(|b| std::mem::take(&mut *b.lock()))
            .collect();
        all.sort_by_key(|r| (r.start_ns, r.correlation_id));
        all
    }

    /// Writes (appends, if a process image of the same pid wrote before an `exec`) the
    /// records so far to the trace file; returns its path.
    pub fn write(&self) -> io::Result<PathBuf> {
        let pid = std::process::id();
        let path = self.dir.join(trace_file::file_name(pid, self.domain));
        let file = OpenOptions::new().create(true).append(true).open(&path)?;
        let mut out = BufWriter::new(file);
        trace_file::write(&mut out, self.domain, pid, &self.drain())?;
        out.flush()?;
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace_file::Kind;

    fn record(start: u64, name: &str) -> Record {
        Record {
            kind: Kind::Mark,
            correlation_id: start,
            thread_id: crate::clock::thread_id(),
            start_ns: start,
            end_ns: start,
            status: 0,
            name: name.into(),
        }
    }

    #[test]
    fn records_of_every_thread_are_written_in_start_order() {
        let dir = std::env::temp_dir().join(format!("roctx-recorder-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let recorder: &'static Recorder = Box::leak(Box::new(Recorder::new("test", dir.clone())));
        recorder.push(record(30, "main"));
        std::thread::spawn(move || recorder.push(record(10, "ended thread")))
            .join()
            .expect("thread");
        let path = recorder.write().expect("write");
        let text = std::fs::read_to_string(&path).expect("read back");
        std::fs::remove_dir_all(&dir).expect("clean up");
        let file = trace_file::parse(&text).expect("parse");
        let names: Vec<&str> = file.records.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["ended thread", "main"]);
        assert_eq!(file.pid, std::process::id());
        assert!(recorder.drain().is_empty(), "written records are taken");
    }
}
