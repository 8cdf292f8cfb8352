//! The HIP source rewriter (docs/HIP_CPU.md sections 4 and 5).
//!
//! [`rewrite`] turns a HIP translation unit into plain C++ for the host compiler:
//!
//! - `k<<<grid, block[, shm[, stream]]>>>(args)` becomes
//!   `::hip_impl::chevron_probed(__HIP_KERNEL_PROBE(k), [&](auto __hip_p) -> decltype(__hip_p(k)) { return __hip_p(k); }, [=](auto&&... __hip_a) { k(static_cast<decltype(__hip_a)&&>(__hip_a)...); }, grid, block[, shm[, stream]])(args)`
//!   for a kernel of this unit (`chevron_extern(k, <lambda>, ...)` for one defined elsewhere);
//! - `extern __shared__ T name[];` becomes `T *const name = ::hip_impl::dynamic_shared<T>{}.get();`
//!   in a function body and `static ::hip_impl::dynamic_shared<T> name;` at file scope;
//! - `FERROCM_REGISTER_KERNEL(n, ::qualified::name, "qualified::name")` and
//!   `FERROCM_REGISTER_VARIABLE(...)` lines are appended for the unit's namespace-scope
//!   `__global__` function definitions (non-template, not overloaded) and
//!   `__device__`/`__constant__`/`__managed__` variable definitions, each wrapped in the
//!   preprocessor conditions (`#if`/`#ifdef`/`#else`...) it was defined under;
//! - notes go into `__global__` bodies (same line, after the `{` or the declaration's `;`):
//!   `(void)::hip_impl::kernel_self<&::k<T...>>::registered;` registers each instantiation
//!   of a kernel template, `launch_bounds_note<&::k, args>` records `__launch_bounds__`, and
//!   `static_shared_note<&::k, __COUNTER__, sizeof(name)>` each `__shared__` variable, so
//!   `hipFuncGetAttributes` and occupancy see them (kernels whose name is ambiguous get none);
//! - a `#line 1 "<file>"` directive goes first, and no rewrite adds or removes a line, so the
//!   compiler's diagnostics point at the user's file and lines.
//!
//! The rewriter works on the source before preprocessing: a chevron launch or a kernel that a
//! macro produces is not seen, nor is anything in an `#include`d file. Preprocessor directives
//! are left alone (a chevron inside a `#define` is not rewritten).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use crate::fission::{split_kernel, Param, Split, Unit};
use crate::lexer::{directive_name, tokenize, Token, TokenKind};

/// What was registered: a kernel or a device variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolKind {
    /// A `__global__` function.
    Kernel,
    /// A `__device__`, `__constant__` or `__managed__` variable.
    Variable,
}

/// A registration emitted at the end of the unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registration {
    /// Kernel or variable.
    pub kind: SymbolKind,
    /// The qualified name without the leading `::` (anonymous namespaces left out), e.g.
    /// `"ns::vadd"`.
    pub name: String,
    /// The preprocessor conditions around the definition, outermost first: each entry is the
    /// `#if...`/`#elif...`/`#else` directives of one conditional group up to the branch that
    /// holds the definition (include guards are left out).
    pub conditions: Vec<Vec<String>>,
    /// For a kernel: the type of its global x index, when the body declares one
    /// ([`row_index_kind`]; `hip_impl::row_index_kind` in `include/hip/cpu/launch.h`).
    pub row_index: RowIndex,
}

/// How a kernel declares its global x index (`T i = blockIdx.x * blockDim.x + threadIdx.x;`):
/// the CPU work-group loop counts in that type so that the compiler can split it at `i < n`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum RowIndex {
    /// `int`, or no such declaration (the loop's default).
    #[default]
    Int,
    /// `unsigned int`.
    Unsigned,
    /// `size_t` holding the 32-bit sum.
    Size,
}

/// The type of the global x index that the kernel body `toks[open..close]` declares, if any:
/// `[const] T name = a + b;` at any depth, where {a, b} are `blockIdx.x * blockDim.x` (either
/// order) and `threadIdx.x`. Several such declarations of different types give `Int`.
pub fn row_index_kind(src: &str, toks: &[Token], open: usize, close: usize) -> RowIndex {
    let text = |k: usize| toks.get(k).map_or("", |t| t.text(src));
    let member = |k: usize, v: &str| text(k) == v && text(k + 1) == "." && text(k + 2) == "x";
    // `blockIdx.x * blockDim.x` or the reverse, starting at k (5 tokens... 7 with the dots).
    let product = |k: usize| {
        (member(k, "blockIdx") && text(k + 3) == "*" && member(k + 4, "blockDim"))
            || (member(k, "blockDim") && text(k + 3) == "*" && member(k + 4, "blockIdx"))
    };
    let mut found: Option<RowIndex> = None;
    for eq in open + 1..close {
        if text(eq) != "=" || text(eq + 1) == "=" {
            continue;
        }
        // The initialiser: 7 + 1 + 3 tokens, then `;`.
        let a = eq + 1;
        let sum = (product(a) && text(a + 7) == "+" && member(a + 8, "threadIdx"))
            || (member(a, "threadIdx") && text(a + 3) == "+" && product(a + 4));
        if !sum || text(a + 11) != ";" {
            continue;
        }
        // The declaration: `[const] T... name =`.
        let Some(name_at) = eq.checked_sub(1) else {
            continue;
        };
        if toks[name_at].kind != TokenKind::Ident {
            continue;
        }
        let mut k = name_at;
        let mut words = Vec::new();
        while k > open + 1 {
            k -= 1;
            let w = text(k);
            if matches!(w, ";" | "{" | "}" | "(" | ")" | ",") {
                break;
            }
            words.push(w);
        }
        words.reverse();
        let words: Vec<&str> = words
            .into_iter()
            .filter(|w| !matches!(*w, "const" | "std" | "::"))
            .collect();
        let kind = match words.as_slice() {
            ["unsigned"] | ["unsigned", "int"] | ["uint32_t"] | ["uint"] => RowIndex::Unsigned,
            ["size_t"] | ["uint64_t"] | ["unsigned", "long"] | ["unsigned", "long", "long"] => {
                RowIndex::Size
            }
            _ => RowIndex::Int,
        };
        if found.is_some_and(|f| f != kind) {
            return RowIndex::Int;
        }
        found = Some(kind);
    }
    found.unwrap_or_default()
}

/// The result of rewriting a unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rewritten {
    /// The C++ source to compile.
    pub source: String,
    /// Number of chevron launches rewritten.
    pub chevrons: usize,
    /// Number of `extern __shared__` declarations rewritten.
    pub dynamic_shared: usize,
    /// The registrations appended, in order.
    pub registrations: Vec<Registration>,
    /// Whether the unit uses HIP's device language at all (a rewrite happened, or it mentions
    /// `__global__`, `__device__`, `threadIdx`, ...): hipcc then makes sure `hip_runtime.h` is
    /// included, as clang's HIP mode does.
    pub uses_hip: bool,
    /// For each kernel with a `__syncthreads()`: whether it was split at its barriers
    /// ([`crate::fission`]) or why not, as `"<file>:<line>: ..."` lines (`hipcc -v` prints them).
    pub fission_notes: Vec<String>,
}

/// How [`rewrite_with`] treats a unit.
#[derive(Debug, Clone, Default)]
pub struct RewriteOptions {
    /// A user header reached from the source ([`crate::headers`]): no registration block is
    /// appended (the header may be included anywhere, any number of times); instead every
    /// kernel registers itself from its body, as kernel template instances do.
    pub header: bool,
    /// Kernels defined by other files of the translation unit (its headers): launches of
    /// them go through the probe, as launches of the unit's own kernels do.
    pub also_defined: BTreeSet<String>,
}

/// Rewrites the HIP unit `src`; `file_name` is what the `#line` directive names.
pub fn rewrite(src: &str, file_name: &str) -> Rewritten {
    rewrite_with(src, file_name, &RewriteOptions::default())
}

/// The names of the `__global__` functions `src` defines (without rewriting anything).
pub fn defined_kernels(src: &str) -> Vec<String> {
    let src = src.strip_prefix('\u{feff}').unwrap_or(src);
    let toks = tokenize(src);
    let (_, _, candidates) = find_registrations(src, &toks, false);
    candidates.into_iter().map(|c| c.name).collect()
}

/// [`rewrite`], for a source with headers of its own or for one of those headers.
pub fn rewrite_with(src: &str, file_name: &str, options: &RewriteOptions) -> Rewritten {
    let src = src.strip_prefix('\u{feff}').unwrap_or(src);
    let toks = tokenize(src);
    let (registrations, notes, candidates) = find_registrations(src, &toks, options.header);
    let registrations = if options.header {
        Vec::new()
    } else {
        registrations
    };
    // Kernels this unit defines (by unqualified name): a launch of any other kernel goes
    // through the registry of the unit that defines it (launch.h, launch_kernel_extern).
    let defined: BTreeSet<&str> = candidates
        .iter()
        .map(|c| c.name.as_str())
        .chain(options.also_defined.iter().map(String::as_str))
        .collect();
    let mut edits = chevron_edits(src, &toks, &defined);
    let chevrons = edits.len();
    edits.extend(ggl_extern_edits(src, &toks, &defined));
    let shared = extern_shared_edits(src, &toks);
    let dynamic_shared = shared.len();
    edits.extend(shared);
    edits.extend(static_shared_edits(src, &toks));
    edits.extend(notes);
    let (split, fission_notes) = fission_edits(src, &toks, &candidates, file_name);
    edits.extend(split);
    edits.sort_by_key(|e| e.start);

    let mut out = String::with_capacity(src.len() + 256);
    let _ = writeln!(out, "#line 1 \"{}\"", escape_c_string(file_name));
    let mut pos = 0;
    for e in &edits {
        if e.start < pos {
            continue; // overlapping (cannot happen for well-formed input): keep the first
        }
        out.push_str(&src[pos..e.start]);
        out.push_str(&e.text);
        pos = e.end;
    }
    out.push_str(&src[pos..]);
    out.push_str(&registration_block(&registrations));

    let uses_hip = !edits.is_empty()
        || !registrations.is_empty()
        || toks
            .iter()
            .any(|t| t.kind == TokenKind::Ident && HIP_LANGUAGE_WORDS.contains(&t.text(src)));
    Rewritten {
        source: out,
        chevrons,
        dynamic_shared,
        registrations,
        uses_hip,
        fission_notes,
    }
}

