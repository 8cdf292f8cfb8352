//! The on-disk compilation cache.
//!
//! - **Key**: SHA-256 of everything that determines the code: the platform (`cpu`,
//!   `nvidia`), the source and the program name, the in-memory headers (names and contents),
//!   the normalised compiler arguments (hipcc's, or NVRTC's including the target
//!   architecture), the name expressions, and the toolchain identity — see [`KeyInputs`]. On
//!   the CPU the identity is the hipcc binary's path, size and modification time, the host
//!   compiler's version and the environment variables hipcc reads; on NVIDIA it is the NVRTC
//!   version, the target architecture and a digest of the prelude headers' contents
//!   ([`crate::nvidia`]).
//! - **Validation**: an entry also records every file the compilation read outside the
//!   program's private directory with its size and modification time; an entry whose files
//!   changed is a miss. On the CPU the list is the compiler's `-MD` output (HIP headers, the
//!   C++ library's headers, headers found through `-I`); on NVIDIA it comes from scanning the
//!   include directives ([`crate::includes`]).
//! - **Location**: `$FERROCM_CACHE_DIR`, else `$XDG_CACHE_HOME/ferrocm/hiprtc`, else
//!   `~/.cache/ferrocm/hiprtc`; `FERROCM_HIPRTC_CACHE=0` turns it off. One file per entry,
//!   `<key>.hiprtc`, written to a temporary file in the same directory and renamed into place
//!   (readers never see a partial entry; concurrent writers of one key are harmless).
//! - **Integrity**: an entry starts with a magic string, its length and the SHA-256 of its
//!   contents; a truncated, corrupt or unreadable entry is ignored (and replaced by the next
//!   compilation's result).

use std::ffi::OsString;
use std::fs;
use std::io::Write as _;
use std::os::unix::fs::MetadataExt as _;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// The first bytes of an entry file (the trailing byte is the format version).
const MAGIC: &[u8; 24] = b"ferrocm-hiprtc-cache\0\0\0\x01";

/// Entries larger than this are not believed (1 GiB).
const MAX_ENTRY: u64 = 1 << 30;

/// What the cache key is computed from.
#[derive(Debug, Clone, Copy)]
pub struct KeyInputs<'a> {
    /// The platform compiled for ([`crate::platform::Platform::name`]).
    pub platform: &'a str,
    /// The program's source.
    pub source: &'a [u8],
    /// The program's name (it names the file in diagnostics and `__FILE__`).
    pub name: &'a str,
    /// The in-memory headers: (include name, contents), in order.
    pub headers: &'a [(String, Vec<u8>)],
    /// The normalised hipcc arguments.
    pub options: &'a [String],
    /// The name expressions, in order.
    pub name_expressions: &'a [String],
    /// The toolchain identity ([`crate::Toolchain::identity`]).
    pub toolchain: &'a str,
}

/// A cache key: 64 lowercase hex digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Key(String);

impl Key {
    /// The hex digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// Feeds a length-prefixed field (so that field boundaries are part of the hash).
fn field(h: &mut Sha256, tag: &str, bytes: &[u8]) {
    h.update(tag.as_bytes());
    h.update((bytes.len() as u64).to_le_bytes());
    h.update(bytes);
}

/// The key of `k`.
pub fn key(k: &KeyInputs<'_>) -> Key {
    let mut h = Sha256::new();
    field(&mut h, "format", MAGIC);
    field(&mut h, "platform", k.platform.as_bytes());
    field(&mut h, "source", k.source);
    field(&mut h, "name", k.name.as_bytes());
    h.update((k.headers.len() as u64).to_le_bytes());
    for (name, contents) in k.headers {
        field(&mut h, "header-name", name.as_bytes());
        field(&mut h, "header", contents);
    }
    h.update((k.options.len() as u64).to_le_bytes());
    for o in k.options {
        field(&mut h, "option", o.as_bytes());
    }
    h.update((k.name_expressions.len() as u64).to_le_bytes());
    for e in k.name_expressions {
        field(&mut h, "name-expression", e.as_bytes());
    }
    field(&mut h, "toolchain", k.toolchain.as_bytes());
    Key(hex(&h.finalize()))
}

/// A file a compilation read, as it was then.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dependency {
    /// Absolute path.
    pub path: PathBuf,
    /// Size in bytes.
    pub size: u64,
    /// Modification time, seconds since the epoch.
    pub mtime: i64,
    /// Modification time, nanoseconds.
    pub mtime_nsec: i64,
}

