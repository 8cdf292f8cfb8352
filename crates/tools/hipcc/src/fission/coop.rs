//! Cooperative groups in a split kernel: the group handles (`auto g = cg::this_grid();`,
//! `cg::thread_block b = cg::this_thread_block();`), their uniform accessors
//! (`g.thread_rank()`, `b.size()`...) and their `sync` statements (`g.sync();`,
//! `cg::this_grid().sync();`, `cg::sync(b);`).
//!
//! A block's `sync` is `__syncthreads()` (a phase boundary). A grid's `sync` is a phase boundary
//! at which the group, once all its work-items finished the phase before, waits at the engine's
//! grid barrier (`hip_impl::fission::group::grid_sync`, `FERROCM_COOP_GRID_SYNC` between two
//! phases of a group run whole). A handle is a value per work-item computed from its ids, so
//! the split version declares it again in each later phase that names it instead of keeping it
//! between phases. Anything else about cooperative groups (tiles, coalesced groups, the
//! multi-grid, a handle passed to a function or copied) is left alone: the kernel then runs on
//! fibers, as before.

use std::collections::{BTreeMap, BTreeSet};

use super::statements::Splitter;
use super::tokens::is_id;
use super::Why;

/// What a group handle or a `sync` statement is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum GroupKind {
    /// `grid_group` (`this_grid()`).
    Grid,
    /// `thread_block` (`this_thread_block()`).
    Block,
}

/// A group handle variable of the kernel body.
#[derive(Debug, Clone)]
pub(super) struct Handle {
    pub(super) name: String,
    pub(super) kind: GroupKind,
    /// Its declaration statement `[a, b)` (the `;` included).
    pub(super) decl: (usize, usize),
    /// The handle it copies (`auto g2 = g;`), if any.
    pub(super) source: Option<String>,
}

/// The cooperative-groups parts of a kernel body that the split handles.
#[derive(Debug, Default)]
pub(super) struct Coop {
    pub(super) handles: Vec<Handle>,
    /// `sync` statements: first token -> (end of the statement, whose sync).
    pub(super) syncs: BTreeMap<usize, (usize, GroupKind)>,
    /// Tokens naming cooperative-groups functions that are neither a barrier nor reach one
    /// (handle constructors, accessors, the namespace's name): the check for calls that may
    /// synchronise accepts them.
    pub(super) allowed: BTreeSet<usize>,
}

/// Accessors of a grid handle: values of the work-item or the grid, no synchronisation.
const GRID_ACCESSORS: &[&str] = &[
    "size",
    "num_threads",
    "thread_rank",
    "is_valid",
    "block_rank",
    "num_blocks",
    "dim_blocks",
    "block_index",
    "group_dim",
    "cg_type",
];
/// Accessors of a thread block handle.
const BLOCK_ACCESSORS: &[&str] = &[
    "size",
    "num_threads",
    "thread_rank",
    "is_valid",
    "group_index",
    "thread_index",
    "group_dim",
    "dim_threads",
    "cg_type",
];
/// Free functions of a handle (`cg::thread_rank(g)`).
const FREE_ACCESSORS: &[&str] = &["thread_rank", "group_size", "is_valid"];

impl Handle {
    fn accessors(&self) -> &'static [&'static str] {
        match self.kind {
            GroupKind::Grid => GRID_ACCESSORS,
            GroupKind::Block => BLOCK_ACCESSORS,
        }
    }
}

impl Coop {
    /// The handle named `name`, if any.
    pub(super) fn handle(&self, name: &str) -> Option<&Handle> {
        self.handles.iter().find(|h| h.name == name)
    }

    /// Whether a statement `[a, b)` is a `sync` statement, and whose.
    pub(super) fn sync_at(&self, a: usize, b: usize) -> Option<GroupKind> {
        self.syncs
            .get(&a)
            .and_then(|&(end, kind)| (end == b).then_some(kind))
    }

    /// Whether `[a, b)` holds a `sync` statement.
    pub(super) fn syncs_in(&self, a: usize, b: usize) -> bool {
        self.syncs.range(a..b).next().is_some()
    }

