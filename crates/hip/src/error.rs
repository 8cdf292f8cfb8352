//! HIP error codes (`hipError_t`, with HIP's numeric values) as a Rust error type.

/// A HIP error: the `hipError_t` value it maps to is [`HipError::code`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum HipError {
    #[error("invalid argument")]
    InvalidValue,
    #[error("out of memory")]
    OutOfMemory,
    #[error("initialization error")]
    NotInitialized,
    #[error("driver shutting down")]
    Deinitialized,
    #[error("invalid configuration argument")]
    InvalidConfiguration,
    #[error("invalid pitch argument")]
    InvalidPitchValue,
    #[error("invalid device symbol")]
    InvalidSymbol,
    #[error("invalid device pointer")]
    InvalidDevicePointer,
    #[error("invalid copy direction for memcpy")]
    InvalidMemcpyDirection,
    #[error("invalid device function")]
    InvalidDeviceFunction,
    #[error("no ROCm-capable device is detected")]
    NoDevice,
    #[error("invalid device ordinal")]
    InvalidDevice,
    #[error("device kernel image is invalid")]
    InvalidImage,
    #[error("invalid device context")]
    InvalidContext,
    #[error("no kernel image is available for execution on the device")]
    NoBinaryForGpu,
    #[error("invalid kernel file")]
    InvalidKernelFile,
    #[error("file not found")]
    FileNotFound,
    #[error("shared object symbol not found")]
    SharedObjectSymbolNotFound,
    #[error("OS call failed or operation not supported on this OS")]
    OperatingSystem,
    #[error("invalid resource handle")]
    InvalidHandle,
    #[error("named symbol not found")]
    NotFound,
    #[error("device not ready")]
    NotReady,
    #[error("an illegal memory access was encountered")]
    IllegalAddress,
    #[error("too many resources requested for launch")]
    LaunchOutOfResources,
    #[error("part or all of the requested memory range is already mapped")]
    HostMemoryAlreadyRegistered,
    #[error("pointer does not correspond to a registered memory region")]
    HostMemoryNotRegistered,
    #[error("unspecified launch failure")]
    LaunchFailure,
    #[error("operation not supported")]
    NotSupported,
    #[error("unknown error")]
    Unknown,
}

/// `Result` with a [`HipError`].
pub type HipResult<T> = Result<T, HipError>;

impl HipError {
    /// The `hipError_t` value.
    pub const fn code(self) -> u32 {
        match self {
            HipError::InvalidValue => 1,
            HipError::OutOfMemory => 2,
            HipError::NotInitialized => 3,
            HipError::Deinitialized => 4,
            HipError::InvalidConfiguration => 9,
            HipError::InvalidPitchValue => 12,
            HipError::InvalidSymbol => 13,
            HipError::InvalidDevicePointer => 17,
            HipError::InvalidMemcpyDirection => 21,
            HipError::InvalidDeviceFunction => 98,
            HipError::NoDevice => 100,
            HipError::InvalidDevice => 101,
            HipError::InvalidImage => 200,
            HipError::InvalidContext => 201,
            HipError::NoBinaryForGpu => 209,
            HipError::InvalidKernelFile => 218,
            HipError::FileNotFound => 301,
            HipError::SharedObjectSymbolNotFound => 302,
            HipError::OperatingSystem => 304,
            HipError::InvalidHandle => 400,
            HipError::NotFound => 500,
            HipError::NotReady => 600,
            HipError::IllegalAddress => 700,
            HipError::LaunchOutOfResources => 701,
            HipError::HostMemoryAlreadyRegistered => 712,
            HipError::HostMemoryNotRegistered => 713,
            HipError::LaunchFailure => 719,
            HipError::NotSupported => 801,
            HipError::Unknown => 999,
        }
    }
}

impl From<hsa::HsaError> for HipError {
    fn from(e: hsa::HsaError) -> HipError {
        use hsa::HsaError as E;
        match e {
            E::ERROR_OUT_OF_RESOURCES | E::ERROR_INVALID_ALLOCATION => HipError::OutOfMemory,
            E::ERROR_INVALID_ARGUMENT => HipError::InvalidValue,
            E::ERROR_INVALID_CODE_OBJECT | E::ERROR_INVALID_EXECUTABLE => HipError::InvalidImage,
            E::ERROR_NOT_INITIALIZED => HipError::NotInitialized,
            _ => HipError::Unknown,
        }
    }
}
