//! [`Fixtures`] for a library whose objects are a few handle types, each made and
//! destroyed by one call (BLAS handles, FFT plans, RAND generators...), and whose memory
//! arguments are host-visible buffers (the CPU platform). A library's bad-input test fills
//! a [`Library`] and calls [`run`].

use crate::classes::{Class, Kind};
use crate::library::Fixtures;
use crate::{Param, Probe, Value};

/// One handle family: the types of the list that are handles of it, and how to make one.
pub struct Handle {
    pub family: &'static str,
    /// Type names as the declaration list writes them.
    pub types: &'static [&'static str],
    /// A new live handle (`None` if the library refused).
    pub create: fn() -> Option<u64>,
    /// `None` for handles that cannot be destroyed (devices), which then have no
    /// "destroyed" case.
    pub destroy: Option<fn(u64)>,
}

/// What the runner needs of a simple library.
pub struct Library {
    pub name: &'static str,
    pub probes: &'static [Probe],
    pub handles: &'static [Handle],
    /// The status value of success.
    pub success: i64,
    /// The status type's name where the list writes it (`-> rsmi_status_t`); empty where
    /// the export macro adds it.
    pub status_type: &'static str,
    /// Starts the library (or nothing).
    pub setup: fn() -> Result<(), String>,
    /// Work that must still succeed after any bad call.
    pub sanity: fn() -> Result<(), String>,
    /// Waits until work a call left queued is done (before its buffers are freed).
    pub quiesce: fn(),
    /// Kinds the generic rules get wrong for this library.
    pub kind_override: fn(&Param) -> Option<Kind>,
    /// Why a function is not probed.
    pub skip: fn(&str) -> Option<&'static str>,
    /// Inputs that are valid although they look bad (documented NULLs...).
    pub valid_input: fn(&Probe, &Param, Kind, Class) -> bool,
}

/// A live handle and how to destroy it (if it can be).
type Live = (u64, Option<fn(u64)>);

struct State {
    lib: &'static Library,
    live: Vec<Live>,
    buffers: Vec<Vec<u64>>,
}

/// Bytes of the host buffer a memory parameter gets.
const BUFFER_BYTES: usize = 1 << 20;

/// An address that was mapped and no longer is (a freed buffer).
fn unmapped_address() -> Option<u64> {
    // SAFETY: a fresh anonymous mapping, unmapped at once; only its address is kept.
    unsafe {
        let p = libc::mmap(
            std::ptr::null_mut(),
            BUFFER_BYTES,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        );
        if p == libc::MAP_FAILED {
            return None;
        }
        libc::munmap(p, BUFFER_BYTES);
        Some(p as usize as u64)
    }
}

impl State {
    fn handle(&self, family: &str) -> Option<&'static Handle> {
        self.lib.handles.iter().find(|h| h.family == family)
    }

    fn make(&mut self, family: &str) -> Option<u64> {
        let h = self.handle(family)?;
        let v = (h.create)()?;
        self.live.push((v, h.destroy));
        Some(v)
    }
}

impl Fixtures for State {
    fn library(&self) -> &'static str {
        self.lib.name
    }

    fn probes(&self) -> &'static [Probe] {
        self.lib.probes
    }

    fn handle_family(&self, ty: &str) -> Option<&'static str> {
        self.lib
            .handles
            .iter()
            .find(|h| h.types.contains(&ty))
            .map(|h| h.family)
    }

    fn kind_override(&self, p: &Param) -> Option<Kind> {
        (self.lib.kind_override)(p)
    }

    fn skip(&self, name: &str) -> Option<&'static str> {
        (self.lib.skip)(name)
    }

    fn is_valid_input(&self, probe: &Probe, param: &Param, kind: Kind, class: Class) -> bool {
        (self.lib.valid_input)(probe, param, kind, class)
    }

    fn setup(&mut self) -> Result<(), String> {
        (self.lib.setup)()
    }

    fn valid(&mut self, kind: Kind, _param: &Param) -> Option<Value> {
        match kind {
            Kind::Handle(family) => self.make(family).map(Value::Word),
            Kind::Data | Kind::In | Kind::Out => {
                self.buffers.push(vec![0u64; BUFFER_BYTES / 8]);
                let p = self.buffers.last().map_or(0, |b| b.as_ptr() as usize);
                Some(Value::Word(p as u64))
            }
            _ => None,
        }
    }

    fn destroyed(&mut self, kind: Kind) -> Option<Value> {
        match kind {
            Kind::Handle(family) => {
                let h = self.handle(family)?;
                let destroy = h.destroy?;
                let v = (h.create)()?;
                destroy(v);
                Some(Value::Word(v))
            }
            Kind::Data => unmapped_address().map(Value::Word),
            _ => None,
        }
    }

    fn other_family(&mut self, family: &'static str) -> Option<Value> {
        let other = self.lib.handles.iter().find(|h| h.family != family)?;
        self.make(other.family).map(Value::Word)
    }

    fn release(&mut self) {
        (self.lib.quiesce)();
        for (v, destroy) in self.live.drain(..).rev() {
            if let Some(destroy) = destroy {
                destroy(v);
            }
        }
        self.buffers.clear();
    }

    fn sanity(&mut self) -> Result<(), String> {
        (self.lib.sanity)()
    }

    fn is_success(&self, probe: &Probe, code: i64) -> bool {
        (probe.ret.is_empty() || probe.ret == self.lib.status_type) && code == self.lib.success
    }
}

/// The whole bad-input test of `lib` (see [`crate::runner::main`]).
pub fn run(lib: &'static Library) {
    run_all(&[lib]);
}

/// The bad-input tests of several libraries in one binary (twin libraries whose fixtures
/// one macro writes: rocBLAS and hipBLAS), one after the other.
pub fn run_all(libs: &[&'static Library]) {
    crate::runner::main_each(libs.len(), &|i| {
        Box::new(State {
            lib: libs[i],
            live: Vec::new(),
            buffers: Vec::new(),
        })
    });
}

/// No overrides, skips or valid-looking inputs.
pub fn no_kind_override(_: &Param) -> Option<Kind> {
    None
}
pub fn no_skip(_: &str) -> Option<&'static str> {
    None
}
pub fn no_valid_input(_: &Probe, _: &Param, _: Kind, _: Class) -> bool {
    false
}
pub fn nothing_to_set_up() -> Result<(), String> {
    Ok(())
}
pub fn nothing_queued() {}
