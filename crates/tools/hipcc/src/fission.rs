//! Loop fission: kernels split at their barriers (docs/HIP_CPU.md, `include/hip/cpu/fission.h`).
//!
//! On the CPU a `__syncthreads()` normally means fibers: every work-item of the group gets a
//! stack and the thread switches between them at each barrier. When all the barriers of a
//! kernel are plain statements of its body's outermost block, the kernel can instead run
//! *phase by phase*: the statements between two barriers for every work-item of the group in
//! a loop, then the next stretch. [`split_kernel`] writes that second version of the body,
//! which hipcc inserts at the start of the kernel; the engine offers it each work-group and it
//! runs the group without fibers (the header part is `hip_impl::fission`).
//!
//! Wavefront operations split the body too (an *exchange*): a statement that calls `__shfl*`,
//! `__ballot`, `__any`, `__all` or `__activemask` (or their `_sync` forms) starts a new phase,
//! and the phase before it ends with every work-item storing the value it contributes; the
//! statement's call then reads the other lanes' values (`hip_impl::fission::shfl_down` & co.).
//! `__syncwarp()` is a plain phase boundary. Moving the evaluation of the contributed value to
//! the end of the phase before is only equivalent when nothing in between can change it or be
//! changed by it, so the statement must be simple ([`Splitter::exchange`] lists the rules).
//!
//! The split is applied only where it is certainly equivalent; anything unusual leaves the
//! kernel alone (it then runs on fibers as before):
//!
//! - every barrier is a top-level `__syncthreads();` (or `__syncwarp();`), every wavefront
//!   operation is in a top-level exchange statement, and nothing else in the body can reach a
//!   barrier or a wavefront operation: calls go only to functions of this translation unit
//!   that (transitively) satisfy the same, to functions of the HIP device library that do not
//!   synchronise, to `std::` functions, or are constructor/cast syntax of known types;
//! - the body has no lambdas, `goto`, labels, `try`, preprocessor lines, inline assembly,
//!   local type definitions, `static` locals or chevron launches;
//! - top-level declarations are simple (`T a = x, *b;`), so that a variable that one phase
//!   declares and a later one uses can be kept per work-item (its type is written out); such
//!   a variable must not be a reference, an array, `auto`, or have its address taken;
//! - a parameter that the body may change (assigned, incremented, address taken, passed to a
//!   function of this unit, or a member of it used) gets a per-work-item copy, as each
//!   work-item has its own parameters.
//!
//! `__shared__` and `constexpr` declarations are repeated at the top of the split version
//! (shared memory is per group, so the split version's own variable is equivalent).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use crate::lexer::{tokenize, Token, TokenKind};

mod inline;

/// Functions of the HIP device library that synchronise (barriers, wavefront operations,
/// cooperative groups): a call to one keeps the kernel on fibers, but for the barriers and
/// wavefront operations that the split handles where they are top-level statements
/// ([`is_split_sync`]).
const SYNC_NAMES: &[&str] = &[
    "__syncthreads",
    "__syncthreads_count",
    "__syncthreads_and",
    "__syncthreads_or",
    "__syncwarp",
    "__shfl",
    "__shfl_up",
    "__shfl_down",
    "__shfl_xor",
    "__shfl_sync",
    "__shfl_up_sync",
    "__shfl_down_sync",
    "__shfl_xor_sync",
    "__ballot",
    "__ballot_sync",
    "__any",
    "__any_sync",
    "__all",
    "__all_sync",
    "__activemask",
    "__match_any",
    "__match_all",
    "__match_any_sync",
    "__match_all_sync",
    "__reduce_add_sync",
    "__reduce_min_sync",
    "__reduce_max_sync",
    "__reduce_and_sync",
    "__reduce_or_sync",
    "__reduce_xor_sync",
    "sync",
    "this_thread_block",
    "this_grid",
    "tiled_partition",
    "coalesced_threads",
    "cooperative_groups",
    "hip_impl",
];

/// Functions of the device library (besides the `__`-prefixed intrinsics, which are all
/// non-synchronising unless listed in [`SYNC_NAMES`]) and C library functions a kernel may
/// call: they never reach a barrier.
const LIBRARY_NAMES: &[&str] = &[
    // atomics
    "atomicAdd",
    "atomicSub",
    "atomicExch",
    "atomicMin",
    "atomicMax",
    "atomicInc",
    "atomicDec",
    "atomicCAS",
    "atomicAnd",
    "atomicOr",
    "atomicXor",
    "atomicAdd_system",
    "atomicSub_system",
    "atomicExch_system",
    "atomicMin_system",
    "atomicMax_system",
    "atomicCAS_system",
    "atomicAnd_system",
    "atomicOr_system",
    "atomicXor_system",
    "atomicInc_system",
    "atomicDec_system",
    "atomicAdd_block",
    "atomicSub_block",
    "atomicExch_block",
    "atomicMin_block",
    "atomicMax_block",
    "atomicCAS_block",
    "atomicAnd_block",
    "atomicOr_block",
    "atomicXor_block",
    "atomicInc_block",
    "atomicDec_block",
    "unsafeAtomicAdd",
    "safeAtomicAdd",
    // C and HIP math
    "abs",
    "labs",
    "llabs",
    "min",
    "max",
    "umin",
    "umax",
    "llmin",
    "llmax",
    "ullmin",
    "ullmax",
    "fabs",
    "fabsf",
    "fmin",
    "fminf",
    "fmax",
    "fmaxf",
    "fma",
    "fmaf",
    "fmod",
    "fmodf",
    "remainder",
    "remainderf",
    "remquo",
    "remquof",
    "fdim",
    "fdimf",
    "sqrt",
    "sqrtf",
    "rsqrt",
    "rsqrtf",
    "cbrt",
    "cbrtf",
    "rcbrt",
    "rcbrtf",
    "hypot",
    "hypotf",
    "rhypot",
    "rhypotf",
    "norm3d",
    "norm3df",
    "norm4d",
    "norm4df",
    "rnorm3d",
    "rnorm3df",
    "rnorm4d",
    "rnorm4df",
    "norm",
    "normf",
    "rnorm",
    "rnormf",
    "exp",
    "expf",
    "exp2",
    "exp2f",
    "exp10",
    "exp10f",
    "expm1",
    "expm1f",
    "log",
    "logf",
    "log2",
    "log2f",
    "log10",
    "log10f",
    "log1p",
    "log1pf",
    "logb",
    "logbf",
    "ilogb",
    "ilogbf",
    "pow",
    "powf",
    "powi",
    "powif",
    "sin",
    "sinf",
    "cos",
    "cosf",
    "tan",
    "tanf",
    "asin",
    "asinf",
    "acos",
    "acosf",
    "atan",
    "atanf",
    "atan2",
    "atan2f",
    "sinh",
    "sinhf",
    "cosh",
    "coshf",
    "tanh",
    "tanhf",
    "asinh",
    "asinhf",
    "acosh",
    "acoshf",
    "atanh",
    "atanhf",
    "sincos",
    "sincosf",
    "sinpi",
    "sinpif",
    "cospi",
    "cospif",
    "sincospi",
    "sincospif",
    "erf",
    "erff",
    "erfc",
    "erfcf",
    "erfinv",
    "erfinvf",
    "erfcinv",
    "erfcinvf",
    "erfcx",
    "erfcxf",
    "normcdf",
    "normcdff",
    "normcdfinv",
    "normcdfinvf",
    "lgamma",
    "lgammaf",
    "tgamma",
    "tgammaf",
    "j0",
    "j0f",
    "j1",
    "j1f",
    "jn",
    "jnf",
    "y0",
    "y0f",
    "y1",
    "y1f",
    "yn",
    "ynf",
    "cyl_bessel_i0",
    "cyl_bessel_i0f",
    "cyl_bessel_i1",
    "cyl_bessel_i1f",
    "floor",
    "floorf",
    "ceil",
    "ceilf",
    "trunc",
    "truncf",
    "round",
    "roundf",
    "rint",
    "rintf",
    "nearbyint",
    "nearbyintf",
    "lrint",
    "lrintf",
    "llrint",
    "llrintf",
    "lround",
    "lroundf",
    "llround",
    "llroundf",
    "modf",
    "modff",
    "frexp",
    "frexpf",
    "ldexp",
    "ldexpf",
    "scalbn",
    "scalbnf",
    "scalbln",
    "scalblnf",
    "nextafter",
    "nextafterf",
    "copysign",
    "copysignf",
    "nan",
    "nanf",
    "isnan",
    "isinf",
    "isfinite",
    "signbit",
    "saturate",
    "fdivide",
    "fdividef",
    "clock",
    "clock64",
    "wall_clock64",
    "printf",
    "assert",
    "memcpy",
    "memset",
    "memmove",
    "malloc",
    "free",
    "static_cast",
    "reinterpret_cast",
    "const_cast",
    "dynamic_cast",
];

/// Types whose functional-cast/constructor syntax `T(x)` is not a call that could synchronise.
const TYPE_NAMES: &[&str] = &[
    "int",
    "char",
    "short",
    "long",
    "unsigned",
    "signed",
    "float",
    "double",
    "bool",
    "void",
    "size_t",
    "ptrdiff_t",
    "intptr_t",
    "uintptr_t",
    "int8_t",
    "int16_t",
    "int32_t",
    "int64_t",
    "uint8_t",
    "uint16_t",
    "uint32_t",
    "uint64_t",
    "dim3",
    "uint3",
    "__half",
    "__half2",
    "half",
    "half2",
    "_Float16",
    "__hip_bfloat16",
];

/// Keywords that look like calls (`if (`) or take parentheses.
const NOT_CALLS: &[&str] = &[
    "if",
    "for",
    "while",
    "switch",
    "return",
    "sizeof",
    "alignof",
    "alignas",
    "__alignof__",
    "noexcept",
    "static_assert",
    "throw",
    "new",
    "delete",
    "defined",
    "__attribute__",
    "__launch_bounds__",
    "catch",
    "co_return",
    "co_await",
    "co_yield",
    "typeid",
];

/// Tokens that make a body unsuitable wherever they appear.
const FORBIDDEN_WORDS: &[&str] = &[
    "goto",
    "try",
    "asm",
    "__asm__",
    "__asm",
    "decltype",
    "typedef",
    "using",
    "struct",
    "class",
    "union",
    "enum",
    "thread_local",
    "HIP_DYNAMIC_SHARED",
    "__builtin_setjmp",
    "setjmp",
    "longjmp",
    "va_start",
    "co_await",
    "co_yield",
    "co_return",
];

/// Declaration specifiers that are not a type name.
const SPECIFIER_WORDS: &[&str] = &[
    "const",
    "volatile",
    "constexpr",
    "static",
    "extern",
    "register",
    "__shared__",
    "inline",
    "__restrict__",
    "__restrict",
    "restrict",
    "typename",
    "__device__",
];

/// Keywords that are (part of) a fundamental type.
const FUNDAMENTAL_TYPES: &[&str] = &[
    "int", "char", "short", "long", "unsigned", "signed", "float", "double", "bool", "void",
    "wchar_t", "char8_t", "char16_t", "char32_t", "__int128", "_Float16", "__fp16", "auto",
];

/// Statement-starting keywords of statements that declare nothing at the body's top level.
const CONTROL_WORDS: &[&str] = &[
    "if", "else", "for", "while", "do", "switch", "return", "break", "continue",
];

/// A kernel parameter: its name and its type as written (name removed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    /// The parameter's name.
    pub name: String,
    /// Its type, as tokens joined by spaces.
    pub ty: String,
}

/// What [`split_kernel`] needs to know about the rest of the translation unit.
#[derive(Debug, Default)]
pub struct Unit {
    /// Function bodies (token ranges inside the braces) by function name.
    functions: BTreeMap<String, Vec<(usize, usize)>>,
    /// Names of types and aliases defined in the unit (constructor syntax is not a call).
    types: BTreeSet<String>,
}

fn text<'a>(src: &'a str, toks: &[Token], k: usize) -> &'a str {
    toks.get(k).map_or("", |t| t.text(src))
}

fn is_p(src: &str, toks: &[Token], k: usize, p: &str) -> bool {
    toks.get(k)
        .is_some_and(|t| t.kind == TokenKind::Punct && t.text(src) == p)
}

fn is_id(toks: &[Token], k: usize) -> bool {
    toks.get(k).is_some_and(|t| t.kind == TokenKind::Ident)
}

/// Index of the token closing the bracket opened at `k` (`(`, `[`, `{`).
fn matching(src: &str, toks: &[Token], k: usize) -> Option<usize> {
    let (open, close) = match text(src, toks, k) {
        "(" => ("(", ")"),
        "[" => ("[", "]"),
        "{" => ("{", "}"),
        _ => return None,
    };
    let mut depth = 0usize;
    for (j, t) in toks.iter().enumerate().skip(k) {
        if t.kind != TokenKind::Punct {
            continue;
        }
        let s = t.text(src);
        if s == open {
            depth += 1;
        } else if s == close {
            depth -= 1;
            if depth == 0 {
                return Some(j);
            }
        }
    }
    None
}

/// Index of the `(` matching the `)` at `k`.
fn matching_back(src: &str, toks: &[Token], k: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut j = k;
    loop {
        if is_p(src, toks, j, ")") {
            depth += 1;
        } else if is_p(src, toks, j, "(") {
            depth -= 1;
            if depth == 0 {
                return Some(j);
            }
        }
        j = j.checked_sub(1)?;
    }
}

