//! Code objects of NVIDIA agents: PTX text, cubin (an ELF for `EM_CUDA`) or fatbin
//! images, loaded with `cuModuleLoadDataEx` in the device's primary context, their kernels
//! (`CUfunction`s with the metadata a dispatch needs) and variables (`cuModuleGetGlobal`).
//!
//! A kernel's `kernel_object` is its `CUfunction` as a `u64`; the processor accepts only
//! values registered here (at `hsa_executable_freeze`) for its own device, so a stale or
//! made-up value is `HSA_STATUS_ERROR_INVALID_CODE_OBJECT`, never a launch.

use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_uint, c_void, CString};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use parking_lot::RwLock;

use super::cu;
use super::device::{ContextGuard, NvDevice};
use super::driver::{check, Driver, NvError};
use crate::status::HsaError;

/// Image kinds and their recognition are shared with the HIP runtime (`ferrocm-cuda`).
pub use cuda::image::{detect, ImageKind};

/// Names declared at module scope of a PTX text: kernel entries (`.entry`) and variables
/// in the global or constant state space (not `.extern`).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct PtxSymbols {
    pub kernels: Vec<String>,
    pub variables: Vec<String>,
}

/// Scans PTX text for its kernels and module-scope variables.
pub fn scan_ptx(text: &str) -> PtxSymbols {
    let text = cuda::image::strip_ptx_comments(text);
    let mut out = PtxSymbols::default();
    let mut depth = 0usize;
    let mut statement = String::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if depth == 0
            && statement.trim().is_empty()
            && [".version", ".target", ".address_size", ".file", ".loc"]
                .iter()
                .any(|d| trimmed.split_whitespace().next() == Some(*d))
        {
            continue; // line directives without a semicolon
        }
        for c in line.chars().chain(std::iter::once('\n')) {
            match c {
                '{' => {
                    if depth == 0 {
                        declaration(&statement, &mut out);
                        statement.clear();
                    }
                    depth += 1;
                }
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        statement.clear();
                    }
                }
                ';' if depth == 0 => {
                    declaration(&statement, &mut out);
                    statement.clear();
                }
                _ if depth == 0 => statement.push(c),
                _ => {}
            }
        }
    }
    out
}

/// Records the kernel or variable a module-scope declaration introduces.
fn declaration(statement: &str, out: &mut PtxSymbols) {
    let tokens: Vec<&str> = statement.split_whitespace().collect();
    if tokens.contains(&".extern") {
        return;
    }
    if let Some(i) = tokens
        .iter()
        .position(|t| *t == ".entry" || t.starts_with(".entry("))
    {
        // `.entry name(` or `.entry name (`.
        let rest = tokens[i..].join(" ");
        let rest = rest.trim_start_matches(".entry").trim_start();
        let name: String = rest
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != '(')
            .collect();
        if !name.is_empty() {
            out.kernels.push(name);
        }
        return;
    }
    if tokens
        .iter()
        .any(|t| *t == ".func" || t.starts_with(".func("))
    {
        return;
    }
    if !tokens.iter().any(|t| *t == ".global" || *t == ".const") {
        return;
    }
    let mut skip_next = false;
    for t in &tokens {
        if skip_next {
            skip_next = false;
            continue;
        }
        if *t == ".align" {
            skip_next = true;
            continue;
        }
        if t.starts_with('.') {
            continue;
        }
        let name: String = t
            .chars()
            .take_while(|c| !matches!(c, '[' | '=' | ';' | ',' | '<'))
            .collect();
        if !name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit()) {
            out.variables.push(name);
        }
        return;
    }
}

/// A loaded module; unloaded when the last kernel or symbol using it goes.
#[derive(Debug)]
pub struct GpuModule {
    pub device: Arc<NvDevice>,
    module: cu::CUmodule,
}

// SAFETY: a CUmodule is a driver handle usable from any thread (under a context).
unsafe impl Send for GpuModule {}
// SAFETY: as above; the handle is never mutated.
unsafe impl Sync for GpuModule {}

