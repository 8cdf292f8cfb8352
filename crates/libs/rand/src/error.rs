//! Errors of the RNG core. Each C library maps them onto its status type
//! (`rocrand_status`, `hiprandStatus_t`); the variants follow rocRAND's statuses.

/// Result of an RNG core operation.
pub type RandResult<T> = Result<T, RandError>;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RandError {
    /// NULL, stale or destroyed generator (`ROCRAND_STATUS_NOT_CREATED`).
    #[error("generator not created")]
    NotCreated,
    /// Memory could not be allocated (`ROCRAND_STATUS_ALLOCATION_FAILED`).
    #[error("allocation failed")]
    AllocationFailed,
    /// The generator cannot do this (a seed for a quasi-random generator, 64-bit output
    /// from a 32-bit generator, an unknown generator type) (`ROCRAND_STATUS_TYPE_ERROR`).
    #[error("type error")]
    TypeError,
    /// An argument out of its range (an ordering, a dimension count, a Poisson lambda)
    /// (`ROCRAND_STATUS_OUT_OF_RANGE`).
    #[error("out of range")]
    OutOfRange,
    /// The length is not a multiple of what the generator needs (quasi-random
    /// dimensions) (`ROCRAND_STATUS_LENGTH_NOT_MULTIPLE`).
    #[error("length not multiple")]
    LengthNotMultiple,
    /// Work could not be started on the stream (`ROCRAND_STATUS_LAUNCH_FAILURE`).
    #[error("launch failure: {0}")]
    LaunchFailure(String),
    /// A bug or a failure of the vendor library (`ROCRAND_STATUS_INTERNAL_ERROR`).
    #[error("internal error: {0}")]
    Internal(String),
    /// Not available on this platform or not implemented yet (hipRAND's
    /// `HIPRAND_STATUS_NOT_IMPLEMENTED`; rocRAND has no such status and reports
    /// `ROCRAND_STATUS_TYPE_ERROR`, as it does for generators its build lacks).
    #[error("not implemented: {0}")]
    NotImplemented(&'static str),
}

impl From<hip_bridge::BridgeError> for RandError {
    fn from(e: hip_bridge::BridgeError) -> Self {
        match e {
            hip_bridge::BridgeError::InvalidValue => RandError::OutOfRange,
            hip_bridge::BridgeError::Runtime(what) => RandError::LaunchFailure(what),
        }
    }
}
