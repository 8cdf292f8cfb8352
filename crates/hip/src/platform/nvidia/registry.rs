//! Fat binaries, kernels and variables registered by nvcc-generated host code
//! (`__cudaRegisterFatBinary`, `__cudaRegisterFunction`, `__cudaRegisterVar`,
//! `__cudaRegisterManagedVar`), keyed by host address as cudart and CLR key them: the
//! host stub of a kernel, the host shadow of a variable.
//!
//! Registration runs in static constructors, before `main` and before any device is
//! chosen, so it never touches the driver: it records the wrapper and the names. A fat
//! binary's module is loaded into a device's primary context on first use there
//! ([`function`], [`variable`], [`init_module`]), and each kernel's `CUfunction` is cached
//! per device. The hot path, [`function`] on a device where the kernel was used before, is
//! a read-locked hash lookup and one atomic load: no allocation, no driver call.
//!
//! Duplicates are expected (a template kernel instantiated in several translation units
//! is registered by each of them): the first registration of a host address wins, as in
//! CLR.
//!
//! `__managed__` variables: nvcc gives the host a *pointer* shadow (`static T* mv`), and
//! host code reads `*mv` after calling `__cudaInitModule`. The variable is registered with
//! the address of that pointer; when the fat binary's module is first loaded, the managed
//! allocation the driver made for the variable (`cuModuleGetGlobal`) is stored into it.

use std::ffi::{c_void, CStr, CString};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use parking_lot::{Mutex, RwLock};

use super::handles::AddressMap;
use super::{module, DevicePtr, Function};
use crate::error::{HipError, HipResult};
use cuda::image::{ELF_MAGIC, FATBIN_MAGIC, FATBIN_WRAPPER_MAGIC};

/// One value per device, sized by the device count on first use (0: not loaded yet).
#[derive(Default)]
struct PerDevice(OnceLock<Box<[AtomicUsize]>>);

impl PerDevice {
    /// The cached value for `dev`, if any (hot path: no driver call once sized).
    #[inline]
    fn get(&self, dev: usize) -> Option<usize> {
        let v = self.0.get()?.get(dev)?.load(Ordering::Acquire);
        (v != 0).then_some(v)
    }

    /// The slot of `dev` (sizing the table from the driver's device count first).
    fn slot(&self, dev: usize) -> HipResult<&AtomicUsize> {
        let slots = self.0.get_or_init(|| {
            (0..super::device_count())
                .map(|_| AtomicUsize::new(0))
                .collect()
        });
        if slots.is_empty() {
            return Err(HipError::NoDevice);
        }
        slots.get(dev).ok_or(HipError::InvalidDevice)
    }

    /// Every non-zero value with its device.
    fn loaded(&self) -> Vec<(usize, usize)> {
        self.0.get().map_or_else(Vec::new, |s| {
            s.iter()
                .enumerate()
                .filter_map(|(d, v)| {
                    let v = v.load(Ordering::Acquire);
                    (v != 0).then_some((d, v))
                })
                .collect()
        })
    }
}

/// A registered fat binary: the image nvcc embedded (wrapper or bare fatbin) and its
/// module per device.
struct FatBinary {
    image: usize,
    modules: PerDevice,
}

/// A registered kernel.
struct KernelEntry {
    fatbin: usize,
    name: CString,
    functions: PerDevice,
}

/// A registered `__device__`, `__constant__` or `__managed__` variable.
struct VariableEntry {
    fatbin: usize,
    name: CString,
    /// Size given at registration (the driver's size is used once loaded).
    size: usize,
    /// Registered through `__cudaRegisterManagedVar`: the host address is a `T**` shadow.
    managed: bool,
    /// Per device: the device address; the size is the one `cuModuleGetGlobal` reported
    /// (stored in `sizes`).
    addresses: PerDevice,
    sizes: PerDevice,
}

#[derive(Default)]
struct State {
    /// Index `handle - 1`; `None` once unregistered.
    fatbins: Vec<Option<Arc<FatBinary>>>,
    functions: AddressMap<Arc<KernelEntry>>,
    variables: AddressMap<Arc<VariableEntry>>,
}

static STATE: RwLock<Option<State>> = RwLock::new(None);
/// Serialises module loads and function/variable resolution (slow path only). Taken
/// before `STATE`, never while holding it.
static LOAD_LOCK: Mutex<()> = Mutex::new(());

