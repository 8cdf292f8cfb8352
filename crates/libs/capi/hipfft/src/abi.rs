//! hipFFT's C types and enum values (`hipfft/hipfft.h`, `hipfft/hipfftXt.h`, ROCm 6.3).
#![allow(non_camel_case_types, non_upper_case_globals)]

use std::ffi::c_void;

pub type hipfftResult = i32;
pub const HIPFFT_SUCCESS: hipfftResult = 0;
pub const HIPFFT_INVALID_PLAN: hipfftResult = 1;
pub const HIPFFT_ALLOC_FAILED: hipfftResult = 2;
pub const HIPFFT_INVALID_TYPE: hipfftResult = 3;
pub const HIPFFT_INVALID_VALUE: hipfftResult = 4;
pub const HIPFFT_INTERNAL_ERROR: hipfftResult = 5;
pub const HIPFFT_EXEC_FAILED: hipfftResult = 6;
pub const HIPFFT_SETUP_FAILED: hipfftResult = 7;
pub const HIPFFT_INVALID_SIZE: hipfftResult = 8;
pub const HIPFFT_UNALIGNED_DATA: hipfftResult = 9;
pub const HIPFFT_INCOMPLETE_PARAMETER_LIST: hipfftResult = 10;
pub const HIPFFT_INVALID_DEVICE: hipfftResult = 11;
pub const HIPFFT_PARSE_ERROR: hipfftResult = 12;
pub const HIPFFT_NO_WORKSPACE: hipfftResult = 13;
pub const HIPFFT_NOT_IMPLEMENTED: hipfftResult = 14;
pub const HIPFFT_NOT_SUPPORTED: hipfftResult = 16;

pub type hipfftType = i32;
pub const HIPFFT_R2C: hipfftType = 0x2a;
pub const HIPFFT_C2R: hipfftType = 0x2c;
pub const HIPFFT_C2C: hipfftType = 0x29;
pub const HIPFFT_D2Z: hipfftType = 0x6a;
pub const HIPFFT_Z2D: hipfftType = 0x6c;
pub const HIPFFT_Z2Z: hipfftType = 0x69;

pub const HIPFFT_FORWARD: i32 = -1;
pub const HIPFFT_BACKWARD: i32 = 1;

pub type hipfftLibraryPropertyType = i32;
pub const HIPFFT_MAJOR_VERSION: i32 = 0;
pub const HIPFFT_MINOR_VERSION: i32 = 1;
pub const HIPFFT_PATCH_LEVEL: i32 = 2;

/// `hipDataType` values hipfftXt takes.
pub type hipDataType = i32;
pub const HIP_R_32F: i32 = 0;
pub const HIP_R_64F: i32 = 1;
pub const HIP_R_16F: i32 = 2;
pub const HIP_C_32F: i32 = 4;
pub const HIP_C_64F: i32 = 5;
pub const HIP_C_16F: i32 = 6;
pub const HIP_R_16BF: i32 = 14;
pub const HIP_C_16BF: i32 = 15;

pub type hipfftXtCallbackType = i32;
pub type hipfftXtSubFormat = i32;
pub type hipfftXtCopyType = i32;

/// Opaque handles (ids of the library's plan table).
pub type hipfftHandle = *mut c_void;
pub type hipStream_t = *mut c_void;
/// `hipLibXtDesc` is only passed through by address (multi-GPU descriptors are refused).
pub type hipLibXtDesc = c_void;

/// The complex element types, as the header lays them out.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipfftComplex {
    pub x: f32,
    pub y: f32,
}
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipfftDoubleComplex {
    pub x: f64,
    pub y: f64,
}

/// hipFFT's own version (`hipfft/hipfft-version.h`).
pub const HIPFFT_VERSION: [i32; 3] = [1, 0, 17];
/// rocFFT's version under it, which `hipfftGetVersion` reports as AMD's hipFFT does
/// (`major`, `minor` and `patch` as two digits each: 1.0.31 is 10031).
pub const ROCFFT_VERSION: [i32; 3] = [1, 0, 31];
