//! Preprocessor conditionals, for `--skip-excluded-preprocessor-conditional-blocks`: which
//! lines are in an active `#if`/`#ifdef` branch, given `-D` macros and the file's own
//! `#define`s. Without that option hipify translates every branch (as hipify-clang does).
//!
//! `#if` expressions are evaluated the way the preprocessor does: `defined`, integer
//! arithmetic in `i64`, unknown identifiers are 0, object-like macros expand to their value.
//! Function-like macro calls in a condition evaluate to 0 (hipify does not expand them).
//! `#include`d headers found beside the file or in the `-I` directories contribute their
//! macros (their code is not translated: each file is translated on its own).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use cxx_lexer::{directive_name, tokenize, tokenize_with, Options, TokenKind};

/// How deep `#include`s are followed for their macros.
const MAX_INCLUDE_DEPTH: usize = 16;

/// Macros a CUDA compilation of host code defines (hipify-clang runs clang in CUDA mode).
const PREDEFINED: &[(&str, &str)] = &[("__CUDACC__", "1"), ("__cplusplus", "201703L")];

#[derive(Debug, Clone, Copy)]
struct Frame {
    /// Whether the enclosing region is active.
    parent: bool,
    /// Whether the current branch is active.
    this: bool,
    /// Whether some branch of this conditional was taken already.
    taken: bool,
}

/// The state of the conditionals at one point of a file.
#[derive(Debug, Clone)]
pub struct Conditionals {
    macros: HashMap<String, String>,
    stack: Vec<Frame>,
}

impl Conditionals {
    /// Starts with the predefined macros, then `defines` (`NAME` or `NAME=VALUE`) and
    /// `undefines` applied in order.
    pub fn new(defines: &[String], undefines: &[String]) -> Conditionals {
        let mut macros: HashMap<String, String> = PREDEFINED
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        for d in defines {
            let (k, v) = d.split_once('=').unwrap_or((d, "1"));
            macros.insert(k.to_string(), v.to_string());
        }
        for u in undefines {
            macros.remove(u);
        }
        Conditionals {
            macros,
            stack: Vec::new(),
        }
    }

    /// Whether code here is in an active branch.
    pub fn active(&self) -> bool {
        self.stack.last().is_none_or(|f| f.parent && f.this)
    }

    /// Takes a directive (`name` as `directive_name` gives it, `body` the text after it).
    pub fn directive(&mut self, name: &str, body: &str) {
        let active = self.active();
        match name {
            "if" | "ifdef" | "ifndef" => {
                let this = active && self.condition(name, body);
                self.stack.push(Frame {
                    parent: active,
                    this,
                    taken: this,
                });
            }
            "elif" | "elifdef" | "elifndef" => {
                let cond = match self.stack.last() {
                    Some(f) if f.parent && !f.taken => {
                        let kind = &name[2..]; // "if", "ifdef", "ifndef"
                        self.condition(kind, body)
                    }
                    _ => false,
                };
                if let Some(f) = self.stack.last_mut() {
                    f.this = cond;
                    f.taken |= cond;
                }
            }
            "else" => {
                if let Some(f) = self.stack.last_mut() {
                    f.this = !f.taken;
                    f.taken = true;
                }
            }
            "endif" => {
                self.stack.pop();
            }
            "define" if active => {
                let body = body.trim_start();
                let end = body
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(body.len());
                let (name, rest) = body.split_at(end);
                if !name.is_empty() {
                    // A function-like macro has no value in a condition.
                    let value = if rest.starts_with('(') {
                        String::new()
                    } else {
                        rest.trim().to_string()
                    };
                    self.macros.insert(name.to_string(), value);
                }
            }
            "undef" if active => {
                self.macros.remove(body.trim());
            }
            _ => {}
        }
    }

    /// Takes the macros of the header an active `#include` names (`body`: the text after
    /// `include`), found beside the including file (`"..."` only) or in `include_dirs`; a
    /// header that is not found is skipped, as hipify reads no system headers.
    pub fn include(&mut self, body: &str, from: Option<&Path>, include_dirs: &[PathBuf]) {
        self.include_at(body, from, include_dirs, 0);
    }

    fn include_at(&mut self, body: &str, from: Option<&Path>, dirs: &[PathBuf], depth: usize) {
        if depth >= MAX_INCLUDE_DEPTH || !self.active() {
            return;
        }
        let b = body.trim();
        let (name, quoted) = match (b.strip_prefix('"'), b.strip_prefix('<')) {
            (Some(r), _) => (r.split('"').next().unwrap_or(""), true),
            (_, Some(r)) => (r.split('>').next().unwrap_or(""), false),
            _ => return,
        };
        let beside = from.filter(|_| quoted).map(|d| d.join(name));
        let Some(path) = beside
            .into_iter()
            .chain(dirs.iter().map(|d| d.join(name)))
            .find(|p| p.is_file())
        else {
            return;
        };
        let Ok(text) = std::fs::read_to_string(&path) else {
            return;
        };
        let dir = path.parent().map(Path::to_path_buf);
        for t in tokenize(&text) {
            if t.kind != TokenKind::Directive {
                continue;
            }
            let d = t.text(&text);
            let name = directive_name(d);
            let rest = d.find(name).map_or("", |p| &d[p + name.len()..]);
            if name == "include" {
                self.include_at(rest, dir.as_deref(), dirs, depth + 1);
            } else {
                self.directive(name, rest);
            }
        }
    }