impl Unit {
    /// Finds the unit's function definitions and type names.
    pub fn scan(src: &str, toks: &[Token]) -> Unit {
        let mut u = Unit::default();
        for k in 0..toks.len() {
            let t = text(src, toks, k);
            if matches!(t, "struct" | "class" | "union" | "enum") && is_id(toks, k + 1) {
                u.types.insert(text(src, toks, k + 1).to_owned());
            }
            if t == "using" && is_id(toks, k + 1) && is_p(src, toks, k + 2, "=") {
                u.types.insert(text(src, toks, k + 1).to_owned());
            }
            if t == "typedef" {
                // The last identifier before the `;`.
                let mut j = k + 1;
                let mut last = None;
                while j < toks.len() && !is_p(src, toks, j, ";") && !is_p(src, toks, j, "{") {
                    if is_id(toks, j) {
                        last = Some(j);
                    }
                    j += 1;
                }
                if let Some(l) = last {
                    u.types.insert(text(src, toks, l).to_owned());
                }
            }
            if !is_p(src, toks, k, "{") {
                continue;
            }
            // A function body: `name ( ... ) [qualifiers] {`.
            let Some(close) = matching(src, toks, k) else {
                continue;
            };
            let mut j = k;
            while j > 0 {
                j -= 1;
                let w = text(src, toks, j);
                if matches!(
                    w,
                    "const" | "noexcept" | "override" | "final" | "volatile" | "&" | "mutable"
                ) {
                    continue;
                }
                break;
            }
            if !is_p(src, toks, j, ")") {
                continue;
            }
            let Some(open) = matching_back(src, toks, j) else {
                continue;
            };
            let Some(name_at) = open.checked_sub(1) else {
                continue;
            };
            if !is_id(toks, name_at) {
                continue;
            }
            let name = text(src, toks, name_at);
            if NOT_CALLS.contains(&name) || CONTROL_WORDS.contains(&name) {
                continue;
            }
            u.functions
                .entry(name.to_owned())
                .or_default()
                .push((k + 1, close));
        }
        u
    }
}

/// The calls in `toks[a..b]`: `(position of the name, the name, qualified by std::, member call)`.
fn calls_in(src: &str, toks: &[Token], a: usize, b: usize) -> Vec<(usize, String, bool, bool)> {
    let mut out = Vec::new();
    for k in a..b {
        if !is_id(toks, k) {
            continue;
        }
        let mut after = k + 1;
        if is_p(src, toks, after, "<") {
            // Template arguments: `name<...>(`.
            let mut depth = 0i32;
            let mut j = after;
            while j < b {
                match text(src, toks, j) {
                    "<" => depth += 1,
                    ">" => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    ";" | "{" | "}" => {
                        j = b;
                        break;
                    }
                    _ => {}
                }
                j += 1;
            }
            if j < b && is_p(src, toks, j + 1, "(") {
                after = j + 1;
            }
        }
        if !is_p(src, toks, after, "(") {
            continue;
        }
        let name = text(src, toks, k);
        let member = k > 0
            && (is_p(src, toks, k - 1, ".")
                || (k > 1 && is_p(src, toks, k - 1, ">") && is_p(src, toks, k - 2, "-")));
        let std = k > 1 && is_p(src, toks, k - 1, "::") && text(src, toks, k - 2) == "std";
        out.push((k, name.to_owned(), std, member));
    }
    out
}

/// Why a body cannot be split (for tests and `-v` diagnostics).
type Why = &'static str;

struct Checker<'a> {
    src: &'a str,
    toks: &'a [Token],
    unit: &'a Unit,
    /// Template parameter names of the kernel (`T(x)` is a cast).
    template_params: &'a [String],
    /// Memo: function name -> safe.
    memo: BTreeMap<String, bool>,
    /// Positions of the wavefront operations that the split version runs as exchanges.
    exchanged: BTreeSet<usize>,
}

impl Checker<'_> {
    /// Whether `toks[a..b]` (a function body) can reach no barrier or wavefront operation.
    fn range_safe(&mut self, a: usize, b: usize) -> bool {
        for k in a..b {
            let t = &self.toks[k];
            if t.kind == TokenKind::Ident
                && SYNC_NAMES.contains(&t.text(self.src))
                && !self.exchanged.contains(&k)
            {
                return false;
            }
        }
        for (k, name, std, member) in calls_in(self.src, self.toks, a, b) {
            if self.exchanged.contains(&k) {
                continue;
            }
            if !self.call_safe(&name, std, member) {
                return false;
            }
        }
        true
    }

    fn call_safe(&mut self, name: &str, std: bool, member: bool) -> bool {
        if member {
            return false;
        }
        if std || NOT_CALLS.contains(&name) || TYPE_NAMES.contains(&name) {
            return true;
        }
        if SYNC_NAMES.contains(&name) {
            return false;
        }
        if self.unit.functions.contains_key(name) {
            return self.function_safe(name);
        }
        if self.unit.types.contains(name) || self.template_params.iter().any(|p| p == name) {
            return true;
        }
        // Vector-type constructors and the device library.
        if name.starts_with("make_") || name.starts_with("__") || LIBRARY_NAMES.contains(&name) {
            return true;
        }
        is_vector_type(name)
    }

    fn function_safe(&mut self, name: &str) -> bool {
        if let Some(&s) = self.memo.get(name) {
            return s;
        }
        // Assume safe while visiting (recursion): an unsafe callee makes it unsafe anyway.
        self.memo.insert(name.to_owned(), true);
        let bodies = self.unit.functions.get(name).cloned().unwrap_or_default();
        let safe = bodies.iter().all(|&(a, b)| self.range_safe(a, b));
        self.memo.insert(name.to_owned(), safe);
        safe
    }
}

/// A call of the device library (math, intrinsics other than hipcc's own `__hip*` names, vector
/// constructors) or a cast / keyword that looks like a call: it takes its arguments by value.
fn is_library_call(name: &str) -> bool {
    LIBRARY_NAMES.contains(&name)
        || TYPE_NAMES.contains(&name)
        || NOT_CALLS.contains(&name)
        || is_vector_type(name)
        || name.starts_with("make_")
        || (name.starts_with("__") && !name.starts_with("__hip"))
}

/// `float4`, `uchar2`, `longlong3`...: HIP's vector types.
fn is_vector_type(name: &str) -> bool {
    let base = name.trim_end_matches(['1', '2', '3', '4']);
    base.len() + 1 == name.len()
        && matches!(
            base,
            "char"
                | "uchar"
                | "short"
                | "ushort"
                | "int"
                | "uint"
                | "long"
                | "ulong"
                | "longlong"
                | "ulonglong"
                | "float"
                | "double"
        )
}

/// One top-level statement of the body: token range `[a, b)`.
#[derive(Debug, Clone, Copy)]
struct Stmt {
    a: usize,
    b: usize,
}

/// A declaration statement, parsed.
#[derive(Debug)]
enum Decl {
    /// `__shared__`, `extern __shared__` or `constexpr`: repeated at the top of the split body.
    Hoisted(String),
    /// Variables.
    Vars(Vec<(String, String, bool)>),
}

/// A wavefront operation that a split kernel runs as an exchange between two phases: the
/// phase before it stores every work-item's value, the phase after it reads the other lanes'.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum WaveOp {
    Shfl,
    ShflUp,
    ShflDown,
    ShflXor,
    Ballot,
    Any,
    All,
    ActiveMask,
}

impl WaveOp {
    /// The operation called `name`, and whether it is a `_sync` form (a mask first).
    fn named(name: &str) -> Option<(WaveOp, bool)> {
        let (base, sync) = match name.strip_suffix("_sync") {
            Some(base) => (base, true),
            None => (name, false),
        };
        let op = match base {
            "__shfl" => WaveOp::Shfl,
            "__shfl_up" => WaveOp::ShflUp,
            "__shfl_down" => WaveOp::ShflDown,
            "__shfl_xor" => WaveOp::ShflXor,
            "__ballot" => WaveOp::Ballot,
            "__any" => WaveOp::Any,
            "__all" => WaveOp::All,
            "__activemask" if !sync => WaveOp::ActiveMask,
            _ => return None,
        };
        Some((op, sync))
    }

    fn is_shuffle(self) -> bool {
        matches!(
            self,
            WaveOp::Shfl | WaveOp::ShflUp | WaveOp::ShflDown | WaveOp::ShflXor
        )
    }

    /// How many arguments it takes after the mask: (at least, at most).
    fn arity(self) -> (usize, usize) {
        if self.is_shuffle() {
            (2, 3)
        } else if self == WaveOp::ActiveMask {
            (0, 0)
        } else {
            (1, 1)
        }
    }

    /// Its function in `hip_impl::fission` (include/hip/cpu/fission.h).
    fn reader(self) -> &'static str {
        match self {
            WaveOp::Shfl => "shfl",
            WaveOp::ShflUp => "shfl_up",
            WaveOp::ShflDown => "shfl_down",
            WaveOp::ShflXor => "shfl_xor",
            WaveOp::Ballot => "ballot",
            WaveOp::Any => "any",
            WaveOp::All => "all",
            WaveOp::ActiveMask => "activemask",
        }
    }
}

/// Whether `name` is a barrier or a wavefront operation that the split handles.
fn is_split_sync(name: &str) -> bool {
    matches!(name, "__syncthreads" | "__syncwarp") || WaveOp::named(name).is_some()
}

/// A call of a wavefront operation in an exchange statement (token positions).
#[derive(Debug, Clone)]
struct WaveCall {
    op: WaveOp,
    sync: bool,
    /// The name.
    name: usize,
    /// First token of the call (the name, or a `::` before it) and its closing `)`.
    start: usize,
    close: usize,
    /// The mask of a `_sync` form.
    mask: Option<(usize, usize)>,
    /// What each lane contributes (none for `__activemask`).
    value: Option<(usize, usize)>,
    /// The arguments after the value (source lane, delta, width...), as one range.
    rest: Option<(usize, usize)>,
}

struct Splitter<'a> {
    src: &'a str,
    toks: &'a [Token],
    unit: &'a Unit,
    /// Template parameter names of the kernel (`T(x)` is a cast).
    template_params: &'a [String],
}