impl Dependency {
    /// The file at `path` as it is now (`None` if it cannot be read).
    pub fn of(path: &Path) -> Option<Dependency> {
        let m = fs::metadata(path).ok()?;
        Some(Dependency {
            path: path.to_path_buf(),
            size: m.size(),
            mtime: m.mtime(),
            mtime_nsec: m.mtime_nsec(),
        })
    }

    /// Whether the file is still as recorded.
    pub fn unchanged(&self) -> bool {
        Dependency::of(&self.path).as_ref() == Some(self)
    }
}

/// A cached compilation result.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Entry {
    /// The code object.
    pub code: Vec<u8>,
    /// The compiler's diagnostics.
    pub log: String,
    /// Name expression → lowered name (`None`: no symbol found).
    pub lowered: Vec<(String, Option<String>)>,
    /// Files read outside the private directory.
    pub dependencies: Vec<Dependency>,
}

struct Writer(Vec<u8>);

impl Writer {
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn bytes(&mut self, b: &[u8]) {
        self.u64(b.len() as u64);
        self.0.extend_from_slice(b);
    }
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn u64(&mut self) -> Option<u64> {
        let (head, rest) = self.0.split_at_checked(8)?;
        self.0 = rest;
        Some(u64::from_le_bytes(head.try_into().ok()?))
    }
    fn bytes(&mut self) -> Option<&'a [u8]> {
        let n = usize::try_from(self.u64()?).ok()?;
        let (head, rest) = self.0.split_at_checked(n)?;
        self.0 = rest;
        Some(head)
    }
    fn string(&mut self) -> Option<String> {
        String::from_utf8(self.bytes()?.to_vec()).ok()
    }
    /// A count of items each at least `min` bytes long (bounded by what is left).
    fn count(&mut self, min: usize) -> Option<usize> {
        let n = usize::try_from(self.u64()?).ok()?;
        (n <= self.0.len() / min.max(1)).then_some(n)
    }
}

impl Entry {
    /// The entry's file contents.
    pub fn encode(&self) -> Vec<u8> {
        let mut w = Writer(Vec::with_capacity(self.code.len() + self.log.len() + 4096));
        w.bytes(&self.code);
        w.bytes(self.log.as_bytes());
        w.u64(self.lowered.len() as u64);
        for (expr, name) in &self.lowered {
            w.bytes(expr.as_bytes());
            match name {
                Some(n) => {
                    w.u64(1);
                    w.bytes(n.as_bytes());
                }
                None => w.u64(0),
            }
        }
        w.u64(self.dependencies.len() as u64);
        for d in &self.dependencies {
            w.bytes(d.path.as_os_str().as_encoded_bytes());
            w.u64(d.size);
            w.u64(d.mtime as u64);
            w.u64(d.mtime_nsec as u64);
        }
        let payload = w.0;
        let mut out = Vec::with_capacity(payload.len() + 64);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        out.extend_from_slice(&Sha256::digest(&payload));
        out.extend_from_slice(&payload);
        out
    }

    /// Decodes an entry file; `None` if it is not a complete, intact entry.
    pub fn decode(data: &[u8]) -> Option<Entry> {
        let rest = data.strip_prefix(MAGIC.as_slice())?;
        let (len, rest) = rest.split_at_checked(8)?;
        let len = u64::from_le_bytes(len.try_into().ok()?);
        let (digest, payload) = rest.split_at_checked(32)?;
        if payload.len() as u64 != len || Sha256::digest(payload).as_slice() != digest {
            return None;
        }
        let mut r = Reader(payload);
        let code = r.bytes()?.to_vec();
        let log = r.string()?;
        let n = r.count(16)?;
        let mut lowered = Vec::with_capacity(n);
        for _ in 0..n {
            let expr = r.string()?;
            let name = match r.u64()? {
                0 => None,
                1 => Some(r.string()?),
                _ => return None,
            };
            lowered.push((expr, name));
        }
        let n = r.count(32)?;
        let mut dependencies = Vec::with_capacity(n);
        for _ in 0..n {
            use std::os::unix::ffi::OsStringExt as _;
            let path = PathBuf::from(OsString::from_vec(r.bytes()?.to_vec()));
            dependencies.push(Dependency {
                path,
                size: r.u64()?,
                mtime: r.u64()? as i64,
                mtime_nsec: r.u64()? as i64,
            });
        }
        if !r.0.is_empty() {
            return None;
        }
        Some(Entry {
            code,
            log,
            lowered,
            dependencies,
        })
    }
}