/// A `__global__` definition that may be split at its barriers ([`crate::fission`]).
#[derive(Debug, Clone)]
struct FissionCandidate {
    /// The kernel's unqualified name.
    name: String,
    /// Token index of the body's `{` and `}`.
    open: usize,
    close: usize,
    params: Vec<Param>,
    template_params: Vec<String>,
}

/// The split versions of the kernels that have one, inserted after their body's `{`, and a
/// note per kernel with a barrier.
fn fission_edits(
    src: &str,
    toks: &[Token],
    candidates: &[FissionCandidate],
    file: &str,
) -> (Vec<Edit>, Vec<String>) {
    let mut edits = Vec::new();
    let mut notes = Vec::new();
    if candidates.is_empty() {
        return (edits, notes);
    }
    let unit = Unit::scan(src, toks);
    let escaped = escape_c_string(file);
    for c in candidates {
        let result = split_kernel(
            src,
            toks,
            &unit,
            c.open,
            c.close,
            &c.params,
            &c.template_params,
            &escaped,
        );
        let line = src[..toks[c.open].start].matches('\n').count() + 1;
        match result {
            Ok(Split {
                text,
                inlined,
                barriers,
            }) => {
                let mut note = if barriers {
                    format!("{file}:{line}: kernel split at its barriers (runs without fibers)")
                } else {
                    format!("{file}:{line}: kernel split at its stride loops (runs group by group)")
                };
                if !inlined.is_empty() {
                    let _ = write!(note, "; inlined: {}", inlined.join(", "));
                }
                notes.push(note);
                let at = toks[c.open].end;
                edits.push(Edit {
                    start: at,
                    end: at,
                    text,
                });
            }
            Err("no barrier") => {}
            Err(why) => notes.push(format!(
                "{file}:{line}: kernel left on fibers at its barriers: {why}"
            )),
        }
    }
    (edits, notes)
}

/// Identifiers that mark a unit as using HIP's device language.
const HIP_LANGUAGE_WORDS: &[&str] = &[
    "__global__",
    "__device__",
    "__host__",
    "__shared__",
    "__constant__",
    "__managed__",
    "threadIdx",
    "blockIdx",
    "blockDim",
    "gridDim",
    "__syncthreads",
    "hipLaunchKernelGGL",
    "HIP_DYNAMIC_SHARED",
];

/// The text appended at the end of the unit: one `FERROCM_REGISTER_*` line per registration,
/// inside the conditions it was defined under. Empty when there is nothing to register.
pub fn registration_block(regs: &[Registration]) -> String {
    if regs.is_empty() {
        return String::new();
    }
    let mut out = String::from("\n");
    for (n, r) in regs.iter().enumerate() {
        for group in &r.conditions {
            for d in group {
                out.push_str(d);
                out.push('\n');
            }
        }
        let _ = writeln!(out, "{}", registration_line(n, r));
        for _ in &r.conditions {
            out.push_str("#endif\n");
        }
    }
    out
}

/// `FERROCM_REGISTER_KERNEL(<n>, ::<name>, "<name>")` or `FERROCM_REGISTER_VARIABLE(...)`,
/// after `FERROCM_KERNEL_ROW_INDEX(::<name>, <kind>)` for a kernel whose index is not an `int`.
pub fn registration_line(n: usize, r: &Registration) -> String {
    let mac = match r.kind {
        SymbolKind::Kernel => "FERROCM_REGISTER_KERNEL",
        SymbolKind::Variable => "FERROCM_REGISTER_VARIABLE",
    };
    let index = match r.row_index {
        RowIndex::Int => String::new(),
        RowIndex::Unsigned => format!("FERROCM_KERNEL_ROW_INDEX(::{}, 1) ", r.name),
        RowIndex::Size => format!("FERROCM_KERNEL_ROW_INDEX(::{}, 2) ", r.name),
    };
    format!("{index}{mac}({n}, ::{}, \"{}\")", r.name, r.name)
}

/// Escapes `s` for a C string literal (the `#line` file name).
pub fn escape_c_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

/// A replacement of `src[start..end]`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

fn is_punct(src: &str, t: &Token, p: &str) -> bool {
    t.kind == TokenKind::Punct && t.text(src) == p
}

fn is_ident(src: &str, t: &Token, w: &str) -> bool {
    t.kind == TokenKind::Ident && t.text(src) == w
}

/// Three adjacent `c` tokens at `i` (`<<<` or `>>>`).
fn triple(src: &str, toks: &[Token], i: usize, c: &str) -> bool {
    i + 2 < toks.len()
        && is_punct(src, &toks[i], c)
        && is_punct(src, &toks[i + 1], c)
        && is_punct(src, &toks[i + 2], c)
        && toks[i].end == toks[i + 1].start
        && toks[i + 1].end == toks[i + 2].start
}

/// The tokens `toks[a..b]` as text, comments and line breaks between them replaced by one
/// space (tokens that touched stay together).
fn join_tokens(src: &str, toks: &[Token]) -> String {
    let mut out = String::new();
    for (k, t) in toks.iter().enumerate() {
        if k > 0 && toks[k - 1].end != t.start {
            out.push(' ');
        }
        out.push_str(t.text(src));
    }
    out
}

/// `text` followed by as many newlines as `original` has more than `text`, so that a rewrite
/// never changes the line numbers of what follows.
fn keep_lines(mut text: String, original: &str) -> String {
    let lost = original
        .matches('\n')
        .count()
        .saturating_sub(text.matches('\n').count());
    text.extend(std::iter::repeat_n('\n', lost));
    text
}

/// Index of the `open` token matching the `close` token at `j`, walking backwards.
fn match_backward(src: &str, toks: &[Token], j: usize, open: &str, close: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut k = j;
    loop {
        let t = &toks[k];
        if t.kind == TokenKind::Directive {
            return None;
        }
        if is_punct(src, t, close) {
            depth += 1;
        } else if is_punct(src, t, open) {
            depth -= 1;
            if depth == 0 {
                return Some(k);
            }
        } else if is_punct(src, t, ";") || is_punct(src, t, "{") || is_punct(src, t, "}") {
            return None;
        }
        if k == 0 {
            return None;
        }
        k -= 1;
    }
}

/// Start of the kernel expression that ends right before the `<<<` at `i`: `name`,
/// `ns::name`, `::ns::name<T, 4>`, `(expr)`.
fn kernel_start(src: &str, toks: &[Token], i: usize) -> Option<usize> {
    let mut j = i.checked_sub(1)?;
    if is_punct(src, &toks[j], ")") {
        return match_backward(src, toks, j, "(", ")");
    }
    loop {
        if is_punct(src, &toks[j], ">") {
            j = match_backward(src, toks, j, "<", ">")?.checked_sub(1)?;
        }
        if toks[j].kind != TokenKind::Ident {
            return None;
        }
        // `name` at j; a `::` before it continues the qualified name.
        if j >= 1 && is_punct(src, &toks[j - 1], "::") {
            if j >= 2
                && (toks[j - 2].kind == TokenKind::Ident || is_punct(src, &toks[j - 2], ">"))
                && !is_keyword_before_name(toks[j - 2].text(src))
            {
                j -= 2;
                continue;
            }
            return Some(j - 1); // a leading `::`
        }
        return Some(j);
    }
}

/// Keywords that can precede a `::name` without being part of it (`return ::k<<<...>>>()`).
fn is_keyword_before_name(w: &str) -> bool {
    matches!(
        w,
        "return" | "else" | "do" | "case" | "co_await" | "co_return" | "co_yield" | "throw"
    )
}

/// The unqualified name of the kernel that a kernel expression names: `k` in `ns::k<T, 3>`,
/// `(k)` or `HIP_KERNEL_NAME(k<T>)`; `None` when there is none.
fn kernel_base_name<'a>(src: &'a str, toks: &[Token]) -> Option<&'a str> {
    let mut depth = 0i32;
    let mut name = None;
    for t in toks {
        match t.text(src) {
            "<" => depth += 1,
            ">" => depth -= 1,
            "HIP_KERNEL_NAME" => {}
            w if depth == 0 && t.kind == TokenKind::Ident => name = Some(w),
            _ => {}
        }
    }
    name
}

/// `hipLaunchKernelGGL(k, ...)` of a kernel `k` that the unit does not define becomes
/// `__hipLaunchKernelGGLExtern(k, ...)` (the kernel's own unit has it inlined; launch.h).
fn ggl_extern_edits(src: &str, toks: &[Token], defined: &BTreeSet<&str>) -> Vec<Edit> {
    let mut edits = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if !is_ident(src, t, "hipLaunchKernelGGL")
            || !toks.get(i + 1).is_some_and(|n| is_punct(src, n, "("))
        {
            continue;
        }
        // The kernel expression: up to the first `,` outside brackets.
        let mut depth = 0i32;
        let mut end = None;
        for (k, u) in toks.iter().enumerate().skip(i + 2) {
            if u.kind == TokenKind::Directive {
                break;
            }
            match u.text(src) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => {
                    depth -= 1;
                    if depth < 0 {
                        break;
                    }
                }
                "," if depth == 0 => {
                    end = Some(k);
                    break;
                }
                _ => {}
            }
        }
        let Some(end) = end else { continue };
        match kernel_base_name(src, &toks[i + 2..end]) {
            Some(name) if !defined.contains(name) => edits.push(Edit {
                start: t.start,
                end: t.end,
                text: "__hipLaunchKernelGGLExtern".into(),
            }),
            _ => {}
        }
    }
    edits
}

/// The edits for every chevron launch.
fn chevron_edits(src: &str, toks: &[Token], defined: &BTreeSet<&str>) -> Vec<Edit> {
    let mut edits = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if !triple(src, toks, i, "<") {
            i += 1;
            continue;
        }
        let Some(start) = kernel_start(src, toks, i) else {
            i += 3;
            continue;
        };
        // The closing `>>>` at nesting depth 0.
        let mut depth = 0i32;
        let mut close = None;
        let mut k = i + 3;
        while k < toks.len() {
            let t = &toks[k];
            if t.kind == TokenKind::Punct {
                match t.text(src) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => {
                        depth -= 1;
                        if depth < 0 {
                            break;
                        }
                    }
                    ";" if depth == 0 => break,
                    ">" if depth == 0 && triple(src, toks, k, ">") => {
                        close = Some(k);
                        break;
                    }
                    _ => {}
                }
            }
            k += 1;
        }
        let Some(close) = close else {
            i += 3;
            continue;
        };
        let kernel = join_tokens(src, &toks[start..i]);
        let config = &src[toks[i + 2].end..toks[close].start];
        let sep = if config.starts_with(char::is_whitespace) {
            ""
        } else {
            " "
        };
        let lambda = format!(
            "[=](auto&&... __hip_a) {{ {kernel}(static_cast<decltype(__hip_a)&&>(__hip_a)...); }}"
        );
        // A kernel of this unit goes through hipLaunchKernelGGL's probe (template arguments
        // deduced at the call, overloads); one defined elsewhere by its address.
        let text = match kernel_base_name(src, &toks[start..i]) {
            Some(name) if !defined.contains(name) => {
                format!("::hip_impl::chevron_extern({kernel}, {lambda},{sep}{config})")
            }
            _ => format!(
                "::hip_impl::chevron_probed(__HIP_KERNEL_PROBE({kernel}), [&](auto __hip_p) -> decltype(__hip_p({kernel})) {{ return __hip_p({kernel}); }}, {lambda},{sep}{config})"
            ),
        };
        let (s, e) = (toks[start].start, toks[close + 2].end);
        edits.push(Edit {
            start: s,
            end: e,
            text: keep_lines(text, &src[s..e]),
        });
        i = close + 3;
    }
    edits
}

