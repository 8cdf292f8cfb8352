//! Recognising the body's top-level statements: barriers, exchange statements (wavefront
//! operations, [`WaveOp`]) and declarations. [`Splitter`] holds the kernel being split.

use super::coop::Coop;
use super::names::{
    is_library_call, is_sync_name, CONTROL_WORDS, FUNDAMENTAL_TYPES, SPECIFIER_WORDS,
};
use super::tokens::{calls_in, is_id, is_p, matching, text};
use super::unit::Unit;
use super::Why;
use crate::lexer::{Token, TokenKind};

/// One top-level statement of the body: token range `[a, b)`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Stmt {
    pub(super) a: usize,
    pub(super) b: usize,
}

/// A declaration statement, parsed.
#[derive(Debug)]
pub(super) enum Decl {
    /// `__shared__`, `extern __shared__` or `constexpr`: repeated at the top of the split body.
    Hoisted(String),
    /// Variables.
    Vars(Vec<(String, String, bool)>),
}

/// A wavefront operation that a split kernel runs as an exchange between two phases: the
/// phase before it stores every work-item's value, the phase after it reads the other lanes'.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum WaveOp {
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
    pub(super) fn named(name: &str) -> Option<(WaveOp, bool)> {
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

    pub(super) fn is_shuffle(self) -> bool {
        matches!(
            self,
            WaveOp::Shfl | WaveOp::ShflUp | WaveOp::ShflDown | WaveOp::ShflXor
        )
    }

    /// How many arguments it takes after the mask: (at least, at most).
    pub(super) fn arity(self) -> (usize, usize) {
        if self.is_shuffle() {
            (2, 3)
        } else if self == WaveOp::ActiveMask {
            (0, 0)
        } else {
            (1, 1)
        }
    }

    /// Its function in `hip_impl::fission` (include/hip/cpu/fission.h).
    pub(super) fn reader(self) -> &'static str {
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
pub(super) fn is_split_sync(name: &str) -> bool {
    matches!(name, "__syncthreads" | "__syncwarp") || WaveOp::named(name).is_some()
}

/// A call of a wavefront operation in an exchange statement (token positions).
#[derive(Debug, Clone)]
pub(super) struct WaveCall {
    pub(super) op: WaveOp,
    pub(super) sync: bool,
    /// The name.
    pub(super) name: usize,
    /// First token of the call (the name, or a `::` before it) and its closing `)`.
    pub(super) start: usize,
    pub(super) close: usize,
    /// The mask of a `_sync` form.
    pub(super) mask: Option<(usize, usize)>,
    /// What each lane contributes (none for `__activemask`).
    pub(super) value: Option<(usize, usize)>,
    /// The arguments after the value (source lane, delta, width...), as one range.
    pub(super) rest: Option<(usize, usize)>,
}

pub(super) struct Splitter<'a> {
    pub(super) src: &'a str,
    pub(super) toks: &'a [Token],
    pub(super) unit: &'a Unit,
    /// Template parameter names of the kernel (`T(x)` is a cast).
    pub(super) template_params: &'a [String],
    /// The kernel's cooperative-groups handles and `sync` statements.
    pub(super) coop: &'a Coop,
}

impl<'a> Splitter<'a> {
    pub(super) fn t(&self, k: usize) -> &'a str {
        text(self.src, self.toks, k)
    }
    pub(super) fn p(&self, k: usize, s: &str) -> bool {
        is_p(self.src, self.toks, k, s)
    }

    /// The top-level statements of the body `toks[open+1..close]`.
    pub(super) fn statements(&self, open: usize, close: usize) -> Result<Vec<Stmt>, Why> {
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
    pub(super) fn is_barrier(&self, s: Stmt) -> bool {
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
    pub(super) fn adjacent(&self, a: usize, b: usize) -> bool {
        self.toks
            .get(a)
            .zip(self.toks.get(b))
            .is_some_and(|(x, y)| x.end == y.start)
    }

    /// Whether the `=` at `k` is (the end of) an assignment operator: `=`, `+=`, `<<=`... but
    /// not `==`, `!=`, `<=`, `>=`.
    pub(super) fn assignment_at(&self, k: usize) -> bool {
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
    pub(super) fn doubled_at(&self, k: usize, chars: &[&str]) -> bool {
        let w = self.t(k);
        chars.contains(&w) && self.p(k, w) && self.p(k + 1, w) && self.adjacent(k, k + 1)
    }

    /// The arguments of the call whose parentheses are at `open` and `close`, split at the
    /// top-level commas; `None` when a `<` comes before such a comma (template arguments?).
    pub(super) fn arguments(&self, open: usize, close: usize) -> Option<Vec<(usize, usize)>> {
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
    pub(super) fn pure_call(&self, name: &str, std: bool, member: bool) -> bool {
        if member || self.unit.functions.contains_key(name) || is_sync_name(name) {
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
    pub(super) fn exchange(&self, s: Stmt) -> Result<Option<Vec<WaveCall>>, Why> {
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
            let names_sync = is_id(self.toks, k) && (is_split_sync(w) || is_sync_name(w));
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
    pub(super) fn declaration(&self, s: Stmt) -> Result<Option<Decl>, Why> {
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
    pub(super) fn join(&self, ks: &[usize], skip: &[&str]) -> String {
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
    pub(super) fn hoisted_text(&self, s: Stmt, shared: bool) -> String {
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
                return crate::rewrite::dynamic_shared_declaration(&ty, self.t(kept[n - 4]), true);
            }
        }
        if shared && ks.iter().any(|&k| self.t(k) == "static") {
            return self.join(&ks, &["static"]);
        }
        self.src[self.toks[s.a].start..self.toks[s.b - 1].end].to_owned()
    }
}