fn with_state<T>(f: impl FnOnce(&mut State) -> T) -> T {
    f(STATE.write().get_or_insert_with(State::default))
}

fn fatbin_entry(handle: usize) -> HipResult<Arc<FatBinary>> {
    STATE
        .read()
        .as_ref()
        .and_then(|s| s.fatbins.get(handle.wrapping_sub(1)).cloned().flatten())
        .ok_or(HipError::InvalidHandle)
}

/// `__cudaRegisterFatBinary(wrapper)`: records the image (nvcc's wrapper, or a bare fatbin
/// or cubin) and returns its handle (never 0). Nothing is loaded yet.
///
/// The image must stay valid until [`unregister_fat_binary`] (nvcc's is static data).
pub fn register_fat_binary(wrapper: *const c_void) -> HipResult<usize> {
    if wrapper.is_null() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: the caller hands a registered image: at least its 4-byte magic is readable.
    let magic = unsafe { wrapper.cast::<u32>().read_unaligned() };
    if magic != FATBIN_WRAPPER_MAGIC && magic != FATBIN_MAGIC && magic != ELF_MAGIC {
        return Err(HipError::InvalidKernelFile);
    }
    let entry = Arc::new(FatBinary {
        image: wrapper as usize,
        modules: PerDevice::default(),
    });
    Ok(with_state(|s| {
        s.fatbins.push(Some(entry));
        s.fatbins.len()
    }))
}

/// `__cudaRegisterFunction`: kernel `device_name` of fat binary `fatbin` is launched
/// through host stub `host_fn`. A host address registered before keeps its first entry.
pub fn register_function(fatbin: usize, host_fn: usize, device_name: &CStr) -> HipResult<()> {
    if host_fn == 0 {
        return Err(HipError::InvalidValue);
    }
    with_state(|s| {
        if !matches!(s.fatbins.get(fatbin.wrapping_sub(1)), Some(Some(_))) {
            return Err(HipError::InvalidHandle);
        }
        s.functions.entry(host_fn).or_insert_with(|| {
            Arc::new(KernelEntry {
                fatbin,
                name: device_name.to_owned(),
                functions: PerDevice::default(),
            })
        });
        Ok(())
    })
}

/// `__cudaRegisterVar` / `__cudaRegisterManagedVar`: variable `device_name` (`size`
/// bytes) of fat binary `fatbin` has host shadow `host_var`. For a managed variable,
/// `host_var` is the address of the host's pointer shadow (`T**`), which receives the
/// managed address when the module is first loaded. A host address registered before
/// keeps its first entry.
pub fn register_variable(
    fatbin: usize,
    host_var: usize,
    device_name: &CStr,
    size: usize,
    constant: bool,
    managed: bool,
) -> HipResult<()> {
    let _ = constant; // The driver knows the state space; nothing differs at run time.
    if host_var == 0 {
        return Err(HipError::InvalidValue);
    }
    with_state(|s| {
        if !matches!(s.fatbins.get(fatbin.wrapping_sub(1)), Some(Some(_))) {
            return Err(HipError::InvalidHandle);
        }
        s.variables.entry(host_var).or_insert_with(|| {
            Arc::new(VariableEntry {
                fatbin,
                name: device_name.to_owned(),
                size,
                managed,
                addresses: PerDevice::default(),
                sizes: PerDevice::default(),
            })
        });
        Ok(())
    })
}

/// `__cudaUnregisterFatBinary`: forgets the fat binary, its kernels and variables, and
/// unloads its modules (driver errors, e.g. at process exit, are ignored).
pub fn unregister_fat_binary(fatbin: usize) {
    let entry = with_state(|s| {
        let entry = s
            .fatbins
            .get_mut(fatbin.wrapping_sub(1))
            .and_then(Option::take)?;
        s.functions.retain(|_, f| f.fatbin != fatbin);
        s.variables.retain(|_, v| v.fatbin != fatbin);
        Some(entry)
    });
    let Some(entry) = entry else { return };
    let _guard = LOAD_LOCK.lock();
    for (dev, m) in entry.modules.loaded() {
        // SAFETY: a module this registry loaded and nobody else unloads (its functions are
        // no longer reachable through the registry).
        let _ = unsafe { module::unload(dev, m as super::Module) };
    }
}