impl Drop for GpuModule {
    fn drop(&mut self) {
        if let Ok(_ctx) = ContextGuard::push(&self.device) {
            // SAFETY: the module was loaded in this context and is unloaded once. HSA makes
            // destroying an executable whose kernels are in flight undefined.
            let _ = unsafe { cu::cuModuleUnload(self.module) };
        }
    }
}

/// A kernel of a loaded module, with what a dispatch needs.
#[derive(Debug)]
pub struct GpuKernel {
    /// The kernel's (mangled) name.
    pub name: String,
    pub function: cu::CUfunction,
    pub module: Arc<GpuModule>,
    /// Bytes of the argument buffer the driver copies at launch (`cuFuncGetParamInfo`);
    /// `None` when the driver cannot tell (older than CUDA 12.4): such kernels are listed
    /// but refused at dispatch.
    pub param_bytes: Option<u32>,
    /// `CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES`: static shared (group) memory.
    pub static_shared: u32,
    /// `CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES`: local (private) memory per thread.
    pub local_bytes: u32,
    /// `CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK`.
    pub max_threads_per_block: u32,
    /// Current `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES` (raised on demand).
    max_dynamic_shared: AtomicU32,
}

// SAFETY: the CUfunction is a driver handle usable from any thread; the rest is plain
// data or atomics.
unsafe impl Send for GpuKernel {}
// SAFETY: as above.
unsafe impl Sync for GpuKernel {}

impl GpuKernel {
    /// The `kernel_object` value of dispatch packets.
    pub fn object(&self) -> u64 {
        self.function as u64
    }

    /// The HSA kernarg segment size: the argument bytes rounded up to 16.
    pub fn kernarg_segment_size(&self) -> u32 {
        self.param_bytes.map_or(0, |b| b.next_multiple_of(16))
    }

    /// Makes `bytes` of dynamic shared memory launchable (`cuFuncSetAttribute` when more
    /// than the current limit is needed). The calling thread must have the kernel's
    /// context current.
    pub fn ensure_dynamic_shared(&self, bytes: u32) -> Result<(), NvError> {
        if bytes <= self.max_dynamic_shared.load(Ordering::Acquire) {
            return Ok(());
        }
        // SAFETY: required symbol; a valid function of a live module.
        check("cuFuncSetAttribute", unsafe {
            cu::cuFuncSetAttribute(
                self.function,
                cu::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                bytes as c_int,
            )
        })?;
        self.max_dynamic_shared.fetch_max(bytes, Ordering::AcqRel);
        Ok(())
    }
}

/// A module-scope variable: its device address and size.
#[derive(Debug, Clone)]
pub struct GpuVariable {
    pub name: String,
    pub address: u64,
    pub size: u64,
}

/// What loading an image produced.
#[derive(Debug)]
pub struct LoadedModule {
    pub module: Arc<GpuModule>,
    pub kernels: Vec<Arc<GpuKernel>>,
    pub variables: Vec<GpuVariable>,
}

/// Why an image could not be loaded, as the HSA status `hsa_executable_load_*` returns.
pub fn load_status(e: &NvError) -> HsaError {
    use cu::CUresult as C;
    match e.code() {
        Some(C::CUDA_ERROR_NO_BINARY_FOR_GPU) => HsaError::ERROR_INCOMPATIBLE_ARGUMENTS,
        Some(C::CUDA_ERROR_OUT_OF_MEMORY) => HsaError::ERROR_OUT_OF_RESOURCES,
        _ => HsaError::ERROR_INVALID_CODE_OBJECT,
    }
}