impl<'a> Splitter<'a> {
    fn t(&self, k: usize) -> &'a str {
        text(self.src, self.toks, k)
    }
    fn p(&self, k: usize, s: &str) -> bool {
        is_p(self.src, self.toks, k, s)
    }

    /// The top-level statements of the body `toks[open+1..close]`.
    fn statements(&self, open: usize, close: usize) -> Result<Vec<Stmt>, Why> {
        let mut out = Vec::new();
        let mut k = open + 1;
        while k < close {
            let a = k;
            let first = self.t(a);
            let block_like = first == "{" || CONTROL_WORDS.contains(&first);
            let mut depth = 0i32;
            let end = loop {
                if k >= close {
                    return Err("unterminated statement");
                }
                let tok = self.toks[k];
                if tok.kind == TokenKind::Directive {
                    return Err("preprocessor line in the body");
                }
                if tok.kind == TokenKind::Punct {
                    match tok.text(self.src) {
                        "(" | "[" | "{" => depth += 1,
                        ")" | "]" | "}" => {
                            depth -= 1;
                            if depth == 0 && block_like && self.t(k) == "}" {
                                break k + 1;
                            }
                        }
                        ";" if depth == 0 => break k + 1,
                        ":" if depth == 0 && k == a + 1 && is_id(self.toks, a) => {
                            return Err("label");
                        }
                        _ => {}
                    }
                }
                k += 1;
            };
            out.push(Stmt { a, b: end });
            k = end;
        }
        Ok(out)
    }

    /// `__syncthreads();`, or `__syncwarp();` / `__syncwarp(mask);` with a name or a number
    /// for the mask (a phase boundary is a barrier for the wavefront too), optionally `::`.
    fn is_barrier(&self, s: Stmt) -> bool {
        let mut a = s.a;
        if self.p(a, "::") {
            a += 1;
        }
        let empty = s.b == a + 4 && self.p(a + 2, ")");
        let simple_mask = s.b == a + 5
            && matches!(self.toks[a + 2].kind, TokenKind::Ident | TokenKind::Number)
            && self.p(a + 3, ")");
        let name = self.t(a);
        self.p(a + 1, "(")
            && self.p(s.b - 1, ";")
            && ((name == "__syncthreads" && empty)
                || (name == "__syncwarp" && (empty || simple_mask)))
    }

    /// Whether tokens `a` and `b` touch (`+=` rather than `+ =`).
    fn adjacent(&self, a: usize, b: usize) -> bool {
        self.toks
            .get(a)
            .zip(self.toks.get(b))
            .is_some_and(|(x, y)| x.end == y.start)
    }

    /// Whether the `=` at `k` is (the end of) an assignment operator: `=`, `+=`, `<<=`... but
    /// not `==`, `!=`, `<=`, `>=`.
    fn assignment_at(&self, k: usize) -> bool {
        if !self.p(k, "=") || (self.p(k + 1, "=") && self.adjacent(k, k + 1)) {
            return false;
        }
        if k == 0 || !self.adjacent(k - 1, k) {
            return true;
        }
        match self.t(k - 1) {
            "=" | "!" => false,
            c @ ("<" | ">") => k >= 2 && self.t(k - 2) == c && self.adjacent(k - 2, k - 1),
            _ => true,
        }
    }

    /// Whether `k` starts `++`, `--`, `&&` or `||`.
    fn doubled_at(&self, k: usize, chars: &[&str]) -> bool {
        let w = self.t(k);
        chars.contains(&w) && self.p(k, w) && self.p(k + 1, w) && self.adjacent(k, k + 1)
    }

    /// The arguments of the call whose parentheses are at `open` and `close`, split at the
    /// top-level commas; `None` when a `<` comes before such a comma (template arguments?).
    fn arguments(&self, open: usize, close: usize) -> Option<Vec<(usize, usize)>> {
        let mut out = Vec::new();
        if close == open + 1 {
            return Some(out);
        }
        let (mut depth, mut start, mut angle) = (0i32, open + 1, false);
        for k in open + 1..close {
            match self.t(k) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => depth -= 1,
                "<" if depth == 0 => angle = true,
                "," if depth == 0 => {
                    if angle {
                        return None;
                    }
                    out.push((start, k));
                    start = k + 1;
                }
                _ => {}
            }
        }
        out.push((start, close));
        Some(out)
    }

    /// Whether a call of `name` has no effect that another part of a statement could see:
    /// casts and the device library's math and intrinsics (not atomics, `printf`, functions
    /// of the unit, member functions).
    fn pure_call(&self, name: &str, std: bool, member: bool) -> bool {
        if member || self.unit.functions.contains_key(name) || SYNC_NAMES.contains(&name) {
            return false;
        }
        if name.starts_with("atomic") || name.ends_with("AtomicAdd") {
            return false;
        }
        if matches!(name, "printf" | "assert" | "new" | "delete" | "throw") {
            return false;
        }
        std || is_library_call(name)
            || self.unit.types.contains(name)
            || self.template_params.iter().any(|p| p == name)
    }

    /// The wavefront operations of statement `s` when it can run as an exchange between two
    /// phases (`Ok(None)`: it calls none). The statement is a declaration or an expression
    /// statement; each value a lane contributes is computed at the end of the phase before
    /// the statement, so the values must have no side effects, and nothing the statement
    /// does before the calls may change them: outside the calls there is at most one
    /// assignment (or the declaration's initialisers), no `++`/`--`, no `?:`/`&&`/`||`
    /// (a lane that skips a call would not take part), no comma operator, and only calls
    /// without effects (besides `printf`/`assert`).
    fn exchange(&self, s: Stmt) -> Result<Option<Vec<WaveCall>>, Why> {
        let first = self.t(s.a);
        if first == "{" || CONTROL_WORDS.contains(&first) {
            return Ok(None);
        }
        let mut calls = Vec::new();
        let mut k = s.a;
        while k < s.b {
            let found = if is_id(self.toks, k) {
                WaveOp::named(self.t(k))
            } else {
                None
            };
            let Some((op, sync)) = found else {
                k += 1;
                continue;
            };
            if !self.p(k + 1, "(") {
                return Err("a wavefront operation that is not called");
            }
            if self.unit.functions.contains_key(self.t(k)) {
                return Err("a wavefront operation that the unit defines");
            }
            let close = matching(self.src, self.toks, k + 1).ok_or("wavefront operation")?;
            let args = self
                .arguments(k + 1, close)
                .ok_or("wavefront operation arguments")?;
            let (least, most) = op.arity();
            let skip = usize::from(sync);
            if args.len() < least + skip || args.len() > most + skip {
                return Err("wavefront operation arguments");
            }
            calls.push(WaveCall {
                op,
                sync,
                name: k,
                start: if k > s.a && self.p(k - 1, "::") {
                    k - 1
                } else {
                    k
                },
                close,
                mask: sync.then(|| args[0]),
                value: (least > 0).then(|| args[skip]),
                rest: (args.len() > skip + 1).then(|| (args[skip + 1].0, args[args.len() - 1].1)),
            });
            k = close + 1;
        }
        if calls.is_empty() {
            return Ok(None);
        }
        let in_call = |k: usize| calls.iter().find(|c| c.start <= k && k <= c.close);
        let in_value = |k: usize| {
            calls
                .iter()
                .any(|c| c.value.is_some_and(|(a, b)| a <= k && k < b))
        };
        // Nothing synchronises inside the calls or beside them.
        for k in s.a..s.b {
            let w = self.t(k);
            let names_sync = is_id(self.toks, k) && (is_split_sync(w) || SYNC_NAMES.contains(&w));
            if names_sync && !calls.iter().any(|c| c.name == k) {
                return Err("a wavefront operation that the split does not handle");
            }
        }
        // The values: no side effects.
        for c in &calls {
            if let Some((a, b)) = c.value {
                let effect =
                    (a..b).any(|k| self.assignment_at(k) || self.doubled_at(k, &["+", "-"]));
                let impure = calls_in(self.src, self.toks, a, b)
                    .iter()
                    .any(|(_, name, std, member)| !self.pure_call(name, *std, *member));
                if effect || impure {
                    return Err("a wavefront operation's value with side effects");
                }
            }
        }
        // The rest of the statement.
        let decl = match self.declaration(s)? {
            Some(Decl::Vars(vars)) => Some(vars),
            Some(Decl::Hoisted(_)) => {
                return Err("a wavefront operation in a shared or constexpr declaration")
            }
            None => None,
        };
        let first_call = calls[0].start;
        let mut depth = 0i32;
        let mut assignments = 0;
        for k in s.a..s.b {
            if in_call(k).is_some() {
                continue;
            }
            match self.t(k) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => depth -= 1,
                "?" => return Err("a wavefront operation under a condition"),
                "," if depth == 0 && decl.is_none() => {
                    return Err("a wavefront operation beside a comma operator")
                }
                _ => {}
            }
            if self.doubled_at(k, &["&", "|"]) {
                return Err("a wavefront operation under a condition");
            }
            if self.doubled_at(k, &["+", "-"]) {
                return Err("an increment beside a wavefront operation");
            }
            if self.assignment_at(k) {
                assignments += 1;
                let top = depth == 0 && (decl.is_some() || (assignments == 1 && k < first_call));
                if !top {
                    return Err("an assignment before a wavefront operation");
                }
            }
        }
        for (k, name, std, member) in calls_in(self.src, self.toks, s.a, s.b) {
            if in_call(k).is_some_and(|c| c.name != k) || calls.iter().any(|c| c.name == k) {
                continue; // inside a call's arguments (the values were checked above)
            }
            if !(self.pure_call(&name, std, member) || matches!(name.as_str(), "printf" | "assert"))
            {
                return Err("a call with effects beside a wavefront operation");
            }
        }
        // A value must not read a variable the statement declares.
        if let Some(vars) = decl {
            let declared = (s.a..s.b).any(|k| {
                in_value(k) && is_id(self.toks, k) && vars.iter().any(|v| v.0 == self.t(k))
            });
            if declared {
                return Err("a wavefront operation's value that reads the declared variable");
            }
        }
        Ok(Some(calls))
    }

    /// Parses a declaration statement; `Ok(None)` for a statement that is not one.
    fn declaration(&self, s: Stmt) -> Result<Option<Decl>, Why> {
        let first = self.t(s.a);
        if s.b <= s.a + 1 || first == "{" || CONTROL_WORDS.contains(&first) {
            return Ok(None);
        }
        // Specifiers: keywords, and at most one type name (`a::b<c>`).
        let mut k = s.a;
        let mut spec: Vec<usize> = Vec::new();
        let mut has_type = false;
        let (mut shared, mut constexpr, mut storage, mut is_auto) = (false, false, false, false);
        while k < s.b {
            let w = self.t(k);
            if !is_id(self.toks, k) && !self.p(k, "::") {
                break;
            }
            if SPECIFIER_WORDS.contains(&w) {
                match w {
                    "__shared__" => shared = true,
                    "constexpr" => constexpr = true,
                    "static" | "extern" | "register" | "inline" | "__device__" => storage = true,
                    _ => {}
                }
                spec.push(k);
                k += 1;
                continue;
            }
            if FUNDAMENTAL_TYPES.contains(&w) {
                is_auto |= w == "auto";
                has_type = true;
                spec.push(k);
                k += 1;
                continue;
            }
            if has_type {
                break; // the declarator's name
            }
            // A type name: `::`? ident (`::` ident)* (`<` ... `>`)?
            if self.p(k, "::") {
                spec.push(k);
                k += 1;
            }
            if !is_id(self.toks, k) {
                return Ok(None);
            }
            spec.push(k);
            k += 1;
            loop {
                if self.p(k, "<") {
                    let mut depth = 0i32;
                    while k < s.b {
                        match self.t(k) {
                            "<" => depth += 1,
                            ">" => depth -= 1,
                            ";" | "{" | "}" => return Ok(None),
                            _ => {}
                        }
                        spec.push(k);
                        k += 1;
                        if depth == 0 {
                            break;
                        }
                    }
                }
                if self.p(k, "::") && is_id(self.toks, k + 1) {
                    spec.push(k);
                    spec.push(k + 1);
                    k += 2;
                    continue;
                }
                break;
            }
            has_type = true;
        }
        if !has_type {
            return Ok(None);
        }
        // The first declarator must start with `*`, `&` or a name; `x *= 2`, `x &= m` and
        // `x && y` are expressions.
        if !(self.p(k, "*") || self.p(k, "&") || is_id(self.toks, k)) {
            return Ok(None);
        }
        let adjacent = |a: usize, b: usize| {
            self.toks
                .get(a)
                .zip(self.toks.get(b))
                .is_some_and(|(x, y)| x.end == y.start)
        };
        if (self.p(k, "*") || self.p(k, "&"))
            && (self.p(k + 1, "=") || self.p(k + 1, "&"))
            && adjacent(k, k + 1)
        {
            return Ok(None);
        }
        let spec_text = self.join(
            &spec,
            &[
                "static",
                "extern",
                "register",
                "inline",
                "__shared__",
                "constexpr",
                "__device__",
            ],
        );
        if shared || constexpr {
            if storage && !shared {
                return Err("static constexpr local");
            }
            return Ok(Some(Decl::Hoisted(self.hoisted_text(s, shared))));
        }
        if storage {
            return Err("static or extern local");
        }
        // Declarators, split at top-level commas.
        let mut vars = Vec::new();
        while k < s.b {
            let mut ptr: Vec<usize> = Vec::new();
            let mut reference = false;
            while self.p(k, "*")
                || self.p(k, "&")
                || matches!(
                    self.t(k),
                    "const" | "volatile" | "__restrict__" | "__restrict" | "restrict"
                )
            {
                reference |= self.p(k, "&");
                ptr.push(k);
                k += 1;
            }
            if !is_id(self.toks, k) || FUNDAMENTAL_TYPES.contains(&self.t(k)) {
                return Err("declarator");
            }
            let name = self.t(k).to_owned();
            k += 1;
            let mut array = false;
            while self.p(k, "[") {
                array = true;
                k = matching(self.src, self.toks, k).ok_or("declarator")? + 1;
            }
            // Initialiser.
            if self.p(k, "(") || self.p(k, "{") {
                k = matching(self.src, self.toks, k).ok_or("initialiser")? + 1;
            } else if self.p(k, "=") {
                // Up to the `,` or `;` at depth 0; after a `<` (a comparison or template
                // arguments?) a `,` is ambiguous.
                let mut depth = 0i32;
                let mut angle = false;
                while k < s.b {
                    match self.t(k) {
                        "(" | "[" | "{" => depth += 1,
                        ")" | "]" | "}" => depth -= 1,
                        "<" if depth == 0 => angle = true,
                        "," if depth == 0 && angle => return Err("initialiser with `<` and `,`"),
                        "," | ";" if depth == 0 => break,
                        _ => {}
                    }
                    k += 1;
                }
            }
            let mut ty = spec_text.clone();
            for &p in &ptr {
                ty.push(' ');
                ty.push_str(self.t(p));
            }
            vars.push((name, ty, reference || array || is_auto));
            if self.p(k, ",") {
                k += 1;
                continue;
            }
            if self.p(k, ";") && k + 1 == s.b {
                break;
            }
            return Err("declarator");
        }
        Ok(Some(Decl::Vars(vars)))
    }

    /// Tokens joined by single spaces, leaving out the words in `skip`.
    fn join(&self, ks: &[usize], skip: &[&str]) -> String {
        let mut out = String::new();
        for &k in ks {
            let w = self.t(k);
            if skip.contains(&w) {
                continue;
            }
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(w);
        }
        out
    }

    /// A `__shared__` / `constexpr` declaration as it goes into the split body
    /// (`extern __shared__ T name[];` becomes hipcc's dynamic-shared object).
    fn hoisted_text(&self, s: Stmt, shared: bool) -> String {
        let ks: Vec<usize> = (s.a..s.b).collect();
        let is_extern = ks.iter().any(|&k| self.t(k) == "extern");
        if shared && is_extern {
            // extern __shared__ T name[];
            let kept: Vec<usize> = ks
                .iter()
                .copied()
                .filter(|&k| !matches!(self.t(k), "extern" | "__shared__"))
                .collect();
            let n = kept.len();
            if n >= 5
                && self.p(kept[n - 1], ";")
                && self.p(kept[n - 2], "]")
                && self.p(kept[n - 3], "[")
            {
                let ty = self.join(&kept[..n - 4], &[]);
                return format!(
                    "static ::hip_impl::dynamic_shared<{ty}> {};",
                    self.t(kept[n - 4])
                );
            }
        }
        if shared && ks.iter().any(|&k| self.t(k) == "static") {
            return self.join(&ks, &["static"]);
        }
        self.src[self.toks[s.a].start..self.toks[s.b - 1].end].to_owned()
    }
}

/// Whether the identifier at `k` is a use of a variable (not a member, not qualified).
fn is_use(src: &str, toks: &[Token], k: usize) -> bool {
    if k == 0 {
        return true;
    }
    let prev_arrow = k > 1 && is_p(src, toks, k - 1, ">") && is_p(src, toks, k - 2, "-");
    !(is_p(src, toks, k - 1, ".") || is_p(src, toks, k - 1, "::") || prev_arrow)
}

/// Whether the `&` at `k` is unary (address-of) rather than binary or part of `&&`.
fn unary_amp(src: &str, toks: &[Token], k: usize) -> bool {
    if k == 0 {
        return true;
    }
    let prev = toks[k - 1];
    if is_p(src, toks, k - 1, "&") && prev.end == toks[k].start {
        return false; // second `&` of `&&`
    }
    if is_p(src, toks, k + 1, "&") && toks[k].end == toks[k + 1].start {
        return false; // first `&` of `&&`
    }
    !(prev.kind == TokenKind::Ident
        || prev.kind == TokenKind::Number
        || prev.kind == TokenKind::Char
        || is_p(src, toks, k - 1, ")")
        || is_p(src, toks, k - 1, "]"))
        || matches!(prev.text(src), "return" | "case")
}