/// Fat binary `fatbin`'s module on device `dev`, loading it on first use (and filling its
/// managed variables' host pointers). The first load on `dev` loads every other registered
/// fat binary there too, as HIP's runtime loads all of a program's code objects at once:
/// loading code (a module, or a kernel under CUDA's default lazy loading) can wait for the
/// kernels already running on the device, and HIP programs let a kernel spin until another
/// stream's kernel or the host releases it, so nothing may load later while such a kernel
/// runs. A fat binary that fails to load then reports its error at its own first use.
/// Caller holds `LOAD_LOCK`.
fn module_locked(dev: usize, fatbin: usize) -> HipResult<super::Module> {
    let entry = fatbin_entry(fatbin)?;
    if let Some(m) = entry.modules.get(dev) {
        return Ok(m as super::Module);
    }
    let m = load_locked(dev, fatbin, &entry)?;
    let pending: Vec<(usize, Arc<FatBinary>)> = STATE
        .read()
        .as_ref()
        .map(|s| {
            s.fatbins
                .iter()
                .enumerate()
                .filter_map(|(i, f)| Some((i + 1, Arc::clone(f.as_ref()?))))
                .filter(|(_, f)| f.modules.get(dev).is_none())
                .collect()
        })
        .unwrap_or_default();
    for (h, f) in pending {
        let _ = load_locked(dev, h, &f);
    }
    Ok(m)
}

/// Loads `entry` (fat binary `fatbin`) on `dev`, fills its managed variables and resolves
/// its kernels. Caller holds `LOAD_LOCK`.
fn load_locked(dev: usize, fatbin: usize, entry: &FatBinary) -> HipResult<super::Module> {
    let slot = entry.modules.slot(dev)?;
    // SAFETY: a registered image stays valid until unregistered (the caller's contract
    // for `register_fat_binary`; nvcc's images are static).
    let m = unsafe { module::load_data(dev, entry.image as *const c_void) }?;
    slot.store(m as usize, Ordering::Release);
    fill_managed(dev, fatbin, m);
    resolve_kernels(dev, fatbin, m);
    Ok(m)
}

/// Resolves every kernel registered with `fatbin` in its freshly loaded module `m`, as
/// HIP's runtime does when a code object loads. Under CUDA's default lazy loading,
/// `cuModuleGetFunction` is what loads a kernel's code, and loading can wait for the
/// kernels already running (CUDA's documented lazy-loading deadlock): resolved here, a
/// first launch makes no such call while a spinning kernel waits for it. A kernel the image
/// lacks stays unresolved and fails at its launch.
fn resolve_kernels(dev: usize, fatbin: usize, m: super::Module) {
    let kernels: Vec<Arc<KernelEntry>> = STATE
        .read()
        .as_ref()
        .map(|s| {
            s.functions
                .values()
                .filter(|k| k.fatbin == fatbin)
                .map(Arc::clone)
                .collect()
        })
        .unwrap_or_default();
    for k in kernels {
        let Ok(slot) = k.functions.slot(dev) else {
            continue;
        };
        // SAFETY: `m` was just loaded; `name` is NUL-terminated.
        if let Ok(f) = unsafe { module::get_function(dev, m, &k.name) } {
            slot.store(f as usize, Ordering::Release);
        }
    }
}

/// Stores the managed address of each of `fatbin`'s managed variables into its host
/// pointer shadow, unless a module loaded earlier (on another device) filled it.
fn fill_managed(dev: usize, fatbin: usize, m: super::Module) {
    let managed: Vec<(usize, Arc<VariableEntry>)> = STATE
        .read()
        .as_ref()
        .map(|s| {
            s.variables
                .iter()
                .filter(|(_, v)| v.fatbin == fatbin && v.managed)
                .map(|(&h, v)| (h, Arc::clone(v)))
                .collect()
        })
        .unwrap_or_default();
    for (host, v) in managed {
        // SAFETY: `m` was just loaded; `name` is NUL-terminated.
        let Ok((ptr, size)) = (unsafe { module::get_global(dev, m, &v.name) }) else {
            continue;
        };
        if let (Ok(a), Ok(s)) = (v.addresses.slot(dev), v.sizes.slot(dev)) {
            s.store(size, Ordering::Release);
            a.store(ptr as usize, Ordering::Release);
        }
        let shadow = host as *mut *mut c_void;
        // SAFETY: nvcc registers a managed variable with the address of its host pointer
        // shadow (`static T* mv`), a writable, aligned pointer-sized location.
        unsafe {
            if shadow.read().is_null() {
                shadow.write(ptr as usize as *mut c_void);
            }
        }
    }
}