/// Attribute-like specifiers that take a parenthesised argument and can be dropped from a
/// declaration's type or ignored when looking for a parameter list.
const ATTRIBUTE_WORDS: &[&str] = &[
    "__attribute__",
    "__attribute",
    "__declspec",
    "alignas",
    "_Alignas",
    "__align__",
    "__launch_bounds__",
    "__amdgpu_waves_per_eu__",
    "__amdgpu_flat_work_group_size__",
];

/// Keywords followed by a parenthesised operand that is not a parameter list.
const NON_DECLARATOR_PARENS: &[&str] = &[
    "decltype",
    "noexcept",
    "throw",
    "__asm__",
    "__asm",
    "asm",
    "requires",
    "sizeof",
    "alignof",
    "__alignof__",
    "typeof",
    "__typeof__",
    "__typeof",
    "static_assert",
    "_Static_assert",
    "explicit",
];

/// If an attribute group starts at `k` (`__attribute__((...))`, `alignas(...)`, `[[...]]`...),
/// the index one past its end.
fn attribute_end(src: &str, toks: &[Token], k: usize) -> Option<usize> {
    let t = toks.get(k)?;
    if t.kind == TokenKind::Ident && ATTRIBUTE_WORDS.contains(&t.text(src)) {
        if toks.get(k + 1).is_some_and(|n| is_punct(src, n, "(")) {
            return Some(match_forward(src, toks, k + 1, "(", ")")? + 1);
        }
        return Some(k + 1);
    }
    if is_punct(src, t, "[") && toks.get(k + 1).is_some_and(|n| is_punct(src, n, "[")) {
        return Some(match_forward(src, toks, k, "[", "]")? + 1);
    }
    None
}

/// Index of the `close` token matching the `open` token at `j`.
fn match_forward(src: &str, toks: &[Token], j: usize, open: &str, close: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (k, t) in toks.iter().enumerate().skip(j) {
        if is_punct(src, t, open) {
            depth += 1;
        } else if is_punct(src, t, close) {
            depth = depth.checked_sub(1)?;
            if depth == 0 {
                return Some(k);
            }
        }
    }
    None
}

/// The edits for every `extern __shared__ T name[];`.
/// Removes the `static` of `static __shared__` (and `__shared__ static`): on the CPU
/// `__shared__` is `static thread_local` already, and a second `static` does not compile.
/// HIP code writes it in device functions (`static __shared__ float s[32];`), where it means
/// what `__shared__` alone means.
fn static_shared_edits(src: &str, toks: &[Token]) -> Vec<Edit> {
    let shared_at = |k: Option<usize>| {
        k.and_then(|k| toks.get(k))
            .is_some_and(|t| is_ident(src, t, "__shared__"))
    };
    toks.iter()
        .enumerate()
        .filter(|&(k, t)| {
            is_ident(src, t, "static") && (shared_at(Some(k + 1)) || shared_at(k.checked_sub(1)))
        })
        .map(|(_, t)| Edit {
            start: t.start,
            end: t.end,
            text: String::new(),
        })
        .collect()
}

/// What `extern __shared__ T name[];` becomes. In a function body, a pointer to the running
/// block's dynamic shared memory, initialised where the declaration runs: it is then an
/// ordinary `T *`, so `reinterpret_cast<U *>(name)` works as it does for the array. At file
/// scope (where nothing runs per block), an object converting to `T *` at each use.
pub fn dynamic_shared_declaration(ty: &str, name: &str, in_function: bool) -> String {
    if in_function {
        format!("{ty} *const {name} = ::hip_impl::dynamic_shared<{ty}>{{}}.get();")
    } else {
        format!("static ::hip_impl::dynamic_shared<{ty}> {name};")
    }
}

/// Whether token `at` lies in a function body: the innermost `{` still open before it opens
/// a function body or a block inside one (after `)`, `;`, `{`, `}`, `:`, `else`, `do`, `try`
/// or a member function's qualifiers), not a namespace, `extern "C"` block or class.
fn in_function_body(src: &str, toks: &[Token], at: usize) -> bool {
    let mut depth = 0usize;
    for k in (0..at).rev() {
        let t = &toks[k];
        if is_punct(src, t, "}") {
            depth += 1;
        } else if is_punct(src, t, "{") {
            if depth > 0 {
                depth -= 1;
                continue;
            }
            let Some(prev) = k.checked_sub(1).map(|p| &toks[p]) else {
                return false;
            };
            return match prev.kind {
                TokenKind::Ident => matches!(
                    prev.text(src),
                    "else" | "do" | "try" | "const" | "noexcept" | "override" | "final" | "mutable"
                ),
                TokenKind::Str => false,
                _ => [")", ";", "{", "}", ":"]
                    .iter()
                    .any(|p| is_punct(src, prev, p)),
            };
        }
    }
    false
}

fn extern_shared_edits(src: &str, toks: &[Token]) -> Vec<Edit> {
    let mut edits = Vec::new();
    let mut i = 0;
    'outer: while i < toks.len() {
        if !is_ident(src, &toks[i], "extern") {
            i += 1;
            continue;
        }
        // Collect the declaration up to `;`, dropping attribute groups.
        let mut kept: Vec<usize> = Vec::new();
        let mut shared = false;
        let mut k = i + 1;
        let end = loop {
            let Some(t) = toks.get(k) else {
                i += 1;
                continue 'outer;
            };
            if let Some(after) = attribute_end(src, toks, k) {
                k = after;
                continue;
            }
            if t.kind == TokenKind::Directive
                || t.kind == TokenKind::Str
                || is_punct(src, t, "{")
                || is_punct(src, t, "}")
                || kept.len() > 64
            {
                i += 1;
                continue 'outer;
            }
            if is_punct(src, t, ";") {
                break k;
            }
            if is_ident(src, t, "__shared__") {
                shared = true;
            } else {
                kept.push(k);
            }
            k += 1;
        };
        // kept = type..., name, `[`, `]`
        let n = kept.len();
        let well_formed = shared
            && n >= 4
            && is_punct(src, &toks[kept[n - 1]], "]")
            && is_punct(src, &toks[kept[n - 2]], "[")
            && toks[kept[n - 3]].kind == TokenKind::Ident
            && !kept[..n - 3]
                .iter()
                .any(|&x| is_punct(src, &toks[x], "[") || is_punct(src, &toks[x], "="));
        if !well_formed {
            i = end + 1;
            continue;
        }
        let ty: Vec<Token> = kept[..n - 3].iter().map(|&x| toks[x]).collect();
        let name = toks[kept[n - 3]].text(src);
        let text = dynamic_shared_declaration(
            &join_tokens(src, &ty),
            name,
            in_function_body(src, toks, i),
        );
        let (s, e) = (toks[i].start, toks[end].end);
        edits.push(Edit {
            start: s,
            end: e,
            text: keep_lines(text, &src[s..e]),
        });
        i = end + 1;
    }
    edits
}

// ---------------------------------------------------------------------------------------------
// Registration: a light structural walk over namespace scope.

/// One conditional group (`#if ... #endif`) open at some point.
#[derive(Debug, Clone)]
struct CondFrame {
    directives: Vec<String>,
    /// `#ifndef X` directly followed by `#define X`: an include guard, always true.
    guard: bool,
}

#[derive(Debug, Default)]
struct Conditions {
    frames: Vec<CondFrame>,
    /// The macro an `#ifndef` just opened on, until the next token.
    pending_guard: Option<String>,
}

impl Conditions {
    fn directive(&mut self, text: &str) {
        let name = directive_name(text);
        let pending = self.pending_guard.take();
        let first_word_after = |t: &str| -> String {
            let rest = t.trim_start_matches('#').trim_start();
            let rest = rest.get(name.len()..).unwrap_or("").trim_start();
            rest.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .next()
                .unwrap_or("")
                .to_owned()
        };
        match name {
            "if" | "ifdef" | "ifndef" => {
                self.frames.push(CondFrame {
                    directives: vec![text.to_owned()],
                    guard: false,
                });
                if name == "ifndef" {
                    self.pending_guard = Some(first_word_after(text));
                }
            }
            "elif" | "elifdef" | "elifndef" | "else" => {
                if let Some(f) = self.frames.last_mut() {
                    f.directives.push(text.to_owned());
                    f.guard = false;
                }
            }
            "endif" => {
                self.frames.pop();
            }
            "define" => {
                if let (Some(p), Some(f)) = (pending, self.frames.last_mut()) {
                    if !p.is_empty() && first_word_after(text) == p && f.directives.len() == 1 {
                        f.guard = true;
                    }
                }
            }
            _ => {}
        }
    }

    fn token(&mut self) {
        self.pending_guard = None;
    }

    fn snapshot(&self) -> Vec<Vec<String>> {
        self.frames
            .iter()
            .filter(|f| !f.guard)
            .map(|f| f.directives.clone())
            .collect()
    }
}

#[derive(Debug, Clone)]
enum Scope {
    /// A namespace definition: its names (`namespace a::b {` has two, an anonymous one none).
    Namespace(Vec<String>),
    /// `extern "C" {` / `extern "C++" {`.
    Linkage,
}

/// A function declaration or definition seen at namespace scope.
#[derive(Debug)]
struct FunctionSeen {
    name: String,
    signature: String,
    kernel_definition: bool,
    /// A `__global__` function template definition.
    kernel_template_definition: bool,
    template: bool,
    conditions: Vec<Vec<String>>,
}

