//! Token-level structure the translator needs: bracket matching, call arguments and CUDA's
//! `<<<...>>>` kernel launches. Token slices here never contain comments or directives.

use cxx_lexer::{Token, TokenKind};

/// A view of a token slice and its source.
#[derive(Clone, Copy)]
pub struct Code<'a> {
    pub src: &'a str,
    pub toks: &'a [Token],
}

/// A range of tokens `first..=last`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub first: usize,
    pub last: usize,
}

/// A `callee<<<config>>>(args)` launch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Launch {
    /// The first token of the kernel expression (`ns::kernel<T>`, `(*fp)`).
    pub callee_first: usize,
    /// The last token of the kernel expression (the token before `<<<`).
    pub callee_last: usize,
    /// Whether the kernel expression ends in template arguments.
    pub templated: bool,
    /// The configuration arguments (grid, block, shared memory, stream).
    pub config: Vec<Span>,
    /// The index of the first `>` of `>>>`.
    pub close: usize,
    /// The index of the `(` of the call.
    pub lparen: usize,
    /// The index of the `)` of the call.
    pub rparen: usize,
}

impl<'a> Code<'a> {
    pub fn text(&self, i: usize) -> &'a str {
        self.toks.get(i).map_or("", |t| t.text(self.src))
    }

    pub fn is(&self, i: usize, s: &str) -> bool {
        self.toks
            .get(i)
            .is_some_and(|t| t.kind == TokenKind::Punct && t.text(self.src) == s)
    }

    pub fn is_ident(&self, i: usize) -> bool {
        self.toks.get(i).is_some_and(|t| t.kind == TokenKind::Ident)
    }

    /// Whether tokens `i`, `i+1`, `i+2` are `c`, `c`, `c` with nothing between them.
    pub fn triple(&self, i: usize, c: &str) -> bool {
        self.is(i, c)
            && self.is(i + 1, c)
            && self.is(i + 2, c)
            && self.toks[i].end == self.toks[i + 1].start
            && self.toks[i + 1].end == self.toks[i + 2].start
    }

    /// The index of the bracket closing the one at `open` (`(`, `[` or `{`), counting all
    /// three kinds.
    pub fn closing(&self, open: usize) -> Option<usize> {
        let mut depth = 0usize;
        for i in open..self.toks.len() {
            match self.text(i) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(i);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// The index of the bracket opening the one at `close`: `(`, `[` or `{` for a closing
    /// bracket (all three kinds counted), `<` for a `>` closing template arguments (angles
    /// counted outside parentheses; a `;`, `{` or `}` on the way means it was no template).
    pub fn opening(&self, close: usize) -> Option<usize> {
        let angle = self.is(close, ">");
        // Without angles, only brackets of the closing one's kind count.
        let (open_kind, close_kind) = match self.text(close) {
            ")" => ("(", ")"),
            "]" => ("[", "]"),
            "}" => ("{", "}"),
            _ => ("", ""),
        };
        let mut depth = 0usize;
        let mut parens = 0usize;
        let mut i = close;
        loop {
            let t = self.text(i);
            if !angle && (t == "(" || t == "[" || t == "{" || t == ")" || t == "]" || t == "}") {
                if t == close_kind {
                    depth += 1;
                } else if t == open_kind {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(i);
                    }
                }
                i = i.checked_sub(1)?;
                continue;
            }
            match (angle, t) {
                (true, ">") if parens == 0 => depth += 1,
                (true, "<") if parens == 0 => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(i);
                    }
                }
                (true, ")" | "]") => parens += 1,
                (true, "(" | "[") => parens = parens.checked_sub(1)?,
                (true, ";" | "{" | "}") => return None,
                _ => {}
            }
            i = i.checked_sub(1)?;
        }
    }

    /// If the `<` at `open` follows a name and opens template arguments, the index of the `>`
    /// closing them: nested angles and brackets are counted, and a `;`, `{`, `}`, `&&`, `||`
    /// or an unbalanced closing bracket on the way means `<` was a comparison.
    pub fn template_close(&self, open: usize) -> Option<usize> {
        if open == 0 || !self.is_ident(open - 1) || !self.is(open, "<") {
            return None;
        }
        let mut angles = 0usize;
        let mut brackets = 0usize;
        for i in open..self.toks.len() {
            match self.text(i) {
                "<" if brackets == 0 => angles += 1,
                ">" if brackets == 0 => {
                    angles -= 1;
                    if angles == 0 {
                        return Some(i);
                    }
                }
                "(" | "[" => brackets += 1,
                ")" | "]" => brackets = brackets.checked_sub(1)?,
                ";" | "{" | "}" => return None,
                "&" | "|" if self.text(i + 1) == self.text(i) && brackets == 0 => return None,
                _ => {}
            }
        }
        None
    }

    /// The arguments of the call whose `(` is at `lparen` and `)` at `rparen`: spans
    /// separated by top-level commas, commas inside template arguments (`f<A, B>`) excepted
    /// (an empty list for `()`).
    pub fn arguments(&self, lparen: usize, rparen: usize) -> Vec<Span> {
        let mut out = Vec::new();
        if rparen <= lparen + 1 {
            return out;
        }
        let mut depth = 0usize;
        let mut first = lparen + 1;
        let mut skip_to = 0;
        for i in lparen + 1..rparen {
            if i < skip_to {
                continue;
            }
            if let Some(close) = self.template_close(i).filter(|&c| c < rparen) {
                skip_to = close + 1;
                continue;
            }
            match self.text(i) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => depth = depth.saturating_sub(1),
                "," if depth == 0 => {
                    out.push(Span {
                        first,
                        last: i.saturating_sub(1).max(first),
                    });
                    first = i + 1;
                }
                _ => {}
            }
        }
        out.push(Span {
            first,
            last: (rparen - 1).max(first),
        });
        out
    }

    /// The launch whose `<<<` starts at token `open` (`open`..`open+2` are `<<<`).
    pub fn launch(&self, open: usize) -> Option<Launch> {
        // The kernel expression, backwards from the chevrons.
        let callee_last = open.checked_sub(1)?;
        let mut first = callee_last;
        let mut templated = false;
        if self.is(callee_last, ")") {
            first = self.opening(callee_last)?;
        } else {
            if self.is(callee_last, ">") {
                first = self.opening(callee_last)?.checked_sub(1)?;
                templated = true;
            }
            if !self.is_ident(first) {
                return None;
            }
            // Qualifiers: `ns::`, `::`, `Outer<T>::`.
            while first >= 1 && self.is(first - 1, "::") {
                if first >= 2 && self.is_ident(first - 2) {
                    first -= 2;
                } else {
                    first -= 1;
                    break;
                }
            }
        }
        // `obj.k<<<` / `obj->k<<<`: not a kernel name hipify can move into a macro call.
        if first > 0 && (self.is(first - 1, ".") || self.is(first - 1, ">")) {
            return None;
        }
        // The configuration, up to `>>>` at depth 0.
        let mut config = Vec::new();
        let mut depth = 0usize;
        let mut arg_first = open + 3;
        let mut i = open + 3;
        let close = loop {
            if i >= self.toks.len() {
                return None;
            }
            if let Some(c) = self.template_close(i) {
                i = c + 1;
                continue;
            }
            match self.text(i) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => depth = depth.checked_sub(1)?,
                ";" => return None,
                "," if depth == 0 => {
                    if i == arg_first {
                        return None;
                    }
                    config.push(Span {
                        first: arg_first,
                        last: i - 1,
                    });
                    arg_first = i + 1;
                }
                ">" if depth == 0 && self.triple(i, ">") => break i,
                _ => {}
            }
            i += 1;
        };
        if close == arg_first {
            return None;
        }
        config.push(Span {
            first: arg_first,
            last: close - 1,
        });
        let lparen = close + 3;
        if !self.is(lparen, "(") {
            return None;
        }
        let rparen = self.closing(lparen)?;
        Some(Launch {
            callee_first: first,
            callee_last,
            templated,
            config,
            close,
            lparen,
            rparen,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cxx_lexer::tokenize;

    fn launch(src: &str) -> Option<(String, Vec<String>, String)> {
        let toks = tokenize(src);
        let c = Code { src, toks: &toks };
        let open = (0..toks.len()).find(|&i| c.triple(i, "<"))?;
        let l = c.launch(open)?;
        let span = |s: Span| src[toks[s.first].start..toks[s.last].end].to_string();
        let callee = span(Span {
            first: l.callee_first,
            last: l.callee_last,
        });
        let args = c
            .arguments(l.lparen, l.rparen)
            .into_iter()
            .map(span)
            .collect::<Vec<_>>()
            .join("|");
        Some((callee, l.config.into_iter().map(span).collect(), args))
    }

    #[test]
    fn launches() {
        let (k, cfg, args) = launch("k<<<g, b>>>(x, y);").expect("launch");
        assert_eq!((k.as_str(), args.as_str()), ("k", "x|y"));
        assert_eq!(cfg, ["g", "b"]);
        let (k, cfg, args) =
            launch("ns::k<T, U<V>><<<dim3(n, 1), 256, sizeof(float) * 256, s>>>(f(a, b), c);")
                .expect("launch");
        assert_eq!(k, "ns::k<T, U<V>>");
        assert_eq!(cfg, ["dim3(n, 1)", "256", "sizeof(float) * 256", "s"]);
        assert_eq!(args, "f(a, b)|c");
        let (k, _, args) = launch("(*fp)<<<1, 1>>>();").expect("launch");
        assert_eq!((k.as_str(), args.as_str()), ("(*fp)", ""));
        let (_, cfg, _) = launch("k<<<n >> 1, (a > b ? a : b)>>>(z);").expect("launch");
        assert_eq!(cfg, ["n >> 1", "(a > b ? a : b)"]);
        let (_, cfg, args) =
            launch("k<<<grid<A, B>(n), 64>>>(f<int, 2>(a), b < c, d > e);").expect("launch");
        assert_eq!(cfg, ["grid<A, B>(n)", "64"]);
        // `b < c, d > e` is one template-id to a parser that does not know whether `b` names a
        // template (C++ decides by name lookup); hipify reads it as one.
        assert_eq!(args, "f<int, 2>(a)|b < c, d > e");
        assert!(launch("a <<< b;").is_none());
        assert!(launch("k<<<>>>();").is_none());
    }
}