/// `__cudaInitModule`: loads fat binary `fatbin`'s module on device `dev` now (so that
/// its managed variables' host pointers are filled).
pub fn init_module(fatbin: usize, dev: usize) -> HipResult<()> {
    let _guard = LOAD_LOCK.lock();
    module_locked(dev, fatbin).map(|_| ())
}

/// The driver function of the kernel whose host stub is `host_fn`, on device `dev`:
/// `hipErrorInvalidDeviceFunction` if no such kernel was registered (or the image lacks
/// it). Loads the module on first use on `dev`; afterwards a read-locked lookup.
#[inline]
pub fn function(dev: usize, host_fn: usize) -> HipResult<Function> {
    let entry = {
        let state = STATE.read();
        let entry = state
            .as_ref()
            .and_then(|s| s.functions.get(&host_fn))
            .ok_or(HipError::InvalidDeviceFunction)?;
        if let Some(f) = entry.functions.get(dev) {
            return Ok(f as Function);
        }
        Arc::clone(entry)
    };
    resolve_function(dev, &entry)
}

#[cold]
fn resolve_function(dev: usize, entry: &KernelEntry) -> HipResult<Function> {
    let _guard = LOAD_LOCK.lock();
    let slot = entry.functions.slot(dev)?;
    let f = slot.load(Ordering::Acquire);
    if f != 0 {
        return Ok(f as Function);
    }
    let m = module_locked(dev, entry.fatbin)?;
    // SAFETY: `m` is a live module this registry loaded.
    let f = unsafe { module::get_function(dev, m, &entry.name) }.map_err(|e| match e {
        HipError::NotFound => HipError::InvalidDeviceFunction,
        e => e,
    })?;
    slot.store(f as usize, Ordering::Release);
    Ok(f)
}

/// (device address, size) of the variable whose host shadow is `host_var`, on device
/// `dev`: `hipErrorInvalidSymbol` if none was registered (or the image lacks it). For a
/// managed variable `host_var` is the address of its host pointer shadow.
pub fn variable(dev: usize, host_var: usize) -> HipResult<(DevicePtr, usize)> {
    let entry = {
        let state = STATE.read();
        let s = state.as_ref().ok_or(HipError::InvalidSymbol)?;
        let entry = s
            .variables
            .get(&host_var)
            .or_else(|| managed_at(s, dev, host_var))
            .ok_or(HipError::InvalidSymbol)?;
        if let (Some(p), Some(size)) = (entry.addresses.get(dev), entry.sizes.get(dev)) {
            return Ok((p as DevicePtr, size));
        }
        Arc::clone(entry)
    };
    let _guard = LOAD_LOCK.lock();
    let (a, s) = (entry.addresses.slot(dev)?, entry.sizes.slot(dev)?);
    let p = a.load(Ordering::Acquire);
    if p != 0 {
        return Ok((p as DevicePtr, s.load(Ordering::Acquire)));
    }
    let m = module_locked(dev, entry.fatbin)?;
    // SAFETY: `m` is a live module this registry loaded.
    let (p, size) = unsafe { module::get_global(dev, m, &entry.name) }.map_err(|e| match e {
        HipError::NotFound => HipError::InvalidSymbol,
        e => e,
    })?;
    let size = if size == 0 { entry.size } else { size };
    s.store(size, Ordering::Release);
    a.store(p as usize, Ordering::Release);
    Ok((p, size))
}

/// The managed variable whose managed memory on `dev` is at `addr`. In host code nvcc
/// turns a `__managed__` variable `v` into a read through its pointer shadow, so
/// `&v` (what `HIP_SYMBOL(v)` passes) is the managed address itself, not the registered
/// shadow address. A linear scan: only reached when `addr` is no registered address.
#[cold]
fn managed_at(s: &State, dev: usize, addr: usize) -> Option<&Arc<VariableEntry>> {
    s.variables
        .values()
        .find(|v| v.managed && v.addresses.get(dev) == Some(addr))
}

