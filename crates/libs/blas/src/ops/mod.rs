//! The operations: arguments validated in rocBLAS's order (handle, enumerators, sizes,
//! quick return, pointers), with the documented status for each failure, then handed to
//! the handle's backend. Both C libraries and the safe API call these.

pub mod aux;
pub mod ex;
pub mod ex_vector;
pub mod gemv_mixed;
pub mod level1;
pub mod level2;
pub mod level3;
pub mod packed;
pub mod rotation;
pub mod solver;
pub mod triangle;

use crate::error::{BlasError, BlasResult};

/// A size argument: `InvalidSize` when negative.
pub(crate) fn size(v: i64) -> BlasResult<usize> {
    usize::try_from(v).map_err(|_| BlasError::InvalidSize)
}

/// `InvalidPointer` when `null`.
pub(crate) fn require(non_null: bool) -> BlasResult<()> {
    if non_null {
        Ok(())
    } else {
        Err(BlasError::InvalidPointer)
    }
}
