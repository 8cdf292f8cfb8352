//! Device functions that synchronise, inlined into the kernel before the split.
//!
//! The usual way to write a reduction puts the wavefront operations (or the barriers) in a
//! `__device__` helper: `val = warpReduceSum(val);`. The split cannot run a call as an
//! exchange, so such a kernel used to stay on fibers. [`inline_helpers`] writes a copy of the
//! unit in which each such call statement of the kernel is replaced by the helper's body:
//!
//! - the parameters become variables initialised from the arguments (a non-`const` reference
//!   parameter bound to a variable becomes that variable), the helper's variables are renamed
//!   (`__hip_h<N>_<name>`, one `N` per inlined call), its template parameters are replaced by
//!   the types deduced from the arguments or written at the call;
//! - the helper's one `return e;` (its last statement) becomes the call statement's own
//!   assignment or declaration of `static_cast<R>(e)`;
//! - a helper's `__shared__` variable is one object however many times it is inlined (as in
//!   the function: one object per work-group), declared once;
//! - the inlined text stays on the call statement's line, so the kernel's line numbers do not
//!   move.
//!
//! The split then runs on that copy. The helper must be simple: one definition, no other
//! `return`, no `goto`/labels/lambdas/preprocessor lines (the split checks the result as it
//! checks any kernel), parameters by value or by reference, arguments of deducible types. A
//! call that does not fit is left alone, and the kernel stays on fibers as before.

use std::collections::BTreeMap;

use super::changes::is_use;
use super::names::{is_sync_name, CONTROL_WORDS, FUNDAMENTAL_TYPES};
use super::statements::{is_split_sync, Decl, Splitter, Stmt};
use super::tokens::{is_id, matching, matching_back};
use super::unit::Unit;
use crate::lexer::{tokenize, Token, TokenKind};

/// How many calls one kernel may have inlined (helpers calling helpers included).
const MAX_INLINED: usize = 32;

/// Specifiers of a function definition that are not part of its return type.
const FUNCTION_SPECIFIERS: &[&str] = &[
    "__device__",
    "__host__",
    "__forceinline__",
    "__noinline__",
    "inline",
    "static",
    "constexpr",
    "extern",
];

/// A template parameter of a helper: name, whether it is a type, its default (text).
#[derive(Debug)]
struct TemplateParam {
    name: String,
    is_type: bool,
    default: Option<String>,
}

/// A parameter of a helper.
#[derive(Debug)]
struct HelperParam {
    name: String,
    /// Its type's tokens (name and default removed).
    ty: Vec<usize>,
    /// A reference (`T &p`, `const T &p`).
    reference: bool,
    /// Its default argument's tokens.
    default: Option<(usize, usize)>,
}

/// A device function of the unit that synchronises, as far as inlining needs it.
#[derive(Debug)]
struct Helper {
    /// The body's braces.
    open: usize,
    close: usize,
    /// The return type's tokens (specifiers removed); empty for `void`.
    ret: Vec<usize>,
    params: Vec<HelperParam>,
    template: Vec<TemplateParam>,
}

/// The copy of `src` with the calls of synchronising helpers in the kernel body
/// `toks[open..=close]` inlined, and the names of the helpers inlined; `None` when there is
/// nothing to inline. `kernel_params` are the kernel's parameters (for the types of arguments).
pub(super) fn inline_helpers(
    src: &str,
    toks: &[Token],
    open: usize,
    kernel_params: &[super::Param],
) -> Option<(String, Vec<String>)> {
    let mut cur = src.to_owned();
    let mut cur_toks = toks.to_vec();
    let mut names = Vec::new();
    for n in 0..MAX_INLINED {
        let unit = Unit::scan(&cur, &cur_toks);
        let close = matching(&cur, &cur_toks, open)?;
        let none = super::coop::Coop::default();
        let sp = Splitter {
            src: &cur,
            toks: &cur_toks,
            unit: &unit,
            template_params: &[],
            coop: &none,
        };
        let Some((next, name)) = inline_one(&sp, open, close, kernel_params, n) else {
            break;
        };
        names.push(name);
        cur_toks = tokenize(&next);
        cur = next;
    }
    (!names.is_empty()).then_some((cur, names))
}