/// The body of a `__global__` definition, for the attribute notes hipcc inserts into it.
#[derive(Debug)]
struct KernelBody {
    /// Index into `Walker::functions`.
    function: usize,
    /// The template arguments that name this instantiation inside its own body (`T, N`,
    /// `Ts...`); `None` for a non-template; `Some(None)`-like failure is dropped earlier.
    template_arguments: Option<String>,
    /// The arguments of `__launch_bounds__(...)`, if any.
    launch_bounds: Option<String>,
    /// Token index of the body's `{` and `}`.
    open: usize,
    close: usize,
}

/// The braces of the function body being declared and its `__launch_bounds__`, set by the
/// walk just before the statement is handled.
#[derive(Debug, Clone)]
struct PendingBody {
    open: usize,
    close: usize,
    launch_bounds: Option<String>,
}

struct Walker<'a> {
    src: &'a str,
    toks: &'a [Token],
    /// Every kernel registers itself from its body (a header: [`RewriteOptions::header`]).
    self_register: bool,
    conds: Conditions,
    scopes: Vec<Scope>,
    functions: Vec<FunctionSeen>,
    variables: Vec<Registration>,
    /// Order of the registrations: (position, index into functions or variables).
    order: Vec<(SymbolKind, usize)>,
    kernel_bodies: Vec<KernelBody>,
    pending_body: Option<PendingBody>,
    fission: Vec<FissionCandidate>,
}

/// The unit's registrations, the edits that put attribute notes into kernel bodies
/// (docs/HIP_CPU.md section 5), and the kernel definitions that may be split at barriers.
fn find_registrations(
    src: &str,
    toks: &[Token],
    self_register: bool,
) -> (Vec<Registration>, Vec<Edit>, Vec<FissionCandidate>) {
    let mut w = Walker {
        src,
        toks,
        self_register,
        conds: Conditions::default(),
        scopes: Vec::new(),
        functions: Vec::new(),
        variables: Vec::new(),
        order: Vec::new(),
        kernel_bodies: Vec::new(),
        pending_body: None,
        fission: Vec::new(),
    };
    w.walk();
    let candidates = std::mem::take(&mut w.fission);
    let (registrations, notes) = w.finish();
    (registrations, notes, candidates)
}

/// What the `{` that interrupts a namespace-scope statement opens.
#[derive(Debug, PartialEq, Eq)]
enum BraceKind {
    FunctionBody,
    /// A class/enum body, an initializer or anything else the statement continues after.
    Other,
}

