//! NVIDIA code-object images: recognising them ([`detect`]) and structural checks before
//! they reach `cuModuleLoadData` ([`check`], [`check_bytes`]), shared by the HIP runtime
//! (`hipModuleLoad*`, nvcc's registered fat binaries) and the HSA runtime (executables of
//! NVIDIA agents).
//!
//! The driver trusts an image's own size fields: given a damaged fatbin (an entry header
//! zeroed, say) `cuModuleLoadData` was seen to spin forever on the H100 instead of failing.
//! HIP's contract is `hipErrorInvalidImage`/`hipErrorInvalidKernelFile` for a bad image
//! (HSA's `HSA_STATUS_ERROR_INVALID_CODE_OBJECT`), so fatbins and cubins (ELF) are walked
//! here first: every size and offset must stay
//! inside the image, and every entry/section must be plausible. PTX (text) is left to the
//! driver's parser, which reports its own errors. These checks read only bytes the image
//! itself says it has.

use std::ffi::c_void;

/// An image whose structure is broken (a size or offset outside it, an implausible entry).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("invalid NVIDIA code-object image")]
pub struct InvalidImage;

/// What a structural check returns.
pub type ImageResult = Result<(), InvalidImage>;

/// The kind of an NVIDIA code-object image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    /// PTX assembly text (JIT-compiled by the driver for the device).
    Ptx,
    /// A cubin: an ELF for `EM_CUDA` (190).
    Cubin,
    /// A fatbin (magic `0xBA55ED50`): cubins and/or PTX for several targets.
    Fatbin,
}

/// `EM_CUDA`: an ELF's machine for NVIDIA GPUs.
const EM_CUDA: u16 = 190;

/// `FATBINC_MAGIC`: nvcc's fat-binary wrapper (`__fatBinC_Wrapper_t`).
pub const FATBIN_WRAPPER_MAGIC: u32 = 0x4662_43B1;
/// A bare fatbin's header magic.
pub const FATBIN_MAGIC: u32 = 0xBA55_ED50;
/// An ELF (cubin) image's magic, read little-endian.
pub const ELF_MAGIC: u32 = 0x464C_457F;

/// Fatbin header: magic u32, version u16, header size u16, size of the entries u64.
const FATBIN_HEADER_MIN: usize = 16;
/// Fatbin entry header: kind u16, version u16, header size u32, payload size u64, ...
const FATBIN_ENTRY_HEADER_MIN: usize = 16;
/// Upper bound for one image (the driver rejects far smaller ones anyway): a corrupt size
/// must not make the walk read gigabytes of memory the image does not have.
const IMAGE_SIZE_MAX: u64 = 1 << 32;
/// ELF64 section header size.
const ELF_SHDR_SIZE: u64 = 64;
const SHT_NULL: u32 = 0;
const SHT_STRTAB: u32 = 3;
const SHT_NOBITS: u32 = 8;

/// Reads little-endian integers at offsets of an image of unknown length.
#[derive(Clone, Copy)]
struct Bytes(*const u8);

impl Bytes {
    /// # Safety
    /// `off..off + N` must be readable.
    unsafe fn read<const N: usize>(self, off: u64) -> [u8; N] {
        let mut b = [0u8; N];
        // SAFETY: the caller guarantees the range is readable; `b` is N bytes.
        unsafe { std::ptr::copy_nonoverlapping(self.0.add(off as usize), b.as_mut_ptr(), N) };
        b
    }
    /// # Safety
    /// As for [`Bytes::read`].
    unsafe fn u16(self, off: u64) -> u16 {
        // SAFETY: forwarded.
        u16::from_le_bytes(unsafe { self.read(off) })
    }
    /// # Safety
    /// As for [`Bytes::read`].
    unsafe fn u32(self, off: u64) -> u32 {
        // SAFETY: forwarded.
        u32::from_le_bytes(unsafe { self.read(off) })
    }
    /// # Safety
    /// As for [`Bytes::read`].
    unsafe fn u64(self, off: u64) -> u64 {
        // SAFETY: forwarded.
        u64::from_le_bytes(unsafe { self.read(off) })
    }
    fn at(self, off: u64) -> Bytes {
        Bytes(self.0.wrapping_add(off as usize))
    }
}