/// Whether the use of a variable or parameter at `k` may change it: assigned, incremented,
/// address taken, a member used (it may be assigned), bound as a whole initialiser (maybe of a
/// reference), or passed to a function that may take it by reference (`unit_args` holds such
/// argument positions).
fn param_may_change(src: &str, toks: &[Token], k: usize, unit_args: &BTreeSet<usize>) -> bool {
    let next = text(src, toks, k + 1);
    let adj = |a: usize, b: usize| {
        toks.get(a)
            .zip(toks.get(b))
            .is_some_and(|(x, y)| x.end == y.start)
    };
    // `p = ` but not `p == `; `p += ` and the other compound assignments.
    if next == "=" && !(is_p(src, toks, k + 2, "=") && adj(k + 1, k + 2)) {
        return true;
    }
    if matches!(next, "+" | "-" | "*" | "/" | "%" | "&" | "|" | "^")
        && is_p(src, toks, k + 2, "=")
        && adj(k + 1, k + 2)
    {
        return true;
    }
    if matches!(next, "<" | ">")
        && is_p(src, toks, k + 2, next)
        && is_p(src, toks, k + 3, "=")
        && adj(k + 1, k + 2)
        && adj(k + 2, k + 3)
    {
        return true;
    }
    // `p++`, `p--`, `++p`, `--p`.
    let incdec = |a: usize, b: usize| {
        (is_p(src, toks, a, "+") && is_p(src, toks, b, "+") && adj(a, b))
            || (is_p(src, toks, a, "-") && is_p(src, toks, b, "-") && adj(a, b))
    };
    if incdec(k + 1, k + 2) || (k >= 2 && incdec(k - 2, k - 1)) {
        return true;
    }
    if k > 0 && is_p(src, toks, k - 1, "&") && unary_amp(src, toks, k - 1) {
        return true;
    }
    // The whole initialiser of a declaration (which may be a reference: `T &r = v;`).
    if k > 0
        && is_p(src, toks, k - 1, "=")
        && matches!(next, ";" | "," | ")" | "}")
        && !(k > 1
            && adj(k - 2, k - 1)
            && matches!(
                text(src, toks, k - 2),
                "=" | "!" | "<" | ">" | "+" | "-" | "*" | "/" | "%" | "&" | "|" | "^"
            ))
    {
        return true;
    }
    next == "." || unit_args.contains(&k)
}

/// Positions of the arguments that are a single identifier in calls (in `toks[a..b]`) that may
/// take them by reference: every call but those of the device library's math functions,
/// intrinsics and casts, which take their arguments by value.
fn unit_call_arguments(
    src: &str,
    toks: &[Token],
    unit: &Unit,
    a: usize,
    b: usize,
) -> BTreeSet<usize> {
    let mut out = BTreeSet::new();
    for (k, name, std, _) in calls_in(src, toks, a, b) {
        let name = name.as_str();
        let by_value = !std && !unit.functions.contains_key(name) && is_library_call(name);
        if by_value {
            continue;
        }
        let Some(o) = (k + 1..b).find(|&j| is_p(src, toks, j, "(")) else {
            continue;
        };
        let Some(c) = matching(src, toks, o) else {
            continue;
        };
        let mut depth = 0i32;
        let mut start = o + 1;
        for j in o + 1..=c {
            let w = text(src, toks, j);
            let sep = j == c || (depth == 0 && w == ",");
            if sep {
                if j == start + 1 && is_id(toks, start) {
                    out.insert(start);
                }
                start = j + 1;
                continue;
            }
            match w {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => depth -= 1,
                _ => {}
            }
        }
    }
    out
}

/// A statement of a body, as far as the split is concerned.
#[derive(Debug)]
enum Node {
    /// An ordinary statement (no barrier inside).
    Plain(Stmt),
    /// A top-level `__syncthreads();` or `__syncwarp();`.
    Barrier,
    /// A statement with wavefront operations, run as an exchange between two phases.
    Exchange(Stmt, Vec<WaveCall>),
    /// A `for` or `while` loop whose braced body holds barriers.
    Loop(LoopNode),
    /// An `if` (`else`) statement whose branches hold barriers or exchanges.
    If(IfNode),
    /// A stride loop (no barrier inside) that may run step by step for the whole group.
    Stride(Stmt, StrideLoop),
}

/// `for (T i = start; i < bound; i += step) body`, the grid- or block-stride loop of HIP
/// kernels. Run work-item by work-item, each work-item walks memory `step` elements apart;
/// when the starts of the group's work-items are consecutive (`start` is `base + threadIdx.x`)
/// and `bound` and `step` are the same for all of them, the split version runs it step by step
/// instead, each step for all work-items in a row: contiguous accesses, independent work-items
/// side by side (which the compiler vectorises). That is one of the orders in which the
/// group's work-items may run; whether the run-time conditions hold is checked per group
/// (`hip_impl::fission::stride_ok`), and otherwise the loop runs as any phase does.
#[derive(Debug, Clone)]
struct StrideLoop {
    /// The loop variable and its type.
    var: String,
    ty: String,
    start: (usize, usize),
    bound: (usize, usize),
    step: (usize, usize),
    /// The body statement (a braced block or one statement).
    body: (usize, usize),
}

#[derive(Debug)]
struct IfNode {
    /// The condition's tokens `[a, b)`.
    cond: (usize, usize),
    then: Vec<Node>,
    /// The `else` branch (an `else if` is an `if` node alone in it).
    els: Option<Vec<Node>>,
}

#[derive(Debug)]
struct LoopNode {
    /// `for (init;` as a statement (the `;` included), if any.
    init: Option<Stmt>,
    /// The condition's tokens `[a, b)`.
    cond: (usize, usize),
    /// The increment's tokens `[a, b)`, if any.
    inc: Option<(usize, usize)>,
    body: Vec<Node>,
}

/// One phase: what every work-item runs between two barriers.
#[derive(Debug, Default)]
struct Phase {
    /// Innermost loop the phase belongs to: work-items that left it skip the phase.
    guard: Option<usize>,
    /// This phase starts an iteration of loop `.0`: it checks the condition `.1` first.
    cond: Option<(usize, (usize, usize))>,
    /// This phase sets up loop `.0` (its init statement, if any, is in `stmts`).
    enters: Option<usize>,
    stmts: Vec<Stmt>,
    /// Exchanges (indices into `Lowering::exchanges`) whose values this phase stores last.
    stores: Vec<usize>,
    /// The loop increment run at the end of this phase.
    inc: Option<(usize, usize)>,
    /// This phase evaluates the condition of an `if` node: work-items for which it holds
    /// enter branch `then`, the others branch `els` (ids like loops').
    branch: Option<Branch>,
    /// The phase is this stride loop alone (it may run step by step for the whole group).
    stride: Option<StrideLoop>,
}

/// The condition that an `if` node's entry phase evaluates, and its branches' ids.
#[derive(Debug, Clone, Copy)]
struct Branch {
    cond: (usize, usize),
    then: usize,
    els: Option<usize>,
}

/// The order phases run in.
#[derive(Debug)]
enum Block {
    Run(usize),
    /// Loop `id`: its entry phase, then iterations of `body` (whose first phase checks the
    /// condition) until no work-item is left in it.
    Loop {
        id: usize,
        entry: usize,
        body: Vec<Block>,
    },
    /// An `if` node: its entry phase sorts the work-items into the branches, then each
    /// branch that some work-item entered runs once.
    If {
        branch: Branch,
        entry: usize,
        then: Vec<Block>,
        els: Option<Vec<Block>>,
    },
}

impl Splitter<'_> {
    /// The nodes of the statements `toks[open+1..close]`.
    fn nodes(&self, open: usize, close: usize) -> Result<Vec<Node>, Why> {
        let mut out = Vec::new();
        let stmts = self.statements(open, close)?;
        let mut i = 0;
        while i < stmts.len() {
            let s = stmts[i];
            i += 1;
            // An `if` with its `else` parts (separate statements to `statements`).
            let mut chain = vec![s];
            if self.t(s.a) == "if" {
                while i < stmts.len() && self.t(stmts[i].a) == "else" {
                    chain.push(stmts[i]);
                    i += 1;
                }
            }
            let syncs_in =
                |s: &Stmt| (s.a..s.b).any(|k| is_id(self.toks, k) && is_split_sync(self.t(k)));
            if chain.len() > 1 || self.t(s.a) == "if" {
                if chain.iter().any(syncs_in) {
                    out.push(Node::If(self.branch_node(&chain)?));
                } else {
                    out.extend(chain.into_iter().map(Node::Plain));
                }
                continue;
            }
            let syncs = syncs_in(&s);
            if !syncs {
                match self.stride_loop(s) {
                    Some(l) => out.push(Node::Stride(s, l)),
                    None => out.push(Node::Plain(s)),
                }
            } else if self.is_barrier(s) {
                out.push(Node::Barrier);
            } else if let Some(calls) = self.exchange(s)? {
                out.push(Node::Exchange(s, calls));
            } else if let Some(l) = self.barrier_loop(s)? {
                out.push(Node::Loop(l));
            } else {
                return Err("a barrier or wavefront operation that is not a top-level statement");
            }
        }
        Ok(out)
    }

    /// `for (init; cond; inc) { ... }` or `while (cond) { ... }` with barriers in its body.
    fn barrier_loop(&self, s: Stmt) -> Result<Option<LoopNode>, Why> {
        let kw = self.t(s.a);
        if !matches!(kw, "for" | "while") || !self.p(s.a + 1, "(") {
            return Ok(None);
        }
        let close_paren = matching(self.src, self.toks, s.a + 1).ok_or("loop header")?;
        if (close_paren + 1..s.b)
            .any(|k| matches!(self.t(k), "break" | "continue" | "case" | "default"))
        {
            return Err("break or continue in a loop with a barrier");
        }
        let body_open = close_paren + 1;
        let body = if self.p(body_open, "{") {
            let body_close = matching(self.src, self.toks, body_open).ok_or("loop body")?;
            if body_close + 1 != s.b {
                return Err("loop statement");
            }
            self.nodes(body_open, body_close)?
        } else {
            // A single statement: the statements between a pretend pair of braces around it.
            self.nodes(close_paren, s.b)?
        };
        let (init, cond, inc) = if kw == "while" {
            (None, (s.a + 2, close_paren), None)
        } else {
            // The two `;` at depth 0 inside the parentheses.
            let mut semis = Vec::new();
            let mut depth = 0i32;
            for k in s.a + 2..close_paren {
                match self.t(k) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth -= 1,
                    ";" if depth == 0 => semis.push(k),
                    ":" if depth == 0 => return Err("range-based for with a barrier"),
                    _ => {}
                }
            }
            let [s1, s2] = semis[..] else {
                return Err("loop header");
            };
            let init = (s1 > s.a + 2).then_some(Stmt {
                a: s.a + 2,
                b: s1 + 1,
            });
            let inc = (close_paren > s2 + 1).then_some((s2 + 1, close_paren));
            (init, (s1 + 1, s2), inc)
        };
        if cond.1 <= cond.0 {
            return Err("a loop with a barrier and no condition");
        }
        Ok(Some(LoopNode {
            init,
            cond,
            inc,
            body,
        }))
    }
}

impl Splitter<'_> {
    /// The nodes of a branch: a braced block, or one statement, `toks[a..b)`.
    fn branch_body(&self, a: usize, b: usize) -> Result<Vec<Node>, Why> {
        if self.p(a, "{") && matching(self.src, self.toks, a) == Some(b - 1) {
            self.nodes(a, b - 1)
        } else {
            // The statements between a pretend pair of braces around it.
            self.nodes(a - 1, b)
        }
    }

    /// The stride loop `s`, if it is one ([`StrideLoop`]): `for (T i = start; i < bound; i +=
    /// step) body`, whose start, bound and step have no effects, and whose body leaves `i` and what the bound and
    /// step read unchanged and does not leave the loop early.
    fn stride_loop(&self, s: Stmt) -> Option<StrideLoop> {
        if self.t(s.a) != "for" || !self.p(s.a + 1, "(") {
            return None;
        }
        let close = matching(self.src, self.toks, s.a + 1)?;
        let semis: Vec<usize> = {
            let mut depth = 0i32;
            let mut v = Vec::new();
            for k in s.a + 2..close {
                match self.t(k) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth -= 1,
                    ";" if depth == 0 => v.push(k),
                    _ => {}
                }
            }
            v
        };
        let [s1, s2] = semis[..] else {
            return None;
        };
        let Ok(Some(Decl::Vars(vars))) = self.declaration(Stmt {
            a: s.a + 2,
            b: s1 + 1,
        }) else {
            return None;
        };
        let [(var, ty, false)] = &vars[..] else {
            return None;
        };
        let eq = (s.a + 2..s1).find(|&k| self.p(k, "="))?;
        if eq + 1 >= s1 || !is_id(self.toks, eq - 1) || self.t(eq - 1) != var {
            return None;
        }
        // `i < bound` (not `<=`, `<<`) and `i += step`.
        let lt = s1 + 2;
        if self.t(s1 + 1) != var
            || !self.p(lt, "<")
            || (self.adjacent(lt, lt + 1) && matches!(self.t(lt + 1), "<" | "="))
            || lt + 1 >= s2
        {
            return None;
        }
        let plus = s2 + 2;
        if self.t(s2 + 1) != var
            || !self.p(plus, "+")
            || !self.p(plus + 1, "=")
            || !self.adjacent(plus, plus + 1)
            || plus + 2 >= close
        {
            return None;
        }
        let (start, bound, step, body) = (
            (eq + 1, s1),
            (lt + 1, s2),
            (plus + 2, close),
            (close + 1, s.b),
        );
        // No effects in the header's expressions.
        for (a, b) in [start, bound, step] {
            let effect = (a..b).any(|k| self.assignment_at(k) || self.doubled_at(k, &["+", "-"]));
            let impure = calls_in(self.src, self.toks, a, b)
                .iter()
                .any(|(_, name, std, member)| !self.pure_call(name, *std, *member));
            if effect || impure {
                return None;
            }
        }
        // The body neither leaves early nor changes the loop variable or what the bound and
        // the step read.
        if (body.0..body.1).any(|k| {
            matches!(
                self.t(k),
                "break"
                    | "continue"
                    | "return"
                    | "goto"
                    | "case"
                    | "default"
                    | "co_return"
                    | "co_yield"
                    | "co_await"
            )
        }) {
            return None;
        }
        let mut read: Vec<&str> = vec![var.as_str()];
        for (a, b) in [bound, step] {
            read.extend((a..b).filter(|&k| is_id(self.toks, k)).map(|k| self.t(k)));
        }
        let unit_args = unit_call_arguments(self.src, self.toks, self.unit, body.0, body.1);
        let changes = (body.0..body.1).any(|k| {
            is_id(self.toks, k)
                && read.contains(&self.t(k))
                && is_use(self.src, self.toks, k)
                && param_may_change(self.src, self.toks, k, &unit_args)
        });
        if changes {
            return None;
        }
        Some(StrideLoop {
            var: var.clone(),
            ty: ty.clone(),
            start,
            bound,
            step,
            body,
        })
    }

    /// `if (cond) S [else S]`, given as the `if` statement and the `else` statements after
    /// it (each ends where [`Splitter::statements`] ends it: `else if (c) {...}` is one).
    fn branch_node(&self, chain: &[Stmt]) -> Result<IfNode, Why> {
        let s = chain[0];
        if !self.p(s.a + 1, "(") {
            return Err("if statement");
        }
        let close_paren = matching(self.src, self.toks, s.a + 1).ok_or("if header")?;
        let (first, last) = (s.a, chain[chain.len() - 1].b);
        // A `break` or `continue` would leave the phase, not the loop; `switch` labels too.
        if (first..last).any(|k| matches!(self.t(k), "break" | "continue" | "case" | "default")) {
            return Err("break or continue in a condition with a barrier");
        }
        if self.t(s.a + 2) == "constexpr" || close_paren <= s.a + 2 {
            return Err("if statement");
        }
        // `if (T x = ...)` declares a variable of the branches: not handled.
        let cond = (s.a + 2, close_paren);
        let declares = (cond.0 + 2..cond.1).any(|k| {
            self.assignment_at(k)
                && is_id(self.toks, k - 1)
                && (is_id(self.toks, k - 2) || matches!(self.t(k - 2), "*" | "&" | ">"))
        }) || (cond.0..cond.1).any(|k| self.p(k, "{"));
        if declares {
            return Err("a declaration in a condition with a barrier");
        }
        let then = self.branch_body(close_paren + 1, s.b)?;
        let els = match chain.get(1) {
            None => None,
            Some(e) => {
                if self.t(e.a + 1) == "if" {
                    // `else if ...` and the rest of the chain: an `if` node of its own.
                    let mut rest = vec![Stmt { a: e.a + 1, b: e.b }];
                    rest.extend_from_slice(&chain[2..]);
                    Some(vec![Node::If(self.branch_node(&rest)?)])
                } else {
                    if chain.len() > 2 {
                        return Err("if statement");
                    }
                    Some(self.branch_body(e.a + 1, e.b)?)
                }
            }
        };
        Ok(IfNode { cond, then, els })
    }
}

