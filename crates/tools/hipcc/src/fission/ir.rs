//! The split's intermediate form: the body as [`Node`]s (plain statements, barriers, exchanges,
//! loops and `if`s with barriers inside, stride loops), and the [`Phase`]s and [`Block`]s that
//! [`Lowering`](super::lowering::Lowering) builds out of them.

use super::changes::{is_use, param_may_change, unit_call_arguments};
use super::coop::GroupKind;
use super::statements::{is_split_sync, Decl, Splitter, Stmt, WaveCall};
use super::tokens::{calls_in, is_id, matching};
use super::Why;

/// A statement of a body, as far as the split is concerned.
#[derive(Debug)]
pub(super) enum Node {
    /// An ordinary statement (no barrier inside).
    Plain(Stmt),
    /// A top-level `__syncthreads();` or `__syncwarp();` (or a thread block's `sync`).
    Barrier,
    /// A grid's `sync` statement: a barrier, then the group waits at the grid barrier.
    GridBarrier,
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
pub(super) struct StrideLoop {
    /// The loop variable and its type.
    pub(super) var: String,
    pub(super) ty: String,
    pub(super) start: (usize, usize),
    pub(super) bound: (usize, usize),
    pub(super) step: (usize, usize),
    /// The body statement (a braced block or one statement).
    pub(super) body: (usize, usize),
}

#[derive(Debug)]
pub(super) struct IfNode {
    /// The condition's tokens `[a, b)`.
    pub(super) cond: (usize, usize),
    pub(super) then: Vec<Node>,
    /// The `else` branch (an `else if` is an `if` node alone in it).
    pub(super) els: Option<Vec<Node>>,
}

#[derive(Debug)]
pub(super) struct LoopNode {
    /// The whole statement's tokens `[a, b)`.
    pub(super) span: (usize, usize),
    /// `for (init;` as a statement (the `;` included), if any.
    pub(super) init: Option<Stmt>,
    /// The condition's tokens `[a, b)`.
    pub(super) cond: (usize, usize),
    /// The increment's tokens `[a, b)`, if any.
    pub(super) inc: Option<(usize, usize)>,
    pub(super) body: Vec<Node>,
}

/// One phase: what every work-item runs between two barriers.
#[derive(Debug, Default)]
pub(super) struct Phase {
    /// Innermost loop the phase belongs to: work-items that left it skip the phase.
    pub(super) guard: Option<usize>,
    /// This phase starts an iteration of loop `.0`: it checks the condition `.1` first.
    pub(super) cond: Option<(usize, (usize, usize))>,
    /// This phase sets up loop `.0` (its init statement, if any, is in `stmts`).
    pub(super) enters: Option<usize>,
    pub(super) stmts: Vec<Stmt>,
    /// Exchanges (indices into `Lowering::exchanges`) whose values this phase stores last.
    pub(super) stores: Vec<usize>,
    /// The loop increment run at the end of this phase.
    pub(super) inc: Option<(usize, usize)>,
    /// This phase evaluates the condition of an `if` node: work-items for which it holds
    /// enter branch `then`, the others branch `els` (ids like loops').
    pub(super) branch: Option<Branch>,
    /// The phase is this stride loop alone (it may run step by step for the whole group).
    pub(super) stride: Option<StrideLoop>,
    /// The group waits at the grid barrier before this phase (a grid's `sync` before it).
    pub(super) grid_sync: bool,
}

/// The condition that an `if` node's entry phase evaluates, and its branches' ids.
#[derive(Debug, Clone, Copy)]
pub(super) struct Branch {
    pub(super) cond: (usize, usize),
    pub(super) then: usize,
    pub(super) els: Option<usize>,
}

/// The order phases run in.
#[derive(Debug)]
pub(super) enum Block {
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

/// Whether `nodes` hold a grid `sync` (at any depth).
pub(super) fn has_grid_sync(nodes: &[Node]) -> bool {
    nodes.iter().any(|n| match n {
        Node::GridBarrier => true,
        Node::Loop(l) => has_grid_sync(&l.body),
        Node::If(n) => has_grid_sync(&n.then) || n.els.as_deref().is_some_and(has_grid_sync),
        _ => false,
    })
}

impl Splitter<'_> {
    /// The nodes of the statements `toks[open+1..close]`.
    pub(super) fn nodes(&self, open: usize, close: usize) -> Result<Vec<Node>, Why> {
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
            let syncs_in = |s: &Stmt| {
                (s.a..s.b).any(|k| is_id(self.toks, k) && is_split_sync(self.t(k)))
                    || self.coop.syncs_in(s.a, s.b)
            };
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
            } else if let Some(kind) = self.coop.sync_at(s.a, s.b) {
                out.push(match kind {
                    GroupKind::Grid => Node::GridBarrier,
                    GroupKind::Block => Node::Barrier,
                });
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
    pub(super) fn barrier_loop(&self, s: Stmt) -> Result<Option<LoopNode>, Why> {
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
            span: (s.a, s.b),
            init,
            cond,
            inc,
            body,
        }))
    }
}

impl Splitter<'_> {
    /// The nodes of a branch: a braced block, or one statement, `toks[a..b)`.
    pub(super) fn branch_body(&self, a: usize, b: usize) -> Result<Vec<Node>, Why> {
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
    pub(super) fn stride_loop(&self, s: Stmt) -> Option<StrideLoop> {
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
            let impure =
                calls_in(self.src, self.toks, a, b)
                    .iter()
                    .any(|(k, name, std, member)| {
                        !self.pure_call(name, *std, *member) && !self.coop.allowed.contains(k)
                    });
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
    pub(super) fn branch_node(&self, chain: &[Stmt]) -> Result<IfNode, Why> {
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
