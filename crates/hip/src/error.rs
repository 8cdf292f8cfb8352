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
    // Codes the CUDA driver can report through the NVIDIA platform
    // (`platform::nvidia::map_error`), with HIP's numeric values.
    #[error("profiler disabled while using external profiling tool")]
    ProfilerDisabled,
    #[error("profiler is not initialized")]
    ProfilerNotInitialized,
    #[error("profiler already started")]
    ProfilerAlreadyStarted,
    #[error("profiler already stopped")]
    ProfilerAlreadyStopped,
    #[error("driver version is insufficient for runtime version")]
    InsufficientDriver,
    #[error("context is already current context")]
    ContextAlreadyCurrent,
    #[error("mapping of buffer object failed")]
    MapFailed,
    #[error("unmap of buffer object failed")]
    UnmapFailed,
    #[error("array is mapped")]
    ArrayIsMapped,
    #[error("resource already mapped")]
    AlreadyMapped,
    #[error("resource already acquired")]
    AlreadyAcquired,
    #[error("resource not mapped")]
    NotMapped,
    #[error("resource not mapped as array")]
    NotMappedAsArray,
    #[error("resource not mapped as pointer")]
    NotMappedAsPointer,
    #[error("uncorrectable ECC error encountered")]
    EccNotCorrectable,
    #[error("limit is not supported on this architecture")]
    UnsupportedLimit,
    #[error("exclusive-thread device already in use by a different thread")]
    ContextAlreadyInUse,
    #[error("peer access is not supported between these two devices")]
    PeerAccessUnsupported,
    #[error("invalid OpenGL or DirectX context")]
    InvalidGraphicsContext,
    #[error("device kernel image is invalid")]
    InvalidSource,
    #[error("shared object initialization failed")]
    SharedObjectInitFailed,
    #[error("the operation cannot be performed in the present state")]
    IllegalState,
    #[error("the launch timed out and was terminated")]
    LaunchTimeOut,
    #[error("peer access is already enabled")]
    PeerAccessAlreadyEnabled,
    #[error("peer access has not been enabled")]
    PeerAccessNotEnabled,
    #[error("cannot set while device is active in this process")]
    SetOnActiveProcess,
    #[error("context is destroyed")]
    ContextIsDestroyed,
    #[error("device-side assert triggered")]
    Assert,
    #[error("too many blocks in cooperative launch")]
    CooperativeLaunchTooLarge,
    #[error("operation not permitted when stream is capturing")]
    StreamCaptureUnsupported,
    #[error("operation failed due to a previous error during capture")]
    StreamCaptureInvalidated,
    #[error("operation would result in a merge of separate capture sequences")]
    StreamCaptureMerge,
    #[error("capture was not ended in the same stream as it began")]
    StreamCaptureUnmatched,
    #[error("capturing stream has unjoined work")]
    StreamCaptureUnjoined,
    #[error("dependency created on uncaptured work in another stream")]
    StreamCaptureIsolation,
    #[error("operation would make the legacy stream depend on a capturing blocking stream")]
    StreamCaptureImplicit,
    #[error("operation not permitted on an event last recorded in a capturing stream")]
    CapturedEvent,
    #[error("attempt to terminate a thread-local capture sequence from another thread")]
    StreamCaptureWrongThread,
    #[error("the graph update was not performed because it included changes which violated constraints specific to instantiated graph update")]
    GraphExecUpdateFailure,
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
            HipError::ProfilerDisabled => 5,
            HipError::ProfilerNotInitialized => 6,
            HipError::ProfilerAlreadyStarted => 7,
            HipError::ProfilerAlreadyStopped => 8,
            HipError::InsufficientDriver => 35,
            HipError::ContextAlreadyCurrent => 202,
            HipError::MapFailed => 205,
            HipError::UnmapFailed => 206,
            HipError::ArrayIsMapped => 207,
            HipError::AlreadyMapped => 208,
            HipError::AlreadyAcquired => 210,
            HipError::NotMapped => 211,
            HipError::NotMappedAsArray => 212,
            HipError::NotMappedAsPointer => 213,
            HipError::EccNotCorrectable => 214,
            HipError::UnsupportedLimit => 215,
            HipError::ContextAlreadyInUse => 216,
            HipError::PeerAccessUnsupported => 217,
            HipError::InvalidGraphicsContext => 219,
            HipError::InvalidSource => 300,
            HipError::SharedObjectInitFailed => 303,
            HipError::IllegalState => 401,
            HipError::LaunchTimeOut => 702,
            HipError::PeerAccessAlreadyEnabled => 704,
            HipError::PeerAccessNotEnabled => 705,
            HipError::SetOnActiveProcess => 708,
            HipError::ContextIsDestroyed => 709,
            HipError::Assert => 710,
            HipError::CooperativeLaunchTooLarge => 720,
            HipError::StreamCaptureUnsupported => 900,
            HipError::StreamCaptureInvalidated => 901,
            HipError::StreamCaptureMerge => 902,
            HipError::StreamCaptureUnmatched => 903,
            HipError::StreamCaptureUnjoined => 904,
            HipError::StreamCaptureIsolation => 905,
            HipError::StreamCaptureImplicit => 906,
            HipError::CapturedEvent => 907,
            HipError::StreamCaptureWrongThread => 908,
            HipError::GraphExecUpdateFailure => 910,
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