/// Forgets every module, function and variable address cached for device `dev`, without
/// unloading: for `hipDeviceReset`, after `cuDevicePrimaryCtxReset` destroyed them. The
/// next use reloads. A fat binary whose managed variables' host pointers pointed into the
/// destroyed context is reloaded at once, so that those pointers (which host code reads
/// without asking the runtime again) point at live managed memory.
pub fn forget_device(dev: usize) {
    let _guard = LOAD_LOCK.lock();
    let mut reload = Vec::new();
    {
        let state = STATE.read();
        let Some(s) = state.as_ref() else { return };
        let clear = |p: &PerDevice| -> usize {
            p.0.get()
                .and_then(|slots| slots.get(dev))
                .map_or(0, |v| v.swap(0, Ordering::AcqRel))
        };
        for f in s.fatbins.iter().flatten() {
            clear(&f.modules);
        }
        for f in s.functions.values() {
            clear(&f.functions);
        }
        for (&host, v) in &s.variables {
            clear(&v.sizes);
            let old = clear(&v.addresses);
            if v.managed && old != 0 {
                let shadow = host as *mut *mut c_void;
                // SAFETY: a managed variable's host address is its pointer shadow (see
                // `fill_managed`).
                unsafe {
                    if shadow.read() as usize == old {
                        shadow.write(std::ptr::null_mut());
                        if !reload.contains(&v.fatbin) {
                            reload.push(v.fatbin);
                        }
                    }
                }
            }
        }
    }
    for fatbin in reload {
        let _ = module_locked(dev, fatbin);
    }
}

/// Whether `host_fn` is a registered kernel's host stub.
pub fn is_registered_function(host_fn: usize) -> bool {
    STATE
        .read()
        .as_ref()
        .is_some_and(|s| s.functions.contains_key(&host_fn))
}

/// The device (mangled) name of the kernel whose host stub is `host_fn`.
pub fn function_name(host_fn: usize) -> Option<CString> {
    STATE
        .read()
        .as_ref()
        .and_then(|s| s.functions.get(&host_fn).map(|f| f.name.clone()))
}

/// Whether `host_var` is a registered variable's host shadow.
pub fn is_registered_variable(host_var: usize) -> bool {
    STATE
        .read()
        .as_ref()
        .is_some_and(|s| s.variables.contains_key(&host_var))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[repr(C)]
    struct Wrapper {
        magic: u32,
        version: u32,
        data: *const u8,
        filename: *const u8,
    }

    static FATBIN: [u32; 4] = [FATBIN_MAGIC, 0x0010_0001, 0, 0];

    #[test]
    fn registration_needs_no_device_and_unknowns_are_errors() {
        let w = Wrapper {
            magic: FATBIN_WRAPPER_MAGIC,
            version: 1,
            data: FATBIN.as_ptr().cast(),
            filename: std::ptr::null(),
        };
        let h = register_fat_binary((&w as *const Wrapper).cast()).unwrap();
        assert_ne!(h, 0);
        let stub = 0xdead_0000usize;
        register_function(h, stub, c"_Z1kv").unwrap();
        // The first registration of a host address wins.
        register_function(h, stub, c"_Z5otherv").unwrap();
        assert!(is_registered_function(stub));
        assert_eq!(function_name(stub).as_deref(), Some(c"_Z1kv"));
        let var = 0x1000usize;
        register_variable(h, var, c"gv", 4, false, false).unwrap();
        assert!(is_registered_variable(var));
        assert_eq!(
            register_function(h + 1000, stub + 1, c"x"),
            Err(HipError::InvalidHandle)
        );
        assert_eq!(function(0, 12345), Err(HipError::InvalidDeviceFunction));
        assert_eq!(variable(0, 12345), Err(HipError::InvalidSymbol));
        assert_eq!(
            register_fat_binary(std::ptr::null()),
            Err(HipError::InvalidValue)
        );
        let junk = [0u32; 4];
        assert_eq!(
            register_fat_binary(junk.as_ptr().cast()),
            Err(HipError::InvalidKernelFile)
        );
        unregister_fat_binary(h);
        assert!(!is_registered_function(stub));
        assert!(!is_registered_variable(var));
        assert_eq!(function(0, stub), Err(HipError::InvalidDeviceFunction));
        // Unregistering twice is harmless.
        unregister_fat_binary(h);
    }
}
