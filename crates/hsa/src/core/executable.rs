//! Code-object readers, executables, their symbols, and the kernel objects that
//! kernel-dispatch packets name.
//!
//! A CPU code object is a host ELF shared object (format: `docs/CPU_CODE_OBJECT.md`).
//! Loading one into an executable `dlopen`s a private copy; freezing publishes its kernels
//! as kernel objects. A packet's `kernel_object` is the address of a runtime-owned
//! [`KernelObject`], checked against the registry before every dispatch, so a stale or
//! made-up value is reported as `HSA_STATUS_ERROR_INVALID_CODE_OBJECT` rather than called.
//!
//! An NVIDIA code object (PTX text, a cubin or a fatbin) is loaded for an NVIDIA agent
//! with `cuModuleLoadDataEx`; its kernels' `kernel_object` is the `CUfunction`, checked the
//! same way against `nvidia::module`'s registry (`docs/HSA-NVIDIA.md`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use cpu_engine::code_object::{CodeObject, LoadedCodeObject};
use parking_lot::{Mutex, RwLock};

use super::info::InfoValue;
use super::nvidia::module::{self as nv_module, GpuKernel, GpuModule, ImageKind};
use crate::status::{HsaError, HsaResult};

/// A kernel ready to be dispatched on the CPU agent.
pub struct KernelObject {
    pub name: String,
    pub engine_kernel: cpu_engine::Kernel,
    pub kernarg_segment_size: u32,
    pub kernarg_segment_alignment: u32,
    pub dynamic_callstack: bool,
    /// Layout of the explicit arguments, when the code object describes it (HIP packs
    /// `hipModuleLaunchKernel`'s `kernelParams` with it).
    pub arguments: Option<cpu_engine::code_object::KernelArguments>,
    /// Source-level attributes (`__launch_bounds__`, static shared size) when the descriptor
    /// has them.
    pub attributes: Option<cpu_engine::abi::KernelAttributesRef>,
    /// Keeps the code (shared object) alive while the kernel object exists.
    _code: Option<Arc<LoadedCodeObject>>,
}

impl KernelObject {
    /// A kernel from functions of the current process (the HIP runtime registers kernels
    /// compiled into the application this way).
    pub fn from_functions(
        name: String,
        engine_kernel: cpu_engine::Kernel,
        kernarg_segment_size: u32,
        kernarg_segment_alignment: u32,
    ) -> KernelObject {
        KernelObject {
            name,
            engine_kernel,
            kernarg_segment_size,
            kernarg_segment_alignment,
            dynamic_callstack: false,
            arguments: None,
            attributes: None,
            _code: None,
        }
    }

    pub fn handle(self: &Arc<Self>) -> u64 {
        Arc::as_ptr(self) as u64
    }
}

static KERNEL_OBJECTS: RwLock<Option<HashMap<u64, Arc<KernelObject>>>> = RwLock::new(None);

/// Makes `kernel` dispatchable; returns its `kernel_object` value.
pub fn register_kernel(kernel: Arc<KernelObject>) -> u64 {
    let handle = kernel.handle();
    KERNEL_OBJECTS
        .write()
        .get_or_insert_with(HashMap::new)
        .insert(handle, kernel);
    handle
}

/// Withdraws a kernel object (its executable is destroyed).
pub fn unregister_kernel(handle: u64) {
    if let Some(map) = KERNEL_OBJECTS.write().as_mut() {
        map.remove(&handle);
    }
}

/// The live kernel object with this handle.
pub fn kernel_object(handle: u64) -> Option<Arc<KernelObject>> {
    if handle == 0 {
        return None;
    }
    KERNEL_OBJECTS.read().as_ref()?.get(&handle).cloned()
}

// ---------------------------------------------------------------------------------------
// Code-object readers (and the deprecated hsa_code_object_t, which is the same data).

/// What a code-object reader holds.
pub enum ReaderImage {
    /// A validated CPU code object.
    Cpu(Arc<CodeObject>),
    /// An NVIDIA image (validated by the driver when it is loaded).
    Nvidia(ImageKind),
}

/// A validated code object held in memory.
pub struct ReaderObject {
    pub bytes: Arc<Vec<u8>>,
    pub image: ReaderImage,
}

