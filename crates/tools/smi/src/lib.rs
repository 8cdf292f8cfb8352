//! # amd-smi and rocm-smi
//!
//! ROCm's monitoring command lines over `ferrocm-smi`'s devices: [`amd`] builds amd-smi's
//! reports (same subcommands, keys and `--json`/`--csv` shapes), [`rocm`] rocm-smi's, and
//! [`tree`] renders them. The binaries in `src/bin/` parse the command lines.

pub mod amd;
pub mod rocm;
pub mod tree;

use smi::{Device, Inventory};

/// The devices selected by `-g/--gpu` (amd-smi) or `-d/--device` (rocm-smi): all when the
/// list is empty; an index that does not exist is an error naming it.
pub fn select<'a>(
    inv: &'a Inventory,
    ids: &[usize],
) -> Result<Vec<(usize, &'a dyn Device)>, String> {
    if ids.is_empty() {
        return Ok(inv.iter().enumerate().collect());
    }
    ids.iter()
        .map(|&i| {
            inv.get(i)
                .map(|d| (i, d))
                .map_err(|_| format!("no device {i} (there are {})", inv.len()))
        })
        .collect()
}
