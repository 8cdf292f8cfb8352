//! CPU code objects: ELF shared objects for the host that export kernel descriptors.
//!
//! [`CodeObject::parse`] validates the bytes without running anything (read-only, through the
//! `object` crate, with every size and offset checked); [`CodeObject::load`] maps them into the
//! process with `dlopen` from a `memfd`, so each load is a separate instance with its own
//! globals (like loading the same code object on two GPUs). Kernels are `<name>.kd` descriptor
//! symbols and, for C++ code objects (`hipcc --genco`, hiprtc), the entries of the optional
//! kernel table `ferrocm_code_object_kernels`, named after loading by the dynamic symbol of
//! their `host_function`; both kinds look the same in [`LoadedCodeObject::kernels`].
//! The format is described in
//! `include/ferrocm/cpu_kernel.h` and `docs/CPU_CODE_OBJECT.md`.

use std::collections::HashSet;
use std::ffi::{c_void, CStr, CString};
use std::fmt;
use std::io::Write;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::atomic::{AtomicU64, Ordering};

use object::elf;
use object::read::elf::{ElfFile64, FileHeader, ProgramHeader, SectionHeader};
use object::{LittleEndian, Object, ObjectSymbol, SymbolKind};

use crate::abi::{
    KernelAttributesRef, KernelDescriptor, KernelParams, WorkGroupFn, WorkItemFn, ABI_VERSION,
    CODE_OBJECT_ABI_SYMBOL, KERNEL_DESCRIPTOR_MAGIC, KERNEL_DESCRIPTOR_SUFFIX,
};
use crate::engine::Kernel;

/// Offsets in `e_ident`.
const EI_CLASS: usize = 4;
const EI_DATA: usize = 5;

/// Size of a `ferrocm_kernel_descriptor_t` in bytes.
const DESCRIPTOR_SIZE: u64 = core::mem::size_of::<KernelDescriptor>() as u64;
const DESCRIPTOR_WITH_ATTRIBUTES_SIZE: u64 =
    crate::abi::KERNEL_DESCRIPTOR_WITH_ATTRIBUTES_SIZE as u64;

/// `FERROCM_KERNEL_TABLE_SYMBOL`: the optional function listing a code object's kernels,
/// `const ferrocm_kernel_descriptor_t *const *ferrocm_code_object_kernels(size_t *count)`.
pub const KERNEL_TABLE_SYMBOL: &str = "ferrocm_code_object_kernels";

/// Most kernels a kernel table may list (a sanity bound on what the table function returns).
const MAX_TABLE_KERNELS: usize = 1 << 20;

/// Most explicit arguments a kernel's `params` may describe.
const MAX_KERNEL_PARAMS: u32 = 1 << 16;

/// ABI versions this engine can run.
pub const SUPPORTED_ABI_VERSIONS: &[u32] = &[ABI_VERSION];

#[cfg(target_arch = "x86_64")]
const HOST_MACHINE: u16 = elf::EM_X86_64;
#[cfg(target_arch = "aarch64")]
const HOST_MACHINE: u16 = elf::EM_AARCH64;
#[cfg(target_arch = "riscv64")]
const HOST_MACHINE: u16 = elf::EM_RISCV;
#[cfg(target_arch = "powerpc64")]
const HOST_MACHINE: u16 = elf::EM_PPC64;
#[cfg(target_arch = "loongarch64")]
const HOST_MACHINE: u16 = elf::EM_LOONGARCH;
#[cfg(target_arch = "s390x")]
const HOST_MACHINE: u16 = elf::EM_S390;

/// Why a code object was rejected.
#[derive(Debug, thiserror::Error)]
pub enum CodeObjectError {
    /// The bytes do not start with an ELF identification.
    #[error("not an ELF file")]
    NotElf,
    /// Not a 64-bit little-endian ELF file.
    #[error("unsupported ELF class or byte order (a CPU code object is ELF64 little-endian)")]
    UnsupportedElfClass,
    /// The ELF structure is malformed (from the ELF reader).
    #[error("malformed ELF file: {0}")]
    Malformed(String),
    /// A loadable segment or section extends past the end of the file.
    #[error("truncated ELF file: {what} needs bytes up to {end}, the file has {len}")]
    Truncated {
        /// The part of the file that is cut off.
        what: String,
        /// The end offset it needs.
        end: u64,
        /// The file length.
        len: u64,
    },
    /// Not a shared object (`ET_DYN`).
    #[error("not a shared object (ELF type {0}); build with `cc -shared -fPIC`")]
    NotSharedObject(u16),
    /// Built for another machine.
    #[error("code object is for ELF machine {found}, this host is {expected}")]
    WrongMachine {
        /// `e_machine` of the file.
        found: u16,
        /// `e_machine` of the host.
        expected: u16,
    },
    /// The `ferrocm_code_object_abi_version` symbol is missing.
    #[error(
        "missing `{CODE_OBJECT_ABI_SYMBOL}` symbol (use FERROCM_CODE_OBJECT() in one source file)"
    )]
    MissingAbiVersion,
    /// The `ferrocm_code_object_abi_version` symbol cannot be read.
    #[error("bad `{CODE_OBJECT_ABI_SYMBOL}` symbol: {0}")]
    BadAbiSymbol(String),
    /// The code object was built for an ABI version this engine does not run.
    #[error("unsupported CPU code-object ABI version {0} (supported: {SUPPORTED_ABI_VERSIONS:?})")]
    UnsupportedAbiVersion(u32),
    /// A kernel descriptor is invalid.
    #[error("kernel `{kernel}`: bad descriptor: {reason}")]
    BadKernelDescriptor {
        /// Kernel name (without `.kd`).
        kernel: String,
        /// What is wrong.
        reason: String,
    },
    /// The kernel table (`ferrocm_code_object_kernels`) returned something unusable.
    #[error("bad kernel table (`{KERNEL_TABLE_SYMBOL}`): {0}")]
    BadKernelTable(String),
    /// Two dynamic symbols (or two kernels) have the same name.
    #[error("duplicate symbol `{0}`")]
    DuplicateSymbol(String),
    /// Creating or writing the memfd failed.
    #[error("cannot stage the code object in memory: {0}")]
    Io(#[from] std::io::Error),
    /// `dlopen` failed.
    #[error("dlopen failed: {0}")]
    Dlopen(String),
    /// `dlsym` failed.
    #[error("dlsym(`{symbol}`) failed: {message}")]
    Dlsym {
        /// The symbol.
        symbol: String,
        /// `dlerror()`'s message.
        message: String,
    },
}

