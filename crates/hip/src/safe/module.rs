//! Modules in the safe API: code objects loaded at run time, their kernels launched with a
//! typed argument builder, and their globals.
//!
//! On the CPU platform a module is a CPU code object (`hipcc --genco`, hiprtc); on NVIDIA a
//! cubin, a fatbin, or PTX text, which the driver JIT-compiles for the GPU (PTX written for
//! an older `.target` runs on newer GPUs).
//!
//! ```no_run
//! use hip::safe::{Device, DeviceBuffer, Dim3, Module, Stream};
//!
//! let stream = Stream::new(&Device::preferred()?)?;
//! // A CPU code object on the CPU platform, a cubin/fatbin/PTX file on NVIDIA.
//! let module = Module::load("scale.co")?;
//! let scale = module.function("scale")?;
//! let mut data = DeviceBuffer::from_slice(&[1.0f32; 1000])?;
//! // SAFETY: `scale(float *p, float f, int n)` reads and writes `n` floats at `p`.
//! unsafe {
//!     scale
//!         .launch_builder(&stream)
//!         .grid(Dim3::x(4))
//!         .block(Dim3::x(256))
//!         .arg_buffer_mut(&mut data)
//!         .arg(&2.0f32)
//!         .arg(&1000i32)
//!         .launch()?;
//! }
//! stream.synchronize()?;
//! # Ok::<(), hip::HipError>(())
//! ```
//!
//! # Argument checking
//!
//! [`LaunchBuilder`] checks each argument's size, and their number, against the kernel's
//! parameter table: on the CPU the code object's (a kernel without one cannot be launched
//! through the builder: `hipErrorInvalidDeviceFunction`); on NVIDIA the driver's
//! (`cuFuncGetParamInfo`, CUDA 12.4 and later drivers). With an older driver,
//! [`Function::param_count`] is `None` and **nothing is checked** on NVIDIA: as with
//! `cuLaunchKernel`, passing arguments of the wrong number or sizes is then undefined
//! behaviour (part of [`LaunchBuilder::launch`]'s safety contract).

use std::ffi::{c_void, CString};
use std::path::Path;
use std::sync::Arc;

use super::{Cu, DeviceBuffer, Dim3, Platform, Stream};
use crate::error::{HipError, HipResult};
use crate::memory::{self, CopyKind, Sync};
use crate::module as core;
use crate::platform::nvidia as nv;
use crate::runtime::Runtime;

/// A loaded code object (`hipModule_t`); unloaded when it and every [`Function`] and
/// [`Global`] taken from it are dropped.
pub struct Module {
    inner: Arc<Loaded>,
}

/// Unloads the module when the last owner goes.
enum Loaded {
    Cpu(Arc<core::Module>),
    /// A `CUmodule` loaded on device `dev`.
    Nvidia {
        dev: usize,
        raw: Cu<nv::Module>,
    },
}

impl Drop for Loaded {
    fn drop(&mut self) {
        match self {
            Loaded::Cpu(m) => {
                // Waits for queued work first (hipModuleUnload's semantics).
                let _ = core::Module::unload(m.handle);
            }
            Loaded::Nvidia { dev, raw } => {
                // hipModuleUnload's semantics: queued work that may run the code ends first.
                let _ = nv::device::synchronize(*dev);
                // SAFETY: loaded by `Module::load`/`from_bytes`, unloaded once, here: every
                // `Function` and `Global` of it is gone (they own this `Loaded`), and no
                // queued work is left on the device.
                let _ = unsafe { nv::module::unload(*dev, raw.0) };
            }
        }
    }
}

impl Module {
    /// Loads the code object at `path` (`hipModuleLoad`) on the calling thread's current
    /// device: a CPU code object, or on NVIDIA a cubin, fatbin or PTX file.
    pub fn load(path: impl AsRef<Path>) -> HipResult<Module> {
        let inner = match super::platform() {
            Platform::Cpu => Loaded::Cpu(core::Module::load(path.as_ref())?),
            Platform::Nvidia => {
                let path = CString::new(path.as_ref().as_os_str().as_encoded_bytes())
                    .map_err(|_| HipError::InvalidValue)?;
                let dev = nv::current_device()?;
                Loaded::Nvidia {
                    dev,
                    raw: Cu(nv::module::load(dev, &path)?),
                }
            }
        };
        Ok(Module {
            inner: Arc::new(inner),
        })
    }

