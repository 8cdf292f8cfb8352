//! The translator: CUDA source in, HIP source out, token by token.
//!
//! The source is lexed once (comments kept as tokens, each directive one token); only
//! identifiers in code and in directive bodies are looked up, so nothing inside a string, a
//! character literal or a comment changes, and an identifier that merely contains a CUDA name
//! (`my_cudaMalloc`, `cudaMallocWrapper`) is a different token. Everything not rewritten is
//! copied byte for byte: the output is the input with a list of edits applied.

use std::collections::HashSet;

use cxx_lexer::{directive_name, tokenize_with, Options as LexOptions, Token, TokenKind};

use crate::conditional::Conditionals;
use crate::stats::{Stats, Warning, WarningKind};
use crate::syntax::{Code, Launch};
use crate::tables::{ArgumentAction, Mapping, Tables, Target};
use crate::warp;

/// How to translate.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Use rocBLAS/rocFFT/rocRAND/rocSPARSE/rocSOLVER names where they exist (`--roc`).
    pub roc: bool,
    /// Translate names HIPIFY marks experimental (`--experimental`).
    pub experimental: bool,
    /// Rewrite `k<<<g, b, s, q>>>(args)` to `hipLaunchKernelGGL(k, dim3(g), dim3(b), s, q,
    /// args)` (`--hip-kernel-execution-syntax`); chevrons are kept by default.
    pub hip_launch_syntax: bool,
    /// With `--roc`, keep `hipDataType`/`HIP_R_32F`... rather than rocBLAS's data types
    /// (`--use-hip-data-types`).
    pub use_hip_data_types: bool,
    /// Leave code in inactive `#if` branches untouched
    /// (`--skip-excluded-preprocessor-conditional-blocks`).
    pub skip_excluded_blocks: bool,
    /// `-D` macros (`NAME` or `NAME=VALUE`), for the conditionals.
    pub defines: Vec<String>,
    /// `-U` macros.
    pub undefines: Vec<String>,
    /// `-I` directories, searched for headers whose macros the conditionals need.
    pub include_dirs: Vec<std::path::PathBuf>,
    /// The translated file's directory (for `#include "..."`), if it is a file.
    pub source_dir: Option<std::path::PathBuf>,
    /// Identifiers that are the user's own and never translated or warned about.
    pub whitelist: HashSet<String>,
    /// Do not insert `#include "hip/hip_runtime.h"` where the file needs it.
    pub no_runtime_header: bool,
}

/// A translated file.
#[derive(Debug, Clone)]
pub struct Translation {
    /// The HIP source.
    pub text: String,
    /// What changed.
    pub stats: Stats,
    /// Warnings, by line.
    pub warnings: Vec<Warning>,
}

/// The HIP runtime header hipify-clang writes.
pub const RUNTIME_HEADER: &str = "hip/hip_runtime.h";
const RUNTIME_API_HEADER: &str = "hip/hip_runtime_api.h";

/// Identifiers that only device code uses: a file with any of them needs the HIP runtime
/// header.
const DEVICE_MARKERS: &[&str] = &[
    "__global__",
    "__device__",
    "__shared__",
    "__constant__",
    "__managed__",
    "__launch_bounds__",
    "threadIdx",
    "blockIdx",
    "blockDim",
    "gridDim",
    "__syncthreads",
];

/// Names hipify keeps but flags, with why: they do not mean the same on AMD GPUs.
const REVIEW: &[(&str, &str)] = &[(
    "__CUDA_ARCH__",
    "__CUDA_ARCH__ is not defined when compiling for AMD GPUs: code it guards is left out there; test __HIP_DEVICE_COMPILE__ for device code",
)];

/// Prefixes of names a token-pasting macro may build CUDA API names from.
const PASTE_PREFIXES: &[&str] = &[
    "cuda", "cu", "CUDA", "CU", "cublas", "cufft", "curand", "cusparse", "cusolver", "cudnn",
];

/// One change: bytes `start..end` of the source become `text`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

