//! Errors of the BLAS core. Each C library maps them onto its own status type
//! (`rocblas_status`, `hipblasStatus_t`), so the variants follow rocBLAS's statuses,
//! with an extra [`BlasError::InvalidEnum`] for hipBLAS's `HIPBLAS_STATUS_INVALID_ENUM`.

/// Result of a BLAS core operation.
pub type BlasResult<T> = Result<T, BlasError>;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BlasError {
    /// NULL or stale handle (`rocblas_status_invalid_handle`).
    #[error("invalid handle")]
    InvalidHandle,
    /// The operation is not implemented on this platform (`rocblas_status_not_implemented`).
    #[error("not implemented: {0}")]
    NotImplemented(&'static str),
    /// The out-pointer for a new handle is NULL (hipBLAS's
    /// `HIPBLAS_STATUS_HANDLE_IS_NULLPTR`; `rocblas_status_invalid_pointer`).
    #[error("NULL handle pointer")]
    HandleIsNull,
    /// A required pointer is NULL (`rocblas_status_invalid_pointer`).
    #[error("invalid pointer")]
    InvalidPointer,
    /// A size, increment, leading dimension or batch count is out of range
    /// (`rocblas_status_invalid_size`).
    #[error("invalid size")]
    InvalidSize,
    /// An argument value is not allowed (`rocblas_status_invalid_value`).
    #[error("invalid value")]
    InvalidValue,
    /// An enumerator value that the type does not have (`rocblas_status_invalid_value`,
    /// `HIPBLAS_STATUS_INVALID_ENUM`).
    #[error("invalid enumerator value {0}")]
    InvalidEnum(i32),
    /// Memory could not be allocated (`rocblas_status_memory_error`).
    #[error("out of memory")]
    MemoryError,
    /// The HIP runtime or the vendor library failed (`rocblas_status_internal_error`).
    #[error("internal error: {0}")]
    Internal(String),
    /// The HIP runtime has no usable device (NVIDIA without a driver or GPU).
    #[error("no device")]
    NoDevice,
    /// The device cannot run this operation (`rocblas_status_arch_mismatch`).
    #[error("architecture mismatch")]
    ArchMismatch,
}

impl From<hip_bridge::BridgeError> for BlasError {
    fn from(e: hip_bridge::BridgeError) -> Self {
        match e {
            hip_bridge::BridgeError::InvalidValue => BlasError::InvalidValue,
            hip_bridge::BridgeError::Runtime(what) => BlasError::Internal(what),
        }
    }
}