    /// Loads a code object image (`hipModuleLoadData`) on the calling thread's current
    /// device. On NVIDIA: a cubin (ELF), a fatbin, or PTX text (with or without a final
    /// NUL). An image whose headers reach past `image` is `hipErrorInvalidImage`, and so is
    /// nvcc's fat-binary wrapper (it points to memory outside the slice).
    pub fn from_bytes(image: &[u8]) -> HipResult<Module> {
        let inner = match super::platform() {
            Platform::Cpu => Loaded::Cpu(core::Module::load_data(image)?),
            Platform::Nvidia => {
                let dev = nv::current_device()?;
                let image = nvidia_image(image)?;
                // SAFETY: `nvidia_image` checked that every range the image's headers
                // announce lies inside it (binary images), or that it is NUL-terminated text
                // of at least 4 bytes (PTX); it stays alive during the call.
                let raw = unsafe { nv::module::load_data(dev, image.as_ptr()) }?;
                Loaded::Nvidia { dev, raw: Cu(raw) }
            }
        };
        Ok(Module {
            inner: Arc::new(inner),
        })
    }

    /// The kernel named `name` (its symbol name: mangled for C++ kernels),
    /// `hipErrorNotFound` if there is none.
    pub fn function(&self, name: &str) -> HipResult<Function> {
        let inner = match &*self.inner {
            Loaded::Cpu(m) => Kernel::Cpu(m.function(name)?),
            Loaded::Nvidia { dev, raw } => {
                let cname = CString::new(name).map_err(|_| HipError::NotFound)?;
                // SAFETY: a module loaded by this object and still loaded (`self`).
                let f = unsafe { nv::module::get_function(*dev, raw.0, &cname) }?;
                // SAFETY: `f` was just taken from the loaded module.
                let layout = unsafe { nv::module::param_layout(*dev, f) }?;
                let params = layout.and_then(|l| {
                    l.into_iter()
                        .map(|(o, s)| Some((u32::try_from(o).ok()?, u32::try_from(s).ok()?)))
                        .collect::<Option<Vec<_>>>()
                });
                // SAFETY: as above. Attribute 0: the largest block the kernel launches with.
                let max_threads = unsafe { nv::module::func_get_attribute(*dev, f, 0) }?;
                Kernel::Nvidia(Arc::new(NvKernel {
                    dev: *dev,
                    raw: Cu(f),
                    name: name.to_owned(),
                    params,
                    max_threads: u64::try_from(max_threads).unwrap_or(u64::MAX),
                }))
            }
        };
        Ok(Function {
            inner,
            _module: Arc::clone(&self.inner),
        })
    }

    /// The global variable named `name` (`hipModuleGetGlobal`).
    pub fn global(&self, name: &str) -> HipResult<Global> {
        let (address, size) = match &*self.inner {
            Loaded::Cpu(m) => m.global(name)?,
            Loaded::Nvidia { dev, raw } => {
                let cname = CString::new(name).map_err(|_| HipError::NotFound)?;
                // SAFETY: a module loaded by this object and still loaded (`self`).
                let (p, size) = unsafe { nv::module::get_global(*dev, raw.0, &cname) }?;
                (p as usize, size)
            }
        };
        Ok(Global {
            address,
            size,
            module: Arc::clone(&self.inner),
        })
    }
}

/// An image as `cuModuleLoadData` gets it.
enum Image<'a> {
    /// The caller's bytes, as they are.
    Borrowed(&'a [u8]),
    /// PTX text with a NUL added.
    Text(Vec<u8>),
    /// A binary image copied to 8-byte-aligned storage.
    Aligned(Vec<u64>),
}

