//! Lowering the nodes into phases (what every work-item runs between two barriers) and the
//! blocks that order them; declarations and exchanges are collected on the way.

use super::changes::{is_use, param_may_change, unit_call_arguments};
use super::coop;
use super::ir::{has_grid_sync, Block, Branch, LoopNode, Node, Phase};
use super::statements::{Decl, Splitter, Stmt, WaveCall};
use super::tokens::{is_id, text};
use super::unit::Param;
use super::Why;

/// Why a grid `sync` under a loop or a condition keeps the kernel on fibers.
const NOT_UNIFORM: Why = "a grid sync under a loop or condition that may differ between work-items";

/// Builds phases out of nodes. Declarations are collected on the way.
pub(super) struct Lowering<'a> {
    pub(super) sp: &'a Splitter<'a>,
    pub(super) phases: Vec<Phase>,
    pub(super) loops: usize,
    pub(super) hoisted: Vec<(usize, String)>,
    /// (name, type, phase declaring it, cannot be kept between phases)
    pub(super) decls: Vec<(String, String, usize, bool)>,
    pub(super) params: &'a [Param],
    /// The wavefront operations, in the order their exchanges run.
    pub(super) exchanges: Vec<WaveCall>,
    /// Parameters that the body may change (each work-item has its own copy).
    pub(super) changed_params: Vec<String>,
    /// The variables of the loops around the nodes being lowered that may appear in the
    /// condition of a grid `sync` (`Lowering::uniform`).
    pub(super) own: Vec<String>,
    /// Cooperative group handles: (name, the phase declaring it).
    pub(super) handles: Vec<(String, usize)>,
    /// The `__shared__` variables declared so far.
    pub(super) shared_names: Vec<String>,
}

