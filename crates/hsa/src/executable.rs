//! Code objects and executables: load a CPU code object (an ELF shared object that
//! exports `<kernel>.kd` descriptors, see `include/ferrocm/cpu_kernel.h`) for an agent,
//! freeze the executable, then look up kernels (for dispatch packets) and variables.
//!
//! ```no_run
//! use hsa::{CodeObjectReader, Executable, Runtime};
//!
//! let rt = Runtime::init()?;
//! let cpu = rt.cpu_agent()?;
//! let reader = CodeObjectReader::from_file("kernels.so")?;
//! let exe = Executable::new()?;
//! exe.load(&cpu, &reader)?;
//! exe.freeze()?;
//! let kernel = exe.kernel("vector_add")?; // or "vector_add.kd"
//! println!("kernel object {:#x}, {} bytes of arguments", kernel.kernel_object, kernel.kernarg_size);
//! for symbol in exe.symbols() {
//!     println!("{} ({:?})", symbol.name(), symbol.kind());
//! }
//! # Ok::<(), hsa::HsaError>(())
//! ```
//!
//! Objects of this module hold a [`Runtime`] reference: they need an initialised runtime
//! to be created (`HSA_STATUS_ERROR_NOT_INITIALIZED` otherwise) and keep it alive.
//!
//! ```
//! use hsa::{CodeObjectReader, HsaError, Runtime};
//!
//! let rt = Runtime::init()?;
//! // Not an ELF shared object.
//! let err = CodeObjectReader::from_bytes(b"definitely not ELF").unwrap_err();
//! assert_eq!(err, HsaError::ERROR_INVALID_CODE_OBJECT);
//! # Ok::<(), hsa::HsaError>(())
//! ```

use std::fmt;
use std::os::fd::AsRawFd;
use std::path::Path;
use std::sync::Arc;

use crate::agent::Agent;
pub use crate::core::executable::SymbolKind;
use crate::core::executable::{
    self as core_exe, ExecutableObject, ReaderObject, SymbolFilter, SymbolObject,
};
use crate::core::info::InfoValue;
use crate::runtime::{FloatRoundingMode, Profile, Runtime};
use crate::status::{HsaError, HsaResult};

/// A validated code object held in memory (`hsa_code_object_reader_t`), destroyed on drop.
pub struct CodeObjectReader {
    handle: u64,
    obj: Arc<ReaderObject>,
    _rt: Runtime,
}

impl fmt::Debug for CodeObjectReader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CodeObjectReader")
            .field("handle", &format_args!("{:#x}", self.handle))
            .field("bytes", &self.obj.bytes.len())
            .finish()
    }
}

impl CodeObjectReader {
    /// `hsa_code_object_reader_create_from_memory` (the bytes are copied).
    ///
    /// Errors: `INVALID_ARGUMENT` for an empty slice, `INVALID_CODE_OBJECT` when the bytes
    /// are neither a CPU code object nor an NVIDIA image (PTX text, cubin, fatbin; those
    /// are validated by the CUDA driver when loaded for an NVIDIA agent).
    pub fn from_bytes(bytes: &[u8]) -> HsaResult<CodeObjectReader> {
        let rt = Runtime::current()?;
        let handle = core_exe::reader_from_memory(bytes)?;
        CodeObjectReader::wrap(handle, rt)
    }

    /// `hsa_code_object_reader_create_from_file` on the file at `path`.
    ///
    /// Errors: `INVALID_FILE` when it cannot be opened or read, `INVALID_CODE_OBJECT`.
    pub fn from_file(path: impl AsRef<Path>) -> HsaResult<CodeObjectReader> {
        let rt = Runtime::current()?;
        let file = std::fs::File::open(path).map_err(|_| HsaError::ERROR_INVALID_FILE)?;
        let handle = core_exe::reader_from_file(file.as_raw_fd())?;
        CodeObjectReader::wrap(handle, rt)
    }

    fn wrap(handle: u64, rt: Runtime) -> HsaResult<CodeObjectReader> {
        match core_exe::reader(handle) {
            Ok(obj) => Ok(CodeObjectReader {
                handle,
                obj,
                _rt: rt,
            }),
            Err(e) => {
                let _ = core_exe::reader_destroy(handle);
                Err(e)
            }
        }
    }

    /// The `hsa_code_object_reader_t` handle.
    pub fn handle(&self) -> u64 {
        self.handle
    }

    /// The code object's bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.obj.bytes
    }

    /// Names of the kernels a CPU code object exports (without the `.kd` suffix); empty
    /// for NVIDIA images, whose kernels are known once loaded.
    pub fn kernel_names(&self) -> Vec<String> {
        self.obj.cpu().map_or_else(Vec::new, |c| {
            c.kernels().iter().map(|k| k.name().to_string()).collect()
        })
    }

    /// Whether this is an NVIDIA image (PTX, cubin or fatbin) rather than a CPU code object.
    pub fn is_nvidia(&self) -> bool {
        self.obj.cpu().is_none()
    }
}

