//! The errors of the FFT core; each C library converts them into its own statuses
//! (`rocfft_status`, `hipfftResult`).

use hip_bridge::BridgeError;

/// Why an FFT call failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FftError {
    /// A NULL, stale or unknown plan, description or execution-info handle.
    #[error("invalid plan handle")]
    InvalidPlan,
    /// A plan whose description is not complete yet (hipFFT: created, not made).
    #[error("the plan is not made yet")]
    IncompletePlan,
    /// An argument out of its domain (NULL out-pointer, unknown enum value...).
    #[error("invalid argument: {0}")]
    InvalidValue(&'static str),
    /// Lengths, rank or batch count out of range.
    #[error("invalid dimensions: {0}")]
    InvalidSize(&'static str),
    /// A transform type the call cannot take (C2R data given to a C2C plan...).
    #[error("invalid transform type")]
    InvalidType,
    /// Array types that do not fit the transform (real input to a complex transform...).
    #[error("invalid array type: {0}")]
    InvalidArrayType(&'static str),
    /// Strides that are missing, zero, or make outputs overlap.
    #[error("invalid strides: {0}")]
    InvalidStrides(&'static str),
    /// A batch distance that makes the outputs of two transforms overlap.
    #[error("invalid batch distance")]
    InvalidDistance,
    /// Offsets the data layout cannot take.
    #[error("invalid offset")]
    InvalidOffset,
    /// A work buffer too small for the plan.
    #[error("invalid work buffer")]
    InvalidWorkBuffer,
    /// Memory could not be allocated.
    #[error("allocation failed")]
    AllocFailed,
    /// No usable device in this process.
    #[error("no device")]
    NoDevice,
    /// Something this backend cannot do (named); the library's "not supported" status.
    #[error("not supported: {0}")]
    NotSupported(&'static str),
    /// The runtime or the vendor library refused the execution.
    #[error("execution failed: {0}")]
    ExecFailed(String),
    /// A bug or an unexpected vendor-library failure.
    #[error("internal error: {0}")]
    Internal(String),
}

/// Result of an FFT call.
pub type FftResult<T> = Result<T, FftError>;

impl From<BridgeError> for FftError {
    fn from(e: BridgeError) -> FftError {
        match e {
            BridgeError::InvalidValue => FftError::InvalidValue("device"),
            BridgeError::Runtime(m) => FftError::ExecFailed(m),
        }
    }
}