/// Inlines the first call statement of a synchronising helper in the body `open..close`.
fn inline_one(
    sp: &Splitter<'_>,
    open: usize,
    close: usize,
    kernel_params: &[super::Param],
    instance: usize,
) -> Option<(String, String)> {
    let mut memo = BTreeMap::new();
    for k in open + 1..close {
        if !is_id(sp.toks, k) || !sp.unit.functions.contains_key(sp.t(k)) {
            continue;
        }
        let name = sp.t(k);
        if !reaches_sync(sp, name, &mut memo) {
            continue;
        }
        let bodies = &sp.unit.functions[name];
        let [(a, b)] = bodies[..] else {
            return None; // overloads: which one is called is not known here
        };
        let helper = helper(sp, a - 1, b)?;
        let site = call_site(sp, k, open)?;
        let text = expansion(sp, &helper, &site, open, close, kernel_params, instance)?;
        let (start, end) = (sp.toks[site.start].start, sp.toks[site.end].end);
        let newlines = sp.src[start..end].matches('\n').count();
        let mut out = String::with_capacity(sp.src.len() + text.len());
        out.push_str(&sp.src[..start]);
        out.push_str(&text);
        out.extend(std::iter::repeat_n('\n', newlines));
        out.push_str(&sp.src[end..]);
        return Some((out, name.to_owned()));
    }
    None
}

/// Whether the function `name` of the unit reaches a barrier or a wavefront operation.
fn reaches_sync(sp: &Splitter<'_>, name: &str, memo: &mut BTreeMap<String, bool>) -> bool {
    if let Some(&r) = memo.get(name) {
        return r;
    }
    memo.insert(name.to_owned(), false); // recursion: decided by the other paths
    let bodies = sp.unit.functions.get(name).cloned().unwrap_or_default();
    let r = bodies.iter().any(|&(a, b)| {
        (a..b).any(|k| {
            is_id(sp.toks, k) && {
                let w = sp.t(k);
                is_split_sync(w)
                    || is_sync_name(w)
                    || (w != name
                        && sp.unit.functions.contains_key(w)
                        && sp.p(k + 1, "(")
                        && reaches_sync(sp, w, memo))
            }
        })
    });
    memo.insert(name.to_owned(), r);
    r
}

/// The helper whose body's braces are `open` and `close`: its signature, parsed.
fn helper(sp: &Splitter<'_>, open: usize, close: usize) -> Option<Helper> {
    let mut j = open.checked_sub(1)?;
    while matches!(sp.t(j), "const" | "noexcept") {
        j = j.checked_sub(1)?;
    }
    if !sp.p(j, ")") {
        return None;
    }
    let paren = matching_back(sp.src, sp.toks, j)?;
    let name_at = paren.checked_sub(1)?;
    if name_at == 0 || sp.p(name_at - 1, "::") || sp.p(name_at - 1, "~") {
        return None; // a member function or a destructor
    }
    // The return type: back to the previous declaration or a template header.
    let mut k = name_at;
    let mut template = Vec::new();
    while k > 0 {
        let t = sp.toks[k - 1];
        if t.kind == TokenKind::Directive || matches!(t.text(sp.src), ";" | "{" | "}" | ")") {
            break;
        }
        if sp.p(k - 1, ">") {
            let lt = template_open(sp, k - 1)?;
            if lt > 0 && sp.t(lt - 1) == "template" {
                template = template_params(sp, lt, k - 1)?;
                break;
            }
            k = lt;
            continue;
        }
        k -= 1;
    }
    let ret: Vec<usize> = (k..name_at)
        .filter(|&i| !FUNCTION_SPECIFIERS.contains(&sp.t(i)))
        .collect();
    if ret.is_empty()
        || ret
            .iter()
            .any(|&i| sp.p(i, "&") || sp.t(i) == "__attribute__")
    {
        return None; // no type, a reference, or attributes
    }
    let ret = if ret.len() == 1 && sp.t(ret[0]) == "void" {
        Vec::new()
    } else {
        ret
    };
    let mut params = Vec::new();
    let args = sp.arguments(paren, j)?;
    for (a, b) in args {
        if b == a + 1 && sp.t(a) == "void" {
            continue;
        }
        params.push(helper_param(sp, a, b)?);
    }
    Some(Helper {
        open,
        close,
        ret,
        params,
        template,
    })
}