impl Image<'_> {
    fn as_ptr(&self) -> *const c_void {
        match self {
            Image::Borrowed(b) => b.as_ptr().cast(),
            Image::Text(t) => t.as_ptr().cast(),
            Image::Aligned(w) => w.as_ptr().cast(),
        }
    }
}

/// `cuModuleLoadData`'s view of `image`: binary images (ELF cubins, fatbins) must hold every
/// range their headers announce (the driver trusts them), and are copied when not 8-byte
/// aligned; anything else is PTX text, NUL-terminated (copied with a NUL added if needed,
/// and at least 4 bytes long: the loader reads a 4-byte magic first).
fn nvidia_image(image: &[u8]) -> HipResult<Image<'_>> {
    let magic = match image {
        [a, b, c, d, ..] => Some(u32::from_le_bytes([*a, *b, *c, *d])),
        _ => None,
    };
    let fits = match magic {
        Some(FATBIN_WRAPPER_MAGIC) => return Err(HipError::InvalidImage),
        Some(FATBIN_MAGIC) => fatbin_fits(image),
        Some(ELF_MAGIC) => elf_fits(image),
        _ if image.len() >= 4 && image.contains(&0) => return Ok(Image::Borrowed(image)),
        _ => {
            let mut text = image.to_vec();
            text.resize(image.len().max(3) + 1, 0);
            return Ok(Image::Text(text));
        }
    };
    if !fits {
        return Err(HipError::InvalidImage);
    }
    if image.as_ptr().align_offset(8) == 0 {
        return Ok(Image::Borrowed(image));
    }
    let mut words = vec![0u64; image.len().div_ceil(8)];
    // SAFETY: `words` holds at least `image.len()` bytes, and any bytes are a valid u64.
    unsafe {
        std::ptr::copy_nonoverlapping(image.as_ptr(), words.as_mut_ptr().cast(), image.len())
    };
    Ok(Image::Aligned(words))
}

/// An nvcc fat-binary wrapper's magic (`__fatBinC_Wrapper_t`, holds a pointer).
const FATBIN_WRAPPER_MAGIC: u32 = 0x4662_43B1;
/// A fatbin's magic.
const FATBIN_MAGIC: u32 = 0xBA55_ED50;
/// An ELF image's magic, read little-endian.
const ELF_MAGIC: u32 = 0x464C_457F;

fn read_u16(b: &[u8], at: u64) -> Option<u64> {
    let at = usize::try_from(at).ok()?;
    Some(u64::from(u16::from_le_bytes(
        b.get(at..at.checked_add(2)?)?.try_into().ok()?,
    )))
}

fn read_u32(b: &[u8], at: u64) -> Option<u64> {
    let at = usize::try_from(at).ok()?;
    Some(u64::from(u32::from_le_bytes(
        b.get(at..at.checked_add(4)?)?.try_into().ok()?,
    )))
}

fn read_u64(b: &[u8], at: u64) -> Option<u64> {
    let at = usize::try_from(at).ok()?;
    Some(u64::from_le_bytes(
        b.get(at..at.checked_add(8)?)?.try_into().ok()?,
    ))
}

/// `off + len <= limit`, without overflow.
fn within(off: u64, len: u64, limit: u64) -> Option<()> {
    off.checked_add(len).filter(|&end| end <= limit).map(|_| ())
}