/// A kernel found in a parsed code object (its descriptor as stored in the file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelInfo {
    name: String,
    kernarg_segment_size: u32,
    kernarg_segment_alignment: u32,
    group_segment_size: u32,
    private_segment_size: u32,
    flags: u32,
}

impl KernelInfo {
    /// Kernel name (the symbol name without `.kd`).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Kernel-argument segment size in bytes.
    pub fn kernarg_segment_size(&self) -> u32 {
        self.kernarg_segment_size
    }
    /// Kernel-argument segment alignment (a power of two).
    pub fn kernarg_segment_alignment(&self) -> u32 {
        self.kernarg_segment_alignment
    }
    /// Static group memory per work-group.
    pub fn group_segment_size(&self) -> u32 {
        self.group_segment_size
    }
    /// Static private memory per work-item.
    pub fn private_segment_size(&self) -> u32 {
        self.private_segment_size
    }
    /// `KERNEL_FLAG_*` bits.
    pub fn flags(&self) -> u32 {
        self.flags
    }
}

/// A global variable found in a parsed code object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariableInfo {
    name: String,
    size: u64,
}

impl VariableInfo {
    /// Symbol name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Size in bytes (from the symbol table).
    pub fn size(&self) -> u64 {
        self.size
    }
}

/// A validated (not yet loaded) CPU code object.
#[derive(Clone)]
pub struct CodeObject {
    bytes: Vec<u8>,
    abi_version: u32,
    kernels: Vec<KernelInfo>,
    variables: Vec<VariableInfo>,
    has_kernel_table: bool,
}

impl fmt::Debug for CodeObject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CodeObject")
            .field("len", &self.bytes.len())
            .field("abi_version", &self.abi_version)
            .field("kernels", &self.kernels)
            .field("variables", &self.variables)
            .field("has_kernel_table", &self.has_kernel_table)
            .finish()
    }
}

/// Maps virtual addresses of an ET_DYN file to file contents through its PT_LOAD segments,
/// the way the dynamic loader will.
struct Segments {
    /// (vaddr, memsz, offset, filesz), all validated against the file length.
    loads: Vec<(u64, u64, u64, u64)>,
}

impl Segments {
    fn new(file: &ElfFile64<'_, LittleEndian>, len: u64) -> Result<Segments, CodeObjectError> {
        let endian = LittleEndian;
        let mut loads = Vec::new();
        for (i, ph) in file.elf_program_headers().iter().enumerate() {
            if ph.p_type(endian) != elf::PT_LOAD {
                continue;
            }
            let (vaddr, memsz) = (ph.p_vaddr(endian), ph.p_memsz(endian));
            let (offset, filesz) = (ph.p_offset(endian), ph.p_filesz(endian));
            let end = offset.checked_add(filesz).ok_or_else(|| {
                CodeObjectError::Malformed(format!("segment {i}: file range overflows"))
            })?;
            if end > len {
                return Err(CodeObjectError::Truncated {
                    what: format!("loadable segment {i}"),
                    end,
                    len,
                });
            }
            if filesz > memsz || vaddr.checked_add(memsz).is_none() {
                return Err(CodeObjectError::Malformed(format!(
                    "segment {i}: bad sizes"
                )));
            }
            loads.push((vaddr, memsz, offset, filesz));
        }
        if loads.is_empty() {
            return Err(CodeObjectError::Malformed("no loadable segment".into()));
        }
        Ok(Segments { loads })
    }

