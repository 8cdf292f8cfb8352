//! The level-1 `Ex` adaptors with hipBLAS v2's `hipDataType` codes.

use std::ffi::c_void;

use super::super::ex::Codes;
use super::super::{handle, CInt};
use super::scalar;
use crate::args::{Batch, DevPtr};
use crate::error::BlasResult;
use crate::ops::ex_vector::{ex_vector, ExVector, ExVectorCall, ExVectorOp};

super::adaptors::ex_vector_adaptors!(Codes::HipV2; axpy_ex_v2, axpy_batched_ex_v2, axpy_strided_batched_ex_v2, scal_ex_v2, scal_batched_ex_v2, scal_strided_batched_ex_v2, dot_ex_v2, dot_batched_ex_v2, dot_strided_batched_ex_v2, dotc_ex_v2, dotc_batched_ex_v2, dotc_strided_batched_ex_v2, nrm2_ex_v2, nrm2_batched_ex_v2, nrm2_strided_batched_ex_v2, rot_ex_v2, rot_batched_ex_v2, rot_strided_batched_ex_v2);