/// Checks a fatbin or ELF image's structure (anything else, PTX text, passes unchecked):
/// [`InvalidImage`] if a size or offset leaves the image or an entry is implausible.
///
/// # Safety
/// `image` must be readable for at least 4 bytes and, if it is a fatbin or ELF image, for
/// the length its headers give as long as those are consistent (what the driver assumes).
pub unsafe fn check(image: *const c_void) -> ImageResult {
    // SAFETY: forwarded from the caller; no length limit beyond the image's own headers.
    unsafe { check_within(Bytes(image.cast()), None) }
}

/// [`check`] for an image held in a slice: also [`InvalidImage`] when its headers announce
/// more bytes than the slice has (nothing past the slice is read).
pub fn check_bytes(bytes: &[u8]) -> ImageResult {
    if bytes.len() < 4 {
        return Ok(()); // too short to be a binary image: PTX or garbage, the driver's to judge
    }
    // SAFETY: every read is bounded by `bytes.len()` (the limit).
    unsafe { check_within(Bytes(bytes.as_ptr()), Some(bytes.len() as u64)) }
}

/// # Safety
/// 4 bytes readable, and as far as the consistent headers say (bounded by `limit` if given).
unsafe fn check_within(b: Bytes, limit: Option<u64>) -> ImageResult {
    // SAFETY: at least 4 readable bytes (the caller's contract).
    match unsafe { b.u32(0) } {
        // SAFETY: a fatbin: its header is readable (checked against `limit` first).
        FATBIN_MAGIC => unsafe { check_fatbin(b, limit) },
        // SAFETY: an ELF image: its header is readable (checked against `limit` first).
        ELF_MAGIC => unsafe { check_elf(b, limit) },
        _ => Ok(()),
    }
}

/// Recognises an NVIDIA image by its first bytes (fatbin magic, ELF for `EM_CUDA`) or,
/// for PTX, by its `.version` and `.target` directives.
pub fn detect(bytes: &[u8]) -> Option<ImageKind> {
    if bytes.len() >= 8
        && u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) == FATBIN_MAGIC
    {
        return Some(ImageKind::Fatbin);
    }
    if bytes.len() >= 20 && bytes.starts_with(b"\x7fELF") {
        let machine = u16::from_le_bytes([bytes[18], bytes[19]]);
        return (bytes[5] == 1 && machine == EM_CUDA).then_some(ImageKind::Cubin);
    }
    let text = std::str::from_utf8(bytes).ok()?.trim_end_matches('\0');
    let directive = |name: &str| {
        strip_ptx_comments(text)
            .lines()
            .any(|l| l.split_whitespace().next() == Some(name))
    };
    (directive(".version") && directive(".target")).then_some(ImageKind::Ptx)
}

/// # Safety
/// `b` must be a fatbin readable as far as its consistent headers say (and `limit` bytes
/// if given).
unsafe fn check_fatbin(b: Bytes, limit: Option<u64>) -> ImageResult {
    if limit.is_some_and(|n| n < FATBIN_HEADER_MIN as u64) {
        return Err(InvalidImage);
    }
    // SAFETY: the 16-byte header is readable (caller; `limit` checked).
    let (header, size) = unsafe { (u64::from(b.u16(6)), b.u64(8)) };
    if header < FATBIN_HEADER_MIN as u64 || size == 0 || size > IMAGE_SIZE_MAX {
        return Err(InvalidImage);
    }
    let end = header + size;
    if limit.is_some_and(|n| end > n) {
        return Err(InvalidImage);
    }
    let mut off = header;
    while off < end {
        if end - off < FATBIN_ENTRY_HEADER_MIN as u64 {
            return Err(InvalidImage);
        }
        // SAFETY: `off + 16 <= end`, inside the image its header announced.
        let (kind, entry_header, payload) =
            unsafe { (b.u16(off), u64::from(b.u32(off + 4)), b.u64(off + 8)) };
        let plausible = kind != 0
            && entry_header >= FATBIN_ENTRY_HEADER_MIN as u64
            && payload != 0
            && entry_header
                .checked_add(payload)
                .is_some_and(|n| n <= end - off);
        if !plausible {
            return Err(InvalidImage);
        }
        let body = off + entry_header;
        // SAFETY: `payload >= 1` bytes at `body` lie inside the image; 4 are read only when
        // there are 4.
        if payload >= 4 && unsafe { b.u32(body) } == ELF_MAGIC {
            // SAFETY: the payload is `payload` readable bytes.
            unsafe { check_elf(b.at(body), Some(payload)) }?;
        }
        off = body + payload;
    }
    Ok(())
}

