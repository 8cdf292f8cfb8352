//! What a parameter is, and which classes of bad input apply to it.
//!
//! The kind comes from the parameter's type as the declaration list writes it and, where
//! the type alone is ambiguous (`*mut c_void` is a device pointer, a host buffer or a
//! structure; `c_int` a count, a device ordinal or an enum), from its name. A library's
//! fixtures name its handle types ([`Fixtures::handle_family`](crate::library::Fixtures)).

use crate::Param;

/// What a parameter is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// An opaque handle of a family (`"stream"`, `"event"`, `"plan"`...).
    Handle(&'static str),
    /// Where a handle is written (`*mut hipStream_t`).
    HandleOut(&'static str),
    /// A pointer to data: device memory, or host memory the function reads or writes.
    Data,
    /// A pointer to a result the function writes (`*mut c_int`, `*mut usize`...).
    Out,
    /// A pointer to a structure or array the function reads.
    In,
    /// A NUL-terminated string.
    Str,
    /// A size in bytes or elements (`usize`).
    Size,
    /// A signed or unsigned count, dimension, index, stride, leading dimension.
    Count,
    /// Flags, an enum, an attribute selector.
    Flags,
    /// A device ordinal.
    Device,
    Float,
    Callback,
    /// A structure passed by value.
    Plain,
}

/// A class of bad input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    Null,
    /// An address nothing is mapped at.
    Garbage,
    /// A handle or allocation that was destroyed/freed before the call.
    Destroyed,
    /// A live handle of another family.
    WrongType,
    /// Ordinary host memory (`malloc`) where device memory is expected.
    ForeignHost,
    /// A valid allocation plus one byte.
    Misaligned,
    Zero,
    /// `usize::MAX` / `i32::MAX`-like values.
    Huge,
    Negative,
    /// Enum values and flag bits nobody defined.
    Unknown,
    /// NaN and infinity.
    NotFinite,
    /// A structure filled with 0xA5 bytes.
    GarbageBytes,
}

impl Class {
    pub const ALL: [Class; 12] = [
        Class::Null,
        Class::Garbage,
        Class::Destroyed,
        Class::WrongType,
        Class::ForeignHost,
        Class::Misaligned,
        Class::Zero,
        Class::Huge,
        Class::Negative,
        Class::Unknown,
        Class::NotFinite,
        Class::GarbageBytes,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Class::Null => "null",
            Class::Garbage => "garbage address",
            Class::Destroyed => "destroyed/freed",
            Class::WrongType => "handle of the wrong type",
            Class::ForeignHost => "foreign host pointer",
            Class::Misaligned => "misaligned",
            Class::Zero => "zero",
            Class::Huge => "huge",
            Class::Negative => "negative",
            Class::Unknown => "unknown enum value / flag bits",
            Class::NotFinite => "NaN / infinity",
            Class::GarbageBytes => "garbage structure",
        }
    }
}

/// The classes of bad input that apply to a parameter of kind `kind`.
pub fn classes_for(kind: Kind) -> &'static [Class] {
    use Class::*;
    match kind {
        Kind::Handle(_) => &[Null, Garbage, Destroyed, WrongType],
        Kind::HandleOut(_) | Kind::Out | Kind::In | Kind::Str => &[Null, Garbage],
        Kind::Data => &[Null, Garbage, Destroyed, ForeignHost, Misaligned],
        Kind::Size => &[Zero, Huge, Misaligned],
        Kind::Count => &[Zero, Negative, Huge],
        Kind::Flags => &[Negative, Unknown],
        Kind::Device => &[Negative, Huge],
        Kind::Float => &[NotFinite],
        Kind::Callback => &[Null],
        Kind::Plain => &[Zero, GarbageBytes],
    }
}

fn strip_pointer(ty: &str) -> Option<(&str, bool)> {
    let ty = ty.trim();
    if let Some(rest) = ty.strip_prefix("*mut") {
        Some((rest.trim(), true))
    } else {
        ty.strip_prefix("*const").map(|rest| (rest.trim(), false))
    }
}

