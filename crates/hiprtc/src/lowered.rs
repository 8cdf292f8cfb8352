//! Lowered (mangled) names of name expressions, read from the compiled code object.
//!
//! For name expression `i`, hiprtc appends to the source an exported anchor
//! `extern "C" const void *const __ferrocm_name_expr_<i> = (const void *)&<expr>;` (see
//! [`crate::compile::name_expression_block`]). The anchor's 8 bytes hold the address of the
//! kernel (or variable) the expression names, and the symbol defined at that address is the
//! lowered name. This module finds it in the ELF file without loading it (no constructor of
//! the user's code runs):
//!
//! 1. the anchor symbol's address (dynamic symbol table, else the static one);
//! 2. the dynamic relocation that fills it: a symbolic one (`R_X86_64_64`, `R_AARCH64_ABS64`:
//!    the kernel is a preemptible exported symbol) names the symbol directly; a relative one
//!    (`R_*_RELATIVE`) gives the address in its addend; without a relocation (packed RELR
//!    relocations, non-PIC output) the address is the stored value;
//! 3. the symbol defined at that address: the dynamic symbol table first (what the loader's
//!    `dladdr` finds, so the name is the one `hipModuleGetFunction` accepts), then the static
//!    one.

use object::{Object, ObjectSection, ObjectSymbol, ObjectSymbolTable, RelocationTarget};

/// The anchor symbol of name expression `i`.
pub fn anchor_symbol(i: usize) -> String {
    format!("__ferrocm_name_expr_{i}")
}

/// Why lowered names could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read the code object's symbols: {0}")]
pub struct LoweredError(pub String);

/// For each anchor symbol in `anchors`, the lowered name of the symbol it points to (`None`
/// if the anchor or the symbol cannot be found).
pub fn lowered_names(code: &[u8], anchors: &[String]) -> Result<Vec<Option<String>>, LoweredError> {
    let file = object::File::parse(code).map_err(|e| LoweredError(e.to_string()))?;
    Ok(anchors.iter().map(|a| lowered_name(&file, a)).collect())
}

fn find_symbol<'data, 'file>(
    file: &'file object::File<'data>,
    name: &str,
) -> Option<object::Symbol<'data, 'file>> {
    file.dynamic_symbols()
        .chain(file.symbols())
        .find(|s| s.is_definition() && s.name() == Ok(name))
}

/// The pointer stored at `address` in the file (little- or big-endian per the file).
fn stored_pointer(file: &object::File<'_>, address: u64) -> Option<u64> {
    let size: u64 = if file.is_64() { 8 } else { 4 };
    // The addresses come from the file: a sum that overflows is outside every section (and a
    // section whose end overflows is malformed), never a panic or a wrapped comparison.
    let end = address.checked_add(size)?;
    for section in file.sections() {
        let start = section.address();
        let Some(section_end) = start.checked_add(section.size()) else {
            continue;
        };
        if address < start || end > section_end {
            continue;
        }
        let data = section.data().ok()?;
        let off = usize::try_from(address - start).ok()?;
        let bytes = data.get(off..off.checked_add(size as usize)?)?;
        let v = if size == 8 {
            let b: [u8; 8] = bytes.try_into().ok()?;
            if file.is_little_endian() {
                u64::from_le_bytes(b)
            } else {
                u64::from_be_bytes(b)
            }
        } else {
            let b: [u8; 4] = bytes.try_into().ok()?;
            u64::from(if file.is_little_endian() {
                u32::from_le_bytes(b)
            } else {
                u32::from_be_bytes(b)
            })
        };
        return Some(v);
    }
    None
}

/// The name of a defined symbol at `address` (dynamic symbols first, globals preferred).
fn symbol_at(file: &object::File<'_>, address: u64) -> Option<String> {
    let good = |s: &object::Symbol<'_, '_>| {
        s.address() == address
            && s.is_definition()
            && matches!(
                s.kind(),
                object::SymbolKind::Text | object::SymbolKind::Data | object::SymbolKind::Unknown
            )
            && s.name().is_ok_and(|n| !n.is_empty())
    };
    let pick = |syms: &mut dyn Iterator<Item = object::Symbol<'_, '_>>| -> Option<String> {
        let mut local = None;
        for s in syms.filter(|s| good(s)) {
            let name = s.name().ok()?.to_owned();
            if s.is_global() {
                return Some(name);
            }
            local.get_or_insert(name);
        }
        local
    };
    pick(&mut file.dynamic_symbols()).or_else(|| pick(&mut file.symbols()))
}