/// Why a lookup missed (for diagnostics and tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Miss {
    /// The cache is disabled.
    Disabled,
    /// No entry for the key.
    Absent,
    /// An entry that could not be read or decoded.
    Corrupt,
    /// A file the compilation read has changed.
    Stale,
}

/// The on-disk cache (or a disabled one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cache {
    dir: Option<PathBuf>,
}

impl Cache {
    /// The cache of this process's environment (see the module documentation).
    pub fn from_env() -> Cache {
        Cache::from_vars(&|k| std::env::var_os(k))
    }

    /// The cache the environment `env` selects.
    pub fn from_vars(env: &dyn Fn(&str) -> Option<OsString>) -> Cache {
        let set = |k: &str| env(k).filter(|v| !v.is_empty());
        if set("FERROCM_HIPRTC_CACHE").is_some_and(|v| v == "0") {
            return Cache { dir: None };
        }
        let dir = set("FERROCM_CACHE_DIR")
            .map(PathBuf::from)
            .or_else(|| set("XDG_CACHE_HOME").map(|x| PathBuf::from(x).join("ferrocm/hiprtc")))
            .or_else(|| set("HOME").map(|h| PathBuf::from(h).join(".cache/ferrocm/hiprtc")));
        Cache { dir }
    }

    /// A cache in `dir`.
    pub fn in_dir(dir: impl Into<PathBuf>) -> Cache {
        Cache {
            dir: Some(dir.into()),
        }
    }

    /// A cache that never hits and stores nothing.
    pub fn disabled() -> Cache {
        Cache { dir: None }
    }

    /// The directory, when enabled.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The file of `key`'s entry.
    pub fn entry_path(&self, key: &Key) -> Option<PathBuf> {
        self.dir
            .as_ref()
            .map(|d| d.join(format!("{}.hiprtc", key.as_str())))
    }

    /// The valid entry for `key`.
    pub fn load(&self, key: &Key) -> Result<Entry, Miss> {
        let path = self.entry_path(key).ok_or(Miss::Disabled)?;
        let data = match fs::metadata(&path) {
            Ok(m) if m.len() > MAX_ENTRY => return Err(Miss::Corrupt),
            Ok(_) => fs::read(&path).map_err(|_| Miss::Corrupt)?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(Miss::Absent),
            Err(_) => return Err(Miss::Corrupt),
        };
        let entry = Entry::decode(&data).ok_or(Miss::Corrupt)?;
        if entry.dependencies.iter().all(Dependency::unchanged) {
            Ok(entry)
        } else {
            Err(Miss::Stale)
        }
    }

    /// Stores `entry` under `key` (atomically: temporary file, then rename). Does nothing when
    /// disabled.
    pub fn store(&self, key: &Key, entry: &Entry) -> std::io::Result<()> {
        let (Some(dir), Some(path)) = (self.dir.as_ref(), self.entry_path(key)) else {
            return Ok(());
        };
        fs::create_dir_all(dir)?;
        sweep_orphan_temporaries(dir);
        let tmp = dir.join(format!(
            ".{}.{}.{}.tmp",
            key.as_str(),
            std::process::id(),
            unique()
        ));
        let result = (|| {
            let mut f = fs::File::create(&tmp)?;
            f.write_all(&entry.encode())?;
            f.sync_data()?;
            drop(f);
            fs::rename(&tmp, &path)
        })();
        if result.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        result
    }
}

