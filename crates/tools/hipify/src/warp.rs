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

/// A warning if the number at token `i` is 32 or 31 in a statement about lanes or warps, used
/// the way a warp size is: beside `%`, `/`, `&`, a comparison or an assignment
/// (`threadIdx.x % 32`, `lane < 32`, `warp_size = 32`), or as an argument of a warp primitive
/// (a shuffle width). A tile size (`blockIdx.y * 32 + threadIdx.y`, `float tile[32]`) is not.
pub fn hard_coded_warp_size(c: &Code, i: usize, tables: &Tables) -> Option<String> {
    let text = c.text(i);
    if !matches!(int_value(text), Some(32 | 31)) {
        return None;
    }
    let warp_op = |s: &str| matches!(s, "%" | "/" | "&" | "<" | ">" | "=" | "!");
    let prev = if i > 0 { c.text(i - 1) } else { "" };
    let operand = warp_op(prev) || warp_op(c.text(i + 1));
    let argument = prev == ",";
    if !operand && !argument {
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
    let primitive = |n: &str| tables.identifier(n).is_some_and(|m| m.flags.warp);
    let idents = || (lo..=hi).filter(|&j| c.toks[j].kind == TokenKind::Ident);
    let about_lanes = if operand {
        idents().any(|j| lane_word(c.text(j)) || primitive(c.text(j)))
    } else {
        idents().any(|j| primitive(c.text(j)))
    };
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
        // A 32x32 tile is no warp.
        assert!(flagged(
            "tile[threadIdx.y][threadIdx.x] = in[(blockIdx.y * 32 + threadIdx.y) * n + 32];"
        )
        .is_empty());
        assert_eq!(flagged("if (threadIdx.x < 32) s[lane] = 0;").len(), 1);
        assert_eq!(flagged("const int warp_size = 32;").len(), 1);
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
