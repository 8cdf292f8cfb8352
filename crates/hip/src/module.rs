//! Modules: CPU code objects (from `hipcc --genco` or hiprtc) loaded into HSA executables,
//! and the functions and globals found in them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use hsa::core::executable as hsa_exe;
use parking_lot::{Mutex, RwLock};

use crate::error::{HipError, HipResult};
use crate::kernel::Kernel;
use crate::runtime::Runtime;

/// A loaded module (`hipModule_t`).
pub struct Module {
    pub handle: u64,
    executable: u64,
    functions: Mutex<HashMap<String, Arc<Function>>>,
}

/// A kernel of a module (`hipFunction_t`).
pub struct Function {
    pub handle: u64,
    pub kernel: Arc<Kernel>,
    /// The module it came from (0: a kernel of the program, `hipGetFuncBySymbol`).
    module: u64,
}

static MODULES: RwLock<Option<HashMap<u64, Arc<Module>>>> = RwLock::new(None);
static FUNCTIONS: RwLock<Option<HashMap<u64, Arc<Function>>>> = RwLock::new(None);
static NEXT: AtomicU64 = AtomicU64::new(1);
const MODULE_HANDLE_BASE: u64 = 0x4d4f_0000_0000_0000;
const FUNCTION_HANDLE_BASE: u64 = 0x4655_0000_0000_0000;

fn next_handle(base: u64) -> u64 {
    base | (NEXT.fetch_add(1, Ordering::Relaxed) << 4)
}

impl Module {
    /// `hipModuleLoadData`: the bytes of a CPU code object.
    pub fn load_data(bytes: &[u8]) -> HipResult<Arc<Module>> {
        let rt = Runtime::get()?;
        if bytes.is_empty() {
            return Err(HipError::InvalidValue);
        }
        let reader = hsa_exe::reader_from_memory(bytes).map_err(|_| HipError::InvalidImage)?;
        let result = (|| {
            let exe = hsa_exe::create(1, 0).map_err(|_| HipError::OutOfMemory)?;
            let loaded = (|| {
                let e = hsa_exe::executable(exe)?;
                e.load(Some(rt.agent.handle()), &*hsa_exe::reader(reader)?)?;
                e.freeze()
            })();
            if loaded.is_err() {
                let _ = hsa_exe::destroy(exe);
                return Err(HipError::InvalidImage);
            }
            Ok(exe)
        })();
        let _ = hsa_exe::reader_destroy(reader);
        let module = Arc::new(Module {
            handle: next_handle(MODULE_HANDLE_BASE),
            executable: result?,
            functions: Mutex::new(HashMap::new()),
        });
        MODULES
            .write()
            .get_or_insert_with(HashMap::new)
            .insert(module.handle, Arc::clone(&module));
        Ok(module)
    }