/// Whether an ELF64 image's header, program and section header tables, segments and
/// sections (other than `SHT_NOBITS`) all lie inside `b`.
fn elf_fits(b: &[u8]) -> bool {
    const SHT_NOBITS: u64 = 8;
    let check = || -> Option<()> {
        let len = b.len() as u64;
        if len < 64 || b[4] != 2 || b[5] != 1 {
            return None;
        }
        let (phoff, shoff) = (read_u64(b, 0x20)?, read_u64(b, 0x28)?);
        let (phentsize, phnum) = (read_u16(b, 0x36)?, read_u16(b, 0x38)?);
        let (shentsize, shnum) = (read_u16(b, 0x3A)?, read_u16(b, 0x3C)?);
        if (phnum > 0 && phentsize < 56) || (shnum > 0 && shentsize < 64) {
            return None;
        }
        within(phoff, phentsize * phnum, len)?;
        within(shoff, shentsize * shnum, len)?;
        for i in 0..phnum {
            let h = phoff + i * phentsize;
            within(read_u64(b, h + 0x08)?, read_u64(b, h + 0x20)?, len)?;
        }
        for i in 0..shnum {
            let h = shoff + i * shentsize;
            if read_u32(b, h + 4)? != SHT_NOBITS {
                within(read_u64(b, h + 0x18)?, read_u64(b, h + 0x20)?, len)?;
            }
        }
        Some(())
    };
    check().is_some()
}

/// Whether a fatbin (header: magic u32, version u16, header size u16, entries' size u64)
/// lies inside `b`, with every entry (kind u16, version u16, header size u32, payload size
/// u64, ...) inside it and every ELF payload fitting in its entry.
fn fatbin_fits(b: &[u8]) -> bool {
    let check = || -> Option<()> {
        let (header, size) = (read_u16(b, 6)?, read_u64(b, 8)?);
        if header < 16 {
            return None;
        }
        let end = header.checked_add(size)?;
        within(0, end, b.len() as u64)?;
        let mut off = header;
        while off < end {
            let (entry_header, payload) = (read_u32(b, off + 4)?, read_u64(b, off + 8)?);
            if entry_header < 16 {
                return None;
            }
            let body = off.checked_add(entry_header)?;
            within(body, payload, end)?;
            let (from, to) = (
                usize::try_from(body).ok()?,
                usize::try_from(body + payload).ok()?,
            );
            let p = b.get(from..to)?;
            if read_u32(p, 0) == Some(u64::from(ELF_MAGIC)) && !elf_fits(p) {
                return None;
            }
            off = body + payload;
        }
        Some(())
    };
    check().is_some()
}

/// A kernel of a [`Module`] (`hipFunction_t`); it keeps the module loaded.
#[derive(Clone)]
pub struct Function {
    inner: Kernel,
    _module: Arc<Loaded>,
}

#[derive(Clone)]
enum Kernel {
    Cpu(Arc<core::Function>),
    Nvidia(Arc<NvKernel>),
}

/// A `CUfunction` and what the launch checks need of it.
struct NvKernel {
    dev: usize,
    raw: Cu<nv::Function>,
    name: String,
    /// `(offset, size)` of each parameter, from `cuFuncGetParamInfo` (`None`: the driver
    /// cannot tell).
    params: Option<Vec<(u32, u32)>>,
    /// `CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK` (`__launch_bounds__`, registers).
    max_threads: u64,
}

impl Function {
    /// The kernel's symbol name.
    pub fn name(&self) -> &str {
        match &self.inner {
            Kernel::Cpu(f) => &f.kernel.name,
            Kernel::Nvidia(f) => &f.name,
        }
    }

    /// `(offset, size)` of each explicit parameter, when known.
    fn params(&self) -> Option<&[(u32, u32)]> {
        match &self.inner {
            Kernel::Cpu(f) => f.kernel.params.as_deref(),
            Kernel::Nvidia(f) => f.params.as_deref(),
        }
    }

    /// Number of explicit parameters, when known: from the code object on the CPU, from
    /// the driver on NVIDIA (CUDA 12.4+ drivers; `None` before).
    pub fn param_count(&self) -> Option<usize> {
        self.params().map(<[_]>::len)
    }

    /// Starts a launch on `stream` (grid and block default to one work-item).
    pub fn launch_builder<'a>(&'a self, stream: &'a Stream) -> LaunchBuilder<'a> {
        let kernarg = match &self.inner {
            Kernel::Cpu(f) => vec![0; f.kernel.kernarg_size as usize],
            Kernel::Nvidia(_) => Vec::new(),
        };
        LaunchBuilder {
            function: self,
            stream,
            grid: Dim3::x(1),
            block: Dim3::x(1),
            shared: 0,
            kernarg,
            offsets: Vec::new(),
            next: 0,
            error: None,
        }
    }
}