    fn condition(&self, kind: &str, body: &str) -> bool {
        match kind {
            "ifdef" => self.macros.contains_key(first_word(body)),
            "ifndef" => !self.macros.contains_key(first_word(body)),
            _ => self.evaluate(body, 0) != 0,
        }
    }

    /// Evaluates an `#if` expression.
    pub fn evaluate(&self, expr: &str, depth: usize) -> i64 {
        let toks = tokenize_with(
            expr,
            Options {
                comments: false,
                directives: false,
            },
        );
        let mut items = Vec::with_capacity(toks.len());
        let mut i = 0;
        while i < toks.len() {
            let t = toks[i];
            let text = t.text(expr);
            if t.kind == TokenKind::Punct {
                // The lexer gives one character per token: join the two-character operators.
                if let Some(n) = toks.get(i + 1).filter(|n| n.start == t.end) {
                    let two = &expr[t.start..n.end];
                    if TWO_CHAR_OPS.contains(&two) {
                        items.push(Item::Op(two));
                        i += 2;
                        continue;
                    }
                }
                items.push(Item::Op(text));
            } else if t.kind == TokenKind::Ident {
                items.push(Item::Ident(text));
            } else if t.kind == TokenKind::Number {
                items.push(Item::Value(parse_int(text)));
            } else if t.kind == TokenKind::Char {
                let inner = text.trim_matches('\'');
                items.push(Item::Value(inner.bytes().next().map_or(0, i64::from)));
            } else {
                items.push(Item::Value(0));
            }
            i += 1;
        }
        let mut p = Parser {
            items: &items,
            at: 0,
            cond: self,
            depth,
        };
        p.ternary()
    }
}

const TWO_CHAR_OPS: &[&str] = &["<<", ">>", "<=", ">=", "==", "!=", "&&", "||"];