impl Drop for CodeObjectReader {
    fn drop(&mut self) {
        // Fails only if a shutdown forced by C code already swept it.
        let _ = core_exe::reader_destroy(self.handle);
    }
}

/// What a kernel-dispatch packet needs to know about a kernel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelSymbol {
    /// Symbol name (`<kernel>.kd`).
    pub name: String,
    /// `HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT`: the packet's `kernel_object`.
    pub kernel_object: u64,
    /// `KERNEL_KERNARG_SEGMENT_SIZE` in bytes.
    pub kernarg_size: u32,
    /// `KERNEL_KERNARG_SEGMENT_ALIGNMENT` in bytes (at least 16).
    pub kernarg_alignment: u32,
    /// `KERNEL_GROUP_SEGMENT_SIZE`: static group memory per work-group.
    pub group_segment_size: u32,
    /// `KERNEL_PRIVATE_SEGMENT_SIZE`: static private memory per work-item.
    pub private_segment_size: u32,
    /// `KERNEL_DYNAMIC_CALLSTACK`.
    pub dynamic_callstack: bool,
}

/// A symbol of an executable (`hsa_executable_symbol_t`).
#[derive(Clone)]
pub struct Symbol {
    obj: Arc<SymbolObject>,
}

impl fmt::Debug for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Symbol")
            .field("name", &self.obj.name)
            .field("kind", &self.obj.kind)
            .finish()
    }
}

fn info_u32(v: HsaResult<InfoValue>) -> u32 {
    match v {
        Ok(InfoValue::U32(v)) => v,
        _ => 0,
    }
}

fn info_u64(v: HsaResult<InfoValue>) -> u64 {
    match v {
        Ok(InfoValue::U64(v)) => v,
        Ok(InfoValue::U32(v)) => u64::from(v),
        _ => 0,
    }
}

impl Symbol {
    /// The `hsa_executable_symbol_t` handle.
    pub fn handle(&self) -> u64 {
        self.obj.handle()
    }

    /// Raw `hsa_executable_symbol_get_info` value (the C ABI's code path).
    pub fn info(&self, attribute: u32) -> HsaResult<InfoValue> {
        self.obj.info(attribute)
    }

    /// `HSA_EXECUTABLE_SYMBOL_INFO_NAME` (kernels end in `.kd`).
    pub fn name(&self) -> &str {
        &self.obj.name
    }

    /// `HSA_EXECUTABLE_SYMBOL_INFO_TYPE`.
    pub fn kind(&self) -> SymbolKind {
        self.obj.kind
    }

    /// The `hsa_agent_t` handle of an agent symbol; `None` for program symbols.
    pub fn agent(&self) -> Option<u64> {
        self.obj.agent
    }

    /// The kernel's dispatch information (`None` for variables); `kernel_object` is 0
    /// until the executable is frozen.
    pub fn kernel(&self) -> Option<KernelSymbol> {
        if self.obj.kind != SymbolKind::Kernel {
            return None;
        }
        Some(KernelSymbol {
            name: self.obj.name.clone(),
            kernel_object: info_u64(self.info(22)),
            kernarg_size: info_u32(self.info(11)),
            kernarg_alignment: info_u32(self.info(12)),
            group_segment_size: info_u32(self.info(13)),
            private_segment_size: info_u32(self.info(14)),
            dynamic_callstack: matches!(self.info(15), Ok(InfoValue::Bool(true))),
        })
    }

    /// A variable's `(address, size in bytes)` (`None` for kernels); the address is 0
    /// until the executable is frozen.
    pub fn variable(&self) -> Option<(usize, u64)> {
        if self.obj.kind != SymbolKind::Variable {
            return None;
        }
        let address = usize::try_from(info_u64(self.info(21))).unwrap_or(0);
        Some((address, self.obj.variable_size))
    }
}

/// An executable (`hsa_executable_t`), destroyed on drop: its kernel objects become
/// invalid (a dispatch already running keeps its code loaded until it finishes).
pub struct Executable {
    handle: u64,
    obj: Arc<ExecutableObject>,
    _rt: Runtime,
}

impl fmt::Debug for Executable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Executable")
            .field("handle", &format_args!("{:#x}", self.handle))
            .field("frozen", &self.is_frozen())
            .finish()
    }
}

impl Executable {
    /// `hsa_executable_create_alt(FULL, NEAR)`: an empty, unfrozen executable.
    pub fn new() -> HsaResult<Executable> {
        Executable::with_profile(Profile::Full, FloatRoundingMode::Near)
    }

    /// `hsa_executable_create_alt` with an explicit profile and default rounding mode.
    pub fn with_profile(profile: Profile, rounding: FloatRoundingMode) -> HsaResult<Executable> {
        let rt = Runtime::current()?;
        let handle = core_exe::create(profile as u32, rounding as u32)?;
        match core_exe::executable(handle) {
            Ok(obj) => Ok(Executable {
                handle,
                obj,
                _rt: rt,
            }),
            Err(e) => {
                let _ = core_exe::destroy(handle);
                Err(e)
            }
        }
    }

