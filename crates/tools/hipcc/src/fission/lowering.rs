//! Lowering the nodes into phases (what every work-item runs between two barriers) and the
//! blocks that order them; declarations and exchanges are collected on the way.

use super::ir::{Block, Branch, Node, Phase};
use super::statements::{Decl, Splitter, Stmt, WaveCall};
use super::tokens::{is_id, text};
use super::unit::Param;
use super::Why;

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
                matches!(w, "threadIdx" | "hipThreadIdx_x") || self.decls.iter().any(|d| d.0 == w)
            }
        })
    }

    /// Adds statement `s` to phase `ph` (declarations recorded, hoisted ones moved out).
    pub(super) fn add(&mut self, ph: usize, s: Stmt) -> Result<(), Why> {
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
                    if let Some(init) = l.init {
                        self.add(entry, init)?;
                    }
                    let body = self.lower(&l.body, Some(id), Some((id, l.cond)), l.inc)?;
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