/// Translates `src` (the text of one file).
pub fn translate(src: &str, opts: &Options) -> Translation {
    let mut t = Translator {
        src,
        opts,
        tables: Tables::builtin(),
        edits: Vec::new(),
        stats: Stats::default(),
        warnings: Vec::new(),
        line_starts: line_starts(src),
        conditionals: Conditionals::new(&opts.defines, &opts.undefines),
        runtime_header: false,
        runtime_api_header: false,
        device_code: false,
        api_converted: false,
        insert_at: 0,
    };
    t.run();
    t.finish()
}

fn line_starts(src: &str) -> Vec<usize> {
    let mut v = vec![0];
    v.extend(
        src.bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .map(|(i, _)| i + 1),
    );
    v
}

struct Translator<'a> {
    src: &'a str,
    opts: &'a Options,
    tables: &'static Tables,
    edits: Vec<Edit>,
    stats: Stats,
    warnings: Vec<Warning>,
    line_starts: Vec<usize>,
    conditionals: Conditionals,
    /// The file includes the HIP runtime header (or a CUDA header that became it).
    runtime_header: bool,
    /// The file includes `hip/hip_runtime_api.h` (or a header that became it).
    runtime_api_header: bool,
    /// Device code or a kernel launch was seen.
    device_code: bool,
    /// A runtime/driver/library name was translated.
    api_converted: bool,
    /// Where the runtime header goes if it must be inserted (after an include guard or
    /// `#pragma once`, else the start of the file).
    insert_at: usize,
}