/// The `<` matching the `>` at `k` (backwards).
fn template_open(sp: &Splitter<'_>, k: usize) -> Option<usize> {
    let mut depth = 0i32;
    let mut j = k;
    loop {
        match sp.t(j) {
            ">" => depth += 1,
            "<" => {
                depth -= 1;
                if depth == 0 {
                    return Some(j);
                }
            }
            ";" | "{" | "}" => return None,
            _ => {}
        }
        j = j.checked_sub(1)?;
    }
}

/// `template < ... >` between `lt` and `gt`: `typename T`, `class T = int`, `int N = 4`.
fn template_params(sp: &Splitter<'_>, lt: usize, gt: usize) -> Option<Vec<TemplateParam>> {
    let mut out = Vec::new();
    for (a, b) in sp.arguments(lt, gt)? {
        let eq = (a..b).find(|&i| sp.p(i, "="));
        let decl_end = eq.unwrap_or(b);
        if decl_end < a + 2 || !is_id(sp.toks, decl_end - 1) || sp.t(a + 1) == "..." {
            return None;
        }
        let is_type = matches!(sp.t(a), "typename" | "class");
        out.push(TemplateParam {
            name: sp.t(decl_end - 1).to_owned(),
            is_type,
            default: eq.map(|e| join(sp, e + 1, b, &BTreeMap::new())),
        });
    }
    Some(out)
}

/// A parameter `toks[a..b)`: type, `&`, name, default.
fn helper_param(sp: &Splitter<'_>, a: usize, b: usize) -> Option<HelperParam> {
    let eq = (a..b).find(|&i| sp.p(i, "="));
    let end = eq.unwrap_or(b);
    if end < a + 2 || !is_id(sp.toks, end - 1) || FUNDAMENTAL_TYPES.contains(&sp.t(end - 1)) {
        return None; // unnamed, or a name we cannot find
    }
    let ty: Vec<usize> = (a..end - 1).collect();
    if ty.iter().any(|&i| matches!(sp.t(i), "[" | "(" | ".")) {
        return None;
    }
    let amps = ty.iter().filter(|&&i| sp.p(i, "&")).count();
    if amps > 1 {
        return None; // `T &&`
    }
    let ty: Vec<usize> = ty.into_iter().filter(|&i| !sp.p(i, "&")).collect();
    if ty.is_empty() {
        return None;
    }
    Some(HelperParam {
        name: sp.t(end - 1).to_owned(),
        reference: amps == 1,
        ty,
        default: eq.map(|e| (e + 1, b)),
    })
}

/// A call statement: `f(args);`, `x = f(args);`, `x op= f(args);` or `T x = f(args);`.
#[derive(Debug)]
struct CallSite {
    /// First and last (`;`) token of the statement.
    start: usize,
    end: usize,
    /// The call's name, its template arguments (`f<...>`), its parentheses.
    name: usize,
    template_args: Option<(usize, usize)>,
    parens: (usize, usize),
    /// What comes before the call (`x =`, `T x =`), as tokens `[start, name)`.
    has_lhs: bool,
    /// The statement is the body of an `if`/`for`/`while`/`else`/`do` (no braces of its own).
    controlled: bool,
}