/// A value that may be passed to a kernel parameter byte for byte.
///
/// # Safety
/// The type must have no padding and no invalid bit patterns the kernel could observe, and
/// its layout must be what the kernel's C/C++ parameter type expects.
pub unsafe trait KernelArg: Copy {}

macro_rules! kernel_args {
    ($($t:ty),*) => { $(
        // SAFETY: a primitive with a C counterpart of the same size and no padding.
        unsafe impl KernelArg for $t {}
    )* };
}
kernel_args!(i8, u8, i16, u16, i32, u32, i64, u64, isize, usize, f32, f64);
// SAFETY: a raw pointer is passed as a C pointer; dereferencing it is the kernel's business
// (the launch is `unsafe`).
unsafe impl<T> KernelArg for *const T {}
// SAFETY: as for `*const T`.
unsafe impl<T> KernelArg for *mut T {}

/// Collects a launch's configuration and arguments, in parameter order. Errors (a wrong
/// argument size, too many or too few arguments) are reported by [`LaunchBuilder::launch`]
/// as `hipErrorInvalidValue`; see the [module documentation](self) for when they can be
/// checked.
pub struct LaunchBuilder<'a> {
    function: &'a Function,
    stream: &'a Stream,
    grid: Dim3,
    block: Dim3,
    shared: usize,
    /// CPU: the kernarg segment, arguments at the parameter table's offsets. NVIDIA: the
    /// arguments one after another, each at the offset in `offsets` (the driver copies
    /// each parameter's bytes from where its pointer says).
    kernarg: Vec<u8>,
    offsets: Vec<usize>,
    next: usize,
    error: Option<HipError>,
}