    /// The `len` bytes at `vaddr` once loaded (zero-filled past a segment's file size), or
    /// `None` if the range is not inside one loadable segment.
    fn read(&self, bytes: &[u8], vaddr: u64, len: u64) -> Option<Vec<u8>> {
        let end = vaddr.checked_add(len)?;
        let &(seg_vaddr, _, offset, filesz) = self
            .loads
            .iter()
            .find(|&&(v, m, _, _)| vaddr >= v && end <= v + m)?;
        let mut out = vec![0u8; usize::try_from(len).ok()?];
        let rel = vaddr - seg_vaddr;
        if rel < filesz {
            let n = (filesz - rel).min(len);
            let start = usize::try_from(offset + rel).ok()?;
            let n_us = usize::try_from(n).ok()?;
            out[..n_us].copy_from_slice(bytes.get(start..start.checked_add(n_us)?)?);
        }
        Some(out)
    }
}

fn u32_at(b: &[u8], off: usize) -> u32 {
    let mut a = [0u8; 4];
    if let Some(s) = b.get(off..off + 4) {
        a.copy_from_slice(s);
    }
    u32::from_le_bytes(a)
}

/// Checks the fields of a descriptor that do not need relocation (everything but the
/// function pointers).
fn check_descriptor_header(
    kernel: &str,
    magic: u32,
    abi: u32,
    align: u32,
) -> Result<(), CodeObjectError> {
    let bad = |reason: String| CodeObjectError::BadKernelDescriptor {
        kernel: kernel.to_owned(),
        reason,
    };
    if magic != KERNEL_DESCRIPTOR_MAGIC {
        return Err(bad(format!(
            "magic {magic:#010x}, expected {KERNEL_DESCRIPTOR_MAGIC:#010x}"
        )));
    }
    if !SUPPORTED_ABI_VERSIONS.contains(&abi) {
        return Err(bad(format!("unsupported ABI version {abi}")));
    }
    if !align.is_power_of_two() {
        return Err(bad(format!(
            "kernarg segment alignment {align} is not a power of two"
        )));
    }
    Ok(())
}

impl CodeObject {
    /// Validates `bytes` as a CPU code object and lists its kernels and variables.
    ///
    /// Nothing is executed; the bytes are copied so that [`CodeObject::load`] can map them later.
    pub fn parse(bytes: &[u8]) -> Result<CodeObject, CodeObjectError> {
        if bytes.len() < 16 || bytes[..4] != elf::ELFMAG {
            return Err(CodeObjectError::NotElf);
        }
        let little = cfg!(target_endian = "little");
        if bytes[EI_CLASS] != elf::ELFCLASS64 || bytes[EI_DATA] != elf::ELFDATA2LSB || !little {
            return Err(CodeObjectError::UnsupportedElfClass);
        }
        let file = ElfFile64::<LittleEndian>::parse(bytes)
            .map_err(|e| CodeObjectError::Malformed(e.to_string()))?;
        let endian = LittleEndian;
        let header = file.elf_header();
        let e_type = header.e_type(endian);
        if e_type != elf::ET_DYN {
            return Err(CodeObjectError::NotSharedObject(e_type));
        }
        let machine = header.e_machine(endian);
        if machine != HOST_MACHINE {
            return Err(CodeObjectError::WrongMachine {
                found: machine,
                expected: HOST_MACHINE,
            });
        }
        let len = bytes.len() as u64;
        let segments = Segments::new(&file, len)?;
        // Section contents must be inside the file too (the reader checks lazily).
        for section in file.elf_section_table().iter() {
            if section.sh_type(endian) == elf::SHT_NOBITS {
                continue;
            }
            let end = section
                .sh_offset(endian)
                .checked_add(section.sh_size(endian));
            match end {
                Some(end) if end <= len => {}
                Some(end) => {
                    return Err(CodeObjectError::Truncated {
                        what: "a section".into(),
                        end,
                        len,
                    })
                }
                None => return Err(CodeObjectError::Malformed("section range overflows".into())),
            }
        }

        let mut abi_version = None;
        let mut has_kernel_table = false;
        let mut kernels = Vec::new();
        let mut variables = Vec::new();
        let mut seen = HashSet::new();
        for sym in file.dynamic_symbols() {
            if !sym.is_definition() || sym.is_undefined() {
                continue;
            }
            let name = match sym.name() {
                Ok(n) if !n.is_empty() => n,
                Ok(_) => continue,
                Err(e) => return Err(CodeObjectError::Malformed(e.to_string())),
            };
            if name == CODE_OBJECT_ABI_SYMBOL {
                if sym.size() != 4 {
                    return Err(CodeObjectError::BadAbiSymbol(format!(
                        "size {} (expected 4)",
                        sym.size()
                    )));
                }
                let data = segments.read(bytes, sym.address(), 4).ok_or_else(|| {
                    CodeObjectError::BadAbiSymbol("not inside a loadable segment".into())
                })?;
                abi_version = Some(u32_at(&data, 0));
                continue;
            }
            if name == KERNEL_TABLE_SYMBOL {
                if sym.kind() != SymbolKind::Text {
                    return Err(CodeObjectError::BadKernelTable(format!(
                        "symbol kind {:?}, expected a function",
                        sym.kind()
                    )));
                }
                has_kernel_table = true;
                continue;
            }
            if let Some(kernel) = name.strip_suffix(KERNEL_DESCRIPTOR_SUFFIX) {
                let bad = |reason: String| CodeObjectError::BadKernelDescriptor {
                    kernel: kernel.to_owned(),
                    reason,
                };
                if kernel.is_empty() {
                    return Err(bad("empty kernel name".into()));
                }
                if sym.kind() != SymbolKind::Data {
                    return Err(bad(format!(
                        "symbol kind {:?}, expected a data object",
                        sym.kind()
                    )));
                }
                // 64 bytes, or 72 when the descriptor has the `attributes` pointer.
                if sym.size() != DESCRIPTOR_SIZE && sym.size() != DESCRIPTOR_WITH_ATTRIBUTES_SIZE {
                    return Err(bad(format!(
                        "size {} (expected {DESCRIPTOR_SIZE} or {DESCRIPTOR_WITH_ATTRIBUTES_SIZE})",
                        sym.size()
                    )));
                }
                let d = segments
                    .read(bytes, sym.address(), DESCRIPTOR_SIZE)
                    .ok_or_else(|| bad("not inside a loadable segment".into()))?;
                if u32_at(&d, 24) & crate::abi::KERNEL_FLAG_ATTRIBUTES != 0
                    && sym.size() != DESCRIPTOR_WITH_ATTRIBUTES_SIZE
                {
                    return Err(bad(
                        "the attributes flag is set but the descriptor has no attributes field"
                            .into(),
                    ));
                }
                check_descriptor_header(kernel, u32_at(&d, 0), u32_at(&d, 4), u32_at(&d, 12))?;
                if !seen.insert(name.to_owned()) {
                    return Err(CodeObjectError::DuplicateSymbol(name.to_owned()));
                }
                kernels.push(KernelInfo {
                    name: kernel.to_owned(),
                    kernarg_segment_size: u32_at(&d, 8),
                    kernarg_segment_alignment: u32_at(&d, 12),
                    group_segment_size: u32_at(&d, 16),
                    private_segment_size: u32_at(&d, 20),
                    flags: u32_at(&d, 24),
                });
                // The function pointers need relocation: `load` checks them after dlopen.
                continue;
            }
            if sym.kind() == SymbolKind::Data {
                if !seen.insert(name.to_owned()) {
                    return Err(CodeObjectError::DuplicateSymbol(name.to_owned()));
                }
                variables.push(VariableInfo {
                    name: name.to_owned(),
                    size: sym.size(),
                });
            }
        }
        let abi_version = abi_version.ok_or(CodeObjectError::MissingAbiVersion)?;
        if !SUPPORTED_ABI_VERSIONS.contains(&abi_version) {
            return Err(CodeObjectError::UnsupportedAbiVersion(abi_version));
        }
        Ok(CodeObject {
            bytes: bytes.to_vec(),
            abi_version,
            kernels,
            variables,
            has_kernel_table,
        })
    }

