//! What the runner needs to know of one library: its probe table, its handle types, how
//! to make valid values for the parameters a case does not spoil, and the sanity sequence
//! that must still work after each bad call.

use crate::classes::{Class, Kind};
use crate::{Param, Probe, Value};

/// One library under test. The runner creates it once per child process.
pub trait Fixtures {
    /// The C library's name (`libamdhip64.so`), for the summary line.
    fn library(&self) -> &'static str;
    /// The probe table generated from the library's declaration list.
    fn probes(&self) -> &'static [Probe];
    /// The handle family of a type of the list (`"stream"` for `hipStream_t`).
    fn handle_family(&self, ty: &str) -> Option<&'static str>;
    /// A kind the generic rules cannot tell from the type and name (callback type
    /// aliases, structures passed by value, ...).
    fn kind_override(&self, _p: &Param) -> Option<Kind> {
        None
    }
    /// Why function `name` is not probed, or `None` if it is.
    fn skip(&self, _name: &str) -> Option<&'static str> {
        None
    }
    /// Whether `class` makes no bad input for this parameter (a NULL stream is the
    /// null stream, a NULL optional out-pointer is allowed...).
    fn is_valid_input(&self, _probe: &Probe, _param: &Param, _kind: Kind, _class: Class) -> bool {
        false
    }
    /// Starts the library in this process (runtime initialisation).
    fn setup(&mut self) -> Result<(), String>;
    /// A valid value for a parameter of `kind`, created for the current case (a live
    /// handle, a device allocation...); `None` leaves the runner's default (a zeroed host
    /// buffer for pointers, 64 for sizes, 1 for counts, 0 for flags and devices).
    fn valid(&mut self, kind: Kind, param: &Param) -> Option<Value>;
    /// A handle or allocation of `kind` that existed and was destroyed or freed.
    fn destroyed(&mut self, kind: Kind) -> Option<Value>;
    /// A live handle of a family other than `family`.
    fn other_family(&mut self, family: &'static str) -> Option<Value>;
    /// Releases what [`valid`](Fixtures::valid) created for the case (errors ignored:
    /// the call may have consumed it).
    fn release(&mut self);
    /// Work that must still succeed after any bad call: allocation, copies, a stream,
    /// synchronisation. An error or a wrong result is a corruption.
    fn sanity(&mut self) -> Result<(), String>;
    /// Whether `code`, returned by `probe`, means success.
    fn is_success(&self, probe: &Probe, code: i64) -> bool;
}