    /// The `hsa_executable_t` handle.
    pub fn handle(&self) -> u64 {
        self.handle
    }

    /// `HSA_EXECUTABLE_INFO_PROFILE`.
    pub fn profile(&self) -> Profile {
        if self.obj.profile == 0 {
            Profile::Base
        } else {
            Profile::Full
        }
    }

    /// `HSA_EXECUTABLE_INFO_STATE`: whether [`Executable::freeze`] was called.
    pub fn is_frozen(&self) -> bool {
        self.obj.is_frozen()
    }

    /// `hsa_executable_load_agent_code_object`: loads `reader`'s code for `agent`;
    /// returns the `hsa_loaded_code_object_t` handle.
    ///
    /// Errors: `FROZEN_EXECUTABLE`, `INVALID_CODE_OBJECT` (it cannot be loaded),
    /// `VARIABLE_ALREADY_DEFINED` (a kernel of that name is already loaded for `agent`),
    /// `INCOMPATIBLE_ARGUMENTS` (a CPU code object for a GPU agent, an NVIDIA image for
    /// the CPU agent, or a module with no code for this GPU).
    pub fn load(&self, agent: &Agent, reader: &CodeObjectReader) -> HsaResult<u64> {
        self.obj.load(Some(agent.handle()), &reader.obj)
    }

    /// `hsa_executable_load_program_code_object`: loads agent-independent code.
    pub fn load_program(&self, reader: &CodeObjectReader) -> HsaResult<u64> {
        self.obj.load(None, &reader.obj)
    }

    /// `hsa_executable_freeze`: no more loads; kernel objects and variable addresses
    /// become valid. `FROZEN_EXECUTABLE` if already frozen.
    pub fn freeze(&self) -> HsaResult<()> {
        self.obj.freeze()
    }

    fn find(&self, name: &str, kind: SymbolKind) -> HsaResult<Arc<SymbolObject>> {
        let exact = self
            .obj
            .symbol_by_name(name, None)
            .ok()
            .filter(|s| s.kind == kind);
        if let Some(s) = exact {
            return Ok(s);
        }
        if kind == SymbolKind::Kernel && !name.ends_with(".kd") {
            let s = self.obj.symbol_by_name(&format!("{name}.kd"), None)?;
            if s.kind == kind {
                return Ok(s);
            }
        }
        Err(HsaError::ERROR_INVALID_SYMBOL_NAME)
    }

    /// The kernel named `name` (with or without the `.kd` suffix).
    ///
    /// Errors: `INVALID_SYMBOL_NAME` if there is no such kernel, `INVALID_EXECUTABLE` if
    /// the executable is not frozen yet (its kernel objects are not valid until then).
    pub fn kernel(&self, name: &str) -> HsaResult<KernelSymbol> {
        let symbol = Symbol {
            obj: self.find(name, SymbolKind::Kernel)?,
        };
        if !self.is_frozen() {
            return Err(HsaError::ERROR_INVALID_EXECUTABLE);
        }
        symbol.kernel().ok_or(HsaError::ERROR_INVALID_SYMBOL_NAME)
    }

    /// The variable named `name`: `(address, size in bytes)`.
    ///
    /// Errors: `INVALID_SYMBOL_NAME`, `INVALID_EXECUTABLE` if not frozen yet.
    pub fn variable(&self, name: &str) -> HsaResult<(usize, u64)> {
        let symbol = Symbol {
            obj: self.find(name, SymbolKind::Variable)?,
        };
        if !self.is_frozen() {
            return Err(HsaError::ERROR_INVALID_EXECUTABLE);
        }
        symbol.variable().ok_or(HsaError::ERROR_INVALID_SYMBOL_NAME)
    }

    /// The symbol named exactly `name` (`hsa_executable_get_symbol_by_name` with no agent).
    pub fn symbol(&self, name: &str) -> HsaResult<Symbol> {
        self.obj
            .symbol_by_name(name, None)
            .map(|obj| Symbol { obj })
    }

    /// Every symbol (`hsa_executable_iterate_symbols`).
    pub fn symbols(&self) -> Vec<Symbol> {
        self.obj
            .symbols(SymbolFilter::All)
            .into_iter()
            .map(|obj| Symbol { obj })
            .collect()
    }

    /// The symbols of `agent` (`hsa_executable_iterate_agent_symbols`).
    pub fn agent_symbols(&self, agent: &Agent) -> Vec<Symbol> {
        self.obj
            .symbols(SymbolFilter::Agent(agent.handle()))
            .into_iter()
            .map(|obj| Symbol { obj })
            .collect()
    }
}

impl Drop for Executable {
    fn drop(&mut self) {
        // Fails only if a shutdown forced by C code already swept it.
        let _ = core_exe::destroy(self.handle);
    }
}