    /// The ABI version the code object was built for.
    pub fn abi_version(&self) -> u32 {
        self.abi_version
    }

    /// Kernels exported as `<name>.kd` descriptor symbols, in dynamic-symbol-table order.
    ///
    /// Kernels listed by a kernel table ([`CodeObject::has_kernel_table`]) are only known once
    /// the code object is loaded (the table is code): see [`LoadedCodeObject::kernels`].
    pub fn kernels(&self) -> &[KernelInfo] {
        &self.kernels
    }

    /// Whether the code object exports a kernel table (`ferrocm_code_object_kernels`, what
    /// `hipcc --genco` and hiprtc produce).
    pub fn has_kernel_table(&self) -> bool {
        self.has_kernel_table
    }

    /// Global variables (defined data objects other than `.kd` descriptors and the ABI symbol).
    ///
    /// Descriptors of kernel-table kernels that happen to be exported data symbols are listed
    /// here too (they cannot be recognised before loading); [`LoadedCodeObject::variables`]
    /// leaves them out.
    pub fn variables(&self) -> &[VariableInfo] {
        &self.variables
    }

    /// The code object's bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Loads a new instance of the code object into the process (`dlopen` of a `memfd` with
    /// `RTLD_NOW | RTLD_LOCAL`), resolves and validates every kernel descriptor and variable.
    ///
    /// Loading runs the object's constructors: only load code you trust (as with any plugin).
    pub fn load(&self) -> Result<LoadedCodeObject, CodeObjectError> {
        static LOADS: AtomicU64 = AtomicU64::new(0);
        let serial = LOADS.fetch_add(1, Ordering::Relaxed);
        let memfd_name = CString::new(format!("ferrocm-code-object-{serial}"))
            .map_err(|e| CodeObjectError::Io(std::io::Error::other(e)))?;
        // SAFETY: `memfd_name` is a valid NUL-terminated string; memfd_create has no other
        // preconditions.
        let raw = unsafe { libc::memfd_create(memfd_name.as_ptr(), libc::MFD_CLOEXEC) };
        if raw < 0 {
            return Err(std::io::Error::last_os_error().into());
        }
        // SAFETY: `raw` is a file descriptor we just created and own exclusively.
        let fd = unsafe { OwnedFd::from_raw_fd(raw) };
        std::fs::File::from(fd.try_clone()?).write_all(&self.bytes)?;
        let (handle, fd) = dlopen_fd(fd)?;
        let mut loaded = LoadedCodeObject {
            handle,
            _fd: fd,
            kernels: Vec::new(),
            variables: Vec::new(),
        };
        for info in &self.kernels {
            let symbol = format!("{}{KERNEL_DESCRIPTOR_SUFFIX}", info.name);
            let addr = loaded.dlsym(&symbol)?;
            let kernel = loaded_kernel(info.name.clone(), addr.cast_const().cast())?;
            loaded.kernels.push(kernel);
        }
        if self.has_kernel_table {
            loaded.load_kernel_table()?;
        }
        for info in &self.variables {
            let addr = loaded.dlsym(&info.name)?;
            if loaded
                .kernels
                .iter()
                .any(|k| k.descriptor_address.cast::<c_void>() == addr.cast_const())
            {
                continue; // a table kernel's descriptor, exported as a data symbol
            }
            loaded.variables.push(LoadedVariable {
                name: info.name.clone(),
                address: addr,
                size: info.size,
            });
        }
        Ok(loaded)
    }
}