    /// `hipModuleLoad`: a code object file.
    pub fn load(path: &std::path::Path) -> HipResult<Arc<Module>> {
        let bytes = std::fs::read(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => HipError::FileNotFound,
            _ => HipError::InvalidValue,
        })?;
        Module::load_data(&bytes).map_err(|e| match e {
            HipError::InvalidValue => HipError::InvalidImage,
            e => e,
        })
    }

    pub fn lookup(handle: u64) -> HipResult<Arc<Module>> {
        MODULES
            .read()
            .as_ref()
            .and_then(|m| m.get(&handle).cloned())
            .ok_or(HipError::InvalidHandle)
    }

    /// `hipModuleUnload`: the module and its functions become invalid; dispatches already
    /// queued keep the code alive until they finish.
    pub fn unload(handle: u64) -> HipResult<()> {
        let module = MODULES
            .write()
            .as_mut()
            .and_then(|m| m.remove(&handle))
            .ok_or_else(|| {
                // A module handle this runtime issued and unloaded already is
                // hipErrorNotFound (ROCm's code for a second unload); anything else is not a
                // module handle at all.
                let issued = handle & !((1u64 << 48) - 1) == MODULE_HANDLE_BASE
                    && (handle & ((1u64 << 48) - 1)) >> 4 < NEXT.load(Ordering::Relaxed);
                if issued {
                    HipError::NotFound
                } else {
                    HipError::InvalidHandle
                }
            })?;
        if let Some(f) = FUNCTIONS.write().as_mut() {
            f.retain(|_, func| func.module != handle);
        }
        let rt = Runtime::get()?;
        for d in 0..rt.device_count() {
            rt.synchronize_device(d)?;
        }
        module.functions.lock().clear();
        hsa_exe::destroy(module.executable).map_err(|_| HipError::InvalidHandle)
    }

    /// `hipModuleGetFunction`: `name` is the kernel's symbol name (mangled for C++ kernels).
    pub fn function(&self, name: &str) -> HipResult<Arc<Function>> {
        let mut functions = self.functions.lock();
        if let Some(f) = functions.get(name) {
            return Ok(Arc::clone(f));
        }
        let rt = Runtime::get()?;
        let exe = hsa_exe::executable(self.executable).map_err(|_| HipError::InvalidHandle)?;
        let symbol = exe
            .symbol_by_name(&format!("{name}.kd"), Some(rt.agent.handle()))
            .map_err(|_| HipError::NotFound)?;
        let object = symbol.kernel.clone().ok_or(HipError::NotFound)?;
        let f = Arc::new(Function {
            handle: next_handle(FUNCTION_HANDLE_BASE),
            kernel: Arc::new(Kernel::from_kernel_object(object)),
            module: self.handle,
        });
        FUNCTIONS
            .write()
            .get_or_insert_with(HashMap::new)
            .insert(f.handle, Arc::clone(&f));
        functions.insert(name.to_string(), Arc::clone(&f));
        Ok(f)
    }

    /// `hipModuleGetGlobal`: (address, size) of a global variable of the module.
    pub fn global(&self, name: &str) -> HipResult<(usize, usize)> {
        let rt = Runtime::get()?;
        let exe = hsa_exe::executable(self.executable).map_err(|_| HipError::InvalidHandle)?;
        let symbol = exe
            .symbol_by_name(name, Some(rt.agent.handle()))
            .or_else(|_| exe.symbol_by_name(name, None))
            .map_err(|_| HipError::NotFound)?;
        if symbol.kernel.is_some() {
            return Err(HipError::NotFound);
        }
        Ok((symbol.variable_address, symbol.variable_size as usize))
    }
}

/// The `hipFunction_t` of each program kernel asked for by `hipGetFuncBySymbol`, by host
/// function (one handle per kernel, kept for the process: registered kernels stay).
static BY_SYMBOL: Mutex<Option<HashMap<usize, u64>>> = Mutex::new(None);

impl Function {
    /// `hipGetFuncBySymbol`: the function handle of the program kernel whose host function is
    /// `host_fn` (`hipErrorInvalidDeviceFunction` if none is registered), launchable with
    /// `hipModuleLaunchKernel` and queried with `hipFuncGetAttribute` like a module's.
    pub fn of_symbol(host_fn: usize) -> HipResult<u64> {
        let mut by_symbol = BY_SYMBOL.lock();
        let map = by_symbol.get_or_insert_with(HashMap::new);
        if let Some(&h) = map.get(&host_fn) {
            return Ok(h);
        }
        let f = Arc::new(Function {
            handle: next_handle(FUNCTION_HANDLE_BASE),
            kernel: crate::kernel::function(host_fn)?,
            module: 0,
        });
        FUNCTIONS
            .write()
            .get_or_insert_with(HashMap::new)
            .insert(f.handle, Arc::clone(&f));
        map.insert(host_fn, f.handle);
        Ok(f.handle)
    }

    pub fn lookup(handle: u64) -> HipResult<Arc<Function>> {
        FUNCTIONS
            .read()
            .as_ref()
            .and_then(|m| m.get(&handle).cloned())
            .ok_or(HipError::InvalidHandle)
    }
}
