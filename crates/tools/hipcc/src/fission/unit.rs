//! What the split knows about the translation unit: its functions and type names ([`Unit`]),
//! and whether a call can reach a barrier or a wavefront operation ([`Checker`]).

use std::collections::{BTreeMap, BTreeSet};

use super::names::{
    is_sync_name, is_vector_type, CONTROL_WORDS, LIBRARY_NAMES, NOT_CALLS, TYPE_NAMES,
};
use super::tokens::{calls_in, is_id, is_p, matching, matching_back, text};
use crate::lexer::{Token, TokenKind};

/// A kernel parameter: its name and its type as written (name removed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    /// The parameter's name.
    pub name: String,
    /// Its type, as tokens joined by spaces.
    pub ty: String,
}

/// What [`split_kernel`](super::split_kernel) needs to know about the rest of the translation unit.
#[derive(Debug, Default)]
pub struct Unit {
    /// Function bodies (token ranges inside the braces) by function name.
    pub(super) functions: BTreeMap<String, Vec<(usize, usize)>>,
    /// Names of types and aliases defined in the unit (constructor syntax is not a call).
    pub(super) types: BTreeSet<String>,
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

pub(super) struct Checker<'a> {
    pub(super) src: &'a str,
    pub(super) toks: &'a [Token],
    pub(super) unit: &'a Unit,
    /// Template parameter names of the kernel (`T(x)` is a cast).
    pub(super) template_params: &'a [String],
    /// Memo: function name -> safe.
    pub(super) memo: BTreeMap<String, bool>,
    /// Positions of the wavefront operations that the split version runs as exchanges.
    pub(super) exchanged: BTreeSet<usize>,
}

impl Checker<'_> {
    /// Whether `toks[a..b]` (a function body) can reach no barrier or wavefront operation.
    pub(super) fn range_safe(&mut self, a: usize, b: usize) -> bool {
        for k in a..b {
            let t = &self.toks[k];
            if t.kind == TokenKind::Ident
                && is_sync_name(t.text(self.src))
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

    pub(super) fn call_safe(&mut self, name: &str, std: bool, member: bool) -> bool {
        if member {
            return false;
        }
        if std || NOT_CALLS.contains(&name) || TYPE_NAMES.contains(&name) {
            return true;
        }
        if is_sync_name(name) {
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

    pub(super) fn function_safe(&mut self, name: &str) -> bool {
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
