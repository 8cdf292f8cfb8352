//! Loop fission: kernels split at their barriers (docs/HIP_CPU.md, `include/hip/cpu/fission.h`).
//!
//! On the CPU a `__syncthreads()` normally means fibers: every work-item of the group gets a
//! stack and the thread switches between them at each barrier. When all the barriers of a
//! kernel are plain statements of its body's outermost block, the kernel can instead run
//! *phase by phase*: the statements between two barriers for every work-item of the group in
//! a loop, then the next stretch. [`split_kernel`] writes that second version of the body,
//! which hipcc inserts at the start of the kernel; the engine offers it each work-group and it
//! runs the group without fibers (the header part is `hip_impl::fission`).
//!
//! Wavefront operations split the body too (an *exchange*): a statement that calls `__shfl*`,
//! `__ballot`, `__any`, `__all` or `__activemask` (or their `_sync` forms) starts a new phase,
//! and the phase before it ends with every work-item storing the value it contributes; the
//! statement's call then reads the other lanes' values (`hip_impl::fission::shfl_down` & co.).
//! `__syncwarp()` is a plain phase boundary. Moving the evaluation of the contributed value to
//! the end of the phase before is only equivalent when nothing in between can change it or be
//! changed by it, so the statement must be simple ([`Splitter::exchange`] lists the rules).
//!
//! Cooperative groups ([`coop`]): a thread block's `sync` is a barrier, a grid's `sync` a phase
//! boundary at which the group waits at the engine's grid barrier, and group handles
//! (`auto g = cg::this_grid();`) are declared again in each phase that names them.
//!
//! The split is applied only where it is certainly equivalent; anything unusual leaves the
//! kernel alone (it then runs on fibers as before):
//!
//! - every barrier is a top-level `__syncthreads();` (or `__syncwarp();`), every wavefront
//!   operation is in a top-level exchange statement, and nothing else in the body can reach a
//!   barrier or a wavefront operation: calls go only to functions of this translation unit
//!   that (transitively) satisfy the same, to functions of the HIP device library that do not
//!   synchronise, to `std::` functions, or are constructor/cast syntax of known types;
//! - the body has no lambdas, `goto`, labels, `try`, preprocessor lines, inline assembly,
//!   local type definitions, `static` locals or chevron launches;
//! - top-level declarations are simple (`T a = x, *b;`), so that a variable that one phase
//!   declares and a later one uses can be kept per work-item (its type is written out); such
//!   a variable must not be a reference, an array, `auto`, or have its address taken;
//! - a parameter that the body may change (assigned, incremented, address taken, passed to a
//!   function of this unit, or a member of it used) gets a per-work-item copy, as each
//!   work-item has its own parameters.
//!
//! `__shared__` and `constexpr` declarations are repeated at the top of the split version
//! (shared memory is per group, so the split version's own variable is equivalent).

use crate::lexer::{tokenize, Token, TokenKind};

use coop::Coop;
use emit::split_body;
use statements::{is_split_sync, Splitter};
use tokens::{matching, text};
pub use unit::{Param, Unit};

mod changes;
mod coop;
mod emit;
mod inline;
mod ir;
mod lowering;
mod names;
mod statements;
mod tokens;
mod unit;

/// Why a body cannot be split (for tests and `-v` diagnostics).
type Why = &'static str;

/// A kernel's split version ([`split_kernel`]).
#[derive(Debug)]
pub struct Split {
    /// What hipcc inserts after the `{` of the body.
    pub text: String,
    /// The device functions inlined (one name per call).
    pub inlined: Vec<String>,
    /// Whether it was split at barriers or wavefront operations (else only at stride loops).
    pub barriers: bool,
}

/// The text hipcc inserts after the `{` of the kernel body `toks[open..=close]`, or why the
/// kernel is left alone. `file` is the escaped file name of the `#line` directives. The
/// device functions of the unit that the kernel calls and that synchronise are inlined into
/// the split version first ([`inline`]).
#[allow(clippy::too_many_arguments)]
pub fn split_kernel(
    src: &str,
    toks: &[Token],
    unit: &Unit,
    open: usize,
    close: usize,
    params: &[Param],
    template_params: &[String],
    file: &str,
) -> Result<Split, Why> {
    let split = |src: &str, toks: &[Token], unit: &Unit, close: usize, inlined: Vec<String>| {
        let none = Coop::default();
        let coop = Coop::scan(
            &Splitter {
                src,
                toks,
                unit,
                template_params,
                coop: &none,
            },
            open,
            close,
        )?;
        let sp = Splitter {
            src,
            toks,
            unit,
            template_params,
            coop: &coop,
        };
        let (text, barriers) = split_checked(&sp, open, close, params, file)?;
        Ok(Split {
            text,
            inlined,
            barriers,
        })
    };
    if let Some((isrc, inlined)) = inline::inline_helpers(src, toks, open, params) {
        let itoks = tokenize(&isrc);
        let iunit = Unit::scan(&isrc, &itoks);
        if let Some(iclose) = matching(&isrc, &itoks, open) {
            return split(&isrc, &itoks, &iunit, iclose, inlined);
        }
    }
    split(src, toks, unit, close, Vec::new())
}

/// The split text of the body `open..close` and whether it has barriers or wavefront
/// operations (else it was split only at stride loops).
fn split_checked(
    sp: &Splitter<'_>,
    open: usize,
    close: usize,
    params: &[Param],
    file: &str,
) -> Result<(String, bool), Why> {
    let (src, toks) = (sp.src, sp.toks);
    // Barriers, wavefront operations and cooperative groups' `sync` statements.
    let sync_words = (open + 1..close)
        .filter(|&k| toks[k].kind == TokenKind::Ident && is_split_sync(text(src, toks, k)))
        .count()
        + sp.coop.syncs.len();
    if sync_words == 0 {
        // Without barriers only a stride loop makes the split worth it (`split_body` says "no
        // barrier" when none qualifies); whatever else stops the split of such a kernel is no
        // news (it runs as before).
        if !(open + 1..close).any(|k| text(src, toks, k) == "for") {
            return Err("no barrier");
        }
        return split_body(sp, open, close, params, file, 0)
            .map(|t| (t, false))
            .map_err(|_| "no barrier");
    }
    split_body(sp, open, close, params, file, sync_words).map(|t| (t, true))
}

#[cfg(test)]
mod tests;