impl Translator<'_> {
    fn line(&self, pos: usize) -> usize {
        self.line_starts.partition_point(|&s| s <= pos)
    }

    fn warn(&mut self, pos: usize, kind: WarningKind, message: String) {
        let line = self.line(pos);
        if !self
            .warnings
            .iter()
            .rev()
            .take_while(|w| w.line == line)
            .any(|w| w.message == message)
        {
            self.warnings.push(Warning {
                line,
                kind,
                message,
            });
        }
    }

    fn edit(&mut self, start: usize, end: usize, text: impl Into<String>) {
        self.edits.push(Edit {
            start,
            end,
            text: text.into(),
        });
    }

    fn run(&mut self) {
        let all = tokenize_with(
            self.src,
            LexOptions {
                comments: true,
                directives: true,
            },
        );
        let toks: Vec<Token> = all
            .into_iter()
            .filter(|t| t.kind != TokenKind::Comment)
            .collect();
        self.find_guard(&toks);
        // Code between directives is translated run by run; directives in between update the
        // conditionals and have their own bodies translated.
        let mut run_start = 0;
        for i in 0..=toks.len() {
            let is_directive = toks.get(i).is_some_and(|t| t.kind == TokenKind::Directive);
            if i == toks.len() || is_directive {
                if run_start < i && self.active() {
                    self.code(&toks[run_start..i], 0);
                }
                if let Some(&d) = toks.get(i) {
                    self.directive(d);
                }
                run_start = i + 1;
            }
        }
    }

    fn active(&self) -> bool {
        !self.opts.skip_excluded_blocks || self.conditionals.active()
    }

    /// Records where an inserted runtime header goes: after `#pragma once` or after the
    /// `#ifndef X` / `#define X` pair of an include guard that starts the file.
    fn find_guard(&mut self, toks: &[Token]) {
        let text = |i: usize| toks.get(i).map_or("", |t: &Token| t.text(self.src));
        let d0 = text(0);
        let after = |t: &Token| -> usize {
            let rest = &self.src[t.end..];
            t.end + rest.find('\n').map_or(rest.len(), |n| n + 1)
        };
        if toks.first().is_some_and(|t| t.kind == TokenKind::Directive) {
            if directive_name(d0) == "pragma" && d0.split_whitespace().any(|w| w == "once") {
                self.insert_at = after(&toks[0]);
            } else if directive_name(d0) == "ifndef"
                && toks.get(1).is_some_and(|t| t.kind == TokenKind::Directive)
                && directive_name(text(1)) == "define"
            {
                let guard = d0.split_whitespace().last().unwrap_or("");
                if text(1).split_whitespace().nth(1) == Some(guard)
                    || text(1).split_whitespace().nth(2) == Some(guard)
                {
                    self.insert_at = after(&toks[1]);
                }
            }
        }
    }

    fn directive(&mut self, d: Token) {
        let text = d.text(self.src);
        let name = directive_name(text);
        // The body: what follows the directive's name.
        let name_end = text.find(name).map_or(1, |p| p + name.len());
        let body_start = d.start + name_end;
        let body = &self.src[body_start..d.end];
        let was_active = self.active();
        if self.opts.skip_excluded_blocks {
            if matches!(name, "include" | "include_next") {
                self.conditionals.include(
                    body,
                    self.opts.source_dir.as_deref(),
                    &self.opts.include_dirs,
                );
            } else {
                self.conditionals.directive(name, body);
            }
        }
        if !was_active {
            return;
        }
        match name {
            "include" | "include_next" | "import" => self.include(d, body_start),
            "define" | "undef" | "if" | "ifdef" | "ifndef" | "elif" | "elifdef" | "elifndef" => {
                let toks = tokenize_with(
                    body,
                    LexOptions {
                        comments: false,
                        directives: false,
                    },
                );
                if name == "define" {
                    self.token_pastes(body, &toks, body_start);
                }
                self.code(&toks, body_start);
            }
            _ => {}
        }
    }

    /// Warns where a macro pastes a CUDA-looking prefix to something: `cuda##name` makes
    /// names no translator sees.
    fn token_pastes(&mut self, body: &str, toks: &[Token], base: usize) {
        let c = Code { src: body, toks };
        for i in 0..toks.len() {
            let paste = c.is(i, "#") && c.is(i + 1, "#") && toks[i].end == toks[i + 1].start;
            if paste && i > 0 && PASTE_PREFIXES.contains(&c.text(i - 1)) {
                self.warn(
                    base + toks[i].start,
                    WarningKind::TokenPaste,
                    format!(
                        "macro pastes '{}##...': the CUDA name it builds is not translated; review",
                        c.text(i - 1)
                    ),
                );
            }
        }
    }

    /// `#include <path>` / `#include "path"`: the path is looked up in the header table.
    fn include(&mut self, d: Token, body_start: usize) {
        let body = &self.src[body_start..d.end];
        let trimmed = body.trim_start();
        let open = body_start + (body.len() - trimmed.len());
        let close_char = match trimmed.as_bytes().first() {
            Some(b'<') => '>',
            Some(b'"') => '"',
            _ => return, // a macro names the header
        };
        let Some(len) = trimmed[1..].find(close_char) else {
            return;
        };
        let path = &trimmed[1..1 + len];
        let path_start = open + 1;
        match path {
            RUNTIME_HEADER | "hip_runtime.h" => {
                self.runtime_header = true;
                return;
            }
            RUNTIME_API_HEADER | "hip_runtime_api.h" => {
                self.runtime_api_header = true;
                return;
            }
            _ => {}
        }
        let Some(m) = self.tables.header(path) else {
            // hipCUB mirrors CUB's header tree: cub/block/block_reduce.cuh is
            // hipcub/block/block_reduce.hpp.
            if let Some(rest) = path
                .strip_prefix("cub/")
                .and_then(|r| r.strip_suffix(".cuh"))
            {
                let to = format!("hipcub/{rest}.hpp");
                self.stats.convert(path, &to, "include", "CUB");
                self.edit(path_start, path_start + path.len(), to);
                return;
            }
            if is_cuda_header(path) {
                self.warn(
                    d.start,
                    WarningKind::Unknown,
                    format!("unknown CUDA header: {path}: not translated"),
                );
            }
            return;
        };
        match self.target_of(m) {
            Target::Name(to) => {
                let duplicate = to == RUNTIME_HEADER && self.runtime_header;
                if to == RUNTIME_HEADER {
                    self.runtime_header = true;
                } else if to == RUNTIME_API_HEADER {
                    self.runtime_api_header = true;
                }
                self.stats.convert(path, to, m.category, m.api);
                if duplicate {
                    // A second CUDA main header: one HIP runtime header is enough.
                    self.drop_line(d);
                } else {
                    self.edit(path_start, path_start + path.len(), to);
                }
            }
            Target::Drop => {
                self.stats.convert(path, "", m.category, m.api);
                self.drop_line(d);
            }
            Target::Unsupported => self.unsupported(d.start, m),
            Target::None => {}
        }
    }

    /// Removes a directive's whole line (with its newline).
    fn drop_line(&mut self, d: Token) {
        let line_start = self.line_starts[self.line(d.start) - 1];
        let rest = &self.src[d.end..];
        let end = d.end + rest.find('\n').map_or(rest.len(), |n| n + 1);
        self.edit(line_start, end, "");
    }

    fn target_of(&self, m: &Mapping) -> Target {
        let t = m.target(self.opts.roc);
        if self.opts.roc && self.opts.use_hip_data_types {
            if let Target::Name(hip) = m.hip {
                if hip == "hipDataType" || hip.starts_with("HIP_R_") || hip.starts_with("HIP_C_") {
                    return m.hip;
                }
            }
        }
        t
    }

    fn unsupported(&mut self, pos: usize, m: &Mapping) {
        *self
            .stats
            .unconverted
            .entry(m.cuda.to_string())
            .or_default() += 1;
        let side = if self.opts.roc { "ROC" } else { "HIP" };
        self.warn(
            pos,
            WarningKind::Unsupported,
            format!("unsupported {side} identifier: {}: left unchanged", m.cuda),
        );
    }

    /// Translates a directive-free run of tokens; `base` is the offset of the text the token
    /// spans are relative to.
    fn code(&mut self, toks: &[Token], base: usize) {
        let src = if base == 0 {
            self.src
        } else {
            // A directive body: its tokens are relative to the body's text.
            &self.src[base..]
        };
        let c = Code { src, toks };
        // A `<<<` inside a launch's configuration is no launch of its own.
        let mut config_end = 0;
        for (i, tok) in toks.iter().enumerate() {
            match tok.kind {
                TokenKind::Ident => self.identifier(&c, i, base),
                TokenKind::Punct
                    if i >= config_end && c.triple(i, "<") && (i == 0 || !c.is(i - 1, "<")) =>
                {
                    if let Some(close) = self.launch(&c, i, base) {
                        config_end = close;
                    }
                }
                TokenKind::Number => {
                    if let Some(msg) = warp::hard_coded_warp_size(&c, i, self.tables) {
                        self.warn(base + tok.start, WarningKind::WarpSize, msg);
                    }
                }
                _ => {}
            }
        }
    }

    fn identifier(&mut self, c: &Code, i: usize, base: usize) {
        let tok = c.toks[i];
        let name = c.text(i);
        let pos = base + tok.start;
        if DEVICE_MARKERS.contains(&name) {
            self.device_code = true;
            return;
        }
        if self.opts.whitelist.contains(name) {
            return;
        }
        if let Some((_, why)) = REVIEW.iter().find(|(n, _)| *n == name) {
            self.warn(pos, WarningKind::Review, (*why).to_string());
            return;
        }
        // `x.name` or `x->name`: a member of some struct, never an API name.
        let member = i > 0 && (c.is(i - 1, ".") || (i > 1 && c.is(i - 1, ">") && c.is(i - 2, "-")));
        let Some(m) = self.tables.identifier(name) else {
            // Only calls and `_t` types: a user's variable named `cudaThing` is not reported.
            let api_like = c.is(i + 1, "(") || name.ends_with("_t");
            if !member && api_like && looks_like_cuda_runtime(name) {
                self.warn(
                    pos,
                    WarningKind::Unknown,
                    format!("unknown CUDA identifier: {name}: not translated"),
                );
            }
            return;
        };
        if m.is_not_api() || member {
            // A member of a user's struct, or a name hipify-perl whitelists as not an API.
            return;
        }
        if m.is_namespace() {
            let is_ns = c.is(i + 1, "::") || (i > 0 && c.text(i - 1) == "namespace");
            if !is_ns || (i > 0 && c.is(i - 1, "::")) {
                return;
            }
        }
        if let Some(v) = m.flags.removed {
            self.warn(
                pos,
                WarningKind::Removed,
                format!("removed CUDA identifier: {name} (since CUDA {v})"),
            );
        } else if let Some(v) = m.flags.deprecated {
            self.warn(
                pos,
                WarningKind::Deprecated,
                format!("deprecated CUDA identifier: {name} (since CUDA {v})"),
            );
        }
        if m.flags.warp {
            self.device_code = true;
            let msg = warp::primitive_message(c, i);
            self.warn(pos, WarningKind::WarpSize, msg);
        }
        if m.flags.experimental && !self.opts.experimental {
            self.warn(
                pos,
                WarningKind::Experimental,
                format!(
                    "experimental ROCm HIP identifier: {name}: translated only with --experimental"
                ),
            );
            return;
        }
        match self.target_of(m) {
            Target::Name(to) if to != name => {
                self.edit(pos, base + tok.end, to);
                self.stats.convert(name, to, m.category, m.api);
                if m.category.starts_with("device") {
                    self.device_code = true;
                } else {
                    self.api_converted = true;
                }
                if c.is(i + 1, "(") {
                    self.argument_rules(c, i + 1, to, base);
                }
            }
            // Same name in HIP (`sqrtf`, `max`, `__ldg`...): plain C++ uses many of these, so
            // they do not make a file need the runtime header.
            Target::Name(_) => {}
            Target::Unsupported => {
                // Device functions have everyday names (`saturate`, `umin`): only a call that
                // is not qualified by a namespace (`ns::umin(...)`) is CUDA's.
                let device = m.category.starts_with("device");
                let qualified = i > 1 && c.is(i - 1, "::") && c.is_ident(i - 2);
                if !device || (c.is(i + 1, "(") && !qualified) {
                    self.unsupported(pos, m);
                }
            }
            Target::Drop | Target::None => {}
        }
    }

    /// Applies `data/arguments.tsv`'s rules to the call of `function` whose `(` is `lparen`.
    fn argument_rules(&mut self, c: &Code, lparen: usize, function: &str, base: usize) {
        let rules = self.tables.argument_rules(function);
        if rules.is_empty() {
            return;
        }
        let Some(rparen) = c.closing(lparen) else {
            return;
        };
        let args = c.arguments(lparen, rparen);
        for r in rules {
            if let ArgumentAction::Append(text) = r.action {
                if let Some(last) = args.last().filter(|_| args.len() == r.index) {
                    let at = base + c.toks[last.last].end;
                    self.edit(at, at, format!(", {text}"));
                }
                continue;
            }
            let Some(a) = args.get(r.index) else {
                continue;
            };
            let (start, end) = (base + c.toks[a.first].start, base + c.toks[a.last].end);
            match r.action {
                ArgumentAction::Symbol if c.text(a.first) != "HIP_SYMBOL" => {
                    self.edit(start, start, "HIP_SYMBOL(");
                    self.edit(end, end, ")");
                }
                ArgumentAction::VoidPtr if c.text(a.first) != "reinterpret_cast" => {
                    self.edit(start, start, "reinterpret_cast<const void*>(");
                    self.edit(end, end, ")");
                }
                ArgumentAction::Drop => {
                    // The argument and the comma before it (or after it, for the first).
                    let (s, e) = match r.index.checked_sub(1).and_then(|p| args.get(p)) {
                        Some(prev) => (base + c.toks[prev.last].end, end),
                        None => match args.get(1) {
                            Some(next) => (start, base + c.toks[next.first].start),
                            None => (start, end),
                        },
                    };
                    self.edit(s, e, "");
                }
                _ => {}
            }
        }
    }

    /// A `<<<` at token `open`; returns the index of its `>>>` if it is a launch.
    fn launch(&mut self, c: &Code, open: usize, base: usize) -> Option<usize> {
        self.device_code = true;
        let pos = base + c.toks[open].start;
        let Some(l) = c.launch(open) else {
            self.warn(
                pos,
                WarningKind::Launch,
                "kernel launch not recognised: '<<<' is not followed by a launch configuration, '>>>' and arguments".into(),
            );
            return None;
        };
        self.stats.kernel_launches += 1;
        if !self.opts.hip_launch_syntax {
            return Some(l.close);
        }
        if !(2..=4).contains(&l.config.len()) {
            self.warn(
                pos,
                WarningKind::Launch,
                "kernel launch needs 2 to 4 configuration arguments: left unchanged".into(),
            );
            return Some(l.close);
        }
        self.rewrite_launch(c, &l, base);
        Some(l.close)
    }

    /// `k<<<g, b, s, q>>>(args)` -> `hipLaunchKernelGGL(k, dim3(g), dim3(b), s, q, args)`,
    /// as edits around the tokens (the arguments keep their text and their own edits). A grid
    /// or block already written `dim3(...)` is not wrapped again; template kernels go through
    /// `HIP_KERNEL_NAME(...)` so their commas do not split the macro's arguments.
    fn rewrite_launch(&mut self, c: &Code, l: &Launch, base: usize) {
        let at = |i: usize| base + c.toks[i].start;
        let end = |i: usize| base + c.toks[i].end;
        // The gaps between the pieces hold `<<<`, commas, `>>>(` and blanks, which the
        // separators replace, and perhaps comments, which stay.
        let src = self.src;
        let gap = |a: usize, b: usize, sep: String| -> String {
            let text = &src[a..b];
            let mut kept = String::new();
            for t in tokenize_with(
                text,
                LexOptions {
                    comments: true,
                    directives: false,
                },
            ) {
                if t.kind == TokenKind::Comment {
                    let comment = t.text(text);
                    kept.push_str(comment);
                    // A line comment must end its line, or it would swallow what follows.
                    kept.push(if comment.starts_with("//") { '\n' } else { ' ' });
                }
            }
            kept + &sep
        };
        let wrap: Vec<bool> = l
            .config
            .iter()
            .take(2)
            .map(|a| {
                let already = c.text(a.first) == "dim3"
                    && c.is(a.first + 1, "(")
                    && c.closing(a.first + 1) == Some(a.last);
                !already
            })
            .collect();
        let open = |k: usize| if wrap[k] { "dim3(" } else { "" };
        let close = |k: usize| if wrap[k] { ")" } else { "" };
        let name = if l.templated {
            "hipLaunchKernelGGL(HIP_KERNEL_NAME("
        } else {
            "hipLaunchKernelGGL("
        };
        // A blank keeps the macro's name from gluing to what precedes it (`'c'::k<<<`).
        let glued = src[..at(l.callee_first)]
            .chars()
            .next_back()
            .is_some_and(|ch| ch.is_alphanumeric() || matches!(ch, '_' | '$' | '\'' | '"'));
        let name = if glued {
            format!(" {name}")
        } else {
            name.to_string()
        };
        self.edit(at(l.callee_first), at(l.callee_first), name);
        let close_name = if l.templated { ")" } else { "" };
        let (a, b) = (end(l.callee_last), at(l.config[0].first));
        let text = gap(a, b, format!("{close_name}, {}", open(0)));
        self.edit(a, b, text);
        for k in 1..l.config.len() {
            let sep = match k {
                1 => format!("{}, {}", close(0), open(1)),
                2 => format!("{}, ", close(1)),
                _ => ", ".to_string(),
            };
            let (a, b) = (end(l.config[k - 1].last), at(l.config[k].first));
            let text = gap(a, b, sep);
            self.edit(a, b, text);
        }
        let defaults = match l.config.len() {
            2 => format!("{}, 0, 0", close(1)),
            3 => ", 0".to_string(),
            _ => String::new(),
        };
        // `, ` before the kernel's arguments; just `,` when they start on the next line.
        let after_paren = self.src[end(l.lparen)..].chars().next();
        let sep = match (l.rparen > l.lparen + 1, after_paren) {
            (false, _) => "",
            (true, Some(ch)) if ch.is_whitespace() => ",",
            (true, _) => ", ",
        };
        let last = l.config[l.config.len() - 1].last;
        // `>>>(` and the blanks around it.
        let (a, b) = (end(last), end(l.lparen));
        let text = gap(a, b, format!("{defaults}{sep}"));
        self.edit(a, b, text);
    }

    fn finish(mut self) -> Translation {
        let needs_runtime = self.device_code && !self.runtime_header;
        let needs_api = self.api_converted && !self.runtime_header && !self.runtime_api_header;
        if !self.opts.no_runtime_header && (needs_runtime || needs_api) {
            let nl = if self.src.contains("\r\n") {
                "\r\n"
            } else {
                "\n"
            };
            let at = self.insert_at;
            // Before the first edit at the same place (stable sort keeps insertion order).
            self.edits.insert(
                0,
                Edit {
                    start: at,
                    end: at,
                    text: format!("#include \"{RUNTIME_HEADER}\"{nl}"),
                },
            );
        }
        self.edits.sort_by_key(|e| (e.start, e.end));
        let mut out = String::with_capacity(self.src.len() + self.src.len() / 16);
        let mut pos = 0;
        let mut changed_lines = HashSet::new();
        for e in &self.edits {
            if e.start < pos {
                continue; // inside a span an earlier edit removed
            }
            out.push_str(&self.src[pos..e.start]);
            out.push_str(&e.text);
            pos = e.end;
            self.stats.replaced_bytes += e.end - e.start;
            let (l0, l1) = (self.line(e.start), self.line(e.end.max(e.start)));
            changed_lines.extend(l0..=l1);
        }
        out.push_str(&self.src[pos..]);
        self.stats.lines = self.src.lines().count();
        self.stats.bytes = self.src.len();
        self.stats.changed_lines = changed_lines.len().min(self.stats.lines.max(1));
        self.warnings.sort_by_key(|w| w.line);
        self.stats.warnings = self.warnings.len();
        Translation {
            text: out,
            stats: self.stats,
            warnings: self.warnings,
        }
    }
}