fn lowered_name(file: &object::File<'_>, anchor: &str) -> Option<String> {
    let anchor_address = find_symbol(file, anchor)?.address();
    if let Some(relocs) = file.dynamic_relocations() {
        for (offset, r) in relocs {
            if offset != anchor_address {
                continue;
            }
            return match r.target() {
                RelocationTarget::Symbol(index) => {
                    let table = file.dynamic_symbol_table()?;
                    let sym = table.symbol_by_index(index).ok()?;
                    if sym.is_definition() && r.addend() != 0 {
                        let target = sym.address().checked_add_signed(r.addend())?;
                        symbol_at(file, target)
                    } else {
                        sym.name().ok().map(str::to_owned)
                    }
                }
                RelocationTarget::Absolute => {
                    let target = if r.has_implicit_addend() {
                        stored_pointer(file, anchor_address)?
                    } else {
                        u64::try_from(r.addend()).ok()?
                    };
                    symbol_at(file, target)
                }
                _ => None,
            };
        }
    }
    let target = stored_pointer(file, anchor_address)?;
    if target == 0 {
        return None;
    }
    symbol_at(file, target)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An ELF64 little-endian x86-64 shared object with one `PROGBITS` section `.data` at
    /// `address` of `size` bytes (its contents: `size.min(16)` bytes of 0x11), a `.shstrtab`,
    /// and no symbols.
    fn elf_with_section(address: u64, size: u64) -> Vec<u8> {
        let mut v = vec![0u8; 64];
        v[..4].copy_from_slice(b"\x7fELF");
        v[4] = 2; // ELFCLASS64
        v[5] = 1; // little-endian
        v[6] = 1; // EV_CURRENT
        v[16..18].copy_from_slice(&3u16.to_le_bytes()); // ET_DYN
        v[18..20].copy_from_slice(&62u16.to_le_bytes()); // EM_X86_64
        v[20..24].copy_from_slice(&1u32.to_le_bytes());
        v[52..54].copy_from_slice(&64u16.to_le_bytes()); // e_ehsize
        let names = b"\0.shstrtab\0.data\0";
        let names_off = v.len() as u64;
        v.extend_from_slice(names);
        let data_off = v.len() as u64;
        v.extend(std::iter::repeat_n(0x11u8, size.min(16) as usize));
        while v.len() % 8 != 0 {
            v.push(0);
        }
        let shoff = v.len() as u64;
        v[0x28..0x30].copy_from_slice(&shoff.to_le_bytes());
        v[0x3A..0x3C].copy_from_slice(&64u16.to_le_bytes());
        v[0x3C..0x3E].copy_from_slice(&3u16.to_le_bytes());
        v[0x3E..0x40].copy_from_slice(&1u16.to_le_bytes());
        let mut shdr = |name: u32, kind: u32, addr: u64, off: u64, size: u64| {
            let mut h = [0u8; 64];
            h[0..4].copy_from_slice(&name.to_le_bytes());
            h[4..8].copy_from_slice(&kind.to_le_bytes());
            h[0x10..0x18].copy_from_slice(&addr.to_le_bytes());
            h[0x18..0x20].copy_from_slice(&off.to_le_bytes());
            h[0x20..0x28].copy_from_slice(&size.to_le_bytes());
            v.extend_from_slice(&h);
        };
        shdr(0, 0, 0, 0, 0);
        shdr(1, 3, 0, names_off, names.len() as u64);
        shdr(11, 1, address, data_off, size.min(16));
        v
    }

    #[test]
    fn a_pointer_inside_a_section_is_read() {
        let elf = elf_with_section(0x1000, 16);
        let file = object::File::parse(&*elf).expect("parse");
        assert_eq!(stored_pointer(&file, 0x1008), Some(0x1111_1111_1111_1111));
        assert_eq!(stored_pointer(&file, 0x1009), None, "runs past the section");
    }

    /// Found by fuzzing (fuzz target `cpu_code_object`): an anchor address near the top of
    /// the address space, or a section whose address plus size overflows, made
    /// `address + size > start + section.size()` overflow (a panic with overflow checks).
    #[test]
    fn addresses_near_the_top_of_the_address_space_are_not_found() {
        let elf = elf_with_section(0x1000, 16);
        let file = object::File::parse(&*elf).expect("parse");
        assert_eq!(stored_pointer(&file, u64::MAX - 3), None);
        let elf = elf_with_section(u64::MAX - 7, 16);
        let file = object::File::parse(&*elf).expect("parse");
        assert_eq!(stored_pointer(&file, u64::MAX - 7), None);
        assert_eq!(stored_pointer(&file, u64::MAX - 20), None);
    }
}