/// Validates the descriptor at `addr` of a loaded object and makes a [`LoadedKernel`] of it.
fn loaded_kernel(
    name: String,
    addr: *const KernelDescriptor,
) -> Result<LoadedKernel, CodeObjectError> {
    let bad = |reason: &str| CodeObjectError::BadKernelDescriptor {
        kernel: name.clone(),
        reason: reason.to_owned(),
    };
    if addr.is_null() || (addr as usize) % core::mem::align_of::<KernelDescriptor>() != 0 {
        return Err(bad("descriptor address is null or misaligned"));
    }
    // SAFETY: the callers pass the address of a descriptor of a loaded object: a defined
    // 64-byte data symbol (checked by `parse`) or an entry of the object's kernel table (whose
    // contract is to point to descriptors); it is aligned (checked above) and every bit pattern
    // is a valid `KernelDescriptor` (integers, nullable fn pointers and raw pointers).
    let desc = unsafe { addr.read() };
    check_descriptor_header(
        &name,
        desc.magic,
        desc.abi_version,
        desc.kernarg_segment_alignment,
    )?;
    let Some(workitem_fn) = desc.workitem_fn else {
        return Err(bad("null workitem_fn"));
    };
    let arguments = read_params(&desc).map_err(|reason| bad(&reason))?;
    // SAFETY: a descriptor of a loaded object with the attributes flag carries the pointer
    // (checked against the symbol size for symbols; the table contract for table entries),
    // and the block lives in the same object, which outlives the `LoadedKernel`.
    let attributes = unsafe { KernelAttributesRef::from_descriptor(addr) };
    Ok(LoadedKernel {
        name,
        descriptor: desc,
        descriptor_address: addr,
        workitem_fn,
        workgroup_fn: desc.workgroup_fn,
        arguments,
        attributes,
    })
}

/// Copies and checks the optional explicit-argument layout (`params`) of a loaded descriptor.
fn read_params(desc: &KernelDescriptor) -> Result<Option<KernelArguments>, String> {
    let p = desc.params;
    if p.is_null() {
        return Ok(None);
    }
    if (p as usize) % core::mem::align_of::<KernelParams>() != 0 {
        return Err("params pointer is misaligned".into());
    }
    // SAFETY: a non-null, aligned `params` of a loaded descriptor points to a
    // `ferrocm_kernel_params_t` of the same object (the descriptor contract); every bit pattern
    // is a valid `KernelParams`.
    let params = unsafe { p.read() };
    if params.count > MAX_KERNEL_PARAMS {
        return Err(format!("params count {} is implausible", params.count));
    }
    let count = params.count as usize;
    let array = |ptr: *const u32, what: &str| -> Result<Vec<u32>, String> {
        if count == 0 {
            return Ok(Vec::new());
        }
        if ptr.is_null() || (ptr as usize) % core::mem::align_of::<u32>() != 0 {
            return Err(format!("params {what} pointer is null or misaligned"));
        }
        // SAFETY: non-null and aligned; the descriptor contract makes it an array of `count`
        // `uint32_t` in the loaded object, which stays mapped while we copy it.
        Ok(unsafe { std::slice::from_raw_parts(ptr, count) }.to_vec())
    };
    let offsets = array(params.offsets, "offsets")?;
    let sizes = array(params.sizes, "sizes")?;
    if params.explicit_size > desc.kernarg_segment_size {
        return Err(format!(
            "explicit argument size {} exceeds the kernarg segment size {}",
            params.explicit_size, desc.kernarg_segment_size
        ));
    }
    for (i, (&o, &s)) in offsets.iter().zip(&sizes).enumerate() {
        if u64::from(o) + u64::from(s) > u64::from(params.explicit_size) {
            return Err(format!(
                "argument {i} ({s} bytes at offset {o}) ends past the explicit argument size {}",
                params.explicit_size
            ));
        }
    }
    Ok(Some(KernelArguments {
        explicit_size: params.explicit_size,
        offsets,
        sizes,
    }))
}