    /// Finds the handles, `sync` statements and accessor calls of the body `open..close`.
    /// An error when a handle is used in a way the split cannot follow.
    pub(super) fn scan(sp: &Splitter<'_>, open: usize, close: usize) -> Result<Coop, Why> {
        let mut c = Coop::default();
        let mentions_cg = (open + 1..close).any(|k| {
            is_id(sp.toks, k)
                && matches!(
                    sp.t(k),
                    "this_grid" | "this_thread_block" | "cooperative_groups" | "sync"
                )
        });
        // A unit that defines one of these names itself: not cooperative groups.
        let own = [
            "this_grid",
            "this_thread_block",
            "sync",
            "thread_rank",
            "group_size",
            "is_valid",
        ]
        .iter()
        .any(|n| sp.unit.functions.contains_key(*n));
        if !mentions_cg || own {
            return Ok(c);
        }
        let aliases = namespace_aliases(sp);
        let ns = |k: usize| {
            let w = sp.t(k);
            w == "cooperative_groups" || aliases.iter().any(|a| a == w)
        };
        // The qualifier before the name at `k` (`::`, `cg::`, `::cooperative_groups::`): its
        // first token, or None when something else qualifies the name.
        let qualifier = |k: usize| -> Option<usize> {
            let mut j = k;
            while j > open + 1 && sp.p(j - 1, "::") {
                if j >= open + 3 && is_id(sp.toks, j - 2) && ns(j - 2) {
                    j -= 2;
                } else if j >= 2 && (is_id(sp.toks, j - 2) || sp.p(j - 2, ">")) {
                    return None; // another namespace or class
                } else {
                    j -= 1; // a leading `::`
                }
            }
            Some(j)
        };
        let allow_qualifier = |c: &mut Coop, from: usize, to: usize| {
            for j in from..to {
                if is_id(sp.toks, j) {
                    c.allowed.insert(j);
                }
            }
        };
        // `Q this_grid ( )` at `k` (the name): its kind and the `)`.
        let maker = |k: usize| -> Option<(GroupKind, usize, usize)> {
            let kind = match sp.t(k) {
                "this_grid" => GroupKind::Grid,
                "this_thread_block" => GroupKind::Block,
                _ => return None,
            };
            if !is_id(sp.toks, k) || !sp.p(k + 1, "(") || !sp.p(k + 2, ")") {
                return None;
            }
            Some((kind, qualifier(k)?, k + 2))
        };
        // Handle declarations: `[const] (auto | Q grid_group | Q thread_block) [const] NAME =
        // Q this_grid();` (or `= other_handle;`, `= (other_handle);`), at the start of a
        // statement.
        for k in open + 1..close {
            if !sp.p(k, "=") || sp.p(k + 1, "=") || !is_id(sp.toks, k - 1) {
                continue;
            }
            let name_at = k - 1;
            let mut j = name_at;
            let mut ty = None;
            while j > open + 1 {
                let w = sp.t(j - 1);
                if w == "const" {
                    j -= 1;
                } else if ty.is_none() && matches!(w, "auto" | "grid_group" | "thread_block") {
                    ty = Some(w);
                    j -= 1;
                    if w != "auto" {
                        match qualifier(j) {
                            Some(q) => j = q,
                            None => {
                                ty = None; // a type of another namespace
                                break;
                            }
                        }
                    }
                } else {
                    break;
                }
            }
            let Some(ty) = ty else { continue };
            if !(j == open + 1 || matches!(sp.t(j - 1), ";" | "{" | "}")) {
                continue;
            }
            // The initialiser.
            let init = k + 1;
            let mut at = init;
            while sp.p(at, "::") || (is_id(sp.toks, at) && ns(at) && sp.p(at + 1, "::")) {
                at += 1;
            }
            let (kind, end, source) = if let Some((kind, _, close_paren)) = maker(at) {
                allow_qualifier(&mut c, init, at + 1);
                (kind, close_paren + 1, None)
            } else if let Some(h) = c.handle(sp.t(init)).filter(|_| is_id(sp.toks, init)) {
                (h.kind, init + 1, Some(h.name.clone()))
            } else if let Some(h) = c
                .handle(sp.t(init + 1))
                .filter(|_| sp.p(init, "(") && is_id(sp.toks, init + 1) && sp.p(init + 2, ")"))
            {
                // `= (other);`, as hipcc's inlining copies a parameter taken by value.
                (h.kind, init + 3, Some(h.name.clone()))
            } else {
                continue;
            };
            if !sp.p(end, ";") {
                continue;
            }
            let typed = match ty {
                "grid_group" => Some(GroupKind::Grid),
                "thread_block" => Some(GroupKind::Block),
                _ => None,
            };
            if typed.is_some_and(|t| t != kind) {
                continue;
            }
            let name = sp.t(name_at).to_owned();
            if c.handle(&name).is_some() {
                return Err("two cooperative group handles of one name");
            }
            c.handles.push(Handle {
                name,
                kind,
                decl: (j, end + 1),
                source,
            });
        }
        // `sync` statements.
        for k in open + 1..close {
            let starts = matches!(sp.t(k - 1), ";" | "{" | "}" | ")" | "else") || k == open + 1;
            if !starts {
                continue;
            }
            // `H.sync();`
            if let Some(h) = c.handle(sp.t(k)).filter(|_| is_id(sp.toks, k)) {
                if sp.p(k + 1, ".")
                    && sp.t(k + 2) == "sync"
                    && sp.p(k + 3, "(")
                    && sp.p(k + 4, ")")
                    && sp.p(k + 5, ";")
                {
                    c.syncs.insert(k, (k + 6, h.kind));
                }
                continue;
            }
            // `Q this_grid().sync();`, `Q sync(H);`
            let mut at = k;
            while sp.p(at, "::") || (is_id(sp.toks, at) && ns(at) && sp.p(at + 1, "::")) {
                at += 1;
            }
            if let Some((kind, _, close_paren)) = maker(at) {
                let j = close_paren + 1;
                if sp.p(j, ".")
                    && sp.t(j + 1) == "sync"
                    && sp.p(j + 2, "(")
                    && sp.p(j + 3, ")")
                    && sp.p(j + 4, ";")
                {
                    allow_qualifier(&mut c, k, at + 1);
                    c.syncs.insert(k, (j + 5, kind));
                }
            } else if sp.t(at) == "sync" && sp.p(at + 1, "(") && sp.p(at + 3, ")") {
                if let Some(h) = c.handle(sp.t(at + 2)).filter(|_| is_id(sp.toks, at + 2)) {
                    if sp.p(at + 4, ";") {
                        let kind = h.kind;
                        allow_qualifier(&mut c, k, at);
                        c.syncs.insert(k, (at + 5, kind));
                    }
                }
            }
        }
        // Every other use of a handle is an accessor call; `Q this_grid().accessor(...)` too.
        for k in open + 1..close {
            if !is_id(sp.toks, k) {
                continue;
            }
            let w = sp.t(k);
            if let Some((kind, q, close_paren)) = maker(k) {
                let in_decl = c
                    .handles
                    .iter()
                    .any(|h| h.decl.0 <= k && k < h.decl.1 && sp.p(close_paren + 1, ";"));
                let in_sync = c
                    .syncs
                    .range(..=k)
                    .next_back()
                    .is_some_and(|(_, e)| k < e.0);
                if in_decl || in_sync {
                    continue;
                }
                let h = Handle {
                    name: String::new(),
                    kind,
                    decl: (0, 0),
                    source: None,
                };
                let acc = close_paren + 2;
                if sp.p(close_paren + 1, ".")
                    && h.accessors().contains(&sp.t(acc))
                    && sp.p(acc + 1, "(")
                {
                    allow_qualifier(&mut c, q, k + 1);
                    c.allowed.insert(acc);
                }
                continue;
            }
            let Some(h) = c.handle(w) else { continue };
            if sp.p(k - 1, ".") || sp.p(k - 1, "::") || (sp.p(k - 1, ">") && sp.p(k - 2, "-")) {
                continue; // a member of something else
            }
            let in_sync = c
                .syncs
                .range(..=k)
                .next_back()
                .is_some_and(|(_, e)| k < e.0);
            // Its own declaration, or the initialiser of another handle's.
            let declared_here = c.handles.iter().any(|x| x.decl.0 <= k && k < x.decl.1);
            if in_sync || declared_here {
                continue;
            }
            let acc = k + 2;
            if sp.p(k + 1, ".") && h.accessors().contains(&sp.t(acc)) && sp.p(acc + 1, "(") {
                c.allowed.insert(acc);
                continue;
            }
            // `Q thread_rank(H)`: the name before `(`.
            let free = k >= 2
                && sp.p(k - 1, "(")
                && sp.p(k + 1, ")")
                && is_id(sp.toks, k - 2)
                && FREE_ACCESSORS.contains(&sp.t(k - 2));
            if free {
                if let Some(q) = qualifier(k - 2) {
                    allow_qualifier(&mut c, q, k - 1);
                    continue;
                }
            }
            return Err("a cooperative group handle used other than through its accessors");
        }
        Ok(c)
    }
}