fn first_word(s: &str) -> &str {
    let s = s.trim_start();
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// An integer literal's value (suffixes `u`, `l`, `ll` ignored; bad digits give 0).
fn parse_int(text: &str) -> i64 {
    let t = text.replace('\'', "");
    let t = t.trim_end_matches(['u', 'U', 'l', 'L']);
    let (digits, radix) = if let Some(h) = t.strip_prefix("0x").or(t.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(b) = t.strip_prefix("0b").or(t.strip_prefix("0B")) {
        (b, 2)
    } else if t.len() > 1 && t.starts_with('0') {
        (&t[1..], 8)
    } else {
        (t, 10)
    };
    u64::from_str_radix(digits, radix).map_or(0, |v| v as i64)
}

#[derive(Debug, Clone, Copy)]
enum Item<'a> {
    Op(&'a str),
    Ident(&'a str),
    Value(i64),
}

struct Parser<'a, 'b> {
    items: &'b [Item<'a>],
    at: usize,
    cond: &'b Conditionals,
    depth: usize,
}

impl Parser<'_, '_> {
    fn peek_op(&self) -> Option<&str> {
        match self.items.get(self.at) {
            Some(Item::Op(o)) => Some(o),
            _ => None,
        }
    }

    fn eat(&mut self, op: &str) -> bool {
        if self.peek_op() == Some(op) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn ternary(&mut self) -> i64 {
        let c = self.binary(0);
        if self.eat("?") {
            let a = self.ternary();
            self.eat(":");
            let b = self.ternary();
            if c != 0 {
                a
            } else {
                b
            }
        } else {
            c
        }
    }

    fn binary(&mut self, min_prec: u8) -> i64 {
        let mut lhs = self.unary();
        while let Some(op) = self.peek_op() {
            let prec = match op {
                "||" => 1,
                "&&" => 2,
                "|" => 3,
                "^" => 4,
                "&" => 5,
                "==" | "!=" => 6,
                "<" | ">" | "<=" | ">=" => 7,
                "<<" | ">>" => 8,
                "+" | "-" => 9,
                "*" | "/" | "%" => 10,
                _ => break,
            };
            if prec < min_prec {
                break;
            }
            let op = op.to_string();
            self.at += 1;
            let rhs = self.binary(prec + 1);
            lhs = match op.as_str() {
                "||" => i64::from(lhs != 0 || rhs != 0),
                "&&" => i64::from(lhs != 0 && rhs != 0),
                "|" => lhs | rhs,
                "^" => lhs ^ rhs,
                "&" => lhs & rhs,
                "==" => i64::from(lhs == rhs),
                "!=" => i64::from(lhs != rhs),
                "<" => i64::from(lhs < rhs),
                ">" => i64::from(lhs > rhs),
                "<=" => i64::from(lhs <= rhs),
                ">=" => i64::from(lhs >= rhs),
                "<<" => lhs.wrapping_shl(rhs as u32),
                ">>" => lhs.wrapping_shr(rhs as u32),
                "+" => lhs.wrapping_add(rhs),
                "-" => lhs.wrapping_sub(rhs),
                "*" => lhs.wrapping_mul(rhs),
                "/" => lhs.checked_div(rhs).unwrap_or(0),
                _ => lhs.checked_rem(rhs).unwrap_or(0),
            };
        }
        lhs
    }

    fn unary(&mut self) -> i64 {
        let Some(item) = self.items.get(self.at).copied() else {
            return 0;
        };
        self.at += 1;
        match item {
            Item::Value(v) => v,
            Item::Op("!") => i64::from(self.unary() == 0),
            Item::Op("~") => !self.unary(),
            Item::Op("-") => self.unary().wrapping_neg(),
            Item::Op("+") => self.unary(),
            Item::Op("(") => {
                let v = self.ternary();
                self.eat(")");
                v
            }
            Item::Op(_) => 0,
            Item::Ident("defined") => {
                let paren = self.eat("(");
                let name = match self.items.get(self.at) {
                    Some(Item::Ident(n)) => {
                        self.at += 1;
                        *n
                    }
                    _ => "",
                };
                if paren {
                    self.eat(")");
                }
                i64::from(self.cond.macros.contains_key(name))
            }
            Item::Ident("true") => 1,
            Item::Ident(name) => {
                if self.peek_op() == Some("(") {
                    // A function-like macro call: skip its arguments; it counts as 0.
                    let mut depth = 0;
                    while let Some(it) = self.items.get(self.at) {
                        self.at += 1;
                        match it {
                            Item::Op("(") => depth += 1,
                            Item::Op(")") => {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                    }
                    return 0;
                }
                match self.cond.macros.get(name) {
                    Some(v) if self.depth < 16 => self.cond.evaluate(v, self.depth + 1),
                    _ => 0,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(e: &str) -> i64 {
        Conditionals::new(&["A=3".into(), "B".into()], &[]).evaluate(e, 0)
    }

    #[test]
    fn expressions() {
        assert_eq!(eval("1 + 2 * 3"), 7);
        assert_eq!(eval("(1 + 2) * 3"), 9);
        assert_eq!(eval("A >= 3 && defined(B) && !defined C"), 1);
        assert_eq!(eval("A << 2 | 1"), 13);
        assert_eq!(eval("UNKNOWN == 0 ? 5 : 6"), 5);
        assert_eq!(eval("0x10 + 010 + 0b1 + 1'000u"), 16 + 8 + 1 + 1000);
        assert_eq!(eval("1 / 0"), 0);
        assert_eq!(eval("F(1, 2) + 1"), 1);
        assert_eq!(eval("__CUDACC__ && __cplusplus >= 201103L"), 1);
    }

    #[test]
    fn macros_of_included_headers() {
        let dir = std::env::temp_dir().join(format!("hipify-cond-{}", std::process::id()));
        let inc = dir.join("inc");
        std::fs::create_dir_all(&inc).expect("mkdir");
        std::fs::write(
            dir.join("local.h"),
            "#pragma once\n#include <cfg.h>\n#define LOCAL 1\n",
        )
        .expect("write");
        std::fs::write(
            inc.join("cfg.h"),
            "#ifndef CFG_H\n#define CFG_H\n#if 0\n#define NEVER 1\n#endif\n#define LEVEL 3\n#endif\n",
        )
        .expect("write");
        let mut c = Conditionals::new(&[], &[]);
        c.include(" \"local.h\"", Some(&dir), std::slice::from_ref(&inc));
        assert_eq!(c.evaluate("LOCAL + LEVEL", 0), 4);
        assert_eq!(c.evaluate("defined(NEVER)", 0), 0);
        // <...> is not looked up beside the including file; unknown headers are skipped.
        let mut c = Conditionals::new(&[], &[]);
        c.include(" <local.h>", Some(&dir), &[]);
        c.include(" <cuda_runtime.h>", Some(&dir), std::slice::from_ref(&inc));
        assert_eq!(c.evaluate("defined(LOCAL)", 0), 0);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn branches() {
        let mut c = Conditionals::new(&["USE_X".into()], &[]);
        c.directive("ifdef", " USE_X");
        assert!(c.active());
        c.directive("else", "");
        assert!(!c.active());
        c.directive("if", " 1"); // nested in an inactive branch
        assert!(!c.active());
        c.directive("endif", "");
        c.directive("endif", "");
        assert!(c.active());
        c.directive("if", " 0");
        assert!(!c.active());
        c.directive("elif", " 1");
        assert!(c.active());
        c.directive("elif", " 1");
        assert!(!c.active()); // a branch was taken already
        c.directive("else", "");
        assert!(!c.active());
        c.directive("endif", "");
        c.directive("define", " V 2");
        c.directive("if", " V == 2");
        assert!(c.active());
        c.directive("endif", "");
        c.directive("undef", " V");
        c.directive("ifndef", " V");
        assert!(c.active());
    }
}