/// Loads `bytes` (an image of `kind`) into `dev`'s primary context and lists its kernels
/// and variables.
pub fn load(dev: &Arc<NvDevice>, bytes: &[u8], kind: ImageKind) -> Result<LoadedModule, NvError> {
    let driver = Driver::require()?;
    // A damaged fatbin or cubin can make the driver spin instead of failing: check its
    // structure against the bytes given first (PTX is the driver's to parse).
    if kind != ImageKind::Ptx {
        cuda::image::check_bytes(bytes).map_err(|_| NvError::InvalidImage)?;
    }
    let _ctx = ContextGuard::push(dev)?;
    // PTX must be NUL-terminated; binary images are used as they are.
    let image: std::borrow::Cow<'_, [u8]> = if kind == ImageKind::Ptx && bytes.last() != Some(&0) {
        let mut v = bytes.to_vec();
        v.push(0);
        v.into()
    } else {
        bytes.into()
    };
    let mut log = vec![0u8; 8192];
    let mut options = [
        cu::CUjit_option::CU_JIT_ERROR_LOG_BUFFER,
        cu::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
    ];
    let mut values: [*mut c_void; 2] = [log.as_mut_ptr().cast(), log.len() as *mut c_void];
    let mut handle: cu::CUmodule = std::ptr::null_mut();
    // SAFETY: required symbol, a context is current; `image` is a complete image (PTX
    // NUL-terminated); the option arrays have 2 entries and the log buffer its stated size.
    let r = unsafe {
        cu::cuModuleLoadDataEx(
            &mut handle,
            image.as_ptr().cast(),
            options.len() as c_uint,
            options.as_mut_ptr(),
            values.as_mut_ptr(),
        )
    };
    if r != cu::CUresult::CUDA_SUCCESS {
        if std::env::var_os("FERROCM_HSA_NVIDIA_DEBUG").is_some() {
            let end = log.iter().position(|&b| b == 0).unwrap_or(log.len());
            eprintln!(
                "ferrocm-hsa: cuModuleLoadDataEx failed ({}): {}",
                super::driver::error_name(&r),
                String::from_utf8_lossy(&log[..end])
            );
        }
        return Err(NvError::Driver {
            call: "cuModuleLoadDataEx",
            code: r,
        });
    }
    let module = Arc::new(GpuModule {
        device: dev.clone(),
        module: handle,
    });
    let ptx = (kind == ImageKind::Ptx)
        .then(|| std::str::from_utf8(bytes).ok().map(scan_ptx))
        .flatten();

    let mut kernels = Vec::new();
    if driver.optional.enumerate_functions {
        for function in enumerate_functions(&module)? {
            // A function the driver cannot describe (not a kernel entry) is left out.
            let Ok(name) = function_name(function) else {
                continue;
            };
            if let Ok(k) = kernel(&module, name, function) {
                kernels.push(k);
            }
        }
    } else if let Some(ptx) = &ptx {
        for name in &ptx.kernels {
            if let Some(k) = find_kernel(&module, name)? {
                kernels.push(k);
            }
        }
    }
    let mut variables = Vec::new();
    if let Some(ptx) = &ptx {
        for name in &ptx.variables {
            if let Some(v) = find_variable(&module, name)? {
                variables.push(v);
            }
        }
    }
    Ok(LoadedModule {
        module,
        kernels,
        variables,
    })
}

fn enumerate_functions(module: &GpuModule) -> Result<Vec<cu::CUfunction>, NvError> {
    let mut count: c_uint = 0;
    // SAFETY: optional symbol checked by the caller; out-parameter.
    check("cuModuleGetFunctionCount", unsafe {
        cu::cuModuleGetFunctionCount(&mut count, module.module)
    })?;
    let mut functions: Vec<cu::CUfunction> = vec![std::ptr::null_mut(); count as usize];
    if count > 0 {
        // SAFETY: `functions` holds `count` entries.
        check("cuModuleEnumerateFunctions", unsafe {
            cu::cuModuleEnumerateFunctions(functions.as_mut_ptr(), count, module.module)
        })?;
    }
    Ok(functions)
}

fn function_name(function: cu::CUfunction) -> Result<String, NvError> {
    let mut p: *const c_char = std::ptr::null();
    // SAFETY: optional symbol checked by the caller; `p` receives a driver-owned string.
    check("cuFuncGetName", unsafe {
        cu::cuFuncGetName(&mut p, function)
    })?;
    if p.is_null() {
        return Ok(String::new());
    }
    // SAFETY: a NUL-terminated string owned by the driver, valid while the module is.
    Ok(unsafe { std::ffi::CStr::from_ptr(p) }
        .to_string_lossy()
        .into_owned())
}

