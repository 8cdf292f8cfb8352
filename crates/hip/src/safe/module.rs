//! Modules in the safe API: code objects loaded at run time (`hipcc --genco`, hiprtc), their
//! kernels launched with a typed argument builder, and their globals.
//!
//! ```no_run
//! use hip::safe::{Device, DeviceBuffer, Dim3, Module, Stream};
//!
//! let stream = Stream::new(&Device::get(0)?)?;
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

use std::path::Path;
use std::sync::Arc;

use super::{DeviceBuffer, Dim3, Stream};
use crate::error::{HipError, HipResult};
use crate::memory::{self, Sync};
use crate::module as core;
use crate::runtime::Runtime;

/// A loaded code object (`hipModule_t`); unloaded when it and every [`Function`] and
/// [`Global`] taken from it are dropped.
pub struct Module {
    inner: Arc<Loaded>,
}

/// Unloads the module when the last owner goes.
struct Loaded(Arc<core::Module>);

impl Drop for Loaded {
    fn drop(&mut self) {
        // Waits for queued work first (hipModuleUnload's semantics).
        let _ = core::Module::unload(self.0.handle);
    }
}

impl Module {
    /// Loads the code object at `path` (`hipModuleLoad`).
    pub fn load(path: impl AsRef<Path>) -> HipResult<Module> {
        Ok(Module {
            inner: Arc::new(Loaded(core::Module::load(path.as_ref())?)),
        })
    }

    /// Loads a code object image (`hipModuleLoadData`).
    pub fn from_bytes(image: &[u8]) -> HipResult<Module> {
        Ok(Module {
            inner: Arc::new(Loaded(core::Module::load_data(image)?)),
        })
    }

    /// The kernel named `name` (its symbol name: mangled for C++ kernels),
    /// `hipErrorNotFound` if there is none.
    pub fn function(&self, name: &str) -> HipResult<Function> {
        Ok(Function {
            inner: self.inner.0.function(name)?,
            _module: Arc::clone(&self.inner),
        })
    }

    /// The global variable named `name` (`hipModuleGetGlobal`).
    pub fn global(&self, name: &str) -> HipResult<Global> {
        let (address, size) = self.inner.0.global(name)?;
        Ok(Global {
            address,
            size,
            _module: Arc::clone(&self.inner),
        })
    }
}

/// A kernel of a [`Module`] (`hipFunction_t`); it keeps the module loaded.
#[derive(Clone)]
pub struct Function {
    inner: Arc<core::Function>,
    _module: Arc<Loaded>,
}

impl Function {
    /// The kernel's symbol name.
    pub fn name(&self) -> &str {
        &self.inner.kernel.name
    }

    /// Number of explicit parameters, when the code object describes them.
    pub fn param_count(&self) -> Option<usize> {
        self.inner.kernel.params.as_ref().map(Vec::len)
    }

    /// Starts a launch on `stream` (grid and block default to one work-item).
    pub fn launch_builder<'a>(&'a self, stream: &'a Stream) -> LaunchBuilder<'a> {
        LaunchBuilder {
            function: self,
            stream,
            grid: Dim3::x(1),
            block: Dim3::x(1),
            shared: 0,
            kernarg: vec![0; self.inner.kernel.kernarg_size as usize],
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
/// argument size, too many arguments) are reported by [`LaunchBuilder::launch`].
pub struct LaunchBuilder<'a> {
    function: &'a Function,
    stream: &'a Stream,
    grid: Dim3,
    block: Dim3,
    shared: usize,
    kernarg: Vec<u8>,
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

    /// The next parameter: `value`'s bytes, which must be exactly the parameter's size.
    pub fn arg<T: KernelArg>(mut self, value: &T) -> Self {
        if self.error.is_some() {
            return self;
        }
        let Some(params) = self.function.inner.kernel.params.as_ref() else {
            // Without a parameter table the layout is unknown.
            self.error = Some(HipError::InvalidDeviceFunction);
            return self;
        };
        let Some(&(offset, size)) = params.get(self.next) else {
            self.error = Some(HipError::InvalidValue);
            return self;
        };
        if size as usize != std::mem::size_of::<T>() {
            self.error = Some(HipError::InvalidValue);
            return self;
        }
        let offset = offset as usize;
        // SAFETY: `T: KernelArg` is plain data of `size_of::<T>()` bytes, and the parameter
        // table was checked to fit the kernarg segment when the kernel was loaded.
        let bytes = unsafe {
            std::slice::from_raw_parts((value as *const T).cast::<u8>(), std::mem::size_of::<T>())
        };
        self.kernarg[offset..offset + bytes.len()].copy_from_slice(bytes);
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

    /// Validates the configuration (HIP's launch rules) and enqueues the kernel.
    ///
    /// # Safety
    /// The kernel runs native code with the given arguments: pointers must be valid for what
    /// the kernel does with them until the launch completes, and the kernel must be sound.
    pub unsafe fn launch(self) -> HipResult<()> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let kernel = &self.function.inner.kernel;
        if kernel.params.as_ref().is_some_and(|p| p.len() != self.next) {
            return Err(HipError::InvalidValue);
        }
        kernel.launch(
            self.grid.to_array(),
            self.block.to_array(),
            self.shared,
            &self.stream.core,
            &self.kernarg,
        )
    }
}

/// A global variable of a [`Module`]; it keeps the module loaded.
pub struct Global {
    address: usize,
    size: usize,
    _module: Arc<Loaded>,
}

impl Global {
    /// Size in bytes.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Reads the variable (after the device's queued work), which must be exactly a `T`.
    pub fn read<T: KernelArg + Default>(&self) -> HipResult<T> {
        if std::mem::size_of::<T>() != self.size {
            return Err(HipError::InvalidValue);
        }
        let mut value = T::default();
        let rt = Runtime::get()?;
        let null = rt.null_stream(rt.current_device()?)?;
        // SAFETY: the global holds `size` bytes at `address` while the module is loaded (kept
        // by `_module`); `value` is a `T` of the same size.
        unsafe {
            memory::copy(
                (&mut value as *mut T).cast(),
                self.address as *const u8,
                self.size,
                null,
                Sync::Blocking,
            )?;
        }
        Ok(value)
    }

    /// Writes the variable (ordered after the device's queued work), which must be exactly
    /// a `T`.
    pub fn write<T: KernelArg>(&self, value: &T) -> HipResult<()> {
        if std::mem::size_of::<T>() != self.size {
            return Err(HipError::InvalidValue);
        }
        let rt = Runtime::get()?;
        let null = rt.null_stream(rt.current_device()?)?;
        // SAFETY: as in `read`, in the other direction.
        unsafe {
            memory::copy(
                self.address as *mut u8,
                (value as *const T).cast(),
                self.size,
                null,
                Sync::Blocking,
            )
        }
    }
}