/// The statement around the call whose name is at `k`, if it has one of the forms inlined.
fn call_site(sp: &Splitter<'_>, k: usize, open: usize) -> Option<CallSite> {
    let mut after = k + 1;
    let mut template_args = None;
    if sp.p(after, "<") {
        let gt = (after..).find(|&i| sp.p(i, ">") || sp.p(i, ";"))?;
        if !sp.p(gt, ">") {
            return None;
        }
        template_args = Some((after, gt));
        after = gt + 1;
    }
    if !sp.p(after, "(") {
        return None;
    }
    let close = matching(sp.src, sp.toks, after)?;
    if !sp.p(close + 1, ";") {
        return None;
    }
    // Back to the statement's start.
    let boundary = |i: usize| -> bool {
        i == open || matches!(sp.t(i), ";" | "{" | "}" | "else" | "do") || control_paren(sp, i)
    };
    let mut start = k;
    while !boundary(start - 1) {
        start -= 1;
        if start <= open {
            return None;
        }
    }
    let controlled = !matches!(sp.t(start - 1), ";" | "{" | "}") && start - 1 != open;
    let has_lhs = start < k;
    if has_lhs {
        // `x =`, `x op=` (`x` a variable), or the declaration of one variable.
        let eq = k - 1;
        if !sp.assignment_at(eq) || !is_id(sp.toks, start) {
            return None;
        }
        let op_chars = (start + 1..eq).all(|i| {
            matches!(
                sp.t(i),
                "+" | "-" | "*" | "/" | "%" | "&" | "|" | "^" | "<" | ">"
            ) && sp.adjacent(i, i + 1)
        });
        let assignment = start + 1 == eq || (eq - start <= 3 && op_chars);
        let declaration = matches!(
            sp.declaration(Stmt { a: start, b: close + 2 }),
            Ok(Some(Decl::Vars(v))) if v.len() == 1 && !v[0].2
        );
        if !(assignment || declaration) || (declaration && controlled) {
            return None;
        }
    }
    Some(CallSite {
        start,
        end: close + 1,
        name: k,
        template_args,
        parens: (after, close),
        has_lhs,
        controlled,
    })
}

/// Whether `i` is the `)` closing the header of an `if`, `for` or `while`.
fn control_paren(sp: &Splitter<'_>, i: usize) -> bool {
    sp.p(i, ")")
        && matching_back(sp.src, sp.toks, i)
            .is_some_and(|o| o > 0 && matches!(sp.t(o - 1), "if" | "for" | "while"))
}

