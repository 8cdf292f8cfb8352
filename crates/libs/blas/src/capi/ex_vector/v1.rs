//! The level-1 `Ex` adaptors with rocBLAS's (and hipBLAS v1's) `rocblas_datatype` codes.

use std::ffi::c_void;

use super::super::ex::Codes;
use super::super::{handle, CInt};
use super::scalar;
use crate::args::{Batch, DevPtr};
use crate::error::BlasResult;
use crate::ops::ex_vector::{ex_vector, ExVector, ExVectorCall, ExVectorOp};

super::adaptors::ex_vector_adaptors!(Codes::Rocblas; axpy_ex_v1, axpy_batched_ex_v1, axpy_strided_batched_ex_v1, scal_ex_v1, scal_batched_ex_v1, scal_strided_batched_ex_v1, dot_ex_v1, dot_batched_ex_v1, dot_strided_batched_ex_v1, dotc_ex_v1, dotc_batched_ex_v1, dotc_strided_batched_ex_v1, nrm2_ex_v1, nrm2_batched_ex_v1, nrm2_strided_batched_ex_v1, rot_ex_v1, rot_batched_ex_v1, rot_strided_batched_ex_v1);