/// The dynamic symbol that names `addr` exactly, if any (`dladdr`).
fn symbol_at(addr: *const c_void) -> Option<String> {
    let mut info = libc::Dl_info {
        dli_fname: core::ptr::null(),
        dli_fbase: core::ptr::null_mut(),
        dli_sname: core::ptr::null(),
        dli_saddr: core::ptr::null_mut(),
    };
    // SAFETY: dladdr only reads the loader's tables and writes `info`, which we own.
    let found = unsafe { libc::dladdr(addr, &mut info) };
    if found == 0 || info.dli_sname.is_null() || info.dli_saddr.cast_const() != addr {
        return None;
    }
    // SAFETY: `dli_sname` is non-null and points to a NUL-terminated string in the string
    // table of an object that stays loaded while we copy it.
    let name = unsafe { CStr::from_ptr(info.dli_sname) };
    Some(name.to_string_lossy().into_owned())
}

/// The last `dlerror()` message of this thread.
fn dlerror_message() -> String {
    // SAFETY: dlerror has no preconditions; it returns null or a NUL-terminated string owned by
    // libc that stays valid until the next dl* call on this thread, and we copy it at once.
    unsafe {
        let msg = libc::dlerror();
        if msg.is_null() {
            "unknown error".to_owned()
        } else {
            CStr::from_ptr(msg).to_string_lossy().into_owned()
        }
    }
}

/// `dlopen`s `/proc/self/fd/N`, making sure that `N` does not name an object the dynamic loader
/// still remembers from an earlier load (it matches objects by path, and a closed fd number is
/// reused): while it does, the memfd is duplicated to another number.
fn dlopen_fd(mut fd: OwnedFd) -> Result<(*mut c_void, OwnedFd), CodeObjectError> {
    let mut spare = Vec::new();
    for _ in 0..64 {
        let path = CString::new(format!("/proc/self/fd/{}", fd.as_raw_fd()))
            .map_err(|e| CodeObjectError::Io(std::io::Error::other(e)))?;
        // SAFETY: `path` is NUL-terminated; RTLD_NOLOAD only looks the name up, loading nothing.
        let stale = unsafe {
            libc::dlopen(
                path.as_ptr(),
                libc::RTLD_NOW | libc::RTLD_LOCAL | libc::RTLD_NOLOAD,
            )
        };
        if !stale.is_null() {
            // SAFETY: `stale` is a handle dlopen just returned (it took a reference we drop).
            unsafe { libc::dlclose(stale) };
            let dup = fd.try_clone()?;
            spare.push(fd);
            fd = dup;
            continue;
        }
        // SAFETY: `path` is NUL-terminated and names our memfd holding a validated ELF shared
        // object; dlopen maps it and runs its constructors (the documented contract of `load`).
        let handle = unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if handle.is_null() {
            return Err(CodeObjectError::Dlopen(dlerror_message()));
        }
        return Ok((handle, fd));
    }
    Err(CodeObjectError::Dlopen(
        "no usable file-descriptor path for the code object".into(),
    ))
}

/// A kernel of a loaded code object.
#[derive(Debug, Clone)]
pub struct LoadedKernel {
    name: String,
    descriptor: KernelDescriptor,
    descriptor_address: *const KernelDescriptor,
    workitem_fn: WorkItemFn,
    workgroup_fn: Option<WorkGroupFn>,
    arguments: Option<KernelArguments>,
    attributes: Option<KernelAttributesRef>,
}

/// The explicit-argument layout of a kernel (a copy of its descriptor's `params`): argument
/// `i` occupies `sizes()[i]` bytes at `offsets()[i]` of the kernarg segment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelArguments {
    explicit_size: u32,
    offsets: Vec<u32>,
    sizes: Vec<u32>,
}

impl KernelArguments {
    /// Number of explicit arguments.
    pub fn count(&self) -> usize {
        self.offsets.len()
    }
    /// Bytes of explicit arguments (HIP's `extra` buffer size).
    pub fn explicit_size(&self) -> u32 {
        self.explicit_size
    }
    /// Offset of each argument in the kernarg segment.
    pub fn offsets(&self) -> &[u32] {
        &self.offsets
    }
    /// Size of each argument in bytes.
    pub fn sizes(&self) -> &[u32] {
        &self.sizes
    }
}

// SAFETY: a `LoadedKernel` is immutable; its pointers refer to read-only code and data of a
// loaded object that any thread may use.
unsafe impl Send for LoadedKernel {}
// SAFETY: as for `Send`: no interior mutability, shared read-only data.
unsafe impl Sync for LoadedKernel {}