impl ReaderObject {
    /// The CPU code object, if this is one.
    pub fn cpu(&self) -> Option<&Arc<CodeObject>> {
        match &self.image {
            ReaderImage::Cpu(c) => Some(c),
            ReaderImage::Nvidia(_) => None,
        }
    }
}

impl ReaderObject {
    pub fn handle(self: &Arc<Self>) -> u64 {
        Arc::as_ptr(self) as u64
    }
}

static READERS: RwLock<Option<HashMap<u64, Arc<ReaderObject>>>> = RwLock::new(None);
static CODE_OBJECTS: RwLock<Option<HashMap<u64, Arc<ReaderObject>>>> = RwLock::new(None);

fn parse(bytes: Vec<u8>) -> HsaResult<Arc<ReaderObject>> {
    let image = match nv_module::detect(&bytes) {
        Some(kind) => ReaderImage::Nvidia(kind),
        None => ReaderImage::Cpu(Arc::new(
            CodeObject::parse(&bytes).map_err(|_| HsaError::ERROR_INVALID_CODE_OBJECT)?,
        )),
    };
    Ok(Arc::new(ReaderObject {
        bytes: Arc::new(bytes),
        image,
    }))
}

fn insert(map: &RwLock<Option<HashMap<u64, Arc<ReaderObject>>>>, r: Arc<ReaderObject>) -> u64 {
    let h = r.handle();
    map.write().get_or_insert_with(HashMap::new).insert(h, r);
    h
}

/// `hsa_code_object_reader_create_from_memory`
pub fn reader_from_memory(bytes: &[u8]) -> HsaResult<u64> {
    if bytes.is_empty() {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    Ok(insert(&READERS, parse(bytes.to_vec())?))
}

/// `hsa_code_object_reader_create_from_file`: reads the whole file behind `fd` (from offset 0,
/// leaving the descriptor's position alone).
pub fn reader_from_file(fd: i32) -> HsaResult<u64> {
    let bytes = read_fd(fd)?;
    Ok(insert(&READERS, parse(bytes)?))
}

fn read_fd(fd: i32) -> HsaResult<Vec<u8>> {
    // SAFETY: fstat only writes into the zeroed stat buffer we pass.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: `st` is valid and writable; an invalid fd just makes fstat fail.
    if fd < 0 || unsafe { libc::fstat(fd, &mut st) } != 0 {
        return Err(HsaError::ERROR_INVALID_FILE);
    }
    let mut out = Vec::with_capacity(st.st_size.max(0) as usize);
    let mut buf = vec![0u8; 1 << 16];
    let mut offset: libc::off_t = 0;
    loop {
        // SAFETY: `buf` is writable for its length.
        let n = unsafe { libc::pread(fd, buf.as_mut_ptr().cast(), buf.len(), offset) };
        if n < 0 {
            return Err(HsaError::ERROR_INVALID_FILE);
        }
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n as usize]);
        offset += n as libc::off_t;
    }
    Ok(out)
}

pub fn reader(handle: u64) -> HsaResult<Arc<ReaderObject>> {
    READERS
        .read()
        .as_ref()
        .and_then(|m| m.get(&handle).cloned())
        .ok_or(HsaError::ERROR_INVALID_CODE_OBJECT_READER)
}

/// `hsa_code_object_reader_destroy`
pub fn reader_destroy(handle: u64) -> HsaResult<()> {
    READERS
        .write()
        .as_mut()
        .and_then(|m| m.remove(&handle))
        .map(|_| ())
        .ok_or(HsaError::ERROR_INVALID_CODE_OBJECT_READER)
}