/// Removes the temporary files (`.<key>.<pid>.<n>.tmp`) that processes killed in the middle of
/// [`DiskCache::store`] left in the cache directory.
fn sweep_orphan_temporaries(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(stem) = name
            .to_str()
            .filter(|n| n.starts_with('.'))
            .and_then(|n| n.strip_suffix(".tmp"))
        else {
            continue;
        };
        let mut parts = stem.rsplitn(3, '.');
        let (Some(n), Some(pid)) = (parts.next(), parts.next()) else {
            continue;
        };
        let Ok(pid) = pid.parse::<u32>() else {
            continue;
        };
        if n.parse::<u64>().is_ok() && pid != std::process::id() && process_gone(pid) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Whether process `pid` is gone (it does not exist, or it is a zombie): its temporary
/// files may be removed.
pub(crate) fn process_gone(pid: u32) -> bool {
    let Ok(p) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: signal 0 only checks that the process exists; nothing is sent.
    if unsafe { libc::kill(p, 0) } != 0
        && std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
    {
        return true;
    }
    // "pid (comm) S ...": the state follows the last ')'.
    fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        matches!(
            stat.rsplit_once(')')
                .and_then(|(_, rest)| rest.trim_start().chars().next()),
            Some('Z' | 'X')
        )
    })
}