/// Builds phases out of nodes. Declarations are collected on the way.
struct Lowering<'a> {
    sp: &'a Splitter<'a>,
    phases: Vec<Phase>,
    loops: usize,
    hoisted: Vec<(usize, String)>,
    /// (name, type, phase declaring it, cannot be kept between phases)
    decls: Vec<(String, String, usize, bool)>,
    params: &'a [Param],
    /// The wavefront operations, in the order their exchanges run.
    exchanges: Vec<WaveCall>,
}

impl Lowering<'_> {
    fn new_phase(&mut self, guard: Option<usize>) -> usize {
        self.phases.push(Phase {
            guard,
            ..Phase::default()
        });
        self.phases.len() - 1
    }

    /// Whether tokens `[a, b)` mention the work-item: `threadIdx`, or a variable of the body
    /// declared so far (`int i = t; ...` with `t` per work-item).
    fn names_work_item(&self, (a, b): (usize, usize)) -> bool {
        (a..b).any(|k| {
            is_id(self.sp.toks, k) && {
                let w = self.sp.t(k);
                matches!(w, "threadIdx" | "hipThreadIdx_x") || self.decls.iter().any(|d| d.0 == w)
            }
        })
    }

    /// Adds statement `s` to phase `ph` (declarations recorded, hoisted ones moved out).
    fn add(&mut self, ph: usize, s: Stmt) -> Result<(), Why> {
        match self.sp.declaration(s)? {
            Some(Decl::Hoisted(t)) => {
                let (src, toks) = (self.sp.src, self.sp.toks);
                let uses_local = (s.a..s.b).any(|k| {
                    is_id(toks, k)
                        && (self.decls.iter().any(|d| d.0 == text(src, toks, k))
                            || self.params.iter().any(|p| p.name == text(src, toks, k)))
                });
                if uses_local {
                    return Err("shared/constexpr declaration uses a variable");
                }
                self.hoisted.push((s.a, t));
                return Ok(());
            }
            Some(Decl::Vars(vs)) => {
                for (name, ty, unstorable) in vs {
                    if self.decls.iter().any(|d| d.0 == name) {
                        return Err("two variables of one name");
                    }
                    self.decls.push((name, ty, ph, unstorable));
                }
            }
            None => {}
        }
        self.phases[ph].stmts.push(s);
        Ok(())
    }

    /// Lowers `nodes` under `guard`; the first phase gets `first` (a loop condition), the last
    /// `last` (a loop increment).
    fn lower(
        &mut self,
        nodes: &[Node],
        guard: Option<usize>,
        first: Option<(usize, (usize, usize))>,
        last: Option<(usize, usize)>,
    ) -> Result<Vec<Block>, Why> {
        let mut blocks = Vec::new();
        let mut cur = self.new_phase(guard);
        self.phases[cur].cond = first;
        blocks.push(Block::Run(cur));
        for node in nodes {
            match node {
                Node::Plain(s) => self.add(cur, *s)?,
                Node::Barrier => {
                    cur = self.new_phase(guard);
                    blocks.push(Block::Run(cur));
                }
                Node::Exchange(s, calls) => {
                    // The phase so far ends with the values; the statement starts the next.
                    for c in calls {
                        self.phases[cur].stores.push(self.exchanges.len());
                        self.exchanges.push(c.clone());
                    }
                    cur = self.new_phase(guard);
                    blocks.push(Block::Run(cur));
                    self.add(cur, *s)?;
                }
                Node::Loop(l) => {
                    let id = self.loops;
                    self.loops += 1;
                    let entry = self.new_phase(guard);
                    self.phases[entry].enters = Some(id);
                    if let Some(init) = l.init {
                        self.add(entry, init)?;
                    }
                    let body = self.lower(&l.body, Some(id), Some((id, l.cond)), l.inc)?;
                    blocks.push(Block::Loop { id, entry, body });
                    cur = self.new_phase(guard);
                    blocks.push(Block::Run(cur));
                }
                Node::Stride(s, l) if guard.is_none() && self.names_work_item(l.start) => {
                    // A phase of its own, which may run step by step for the whole group.
                    let ph = self.new_phase(guard);
                    blocks.push(Block::Run(ph));
                    self.add(ph, *s)?;
                    self.phases[ph].stride = Some(l.clone());
                    cur = self.new_phase(guard);
                    blocks.push(Block::Run(cur));
                }
                Node::Stride(s, _) => self.add(cur, *s)?,
                Node::If(n) => {
                    let then = self.loops;
                    self.loops += 1;
                    let els = n.els.as_ref().map(|_| {
                        self.loops += 1;
                        then + 1
                    });
                    let branch = Branch {
                        cond: n.cond,
                        then,
                        els,
                    };
                    let entry = self.new_phase(guard);
                    self.phases[entry].branch = Some(branch);
                    let then_blocks = self.lower(&n.then, Some(then), None, None)?;
                    let els_blocks = match (&n.els, els) {
                        (Some(nodes), Some(id)) => Some(self.lower(nodes, Some(id), None, None)?),
                        _ => None,
                    };
                    blocks.push(Block::If {
                        branch,
                        entry,
                        then: then_blocks,
                        els: els_blocks,
                    });
                    cur = self.new_phase(guard);
                    blocks.push(Block::Run(cur));
                }
            }
        }
        self.phases[cur].inc = last;
        Ok(blocks)
    }
}

/// A kernel's split version ([`split_kernel`]).
#[derive(Debug)]
pub struct Split {
    /// What hipcc inserts after the `{` of the body.
    pub text: String,
    /// The device functions inlined (one name per call).
    pub inlined: Vec<String>,
    /// Whether it was split at barriers or wavefront operations (else only at stride loops).
    pub barriers: bool,
}

/// The text hipcc inserts after the `{` of the kernel body `toks[open..=close]`, or why the
/// kernel is left alone. `file` is the escaped file name of the `#line` directives. The
/// device functions of the unit that the kernel calls and that synchronise are inlined into
/// the split version first ([`inline`]).
#[allow(clippy::too_many_arguments)]
pub fn split_kernel(
    src: &str,
    toks: &[Token],
    unit: &Unit,
    open: usize,
    close: usize,
    params: &[Param],
    template_params: &[String],
    file: &str,
) -> Result<Split, Why> {
    let split = |src: &str, toks: &[Token], unit: &Unit, close: usize, inlined: Vec<String>| {
        let sp = Splitter {
            src,
            toks,
            unit,
            template_params,
        };
        let (text, barriers) = split_checked(&sp, open, close, params, file)?;
        Ok(Split {
            text,
            inlined,
            barriers,
        })
    };
    if let Some((isrc, inlined)) = inline::inline_helpers(src, toks, open, params) {
        let itoks = tokenize(&isrc);
        let iunit = Unit::scan(&isrc, &itoks);
        if let Some(iclose) = matching(&isrc, &itoks, open) {
            return split(&isrc, &itoks, &iunit, iclose, inlined);
        }
    }
    split(src, toks, unit, close, Vec::new())
}

/// The split text of the body `open..close` and whether it has barriers or wavefront
/// operations (else it was split only at stride loops).
fn split_checked(
    sp: &Splitter<'_>,
    open: usize,
    close: usize,
    params: &[Param],
    file: &str,
) -> Result<(String, bool), Why> {
    let (src, toks) = (sp.src, sp.toks);
    let sync_words = (open + 1..close)
        .filter(|&k| toks[k].kind == TokenKind::Ident && is_split_sync(text(src, toks, k)))
        .count();
    if sync_words == 0 {
        // Without barriers only a stride loop makes the split worth it (`split_body` says "no
        // barrier" when none qualifies); whatever else stops the split of such a kernel is no
        // news (it runs as before).
        if !(open + 1..close).any(|k| text(src, toks, k) == "for") {
            return Err("no barrier");
        }
        return split_body(sp, open, close, params, file, 0)
            .map(|t| (t, false))
            .map_err(|_| "no barrier");
    }
    split_body(sp, open, close, params, file, sync_words).map(|t| (t, true))
}