/// # Safety
/// `b` must be an ELF image readable as far as its consistent headers say (and, with
/// `len`, for `len` bytes).
unsafe fn check_elf(b: Bytes, len: Option<u64>) -> ImageResult {
    if len.is_some_and(|n| n < 64) {
        return Err(InvalidImage);
    }
    // SAFETY: the 64-byte ELF64 header is readable (caller; `len` checked).
    let (class, data, shoff, shentsize, shnum, shstrndx) = unsafe {
        (
            b.read::<1>(4)[0],
            b.read::<1>(5)[0],
            b.u64(0x28),
            u64::from(b.u16(0x3A)),
            u64::from(b.u16(0x3C)),
            u64::from(b.u16(0x3E)),
        )
    };
    let table_end = shoff.checked_add(shnum * ELF_SHDR_SIZE);
    let fits = |end: Option<u64>| end.is_some_and(|e| e <= len.unwrap_or(IMAGE_SIZE_MAX));
    if class != 2
        || data != 1
        || shentsize != ELF_SHDR_SIZE
        || shnum < 2
        || shstrndx >= shnum
        || shoff < 64
        || !fits(table_end)
    {
        return Err(InvalidImage);
    }
    for i in 1..shnum {
        let sh = shoff + i * ELF_SHDR_SIZE;
        // SAFETY: section header `i` lies inside the table, inside the image.
        let (kind, offset, size) = unsafe { (b.u32(sh + 4), b.u64(sh + 0x18), b.u64(sh + 0x20)) };
        if kind == SHT_NULL || (i == shstrndx && kind != SHT_STRTAB) {
            return Err(InvalidImage);
        }
        if kind != SHT_NOBITS && !fits(offset.checked_add(size)) {
            return Err(InvalidImage);
        }
    }
    Ok(())
}