impl Lowering<'_> {
    pub(super) fn new_phase(&mut self, guard: Option<usize>) -> usize {
        self.phases.push(Phase {
            guard,
            ..Phase::default()
        });
        self.phases.len() - 1
    }

    /// Whether tokens `[a, b)` mention the work-item: `threadIdx`, or a variable of the body
    /// declared so far (`int i = t; ...` with `t` per work-item).
    pub(super) fn names_work_item(&self, (a, b): (usize, usize)) -> bool {
        (a..b).any(|k| {
            is_id(self.sp.toks, k) && {
                let w = self.sp.t(k);
                matches!(w, "threadIdx" | "hipThreadIdx_x")
                    || self.decls.iter().any(|d| d.0 == w)
                    || (self.sp.coop.handle(w).is_some() && self.sp.coop.allowed.contains(&(k + 2)))
            }
        })
    }

    /// Whether tokens `[a, b)` are the same for every work-item of the grid
    /// ([`coop::uniform`]), so that a grid `sync` under them is reached by all or none.
    fn uniform(&self, range: (usize, usize)) -> bool {
        let vars: Vec<String> = self
            .decls
            .iter()
            .map(|d| d.0.clone())
            .chain(self.shared_names.iter().cloned())
            .collect();
        coop::uniform(self.sp, range, &vars, &self.changed_params, &self.own)
    }

    /// The variables that loop `l` declares in its header, when its body changes none of them
    /// (outside its increment); `None` otherwise.
    fn loop_vars(&self, l: &LoopNode) -> Option<Vec<String>> {
        let Some(init) = l.init else {
            return Some(Vec::new());
        };
        let names: Vec<String> = match self.sp.declaration(init) {
            Ok(Some(Decl::Vars(vs))) => vs.into_iter().map(|v| v.0).collect(),
            Ok(None) => Vec::new(),
            _ => return None,
        };
        let (src, toks) = (self.sp.src, self.sp.toks);
        let unit_args = unit_call_arguments(src, toks, self.sp.unit, l.span.0, l.span.1);
        let inc = l.inc.unwrap_or((0, 0));
        let changed = (init.b..l.span.1).any(|k| {
            !(inc.0 <= k && k < inc.1)
                && is_id(toks, k)
                && names.iter().any(|n| n == text(src, toks, k))
                && is_use(src, toks, k)
                && param_may_change(src, toks, k, &unit_args)
        });
        (!changed).then_some(names)
    }

    /// Adds statement `s` to phase `ph` (declarations recorded, hoisted ones moved out).
    pub(super) fn add(&mut self, ph: usize, s: Stmt) -> Result<(), Why> {
        // A group handle: declared again in each later phase that names it.
        if let Some(h) = self.sp.coop.handles.iter().find(|h| h.decl == (s.a, s.b)) {
            self.handles.push((h.name.clone(), ph));
            self.phases[ph].stmts.push(s);
            return Ok(());
        }
        match self.sp.declaration(s)? {
            Some(Decl::Hoisted(t)) => {
                let (src, toks) = (self.sp.src, self.sp.toks);
                let uses_local = (s.a..s.b).any(|k| {
                    is_id(toks, k)
                        && (self.decls.iter().any(|d| d.0 == text(src, toks, k))
                            || self.params.iter().any(|p| p.name == text(src, toks, k)))
                });
                if uses_local {
                    return Err("shared/constexpr declaration uses a variable");
                }
                // The names a `__shared__` declaration declares: memory of the block, which
                // a grid sync's condition must not read.
                if (s.a..s.b).any(|k| text(src, toks, k) == "__shared__") {
                    let names = (s.a..s.b).filter(|&k| {
                        is_id(toks, k)
                            && matches!(text(src, toks, k + 1), "[" | "=" | ";" | "," | "{")
                    });
                    let names: Vec<String> = names.map(|k| text(src, toks, k).to_owned()).collect();
                    self.shared_names.extend(names);
                }
                self.hoisted.push((s.a, t));
                return Ok(());
            }
            Some(Decl::Vars(vs)) => {
                for (name, ty, unstorable) in vs {
                    if self.decls.iter().any(|d| d.0 == name) {
                        return Err("two variables of one name");
                    }
                    self.decls.push((name, ty, ph, unstorable));
                }
            }
            None => {}
        }
        self.phases[ph].stmts.push(s);
        Ok(())
    }

    /// Lowers `nodes` under `guard`; the first phase gets `first` (a loop condition), the last
    /// `last` (a loop increment).
    pub(super) fn lower(
        &mut self,
        nodes: &[Node],
        guard: Option<usize>,
        first: Option<(usize, (usize, usize))>,
        last: Option<(usize, usize)>,
    ) -> Result<Vec<Block>, Why> {
        let mut blocks = Vec::new();
        let mut cur = self.new_phase(guard);
        self.phases[cur].cond = first;
        blocks.push(Block::Run(cur));
        for node in nodes {
            match node {
                Node::Plain(s) => self.add(cur, *s)?,
                Node::Barrier => {
                    cur = self.new_phase(guard);
                    blocks.push(Block::Run(cur));
                }
                Node::GridBarrier => {
                    cur = self.new_phase(guard);
                    self.phases[cur].grid_sync = true;
                    blocks.push(Block::Run(cur));
                }
                Node::Exchange(s, calls) => {
                    // The phase so far ends with the values; the statement starts the next.
                    for c in calls {
                        self.phases[cur].stores.push(self.exchanges.len());
                        self.exchanges.push(c.clone());
                    }
                    cur = self.new_phase(guard);
                    blocks.push(Block::Run(cur));
                    self.add(cur, *s)?;
                }
                Node::Loop(l) => {
                    let id = self.loops;
                    self.loops += 1;
                    let entry = self.new_phase(guard);
                    self.phases[entry].enters = Some(id);
                    let grid = has_grid_sync(&l.body);
                    let own = if grid {
                        // Every work-item of the grid must run as many iterations.
                        let own = self.loop_vars(l).ok_or(NOT_UNIFORM)?;
                        let before = self.own.len();
                        self.own.extend(own);
                        let header = l.init.map(|s| (s.a, s.b)).into_iter().chain(Some(l.cond));
                        if !header.chain(l.inc).all(|r| self.uniform(r)) {
                            return Err(NOT_UNIFORM);
                        }
                        Some(before)
                    } else {
                        None
                    };
                    if let Some(init) = l.init {
                        self.add(entry, init)?;
                    }
                    let body = self.lower(&l.body, Some(id), Some((id, l.cond)), l.inc)?;
                    if let Some(before) = own {
                        self.own.truncate(before);
                    }
                    blocks.push(Block::Loop { id, entry, body });
                    cur = self.new_phase(guard);
                    blocks.push(Block::Run(cur));
                }
                Node::Stride(s, l) if guard.is_none() && self.names_work_item(l.start) => {
                    // A phase of its own, which may run step by step for the whole group.
                    let ph = self.new_phase(guard);
                    blocks.push(Block::Run(ph));
                    self.add(ph, *s)?;
                    self.phases[ph].stride = Some(l.clone());
                    cur = self.new_phase(guard);
                    blocks.push(Block::Run(cur));
                }
                Node::Stride(s, _) => self.add(cur, *s)?,
                Node::If(n) => {
                    let grid =
                        has_grid_sync(&n.then) || n.els.as_deref().is_some_and(has_grid_sync);
                    if grid && !self.uniform(n.cond) {
                        return Err(NOT_UNIFORM);
                    }
                    let then = self.loops;
                    self.loops += 1;
                    let els = n.els.as_ref().map(|_| {
                        self.loops += 1;
                        then + 1
                    });
                    let branch = Branch {
                        cond: n.cond,
                        then,
                        els,
                    };
                    let entry = self.new_phase(guard);
                    self.phases[entry].branch = Some(branch);
                    let then_blocks = self.lower(&n.then, Some(then), None, None)?;
                    let els_blocks = match (&n.els, els) {
                        (Some(nodes), Some(id)) => Some(self.lower(nodes, Some(id), None, None)?),
                        _ => None,
                    };
                    blocks.push(Block::If {
                        branch,
                        entry,
                        then: then_blocks,
                        els: els_blocks,
                    });
                    cur = self.new_phase(guard);
                    blocks.push(Block::Run(cur));
                }
            }
        }
        self.phases[cur].inc = last;
        Ok(blocks)
    }
}