/// The text that replaces the call statement `site` (on one line).
fn expansion(
    sp: &Splitter<'_>,
    h: &Helper,
    site: &CallSite,
    kernel_open: usize,
    kernel_close: usize,
    kernel_params: &[super::Param],
    n: usize,
) -> Option<String> {
    let args = sp.arguments(site.parens.0, site.parens.1)?;
    if args.len() > h.params.len() {
        return None;
    }
    // Template parameters: written at the call, deduced from the arguments, or defaults.
    let written = match site.template_args {
        Some((lt, gt)) => sp.arguments(lt, gt)?,
        None => Vec::new(),
    };
    let mut subst: BTreeMap<String, String> = BTreeMap::new();
    for (i, tp) in h.template.iter().enumerate() {
        let value = if let Some(&(a, b)) = written.get(i) {
            join(sp, a, b, &BTreeMap::new())
        } else if let Some(t) = tp
            .is_type
            .then(|| {
                deduce(
                    sp,
                    h,
                    &tp.name,
                    &args,
                    kernel_open,
                    kernel_close,
                    kernel_params,
                )
            })
            .flatten()
        {
            t
        } else {
            tp.default.clone()?
        };
        subst.insert(tp.name.clone(), type_text(&value));
    }
    let prefix = format!("__hip_h{n}_");
    // Names to rename: parameters, the body's variables; shared ones once per helper.
    let mut renames = subst.clone();
    let mut shared_decls = Vec::new();
    let mut binds = String::new();
    for (i, p) in h.params.iter().enumerate() {
        let arg = match args.get(i) {
            Some(&(a, b)) => (a, b),
            None => p.default?,
        };
        let ty = join(sp, p.ty[0], p.ty[p.ty.len() - 1] + 1, &subst);
        let lvalue = arg.1 == arg.0 + 1 && is_id(sp.toks, arg.0);
        if p.reference && lvalue {
            renames.insert(p.name.clone(), sp.t(arg.0).to_owned());
            continue;
        }
        if p.reference && !p.ty.iter().any(|&i| sp.t(i) == "const") {
            return None; // a non-const reference to something that is not a variable
        }
        let name = format!("{prefix}{}", p.name);
        binds.push_str(&format!(
            "{ty} {name} = ({}); ",
            join(sp, arg.0, arg.1, &BTreeMap::new())
        ));
        renames.insert(p.name.clone(), name);
    }
    // Shared variables: one per helper and template arguments.
    let mut shared_prefix = format!("__hip_hs_{}_", sp.t(site.name));
    for v in subst.values() {
        shared_prefix.extend(
            v.chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }),
        );
        shared_prefix.push('_');
    }
    for (name, shared) in declared_names(sp, h.open, h.close)? {
        if h.params.iter().any(|p| p.name == name) || h.template.iter().any(|t| t.name == name) {
            return None; // a variable that shadows a parameter
        }
        let new = if shared {
            shared_decls.push(name.clone());
            format!("{shared_prefix}{name}")
        } else {
            format!("{prefix}{name}")
        };
        renames.insert(name, new);
    }
    // A name the helper reads from outside (a global, say) must mean the same in the kernel:
    // a kernel variable or parameter of that name would capture it.
    let kernel_names: Vec<String> = declared_names(sp, kernel_open, kernel_close)?
        .into_iter()
        .map(|v| v.0)
        .chain(kernel_params.iter().map(|p| p.name.clone()))
        .collect();
    let captured = (h.open + 1..h.close).any(|i| {
        is_id(sp.toks, i)
            && is_use(sp.src, sp.toks, i)
            && !renames.contains_key(sp.t(i))
            && kernel_names.iter().any(|k| k == sp.t(i))
    });
    if captured {
        return None;
    }
    // The body's statements; the last one may be the `return`.
    let stmts = sp.statements(h.open, h.close).ok()?;
    let returns = (h.open + 1..h.close)
        .filter(|&i| sp.t(i) == "return")
        .count();
    let (body, result) = match stmts.split_last() {
        Some((last, rest)) if sp.t(last.a) == "return" => {
            if returns != 1 {
                return None;
            }
            let value = (last.b - 1 > last.a + 1).then_some((last.a + 1, last.b - 1));
            (rest, value)
        }
        _ => {
            if returns != 0 {
                return None;
            }
            (&stmts[..], None)
        }
    };
    if h.ret.is_empty() == result.is_some() {
        return None; // `return e;` in a void function, or no return value
    }
    let mut out = String::new();
    if site.controlled {
        out.push_str("{ ");
    }
    out.push_str(&binds);
    // A shared variable is declared by the first inlined copy only.
    let first_copy = !sp.src.contains(&shared_prefix);
    for s in body {
        let is_shared = (s.a..s.b).any(|i| sp.t(i) == "__shared__");
        if is_shared && !first_copy {
            let declares_shared = shared_decls
                .iter()
                .any(|name| (s.a..s.b).any(|i| sp.t(i) == name));
            if declares_shared {
                continue;
            }
        }
        out.push_str(&join(sp, s.a, s.b, &renames));
        out.push(' ');
    }
    if let Some((a, b)) = result {
        let value = join(sp, a, b, &renames);
        let ret = join(sp, h.ret[0], h.ret[h.ret.len() - 1] + 1, &subst);
        if site.has_lhs {
            out.push_str(&join(sp, site.start, site.name, &BTreeMap::new()));
            out.push(' ');
        }
        if ret == "auto" {
            out.push_str(&format!("({value});"));
        } else {
            out.push_str(&format!("static_cast<{ret}>({value});"));
        }
    } else if site.has_lhs {
        return None;
    }
    if site.controlled {
        out.push_str(" }");
    }
    Some(out)
}