/// The names declared as aliases of `cooperative_groups` anywhere in the unit
/// (`namespace cg = cooperative_groups;`).
fn namespace_aliases(sp: &Splitter<'_>) -> Vec<String> {
    let mut out = Vec::new();
    for k in 0..sp.toks.len() {
        if sp.t(k) != "namespace" || !is_id(sp.toks, k + 1) || !sp.p(k + 2, "=") {
            continue;
        }
        let mut j = k + 3;
        if sp.p(j, "::") {
            j += 1;
        }
        if sp.t(j) == "cooperative_groups" && sp.p(j + 1, ";") {
            out.push(sp.t(k + 1).to_owned());
        }
    }
    out
}

/// Whether the tokens `[a, b)` are the same for every work-item of the grid (a loop's or
/// branch's condition around a grid `sync`): they name no work-item or block id, no handle,
/// no variable of the body (`body_vars`, the `__shared__` ones included) but those in `own` (a
/// loop's own variables, which the body must not change), no parameter the body may change, read no memory (`[]`, `->`, unary `*`) and
/// call nothing but the device library's pure functions.
pub(super) fn uniform(
    sp: &Splitter<'_>,
    (a, b): (usize, usize),
    body_vars: &[String],
    changed_params: &[String],
    own: &[String],
) -> bool {
    for k in a..b {
        let w = sp.t(k);
        if w == "[" || (sp.p(k, "-") && sp.p(k + 1, ">") && sp.adjacent(k, k + 1)) {
            return false;
        }
        if sp.p(k, "*") || sp.p(k, "&") {
            // Unary: a read through a pointer, or an address.
            let unary = k == a
                || (!is_id(sp.toks, k - 1)
                    && !matches!(sp.t(k - 1), ")" | "]")
                    && sp.toks[k - 1].kind != crate::lexer::TokenKind::Number);
            if unary {
                return false;
            }
        }
        if !is_id(sp.toks, k) {
            continue;
        }
        if matches!(
            w,
            "threadIdx"
                | "blockIdx"
                | "hipThreadIdx_x"
                | "hipThreadIdx_y"
                | "hipThreadIdx_z"
                | "hipBlockIdx_x"
                | "hipBlockIdx_y"
                | "hipBlockIdx_z"
                | "__lane_id"
        ) || sp.coop.handle(w).is_some()
            || changed_params.iter().any(|p| p == w)
            || (body_vars.iter().any(|v| v == w) && !own.iter().any(|v| v == w))
        {
            return false;
        }
        // A pure call's arguments are tokens of the range, checked as such.
        if sp.p(k + 1, "(") && !sp.pure_call(w, false, false) {
            return false;
        }
    }
    true
}