impl LaunchBuilder<'_> {
    /// Number of blocks.
    pub fn grid(mut self, grid: Dim3) -> Self {
        self.grid = grid;
        self
    }

    /// Work-items per block.
    pub fn block(mut self, block: Dim3) -> Self {
        self.block = block;
        self
    }

    /// Dynamic shared memory per block, in bytes.
    pub fn shared_mem(mut self, bytes: usize) -> Self {
        self.shared = bytes;
        self
    }

    fn fail(mut self, e: HipError) -> Self {
        self.error = Some(e);
        self
    }

    /// The next parameter: `value`'s bytes, which must be exactly the parameter's size.
    pub fn arg<T: KernelArg>(mut self, value: &T) -> Self {
        if self.error.is_some() {
            return self;
        }
        let size = std::mem::size_of::<T>();
        // SAFETY: `T: KernelArg` is plain data of `size_of::<T>()` bytes.
        let bytes = unsafe { std::slice::from_raw_parts((value as *const T).cast::<u8>(), size) };
        let slot = match self.function.params() {
            Some(params) => match params.get(self.next) {
                Some(&(offset, psize)) if psize as usize == size => Some(offset as usize),
                // A size mismatch, or more arguments than parameters.
                _ => return self.fail(HipError::InvalidValue),
            },
            None => None,
        };
        match (&self.function.inner, slot) {
            (Kernel::Cpu(_), Some(offset)) => {
                // The parameter table was checked to fit the kernarg segment when the
                // kernel was loaded.
                self.kernarg[offset..offset + size].copy_from_slice(bytes);
            }
            // Without a parameter table the CPU layout is unknown.
            (Kernel::Cpu(_), None) => return self.fail(HipError::InvalidDeviceFunction),
            (Kernel::Nvidia(_), _) => {
                let offset = self
                    .kernarg
                    .len()
                    .next_multiple_of(std::mem::align_of::<T>());
                self.kernarg.resize(offset, 0);
                self.kernarg.extend_from_slice(bytes);
                self.offsets.push(offset);
            }
        }
        self.next += 1;
        self
    }

    /// The next parameter is a pointer to `buffer`'s elements (read-only use).
    pub fn arg_buffer<T: Copy>(self, buffer: &DeviceBuffer<T>) -> Self {
        let p = buffer.as_ptr();
        self.arg(&p)
    }

    /// The next parameter is a pointer to `buffer`'s elements (the kernel may write them).
    pub fn arg_buffer_mut<T: Copy>(self, buffer: &mut DeviceBuffer<T>) -> Self {
        let p = buffer.as_mut_ptr();
        self.arg(&p)
    }

    /// Validates the configuration (HIP's launch rules: a zero or oversized grid or block,
    /// or more work-items per block than the kernel allows, is
    /// `hipErrorInvalidConfiguration`) and enqueues the kernel.
    ///
    /// # Safety
    /// The kernel runs native code with the given arguments: pointers must be valid for what
    /// the kernel does with them until the launch completes, and the kernel must be sound.
    /// Where the parameter table is unknown (NVIDIA with a driver before CUDA 12.4, see
    /// [`Function::param_count`]) the arguments must also match the kernel's parameters in
    /// number and sizes.
    pub unsafe fn launch(mut self) -> HipResult<()> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if self.function.params().is_some_and(|p| p.len() != self.next) {
            return Err(HipError::InvalidValue);
        }
        let (grid, block) = (self.grid.to_array(), self.block.to_array());
        // The stream's handle is the platform's own (`Stream` is made by the backend, which
        // is the module's platform): a registry number on the CPU, a `CUstream` on NVIDIA.
        match &self.function.inner {
            Kernel::Cpu(f) => {
                let s = crate::stream::resolve(self.stream.handle() as u64)?;
                f.kernel.launch(grid, block, self.shared, &s, &self.kernarg)
            }
            Kernel::Nvidia(f) => {
                let (dev, raw): (usize, nv::Stream) =
                    (self.stream.device(), self.stream.handle().cast());
                if f.dev != dev {
                    // The module is loaded in another device's context.
                    return Err(HipError::InvalidHandle);
                }
                nv::launch::validate_config(dev, grid, block)?;
                let threads: u64 = block.iter().map(|&b| u64::from(b)).product();
                if threads > f.max_threads {
                    return Err(HipError::InvalidConfiguration);
                }
                let shared = u32::try_from(self.shared).map_err(|_| HipError::InvalidValue)?;
                let base = self.kernarg.as_mut_ptr();
                let mut params: Vec<*mut c_void> = self
                    .offsets
                    .iter()
                    // SAFETY: every offset was recorded with its argument's bytes after it,
                    // inside `kernarg`.
                    .map(|&o| unsafe { base.add(o) }.cast())
                    .collect();
                let params_ptr = if params.is_empty() {
                    std::ptr::null_mut()
                } else {
                    params.as_mut_ptr()
                };
                // SAFETY: a function of a module this `Function` keeps loaded, on a live
                // stream of the same device; one pointer per argument, into `kernarg`, which
                // outlives the call (the driver copies the arguments before returning). The
                // arguments match the parameters where the driver described them (checked
                // above), and otherwise by the caller's contract, as do the pointers'
                // validity and the kernel's soundness.
                unsafe {
                    nv::launch::launch_kernel(
                        dev,
                        f.raw.0,
                        grid,
                        block,
                        shared,
                        raw,
                        params_ptr,
                        std::ptr::null_mut(),
                    )
                }
            }
        }
    }
}

/// A global variable of a [`Module`]; it keeps the module loaded.
pub struct Global {
    address: usize,
    size: usize,
    module: Arc<Loaded>,
}

impl Global {
    /// Size in bytes.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Reads the variable (ordered after the null stream's work), which must be exactly a
    /// `T`.
    pub fn read<T: KernelArg + Default>(&self) -> HipResult<T> {
        if std::mem::size_of::<T>() != self.size {
            return Err(HipError::InvalidValue);
        }
        let mut value = T::default();
        let dst = (&mut value as *mut T).cast::<u8>();
        // SAFETY: the global holds `size` bytes at `address` while the module is loaded (kept
        // by `module`); `value` is a `T` of the same size.
        unsafe { self.copy(dst, self.address as *const u8, CopyKind::DeviceToHost)? };
        Ok(value)
    }