/// The type a template parameter `name` takes from the arguments: from a parameter of type
/// `name` (`const`/`&` aside) given a variable of known type or a literal.
fn deduce(
    sp: &Splitter<'_>,
    h: &Helper,
    name: &str,
    args: &[(usize, usize)],
    kernel_open: usize,
    kernel_close: usize,
    kernel_params: &[super::Param],
) -> Option<String> {
    let i = h.params.iter().position(|p| {
        let words: Vec<&str> =
            p.ty.iter()
                .map(|&i| sp.t(i))
                .filter(|w| !matches!(*w, "const" | "volatile"))
                .collect();
        words == [name]
    })?;
    let &(a, b) = args.get(i)?;
    if b != a + 1 {
        return None;
    }
    let tok = sp.toks[a];
    let w = sp.t(a);
    if tok.kind == TokenKind::Number {
        let lower = w.to_ascii_lowercase();
        let hex = lower.starts_with("0x");
        return Some(
            if !hex && lower.ends_with('f') && (lower.contains('.') || lower.contains('e')) {
                "float"
            } else if !hex && (lower.contains('.') || lower.contains('e')) {
                "double"
            } else if lower.chars().all(|c| c.is_ascii_digit()) {
                "int"
            } else {
                return None;
            }
            .to_owned(),
        );
    }
    if tok.kind != TokenKind::Ident {
        return None;
    }
    let ty = kernel_params
        .iter()
        .find(|p| p.name == w)
        .map(|p| p.ty.clone())
        .or_else(|| variable_type(sp, kernel_open, kernel_close, w))?;
    // By-value deduction drops a top-level `const`.
    let ty = ty.trim();
    let ty = if ty.contains('*') {
        ty.strip_suffix(" const").unwrap_or(ty)
    } else {
        ty.strip_prefix("const ").unwrap_or(ty)
    };
    if ty.contains('&') || ty.contains('[') || ty.split(' ').any(|t| t == "auto") {
        return None;
    }
    Some(ty.to_owned())
}

/// The declared type of the variable `name` of the body `open..close` (its one declaration).
fn variable_type(sp: &Splitter<'_>, open: usize, close: usize, name: &str) -> Option<String> {
    let mut found = None;
    visit_statements(sp, open, close, &mut |s| {
        if let Ok(Some(Decl::Vars(vars))) = sp.declaration(s) {
            for (n, ty, _) in vars {
                if n == name {
                    found = match found.take() {
                        None => Some(Some(ty)),
                        Some(_) => Some(None), // two declarations: ambiguous
                    };
                }
            }
        }
        true
    })?;
    found.flatten()
}

/// The variables the body `open..close` declares (at any depth), and whether each is
/// `__shared__`; `None` when a statement is not understood.
fn declared_names(sp: &Splitter<'_>, open: usize, close: usize) -> Option<Vec<(String, bool)>> {
    let mut out = Vec::new();
    let mut ok = true;
    visit_statements(sp, open, close, &mut |s| {
        match sp.declaration(s) {
            Ok(Some(Decl::Vars(vars))) => out.extend(vars.into_iter().map(|v| (v.0, false))),
            Ok(Some(Decl::Hoisted(_))) => {
                let shared = (s.a..s.b).any(|i| sp.t(i) == "__shared__");
                // The name: the identifier before the first `[`, `=`, `{` or `;`.
                let end = (s.a..s.b).find(|&i| matches!(sp.t(i), "[" | "=" | "{" | ";"));
                match end.filter(|&e| e > s.a && is_id(sp.toks, e - 1)) {
                    Some(e) => out.push((sp.t(e - 1).to_owned(), shared)),
                    None => ok = false,
                }
            }
            Ok(None) => {}
            Err(_) => ok = false,
        }
        ok
    })?;
    ok.then_some(out)
}

