//! Token-level helpers over the lexer's output: a token's text, punctuation and identifier
//! tests, bracket matching, and the calls in a token range.

use crate::lexer::{Token, TokenKind};

pub(super) fn text<'a>(src: &'a str, toks: &[Token], k: usize) -> &'a str {
    toks.get(k).map_or("", |t| t.text(src))
}

pub(super) fn is_p(src: &str, toks: &[Token], k: usize, p: &str) -> bool {
    toks.get(k)
        .is_some_and(|t| t.kind == TokenKind::Punct && t.text(src) == p)
}

pub(super) fn is_id(toks: &[Token], k: usize) -> bool {
    toks.get(k).is_some_and(|t| t.kind == TokenKind::Ident)
}

/// Index of the token closing the bracket opened at `k` (`(`, `[`, `{`).
pub(super) fn matching(src: &str, toks: &[Token], k: usize) -> Option<usize> {
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
pub(super) fn matching_back(src: &str, toks: &[Token], k: usize) -> Option<usize> {
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

/// The calls in `toks[a..b]`: `(position of the name, the name, qualified by std::, member call)`.
pub(super) fn calls_in(
    src: &str,
    toks: &[Token],
    a: usize,
    b: usize,
) -> Vec<(usize, String, bool, bool)> {
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
