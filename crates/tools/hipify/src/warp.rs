//! Warp-size-sensitive code: CUDA warps have 32 lanes, AMD wavefronts 64. hipify keeps the
//! code and flags it for review: warp primitives (the table's `warp` rows), 32-bit full
//! masks passed to `*_sync` functions (HIP's take a 64-bit mask), and literal 32/31 in a
//! statement about lanes or warps.

use cxx_lexer::TokenKind;

use crate::syntax::Code;
use crate::tables::Tables;

/// Identifiers that make a statement about lanes: a literal 32 or 31 there is likely the warp
/// size.
fn lane_word(name: &str) -> bool {
    if name == "warpSize" {
        return false;
    }
    let lower = name.to_ascii_lowercase();
    name == "threadIdx" || lower.contains("warp") || lower.contains("lane")
}

fn int_value(text: &str) -> Option<u64> {
    let t = text.trim_end_matches(['u', 'U', 'l', 'L']);
    match t.strip_prefix("0x").or(t.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => t.parse().ok(),
    }
}

/// The warning for a warp primitive at token `i`.
pub fn primitive_message(c: &Code, i: usize) -> String {
    let name = c.text(i);
    let mut msg = format!(
        "warp-size-sensitive: {name} (AMD wavefronts have 64 lanes): review lane masks, widths and offsets"
    );
    if name.ends_with("_sync") && c.is(i + 1, "(") {
        let mask = c.toks.get(i + 2).filter(|t| t.kind == TokenKind::Number);
        let full32 = mask.and_then(|t| int_value(t.text(c.src))) == Some(0xffff_ffff);
        if full32 && c.is(i + 3, ",") {
            msg.push_str(
                "; the mask 0xffffffff names 32 lanes, and HIP's *_sync functions take a 64-bit mask",
            );
        }
    }
    if matches!(name, "__ballot" | "__ballot_sync" | "__activemask") {
        msg.push_str("; the result is a 64-bit mask on AMD");
    }
    msg
}

/// A warning if the number at token `i` is 32 or 31 in a statement about lanes or warps.
pub fn hard_coded_warp_size(c: &Code, i: usize, tables: &Tables) -> Option<String> {
    let text = c.text(i);
    if !matches!(int_value(text), Some(32 | 31)) {
        return None;
    }
    let boundary = |j: usize| matches!(c.text(j), ";" | "{" | "}");
    let mut lo = i;
    while lo > 0 && i - lo < 48 && !boundary(lo - 1) {
        lo -= 1;
    }
    let mut hi = i;
    while hi + 1 < c.toks.len() && hi - i < 48 && !boundary(hi + 1) {
        hi += 1;
    }
    let about_lanes = (lo..=hi).any(|j| {
        c.toks[j].kind == TokenKind::Ident && {
            let n = c.text(j);
            lane_word(n) || tables.identifier(n).is_some_and(|m| m.flags.warp)
        }
    });
    about_lanes
        .then(|| format!("hard-coded warp size {text}? AMD wavefronts have 64 lanes: use warpSize"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cxx_lexer::tokenize;

    fn flagged(src: &str) -> Vec<String> {
        let toks = tokenize(src);
        let c = Code { src, toks: &toks };
        (0..toks.len())
            .filter(|&i| toks[i].kind == TokenKind::Number)
            .filter_map(|i| hard_coded_warp_size(&c, i, Tables::builtin()))
            .collect()
    }

    #[test]
    fn literal_warp_sizes() {
        assert_eq!(flagged("int lane = threadIdx.x % 32;").len(), 1);
        assert_eq!(flagged("int w = tid / 32; int laneId = tid & 31;").len(), 1);
        assert_eq!(flagged("v += __shfl_down_sync(m, v, o, 32);").len(), 1);
        assert!(flagged("float buf[32]; int n = 32;").is_empty());
        assert!(flagged("int lane = threadIdx.x % warpSize;").is_empty());
    }

    #[test]
    fn masks() {
        let src = "__shfl_down_sync(0xffffffff, v, 1)";
        let toks = tokenize(src);
        let c = Code { src, toks: &toks };
        assert!(primitive_message(&c, 0).contains("64-bit mask"));
        let src = "__shfl_down_sync(mask, v, 1)";
        let toks = tokenize(src);
        let c = Code { src, toks: &toks };
        assert!(!primitive_message(&c, 0).contains("0xffffffff"));
    }
}