/// `hsa_code_object_deserialize` (deprecated API): the serialized form is the ELF itself.
pub fn code_object_deserialize(bytes: &[u8]) -> HsaResult<u64> {
    if bytes.is_empty() {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    Ok(insert(&CODE_OBJECTS, parse(bytes.to_vec())?))
}

pub fn code_object(handle: u64) -> HsaResult<Arc<ReaderObject>> {
    CODE_OBJECTS
        .read()
        .as_ref()
        .and_then(|m| m.get(&handle).cloned())
        .ok_or(HsaError::ERROR_INVALID_CODE_OBJECT)
}

pub fn code_object_destroy(handle: u64) -> HsaResult<()> {
    CODE_OBJECTS
        .write()
        .as_mut()
        .and_then(|m| m.remove(&handle))
        .map(|_| ())
        .ok_or(HsaError::ERROR_INVALID_CODE_OBJECT)
}

// ---------------------------------------------------------------------------------------
// Executables and symbols.

/// `hsa_symbol_kind_t`
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolKind {
    Variable = 0,
    Kernel = 1,
}

/// `hsa_symbol_linkage_t`
pub const LINKAGE_MODULE: u32 = 0;
pub const LINKAGE_PROGRAM: u32 = 1;

/// An executable symbol (`hsa_executable_symbol_t`).
pub struct SymbolObject {
    /// Full symbol name, as looked up (`vector_add.kd` for kernels, like AMD code objects).
    pub name: String,
    pub kind: SymbolKind,
    pub linkage: u32,
    /// Agent of agent-allocation symbols; `None` for program symbols.
    pub agent: Option<u64>,
    pub kernel: Option<Arc<KernelObject>>,
    /// The kernel of an NVIDIA code object (`kernel` is `None` then).
    pub gpu_kernel: Option<Arc<GpuKernel>>,
    pub variable_address: usize,
    pub variable_size: u64,
    /// Whether the application defined it (`*_variable_define`) rather than a code object.
    pub defined_by_application: bool,
    frozen: Arc<AtomicBool>,
}

impl SymbolObject {
    pub fn handle(self: &Arc<Self>) -> u64 {
        Arc::as_ptr(self) as u64
    }

    pub fn is_frozen(&self) -> bool {
        self.frozen.load(Ordering::Acquire)
    }

    /// `hsa_executable_symbol_get_info`
    pub fn info(&self, attribute: u32) -> HsaResult<InfoValue> {
        if let Some(gpu) = &self.gpu_kernel {
            // NVIDIA kernels: argument size from the driver, alignment 16 (HSA's minimum,
            // which covers every CUDA parameter type but over-aligned structs), static
            // shared and local memory from the function's attributes.
            match attribute {
                11 => return Ok(InfoValue::U32(gpu.kernarg_segment_size())),
                12 => return Ok(InfoValue::U32(16)),
                13 => return Ok(InfoValue::U32(gpu.static_shared)),
                14 => return Ok(InfoValue::U32(gpu.local_bytes)),
                15 => return Ok(InfoValue::Bool(false)),
                22 => {
                    return Ok(InfoValue::U64(if self.is_frozen() {
                        gpu.object()
                    } else {
                        0
                    }))
                }
                _ => {}
            }
        }
        let frozen = self.is_frozen();
        let kernel = self.kernel.as_ref();
        let is_kernel = self.kind == SymbolKind::Kernel;
        let kernel_only = |v: InfoValue| {
            if is_kernel {
                Ok(v)
            } else {
                Err(HsaError::ERROR_INVALID_ARGUMENT)
            }
        };
        let variable_only = |v: InfoValue| {
            if is_kernel {
                Err(HsaError::ERROR_INVALID_ARGUMENT)
            } else {
                Ok(v)
            }
        };
        match attribute {
            0 => Ok(InfoValue::U32(self.kind as u32)),
            1 => Ok(InfoValue::U32(self.name.len() as u32)),
            2 => Ok(InfoValue::Bytes(self.name.as_bytes().to_vec())),
            3 => Ok(InfoValue::U32(0)),
            4 => Ok(InfoValue::Bytes(Vec::new())),
            5 => Ok(InfoValue::U32(self.linkage)),
            6 => variable_only(InfoValue::U32(u32::from(self.agent.is_none()))), // AGENT=0, PROGRAM=1
            7 => variable_only(InfoValue::U32(0)),                               // GLOBAL segment
            8 => variable_only(InfoValue::U32(if self.variable_size >= 8 { 8 } else { 1 })),
            9 => variable_only(InfoValue::U32(
                self.variable_size.min(u64::from(u32::MAX)) as u32
            )),
            10 => variable_only(InfoValue::Bool(false)),
            11 => kernel_only(InfoValue::U32(kernel.map_or(0, |k| k.kernarg_segment_size))),
            12 => kernel_only(InfoValue::U32(
                kernel.map_or(16, |k| k.kernarg_segment_alignment.max(16)),
            )),
            13 => kernel_only(InfoValue::U32(
                kernel.map_or(0, |k| k.engine_kernel.static_group_segment_size),
            )),
            14 => kernel_only(InfoValue::U32(
                kernel.map_or(0, |k| k.engine_kernel.static_private_segment_size),
            )),
            15 => kernel_only(InfoValue::Bool(kernel.is_some_and(|k| k.dynamic_callstack))),
            16 => Err(HsaError::ERROR_INVALID_ARGUMENT),
            17 => Ok(InfoValue::Bool(true)),
            18 => kernel_only(InfoValue::U32(0)),
            20 => Ok(InfoValue::U64(self.agent.unwrap_or(0))),
            21 => variable_only(InfoValue::U64(if frozen {
                self.variable_address as u64
            } else {
                0
            })),
            22 => kernel_only(InfoValue::U64(match (frozen, kernel) {
                (true, Some(k)) => k.handle(),
                _ => 0,
            })),
            23 => Err(HsaError::ERROR_INVALID_ARGUMENT),
            _ => Err(HsaError::ERROR_INVALID_ARGUMENT),
        }
    }
}

/// `hsa_executable_t`
pub struct ExecutableObject {
    pub profile: u32,
    pub rounding_mode: u32,
    frozen: Arc<AtomicBool>,
    inner: Mutex<ExecutableInner>,
}

#[derive(Default)]
struct ExecutableInner {
    loaded: Vec<LoadedEntry>,
    symbols: Vec<Arc<SymbolObject>>,
}

/// The code of a loaded code object.
pub enum LoadedCode {
    /// A `dlopen`ed CPU code object.
    Cpu(Arc<LoadedCodeObject>),
    /// A CUDA module.
    Nvidia(Arc<GpuModule>),
}

impl LoadedCode {
    /// The `hsa_loaded_code_object_t` handle.
    pub fn handle(&self) -> u64 {
        match self {
            LoadedCode::Cpu(c) => Arc::as_ptr(c) as u64,
            LoadedCode::Nvidia(m) => Arc::as_ptr(m) as u64,
        }
    }
}

/// One code object loaded into an executable (`hsa_loaded_code_object_t`).
pub struct LoadedEntry {
    pub agent: Option<u64>,
    pub code: LoadedCode,
}

static EXECUTABLES: RwLock<Option<HashMap<u64, Arc<ExecutableObject>>>> = RwLock::new(None);
static SYMBOLS: RwLock<Option<HashMap<u64, Arc<SymbolObject>>>> = RwLock::new(None);

impl ExecutableObject {
    pub fn handle(self: &Arc<Self>) -> u64 {
        Arc::as_ptr(self) as u64
    }

    pub fn is_frozen(&self) -> bool {
        self.frozen.load(Ordering::Acquire)
    }

    /// Loads a validated code object for `agent` (`None`: a program code object).
    ///
    /// A CPU code object needs the CPU agent (or no agent), an NVIDIA image an NVIDIA
    /// agent: otherwise `ERROR_INCOMPATIBLE_ARGUMENTS`.
    pub fn load(&self, agent: Option<u64>, reader: &ReaderObject) -> HsaResult<u64> {
        let agent_object = match agent {
            Some(a) => Some(super::runtime::current()?.agent(a)?.clone()),
            None => None,
        };
        let device = agent_object
            .as_ref()
            .and_then(|a| a.nvidia_device().cloned());
        let parsed = match (&reader.image, &device) {
            (ReaderImage::Cpu(c), None) => c.clone(),
            (ReaderImage::Nvidia(kind), Some(device)) => {
                return self.load_nvidia(agent.unwrap_or(0), device, reader, *kind)
            }
            _ => return Err(HsaError::ERROR_INCOMPATIBLE_ARGUMENTS),
        };
        let mut inner = self.inner.lock();
        if self.is_frozen() {
            return Err(HsaError::ERROR_FROZEN_EXECUTABLE);
        }
        let loaded = Arc::new(
            parsed
                .load()
                .map_err(|_| HsaError::ERROR_INVALID_CODE_OBJECT)?,
        );
        let mut new_symbols = Vec::new();
        for k in loaded.kernels() {
            let name = format!("{}.kd", k.name());
            if inner
                .symbols
                .iter()
                .any(|s| s.name == name && s.agent == agent)
            {
                return Err(HsaError::ERROR_VARIABLE_ALREADY_DEFINED);
            }
            let kernel = Arc::new(KernelObject {
                name: k.name().to_string(),
                engine_kernel: k.kernel(),
                kernarg_segment_size: k.kernarg_segment_size(),
                kernarg_segment_alignment: k.kernarg_segment_alignment(),
                dynamic_callstack: k.descriptor().flags
                    & cpu_engine::abi::KERNEL_FLAG_DYNAMIC_CALLSTACK
                    != 0,
                arguments: k.arguments().cloned(),
                attributes: k.attributes(),
                _code: Some(loaded.clone()),
            });
            new_symbols.push(Arc::new(SymbolObject {
                name,
                kind: SymbolKind::Kernel,
                linkage: LINKAGE_MODULE,
                agent,
                kernel: Some(kernel),
                gpu_kernel: None,
                variable_address: 0,
                variable_size: 0,
                defined_by_application: false,
                frozen: self.frozen.clone(),
            }));
        }
        for v in loaded.variables() {
            new_symbols.push(Arc::new(SymbolObject {
                name: v.name().to_string(),
                kind: SymbolKind::Variable,
                linkage: if agent.is_some() {
                    LINKAGE_MODULE
                } else {
                    LINKAGE_PROGRAM
                },
                agent,
                kernel: None,
                gpu_kernel: None,
                variable_address: v.address() as usize,
                variable_size: v.size(),
                defined_by_application: false,
                frozen: self.frozen.clone(),
            }));
        }
        register_symbols(&new_symbols);
        inner.symbols.extend(new_symbols);
        let code = LoadedCode::Cpu(loaded);
        let handle = code.handle();
        inner.loaded.push(LoadedEntry { agent, code });
        Ok(handle)
    }

    /// Loads an NVIDIA image for the GPU agent `agent` (its device `device`).
    fn load_nvidia(
        &self,
        agent: u64,
        device: &Arc<super::nvidia::NvDevice>,
        reader: &ReaderObject,
        kind: ImageKind,
    ) -> HsaResult<u64> {
        let mut inner = self.inner.lock();
        if self.is_frozen() {
            return Err(HsaError::ERROR_FROZEN_EXECUTABLE);
        }
        let loaded =
            nv_module::load(device, &reader.bytes, kind).map_err(|e| nv_module::load_status(&e))?;
        let mut new_symbols: Vec<Arc<SymbolObject>> = Vec::new();
        for k in &loaded.kernels {
            let name = format!("{}.kd", k.name);
            if inner
                .symbols
                .iter()
                .chain(new_symbols.iter())
                .any(|s| s.name == name && s.agent == Some(agent))
            {
                return Err(HsaError::ERROR_VARIABLE_ALREADY_DEFINED);
            }
            new_symbols.push(self.gpu_kernel_symbol(agent, k.clone()));
        }
        for v in &loaded.variables {
            new_symbols.push(self.gpu_variable_symbol(agent, v));
        }
        register_symbols(&new_symbols);
        inner.symbols.extend(new_symbols);
        let code = LoadedCode::Nvidia(loaded.module);
        let handle = code.handle();
        inner.loaded.push(LoadedEntry {
            agent: Some(agent),
            code,
        });
        Ok(handle)
    }

    fn gpu_kernel_symbol(&self, agent: u64, kernel: Arc<GpuKernel>) -> Arc<SymbolObject> {
        Arc::new(SymbolObject {
            name: format!("{}.kd", kernel.name),
            kind: SymbolKind::Kernel,
            linkage: LINKAGE_MODULE,
            agent: Some(agent),
            kernel: None,
            gpu_kernel: Some(kernel),
            variable_address: 0,
            variable_size: 0,
            defined_by_application: false,
            frozen: self.frozen.clone(),
        })
    }

    fn gpu_variable_symbol(&self, agent: u64, v: &nv_module::GpuVariable) -> Arc<SymbolObject> {
        Arc::new(SymbolObject {
            name: v.name.clone(),
            kind: SymbolKind::Variable,
            linkage: LINKAGE_MODULE,
            agent: Some(agent),
            kernel: None,
            gpu_kernel: None,
            variable_address: v.address as usize,
            variable_size: v.size,
            defined_by_application: false,
            frozen: self.frozen.clone(),
        })
    }

    /// Asks the NVIDIA modules of the executable for a symbol iteration did not list
    /// (variables of cubin/fatbin images, kernels on drivers that cannot enumerate them)
    /// and records it.
    fn lookup_nvidia(
        &self,
        inner: &mut ExecutableInner,
        name: &str,
        agent: Option<u64>,
    ) -> Option<Arc<SymbolObject>> {
        let modules: Vec<(u64, Arc<GpuModule>)> = inner
            .loaded
            .iter()
            .filter_map(|e| match (&e.code, e.agent) {
                (LoadedCode::Nvidia(m), Some(a)) if agent.is_none_or(|x| x == a) => {
                    Some((a, m.clone()))
                }
                _ => None,
            })
            .collect();
        for (a, module) in modules {
            let symbol = match nv_module::lookup(&module, name) {
                Ok(Some(nv_module::Symbol::Kernel(k))) => {
                    if inner.symbols.iter().any(|s| {
                        s.gpu_kernel
                            .as_ref()
                            .is_some_and(|g| g.function == k.function)
                    }) {
                        continue; // listed under its own name already
                    }
                    if self.is_frozen() {
                        nv_module::register_kernel(&k);
                    }
                    self.gpu_kernel_symbol(a, k)
                }
                Ok(Some(nv_module::Symbol::Variable(v))) => self.gpu_variable_symbol(a, &v),
                _ => continue,
            };
            register_symbols(std::slice::from_ref(&symbol));
            inner.symbols.push(symbol.clone());
            return Some(symbol);
        }
        None
    }

    /// `hsa_executable_(agent_)global_variable_define` / `readonly_variable_define`.
    pub fn define_variable(&self, agent: Option<u64>, name: &str, address: usize) -> HsaResult<()> {
        let mut inner = self.inner.lock();
        if self.is_frozen() {
            return Err(HsaError::ERROR_FROZEN_EXECUTABLE);
        }
        if name.is_empty() {
            return Err(HsaError::ERROR_INVALID_SYMBOL_NAME);
        }
        if inner
            .symbols
            .iter()
            .any(|s| s.name == name && s.agent == agent)
        {
            return Err(HsaError::ERROR_VARIABLE_ALREADY_DEFINED);
        }
        let sym = Arc::new(SymbolObject {
            name: name.to_string(),
            kind: SymbolKind::Variable,
            linkage: if agent.is_some() {
                LINKAGE_MODULE
            } else {
                LINKAGE_PROGRAM
            },
            agent,
            kernel: None,
            gpu_kernel: None,
            variable_address: address,
            variable_size: 0,
            defined_by_application: true,
            frozen: self.frozen.clone(),
        });
        register_symbols(std::slice::from_ref(&sym));
        inner.symbols.push(sym);
        Ok(())
    }

    /// `hsa_executable_freeze`: publishes the kernel objects.
    pub fn freeze(&self) -> HsaResult<()> {
        let inner = self.inner.lock();
        if self.is_frozen() {
            return Err(HsaError::ERROR_FROZEN_EXECUTABLE);
        }
        for s in &inner.symbols {
            if let Some(k) = &s.kernel {
                register_kernel(k.clone());
            }
            if let Some(k) = &s.gpu_kernel {
                nv_module::register_kernel(k);
            }
        }
        self.frozen.store(true, Ordering::Release);
        Ok(())
    }

    /// Symbol by name; `agent` `None` looks for program symbols (and, leniently, any agent's).
    ///
    /// NVIDIA kernels are also found by their bare (mangled) name, without `.kd`, and
    /// names that iteration did not list are looked up in the executable's CUDA modules.
    pub fn symbol_by_name(&self, name: &str, agent: Option<u64>) -> HsaResult<Arc<SymbolObject>> {
        let mut inner = self.inner.lock();
        let agent_matches =
            |s: &SymbolObject| agent.is_none() || s.agent.is_none() || s.agent == agent;
        if let Some(s) = inner
            .symbols
            .iter()
            .find(|s| s.name == name && agent_matches(s))
        {
            return Ok(s.clone());
        }
        if let Some(s) = inner
            .symbols
            .iter()
            .find(|s| s.gpu_kernel.as_ref().is_some_and(|k| k.name == name) && agent_matches(s))
        {
            return Ok(s.clone());
        }
        self.lookup_nvidia(&mut inner, name, agent)
            .ok_or(HsaError::ERROR_INVALID_SYMBOL_NAME)
    }

    /// All symbols, optionally only those of `agent` (agent symbols) or program ones.
    pub fn symbols(&self, filter: SymbolFilter) -> Vec<Arc<SymbolObject>> {
        let inner = self.inner.lock();
        inner
            .symbols
            .iter()
            .filter(|s| match filter {
                SymbolFilter::All => true,
                SymbolFilter::Agent(a) => s.agent == Some(a),
                SymbolFilter::Program => s.agent.is_none(),
            })
            .cloned()
            .collect()
    }

    /// Handles of the loaded code objects.
    pub fn loaded_code_objects(&self) -> Vec<(u64, Option<u64>)> {
        self.inner
            .lock()
            .loaded
            .iter()
            .map(|e| (e.code.handle(), e.agent))
            .collect()
    }

    fn release(&self) {
        let inner = std::mem::take(&mut *self.inner.lock());
        let mut symbols = SYMBOLS.write();
        for s in &inner.symbols {
            if let Some(k) = &s.kernel {
                unregister_kernel(k.handle());
            }
            if let Some(k) = &s.gpu_kernel {
                nv_module::unregister_kernel(k.object());
            }
            if let Some(map) = symbols.as_mut() {
                map.remove(&s.handle());
            }
        }
    }
}

/// Which symbols an iteration visits.
#[derive(Debug, Clone, Copy)]
pub enum SymbolFilter {
    All,
    Agent(u64),
    Program,
}

fn register_symbols(symbols: &[Arc<SymbolObject>]) {
    let mut map = SYMBOLS.write();
    let map = map.get_or_insert_with(HashMap::new);
    for s in symbols {
        map.insert(s.handle(), s.clone());
    }
}

/// `hsa_executable_create_alt`
pub fn create(profile: u32, rounding_mode: u32) -> HsaResult<u64> {
    // Profiles: BASE=0, FULL=1. Rounding: DEFAULT=0 (accepted by the deprecated create), ZERO=1, NEAR=2.
    if profile > 1 || rounding_mode > 2 {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    let exe = Arc::new(ExecutableObject {
        profile,
        rounding_mode,
        frozen: Arc::new(AtomicBool::new(false)),
        inner: Mutex::new(ExecutableInner::default()),
    });
    let h = exe.handle();
    EXECUTABLES
        .write()
        .get_or_insert_with(HashMap::new)
        .insert(h, exe);
    super::runtime::on_shutdown(destroy_all);
    Ok(h)
}

pub fn executable(handle: u64) -> HsaResult<Arc<ExecutableObject>> {
    EXECUTABLES
        .read()
        .as_ref()
        .and_then(|m| m.get(&handle).cloned())
        .ok_or(HsaError::ERROR_INVALID_EXECUTABLE)
}

/// `hsa_executable_destroy`
pub fn destroy(handle: u64) -> HsaResult<()> {
    let exe = EXECUTABLES
        .write()
        .as_mut()
        .and_then(|m| m.remove(&handle))
        .ok_or(HsaError::ERROR_INVALID_EXECUTABLE)?;
    exe.release();
    Ok(())
}

pub fn symbol(handle: u64) -> HsaResult<Arc<SymbolObject>> {
    SYMBOLS
        .read()
        .as_ref()
        .and_then(|m| m.get(&handle).cloned())
        .ok_or(HsaError::ERROR_INVALID_EXECUTABLE_SYMBOL)
}

/// Everything goes at the last `hsa_shut_down`.
pub fn destroy_all() {
    let exes: Vec<Arc<ExecutableObject>> = EXECUTABLES
        .write()
        .take()
        .map(|m| m.into_values().collect())
        .unwrap_or_default();
    for e in exes {
        e.release();
    }
    READERS.write().take();
    CODE_OBJECTS.write().take();
}