const SCALARS: &[&str] = &[
    "c_int",
    "c_uint",
    "c_long",
    "c_ulong",
    "c_longlong",
    "c_ulonglong",
    "c_short",
    "c_ushort",
    "c_char",
    "c_uchar",
    "c_float",
    "c_double",
    "i8",
    "u8",
    "i16",
    "u16",
    "i32",
    "u32",
    "i64",
    "u64",
    "isize",
    "usize",
    "f32",
    "f64",
    "bool",
];

fn is_scalar(ty: &str) -> bool {
    SCALARS.contains(&ty)
}

fn name_has(name: &str, words: &[&str]) -> bool {
    let n = name.to_ascii_lowercase();
    words.iter().any(|w| n.contains(w))
}

/// The kind of `p`, `handle_family` naming the library's handle types.
pub fn classify(p: &Param, handle_family: &dyn Fn(&str) -> Option<&'static str>) -> Kind {
    let ty = p.ty.trim();
    let ty = ty.strip_prefix("hip::").unwrap_or(ty);
    let name = p.name;
    if let Some(f) = handle_family(ty) {
        return Kind::Handle(f);
    }
    if ty.starts_with("Option<") || ty.contains("fn(") {
        return Kind::Callback;
    }
    if let Some((pointee, mutable)) = strip_pointer(ty) {
        if let Some(f) = handle_family(pointee) {
            return if mutable {
                Kind::HandleOut(f)
            } else {
                Kind::In
            };
        }
        if pointee == "c_char" && !mutable {
            return Kind::Str;
        }
        if pointee == "c_void" {
            return Kind::Data;
        }
        if is_scalar(pointee) {
            // A pointer to numbers is a result unless the function reads an array from it.
            return if mutable && !name_has(name, &["arr", "data", "values", "list"]) {
                Kind::Out
            } else {
                Kind::In
            };
        }
        return if mutable { Kind::Out } else { Kind::In };
    }
    match ty {
        "f32" | "f64" | "c_float" | "c_double" => Kind::Float,
        "usize" | "isize" => {
            if name_has(name, &["flag"]) {
                Kind::Flags
            } else {
                Kind::Size
            }
        }
        t if is_scalar(t) => {
            if name_has(name, &["device", "dev_id", "ordinal", "dv_ind", "gpu"])
                && !name_has(name, &["ptr", "attr", "count", "size"])
            {
                Kind::Device
            } else if name_has(
                name,
                &[
                    "flag",
                    "kind",
                    "attr",
                    "type",
                    "mode",
                    "config",
                    "op",
                    "limit",
                    "advice",
                    "fill",
                    "uplo",
                    "trans",
                    "diag",
                    "side",
                    "format",
                    "direction",
                    "order",
                    "status",
                    "error",
                    "level",
                    "policy",
                    "mask",
                    "property",
                    "algo",
                ],
            ) {
                Kind::Flags
            } else {
                Kind::Count
            }
        }
        _ => Kind::Plain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(name: &'static str, ty: &'static str) -> Kind {
        classify(&Param { name, ty }, &|t| {
            (t == "StreamT").then_some("stream")
        })
    }

    #[test]
    fn kinds_from_types_and_names() {
        assert_eq!(kind("stream", "StreamT"), Kind::Handle("stream"));
        assert_eq!(kind("stream", "*mut StreamT"), Kind::HandleOut("stream"));
        assert_eq!(kind("dst", "*mut c_void"), Kind::Data);
        assert_eq!(kind("count", "*mut c_int"), Kind::Out);
        assert_eq!(kind("name", "*const c_char"), Kind::Str);
        assert_eq!(kind("size", "usize"), Kind::Size);
        assert_eq!(kind("flags", "c_uint"), Kind::Flags);
        assert_eq!(kind("device", "c_int"), Kind::Device);
        assert_eq!(kind("width", "c_int"), Kind::Count);
        assert_eq!(kind("grid", "Dim3"), Kind::Plain);
        assert_eq!(
            kind("f", "Option<unsafe extern \"C\" fn(*mut c_void)>"),
            Kind::Callback
        );
    }

    #[test]
    fn every_kind_has_classes() {
        for k in [
            Kind::Data,
            Kind::Size,
            Kind::Flags,
            Kind::Plain,
            Kind::Callback,
        ] {
            assert!(!classes_for(k).is_empty());
        }
    }
}