impl<'a> Walker<'a> {
    fn text(&self, k: usize) -> &'a str {
        self.toks[k].text(self.src)
    }
    fn punct(&self, k: usize, p: &str) -> bool {
        self.toks.get(k).is_some_and(|t| is_punct(self.src, t, p))
    }
    fn ident(&self, k: usize, w: &str) -> bool {
        self.toks.get(k).is_some_and(|t| is_ident(self.src, t, w))
    }

    /// Skips the brace group opening at `k`, tracking directives inside; returns the index
    /// after the closing brace.
    fn skip_braces(&mut self, k: usize) -> usize {
        let mut depth = 0usize;
        let mut j = k;
        while j < self.toks.len() {
            let t = self.toks[j];
            if t.kind == TokenKind::Directive {
                self.conds.directive(t.text(self.src));
            } else {
                self.conds.token();
                if is_punct(self.src, &t, "{") {
                    depth += 1;
                } else if is_punct(self.src, &t, "}") {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return j + 1;
                    }
                }
            }
            j += 1;
        }
        j
    }

    fn walk(&mut self) {
        let mut stmt: Vec<usize> = Vec::new();
        let mut parens = 0usize;
        let mut i = 0;
        while i < self.toks.len() {
            let t = self.toks[i];
            if t.kind == TokenKind::Directive {
                self.conds.directive(t.text(self.src));
                i += 1;
                continue;
            }
            self.conds.token();
            if stmt.is_empty() {
                if let Some(next) = self.scope_opener(i) {
                    i = next;
                    continue;
                }
                if self.punct(i, "}") {
                    self.scopes.pop();
                    i += 1;
                    continue;
                }
            }
            if parens > 0 {
                // Inside a parameter list or other parentheses: braces are default arguments or
                // lambdas, not statement structure.
                if self.punct(i, "{") {
                    i = self.skip_braces(i);
                    continue;
                }
                if self.punct(i, "(") {
                    parens += 1;
                } else if self.punct(i, ")") {
                    parens -= 1;
                }
                stmt.push(i);
                i += 1;
                continue;
            }
            if self.punct(i, "(") {
                parens += 1;
                stmt.push(i);
                i += 1;
                continue;
            }
            if self.punct(i, ";") {
                self.statement(&stmt, false);
                stmt.clear();
                i += 1;
                continue;
            }
            if self.punct(i, "}") {
                // Unbalanced: drop the statement, close the scope.
                stmt.clear();
                self.scopes.pop();
                i += 1;
                continue;
            }
            if self.punct(i, "{") {
                if self.brace_kind(&stmt) == BraceKind::FunctionBody {
                    self.pending_body =
                        match_forward(self.src, self.toks, i, "{", "}").map(|close| PendingBody {
                            open: i,
                            close,
                            launch_bounds: self.launch_bounds(&stmt),
                        });
                    self.statement(&stmt, true);
                    self.pending_body = None;
                    stmt.clear();
                }
                i = self.skip_braces(i);
                continue;
            }
            stmt.push(i);
            i += 1;
        }
    }

    /// A namespace or linkage block opening at `i` (statement start): pushes the scopes and
    /// returns the index after its `{`. Namespace aliases are skipped whole.
    fn scope_opener(&mut self, i: usize) -> Option<usize> {
        if self.ident(i, "extern")
            && self
                .toks
                .get(i + 1)
                .is_some_and(|t| t.kind == TokenKind::Str)
            && self.punct(i + 2, "{")
        {
            self.scopes.push(Scope::Linkage);
            return Some(i + 3);
        }
        let mut k = i;
        if self.ident(k, "inline") {
            k += 1;
        }
        if !self.ident(k, "namespace") {
            return None;
        }
        k += 1;
        let mut names = Vec::new();
        while k < self.toks.len() {
            if let Some(after) = attribute_end(self.src, self.toks, k) {
                k = after;
                continue;
            }
            let t = self.toks[k];
            if t.kind == TokenKind::Ident {
                if t.text(self.src) != "inline" {
                    names.push(t.text(self.src).to_owned());
                }
            } else if is_punct(self.src, &t, "{") {
                self.scopes.push(Scope::Namespace(names));
                return Some(k + 1);
            } else if !is_punct(self.src, &t, "::") {
                // `namespace a = b;`: skip to the `;`.
                while k < self.toks.len() && !self.punct(k, ";") {
                    k += 1;
                }
                return Some(k + 1);
            }
            k += 1;
        }
        Some(k)
    }

    /// Statement tokens with attribute groups removed.
    fn without_attributes(&self, stmt: &[usize]) -> Vec<usize> {
        let mut out = Vec::with_capacity(stmt.len());
        let mut k = 0;
        while k < stmt.len() {
            if let Some(end) = attribute_end(self.src, self.toks, stmt[k]) {
                // Statement indices are contiguous except where braces were skipped, and
                // attribute groups never contain braces.
                while k < stmt.len() && stmt[k] < end {
                    k += 1;
                }
                continue;
            }
            out.push(stmt[k]);
            k += 1;
        }
        out
    }

    /// Position (in `s`) of the `(` of the declarator's parameter list, if the statement
    /// (attribute groups removed) declares a function.
    fn parameter_list(&self, s: &[usize]) -> Option<usize> {
        let mut parens = 0usize;
        let mut angles = 0usize;
        let mut p = 0;
        while p < s.len() {
            let k = s[p];
            if self.toks[k].kind == TokenKind::Punct {
                match self.text(k) {
                    // `=` outside a template parameter list: an initialiser, not a function.
                    "=" if parens == 0 && angles == 0 => return None,
                    "<" if parens == 0 && p > 0 && self.toks[s[p - 1]].kind == TokenKind::Ident => {
                        angles += 1
                    }
                    ">" if parens == 0 => angles = angles.saturating_sub(1),
                    ")" => parens = parens.saturating_sub(1),
                    "(" => {
                        let candidate = parens == 0
                            && angles == 0
                            && p > 0
                            && self.toks[s[p - 1]].kind == TokenKind::Ident
                            && !NON_DECLARATOR_PARENS.contains(&self.text(s[p - 1]));
                        if candidate {
                            // A macro attribute `NAME(args)` is followed by the real name and
                            // its parameter list; a parameter list is not.
                            let close = self.close_in(s, p);
                            let macro_like = close.is_some_and(|c| {
                                c + 2 < s.len()
                                    && self.toks[s[c + 1]].kind == TokenKind::Ident
                                    && !NON_DECLARATOR_PARENS.contains(&self.text(s[c + 1]))
                                    && (self.punct(s[c + 2], "(") || self.punct(s[c + 2], "::"))
                            });
                            if !macro_like {
                                return Some(p);
                            }
                        }
                        parens += 1;
                    }
                    _ => {}
                }
            }
            p += 1;
        }
        None
    }

    /// Position in `s` of the `)` matching the `(` at position `p`.
    fn close_in(&self, s: &[usize], p: usize) -> Option<usize> {
        let mut depth = 0usize;
        for (q, &k) in s.iter().enumerate().skip(p) {
            if self.punct(k, "(") {
                depth += 1;
            } else if self.punct(k, ")") {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(q);
                }
            }
        }
        None
    }

    /// A `{` after a declarator's parameter list opens a function body (also for
    /// `template<class T> __global__ void k(T) {` and `struct S f() {`); anything else (a
    /// class or enum body, a brace initializer, a lambda after `=`) is skipped and the
    /// statement goes on to its `;`.
    fn brace_kind(&self, stmt: &[usize]) -> BraceKind {
        let s = self.without_attributes(stmt);
        if self.parameter_list(&s).is_some() {
            BraceKind::FunctionBody
        } else {
            BraceKind::Other
        }
    }

    /// The scope's qualified-name prefix (anonymous namespaces left out).
    fn scope_prefix(&self) -> Vec<String> {
        self.scopes
            .iter()
            .flat_map(|s| match s {
                Scope::Namespace(names) => names.clone(),
                Scope::Linkage => Vec::new(),
            })
            .collect()
    }

    /// The (possibly qualified) name ending at position `p` of `s`: `name`, `ns::name`.
    /// Returns the name parts, or `None` if a part is a class template (`A<T>::f`).
    fn qualified_at(&self, s: &[usize], p: usize) -> Option<Vec<String>> {
        let mut parts = vec![self.text(s[p]).to_owned()];
        let mut q = p;
        while q >= 2 && self.punct(s[q - 1], "::") && self.toks[s[q - 2]].kind == TokenKind::Ident {
            parts.insert(0, self.text(s[q - 2]).to_owned());
            q -= 2;
        }
        if q >= 1 && self.punct(s[q - 1], "::") && q >= 2 && self.punct(s[q - 2], ">") {
            return None;
        }
        Some(parts)
    }

    /// A namespace-scope statement ended by `;` or (`body`) a function body.
    fn statement(&mut self, stmt: &[usize], body: bool) {
        let s = self.without_attributes(stmt);
        let Some(&first) = s.first() else { return };
        let template = self.ident(first, "template")
            || (self.ident(first, "extern")
                && s.get(1).is_some_and(|&k| self.ident(k, "template")));
        if matches!(
            self.text(first),
            "typedef" | "using" | "friend" | "static_assert"
        ) {
            return;
        }
        match self.parameter_list(&s) {
            Some(p) => self.function(&s, p, body, template),
            None if !body && !template => self.variable(&s),
            None => {}
        }
    }

    fn function(&mut self, s: &[usize], p: usize, body: bool, template: bool) {
        let Some(parts) = p.checked_sub(1).and_then(|n| self.qualified_at(s, n)) else {
            return;
        };
        let mut name = self.scope_prefix();
        name.extend(parts);
        let name = name.join("::");
        let signature = if template {
            format!("template#{}", self.functions.len())
        } else {
            self.close_in(s, p)
                .map(|c| self.signature(&s[p + 1..c]))
                .unwrap_or_default()
        };
        let is_global = s[..p].iter().any(|&k| self.ident(k, "__global__"));
        let kernel_definition = is_global && body && !template;
        if kernel_definition {
            self.order.push((SymbolKind::Kernel, self.functions.len()));
        }
        if is_global && body {
            if let Some(pending) = self.pending_body.clone() {
                let template_params = if template {
                    self.template_arguments(s)
                        .map(|a| {
                            a.split(", ")
                                .map(|n| n.trim_end_matches("...").to_owned())
                                .collect()
                        })
                        .unwrap_or_default()
                } else {
                    Vec::new()
                };
                if let Some(c) = self.close_in(s, p) {
                    self.fission.push(FissionCandidate {
                        name: self.text(s[p - 1]).to_owned(),
                        open: pending.open,
                        close: pending.close,
                        params: self.params(&s[p + 1..c]),
                        template_params,
                    });
                }
                let template_arguments = if template {
                    self.template_arguments(s)
                } else {
                    Some(String::new())
                };
                if let Some(args) = template_arguments {
                    self.kernel_bodies.push(KernelBody {
                        function: self.functions.len(),
                        template_arguments: template.then_some(args),
                        launch_bounds: pending.launch_bounds,
                        open: pending.open,
                        close: pending.close,
                    });
                }
            }
        }
        self.functions.push(FunctionSeen {
            name,
            signature,
            kernel_definition,
            kernel_template_definition: is_global && body && template,
            template,
            conditions: self.conds.snapshot(),
        });
    }

    /// The arguments of `__launch_bounds__(...)` in a declaration, as written.
    fn launch_bounds(&self, stmt: &[usize]) -> Option<String> {
        let at = stmt
            .iter()
            .position(|&k| self.ident(k, "__launch_bounds__"))?;
        let open = *stmt.get(at + 1)?;
        if !self.punct(open, "(") {
            return None;
        }
        let close = match_forward(self.src, self.toks, open, "(", ")")?;
        let args = join_tokens(self.src, &self.toks[open + 1..close]);
        (!args.trim().is_empty()).then_some(args)
    }

    /// For `template <typename T, int N, class... Ts>` at the start of `s`: `T, N, Ts...`, the
    /// arguments naming the instantiation inside its own body. `None` for an explicit
    /// specialisation (`template <>`) or a parameter without a name.
    fn template_arguments(&self, s: &[usize]) -> Option<String> {
        let lt = s.iter().position(|&k| self.punct(k, "<"))?;
        let mut depth = 0i32;
        let mut parens = 0i32;
        let mut params: Vec<Vec<usize>> = vec![Vec::new()];
        for &k in &s[lt + 1..] {
            if self.toks[k].kind == TokenKind::Punct {
                match self.text(k) {
                    "(" | "[" | "{" => parens += 1,
                    ")" | "]" | "}" => parens -= 1,
                    "<" if parens == 0 => depth += 1,
                    ">" if parens == 0 => {
                        if depth == 0 {
                            break;
                        }
                        depth -= 1;
                    }
                    "," if parens == 0 && depth == 0 => {
                        params.push(Vec::new());
                        continue;
                    }
                    _ => {}
                }
            }
            if let Some(cur) = params.last_mut() {
                cur.push(k);
            }
        }
        if params.len() == 1 && params[0].is_empty() {
            return None; // `template <>`
        }
        let mut out = Vec::new();
        for param in params {
            let end = param
                .iter()
                .position(|&k| self.punct(k, "="))
                .unwrap_or(param.len());
            let decl = &param[..end];
            if decl.len() < 2 {
                return None; // `typename` without a name
            }
            let &last = decl.last()?;
            if self.toks[last].kind != TokenKind::Ident
                || matches!(self.text(last), "typename" | "class" | "auto")
            {
                return None;
            }
            let pack = decl.iter().any(|&k| self.punct(k, "."));
            let name = self.text(last);
            out.push(if pack {
                format!("{name}...")
            } else {
                name.to_owned()
            });
        }
        Some(out.join(", "))
    }

    /// A normalised parameter list: parameter names and default arguments dropped, so that a
    /// declaration and the definition of one function compare equal.
    fn signature(&self, params: &[usize]) -> String {
        let mut out: Vec<String> = self
            .top_level_items(params)
            .into_iter()
            .map(|p| self.parameter_type(p))
            .collect();
        if out.len() == 1 && (out[0] == "void" || out[0].is_empty()) {
            out.clear();
        }
        out.join(",")
    }

    /// The items of a list (a parameter list's tokens inside its parentheses) split at its
    /// top-level commas; a trailing empty item is dropped.
    fn top_level_items<'p>(&self, list: &'p [usize]) -> Vec<&'p [usize]> {
        let mut out = Vec::new();
        let mut start = 0;
        let mut depth = 0i32;
        for (i, &k) in list.iter().enumerate() {
            if self.toks[k].kind != TokenKind::Punct {
                continue;
            }
            match self.text(k) {
                "(" | "[" | "<" | "{" => depth += 1,
                ")" | "]" | ">" | "}" => depth -= 1,
                "," if depth == 0 => {
                    out.push(&list[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        if start < list.len() {
            out.push(&list[start..]);
        }
        out
    }

    /// The named parameters of a parameter list (the tokens inside its parentheses).
    fn params(&self, params: &[usize]) -> Vec<Param> {
        let mut out = Vec::new();
        for item in self.top_level_items(params) {
            let mut p: Vec<usize> = item.to_vec();
            if let Some(eq) = p.iter().position(|&k| self.punct(k, "=")) {
                p.truncate(eq);
            }
            let ty = self.parameter_type(&p);
            let name = p
                .iter()
                .rev()
                .find(|&&k| self.toks[k].kind == TokenKind::Ident)
                .map(|&k| self.text(k));
            if let Some(name) = name {
                // Named only if the type lost a word (parameter_type drops the name).
                let words = p.len();
                if ty.split(' ').count() < words && !TYPE_KEYWORDS.contains(&name) {
                    out.push(Param {
                        name: name.to_owned(),
                        ty,
                    });
                }
            }
        }
        out
    }

    fn parameter_type(&self, param: &[usize]) -> String {
        let mut p: Vec<usize> = param.to_vec();
        if let Some(eq) = p.iter().position(|&k| self.punct(k, "=")) {
            p.truncate(eq);
        }
        // A trailing array declarator `name[N]`: look at the name before it.
        let mut name_at = p.len().checked_sub(1);
        if let Some(last) = name_at {
            if self.punct(p[last], "]") {
                name_at = p
                    .iter()
                    .position(|&k| self.punct(k, "["))
                    .and_then(|b| b.checked_sub(1));
            }
        }
        if let Some(n) = name_at {
            let k = p[n];
            let is_name = self.toks[k].kind == TokenKind::Ident
                && !TYPE_KEYWORDS.contains(&self.text(k))
                && !QUALIFIERS.contains(&self.text(k))
                && (n == 0 || !self.punct(p[n - 1], "::"))
                && p[..n].iter().any(|&e| {
                    (self.toks[e].kind == TokenKind::Ident && !QUALIFIERS.contains(&self.text(e)))
                        || self.punct(e, ">")
                });
            if is_name {
                p.remove(n);
            }
        }
        p.iter()
            .map(|&k| self.text(k))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn variable(&mut self, s: &[usize]) {
        let specifier = s.iter().any(|&k| {
            self.toks[k].kind == TokenKind::Ident
                && matches!(self.text(k), "__device__" | "__constant__" | "__managed__")
        });
        if !specifier || s.iter().any(|&k| self.ident(k, "extern")) {
            return;
        }
        for p in self.declarator_names(s) {
            let Some(parts) = self.qualified_at(s, p) else {
                continue;
            };
            let mut name = self.scope_prefix();
            name.extend(parts);
            self.order
                .push((SymbolKind::Variable, self.variables.len()));
            self.variables.push(Registration {
                kind: SymbolKind::Variable,
                name: name.join("::"),
                conditions: self.conds.snapshot(),
                row_index: RowIndex::Int,
            });
        }
    }

    /// Positions in `s` (a declaration without attributes) of the name of each declarator:
    /// `int a[4], *b = x;` gives the positions of `a` and `b`.
    fn declarator_names(&self, s: &[usize]) -> Vec<usize> {
        // Split into declarators at top-level commas.
        let mut declarators: Vec<(usize, usize)> = Vec::new();
        let (mut depth, mut angles, mut in_init, mut from) = (0i32, 0i32, false, 0usize);
        for (p, &k) in s.iter().enumerate() {
            if self.toks[k].kind != TokenKind::Punct {
                continue;
            }
            match self.text(k) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => depth -= 1,
                "=" if depth == 0 => in_init = true,
                "<" if !in_init => angles += 1,
                ">" if !in_init => angles -= 1,
                "," if depth == 0 && angles <= 0 => {
                    declarators.push((from, p));
                    from = p + 1;
                    in_init = false;
                    angles = 0;
                }
                _ => {}
            }
        }
        declarators.push((from, s.len()));
        let mut names = Vec::new();
        for (from, to) in declarators {
            let d = &s[from..to];
            let decl_end = d
                .iter()
                .position(|&k| self.punct(k, "="))
                .unwrap_or(d.len());
            // The name: the last identifier outside brackets.
            let mut depth = 0i32;
            let mut name_pos = None;
            for (p, &k) in d[..decl_end].iter().enumerate() {
                if self.punct(k, "[") || self.punct(k, "(") {
                    depth += 1;
                } else if self.punct(k, "]") || self.punct(k, ")") {
                    depth -= 1;
                } else if depth == 0 && self.toks[k].kind == TokenKind::Ident {
                    name_pos = Some(p);
                }
            }
            let Some(p) = name_pos else { continue };
            if HIP_VARIABLE_WORDS.contains(&self.text(d[p]))
                || TYPE_KEYWORDS.contains(&self.text(d[p]))
            {
                continue;
            }
            names.push(from + p);
        }
        names
    }

    fn finish(self) -> (Vec<Registration>, Vec<Edit>) {
        let mut signatures: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        let mut definitions: BTreeMap<&str, usize> = BTreeMap::new();
        let mut template_definitions: BTreeMap<&str, usize> = BTreeMap::new();
        let mut non_templates: BTreeSet<&str> = BTreeSet::new();
        for f in &self.functions {
            signatures.entry(&f.name).or_default().insert(&f.signature);
            if f.kernel_definition {
                *definitions.entry(&f.name).or_default() += 1;
            }
            if f.kernel_template_definition {
                *template_definitions.entry(&f.name).or_default() += 1;
            }
            if !f.template {
                non_templates.insert(&f.name);
            }
        }
        let mut edits = Vec::new();
        for body in &self.kernel_bodies {
            let f = &self.functions[body.function];
            let name = f.name.as_str();
            // `&::k` (or `&::k<T...>`) must name exactly one function.
            let ambiguous = match body.template_arguments {
                None => {
                    signatures.get(name).is_some_and(|s| s.len() > 1)
                        || definitions.get(name).is_some_and(|&n| n > 1)
                }
                Some(_) => {
                    template_definitions.get(name).is_some_and(|&n| n > 1)
                        || non_templates.contains(name)
                }
            };
            if !ambiguous {
                edits.extend(self.kernel_body_edits(body, name));
            }
        }
        let mut out = Vec::new();
        for &(kind, idx) in &self.order {
            match kind {
                SymbolKind::Kernel => {
                    let f = &self.functions[idx];
                    let overloaded = signatures.get(f.name.as_str()).is_some_and(|s| s.len() > 1)
                        || definitions.get(f.name.as_str()).is_some_and(|&n| n > 1);
                    if !overloaded {
                        let row_index = self
                            .kernel_bodies
                            .iter()
                            .find(|b| b.function == idx && b.template_arguments.is_none())
                            .map_or(RowIndex::Int, |b| {
                                row_index_kind(self.src, self.toks, b.open, b.close)
                            });
                        out.push(Registration {
                            kind,
                            name: f.name.clone(),
                            conditions: f.conditions.clone(),
                            row_index,
                        });
                    }
                }
                SymbolKind::Variable => out.push(self.variables[idx].clone()),
            }
        }
        (out, edits)
    }

    /// The notes for one kernel body: template self-registration and `__launch_bounds__`
    /// after its `{`, and a static-shared note after each `__shared__` declaration.
    fn kernel_body_edits(&self, body: &KernelBody, name: &str) -> Vec<Edit> {
        let this = match &body.template_arguments {
            Some(args) => format!("&::{name}<{args}>"),
            None => format!("::hip_impl::kernel_ptr(&::{name})"),
        };
        let mut prologue = String::new();
        if body.template_arguments.is_some() || self.self_register {
            let _ = write!(
                prologue,
                " (void)::hip_impl::kernel_self<{this}>::registered;"
            );
        }
        if let Some(lb) = &body.launch_bounds {
            let _ = write!(
                prologue,
                " (void)::hip_impl::launch_bounds_note<{this}, {lb}>::noted;"
            );
        }
        let mut edits = Vec::new();
        if !prologue.is_empty() {
            let at = self.toks[body.open].end;
            edits.push(Edit {
                start: at,
                end: at,
                text: prologue,
            });
        }
        let mut k = body.open + 1;
        while k < body.close {
            if !self.ident(k, "__shared__") {
                k += 1;
                continue;
            }
            // The declaration around `__shared__`: from the previous `;`, `{` or `}`.
            let mut start = k;
            while start > body.open + 1 && !matches!(self.text(start - 1), ";" | "{" | "}") {
                start -= 1;
            }
            let Some(end) = (k..body.close).find(|&j| self.punct(j, ";")) else {
                break;
            };
            let decl: Vec<usize> = (start..end)
                .filter(|&j| !self.ident(j, "__shared__"))
                .collect();
            let is_extern = decl.iter().any(|&j| self.ident(j, "extern"));
            let simple = !decl
                .iter()
                .any(|&j| self.punct(j, "{") || self.punct(j, "("));
            if !is_extern && simple {
                let decl = self.without_attributes(&decl);
                let mut text = String::new();
                for p in self.declarator_names(&decl) {
                    let _ = write!(
                        text,
                        " (void)::hip_impl::static_shared_note<{this}, __COUNTER__, sizeof({})>::noted;",
                        self.text(decl[p])
                    );
                }
                let at = self.toks[end].end;
                edits.push(Edit {
                    start: at,
                    end: at,
                    text,
                });
            }
            k = end + 1;
        }
        edits
    }
}

/// Keywords that name (part of) a type: never a parameter or variable name.
const TYPE_KEYWORDS: &[&str] = &[
    "int", "char", "short", "long", "unsigned", "signed", "float", "double", "bool", "void",
    "wchar_t", "char8_t", "char16_t", "char32_t", "auto", "__int128", "_Float16", "__fp16",
];

/// Words in a declaration that are not a type name.
const QUALIFIERS: &[&str] = &[
    "const",
    "volatile",
    "__restrict__",
    "__restrict",
    "restrict",
    "struct",
    "class",
    "union",
    "enum",
    "typename",
    "register",
];

/// HIP declaration specifiers (never a variable's name).
const HIP_VARIABLE_WORDS: &[&str] = &[
    "__device__",
    "__constant__",
    "__managed__",
    "__shared__",
    "__host__",
    "static",
    "const",
    "constexpr",
    "inline",
    "volatile",
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The rewritten body (without the `#line` directive and the registration block).
    fn body(src: &str) -> String {
        let r = rewrite(src, "t.hip");
        let s = r
            .source
            .split_once('\n')
            .map(|x| x.1)
            .unwrap_or("")
            .to_owned();
        let block = registration_block(&r.registrations);
        s.strip_suffix(block.as_str()).unwrap_or(&s).to_owned()
    }

    /// The rewrite of a launch of a kernel the unit does not define (the snippets below).
    fn chevron(k: &str, config: &str) -> String {
        format!(
            "::hip_impl::chevron_extern({k}, [=](auto&&... __hip_a) {{ {k}(static_cast<decltype(__hip_a)&&>(__hip_a)...); }}, {config})"
        )
    }

    #[test]
    fn launches_of_kernels_defined_elsewhere_go_through_the_registry() {
        let src = "__global__ void here(int *p) { *p = 1; }
namespace ns { template <class T> __global__ void tmpl(T *p) {} }
void f(int *p) {
  here<<<1, 1>>>(p);
  ns::tmpl<int><<<1, 1>>>(p);
  there<<<1, 1>>>(p);
  hipLaunchKernelGGL(here, 1, 1, 0, 0, p);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(ns::tmpl<int>), 1, 1, 0, 0, p);
  hipLaunchKernelGGL(there, 1, 1, 0, 0, p);
}
";
        let out = body(src);
        assert!(
            out.contains("::hip_impl::chevron_probed(__HIP_KERNEL_PROBE(here),"),
            "{out}"
        );
        assert!(
            out.contains("::hip_impl::chevron_probed(__HIP_KERNEL_PROBE(ns::tmpl<int>),"),
            "{out}"
        );
        assert!(out.contains("::hip_impl::chevron_extern(there,"), "{out}");
        assert!(out.contains("hipLaunchKernelGGL(here, 1"), "{out}");
        assert!(
            out.contains("hipLaunchKernelGGL(HIP_KERNEL_NAME(ns::tmpl<int>), 1"),
            "{out}"
        );
        assert!(out.contains("__hipLaunchKernelGGLExtern(there, 1"), "{out}");
        assert_eq!(line_count(&out), line_count(src));
    }

    fn names(src: &str) -> Vec<(SymbolKind, String)> {
        rewrite(src, "t.hip")
            .registrations
            .into_iter()
            .map(|r| (r.kind, r.name))
            .collect()
    }

    fn kernels(src: &str) -> Vec<String> {
        names(src)
            .into_iter()
            .filter(|(k, _)| *k == SymbolKind::Kernel)
            .map(|(_, n)| n)
            .collect()
    }

    fn variables(src: &str) -> Vec<String> {
        names(src)
            .into_iter()
            .filter(|(k, _)| *k == SymbolKind::Variable)
            .map(|(_, n)| n)
            .collect()
    }

    fn line_count(s: &str) -> usize {
        s.matches('\n').count()
    }

    // ---- attribute notes in kernel bodies ----

    #[test]
    fn static_shared_notes_follow_each_shared_declaration() {
        let out = body(
            "__global__ void k(float *p) {\n  __shared__ float a[16][17], b;\n  extern __shared__ int d[];\n}\n",
        );
        assert!(out.contains(
            "__shared__ float a[16][17], b; (void)::hip_impl::static_shared_note<::hip_impl::kernel_ptr(&::k), __COUNTER__, sizeof(a)>::noted; (void)::hip_impl::static_shared_note<::hip_impl::kernel_ptr(&::k), __COUNTER__, sizeof(b)>::noted;"
        ), "{out}");
        // Dynamic shared memory is not static.
        assert_eq!(out.matches("static_shared_note").count(), 2, "{out}");
        assert_eq!(line_count(&out), 4);
    }

    #[test]
    fn launch_bounds_and_template_self_registration() {
        let out = body(
            "namespace ns {\ntemplate <typename T, int N = 4, class... Ts>\n__global__ void __launch_bounds__(N * 32, 2) k(T *p) { p[0] = 1; }\n}\n",
        );
        assert!(out.contains(
            "{ (void)::hip_impl::kernel_self<&::ns::k<T, N, Ts...>>::registered; (void)::hip_impl::launch_bounds_note<&::ns::k<T, N, Ts...>, N * 32, 2>::noted; p[0] = 1; }"
        ), "{out}");
        let plain = body("__global__ void __launch_bounds__(256) b(int *p) { }");
        assert!(
            plain.contains(
                "{ (void)::hip_impl::launch_bounds_note<::hip_impl::kernel_ptr(&::b), 256>::noted; }"
            ),
            "{plain}"
        );
        assert!(!plain.contains("kernel_self"), "{plain}");
    }

    #[test]
    fn ambiguous_or_unnameable_kernels_get_no_notes() {
        // Overloaded kernels: `&::k` would be ambiguous.
        let out = body(
            "__global__ void k(int *p) { __shared__ int s; }\n__global__ void k(float *p) { __shared__ int s; }\n",
        );
        assert!(!out.contains("hip_impl"), "{out}");
        // An explicit specialisation and an unnamed template parameter.
        let out = body(
            "template <> __global__ void t<int>(int *p) { __shared__ int s; }\ntemplate <typename> __global__ void u() { __shared__ int s; }\n",
        );
        assert!(!out.contains("hip_impl"), "{out}");
        // A __device__ function is not a kernel.
        assert!(!body("__device__ void d() { __shared__ int s; }").contains("hip_impl"));
    }

    // ---- chevrons ----

    #[test]
    fn simple_chevron() {
        assert_eq!(
            body("  k<<<g, b>>>(x, y);\n"),
            format!("  {}(x, y);\n", chevron("k", "g, b"))
        );
    }

    #[test]
    fn chevron_with_three_and_four_config_arguments() {
        assert_eq!(
            body("k<<<dim3(1, 2), dim3(3), 64, stream>>>(p);"),
            format!("{}(p);", chevron("k", "dim3(1, 2), dim3(3), 64, stream"))
        );
        assert_eq!(
            body("k<<<1, 1, 0>>>();"),
            format!("{}();", chevron("k", "1, 1, 0"))
        );
    }

    #[test]
    fn qualified_and_template_kernels() {
        assert_eq!(
            body("ns::k<<<1, 2>>>(a);"),
            format!("{}(a);", chevron("ns::k", "1, 2"))
        );
        assert_eq!(
            body("k<float, 4><<<1, 2>>>(a);"),
            format!("{}(a);", chevron("k<float, 4>", "1, 2"))
        );
        assert_eq!(
            body("::ns::k<tmpl<int>><<<1, 2>>>(a);"),
            format!("{}(a);", chevron("::ns::k<tmpl<int>>", "1, 2"))
        );
        assert_eq!(
            body("a::b<c<d, e>, f>::g<h><<<1, 2>>>();"),
            format!("{}();", chevron("a::b<c<d, e>, f>::g<h>", "1, 2"))
        );
        assert_eq!(
            body("return ::k<<<1, 2>>>();"),
            format!("return {}();", chevron("::k", "1, 2"))
        );
        assert_eq!(
            body("(*fp)<<<1, 2>>>();"),
            format!("{}();", chevron("(*fp)", "1, 2"))
        );
    }

    #[test]
    fn config_with_parentheses_templates_and_braces() {
        let src = "k<<<std::max<int>(n / 256, 1), dim3{16, 16}, f(a, (b > c)), s>>>(x);";
        assert_eq!(
            body(src),
            format!(
                "{}(x);",
                chevron(
                    "k",
                    "std::max<int>(n / 256, 1), dim3{16, 16}, f(a, (b > c)), s"
                )
            )
        );
        // `>>>` inside parentheses does not close the configuration.
        let src = "k<<<g(v<w<x>>>(1)), b>>>();";
        assert_eq!(
            body(src),
            format!("{}();", chevron("k", "g(v<w<x>>>(1)), b"))
        );
    }

    #[test]
    fn multi_line_chevron_keeps_line_numbers() {
        let src = "k<<<grid,\n   block,\n   0>>>(a,\n b);\nint after;\n";
        let out = body(src);
        assert_eq!(line_count(&out), line_count(src));
        assert!(out.ends_with("(a,\n b);\nint after;\n"), "{out}");
        // The kernel expression split over lines: the newlines move after the rewrite.
        let src = "ns::\nk<<<1, 1>>>(a);\nx;";
        let out = body(src);
        assert_eq!(line_count(&out), 2);
        assert!(
            out.starts_with(&chevron("ns:: k", "1, 1"))
                || out.starts_with(&chevron("ns::k", "1, 1")),
            "{out}"
        );
    }

    #[test]
    fn chevrons_in_comments_strings_and_directives_are_left_alone() {
        let src = concat!(
            "// k<<<1, 1>>>();\n",
            "/* k<<<1, 1>>>(); */\n",
            "const char *s = \"k<<<1, 1>>>()\";\n",
            "const char *r = R\"x(k<<<1, 1>>>() )\" )x\";\n",
            "char c = '<';\n",
            "#define LAUNCH k<<<1, 1>>>()\n",
        );
        assert_eq!(body(src), src);
    }

    #[test]
    fn nested_template_closers_are_not_chevrons() {
        let src = "std::vector<std::vector<std::vector<int>>> v; a = b >> c; x <<= 2;";
        assert_eq!(body(src), src);
    }

    #[test]
    fn several_and_nested_launches() {
        let src = "a<<<1, 1>>>(); b<<<2, 2>>>(c<<<3, 3>>>);";
        assert_eq!(
            body(src),
            format!(
                "{}(); {}({});",
                chevron("a", "1, 1"),
                chevron("b", "2, 2"),
                chevron("c", "3, 3")
            )
        );
        assert_eq!(rewrite(src, "t").chevrons, 3);
    }

    #[test]
    fn unterminated_chevron_is_left_alone() {
        let src = "k<<<1, 1; x >>>;";
        assert_eq!(body(src), src);
    }

    // ---- extern __shared__ ----

    #[test]
    fn extern_shared_in_a_function_is_a_pointer() {
        let out = body("__global__ void k() {\n  extern __shared__ unsigned char raw[];\n  if (1) {\n    extern __shared__ float f[];\n  }\n}\nnamespace n {\nextern __shared__ int g[];\n}\n");
        assert!(
            out.contains(
                "  unsigned char *const raw = ::hip_impl::dynamic_shared<unsigned char>{}.get();"
            ),
            "{out}"
        );
        assert!(
            out.contains("    float *const f = ::hip_impl::dynamic_shared<float>{}.get();"),
            "{out}"
        );
        assert!(
            out.contains("static ::hip_impl::dynamic_shared<int> g;"),
            "{out}"
        );
    }

    #[test]
    fn extern_shared_forms() {
        assert_eq!(
            body("extern __shared__ float s[];"),
            "static ::hip_impl::dynamic_shared<float> s;"
        );
        assert_eq!(
            body("  extern __shared__ __align__(16) unsigned char smem[];"),
            "  static ::hip_impl::dynamic_shared<unsigned char> smem;"
        );
        assert_eq!(
            body("extern __attribute__((aligned(8))) __shared__ double d[ ];"),
            "static ::hip_impl::dynamic_shared<double> d;"
        );
        assert_eq!(
            body("extern __shared__ alignas(16) std::pair<int, float> p[];"),
            "static ::hip_impl::dynamic_shared<std::pair<int, float>> p;"
        );
        assert_eq!(
            body("extern __shared__ [[maybe_unused]] T buf[];"),
            "static ::hip_impl::dynamic_shared<T> buf;"
        );
        assert_eq!(
            body("extern __shared__ int\n  x[\n];\nnext;"),
            "static ::hip_impl::dynamic_shared<int> x;\n\n\nnext;"
        );
        assert_eq!(rewrite("extern __shared__ int a[];", "t").dynamic_shared, 1);
    }

    #[test]
    fn static_shared_loses_its_static() {
        assert_eq!(
            body("static __shared__ float s[32];"),
            " __shared__ float s[32];"
        );
        assert_eq!(body("__shared__ static int n;"), "__shared__  int n;");
        // Other statics stay.
        assert_eq!(
            body("static int c; static float f();"),
            "static int c; static float f();"
        );
    }

    #[test]
    fn other_externs_are_left_alone() {
        for src in [
            "extern int x[];",
            "extern __shared__ int fixed[16];",
            "extern \"C\" void f();",
            "extern __device__ int y;",
            "extern __shared__ int a[], b[];",
        ] {
            assert_eq!(body(src), src);
        }
    }

    // ---- registration ----

    #[test]
    fn kernels_in_namespaces() {
        let src = r#"
__global__ void top(int *p) { p[0] = 1; }
namespace a {
  __global__ void k1(float x) {}
  namespace b::c {
    __global__ void k2() {}
  }
  inline namespace v1 { __global__ void k3() {} }
  namespace { __global__ void hidden() {} }
}
namespace { namespace inner { __global__ void k4() {} } }
"#;
        assert_eq!(
            kernels(src),
            [
                "top",
                "a::k1",
                "a::b::c::k2",
                "a::v1::k3",
                "a::hidden",
                "inner::k4"
            ]
        );
    }

    #[test]
    fn kernels_with_an_unsigned_or_size_t_index_say_so_at_registration() {
        let kinds = |src: &str| -> Vec<RowIndex> {
            rewrite(src, "t.hip")
                .registrations
                .iter()
                .map(|r| r.row_index)
                .collect()
        };
        let src = concat!(
            "namespace ns { __global__ void u(float *p, unsigned n) {\n",
            "  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) p[i] = 0;\n} }\n",
            "__global__ void z(float *p, size_t n) {\n",
            "  const std::size_t i = threadIdx.x + blockDim.x * blockIdx.x;\n  if (i < n) p[i] = 0;\n}\n",
            "__global__ void s(float *p, int n) {\n",
            "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) p[i] = 0;\n}\n",
        );
        assert_eq!(
            kinds(src),
            [RowIndex::Unsigned, RowIndex::Size, RowIndex::Int]
        );
        let out = rewrite(src, "t.hip").source;
        assert!(out.contains("\nFERROCM_KERNEL_ROW_INDEX(::ns::u, 1) FERROCM_REGISTER_KERNEL(0, ::ns::u, \"ns::u\")\n"), "{out}");
        assert!(
            out.contains(
                "\nFERROCM_KERNEL_ROW_INDEX(::z, 2) FERROCM_REGISTER_KERNEL(1, ::z, \"z\")\n"
            ),
            "{out}"
        );
        assert!(
            out.contains("\nFERROCM_REGISTER_KERNEL(2, ::s, \"s\")\n"),
            "{out}"
        );
        // No hint: another sum, two declarations of different types, a 64-bit sum, a second
        // declarator, a template kernel (its instances register themselves).
        let none = [
            "__global__ void k(float *p) { unsigned i = blockIdx.x * blockDim.x + threadIdx.y; p[i] = 0; }\n",
            "__global__ void k(float *p) { unsigned i = blockIdx.x * blockDim.x + threadIdx.x; size_t j = blockIdx.x * blockDim.x + threadIdx.x; p[i + j] = 0; }\n",
            "__global__ void k(float *p) { size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; p[i] = 0; }\n",
            "__global__ void k(float *p) { unsigned a = 1, i = blockIdx.x * blockDim.x + threadIdx.x; p[i + a] = 0; }\n",
        ];
        for src in none {
            assert_eq!(kinds(src), [RowIndex::Int], "{src}");
        }
        let t = rewrite("template <class T> __global__ void k(T *p) { unsigned i = blockIdx.x * blockDim.x + threadIdx.x; p[i] = 0; }\n", "t.hip");
        assert!(
            !t.source.contains("FERROCM_KERNEL_ROW_INDEX"),
            "{}",
            t.source
        );
    }

    #[test]
    fn registration_lines_are_exact() {
        let r = rewrite(
            "namespace ns { __global__ void k() {} __device__ int v; }\n",
            "a/b.hip",
        );
        assert!(r.source.starts_with("#line 1 \"a/b.hip\"\n"));
        assert!(
            r.source.ends_with(concat!(
                "\nFERROCM_REGISTER_KERNEL(0, ::ns::k, \"ns::k\")\n",
                "FERROCM_REGISTER_VARIABLE(1, ::ns::v, \"ns::v\")\n"
            )),
            "{}",
            r.source
        );
    }

    #[test]
    fn extern_c_kernels() {
        let src = r#"
extern "C" __global__ void c1(int n) {}
extern "C" {
  __global__ void c2(int n) {}
  __global__ void decl_only(int n);
}
namespace n { extern "C" { __global__ void c3() {} } }
"#;
        assert_eq!(kernels(src), ["c1", "c2", "n::c3"]);
    }

    #[test]
    fn attributes_and_specifiers() {
        let src = r#"
__global__ void __launch_bounds__(256) lb(int *p) {}
__launch_bounds__(128, 2) __global__ void lb2(int *p) {}
static __global__ void st() {}
__global__ static inline void si() {}
[[gnu::noinline]] __global__ void attr1() {}
__global__ __attribute__((noinline)) void attr2(int a) __attribute__((cold)) {}
__global__ void trailing(int a) noexcept {}
extern "C" __global__ void __launch_bounds__(64) ec() {}
"#;
        assert_eq!(
            kernels(src),
            ["lb", "lb2", "st", "si", "attr1", "attr2", "trailing", "ec"]
        );
    }

    #[test]
    fn templates_declarations_and_class_members_are_skipped() {
        let src = r#"
template <typename T> __global__ void tk(T *p) {}
template <> __global__ void tk<int>(int *p) {}
template <int N>
__global__ void tk2() {}
__global__ void declared(int);
struct S {
  __global__ static void member() {}
  __device__ int field;
  void f() { }
};
class C { public: __device__ void g() {} };
__global__ void real() {}
"#;
        assert_eq!(kernels(src), ["real"]);
        assert!(variables(src).is_empty());
    }

    #[test]
    fn overloads_are_skipped_declaration_and_definition_are_not() {
        let src = r#"
__global__ void ov(int a) {}
__global__ void ov(float a) {}
__global__ void fwd(const float *__restrict__ in, int n, size_t m = 4);
__global__ void fwd(const float *__restrict__ x, int count, size_t m) {}
__global__ void unnamed(float *, int);
__global__ void unnamed(float *p, int n) {}
void host_overload(int);
__global__ void host_overload(double d) {}
template <class T> void tmix(T);
__global__ void tmix(int) {}
__global__ void twice() {}
__global__ void twice() {}
__global__ void arr(int a[4]);
__global__ void arr(int b[4]) {}
__global__ void voidp(void) {}
"#;
        assert_eq!(kernels(src), ["fwd", "unnamed", "arr", "voidp"]);
    }

    #[test]
    fn qualified_definitions() {
        let src = r#"
namespace ns { __global__ void k(int); }
__global__ void ns::k(int n) {}
template <class T> struct A { static void f(); };
template <class T> void A<T>::f() {}
"#;
        assert_eq!(kernels(src), ["ns::k"]);
    }

    #[test]
    fn function_bodies_and_locals_are_skipped() {
        let src = r#"
__global__ void k(int *p) {
  __shared__ int tile[16];
  static __device__ int local;
  struct L { __device__ int x; };
  auto f = [](int a) { return a; };
  if (p) { __global__ void nested(); }
}
void host() { __device__ int v; k<<<1, 1>>>(nullptr); }
"#;
        assert_eq!(kernels(src), ["k"]);
        assert!(variables(src).is_empty());
    }

    #[test]
    fn device_variables() {
        let src = r#"
__device__ int a;
__constant__ float table[16] = {1, 2, 3};
__managed__ int m = 5;
static __device__ double st;
__device__ __constant__ int both;
__device__ int x1, *x2 = nullptr, x3[4];
__device__ std::pair<int, int> pr;
__device__ int braced{7};
__device__ __attribute__((aligned(16))) float al[4];
namespace ns { __device__ int nv; namespace { __constant__ int anon; } }
extern __device__ int ext;
extern "C" __device__ int ext_c;
template <class T> __device__ T tv;
__device__ int func(int);
__device__ int func_def(int a) { return a; }
__device__ inline float ifunc() { return 1.0f; }
int host_var;
__shared__ int shared_at_namespace_scope;
__device__ auto lambda = [](int a) { return a; };
"#;
        assert_eq!(
            variables(src),
            [
                "a", "table", "m", "st", "both", "x1", "x2", "x3", "pr", "braced", "al", "ns::nv",
                "ns::anon", "lambda"
            ]
        );
        assert!(kernels(src).is_empty());
    }

    #[test]
    fn conditions_are_reproduced_and_include_guards_dropped() {
        let src = r#"#ifndef GUARD_H
#define GUARD_H
#if defined(USE_A)
__global__ void ka() {}
#elif USE_B
__global__ void kb() {}
#else
# ifdef X
__device__ int vx;
# endif
#endif
__global__ void always() {}
#endif
"#;
        let r = rewrite(src, "t.hip");
        let conds: Vec<(String, Vec<Vec<String>>)> = r
            .registrations
            .iter()
            .map(|r| (r.name.clone(), r.conditions.clone()))
            .collect();
        assert_eq!(
            conds,
            [
                ("ka".to_owned(), vec![vec!["#if defined(USE_A)".to_owned()]]),
                (
                    "kb".to_owned(),
                    vec![vec![
                        "#if defined(USE_A)".to_owned(),
                        "#elif USE_B".to_owned()
                    ]]
                ),
                (
                    "vx".to_owned(),
                    vec![
                        vec![
                            "#if defined(USE_A)".to_owned(),
                            "#elif USE_B".to_owned(),
                            "#else".to_owned()
                        ],
                        vec!["# ifdef X".to_owned()]
                    ]
                ),
                ("always".to_owned(), vec![]),
            ]
        );
        let block = registration_block(&r.registrations);
        assert!(block.contains(
            "#if defined(USE_A)\n#elif USE_B\nFERROCM_REGISTER_KERNEL(1, ::kb, \"kb\")\n#endif\n"
        ));
        assert!(block.ends_with("FERROCM_REGISTER_KERNEL(3, ::always, \"always\")\n"));
        assert!(!block.contains("GUARD_H"));
        // `#if 0` code is registered inside `#if 0`: it disappears with the kernel.
        let r = rewrite("#if 0\n__global__ void old() {}\n#endif\n", "t");
        assert!(r
            .source
            .ends_with("#if 0\nFERROCM_REGISTER_KERNEL(0, ::old, \"old\")\n#endif\n"));
    }

    #[test]
    fn preprocessor_lines_inside_declarations() {
        let src = "__global__ void k(\n#ifdef X\n int a\n#else\n float a\n#endif\n) {}\n";
        // Both parameter lists are seen (the rewriter does not preprocess); still one kernel.
        assert_eq!(kernels(src), ["k"]);
    }

    #[test]
    fn line_directive_and_line_numbers() {
        let src = "#include <hip/hip_runtime.h>\n__global__ void k() {}\nint main() { k<<<1,\n1>>>(); }\n";
        let r = rewrite(src, "dir/with \"quote\".hip");
        assert!(r
            .source
            .starts_with("#line 1 \"dir/with \\\"quote\\\".hip\"\n#include <hip/hip_runtime.h>\n"));
        let body = body(src);
        assert_eq!(line_count(&body), line_count(src));
        // The line of `int main` is unchanged.
        assert_eq!(
            body.lines().nth(2).map(|l| l.starts_with("int main()")),
            Some(true)
        );
    }

    #[test]
    fn byte_order_mark_and_missing_final_newline() {
        let r = rewrite("\u{feff}__global__ void k() {}", "t.hip");
        assert!(r.source.starts_with("#line 1 \"t.hip\"\n__global__"));
        assert!(r
            .source
            .ends_with("{}\nFERROCM_REGISTER_KERNEL(0, ::k, \"k\")\n"));
    }

    #[test]
    fn plain_cpp_is_unchanged_and_not_hip() {
        let src = "#include <cstdio>\nint main() { std::printf(\"%d\\n\", 1 << 3); }\n";
        let r = rewrite(src, "m.cpp");
        assert!(!r.uses_hip);
        assert_eq!(r.source, format!("#line 1 \"m.cpp\"\n{src}"));
        assert!(rewrite("__device__ float f(float x) { return x; }", "t").uses_hip);
    }

    #[test]
    fn classes_enums_and_aliases_at_namespace_scope() {
        let src = r#"
struct alignas(16) V { float x; };
enum class E : int { A, B };
namespace alias = std;
using T = int;
typedef struct { int a; } P;
struct S f() { return {}; }
__global__ void after_all(V v, E e) {}
"#;
        assert_eq!(kernels(src), ["after_all"]);
    }

    #[test]
    fn macro_attribute_before_name() {
        let src = "__global__ void MY_BOUNDS(256) k(int a) {}\n";
        assert_eq!(kernels(src), ["k"]);
    }

    #[test]
    fn default_arguments_with_braces_and_lambdas() {
        let src = "__global__ void k(int a = int{3}, S s = {}) {}\n__device__ int v = [] { return 1; }();\n";
        assert_eq!(names(src).len(), 2);
        assert_eq!(kernels(src), ["k"]);
        assert_eq!(variables(src), ["v"]);
    }
}