/// [`split_checked`] past the check for barriers (`sync_words` of them).
fn split_body(
    sp: &Splitter<'_>,
    open: usize,
    close: usize,
    params: &[Param],
    file: &str,
    sync_words: usize,
) -> Result<String, Why> {
    let Splitter {
        src,
        toks,
        unit,
        template_params,
    } = *sp;
    // Quick rejections over the whole body.
    for k in open + 1..close {
        let t = toks[k];
        let w = t.text(src);
        if t.kind == TokenKind::Directive {
            return Err("preprocessor line in the body");
        }
        // `static __shared__` is `__shared__` (the rewrite drops the `static`).
        let static_shared = w == "static"
            && (text(src, toks, k + 1) == "__shared__" || text(src, toks, k - 1) == "__shared__");
        if t.kind == TokenKind::Ident
            && (FORBIDDEN_WORDS.contains(&w) || (w == "static" && !static_shared))
        {
            return Err("unsupported construct");
        }
        // A lambda: `]` followed by `(`, `{` or `mutable`.
        if w == "]"
            && (is_p(src, toks, k + 1, "(")
                || is_p(src, toks, k + 1, "{")
                || text(src, toks, k + 1) == "mutable")
        {
            return Err("lambda");
        }
        if w == "<" && is_p(src, toks, k + 1, "<") && is_p(src, toks, k + 2, "<") {
            return Err("launch inside a kernel");
        }
    }
    let nodes = sp.nodes(open, close)?;
    fn count(nodes: &[Node]) -> usize {
        nodes
            .iter()
            .map(|n| match n {
                Node::Plain(_) | Node::Stride(..) => 0,
                Node::Barrier => 1,
                Node::Exchange(_, calls) => calls.len(),
                Node::Loop(l) => count(&l.body),
                Node::If(n) => count(&n.then) + n.els.as_deref().map_or(0, count),
            })
            .sum()
    }
    if count(&nodes) != sync_words {
        return Err("a barrier or wavefront operation that is not a top-level statement");
    }
    let mut low = Lowering {
        sp,
        phases: Vec::new(),
        loops: 0,
        hoisted: Vec::new(),
        decls: Vec::new(),
        params,
        exchanges: Vec::new(),
    };
    // Phase 0 gives changed parameters their per-work-item copies (it may stay empty).
    let param_phase = low.new_phase(None);
    let mut blocks = vec![Block::Run(param_phase)];
    blocks.extend(low.lower(&nodes, None, None, None)?);
    if sync_words == 0 && !low.phases.iter().any(|p| p.stride.is_some()) {
        return Err("no barrier"); // no stride loop of a work-item after all
    }
    let Lowering {
        phases,
        loops,
        hoisted,
        decls,
        exchanges,
        ..
    } = low;
    // Nothing reachable synchronises.
    let mut checker = Checker {
        src,
        toks,
        unit,
        template_params,
        memo: BTreeMap::new(),
        exchanged: exchanges.iter().map(|c| c.name).collect(),
    };
    // The token ranges a phase runs: its statements, loop condition and increment, and the
    // values it stores for exchanges. A vote's value is not in the statement's phase (its
    // read does not repeat it; a shuffle's read names its value in a `decltype`).
    let votes: Vec<(usize, usize)> = exchanges
        .iter()
        .filter(|c| !c.op.is_shuffle())
        .filter_map(|c| c.value)
        .collect();
    let ranges = |ph: &Phase| -> Vec<(usize, usize)> {
        ph.stmts
            .iter()
            .flat_map(|s| {
                let mut parts = Vec::new();
                let mut at = s.a;
                for &(a, b) in votes.iter().filter(|v| s.a <= v.0 && v.1 <= s.b) {
                    parts.push((at, a));
                    at = b;
                }
                parts.push((at, s.b));
                parts
            })
            .chain(ph.cond.map(|c| c.1))
            .chain(ph.branch.map(|b| b.cond))
            .chain(ph.inc)
            .chain(ph.stores.iter().filter_map(|&x| exchanges[x].value))
            .collect()
    };
    for ph in &phases {
        for (a, b) in ranges(ph) {
            if !checker.range_safe(a, b) {
                return Err("a call that may synchronise");
            }
        }
    }
    // Which phases use a name.
    // Whether tokens `[a, b)` use the variable `name`.
    let mentions = |(a, b): (usize, usize), name: &str| {
        (a..b).any(|k| is_id(toks, k) && text(src, toks, k) == name && is_use(src, toks, k))
    };
    let uses =
        |name: &str, ph: &Phase| -> bool { ranges(ph).into_iter().any(|r| mentions(r, name)) };
    let unit_args = unit_call_arguments(src, toks, unit, open + 1, close);
    // The variables that phases must share: (name, type, declaring phase, phases using it,
    // is a parameter copy).
    struct Shared {
        name: String,
        ty: String,
        decl: usize,
        used: Vec<usize>,
        /// Phases that may change it (they store it back).
        changed: Vec<usize>,
        param: bool,
    }
    // Phases where a use of `name` may change it.
    let changes = |name: &str, ph: &Phase| -> bool {
        ranges(ph).into_iter().any(|(a, b)| {
            (a..b).any(|k| {
                is_id(toks, k)
                    && text(src, toks, k) == name
                    && is_use(src, toks, k)
                    && param_may_change(src, toks, k, &unit_args)
            })
        })
    };
    let mut shared: Vec<Shared> = Vec::new();
    for p in params {
        let changed = (open + 1..close).any(|k| {
            is_id(toks, k)
                && text(src, toks, k) == p.name
                && is_use(src, toks, k)
                && param_may_change(src, toks, k, &unit_args)
        });
        if !changed {
            continue;
        }
        if p.ty.contains('[') || p.ty.contains('(') || p.ty.contains("...") || p.ty.contains('&') {
            return Err("a changed parameter of an unsupported type");
        }
        let used: Vec<usize> = (0..phases.len())
            .filter(|&i| uses(&p.name, &phases[i]))
            .collect();
        if !used.is_empty() {
            let changed = used
                .iter()
                .copied()
                .filter(|&i| changes(&p.name, &phases[i]))
                .collect();
            shared.push(Shared {
                name: p.name.clone(),
                ty: p.ty.clone(),
                decl: param_phase,
                used,
                changed,
                param: true,
            });
        }
    }
    for (name, ty, decl, unstorable) in decls {
        let used: Vec<usize> = (0..phases.len())
            .filter(|&i| i != decl && uses(&name, &phases[i]))
            .collect();
        if used.is_empty() {
            continue;
        }
        if unstorable {
            return Err("a reference, array or auto variable used after a barrier");
        }
        let address_taken = (open + 1..close).any(|k| {
            is_id(toks, k)
                && text(src, toks, k) == name
                && k > 0
                && is_p(src, toks, k - 1, "&")
                && unary_amp(src, toks, k - 1)
        });
        if address_taken {
            return Err("the address of a variable used after a barrier");
        }
        let changed = used
            .iter()
            .copied()
            .filter(|&i| changes(&name, &phases[i]))
            .collect();
        shared.push(Shared {
            name,
            ty,
            decl,
            used,
            changed,
            param: false,
        });
    }
    // The text.
    let line_of = |k: usize| src[..toks[k].start].matches('\n').count() + 1;
    let mut out = String::new();
    let types: Vec<&str> = shared.iter().map(|v| v.ty.as_str()).collect();
    let _ = write!(
        out,
        " if (::hip_impl::fission::ok<{}>()) if (::ferrocm_workitem_t *__hip_fw = ::hip_impl::fission::take()) {{",
        types.join(", ")
    );
    for (k, t) in &hoisted {
        let _ = write!(out, "\n#line {} \"{file}\"\n{t}", line_of(*k));
    }
    out.push_str("\n ::hip_impl::fission::group __hip_fg(__hip_fw);");
    for v in &shared {
        let _ = write!(
            out,
            " auto *const __hip_fs_{0} = ::hip_impl::fission::array<{1}>(__hip_fg);",
            v.name, v.ty
        );
        if v.param {
            let _ = write!(out, " auto &__hip_pv_{0} = {0};", v.name);
        }
    }
    for l in 0..loops {
        let _ = write!(
            out,
            " unsigned char *const __hip_in{l} = ::hip_impl::fission::array<unsigned char>(__hip_fg);"
        );
    }
    // Per exchange: the lanes that took part (a word per wavefront) and the values (one per
    // work-item) or the predicates (a word per wavefront).
    for (x, c) in exchanges.iter().enumerate() {
        if c.op.is_shuffle() {
            let _ = write!(
                out,
                " ::std::uint64_t *const __hip_xv{x} = ::hip_impl::fission::array<::std::uint64_t>(__hip_fg);"
            );
        } else if c.value.is_some() {
            let _ = write!(
                out,
                " ::std::uint64_t *const __hip_xb{x} = __hip_fg.waves();"
            );
        }
        let _ = write!(
            out,
            " ::std::uint64_t *const __hip_xa{x} = __hip_fg.waves();"
        );
    }
    out.push_str(" if (__hip_fg.ready()) {");
    let range_text = |(a, b): (usize, usize)| &src[toks[a].start..toks[b - 1].end];
    // What phase `store` adds for exchange `x`, and what replaces the call in the statement.
    let store_text = |x: usize| -> String {
        let c = &exchanges[x];
        match c.value.map(range_text) {
            Some(v) if c.op.is_shuffle() => format!(
                "::hip_impl::fission::xput<decltype(::__shfl({v}, 0))>(__hip_xv{x}, __hip_xa{x}, __hip_i, {v});"
            ),
            Some(v) => format!("::hip_impl::fission::xvote(__hip_xb{x}, __hip_xa{x}, __hip_i, {v});"),
            None => format!("::hip_impl::fission::xjoin(__hip_xa{x}, __hip_i);"),
        }
    };
    let read_text = |x: usize| -> String {
        let c = &exchanges[x];
        let mut args = Vec::new();
        let mut types = String::new();
        match c.value.map(range_text) {
            Some(v) if c.op.is_shuffle() => {
                args.push(format!("__hip_xv{x}"));
                types = if c.sync {
                    format!("<decltype(::__shfl({v}, 0)), ::std::decay_t<decltype({v})>>")
                } else {
                    format!("<decltype(::__shfl({v}, 0))>")
                };
            }
            Some(_) => args.push(format!("__hip_xb{x}")),
            None => {}
        }
        args.push(format!("__hip_xa{x}"));
        args.push("__hip_i".to_owned());
        let mask = c.mask.map(range_text);
        match mask {
            // A shuffle's mask is only checked; a vote's selects lanes.
            Some(m) if c.op.is_shuffle() => {
                args.extend(c.rest.map(|r| range_text(r).to_owned()));
                format!(
                    "(::hip_impl::fission::sync_mask({m}), ::hip_impl::fission::{}{types}({}))",
                    c.op.reader(),
                    args.join(", ")
                )
            }
            _ => {
                args.extend(mask.into_iter().map(str::to_owned));
                args.extend(c.rest.map(|r| range_text(r).to_owned()));
                format!(
                    "::hip_impl::fission::{}{}{types}({})",
                    c.op.reader(),
                    if c.sync { "_sync" } else { "" },
                    args.join(", ")
                )
            }
        }
    };
    // The source of tokens `[a, b)` with the exchanged calls replaced by their reads.
    let source = |a: usize, b: usize| -> String {
        let mut text = String::new();
        let mut at = toks[a].start;
        for (x, c) in exchanges.iter().enumerate() {
            if a <= c.start && c.close < b {
                text.push_str(&src[at..toks[c.start].start]);
                text.push_str(&read_text(x));
                at = toks[c.close].end;
            }
        }
        text.push_str(&src[at..toks[b - 1].end]);
        text
    };
    // A phase's copy of a variable kept per work-item.
    let get_text = |v: &Shared| {
        format!(
            " {0} {1} = ::hip_impl::fission::get<{0}>(__hip_fs_{1} + __hip_i);",
            v.ty, v.name
        )
    };
    let phase_text = |i: usize, out: &mut String| {
        let ph = &phases[i];
        let params_here = i == param_phase;
        if params_here && !shared.iter().any(|v| v.param) {
            return;
        }
        // A phase with nothing to run (the rest of a branch after its last barrier, say).
        let empty = ph.stmts.is_empty()
            && ph.stores.is_empty()
            && ph.cond.is_none()
            && ph.branch.is_none()
            && ph.inc.is_none()
            && ph.enters.is_none()
            && ph.stride.is_none();
        if empty && !params_here {
            return;
        }
        for &x in &ph.stores {
            let _ = write!(out, "\n __hip_fg.clear_waves(__hip_xa{x});");
            if !exchanges[x].op.is_shuffle() && exchanges[x].value.is_some() {
                let _ = write!(out, " __hip_fg.clear_waves(__hip_xb{x});");
            }
        }
        // A stride loop: step by step for the whole group when the group allows it (see
        // `StrideLoop`), else as any phase.
        if let Some(l) = &ph.stride {
            let rt = |r: (usize, usize)| &src[toks[r.0].start..toks[r.1 - 1].end];
            // The probe reads the variables the start, bound and step name; the step loop
            // uses the work-items' slots of those the body names.
            let gets: String = shared
                .iter()
                .filter(|v| {
                    v.used.contains(&i)
                        && [l.start, l.bound, l.step]
                            .iter()
                            .any(|&r| mentions(r, &v.name))
                })
                .map(get_text)
                .collect();
            let refs: String = shared
                .iter()
                .filter(|v| v.used.contains(&i) && mentions(l.body, &v.name))
                .map(|v| format!(" auto &{0} = __hip_fs_{0}[__hip_i];", v.name))
                .collect();
            // The ids are set only for a body that may read them (stores to them in the loop
            // would keep the compiler from vectorising it).
            let reads_ids = (l.body.0..l.body.1).any(|k| {
                is_id(toks, k)
                    && (matches!(
                        text(src, toks, k),
                        "threadIdx"
                            | "hipThreadIdx_x"
                            | "hipThreadIdx_y"
                            | "hipThreadIdx_z"
                            | "__lane_id"
                    ) || is_p(src, toks, k + 1, "("))
            });
            let at = if reads_ids {
                " __hip_fg.at_1d(__hip_i);"
            } else {
                ""
            };
            let _ = write!(
                out,
                "\n bool __hip_sfast{i} = false; if (__hip_fg.plain_1d()) {{ ::hip_impl::fission::stride<{ty}> __hip_st;\n __hip_fg.run([&](bool &__hip_fall, unsigned __hip_i) {{{gets}\n#line {line} \"{file}\"\n__hip_st.probe(__hip_i, {start}, {bound}, {step}); __hip_fall = true; }});\n if (__hip_st.ok(__hip_fg.size())) {{ __hip_sfast{i} = true; __hip_fg.begin_1d(); for ({ty} __hip_k = __hip_st.start; __hip_k < __hip_st.bound; __hip_k += __hip_st.step) {{ const {ty} __hip_e = static_cast<{ty}>(__hip_k + static_cast<{ty}>(__hip_st.count(__hip_k, __hip_fg.size()))); for ({ty} {var} = __hip_k; {var} < __hip_e; ++{var}) {{ const unsigned __hip_i = static_cast<unsigned>({var} - __hip_k); (void)__hip_i;{at}{refs}\n#line {bline} \"{file}\"\n{body} }} }} }} }}\n if (!__hip_sfast{i})",
                ty = l.ty,
                var = l.var,
                line = line_of(l.start.0),
                start = rt(l.start),
                bound = rt(l.bound),
                step = rt(l.step),
                bline = line_of(l.body.0),
                body = rt(l.body),
            );
        }
        out.push_str("\n __hip_fg.run([&](bool &__hip_fall, unsigned __hip_i) { (void)__hip_i;");
        if let Some(l) = ph.guard {
            let _ = write!(
                out,
                " if (!__hip_in{l}[__hip_i]) {{ __hip_fall = true; return; }}"
            );
        }
        if let Some(l) = ph.enters {
            let _ = write!(out, " __hip_in{l}[__hip_i] = 1;");
        }
        for v in &shared {
            if params_here && v.param {
                let _ = write!(out, " {0} {1} = __hip_pv_{1};", v.ty, v.name);
            } else if v.used.contains(&i) {
                out.push_str(&get_text(v));
            }
        }
        if let Some((l, (a, b))) = ph.cond {
            let _ = write!(
                out,
                "\n#line {} \"{file}\"\nif (!({})) {{ __hip_in{l}[__hip_i] = 0; __hip_fall = true; return; }} __hip_any{l} = true;",
                line_of(a),
                &src[toks[a].start..toks[b - 1].end]
            );
        }
        // The statements, in runs of adjacent ones (hoisted declarations left out).
        let stmts = &ph.stmts;
        let mut j = 0;
        while j < stmts.len() {
            let mut e = j;
            while e + 1 < stmts.len() && stmts[e].b == stmts[e + 1].a {
                e += 1;
            }
            let _ = write!(
                out,
                "\n#line {} \"{file}\"\n{}",
                line_of(stmts[j].a),
                source(stmts[j].a, stmts[e].b)
            );
            j = e + 1;
        }
        for &x in &ph.stores {
            let _ = write!(
                out,
                "\n#line {} \"{file}\"\n{}",
                line_of(exchanges[x].name),
                store_text(x)
            );
        }
        if let Some(br) = ph.branch {
            let (a, b) = br.cond;
            let _ = write!(
                out,
                "\n#line {} \"{file}\"\nif ({}) {{ __hip_in{t}[__hip_i] = 1; __hip_any{t} = true; }}",
                line_of(a),
                &src[toks[a].start..toks[b - 1].end],
                t = br.then
            );
            if let Some(e) = br.els {
                let _ = write!(
                    out,
                    " else {{ __hip_in{e}[__hip_i] = 1; __hip_any{e} = true; }}"
                );
            }
        }
        if let Some((a, b)) = ph.inc {
            let _ = write!(
                out,
                "\n#line {} \"{file}\"\n{};",
                line_of(a),
                &src[toks[a].start..toks[b - 1].end]
            );
        }
        for v in &shared {
            if v.decl == i || v.changed.contains(&i) {
                let _ = write!(
                    out,
                    " ::hip_impl::fission::put(__hip_fs_{0} + __hip_i, {0});",
                    v.name
                );
            }
        }
        out.push_str(" __hip_fall = true; });");
    };
    fn emit(blocks: &[Block], out: &mut String, phase_text: &dyn Fn(usize, &mut String)) {
        for b in blocks {
            match b {
                Block::Run(i) => phase_text(*i, out),
                Block::Loop { id, entry, body } => {
                    let _ = write!(out, "\n __hip_fg.clear(__hip_in{id});");
                    phase_text(*entry, out);
                    let _ = write!(out, "\n for (;;) {{ bool __hip_any{id} = false;");
                    let (first, rest) = body
                        .split_first()
                        .map_or((None, &body[..0]), |(f, r)| (Some(f), r));
                    if let Some(f) = first {
                        emit(std::slice::from_ref(f), out, phase_text);
                    }
                    let _ = write!(out, " if (!__hip_any{id}) break;");
                    emit(rest, out, phase_text);
                    out.push_str(" }");
                }
                Block::If {
                    branch,
                    entry,
                    then,
                    els,
                } => {
                    let ids: Vec<usize> = std::iter::once(branch.then).chain(branch.els).collect();
                    out.push_str("\n {");
                    for id in &ids {
                        let _ = write!(
                            out,
                            " bool __hip_any{id} = false; __hip_fg.clear(__hip_in{id});"
                        );
                    }
                    phase_text(*entry, out);
                    let _ = write!(out, "\n if (__hip_any{}) {{", branch.then);
                    emit(then, out, phase_text);
                    out.push_str(" }");
                    if let (Some(id), Some(els)) = (branch.els, els) {
                        let _ = write!(out, "\n if (__hip_any{id}) {{");
                        emit(els, out, phase_text);
                        out.push_str(" }");
                    }
                    out.push_str(" }");
                }
            }
        }
    }
    emit(&blocks, &mut out, &phase_text);
    let _ = write!(
        out,
        " __hip_fg.finish(); return; }} }}\n#line {} \"{file}\"\n",
        line_of(open)
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use crate::rewrite::rewrite;

    /// The rewritten unit and its fission notes.
    fn split(src: &str) -> (String, Vec<String>) {
        let r = rewrite(src, "t.hip");
        (r.source, r.fission_notes)
    }

    fn is_split(src: &str) -> bool {
        let (out, notes) = split(src);
        let yes = out.contains("::hip_impl::fission::take()");
        assert_eq!(
            yes,
            notes.iter().any(|n| n.contains("split at its barriers")),
            "{notes:?}"
        );
        yes
    }

    /// Each kernel is left on fibers, for a reason that contains the text given.
    fn assert_stay_on_fibers(cases: &[(&str, &str)]) {
        for (src, reason) in cases {
            assert!(!is_split(src), "{src}");
            let w = why(src);
            assert!(w.contains(reason), "{src}: {w}");
        }
    }

    /// Asserts that hipcc splits the kernel of `src` (else shows why not).
    fn assert_split(src: &str) {
        assert!(is_split(src), "{}", why(src));
    }

    /// Asserts that `out` contains each of `parts`.
    fn assert_contains(out: &str, parts: &[&str]) {
        for part in parts {
            assert!(out.contains(part), "missing {part:?} in:\n{out}");
        }
    }

    fn why(src: &str) -> String {
        let (_, notes) = split(src);
        notes.join("\n")
    }

    #[test]
    fn top_level_barriers_split_the_kernel_into_phases() {
        let src = "__global__ void k(const float *a, float *b, unsigned n) {\n  __syncthreads();\n  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) b[i] = a[i];\n}\n";
        let (out, notes) = split(src);
        assert_eq!(
            notes,
            ["t.hip:1: kernel split at its barriers (runs without fibers)"]
        );
        // One phase (the empty one before the barrier is left out), no variable kept.
        assert_eq!(out.matches("__hip_fg.run(").count(), 1, "{out}");
        assert!(out.contains("::hip_impl::fission::ok<>()"), "{out}");
        // The phase text is the user's, under a #line directive naming its line; the original
        // body follows on its original lines.
        assert!(
            out.contains("#line 3 \"t.hip\"\nunsigned i = blockIdx.x"),
            "{out}"
        );
        assert!(
            out.contains("#line 1 \"t.hip\"\n\n  __syncthreads();"),
            "{out}"
        );
        // No barrier: nothing inserted, no note.
        let (out, notes) = split("__global__ void k(float *p) { p[threadIdx.x] = 1; }\n");
        assert!(!out.contains("fission"), "{out}");
        assert!(notes.is_empty());
    }

    #[test]
    fn variables_used_after_a_barrier_are_kept_per_work_item() {
        let src = "__global__ void k(const int *in, int *out) {\n  __shared__ int s[256];\n  const unsigned t = threadIdx.x, *p = nullptr;\n  int v = in[t] * 2;\n  s[t] = v;\n  __syncthreads();\n  out[t] = s[255 - t] + v + (p == nullptr);\n  int w = v;\n  __syncthreads();\n  out[t] += w + t;\n}\n";
        let (out, _) = split(src);
        // t (const unsigned), v and w live across a barrier; p only in the second phase.
        assert!(
            out.contains("::hip_impl::fission::ok<const unsigned, const unsigned *, int, int>()"),
            "{out}"
        );
        assert!(
            out.contains("auto *const __hip_fs_v = ::hip_impl::fission::array<int>(__hip_fg);"),
            "{out}"
        );
        assert!(
            out.contains("const unsigned t = ::hip_impl::fission::get<const unsigned>(__hip_fs_t + __hip_i);"),
            "{out}"
        );
        assert!(
            out.contains("::hip_impl::fission::put(__hip_fs_w + __hip_i, w);"),
            "{out}"
        );
        // The shared array is declared again at the top of the split body, once.
        assert!(
            out.contains("#line 2 \"t.hip\"\n__shared__ int s[256];\n ::hip_impl::fission::group"),
            "{out}"
        );
        assert_eq!(out.matches("__shared__ int s[256];").count(), 2, "{out}");
    }

    #[test]
    fn dynamic_shared_and_constexpr_are_hoisted() {
        let src = "__global__ void k(float *p) {\n  constexpr int N = 4;\n  extern __shared__ float d[];\n  __shared__ float s[N];\n  d[threadIdx.x] = p[threadIdx.x];\n  __syncthreads();\n  p[threadIdx.x] = d[N - 1] + s[0];\n}\n";
        let (out, _) = split(src);
        assert!(out.contains("\nconstexpr int N = 4;\n"), "{out}");
        assert!(
            out.contains("\nstatic ::hip_impl::dynamic_shared<float> d;\n"),
            "{out}"
        );
        assert!(is_split(src));
        // A shared declaration that uses a local cannot move.
        assert!(!is_split("__global__ void k(float *p) {\n  const int n = 4;\n  __shared__ float s[n];\n  s[0] = 1;\n  __syncthreads();\n  p[0] = s[0];\n}\n"));
    }

    #[test]
    fn changed_parameters_get_per_work_item_copies() {
        let src = "__global__ void k(int *p, int n, float x) {\n  n += threadIdx.x;\n  __syncthreads();\n  p[threadIdx.x] = n + (int)x;\n}\n";
        let (out, _) = split(src);
        assert!(out.contains("auto &__hip_pv_n = n;"), "{out}");
        assert!(out.contains("int n = __hip_pv_n;"), "{out}");
        assert!(
            out.contains("::hip_impl::fission::put(__hip_fs_n + __hip_i, n);"),
            "{out}"
        );
        assert!(
            !out.contains("__hip_pv_x") && !out.contains("__hip_pv_p"),
            "{out}"
        );
        // Passed to a function of the unit (maybe by reference): copied too.
        let src = "__device__ void bump(int &v) { v++; }\n__global__ void k(int *p, int n) {\n  bump(n);\n  __syncthreads();\n  p[threadIdx.x] = n;\n}\n";
        let (out, _) = split(src);
        assert!(out.contains("auto &__hip_pv_n = n;"), "{out}");
        // Only read: shared by all work-items.
        let (out, _) = split("__global__ void k(int *p, int n) {\n  __syncthreads();\n  p[threadIdx.x] = n == 3;\n}\n");
        assert!(!out.contains("__hip_pv_n"), "{out}");
    }

    #[test]
    fn a_phase_stores_a_variable_back_only_if_it_may_change_it() {
        let src = "__global__ void k(int *p) {\n  int v = p[0], w = 1, u = 2;\n  __syncthreads();\n  int &r = v;\n  r += w;\n  std::swap(u, w);\n  p[1] = u;\n  __syncthreads();\n  p[2] = v + w;\n}\n";
        let (out, _) = split(src);
        let phases: Vec<&str> = out.split("__hip_fg.run(").collect();
        // phases[0] is the text before the first run; [1] the parameter phase is absent (no
        // changed parameter), so [1] declares, [2] is the middle phase, [3] the last.
        let middle = phases[2];
        assert!(
            middle.contains("put(__hip_fs_v + __hip_i, v)"),
            "bound to a reference: {middle}"
        );
        assert!(
            middle.contains("put(__hip_fs_w + __hip_i, w)"),
            "passed to std::swap: {middle}"
        );
        let last = phases[3];
        assert!(!last.contains("put("), "only read: {last}");
    }

    #[test]
    fn compound_assignments_are_not_declarations() {
        let src = "__global__ void k(int *p) {\n  int off = 1;\n  __syncthreads();\n  off *= 2;\n  off &= 3;\n  p[0] = off;\n}\n";
        assert_split(src);
    }

    #[test]
    fn early_returns_and_control_flow_stay_in_their_phase() {
        let src = "__global__ void k(int *p) {\n  if (threadIdx.x >= 10) return;\n  for (int i = 0; i < 3; ++i) { p[i] += 1; }\n  do { p[0]++; } while (p[0] < 3);\n  __syncthreads();\n  if (threadIdx.x == 0) { p[1] = 2; } else { p[2] = 3; }\n}\n";
        assert_split(src);
    }

    #[test]
    fn barriers_in_loops_run_the_loop_over_phases() {
        let src = "__global__ void k(float *p) {\n  __shared__ float s[256];\n  unsigned t = threadIdx.x;\n  s[t] = p[t];\n  __syncthreads();\n  for (unsigned h = blockDim.x / 2; h > 0; h >>= 1) {\n    if (t < h) s[t] += s[t + h];\n    __syncthreads();\n  }\n  if (t == 0) p[0] = s[0];\n}\n";
        let (out, notes) = split(src);
        assert!(notes[0].contains("split at its barriers"), "{notes:?}");
        assert_contains(
            &out,
            &[
                // The loop runs at group level until no work-item is left in it; the condition
                // is checked per work-item in the first phase of each iteration, the increment
                // ends the last one.
                "__hip_fg.clear(__hip_in0);",
                "for (;;) { bool __hip_any0 = false;",
                "if (!(h > 0)) { __hip_in0[__hip_i] = 0; __hip_fall = true; return; } __hip_any0 = true;",
                "if (!__hip_any0) break;",
                "h >>= 1;",
                // t and h are kept per work-item.
                "::hip_impl::fission::ok<unsigned, unsigned>()",
            ],
        );
        // Nested loops and a loop whose body is the barrier alone.
        let src = "__global__ void k(float *p, int rounds) {\n  for (int r = 0; r < rounds; ++r) __syncthreads();\n  for (int i = 0; i < 4; ++i) {\n    for (int j = 0; j < 2; ++j) {\n      p[threadIdx.x] += i * j;\n      __syncthreads();\n    }\n    __syncthreads();\n  }\n}\n";
        assert_split(src);
        let (out, _) = split(src);
        assert!(out.contains("__hip_in2"), "{out}");
    }

    #[test]
    fn barriers_and_exchanges_in_conditions_run_per_branch() {
        let src = "__global__ void k(int *p) {\n  int t = threadIdx.x;\n  if (t < 32) {\n    p[t] = 1;\n    __syncthreads();\n    p[t] += t;\n  } else if (t < 64) p[t] = __shfl(p[t], 0);\n  else {\n    p[t] = 2;\n  }\n  p[t] += 1;\n}\n";
        let (out, notes) = split(src);
        assert!(notes[0].contains("split at its barriers"), "{notes:?}");
        assert_contains(
            &out,
            &[
                // The entry phase sorts the work-items into the branches; `else if` is an
                // `if` of its own inside the else branch.
                "bool __hip_any0 = false; __hip_fg.clear(__hip_in0); bool __hip_any1 = false; __hip_fg.clear(__hip_in1);",
                "if (t < 32) { __hip_in0[__hip_i] = 1; __hip_any0 = true; } else { __hip_in1[__hip_i] = 1; __hip_any1 = true; }",
                "if (t < 64) { __hip_in2[__hip_i] = 1; __hip_any2 = true; } else { __hip_in3[__hip_i] = 1; __hip_any3 = true; }",
                // A branch runs only if some work-item entered it, and only for those.
                "if (__hip_any0) {",
                "if (!__hip_in0[__hip_i]) { __hip_fall = true; return; }",
            ],
        );
        // Two phases in the first branch, the exchange's two in the second, one in the
        // last, the entry phases, the first and last phase of the body; no empty phase.
        assert_eq!(out.matches("__hip_fg.run(").count(), 9, "{out}");
        // A barrier alone under a condition, a condition in a loop.
        assert!(is_split(
            "__global__ void k(int *p) {\n  if (p) __syncthreads();\n}\n"
        ));
        assert!(is_split("__global__ void k(int *p) {\n  for (int i = 0; i < 4; ++i) { if (p[i]) { __syncthreads(); } }\n}\n"));
    }

    #[test]
    fn stride_loops_run_step_by_step_for_the_group() {
        let src = "__global__ void k(float a, const float *x, float *y, int n) {\n  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)\n    y[i] = a * x[i] + y[i];\n}\n";
        let (out, notes) = split(src);
        assert_eq!(
            notes,
            ["t.hip:1: kernel split at its stride loops (runs group by group)"]
        );
        assert_contains(
            &out,
            &[
                "::hip_impl::fission::stride<int> __hip_st;",
                "__hip_st.probe(__hip_i, blockIdx.x * blockDim.x + threadIdx.x, n, blockDim.x * gridDim.x);",
                "for (int i = __hip_k; i < __hip_e; ++i) {",
                // The work-item by work-item way stays as the fallback.
                "if (!__hip_sfast",
            ],
        );
        // The body reads no id: none is set in the step loop.
        assert!(!out.contains("at_1d"), "{out}");
        // A variable of the body read in the loop is used through its per-work-item slot.
        let src = "__global__ void k(const float *in, float *out, unsigned n) {\n  unsigned t = threadIdx.x;\n  float acc = 0;\n  for (unsigned i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) acc += in[i] * threadIdx.x;\n  out[blockIdx.x * blockDim.x + t] = acc;\n}\n";
        let (out, _) = split(src);
        assert_contains(
            &out,
            &[
                "auto &acc = __hip_fs_acc[__hip_i];",
                "__hip_fg.at_1d(__hip_i);",
            ],
        );
        // Not stride loops (and no barrier): left alone, silently.
        for src in [
            "__global__ void k(int *p, int n) { for (int i = threadIdx.x; i <= n; i += blockDim.x) p[i] = 0; }",
            "__global__ void k(int *p, int n) { for (int i = threadIdx.x; i < n; i++) p[i] = 0; }",
            "__global__ void k(int *p, int n) { for (int i = threadIdx.x; i < n; i += blockDim.x) { if (p[i]) break; p[i] = 1; } }",
            "__global__ void k(int *p, int n) { for (int i = threadIdx.x; i < n; i += blockDim.x) { n -= 1; p[i] = 1; } }",
            "__global__ void k(int *p, int n) { for (int i = threadIdx.x; i < n; i += blockDim.x) { p[i] = 1; i += 2; } }",
            "__global__ void k(int *p, int n) { for (int i = 0; i < n; i += 4) p[i] = 1; }",
            "__global__ void k(int *p, int n) { for (int i = threadIdx.x; i < n; i += p[0]++) p[i] = 1; }",
        ] {
            let (out, notes) = split(src);
            assert!(notes.is_empty(), "{src}: {notes:?}");
            assert!(!out.contains("fission::take"), "{src}");
        }
    }

    #[test]
    fn unsupported_kernels_stay_on_fibers() {
        let cases = [
            // A barrier inside a condition, or a loop the split does not handle.
            ("__global__ void k(int *p) {\n  for (int i = 0; i < 4; ++i) { if (p[i]) { __syncthreads(); continue; } }\n}\n", "break or continue"),
            ("__global__ void k(int *p) {\n  if (int v = p[0]) { __syncthreads(); p[1] = v; }\n}\n", "declaration in a condition"),
            ("__global__ void k(int *p) {\n  switch (p[0]) { case 1: __syncthreads(); }\n}\n", "not a top-level statement"),
            ("__global__ void k(int *p) {\n  for (int i = 0; i < 4; ++i) { __syncthreads(); if (p[i]) break; }\n}\n", "break or continue"),
            ("__global__ void k(int *p) {\n  do { __syncthreads(); } while (p[0]);\n}\n", "not a top-level statement"),
            ("__global__ void k(int *p) {\n  for (;;) { __syncthreads(); }\n}\n", "no condition"),
            // Something that may synchronise.
            ("__global__ void k(int *p) {\n  __syncthreads();\n  p[0] = __match_any(p[0]);\n}\n", "may synchronise"),
            ("__global__ void k(int *p) {\n  __syncthreads();\n  p[0] = __reduce_add_sync(~0ull, p[0]);\n}\n", "may synchronise"),
            ("__device__ int helper() { __syncthreads(); return 1; }\n__global__ void k(int *p) {\n  __syncthreads();\n  p[0] = 1 + helper();\n}\n", "may synchronise"),
            ("__global__ void k(int *p) {\n  __syncthreads();\n  unknown_function(p);\n}\n", "may synchronise"),
            ("__global__ void k(int *p) {\n  __syncthreads();\n  auto g = cooperative_groups::this_thread_block();\n}\n", "may synchronise"),
            ("__global__ void k(Thing *p) {\n  __syncthreads();\n  p->update();\n}\n", "may synchronise"),
            // Variables that cannot be kept per work-item.
            ("__global__ void k(int *p) {\n  auto v = p[0];\n  __syncthreads();\n  p[1] = v;\n}\n", "reference, array or auto"),
            ("__global__ void k(int *p) {\n  int a[4] = {};\n  __syncthreads();\n  p[1] = a[0];\n}\n", "reference, array or auto"),
            ("__global__ void k(int *p) {\n  int v = 1; int *q = &v;\n  __syncthreads();\n  p[1] = *q + v;\n}\n", "address"),
            // Constructs the split does not handle.
            ("__global__ void k(int *p) {\n  auto f = [&](int x) { return x; };\n  __syncthreads();\n}\n", "lambda"),
            ("__global__ void k(int *p) {\n  static int c;\n  __syncthreads();\n}\n", "unsupported construct"),
            ("__global__ void k(int *p) {\n#if 1\n  p[0] = 1;\n#endif\n  __syncthreads();\n}\n", "preprocessor"),
            ("__global__ void k(int *p) {\n  goto end;\n  __syncthreads();\n  end:;\n}\n", "unsupported construct"),
        ];
        assert_stay_on_fibers(&cases);
    }

    #[test]
    fn wavefront_operations_run_as_exchanges_between_phases() {
        let src = "__global__ void k(const float *in, float *out) {\n  float acc = in[threadIdx.x];\n  for (int off = warpSize / 2; off > 0; off >>= 1) acc += __shfl_down(acc, off);\n  if (threadIdx.x % warpSize == 0) out[threadIdx.x / warpSize] = acc;\n}\n";
        let (out, notes) = split(src);
        assert!(notes[0].contains("split at its barriers"), "{notes:?}");
        // The value array and the wavefront words of the exchange.
        assert!(out.contains("::std::uint64_t *const __hip_xv0 = ::hip_impl::fission::array<::std::uint64_t>(__hip_fg);"), "{out}");
        assert!(
            out.contains("::std::uint64_t *const __hip_xa0 = __hip_fg.waves();"),
            "{out}"
        );
        // The loop's first phase checks the condition and ends with the store (after clearing
        // the lanes); the next one runs the statement with the call read from the exchange.
        let phases: Vec<&str> = out.split("__hip_fg.run(").collect();
        let store = phases
            .iter()
            .position(|p| p.contains("xput<"))
            .expect("a store");
        assert!(phases[store].contains("if (!(off > 0))"), "{out}");
        assert!(phases[store].contains("::hip_impl::fission::xput<decltype(::__shfl(acc, 0))>(__hip_xv0, __hip_xa0, __hip_i, acc);"), "{out}");
        assert!(
            phases[store - 1].ends_with("__hip_fg.clear_waves(__hip_xa0);\n "),
            "{out}"
        );
        assert!(phases[store + 1].contains("acc += ::hip_impl::fission::shfl_down<decltype(::__shfl(acc, 0))>(__hip_xv0, __hip_xa0, __hip_i, off);"), "{out}");
        assert!(phases[store + 1].contains("off >>= 1;"), "{out}");
        // Votes, masks, the active mask, `_sync` forms, `__syncwarp()` as a boundary, a
        // declaration and several calls in one statement.
        let src = "__global__ void k(int *p, unsigned long long *b) {\n  int t = threadIdx.x;\n  if (t == 7) return;\n  b[t] = __ballot(t & 1) + __activemask();\n  __syncwarp();\n  int all = __all_sync(~0ull, t < 40);\n  double d = __shfl_xor_sync(~0ull, (double)t, 3, 16);\n  p[t] = all + (int)d + __any(p[t] > 2);\n}\n";
        let (out, _) = split(src);
        assert_split(src);
        assert!(
            out.contains("::hip_impl::fission::xvote(__hip_xb0, __hip_xa0, __hip_i, t & 1);"),
            "{out}"
        );
        assert!(
            out.contains("::hip_impl::fission::xjoin(__hip_xa1, __hip_i);"),
            "{out}"
        );
        assert!(out.contains("b[t] = ::hip_impl::fission::ballot(__hip_xb0, __hip_xa0, __hip_i) + ::hip_impl::fission::activemask(__hip_xa1, __hip_i);"), "{out}");
        assert!(
            out.contains(
                "int all = ::hip_impl::fission::all_sync(__hip_xb2, __hip_xa2, __hip_i, ~0ull);"
            ),
            "{out}"
        );
        assert!(out.contains("double d = (::hip_impl::fission::sync_mask(~0ull), ::hip_impl::fission::shfl_xor<decltype(::__shfl((double)t, 0)), ::std::decay_t<decltype((double)t)>>(__hip_xv3, __hip_xa3, __hip_i, 3, 16));"), "{out}");
        assert!(
            out.contains("::hip_impl::fission::any(__hip_xb4, __hip_xa4, __hip_i)"),
            "{out}"
        );
        // Phases: parameters, before the ballot, the ballot, after __syncwarp, __all, the
        // shuffle, the __any.
        assert_eq!(out.matches("__hip_fg.run(").count(), 6, "{out}");
        // A kernel with only a __syncwarp() is split too.
        assert!(is_split("__global__ void k(int *p) {\n  p[threadIdx.x] = 1;\n  __syncwarp(mask);\n  p[threadIdx.x] += p[threadIdx.x ^ 1];\n}\n"));
    }

    #[test]
    fn wavefront_operations_the_split_cannot_reorder_stay_on_fibers() {
        let cases = [
            // A lane might not take part.
            ("__global__ void k(int *p) {\n  p[1] = p[0] ? __shfl(p[1], 0) : 0;\n}\n", "under a condition"),
            ("__global__ void k(int *p) {\n  p[1] = p[0] && __any(p[1]);\n}\n", "under a condition"),
            // The value is computed at the end of the phase before: it must not change, nor
            // change anything.
            ("__global__ void k(int *p) {\n  int v = 1;\n  p[0] = __shfl(v++, 0);\n}\n", "side effects"),
            ("__device__ int f(int *p) { return ++*p; }\n__global__ void k(int *p) {\n  p[0] = __shfl(f(p), 0);\n}\n", "side effects"),
            ("__global__ void k(int *p) {\n  p[0] = __shfl(atomicAdd(p, 1), 0);\n}\n", "side effects"),
            ("__global__ void k(int *p) {\n  int v = 1;\n  p[v = 2] = __shfl(v, 0);\n}\n", "assignment"),
            ("__global__ void k(int *p) {\n  int v = 1;\n  v = 3, p[0] = __shfl(v, 0);\n}\n", "comma"),
            ("__global__ void k(int *p) {\n  int v = 1;\n  p[v++] = __shfl(v, 0);\n}\n", "increment"),
            ("__device__ int g(int &v) { return v = 5; }\n__global__ void k(int *p) {\n  int v = 1;\n  p[0] = g(v) + __shfl(v, 0);\n}\n", "effects"),
            ("__global__ void k(int *p) {\n  int a = 1, b = __shfl(a, 0), c = __shfl(b, 1);\n  p[0] = c;\n}\n", "declared variable"),
            // Overloads of the unit, nesting, operations the split does not handle.
            ("__device__ float2 __shfl(float2 v, int l) { return v; }\n__global__ void k(float2 *p) {\n  p[0] = __shfl(p[0], 1);\n}\n", "the unit defines"),
            ("__global__ void k(int *p) {\n  p[0] = __shfl(__shfl(p[0], 1), 2);\n}\n", "does not handle"),
            ("__global__ void k(int *p) {\n  p[0] = __shfl(p[0], 1) + __match_any(p[1]);\n}\n", "does not handle"),
            ("__global__ void k(int *p) {\n  auto f = __shfl_down;\n}\n", "not called"),
            ("__global__ void k(int *p) {\n  do { p[0] = __shfl(p[0], 1); } while (p[1]);\n}\n", "not a top-level statement"),
        ];
        assert_stay_on_fibers(&cases);
        // What the rules allow: an assignment of the result, printf beside it, pure calls
        // in the value, and an argument with a side effect (evaluated where it was).
        let src = "__global__ void k(int *p) {\n  int v = p[0], s = 1;\n  p[threadIdx.x] = __shfl(abs(v) * 2, s++, 64) + min(v, 3);\n  printf(\"%d\\n\", __shfl_up(v, 1));\n}\n";
        assert_split(src);
    }

    #[test]
    fn calls_the_unit_and_the_library_cannot_synchronise_through_are_fine() {
        let src = "__device__ float sq(float x) { return x * x; }\n__device__ float twice(float x) { return sq(x) + sq(x); }\ntemplate <class T> __global__ void k(T *p) {\n  float v = sqrtf(twice(p[threadIdx.x])) + fmaxf(1.0f, 2.0f);\n  atomicAdd(p, T(1));\n  __syncthreads();\n  p[threadIdx.x] = (T)std::max(v, 0.0f) + make_float2(1, 2).x + float4{}.x;\n}\n";
        assert_split(src);
    }

    #[test]
    fn line_numbers_after_the_kernel_are_unchanged() {
        let src = "__global__ void k(int *p) {\n  int v = p[0];\n  __syncthreads();\n  p[1] = v;\n}\nint after_the_kernel;\n";
        let (out, _) = split(src);
        // The last #line before `after_the_kernel` puts the rest of line 1 on line 1.
        let tail = out.rsplit("#line ").next().unwrap_or("");
        assert!(tail.starts_with("1 \"t.hip\"\n"), "{out}");
        let rest = tail.split_once('\n').map(|x| x.1).unwrap_or("");
        let before: Vec<&str> = rest.lines().collect();
        let at = before.iter().position(|l| l.contains("after_the_kernel"));
        assert_eq!(at, Some(5), "{rest}");
    }
}