/// Calls `f` on every simple statement of `open..close` (not `{...}` or control statements,
/// whose parts are visited instead; a `for` header's init statement is one).
fn visit_statements(
    sp: &Splitter<'_>,
    open: usize,
    close: usize,
    f: &mut dyn FnMut(Stmt) -> bool,
) -> Option<()> {
    for s in sp.statements(open, close).ok()? {
        let first = sp.t(s.a);
        if first == "{" {
            let c = matching(sp.src, sp.toks, s.a)?;
            visit_statements(sp, s.a, c, f)?;
        } else if matches!(first, "if" | "for" | "while" | "switch") && sp.p(s.a + 1, "(") {
            let c = matching(sp.src, sp.toks, s.a + 1)?;
            if first == "for" {
                let semi = (s.a + 2..c).find(|&i| sp.p(i, ";"))?;
                if semi > s.a + 2
                    && !f(Stmt {
                        a: s.a + 2,
                        b: semi + 1,
                    })
                {
                    return None;
                }
            }
            if c + 1 < s.b {
                visit_statements(sp, c, s.b, f)?;
            }
        } else if matches!(first, "else" | "do") {
            visit_statements(sp, s.a, s.b, f)?;
        } else if !CONTROL_WORDS.contains(&first) && !f(s) {
            return None;
        }
    }
    Some(())
}

/// The source of tokens `[a, b)` on one line, with identifiers renamed as `renames` says
/// (uses only: not members, not qualified names).
fn join(sp: &Splitter<'_>, a: usize, b: usize, renames: &BTreeMap<String, String>) -> String {
    let mut out = String::new();
    for i in a..b {
        let t = sp.toks[i];
        if i > a && sp.toks[i - 1].end != t.start {
            out.push(' ');
        }
        let w = t.text(sp.src);
        match renames.get(w) {
            Some(r) if t.kind == TokenKind::Ident && is_use(sp.src, sp.toks, i) => out.push_str(r),
            _ => out.push_str(w),
        }
    }
    out
}