    /// Writes the variable (ordered after the null stream's work), which must be exactly
    /// a `T`.
    pub fn write<T: KernelArg>(&self, value: &T) -> HipResult<()> {
        if std::mem::size_of::<T>() != self.size {
            return Err(HipError::InvalidValue);
        }
        let src = (value as *const T).cast::<u8>();
        // SAFETY: as in `read`, in the other direction.
        unsafe { self.copy(self.address as *mut u8, src, CopyKind::HostToDevice) }
    }

    /// A blocking copy of `size` bytes on the null stream.
    ///
    /// # Safety
    /// `dst` and `src` must be valid for `size` bytes (one of them the global).
    unsafe fn copy(&self, dst: *mut u8, src: *const u8, kind: CopyKind) -> HipResult<()> {
        match &*self.module {
            Loaded::Cpu(_) => {
                let rt = Runtime::get()?;
                let null = rt.null_stream(rt.current_device()?)?;
                // SAFETY: forwarded from the caller.
                unsafe { memory::copy(dst, src, self.size, null, Sync::Blocking) }
            }
            // SAFETY: forwarded from the caller; the global is device memory of `dev`.
            Loaded::Nvidia { dev, .. } => unsafe {
                nv::memory::memcpy(*dev, dst.cast(), src.cast(), self.size, kind)
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHT_STRTAB: u32 = 3;

    /// A minimal ELF64 image: header, a `.shstrtab` and a `.text` (covered by one program
    /// header), three section headers at the end.
    fn tiny_elf() -> Vec<u8> {
        let mut v = vec![0u8; 64];
        v[..4].copy_from_slice(&ELF_MAGIC.to_le_bytes());
        v[4] = 2;
        v[5] = 1;
        let phoff = v.len() as u64;
        v.extend_from_slice(&[0u8; 56]);
        let strtab = b"\0.shstrtab\0.text\0";
        let strtab_off = v.len() as u64;
        v.extend_from_slice(strtab);
        let text_off = v.len() as u64;
        v.extend_from_slice(&[0xAA; 16]);
        while v.len() % 8 != 0 {
            v.push(0);
        }
        let shoff = v.len() as u64;
        v[0x20..0x28].copy_from_slice(&phoff.to_le_bytes());
        v[0x28..0x30].copy_from_slice(&shoff.to_le_bytes());
        v[0x36..0x38].copy_from_slice(&56u16.to_le_bytes());
        v[0x38..0x3A].copy_from_slice(&1u16.to_le_bytes());
        v[0x3A..0x3C].copy_from_slice(&64u16.to_le_bytes());
        v[0x3C..0x3E].copy_from_slice(&3u16.to_le_bytes());
        v[0x3E..0x40].copy_from_slice(&1u16.to_le_bytes());
        let ph = phoff as usize;
        v[ph + 8..ph + 16].copy_from_slice(&text_off.to_le_bytes());
        v[ph + 0x20..ph + 0x28].copy_from_slice(&16u64.to_le_bytes());
        let mut shdr = |kind: u32, off: u64, size: u64| {
            let mut h = [0u8; 64];
            h[4..8].copy_from_slice(&kind.to_le_bytes());
            h[0x18..0x20].copy_from_slice(&off.to_le_bytes());
            h[0x20..0x28].copy_from_slice(&size.to_le_bytes());
            v.extend_from_slice(&h);
        };
        shdr(0, 0, 0);
        shdr(SHT_STRTAB, strtab_off, strtab.len() as u64);
        shdr(1, text_off, 16);
        v
    }

    /// A fatbin holding `payloads` (kind 2 entries, 64-byte entry headers).
    fn fatbin(payloads: &[&[u8]]) -> Vec<u8> {
        let mut entries = Vec::new();
        for p in payloads {
            let mut h = [0u8; 64];
            h[0..2].copy_from_slice(&2u16.to_le_bytes());
            h[4..8].copy_from_slice(&64u32.to_le_bytes());
            h[8..16].copy_from_slice(&(p.len() as u64).to_le_bytes());
            entries.extend_from_slice(&h);
            entries.extend_from_slice(p);
        }
        let mut v = FATBIN_MAGIC.to_le_bytes().to_vec();
        v.extend_from_slice(&1u16.to_le_bytes());
        v.extend_from_slice(&16u16.to_le_bytes());
        v.extend_from_slice(&(entries.len() as u64).to_le_bytes());
        v.extend_from_slice(&entries);
        v
    }

    /// The bytes `cuModuleLoadData` would get, and whether they are the caller's own.
    fn image_bytes(image: &[u8]) -> HipResult<(Vec<u8>, bool)> {
        Ok(match nvidia_image(image)? {
            Image::Borrowed(b) => (b.to_vec(), true),
            Image::Text(t) => (t, false),
            Image::Aligned(w) => (
                w.iter()
                    .flat_map(|x| x.to_ne_bytes())
                    .take(image.len())
                    .collect(),
                false,
            ),
        })
    }

    #[test]
    fn ptx_text_is_nul_terminated() {
        assert_eq!(image_bytes(b".version 7.0").unwrap().0, b".version 7.0\0");
        assert_eq!(image_bytes(b"x\0").unwrap().0, b"x\0\0\0");
        assert_eq!(image_bytes(b"").unwrap().0, b"\0\0\0\0");
        assert_eq!(image_bytes(b"abcd\0").unwrap(), (b"abcd\0".to_vec(), true));
    }

    #[test]
    fn binary_images_must_fit_their_slice() {
        let elf = tiny_elf();
        assert!(elf_fits(&elf));
        assert!(fatbin_fits(&fatbin(&[&elf, b"// ptx\0"])));
        // Truncated anywhere: refused.
        for cut in [10, 63, 64, 100, elf.len() - 1] {
            assert!(!elf_fits(&elf[..cut]), "cut at {cut}");
        }
        // A section or segment reaching past the end.
        let mut far = elf.clone();
        let shoff = u64::from_le_bytes(elf[0x28..0x30].try_into().unwrap()) as usize;
        far[shoff + 128 + 0x20..shoff + 128 + 0x28].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(!elf_fits(&far));
        let mut far = elf.clone();
        far[64 + 0x20..64 + 0x28].copy_from_slice(&4096u64.to_le_bytes());
        assert!(!elf_fits(&far));
        // A fatbin announcing more than it holds, or holding a damaged ELF.
        let fb = fatbin(&[&elf]);
        assert!(!fatbin_fits(&fb[..fb.len() - 1]));
        assert!(!fatbin_fits(&fatbin(&[&elf[..100]])));
        let mut stuck = fb.clone();
        stuck[16 + 4..16 + 8].fill(0);
        assert!(!fatbin_fits(&stuck));
        assert_eq!(
            nvidia_image(&fb[..fb.len() - 1]).err(),
            Some(HipError::InvalidImage)
        );
        let mut wrapper = FATBIN_WRAPPER_MAGIC.to_le_bytes().to_vec();
        wrapper.resize(24, 0);
        assert_eq!(nvidia_image(&wrapper).err(), Some(HipError::InvalidImage));
    }

    #[test]
    fn unaligned_binary_images_are_copied_aligned() {
        let elf = tiny_elf();
        let mut storage = vec![0u8; elf.len() + 8];
        let shift = (1..8)
            .find(|&s| storage[s..].as_ptr().align_offset(8) != 0)
            .unwrap();
        storage[shift..shift + elf.len()].copy_from_slice(&elf);
        let unaligned = &storage[shift..shift + elf.len()];
        let image = nvidia_image(unaligned).unwrap();
        assert!(matches!(image, Image::Aligned(_)));
        assert_eq!(image.as_ptr().align_offset(8), 0);
        assert_eq!(image_bytes(unaligned).unwrap(), (elf, false));
    }
}