impl LoadedKernel {
    /// Kernel name (without `.kd`).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// A copy of the descriptor.
    pub fn descriptor(&self) -> &KernelDescriptor {
        &self.descriptor
    }
    /// Address of the descriptor in the loaded object (a natural "kernel object" handle).
    pub fn descriptor_address(&self) -> *const KernelDescriptor {
        self.descriptor_address
    }
    /// Entry point running one work-item.
    pub fn workitem_fn(&self) -> WorkItemFn {
        self.workitem_fn
    }
    /// Optional entry point running a range of work-items.
    pub fn workgroup_fn(&self) -> Option<WorkGroupFn> {
        self.workgroup_fn
    }
    /// The explicit-argument layout, when the descriptor has one (`params`).
    pub fn arguments(&self) -> Option<&KernelArguments> {
        self.arguments.as_ref()
    }
    /// The source-level attributes (`__launch_bounds__`, static shared size), when the
    /// descriptor has them.
    pub fn attributes(&self) -> Option<KernelAttributesRef> {
        self.attributes
    }
    /// The source-level kernel function (`host_function`), or null.
    pub fn host_function(&self) -> *const c_void {
        self.descriptor.host_function
    }
    /// Kernel-argument segment size in bytes.
    pub fn kernarg_segment_size(&self) -> u32 {
        self.descriptor.kernarg_segment_size
    }
    /// Kernel-argument segment alignment.
    pub fn kernarg_segment_alignment(&self) -> u32 {
        self.descriptor.kernarg_segment_alignment
    }
    /// Static group memory per work-group.
    pub fn group_segment_size(&self) -> u32 {
        self.descriptor.group_segment_size
    }
    /// Static private memory per work-item.
    pub fn private_segment_size(&self) -> u32 {
        self.descriptor.private_segment_size
    }
    /// The engine's view of the kernel. It is valid while the [`LoadedCodeObject`] lives.
    pub fn kernel(&self) -> Kernel {
        Kernel {
            workitem_fn: self.workitem_fn,
            workgroup_fn: self.workgroup_fn,
            static_group_segment_size: self.descriptor.group_segment_size,
            static_private_segment_size: self.descriptor.private_segment_size,
        }
    }
}

/// A global variable of a loaded code object.
#[derive(Debug, Clone)]
pub struct LoadedVariable {
    name: String,
    address: *mut c_void,
    size: u64,
}

// SAFETY: the struct only records an address; accessing the memory is up to the user.
unsafe impl Send for LoadedVariable {}
// SAFETY: as for `Send`.
unsafe impl Sync for LoadedVariable {}

impl LoadedVariable {
    /// Symbol name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Address in this instance of the code object.
    pub fn address(&self) -> *mut c_void {
        self.address
    }
    /// Size in bytes.
    pub fn size(&self) -> u64 {
        self.size
    }
}

/// A code object loaded into the process; dropping it `dlclose`s it. Kernels and variables
/// of this instance must not be used after that (in particular no dispatch may still run).
#[derive(Debug)]
pub struct LoadedCodeObject {
    handle: *mut c_void,
    /// Kept open while loaded so that its `/proc/self/fd` number stays unique.
    _fd: OwnedFd,
    kernels: Vec<LoadedKernel>,
    variables: Vec<LoadedVariable>,
}

// SAFETY: dlopen handles are process-wide and dlsym/dlclose are thread-safe; the rest is
// immutable after loading.
unsafe impl Send for LoadedCodeObject {}
// SAFETY: as for `Send`; `&self` methods only read or call the thread-safe dlsym.
unsafe impl Sync for LoadedCodeObject {}

impl LoadedCodeObject {
    /// Kernels, in the code object's order: the `.kd` descriptor symbols, then the kernel
    /// table's kernels (named by the dynamic symbol of their `host_function`).
    pub fn kernels(&self) -> &[LoadedKernel] {
        &self.kernels
    }

    /// The kernel named `name` (without `.kd`).
    pub fn kernel(&self, name: &str) -> Option<&LoadedKernel> {
        self.kernels.iter().find(|k| k.name == name)
    }

    /// Global variables.
    pub fn variables(&self) -> &[LoadedVariable] {
        &self.variables
    }

    /// The global variable named `name`.
    pub fn variable(&self, name: &str) -> Option<&LoadedVariable> {
        self.variables.iter().find(|v| v.name == name)
    }