/// A type for a template parameter's place: one word as it is, anything longer wrapped so
/// that it stays one type name (`unsigned int(x)` is not a cast, `type_t<unsigned int>(x)` is).
fn type_text(t: &str) -> String {
    let t = t.trim();
    let one_name = t
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':');
    if one_name {
        t.to_owned()
    } else {
        format!("::hip_impl::fission::type_t<{t}>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fission::tokens::{is_p, text};

    /// The kernel `k`'s body after inlining, and the helpers inlined.
    fn inlined(src: &str) -> Option<(String, Vec<String>)> {
        let toks = tokenize(src);
        let k = (0..toks.len())
            .find(|&i| text(src, &toks, i) == "k" && is_p(src, &toks, i + 1, "("))?;
        let paren = matching(src, &toks, k + 1)?;
        let open = paren + 1;
        let (out, names) = inline_helpers(src, &toks, open, &[])?;
        let body_at = out.find("__global__ void k")?;
        Some((out[body_at..].to_owned(), names))
    }

    const WARP_SUM: &str = "__device__ float warpSum(float val) {\n  for (int offset = warpSize / 2; offset > 0; offset /= 2)\n    val += __shfl_down(val, offset);\n  return val;\n}\n";

    #[test]
    fn a_call_statement_becomes_the_helper_body() {
        let src = format!("{WARP_SUM}__global__ void k(float *p) {{\n  float val = p[threadIdx.x];\n  val = warpSum(val);\n  float s = warpSum(val * 2);\n  p[0] = val + s;\n}}\n");
        let (out, names) = inlined(&src).expect("inlined");
        assert_eq!(names, ["warpSum", "warpSum"]);
        assert!(out.contains("float __hip_h0_val = (val); for (int __hip_h0_offset = warpSize / 2; __hip_h0_offset > 0; __hip_h0_offset /= 2)\n"
            .trim_end()) || out.contains("float __hip_h0_val = (val); for (int __hip_h0_offset = warpSize / 2; __hip_h0_offset > 0; __hip_h0_offset /= 2) __hip_h0_val += __shfl_down(__hip_h0_val, __hip_h0_offset); val = static_cast<float>(__hip_h0_val);"), "{out}");
        assert!(
            out.contains("float s = static_cast<float>(__hip_h1_val);"),
            "{out}"
        );
        assert!(out.contains("float __hip_h1_val = (val * 2);"), "{out}");
        // Lines are kept: the statement after is still on line 5 of the kernel.
        assert_eq!(out.lines().nth(4), Some("  p[0] = val + s;"), "{out}");
    }

    #[test]
    fn helpers_calling_helpers_templates_references_and_shared_memory() {
        let src = format!("{WARP_SUM}template <typename T> __device__ T blockSum(T v, int &count) {{\n  static __shared__ T part[16];\n  int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;\n  v = warpSum(v);\n  if (lane == 0) part[wid] = v;\n  __syncthreads();\n  v = threadIdx.x < blockDim.x / warpSize ? part[lane] : 0;\n  if (wid == 0) v = warpSum(v);\n  count += 1;\n  return v;\n}}\n__global__ void k(float *p) {{\n  float x = p[threadIdx.x];\n  int c = 0;\n  x = blockSum(x, c);\n  float y = blockSum(x, c);\n  if (threadIdx.x == 0) p[0] = x + y + c;\n}}\n");
        let (out, names) = inlined(&src).expect("inlined");
        assert_eq!(
            names.iter().filter(|n| *n == "blockSum").count(),
            2,
            "{names:?}"
        );
        assert_eq!(
            names.iter().filter(|n| *n == "warpSum").count(),
            4,
            "{names:?}"
        );
        // T deduced from x; the reference parameter is the caller's variable.
        assert!(out.contains("float __hip_h0_v = (x);"), "{out}");
        assert!(out.contains("c += 1;"), "{out}");
        // One shared array for both copies.
        assert_eq!(
            out.matches("__shared__ float __hip_hs_blockSum_float_part[16];")
                .count(),
            1,
            "{out}"
        );
        assert_eq!(
            out.matches("__hip_hs_blockSum_float_part[").count(),
            5,
            "{out}"
        );
        // A call under an `if` gets braces.
        assert!(out.contains("if (__hip_h0_wid == 0) { float"), "{out}");
        assert!(out.contains("x = static_cast<float>(__hip_h0_v);"), "{out}");
        assert!(!out.contains("blockSum("), "{out}");
    }

    #[test]
    fn calls_that_do_not_fit_are_left_alone() {
        let cases = [
            // Inside an expression.
            format!("{WARP_SUM}__global__ void k(float *p) {{ p[0] = 1 + warpSum(p[1]); }}"),
            // Two returns.
            "__device__ int f(int v) { if (v) return __shfl(v, 0); return v; }\n__global__ void k(int *p) { p[0] = f(p[1]); }".to_owned(),
            // A non-const reference to an expression.
            "__device__ void f(int &v) { v = __shfl(v, 0); }\n__global__ void k(int *p) { f(p[0]); }".to_owned(),
            // A template parameter that cannot be deduced.
            "template <class T> __device__ T f(T v) { return __shfl(v, 0); }\n__global__ void k(int *p) { p[0] = f(p[1]); }".to_owned(),
            // Overloads.
            "__device__ int f(int v) { return __shfl(v, 0); }\n__device__ float f(float v) { return __shfl(v, 0); }\n__global__ void k(int *p) { int v = 1; v = f(v); }".to_owned(),
            // The helper reads a global that a kernel variable would hide.
            "__device__ int scale;\n__device__ int f(int v) { return __shfl(v, 0) * scale; }\n__global__ void k(int *p) { int scale = 2; int v = p[0]; v = f(v); p[1] = v + scale; }".to_owned(),
            // A helper that does not synchronise is a plain call.
            "__device__ int f(int v) { return v + 1; }\n__global__ void k(int *p) { int v = 1; v = f(v); }".to_owned(),
        ];
        for src in &cases {
            assert!(inlined(src).is_none(), "{src}");
        }
    }
}