/// A number unique within this process (temporary file names).
pub(crate) fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos() as u64)
        .unwrap_or(0);
    (N.fetch_add(1, Ordering::Relaxed) << 32) ^ nanos
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inputs<'a>(
        source: &'a [u8],
        headers: &'a [(String, Vec<u8>)],
        options: &'a [String],
        exprs: &'a [String],
        toolchain: &'a str,
    ) -> KeyInputs<'a> {
        KeyInputs {
            platform: "cpu",
            source,
            name: "prog.hip",
            headers,
            options,
            name_expressions: exprs,
            toolchain,
        }
    }

    #[test]
    fn key_depends_on_every_input() {
        let h = vec![("a.h".to_string(), b"int a;".to_vec())];
        let o = vec!["-O3".to_string()];
        let e = vec!["k<1>".to_string()];
        let base = key(&inputs(b"src", &h, &o, &e, "tc"));
        assert_eq!(base.as_str().len(), 64);
        assert_eq!(
            base,
            key(&inputs(b"src", &h, &o, &e, "tc")),
            "deterministic"
        );
        assert_ne!(base, key(&inputs(b"src2", &h, &o, &e, "tc")));
        let h2 = vec![("a.h".to_string(), b"int b;".to_vec())];
        assert_ne!(base, key(&inputs(b"src", &h2, &o, &e, "tc")));
        let h3 = vec![("b.h".to_string(), b"int a;".to_vec())];
        assert_ne!(base, key(&inputs(b"src", &h3, &o, &e, "tc")));
        assert_ne!(base, key(&inputs(b"src", &[], &o, &e, "tc")));
        assert_ne!(base, key(&inputs(b"src", &h, &["-O2".into()], &e, "tc")));
        assert_ne!(base, key(&inputs(b"src", &h, &o, &[], "tc")));
        assert_ne!(base, key(&inputs(b"src", &h, &o, &e, "tc2")));
        let mut named = inputs(b"src", &h, &o, &e, "tc");
        named.name = "other.hip";
        assert_ne!(base, key(&named));
        let mut nvidia = inputs(b"src", &h, &o, &e, "tc");
        nvidia.platform = "nvidia";
        assert_ne!(base, key(&nvidia));
        // Field boundaries matter: moving bytes between fields changes the key.
        let o2 = vec!["-O".to_string(), "3".to_string()];
        assert_ne!(base, key(&inputs(b"src", &h, &o2, &e, "tc")));
        let h4 = vec![("a.hi".to_string(), b"nt a;".to_vec())];
        assert_ne!(base, key(&inputs(b"src", &h4, &o, &e, "tc")));
    }

    fn temp_dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "hiprtc-cache-test-{tag}-{}-{}",
            std::process::id(),
            unique()
        ));
        fs::create_dir_all(&d).expect("temp dir");
        d
    }

    #[test]
    fn entries_round_trip_and_detect_corruption() {
        let dir = temp_dir("rt");
        let dep_file = dir.join("dep.h");
        fs::write(&dep_file, "x").expect("write");
        let entry = Entry {
            code: vec![0x7f, b'E', b'L', b'F', 1, 2, 3],
            log: "warning: x".into(),
            lowered: vec![
                ("k<1>".into(), Some("_Z1kILi1EEvv".into())),
                ("v".into(), None),
            ],
            dependencies: vec![Dependency::of(&dep_file).expect("dep")],
        };
        let bytes = entry.encode();
        assert_eq!(Entry::decode(&bytes).as_ref(), Some(&entry));
        // Any truncation or flipped byte is detected.
        for cut in [0, 10, MAGIC.len() + 8, bytes.len() - 1] {
            assert_eq!(Entry::decode(&bytes[..cut]), None, "cut at {cut}");
        }
        for i in [0, MAGIC.len() + 3, MAGIC.len() + 20, bytes.len() - 1] {
            let mut b = bytes.clone();
            b[i] ^= 0x40;
            assert_eq!(Entry::decode(&b), None, "flip at {i}");
        }

        let cache = Cache::in_dir(dir.join("c"));
        let k = key(&inputs(b"s", &[], &[], &[], "t"));
        assert_eq!(cache.load(&k), Err(Miss::Absent));
        cache.store(&k, &entry).expect("store");
        assert_eq!(cache.load(&k), Ok(entry.clone()));
        // No temporary files are left behind.
        let names: Vec<_> = fs::read_dir(dir.join("c"))
            .expect("read_dir")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names.len(), 1);
        // A corrupt entry is a miss, and storing again repairs it.
        let path = cache.entry_path(&k).expect("path");
        fs::write(&path, b"garbage").expect("write");
        assert_eq!(cache.load(&k), Err(Miss::Corrupt));
        cache.store(&k, &entry).expect("store");
        assert_eq!(cache.load(&k), Ok(entry));
        // A changed dependency makes the entry stale.
        std::thread::sleep(std::time::Duration::from_millis(5));
        fs::write(&dep_file, "xy").expect("write");
        assert_eq!(cache.load(&k), Err(Miss::Stale));
        let _ = fs::remove_dir_all(&dir);
    }

    /// A process killed between writing a temporary entry and renaming it left the file in
    /// the cache directory for good; the next store removes those of processes that are gone.
    #[test]
    fn temporaries_of_killed_stores_are_swept() {
        let dir = temp_dir("sweep");
        let cache = Cache::in_dir(dir.join("c"));
        fs::create_dir_all(dir.join("c")).expect("mkdir");
        let mut child = std::process::Command::new("true").spawn().expect("spawn");
        child.wait().expect("wait");
        let k = key(&inputs(b"s", &[], &[], &[], "t"));
        let dead = dir
            .join("c")
            .join(format!(".{}.{}.3.tmp", k.as_str(), child.id()));
        let live = dir
            .join("c")
            .join(format!(".{}.{}.4.tmp", k.as_str(), std::process::id()));
        fs::write(&dead, b"half").expect("write");
        fs::write(&live, b"half").expect("write");
        let entry = Entry {
            code: vec![1, 2, 3],
            log: String::new(),
            lowered: vec![],
            dependencies: vec![],
        };
        cache.store(&k, &entry).expect("store");
        assert!(!dead.exists(), "a dead process's temporary file was kept");
        assert!(live.exists(), "a live process's temporary file was removed");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn location_from_environment() {
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                vars.iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| OsString::from(v))
            }
        };
        let c = Cache::from_vars(&env(&[
            ("FERROCM_CACHE_DIR", "/c"),
            ("XDG_CACHE_HOME", "/x"),
            ("HOME", "/h"),
        ]));
        assert_eq!(c.dir(), Some(Path::new("/c")));
        let c = Cache::from_vars(&env(&[("XDG_CACHE_HOME", "/x"), ("HOME", "/h")]));
        assert_eq!(c.dir(), Some(Path::new("/x/ferrocm/hiprtc")));
        let c = Cache::from_vars(&env(&[("HOME", "/h")]));
        assert_eq!(c.dir(), Some(Path::new("/h/.cache/ferrocm/hiprtc")));
        let c = Cache::from_vars(&env(&[("FERROCM_HIPRTC_CACHE", "0"), ("HOME", "/h")]));
        assert_eq!(c.dir(), None);
        let c = Cache::from_vars(&env(&[("FERROCM_HIPRTC_CACHE", "1"), ("HOME", "/h")]));
        assert!(c.dir().is_some());
        assert_eq!(Cache::from_vars(&env(&[])).dir(), None);
        let k = key(&inputs(b"s", &[], &[], &[], "t"));
        assert_eq!(Cache::disabled().load(&k), Err(Miss::Disabled));
        Cache::disabled()
            .store(&k, &Entry::default())
            .expect("no-op");
    }
}
