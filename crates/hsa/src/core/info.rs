//! Values returned by the `*_get_info` queries, written into the caller's buffer by the
//! C ABI. Computing the value (core) is kept apart from writing it (FFI), so one writer
//! serves system, agent, region, pool, ISA, cache and symbol queries.

use std::ffi::c_void;

/// One attribute value, typed as the HSA headers type it.
#[derive(Debug, Clone, PartialEq)]
pub enum InfoValue {
    Bool(bool),
    U8(u8),
    U16(u16),
    U32(u32),
    U64(u64),
    /// `size_t`
    Usize(usize),
    /// A pointer-sized value (`void*`, `const char*`).
    Pointer(usize),
    /// Raw bytes copied as-is: fixed char arrays (`char[64]`, NUL-padded), `uint16_t[3]`,
    /// `hsa_dim3_t`, bitmask arrays...
    Bytes(Vec<u8>),
}

impl InfoValue {
    /// A NUL-padded fixed-size char array of `N` bytes holding at most `N - 1` bytes of `s`.
    pub fn fixed_str<const N: usize>(s: &str) -> InfoValue {
        let mut buf = vec![0u8; N];
        let bytes = s.as_bytes();
        let n = bytes.len().min(N - 1);
        buf[..n].copy_from_slice(&bytes[..n]);
        InfoValue::Bytes(buf)
    }

    /// An array of `u16` values (e.g. `uint16_t[3]`).
    pub fn u16_array(values: &[u16]) -> InfoValue {
        InfoValue::Bytes(values.iter().flat_map(|v| v.to_ne_bytes()).collect())
    }

    /// An array of `u32` values (e.g. `hsa_dim3_t`, `uint32_t[4]`).
    pub fn u32_array(values: &[u32]) -> InfoValue {
        InfoValue::Bytes(values.iter().flat_map(|v| v.to_ne_bytes()).collect())
    }

    /// Number of bytes [`InfoValue::write_to`] writes.
    pub fn size(&self) -> usize {
        match self {
            InfoValue::Bool(_) | InfoValue::U8(_) => 1,
            InfoValue::U16(_) => 2,
            InfoValue::U32(_) => 4,
            InfoValue::U64(_) => 8,
            InfoValue::Usize(_) | InfoValue::Pointer(_) => std::mem::size_of::<usize>(),
            InfoValue::Bytes(b) => b.len(),
        }
    }

    /// Writes the value into the caller's buffer (unaligned writes are fine).
    ///
    /// # Safety
    /// `dst` must be valid for writes of [`InfoValue::size`] bytes. The HSA contract puts
    /// this on the caller ("if the buffer is not large enough the behaviour is undefined").
    pub unsafe fn write_to(&self, dst: *mut c_void) {
        let dst = dst.cast::<u8>();
        macro_rules! put {
            ($v:expr) => {{
                let bytes = $v.to_ne_bytes();
                // SAFETY: the caller guarantees `dst` is writable for `size()` bytes, which is `bytes.len()`.
                unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), dst, bytes.len()) }
            }};
        }
        match self {
            InfoValue::Bool(v) => put!(u8::from(*v)),
            InfoValue::U8(v) => put!(*v),
            InfoValue::U16(v) => put!(*v),
            InfoValue::U32(v) => put!(*v),
            InfoValue::U64(v) => put!(*v),
            InfoValue::Usize(v) | InfoValue::Pointer(v) => put!(*v),
            // SAFETY: as above, `size()` is `b.len()`.
            InfoValue::Bytes(b) => unsafe {
                std::ptr::copy_nonoverlapping(b.as_ptr(), dst, b.len())
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_str_truncates_and_pads() {
        let v = InfoValue::fixed_str::<8>("abcdefghij");
        assert_eq!(v, InfoValue::Bytes(b"abcdefg\0".to_vec()));
        let v = InfoValue::fixed_str::<8>("ab");
        assert_eq!(v, InfoValue::Bytes(b"ab\0\0\0\0\0\0".to_vec()));
    }

    #[test]
    fn writes_exact_sizes() {
        let mut buf = [0xAAu8; 16];
        // SAFETY: buf has 16 bytes, every value written here is at most 8.
        unsafe { InfoValue::U16(0x1234).write_to(buf.as_mut_ptr().cast()) };
        assert_eq!(&buf[..3], &[0x34, 0x12, 0xAA]);
        // SAFETY: as above.
        unsafe { InfoValue::Bool(true).write_to(buf.as_mut_ptr().cast()) };
        assert_eq!(buf[0], 1);
        assert_eq!(InfoValue::u32_array(&[1, 2, 3]).size(), 12);
    }
}