    /// Appends the kernels of the object's kernel table (`ferrocm_code_object_kernels`), each
    /// named by the dynamic symbol at its `host_function`. Entries repeating a descriptor are
    /// skipped, and so are kernels whose function has no dynamic symbol of this object (internal
    /// linkage or hidden visibility: they cannot be named).
    fn load_kernel_table(&mut self) -> Result<(), CodeObjectError> {
        let bad = |reason: String| CodeObjectError::BadKernelTable(reason);
        let f = self.dlsym(KERNEL_TABLE_SYMBOL)?;
        type TableFn = unsafe extern "C" fn(count: *mut usize) -> *const *const KernelDescriptor;
        // SAFETY: `parse` checked that the symbol is a function; the format fixes its type as
        // `const ferrocm_kernel_descriptor_t *const *(size_t *)`, which `TableFn` mirrors.
        let table_fn = unsafe { core::mem::transmute::<*mut c_void, TableFn>(f) };
        let mut count = 0usize;
        // SAFETY: calls the object's table function with a valid out-pointer, per the format.
        let table = unsafe { table_fn(&mut count) };
        if count == 0 {
            return Ok(());
        }
        if count > MAX_TABLE_KERNELS {
            return Err(bad(format!("implausible kernel count {count}")));
        }
        if table.is_null()
            || (table as usize) % core::mem::align_of::<*const KernelDescriptor>() != 0
        {
            return Err(bad("null or misaligned array".into()));
        }
        // SAFETY: non-null and aligned; the table function returns an array of `count`
        // descriptor pointers that lives in the loaded object, which stays mapped while we copy.
        let entries = unsafe { std::slice::from_raw_parts(table, count) }.to_vec();
        let mut seen: HashSet<*const KernelDescriptor> = HashSet::new();
        for (i, addr) in entries.into_iter().enumerate() {
            if addr.is_null() {
                return Err(bad(format!("entry {i} is null")));
            }
            if self.kernels.iter().any(|k| k.descriptor_address == addr) || !seen.insert(addr) {
                continue;
            }
            let placeholder = format!("<kernel table entry {i}>");
            if (addr as usize) % core::mem::align_of::<KernelDescriptor>() != 0 {
                return Err(CodeObjectError::BadKernelDescriptor {
                    kernel: placeholder,
                    reason: "descriptor address is misaligned".into(),
                });
            }
            // SAFETY: a non-null, aligned entry of the table points to a descriptor of the
            // loaded object (the table's contract); every bit pattern is a valid
            // `KernelDescriptor`. `loaded_kernel` validates the rest.
            let host = unsafe { addr.read() }.host_function;
            if host.is_null() {
                return Err(CodeObjectError::BadKernelDescriptor {
                    kernel: placeholder,
                    reason: "a kernel-table descriptor needs host_function".into(),
                });
            }
            let Some(name) = symbol_at(host) else {
                continue;
            };
            // The symbol must be this object's own definition, not one of a dependency.
            match self.dlsym(&name) {
                Ok(own) if own.cast_const() == host => {}
                _ => continue,
            }
            if self.kernels.iter().any(|k| k.name == name) {
                return Err(CodeObjectError::DuplicateSymbol(name));
            }
            let kernel = loaded_kernel(name, addr)?;
            self.kernels.push(kernel);
        }
        Ok(())
    }

    /// Looks up any symbol of this instance with `dlsym`.
    pub fn dlsym(&self, symbol: &str) -> Result<*mut c_void, CodeObjectError> {
        let err = |message: String| CodeObjectError::Dlsym {
            symbol: symbol.to_owned(),
            message,
        };
        let c = CString::new(symbol).map_err(|_| err("symbol name contains NUL".into()))?;
        // SAFETY: clears any stale error so the check below reports this lookup only.
        unsafe { libc::dlerror() };
        // SAFETY: `self.handle` is a live dlopen handle (closed only in Drop) and `c` is
        // NUL-terminated.
        let addr = unsafe { libc::dlsym(self.handle, c.as_ptr()) };
        if addr.is_null() {
            return Err(err(dlerror_message()));
        }
        Ok(addr)
    }
}

impl Drop for LoadedCodeObject {
    fn drop(&mut self) {
        // SAFETY: `handle` came from a successful dlopen and is closed exactly once, here.
        unsafe { libc::dlclose(self.handle) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_non_elf() {
        assert!(matches!(
            CodeObject::parse(b""),
            Err(CodeObjectError::NotElf)
        ));
        assert!(matches!(
            CodeObject::parse(b"\x7fELF"),
            Err(CodeObjectError::NotElf)
        ));
        assert!(matches!(
            CodeObject::parse(&[0u8; 100]),
            Err(CodeObjectError::NotElf)
        ));
    }

    #[test]
    fn rejects_elf32_and_big_endian() {
        let mut b = vec![0u8; 64];
        b[..4].copy_from_slice(&elf::ELFMAG);
        b[EI_CLASS] = elf::ELFCLASS32;
        b[EI_DATA] = elf::ELFDATA2LSB;
        assert!(matches!(
            CodeObject::parse(&b),
            Err(CodeObjectError::UnsupportedElfClass)
        ));
        b[EI_CLASS] = elf::ELFCLASS64;
        b[EI_DATA] = elf::ELFDATA2MSB;
        assert!(matches!(
            CodeObject::parse(&b),
            Err(CodeObjectError::UnsupportedElfClass)
        ));
    }

    #[test]
    fn garbage_after_a_valid_ident_is_an_error_not_a_panic() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        for len in [16usize, 63, 64, 65, 200, 4096] {
            for _ in 0..200 {
                let mut b: Vec<u8> = (0..len)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        seed as u8
                    })
                    .collect();
                b[..4].copy_from_slice(&elf::ELFMAG);
                b[EI_CLASS] = elf::ELFCLASS64;
                b[EI_DATA] = elf::ELFDATA2LSB;
                assert!(CodeObject::parse(&b).is_err());
            }
        }
    }

    #[test]
    fn segments_read_zero_fills_bss() {
        let s = Segments {
            loads: vec![(0x1000, 0x100, 0, 0x10)],
        };
        let bytes = [7u8; 0x10];
        assert_eq!(
            s.read(&bytes, 0x1008, 16).unwrap_or_default(),
            [[7u8; 8], [0u8; 8]].concat()
        );
        assert!(s.read(&bytes, 0x10f8, 16).is_none());
        assert!(s.read(&bytes, u64::MAX - 2, 16).is_none());
    }
}