fn function_attribute(
    function: cu::CUfunction,
    attr: cu::CUfunction_attribute,
) -> Result<u32, NvError> {
    let mut v: c_int = 0;
    // SAFETY: required symbol; a valid function; out-parameter.
    check("cuFuncGetAttribute", unsafe {
        cu::cuFuncGetAttribute(&mut v, attr, function)
    })?;
    Ok(v.max(0) as u32)
}

/// Bytes of a kernel's parameter area, from `cuFuncGetParamInfo` (`None` without it).
fn param_bytes(function: cu::CUfunction) -> Option<u32> {
    let driver = Driver::get()?;
    if !driver.optional.func_param_info {
        return None;
    }
    let mut end = 0usize;
    for index in 0.. {
        let (mut offset, mut size) = (0usize, 0usize);
        // SAFETY: optional symbol checked above; out-parameters. An index past the last
        // parameter returns CUDA_ERROR_INVALID_VALUE.
        let r = unsafe { cu::cuFuncGetParamInfo(function, index, &mut offset, &mut size) };
        if r != cu::CUresult::CUDA_SUCCESS {
            break;
        }
        end = end.max(offset + size);
    }
    u32::try_from(end).ok()
}

fn kernel(
    module: &Arc<GpuModule>,
    name: String,
    function: cu::CUfunction,
) -> Result<Arc<GpuKernel>, NvError> {
    use cu::CUfunction_attribute as F;
    // Load the code now (enumerated functions may still be unloaded under lazy loading):
    // a first launch must never have to load code while the stream waits on a signal.
    if Driver::get().is_some_and(|d| d.optional.func_load) {
        // SAFETY: optional symbol checked just above; a function of a live module.
        check("cuFuncLoad", unsafe { cu::cuFuncLoad(function) })?;
    }
    Ok(Arc::new(GpuKernel {
        name,
        function,
        module: module.clone(),
        param_bytes: param_bytes(function),
        static_shared: function_attribute(function, F::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)?,
        local_bytes: function_attribute(function, F::CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES)?,
        max_threads_per_block: function_attribute(
            function,
            F::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
        )?,
        max_dynamic_shared: AtomicU32::new(function_attribute(
            function,
            F::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        )?),
    }))
}

/// `cuModuleGetFunction(name)`: the kernel, or `None` if the module has no such kernel.
/// The caller holds a context guard for the module's device.
pub fn find_kernel(module: &Arc<GpuModule>, name: &str) -> Result<Option<Arc<GpuKernel>>, NvError> {
    let Ok(c_name) = CString::new(name) else {
        return Ok(None);
    };
    let mut function: cu::CUfunction = std::ptr::null_mut();
    // SAFETY: required symbol; valid module; NUL-terminated name; out-parameter.
    let r = unsafe { cu::cuModuleGetFunction(&mut function, module.module, c_name.as_ptr()) };
    if r != cu::CUresult::CUDA_SUCCESS {
        return Ok(None);
    }
    kernel(module, name.to_string(), function).map(Some)
}

/// `cuModuleGetGlobal(name)`: the variable, or `None` if the module has no such variable.
/// The caller holds a context guard for the module's device.
pub fn find_variable(module: &Arc<GpuModule>, name: &str) -> Result<Option<GpuVariable>, NvError> {
    let Ok(c_name) = CString::new(name) else {
        return Ok(None);
    };
    let (mut address, mut size): (cu::CUdeviceptr, usize) = (0, 0);
    // SAFETY: required symbol; valid module; NUL-terminated name; out-parameters.
    let r = unsafe {
        cu::cuModuleGetGlobal_v2(&mut address, &mut size, module.module, c_name.as_ptr())
    };
    if r != cu::CUresult::CUDA_SUCCESS {
        return Ok(None);
    }
    Ok(Some(GpuVariable {
        name: name.to_string(),
        address,
        size: size as u64,
    }))
}

