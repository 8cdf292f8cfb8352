//! The BLAS enumerations, decoded from their C values (rocBLAS and hipBLAS share them:
//! operation 111-113, fill 121-123, diagonal 131-132, side 141-143).

use crate::error::{BlasError, BlasResult};

/// How a matrix operand is used: as is, transposed, or conjugate-transposed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operation {
    None,
    Transpose,
    ConjTranspose,
}

impl Operation {
    pub fn from_c(v: i32) -> BlasResult<Operation> {
        match v {
            111 => Ok(Operation::None),
            112 => Ok(Operation::Transpose),
            113 => Ok(Operation::ConjTranspose),
            _ => Err(BlasError::InvalidEnum(v)),
        }
    }

    pub fn to_c(self) -> i32 {
        match self {
            Operation::None => 111,
            Operation::Transpose => 112,
            Operation::ConjTranspose => 113,
        }
    }

    /// Rows and columns of `op(A)` for an `A` stored as `rows x cols`.
    pub fn is_transposed(self) -> bool {
        self != Operation::None
    }
}

/// Which triangle of a matrix is referenced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fill {
    Upper,
    Lower,
    Full,
}

impl Fill {
    pub fn from_c(v: i32) -> BlasResult<Fill> {
        match v {
            121 => Ok(Fill::Upper),
            122 => Ok(Fill::Lower),
            123 => Ok(Fill::Full),
            _ => Err(BlasError::InvalidEnum(v)),
        }
    }

    /// Upper or lower, as triangular and symmetric operations require
    /// (`Full` is `rocblas_status_invalid_value` there).
    pub fn triangle(v: i32) -> BlasResult<Fill> {
        match Fill::from_c(v)? {
            Fill::Full => Err(BlasError::InvalidValue),
            f => Ok(f),
        }
    }

    pub fn to_c(self) -> i32 {
        match self {
            Fill::Upper => 121,
            Fill::Lower => 122,
            Fill::Full => 123,
        }
    }
}

/// Whether a triangular matrix has an implicit unit diagonal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Diag {
    NonUnit,
    Unit,
}

impl Diag {
    pub fn from_c(v: i32) -> BlasResult<Diag> {
        match v {
            131 => Ok(Diag::NonUnit),
            132 => Ok(Diag::Unit),
            _ => Err(BlasError::InvalidEnum(v)),
        }
    }

    pub fn to_c(self) -> i32 {
        match self {
            Diag::NonUnit => 131,
            Diag::Unit => 132,
        }
    }
}

/// Which side a matrix multiplies from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Left,
    Right,
}

impl Side {
    /// Left or right (`both`, 143, is `rocblas_status_invalid_value` for every operation
    /// that takes a side).
    pub fn from_c(v: i32) -> BlasResult<Side> {
        match v {
            141 => Ok(Side::Left),
            142 => Ok(Side::Right),
            143 => Err(BlasError::InvalidValue),
            _ => Err(BlasError::InvalidEnum(v)),
        }
    }

    pub fn to_c(self) -> i32 {
        match self {
            Side::Left => 141,
            Side::Right => 142,
        }
    }
}

/// Where scalar arguments (`alpha`, `beta`) and scalar results live.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PointerMode {
    /// Host memory: arguments are read when the call is made; results are written before
    /// it returns.
    Host,
    /// Device memory: arguments are read and results written by the enqueued work.
    Device,
}

impl PointerMode {
    pub fn from_c(v: i32) -> BlasResult<PointerMode> {
        match v {
            0 => Ok(PointerMode::Host),
            1 => Ok(PointerMode::Device),
            _ => Err(BlasError::InvalidEnum(v)),
        }
    }

    pub fn to_c(self) -> i32 {
        match self {
            PointerMode::Host => 0,
            PointerMode::Device => 1,
        }
    }
}
