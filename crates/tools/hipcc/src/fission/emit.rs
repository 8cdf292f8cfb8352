//! The split version's text: which variables the phases share (kept per work-item), and the
//! code written for each phase, exchange and block.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::changes::{is_use, param_may_change, unary_amp, unit_call_arguments};
use super::ir::{Block, Node, Phase};
use super::lowering::Lowering;
use super::names::FORBIDDEN_WORDS;
use super::statements::Splitter;
use super::tokens::{is_id, is_p, text};
use super::unit::{Checker, Param};
use super::Why;
use crate::lexer::TokenKind;

/// [`split_checked`] past the check for barriers (`sync_words` of them).
pub(super) fn split_body(
    sp: &Splitter<'_>,
    open: usize,
    close: usize,
    params: &[Param],
    file: &str,
    sync_words: usize,
) -> Result<String, Why> {
    let Splitter {
        src,
        toks,
        unit,
        template_params,
        ..
    } = *sp;
    // Quick rejections over the whole body.
    for k in open + 1..close {
        let t = toks[k];
        let w = t.text(src);
        if t.kind == TokenKind::Directive {
            return Err("preprocessor line in the body");
        }
        // `static __shared__` is `__shared__` (the rewrite drops the `static`).
        let static_shared = w == "static"
            && (text(src, toks, k + 1) == "__shared__" || text(src, toks, k - 1) == "__shared__");
        if t.kind == TokenKind::Ident
            && (FORBIDDEN_WORDS.contains(&w) || (w == "static" && !static_shared))
        {
            return Err("unsupported construct");
        }
        // A lambda: `]` followed by `(`, `{` or `mutable`.
        if w == "]"
            && (is_p(src, toks, k + 1, "(")
                || is_p(src, toks, k + 1, "{")
                || text(src, toks, k + 1) == "mutable")
        {
            return Err("lambda");
        }
        if w == "<" && is_p(src, toks, k + 1, "<") && is_p(src, toks, k + 2, "<") {
            return Err("launch inside a kernel");
        }
    }
    let nodes = sp.nodes(open, close)?;
    fn count(nodes: &[Node]) -> usize {
        nodes
            .iter()
            .map(|n| match n {
                Node::Plain(_) | Node::Stride(..) => 0,
                Node::Barrier | Node::GridBarrier => 1,
                Node::Exchange(_, calls) => calls.len(),
                Node::Loop(l) => count(&l.body),
                Node::If(n) => count(&n.then) + n.els.as_deref().map_or(0, count),
            })
            .sum()
    }
    if count(&nodes) != sync_words {
        return Err("a barrier or wavefront operation that is not a top-level statement");
    }
    let unit_args = unit_call_arguments(src, toks, unit, open + 1, close);
    let changed_params = params
        .iter()
        .filter(|p| {
            (open + 1..close).any(|k| {
                is_id(toks, k)
                    && text(src, toks, k) == p.name
                    && is_use(src, toks, k)
                    && param_may_change(src, toks, k, &unit_args)
            })
        })
        .map(|p| p.name.clone())
        .collect();
    let mut low = Lowering {
        sp,
        phases: Vec::new(),
        loops: 0,
        hoisted: Vec::new(),
        decls: Vec::new(),
        params,
        exchanges: Vec::new(),
        changed_params,
        own: Vec::new(),
        handles: Vec::new(),
        shared_names: Vec::new(),
    };
    // Phase 0 gives changed parameters their per-work-item copies (it may stay empty).
    let param_phase = low.new_phase(None);
    let mut blocks = vec![Block::Run(param_phase)];
    blocks.extend(low.lower(&nodes, None, None, None)?);
    if sync_words == 0 && !low.phases.iter().any(|p| p.stride.is_some()) {
        return Err("no barrier"); // no stride loop of a work-item after all
    }
    let Lowering {
        phases,
        loops,
        hoisted,
        decls,
        exchanges,
        handles,
        ..
    } = low;
    // Nothing reachable synchronises.
    let mut checker = Checker {
        src,
        toks,
        unit,
        template_params,
        memo: BTreeMap::new(),
        exchanged: exchanges
            .iter()
            .map(|c| c.name)
            .chain(sp.coop.allowed.iter().copied())
            .collect(),
    };
    // The token ranges a phase runs: its statements, loop condition and increment, and the
    // values it stores for exchanges. A vote's value is not in the statement's phase (its
    // read does not repeat it; a shuffle's read names its value in a `decltype`).
    let votes: Vec<(usize, usize)> = exchanges
        .iter()
        .filter(|c| !c.op.is_shuffle())
        .filter_map(|c| c.value)
        .collect();
    let ranges = |ph: &Phase| -> Vec<(usize, usize)> {
        ph.stmts
            .iter()
            .flat_map(|s| {
                let mut parts = Vec::new();
                let mut at = s.a;
                for &(a, b) in votes.iter().filter(|v| s.a <= v.0 && v.1 <= s.b) {
                    parts.push((at, a));
                    at = b;
                }
                parts.push((at, s.b));
                parts
            })
            .chain(ph.cond.map(|c| c.1))
            .chain(ph.branch.map(|b| b.cond))
            .chain(ph.inc)
            .chain(ph.stores.iter().filter_map(|&x| exchanges[x].value))
            .collect()
    };
    for ph in &phases {
        for (a, b) in ranges(ph) {
            if !checker.range_safe(a, b) {
                return Err("a call that may synchronise");
            }
        }
    }
    // Which phases use a name.
    // Whether tokens `[a, b)` use the variable `name`.
    let mentions = |(a, b): (usize, usize), name: &str| {
        (a..b).any(|k| is_id(toks, k) && text(src, toks, k) == name && is_use(src, toks, k))
    };
    let uses =
        |name: &str, ph: &Phase| -> bool { ranges(ph).into_iter().any(|r| mentions(r, name)) };
    // The variables that phases must share: (name, type, declaring phase, phases using it,
    // is a parameter copy).
    struct Shared {
        name: String,
        ty: String,
        decl: usize,
        used: Vec<usize>,
        /// Phases that may change it (they store it back).
        changed: Vec<usize>,
        param: bool,
    }
    // Phases where a use of `name` may change it.
    let changes = |name: &str, ph: &Phase| -> bool {
        ranges(ph).into_iter().any(|(a, b)| {
            (a..b).any(|k| {
                is_id(toks, k)
                    && text(src, toks, k) == name
                    && is_use(src, toks, k)
                    && param_may_change(src, toks, k, &unit_args)
            })
        })
    };
    let mut shared: Vec<Shared> = Vec::new();
    for p in params {
        let changed = (open + 1..close).any(|k| {
            is_id(toks, k)
                && text(src, toks, k) == p.name
                && is_use(src, toks, k)
                && param_may_change(src, toks, k, &unit_args)
        });
        if !changed {
            continue;
        }
        if p.ty.contains('[') || p.ty.contains('(') || p.ty.contains("...") || p.ty.contains('&') {
            return Err("a changed parameter of an unsupported type");
        }
        let used: Vec<usize> = (0..phases.len())
            .filter(|&i| uses(&p.name, &phases[i]))
            .collect();
        if !used.is_empty() {
            let changed = used
                .iter()
                .copied()
                .filter(|&i| changes(&p.name, &phases[i]))
                .collect();
            shared.push(Shared {
                name: p.name.clone(),
                ty: p.ty.clone(),
                decl: param_phase,
                used,
                changed,
                param: true,
            });
        }
    }
    for (name, ty, decl, unstorable) in decls {
        let used: Vec<usize> = (0..phases.len())
            .filter(|&i| i != decl && uses(&name, &phases[i]))
            .collect();
        if used.is_empty() {
            continue;
        }
        if unstorable {
            return Err("a reference, array or auto variable used after a barrier");
        }
        let address_taken = (open + 1..close).any(|k| {
            is_id(toks, k)
                && text(src, toks, k) == name
                && k > 0
                && is_p(src, toks, k - 1, "&")
                && unary_amp(src, toks, k - 1)
        });
        if address_taken {
            return Err("the address of a variable used after a barrier");
        }
        let changed = used
            .iter()
            .copied()
            .filter(|&i| changes(&name, &phases[i]))
            .collect();
        shared.push(Shared {
            name,
            ty,
            decl,
            used,
            changed,
            param: false,
        });
    }
    // The text.
    let line_of = |k: usize| src[..toks[k].start].matches('\n').count() + 1;
    let mut out = String::new();
    let types: Vec<&str> = shared.iter().map(|v| v.ty.as_str()).collect();
    let _ = write!(
        out,
        " if (::hip_impl::fission::ok<{}>()) if (::ferrocm_workitem_t *__hip_fw = ::hip_impl::fission::take()) {{",
        types.join(", ")
    );
    for (k, t) in &hoisted {
        let _ = write!(out, "\n#line {} \"{file}\"\n{t}", line_of(*k));
    }
    out.push_str("\n ::hip_impl::fission::group __hip_fg(__hip_fw);");
    for v in &shared {
        let _ = write!(
            out,
            " auto *const __hip_fs_{0} = ::hip_impl::fission::array<{1}>(__hip_fg);",
            v.name, v.ty
        );
        if v.param {
            let _ = write!(out, " auto &__hip_pv_{0} = {0};", v.name);
        }
    }
    for l in 0..loops {
        let _ = write!(
            out,
            " unsigned char *const __hip_in{l} = ::hip_impl::fission::array<unsigned char>(__hip_fg);"
        );
    }
    // Per exchange: the lanes that took part (a word per wavefront) and the values (one per
    // work-item) or the predicates (a word per wavefront).
    for (x, c) in exchanges.iter().enumerate() {
        if c.op.is_shuffle() {
            let _ = write!(
                out,
                " ::std::uint64_t *const __hip_xv{x} = ::hip_impl::fission::array<::std::uint64_t>(__hip_fg);"
            );
        } else if c.value.is_some() {
            let _ = write!(
                out,
                " ::std::uint64_t *const __hip_xb{x} = __hip_fg.waves();"
            );
        }
        let _ = write!(
            out,
            " ::std::uint64_t *const __hip_xa{x} = __hip_fg.waves();"
        );
    }
    out.push_str(" if (__hip_fg.ready()) {");
    let range_text = |(a, b): (usize, usize)| &src[toks[a].start..toks[b - 1].end];
    // What phase `store` adds for exchange `x`, and what replaces the call in the statement.
    let store_text = |x: usize| -> String {
        let c = &exchanges[x];
        match c.value.map(range_text) {
            Some(v) if c.op.is_shuffle() => format!(
                "::hip_impl::fission::xput<decltype(::__shfl({v}, 0))>(__hip_xv{x}, __hip_xa{x}, __hip_i, {v});"
            ),
            Some(v) => format!("::hip_impl::fission::xvote(__hip_xb{x}, __hip_xa{x}, __hip_i, {v});"),
            None => format!("::hip_impl::fission::xjoin(__hip_xa{x}, __hip_i);"),
        }
    };
    let read_text = |x: usize| -> String {
        let c = &exchanges[x];
        let mut args = Vec::new();
        let mut types = String::new();
        match c.value.map(range_text) {
            Some(v) if c.op.is_shuffle() => {
                args.push(format!("__hip_xv{x}"));
                types = if c.sync {
                    format!("<decltype(::__shfl({v}, 0)), ::std::decay_t<decltype({v})>>")
                } else {
                    format!("<decltype(::__shfl({v}, 0))>")
                };
            }
            Some(_) => args.push(format!("__hip_xb{x}")),
            None => {}
        }
        args.push(format!("__hip_xa{x}"));
        args.push("__hip_i".to_owned());
        let mask = c.mask.map(range_text);
        match mask {
            // A shuffle's mask is only checked; a vote's selects lanes.
            Some(m) if c.op.is_shuffle() => {
                args.extend(c.rest.map(|r| range_text(r).to_owned()));
                format!(
                    "(::hip_impl::fission::sync_mask({m}), ::hip_impl::fission::{}{types}({}))",
                    c.op.reader(),
                    args.join(", ")
                )
            }
            _ => {
                args.extend(mask.into_iter().map(str::to_owned));
                args.extend(c.rest.map(|r| range_text(r).to_owned()));
                format!(
                    "::hip_impl::fission::{}{}{types}({})",
                    c.op.reader(),
                    if c.sync { "_sync" } else { "" },
                    args.join(", ")
                )
            }
        }
    };
    // The source of tokens `[a, b)` with the exchanged calls replaced by their reads.
    let source = |a: usize, b: usize| -> String {
        let mut text = String::new();
        let mut at = toks[a].start;
        for (x, c) in exchanges.iter().enumerate() {
            if a <= c.start && c.close < b {
                text.push_str(&src[at..toks[c.start].start]);
                text.push_str(&read_text(x));
                at = toks[c.close].end;
            }
        }
        text.push_str(&src[at..toks[b - 1].end]);
        text
    };
    // A phase's copy of a variable kept per work-item.
    let get_text = |v: &Shared| {
        format!(
            " {0} {1} = ::hip_impl::fission::get<{0}>(__hip_fs_{1} + __hip_i);",
            v.ty, v.name
        )
    };
    // The cooperative group handles that phase `i` names in `[a, b)` but does not declare,
    // declared again (a handle is the work-item's view of its group, computed from its ids).
    // A copy of a handle (`auto g2 = g;`) needs the handle it copies declared too.
    let handle_text = |i: usize, ranges: &[(usize, usize)]| -> String {
        let mut needed: Vec<&str> = handles
            .iter()
            .filter(|(name, _)| ranges.iter().any(|&r| mentions(r, name)))
            .map(|(name, _)| name.as_str())
            .collect();
        let mut at = 0;
        while at < needed.len() {
            let source = sp.coop.handle(needed[at]).and_then(|h| h.source.as_deref());
            if let Some(s) = source.filter(|s| !needed.contains(s)) {
                needed.push(s);
            }
            at += 1;
        }
        let mut text = String::new();
        for (name, decl) in &handles {
            if *decl != i && needed.contains(&name.as_str()) {
                if let Some(h) = sp.coop.handle(name) {
                    text.push(' ');
                    text.push_str(&src[toks[h.decl.0].start..toks[h.decl.1 - 1].end]);
                }
            }
        }
        text
    };
    let phase_text = |i: usize, out: &mut String| {
        let ph = &phases[i];
        if ph.grid_sync {
            // Every work-item of the group finished the phases before: the group waits at the
            // grid barrier.
            out.push_str("\n __hip_fg.grid_sync();");
        }
        let params_here = i == param_phase;
        if params_here && !shared.iter().any(|v| v.param) {
            return;
        }
        // A phase with nothing to run (the rest of a branch after its last barrier, say).
        let empty = ph.stmts.is_empty()
            && ph.stores.is_empty()
            && ph.cond.is_none()
            && ph.branch.is_none()
            && ph.inc.is_none()
            && ph.enters.is_none()
            && ph.stride.is_none();
        if empty && !params_here {
            return;
        }
        for &x in &ph.stores {
            let _ = write!(out, "\n __hip_fg.clear_waves(__hip_xa{x});");
            if !exchanges[x].op.is_shuffle() && exchanges[x].value.is_some() {
                let _ = write!(out, " __hip_fg.clear_waves(__hip_xb{x});");
            }
        }
        // A stride loop: step by step for the whole group when the group allows it (see
        // `StrideLoop`), else as any phase.
        if let Some(l) = &ph.stride {
            let rt = |r: (usize, usize)| &src[toks[r.0].start..toks[r.1 - 1].end];
            // The probe reads the variables the start, bound and step name; the step loop
            // uses the work-items' slots of those the body names.
            let gets: String = shared
                .iter()
                .filter(|v| {
                    v.used.contains(&i)
                        && [l.start, l.bound, l.step]
                            .iter()
                            .any(|&r| mentions(r, &v.name))
                })
                .map(get_text)
                .collect();
            let gets = gets + &handle_text(i, &[l.start, l.bound, l.step]);
            let refs: String = shared
                .iter()
                .filter(|v| v.used.contains(&i) && mentions(l.body, &v.name))
                .map(|v| format!(" auto &{0} = __hip_fs_{0}[__hip_i];", v.name))
                .collect::<String>()
                + &handle_text(i, &[l.body]);
            // The ids are set only for a body that may read them (stores to them in the loop
            // would keep the compiler from vectorising it).
            let reads_ids = (l.body.0..l.body.1).any(|k| {
                is_id(toks, k)
                    && (matches!(
                        text(src, toks, k),
                        "threadIdx"
                            | "hipThreadIdx_x"
                            | "hipThreadIdx_y"
                            | "hipThreadIdx_z"
                            | "__lane_id"
                    ) || is_p(src, toks, k + 1, "("))
            });
            let at = if reads_ids {
                " __hip_fg.at_1d(__hip_i);"
            } else {
                ""
            };
            let _ = write!(
                out,
                "\n bool __hip_sfast{i} = false; if (__hip_fg.plain_1d()) {{ ::hip_impl::fission::stride<{ty}> __hip_st;\n __hip_fg.run([&](bool &__hip_fall, unsigned __hip_i) {{{gets}\n#line {line} \"{file}\"\n__hip_st.probe(__hip_i, {start}, {bound}, {step}); __hip_fall = true; }});\n if (__hip_st.ok(__hip_fg.size())) {{ __hip_sfast{i} = true; __hip_fg.begin_1d(); for ({ty} __hip_k = __hip_st.start; __hip_k < __hip_st.bound; __hip_k += __hip_st.step) {{ const {ty} __hip_e = static_cast<{ty}>(__hip_k + static_cast<{ty}>(__hip_st.count(__hip_k, __hip_fg.size()))); for ({ty} {var} = __hip_k; {var} < __hip_e; ++{var}) {{ const unsigned __hip_i = static_cast<unsigned>({var} - __hip_k); (void)__hip_i;{at}{refs}\n#line {bline} \"{file}\"\n{body} }} }} }} }}\n if (!__hip_sfast{i})",
                ty = l.ty,
                var = l.var,
                line = line_of(l.start.0),
                start = rt(l.start),
                bound = rt(l.bound),
                step = rt(l.step),
                bline = line_of(l.body.0),
                body = rt(l.body),
            );
        }
        out.push_str("\n __hip_fg.run([&](bool &__hip_fall, unsigned __hip_i) { (void)__hip_i;");
        if let Some(l) = ph.guard {
            let _ = write!(
                out,
                " if (!__hip_in{l}[__hip_i]) {{ __hip_fall = true; return; }}"
            );
        }
        if let Some(l) = ph.enters {
            let _ = write!(out, " __hip_in{l}[__hip_i] = 1;");
        }
        for v in &shared {
            if params_here && v.param {
                let _ = write!(out, " {0} {1} = __hip_pv_{1};", v.ty, v.name);
            } else if v.used.contains(&i) {
                out.push_str(&get_text(v));
            }
        }
        out.push_str(&handle_text(i, &ranges(ph)));
        if let Some((l, (a, b))) = ph.cond {
            let _ = write!(
                out,
                "\n#line {} \"{file}\"\nif (!({})) {{ __hip_in{l}[__hip_i] = 0; __hip_fall = true; return; }} __hip_any{l} = true;",
                line_of(a),
                &src[toks[a].start..toks[b - 1].end]
            );
        }
        // The statements, in runs of adjacent ones (hoisted declarations left out).
        let stmts = &ph.stmts;
        let mut j = 0;
        while j < stmts.len() {
            let mut e = j;
            while e + 1 < stmts.len() && stmts[e].b == stmts[e + 1].a {
                e += 1;
            }
            let _ = write!(
                out,
                "\n#line {} \"{file}\"\n{}",
                line_of(stmts[j].a),
                source(stmts[j].a, stmts[e].b)
            );
            j = e + 1;
        }
        // A handle this phase declares may be used only by later phases (which declare it
        // again): used here too, so that -Wall finds no variable set but not used.
        for (name, decl) in &handles {
            if *decl == i {
                let _ = write!(out, " (void){name};");
            }
        }
        for &x in &ph.stores {
            let _ = write!(
                out,
                "\n#line {} \"{file}\"\n{}",
                line_of(exchanges[x].name),
                store_text(x)
            );
        }
        if let Some(br) = ph.branch {
            let (a, b) = br.cond;
            let _ = write!(
                out,
                "\n#line {} \"{file}\"\nif ({}) {{ __hip_in{t}[__hip_i] = 1; __hip_any{t} = true; }}",
                line_of(a),
                &src[toks[a].start..toks[b - 1].end],
                t = br.then
            );
            if let Some(e) = br.els {
                let _ = write!(
                    out,
                    " else {{ __hip_in{e}[__hip_i] = 1; __hip_any{e} = true; }}"
                );
            }
        }
        if let Some((a, b)) = ph.inc {
            let _ = write!(
                out,
                "\n#line {} \"{file}\"\n{};",
                line_of(a),
                &src[toks[a].start..toks[b - 1].end]
            );
        }
        for v in &shared {
            if v.decl == i || v.changed.contains(&i) {
                let _ = write!(
                    out,
                    " ::hip_impl::fission::put(__hip_fs_{0} + __hip_i, {0});",
                    v.name
                );
            }
        }
        out.push_str(" __hip_fall = true; });");
    };
    fn emit(blocks: &[Block], out: &mut String, phase_text: &dyn Fn(usize, &mut String)) {
        for b in blocks {
            match b {
                Block::Run(i) => phase_text(*i, out),
                Block::Loop { id, entry, body } => {
                    let _ = write!(out, "\n __hip_fg.clear(__hip_in{id});");
                    phase_text(*entry, out);
                    let _ = write!(out, "\n for (;;) {{ bool __hip_any{id} = false;");
                    let (first, rest) = body
                        .split_first()
                        .map_or((None, &body[..0]), |(f, r)| (Some(f), r));
                    if let Some(f) = first {
                        emit(std::slice::from_ref(f), out, phase_text);
                    }
                    let _ = write!(out, " if (!__hip_any{id}) break;");
                    emit(rest, out, phase_text);
                    out.push_str(" }");
                }
                Block::If {
                    branch,
                    entry,
                    then,
                    els,
                } => {
                    let ids: Vec<usize> = std::iter::once(branch.then).chain(branch.els).collect();
                    out.push_str("\n {");
                    for id in &ids {
                        let _ = write!(
                            out,
                            " bool __hip_any{id} = false; __hip_fg.clear(__hip_in{id});"
                        );
                    }
                    phase_text(*entry, out);
                    let _ = write!(out, "\n if (__hip_any{}) {{", branch.then);
                    emit(then, out, phase_text);
                    out.push_str(" }");
                    if let (Some(id), Some(els)) = (branch.els, els) {
                        let _ = write!(out, "\n if (__hip_any{id}) {{");
                        emit(els, out, phase_text);
                        out.push_str(" }");
                    }
                    out.push_str(" }");
                }
            }
        }
    }
    emit(&blocks, &mut out, &phase_text);
    let _ = write!(
        out,
        " __hip_fg.finish(); return; }} }}\n#line {} \"{file}\"\n",
        line_of(open)
    );
    Ok(out)
}