/// Looks a symbol up by name in a loaded module (for names iteration did not list):
/// a kernel (with or without the `.kd` suffix) or a variable.
pub fn lookup(module: &Arc<GpuModule>, name: &str) -> Result<Option<Symbol>, NvError> {
    let _ctx = ContextGuard::push(&module.device)?;
    let kernel_name = name.strip_suffix(".kd").unwrap_or(name);
    if let Some(k) = find_kernel(module, kernel_name)? {
        return Ok(Some(Symbol::Kernel(k)));
    }
    if name.ends_with(".kd") {
        return Ok(None);
    }
    Ok(find_variable(module, name)?.map(Symbol::Variable))
}

/// A symbol found by [`lookup`].
#[derive(Debug)]
pub enum Symbol {
    Kernel(Arc<GpuKernel>),
    Variable(GpuVariable),
}

static KERNELS: RwLock<Option<HashMap<u64, Arc<GpuKernel>>>> = RwLock::new(None);

/// Makes `kernel` dispatchable (`hsa_executable_freeze`).
pub fn register_kernel(kernel: &Arc<GpuKernel>) {
    KERNELS
        .write()
        .get_or_insert_with(HashMap::new)
        .insert(kernel.object(), kernel.clone());
}

/// Withdraws a kernel (its executable is destroyed).
pub fn unregister_kernel(object: u64) {
    if let Some(map) = KERNELS.write().as_mut() {
        map.remove(&object);
    }
}

/// The registered kernel with this `kernel_object`.
pub fn kernel_object(object: u64) -> Option<Arc<GpuKernel>> {
    if object == 0 {
        return None;
    }
    KERNELS.read().as_ref()?.get(&object).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PTX: &str = r#"
//
// Generated by hand
//
.version 7.0
.target sm_50
.address_size 64

.visible .global .align 4 .u32 counter;
.global .align 8 .b8 table[64];
.visible .const .align 4 .u32 scale = 3;
.extern .global .align 4 .u32 imported;
/* .visible .global .u32 commented_out; */

.visible .entry store_id(
	.param .u64 store_id_param_0,
	.param .u32 store_id_param_1
)
{
	.reg .b32 	%r<4>;
	.local .align 4 .b8 __local_depot[4];
	ret;
}

.entry second ( .param .u64 p ) { ret; }
.func helper() { ret; }
"#;

    #[test]
    fn ptx_scan_finds_entries_and_globals() {
        let s = scan_ptx(PTX);
        assert_eq!(s.kernels, vec!["store_id", "second"]);
        assert_eq!(s.variables, vec!["counter", "table", "scale"]);
    }

    #[test]
    fn image_detection() {
        assert_eq!(detect(PTX.as_bytes()), Some(ImageKind::Ptx));
        let mut nul = PTX.as_bytes().to_vec();
        nul.push(0);
        assert_eq!(detect(&nul), Some(ImageKind::Ptx));
        let mut fatbin = vec![0x50, 0xED, 0x55, 0xBA, 1, 0, 0x10, 0];
        fatbin.extend_from_slice(&[0; 32]);
        assert_eq!(detect(&fatbin), Some(ImageKind::Fatbin));
        let mut cubin = vec![0u8; 64];
        cubin[..4].copy_from_slice(b"\x7fELF");
        cubin[4] = 2;
        cubin[5] = 1;
        cubin[18..20].copy_from_slice(&190u16.to_le_bytes()); // EM_CUDA
        assert_eq!(detect(&cubin), Some(ImageKind::Cubin));
        cubin[18..20].copy_from_slice(&62u16.to_le_bytes()); // x86-64
        assert_eq!(detect(&cubin), None);
        assert_eq!(detect(b"definitely not ELF"), None);
        assert_eq!(detect(b".version 7.0 but no target"), None);
        assert_eq!(detect(&[0xff, 0xfe, 0x00]), None);
    }

    #[test]
    fn unknown_kernel_objects_are_rejected() {
        assert!(kernel_object(0).is_none());
        assert!(kernel_object(0xdead_beef).is_none());
    }
}