/// PTX text without `//` and `/* */` comments (string literals do not occur at the
/// declaration level PTX scanning looks at). Line structure is kept.
pub fn strip_ptx_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('/', Some('/')) => {
                // Up to (not including) the end of the line.
                while chars.peek().is_some_and(|&n| n != '\n') {
                    chars.next();
                }
            }
            ('/', Some('*')) => {
                chars.next();
                let mut prev = '\0';
                for n in chars.by_ref() {
                    if n == '\n' {
                        out.push('\n');
                    }
                    if prev == '*' && n == '/' {
                        break;
                    }
                    prev = n;
                }
                out.push(' ');
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal ELF64 image: header, a `.shstrtab` and a `.text`, three section headers.
    fn tiny_elf() -> Vec<u8> {
        let mut v = vec![0u8; 64];
        v[..4].copy_from_slice(&ELF_MAGIC.to_le_bytes());
        v[4] = 2;
        v[5] = 1;
        let strtab = b"\0.shstrtab\0.text\0";
        let strtab_off = v.len() as u64;
        v.extend_from_slice(strtab);
        let text_off = v.len() as u64;
        v.extend_from_slice(&[0xAA; 16]);
        while v.len() % 8 != 0 {
            v.push(0);
        }
        let shoff = v.len() as u64;
        v[0x28..0x30].copy_from_slice(&shoff.to_le_bytes());
        v[0x3A..0x3C].copy_from_slice(&64u16.to_le_bytes());
        v[0x3C..0x3E].copy_from_slice(&3u16.to_le_bytes());
        v[0x3E..0x40].copy_from_slice(&1u16.to_le_bytes());
        let mut shdr = |kind: u32, off: u64, size: u64| {
            let mut h = [0u8; 64];
            h[4..8].copy_from_slice(&kind.to_le_bytes());
            h[0x18..0x20].copy_from_slice(&off.to_le_bytes());
            h[0x20..0x28].copy_from_slice(&size.to_le_bytes());
            v.extend_from_slice(&h);
        };
        shdr(SHT_NULL, 0, 0);
        shdr(SHT_STRTAB, strtab_off, strtab.len() as u64);
        shdr(1, text_off, 16);
        v
    }

    /// A fatbin holding `payloads` (kind 2 entries, 64-byte entry headers).
    fn fatbin(payloads: &[&[u8]]) -> Vec<u8> {
        let mut entries = Vec::new();
        for p in payloads {
            let mut h = [0u8; 64];
            h[0..2].copy_from_slice(&2u16.to_le_bytes());
            h[4..8].copy_from_slice(&64u32.to_le_bytes());
            h[8..16].copy_from_slice(&(p.len() as u64).to_le_bytes());
            entries.extend_from_slice(&h);
            entries.extend_from_slice(p);
        }
        let mut v = Vec::new();
        v.extend_from_slice(&FATBIN_MAGIC.to_le_bytes());
        v.extend_from_slice(&1u16.to_le_bytes());
        v.extend_from_slice(&16u16.to_le_bytes());
        v.extend_from_slice(&(entries.len() as u64).to_le_bytes());
        v.extend_from_slice(&entries);
        v
    }

    fn checked(v: &[u8]) -> ImageResult {
        // The slice form must agree on complete images.
        assert_eq!(check_bytes(v), {
            // SAFETY: as below.
            unsafe { check(v.as_ptr().cast()) }
        });
        // SAFETY: `v` holds the whole image its headers describe (or less, which the
        // checks must catch without reading past `v`... they only read announced ranges,
        // so every test image below is complete).
        unsafe { check(v.as_ptr().cast()) }
    }

    #[test]
    fn well_formed_images_pass() {
        let elf = tiny_elf();
        assert_eq!(checked(&elf), Ok(()));
        assert_eq!(checked(&fatbin(&[&elf, b"// ptx text\0"])), Ok(()));
        assert_eq!(
            checked(b".version 8.0\0"),
            Ok(()),
            "PTX is the driver's to parse"
        );
    }

    #[test]
    fn damaged_fatbins_are_invalid_images() {
        let elf = tiny_elf();
        let good = fatbin(&[&elf, b"// ptx text\0"]);
        // Everything after the first third zeroed (module_api.hip's damaged image).
        let mut zeroed = good.clone();
        let third = zeroed.len() / 3;
        zeroed[third..].fill(0);
        assert_eq!(checked(&zeroed), Err(InvalidImage));
        // An entry whose sizes overrun the fatbin.
        let mut overrun = good.clone();
        overrun[16 + 8..16 + 16].copy_from_slice(&u64::MAX.to_le_bytes());
        assert_eq!(checked(&overrun), Err(InvalidImage));
        // A zero-sized entry header (the walk would not advance).
        let mut stuck = good;
        stuck[16 + 4..16 + 8].fill(0);
        assert_eq!(checked(&stuck), Err(InvalidImage));
    }

    #[test]
    fn damaged_elf_images_are_invalid() {
        let good = tiny_elf();
        let mut no_sections = good.clone();
        let shoff = u64::from_le_bytes(good[0x28..0x30].try_into().unwrap()) as usize;
        no_sections[shoff..].fill(0);
        assert_eq!(checked(&no_sections), Err(InvalidImage));
        let mut wrong_class = good;
        wrong_class[4] = 1;
        assert_eq!(checked(&wrong_class), Err(InvalidImage));
    }

    #[test]
    fn truncated_slices_are_invalid_and_kinds_are_detected() {
        let elf = tiny_elf();
        let fb = fatbin(&[&elf]);
        assert_eq!(check_bytes(&fb[..fb.len() - 1]), Err(InvalidImage));
        assert_eq!(check_bytes(&elf[..70]), Err(InvalidImage));
        assert_eq!(detect(&fb), Some(ImageKind::Fatbin));
        assert_eq!(
            detect(b".version 8.0\n.target sm_90\n"),
            Some(ImageKind::Ptx)
        );
        assert_eq!(detect(b"// .version 8.0\n.target sm_90\n"), None);
        assert_eq!(detect(b"garbage"), None);
    }
}