/// `cuda` followed by an upper-case letter: how CUDA runtime names look (hipify-perl's test).
fn looks_like_cuda_runtime(name: &str) -> bool {
    name.strip_prefix("cuda")
        .and_then(|r| r.bytes().next())
        .is_some_and(|b| b.is_ascii_uppercase())
}

/// A header of the CUDA toolkit or its libraries, by its file name.
fn is_cuda_header(path: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "cuda",
        "cublas",
        "cufft",
        "curand",
        "cusparse",
        "cusolver",
        "cudnn",
        "cupti",
        "nvrtc",
        "nvToolsExt",
        "nvtx",
        "cooperative_groups",
        "sm_",
        "nccl",
    ];
    let file = path.rsplit('/').next().unwrap_or(path);
    PREFIXES
        .iter()
        .any(|p| file.starts_with(p) || path.starts_with(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hip(src: &str) -> String {
        translate(src, &Options::default()).text
    }

    #[test]
    fn runtime_header_placement() {
        // After an include guard, after #pragma once, else first; never twice.
        assert_eq!(
            hip("#ifndef A_H\n#define A_H\n__global__ void k();\n#endif\n"),
            "#ifndef A_H\n#define A_H\n#include \"hip/hip_runtime.h\"\n__global__ void k();\n#endif\n"
        );
        assert_eq!(
            hip("#pragma once\r\nvoid f() { cudaDeviceSynchronize(); }\r\n"),
            "#pragma once\r\n#include \"hip/hip_runtime.h\"\r\nvoid f() { hipDeviceSynchronize(); }\r\n"
        );
        assert_eq!(
            hip("// c\n__device__ int x;\n"),
            "#include \"hip/hip_runtime.h\"\n// c\n__device__ int x;\n"
        );
        // Host API with hip_runtime_api.h already there: nothing inserted.
        let s = "#include <hip/hip_runtime_api.h>\nvoid f() { cudaFree(0); }\n";
        assert_eq!(
            hip(s),
            "#include <hip/hip_runtime_api.h>\nvoid f() { hipFree(0); }\n"
        );
        // No CUDA at all (math functions HIP also has are not CUDA): no header.
        let plain = "#include <cmath>\nint main() { return max(1, 2) + sqrt(4.0) + abs(-1); }\n";
        assert_eq!(hip(plain), plain);
        let opts = Options {
            no_runtime_header: true,
            ..Options::default()
        };
        assert_eq!(
            translate("__device__ int x;", &opts).text,
            "__device__ int x;"
        );
    }

    #[test]
    fn namespaces_only_where_they_name_one() {
        assert_eq!(
            hip("using namespace cub; int cub = 0; cub::X y; a::cub::Z z;"),
            "#include \"hip/hip_runtime.h\"\nusing namespace hipcub; int cub = 0; hipcub::X y; a::cub::Z z;"
        );
    }

    #[test]
    fn whitelist_and_members() {
        let mut opts = Options::default();
        opts.whitelist.insert("cudaMalloc".into());
        let t = translate("x.cudaFree(p); cudaMalloc(&p, 1); cudaFree(p);", &opts);
        assert_eq!(
            t.text,
            "#include \"hip/hip_runtime.h\"\nx.cudaFree(p); cudaMalloc(&p, 1); hipFree(p);"
        );
    }

    #[test]
    fn roc_and_data_types() {
        let roc = Options {
            roc: true,
            ..Options::default()
        };
        let t = translate("cudaDataType t = CUDA_R_32F; cublasSaxpy(h);", &roc);
        assert!(
            t.text
                .contains("rocblas_datatype t = rocblas_datatype_f32_r; rocblas_saxpy(h);"),
            "{}",
            t.text
        );
        let hipdt = Options {
            roc: true,
            use_hip_data_types: true,
            ..Options::default()
        };
        let t = translate("cudaDataType t = CUDA_R_32F;", &hipdt);
        assert!(t.text.contains("hipDataType t = HIP_R_32F;"), "{}", t.text);
    }

    #[test]
    fn warnings_have_lines_and_are_not_repeated() {
        let t = translate(
            "\n\ncudaGLSetGLDevice(0); cudaGLSetGLDevice(1);\n",
            &Options::default(),
        );
        let unsupported: Vec<_> = t
            .warnings
            .iter()
            .filter(|w| w.kind == WarningKind::Unsupported)
            .collect();
        assert_eq!(unsupported.len(), 1);
        assert_eq!(unsupported[0].line, 3);
        assert_eq!(t.stats.unconverted.get("cudaGLSetGLDevice"), Some(&2));
    }

    #[test]
    fn unsupported_device_functions_only_as_calls() {
        let t = translate(
            "int umin = 3; x = mylib::saturate(v); y = saturate(v); z = ::umin(1, 2);",
            &Options::default(),
        );
        let names: Vec<_> = t.stats.unconverted.keys().cloned().collect();
        assert_eq!(names, ["saturate", "umin"]);
        assert_eq!(t.stats.unconverted_count(), 2);
    }

    #[test]
    fn argument_rules_keep_nested_arguments() {
        let t = hip("cudaMemcpyFromSymbol(&h, tbl<int, 2>::value, sizeof(f(a, b)));");
        assert!(
            t.contains("hipMemcpyFromSymbol(&h, HIP_SYMBOL(tbl<int, 2>::value), sizeof(f(a, b)));"),
            "{t}"
        );
        let t = hip("cudaMallocHost(&p, n); cudaMallocHost(&q, n, 0);");
        assert!(
            t.contains("hipHostMalloc(&p, n, hipHostMallocDefault); hipHostMalloc(&q, n, 0);"),
            "{t}"
        );
        // Dropped argument (HIP has no blockSizeToDynamicSMemSize callback).
        let t = hip("cuOccupancyMaxPotentialBlockSize(&g, &b, f, cb, 0, 0);");
        assert!(
            t.contains("hipModuleOccupancyMaxPotentialBlockSize(&g, &b, f, 0, 0);"),
            "{t}"
        );
    }
}
