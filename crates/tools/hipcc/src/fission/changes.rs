//! Whether a use of a variable or parameter may change it (a parameter that may change gets a
//! per-work-item copy; a variable kept between phases is stored back only if it may change).

use std::collections::BTreeSet;

use super::names::is_library_call;
use super::tokens::{calls_in, is_id, is_p, matching, text};
use super::unit::Unit;
use crate::lexer::{Token, TokenKind};

/// Whether the identifier at `k` is a use of a variable (not a member, not qualified).
pub(super) fn is_use(src: &str, toks: &[Token], k: usize) -> bool {
    if k == 0 {
        return true;
    }
    let prev_arrow = k > 1 && is_p(src, toks, k - 1, ">") && is_p(src, toks, k - 2, "-");
    !(is_p(src, toks, k - 1, ".") || is_p(src, toks, k - 1, "::") || prev_arrow)
}

/// Whether the `&` at `k` is unary (address-of) rather than binary or part of `&&`.
pub(super) fn unary_amp(src: &str, toks: &[Token], k: usize) -> bool {
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
pub(super) fn param_may_change(
    src: &str,
    toks: &[Token],
    k: usize,
    unit_args: &BTreeSet<usize>,
) -> bool {
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
pub(super) fn unit_call_arguments(
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
