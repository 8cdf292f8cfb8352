//! A small C/C++ lexer with exact source spans, shared by hipcc's source rewriter and hipify.
//!
//! It understands comments, string and character literals (with the `u8`/`L`/`u`/`U`
//! prefixes and raw strings `R"d(...)d"`), pp-numbers (digit separators included),
//! preprocessor directives (one token per directive, line continuations and comments inside
//! included) and backslash-newline continuations in ordinary code. Punctuation is one token per
//! character, except `::`; the rewriter recognises `<<<` and `>>>` as three adjacent `<` or `>`
//! tokens, so `a<b<c>>>` and the chevrons need no separate lexing rules. Digraphs and trigraphs
//! are not supported (C++17 removed trigraphs; digraphs are practically unused).
//!
//! Tokens record byte ranges into the source, so a rewrite can copy everything it does not
//! change byte for byte.
//!
//! [`tokenize`] is what a compiler-side rewriter wants: comments are dropped and each directive
//! is one token. [`tokenize_with`] can keep comments as [`TokenKind::Comment`] tokens (a
//! translator that must never touch them, like hipify, sees where they are) and can lex a
//! directive's body as ordinary code (no `#` starts a directive).

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// An identifier or keyword.
    Ident,
    /// A pp-number (`42`, `0x1p-3f`, `1'000`).
    Number,
    /// A string literal, raw or not, with its prefix and any ud-suffix.
    Str,
    /// A character literal, with its prefix.
    Char,
    /// One punctuation character, or `::`.
    Punct,
    /// A whole preprocessor directive line (with its continuations).
    Directive,
    /// A `//` or `/* */` comment (only with [`Options::comments`]).
    Comment,
}

/// A token: its kind and byte range in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Byte offset of its first byte.
    pub start: usize,
    /// Byte offset one past its last byte.
    pub end: usize,
}

impl Token {
    /// The token's text.
    pub fn text<'a>(&self, src: &'a str) -> &'a str {
        src.get(self.start..self.end).unwrap_or("")
    }
}

/// What [`tokenize_with`] produces besides code tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Comments become [`TokenKind::Comment`] tokens (otherwise they are skipped).
    pub comments: bool,
    /// A `#` first on a line starts a [`TokenKind::Directive`] token (otherwise it is
    /// punctuation: lexing a directive's body, where `#` stringizes).
    pub directives: bool,
}

impl Default for Options {
    /// What [`tokenize`] uses: no comment tokens, directives recognised.
    fn default() -> Self {
        Options {
            comments: false,
            directives: true,
        }
    }
}

/// Splits `src` into tokens. Never fails: malformed input (an unterminated string or comment)
/// ends the token at the end of the line or of the file, the way a compiler would recover.
pub fn tokenize(src: &str) -> Vec<Token> {
    tokenize_with(src, Options::default())
}

/// [`tokenize`] with a choice of what to keep (see [`Options`]). Code tokens are the same
/// whatever the options, except that with `directives: false` a directive's text is lexed as
/// code.
pub fn tokenize_with(src: &str, options: Options) -> Vec<Token> {
    Lexer {
        b: src.as_bytes(),
        i: 0,
        line_start: true,
        options,
        out: Vec::with_capacity(src.len() / 4),
    }
    .run()
}

struct Lexer<'a> {
    b: &'a [u8],
    i: usize,
    /// Only whitespace and comments since the last newline (a `#` here starts a directive).
    line_start: bool,
    options: Options,
    out: Vec<Token>,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'$' || c >= 0x80
}

fn is_ident_continue(c: u8) -> bool {
    is_ident_start(c) || c.is_ascii_digit()
}

impl Lexer<'_> {
    fn peek(&self, k: usize) -> u8 {
        self.b.get(self.i + k).copied().unwrap_or(0)
    }

    /// Length of a backslash-newline at `i` (`\` + optional `\r` + `\n`), or 0.
    fn continuation_at(&self, i: usize) -> usize {
        if self.b.get(i) != Some(&b'\\') {
            return 0;
        }
        match (self.b.get(i + 1), self.b.get(i + 2)) {
            (Some(b'\n'), _) => 2,
            (Some(b'\r'), Some(b'\n')) => 3,
            _ => 0,
        }
    }

    fn push(&mut self, kind: TokenKind, start: usize) {
        self.out.push(Token {
            kind,
            start,
            end: self.i,
        });
        self.line_start = false;
    }

    fn run(mut self) -> Vec<Token> {
        while self.i < self.b.len() {
            let c = self.b[self.i];
            match c {
                b'\n' => {
                    self.i += 1;
                    self.line_start = true;
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => self.i += 1,
                b'\\' if self.continuation_at(self.i) > 0 => {
                    self.i += self.continuation_at(self.i);
                }
                b'/' if self.peek(1) == b'/' => {
                    let start = self.i;
                    self.skip_line_comment();
                    self.comment(start);
                }
                b'/' if self.peek(1) == b'*' => {
                    let start = self.i;
                    self.skip_block_comment();
                    self.comment(start);
                }
                b'#' if self.line_start && self.options.directives => self.directive(),
                b'"' => {
                    let start = self.i;
                    self.quoted(b'"');
                    self.ud_suffix();
                    self.push(TokenKind::Str, start);
                }
                b'\'' => {
                    let start = self.i;
                    self.quoted(b'\'');
                    self.ud_suffix();
                    self.push(TokenKind::Char, start);
                }
                b'0'..=b'9' => self.number(),
                b'.' if self.peek(1).is_ascii_digit() => self.number(),
                _ if is_ident_start(c) => self.ident_or_literal(),
                b':' if self.peek(1) == b':' => {
                    let start = self.i;
                    self.i += 2;
                    self.push(TokenKind::Punct, start);
                }
                _ => {
                    let start = self.i;
                    self.i += 1;
                    self.push(TokenKind::Punct, start);
                }
            }
        }
        self.out
    }

    /// Records the comment that started at `start`, if comments are kept. A comment leaves
    /// `line_start` as it was: `/* c */ #define` is a directive.
    fn comment(&mut self, start: usize) {
        if self.options.comments {
            self.out.push(Token {
                kind: TokenKind::Comment,
                start,
                end: self.i,
            });
        }
    }

    /// Skips `// ...` up to (not including) the newline; a backslash-newline continues it.
    fn skip_line_comment(&mut self) {
        while self.i < self.b.len() {
            let n = self.continuation_at(self.i);
            if n > 0 {
                self.i += n;
                continue;
            }
            if self.b[self.i] == b'\n' {
                return;
            }
            self.i += 1;
        }
    }

    fn skip_block_comment(&mut self) {
        self.i += 2;
        while self.i < self.b.len() {
            if self.b[self.i] == b'*' && self.peek(1) == b'/' {
                self.i += 2;
                return;
            }
            self.i += 1;
        }
    }

    /// A quoted literal starting at `self.i` (the opening quote); stops after the closing
    /// quote, or before an unescaped newline if it is unterminated.
    fn quoted(&mut self, quote: u8) {
        self.i += 1;
        while self.i < self.b.len() {
            let c = self.b[self.i];
            if c == b'\\' {
                self.i += 2;
                continue;
            }
            if c == b'\n' {
                return;
            }
            self.i += 1;
            if c == quote {
                return;
            }
        }
        self.i = self.i.min(self.b.len());
    }

    /// A raw string: `self.i` is at the `"` after the `R`.
    fn raw_string(&mut self) {
        let open = self.i + 1;
        let mut j = open;
        while j < self.b.len() && j - open <= 16 {
            match self.b[j] {
                b'(' => break,
                b')' | b'\\' | b' ' | b'\t' | b'\n' | b'"' => {
                    // Not a valid raw-string delimiter: lex it as an ordinary string.
                    self.quoted(b'"');
                    return;
                }
                _ => j += 1,
            }
        }
        if j >= self.b.len() || self.b[j] != b'(' {
            self.quoted(b'"');
            return;
        }
        let delim = &self.b[open..j];
        let mut k = j + 1;
        while k < self.b.len() {
            if self.b[k] == b')'
                && self.b[k + 1..].starts_with(delim)
                && self.b.get(k + 1 + delim.len()) == Some(&b'"')
            {
                self.i = k + delim.len() + 2;
                return;
            }
            k += 1;
        }
        self.i = self.b.len();
    }

    /// An identifier right after a literal is its user-defined suffix (`"abc"s`, `'x'_c`).
    fn ud_suffix(&mut self) {
        if self.i < self.b.len() && is_ident_start(self.b[self.i]) {
            while self.i < self.b.len() && is_ident_continue(self.b[self.i]) {
                self.i += 1;
            }
        }
    }

    fn number(&mut self) {
        let start = self.i;
        self.i += 1;
        while self.i < self.b.len() {
            let c = self.b[self.i];
            if (c == b'+' || c == b'-') && matches!(self.b[self.i - 1], b'e' | b'E' | b'p' | b'P') {
                self.i += 1;
            } else if c == b'\''
                && self.i + 1 < self.b.len()
                && is_ident_continue(self.b[self.i + 1])
            {
                self.i += 2; // digit separator
            } else if is_ident_continue(c) || c == b'.' {
                self.i += 1;
            } else {
                break;
            }
        }
        self.push(TokenKind::Number, start);
    }

    fn ident_or_literal(&mut self) {
        let start = self.i;
        while self.i < self.b.len() && is_ident_continue(self.b[self.i]) {
            self.i += 1;
        }
        let word = &self.b[start..self.i];
        let next = self.b.get(self.i).copied().unwrap_or(0);
        let string_prefix = matches!(word, b"u8" | b"u" | b"U" | b"L");
        let raw_prefix = matches!(word, b"R" | b"u8R" | b"uR" | b"UR" | b"LR");
        if next == b'"' && raw_prefix {
            self.raw_string();
            self.ud_suffix();
            self.push(TokenKind::Str, start);
        } else if next == b'"' && string_prefix {
            self.quoted(b'"');
            self.ud_suffix();
            self.push(TokenKind::Str, start);
        } else if next == b'\'' && string_prefix {
            self.quoted(b'\'');
            self.ud_suffix();
            self.push(TokenKind::Char, start);
        } else {
            self.push(TokenKind::Ident, start);
        }
    }

    /// A directive from `#` to the end of its (continued) line. Comments inside are part of
    /// it; a block comment may span lines.
    fn directive(&mut self) {
        let start = self.i;
        self.i += 1;
        while self.i < self.b.len() {
            let n = self.continuation_at(self.i);
            if n > 0 {
                self.i += n;
                continue;
            }
            match self.b[self.i] {
                b'\n' => break,
                b'/' if self.peek(1) == b'*' => self.skip_block_comment(),
                b'/' if self.peek(1) == b'/' => self.skip_line_comment(),
                b'"' => self.quoted(b'"'),
                b'\'' => self.quoted(b'\''),
                _ => self.i += 1,
            }
        }
        // Trailing whitespace (a `\r`) is not part of the directive's text.
        let mut end = self.i;
        while end > start && matches!(self.b[end - 1], b'\r' | b' ' | b'\t') {
            end -= 1;
        }
        self.out.push(Token {
            kind: TokenKind::Directive,
            start,
            end,
        });
        self.line_start = false;
    }
}

/// Name of a directive token's directive (`"include"`, `"if"`...), or `""` for a null directive.
pub fn directive_name(text: &str) -> &str {
    let rest = text.trim_start_matches('#').trim_start();
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    &rest[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<(TokenKind, &str)> {
        tokenize(src)
            .into_iter()
            .map(|t| (t.kind, t.text(src)))
            .collect()
    }

    fn words(src: &str) -> Vec<&str> {
        tokenize(src).into_iter().map(|t| t.text(src)).collect()
    }

    #[test]
    fn identifiers_numbers_and_punctuation() {
        assert_eq!(
            words("a::b<<<1, 2.5e-3f>>>(x_1);"),
            [
                "a", "::", "b", "<", "<", "<", "1", ",", "2.5e-3f", ">", ">", ">", "(", "x_1", ")",
                ";"
            ]
        );
        assert_eq!(words("1'000'000 + 0x1p+3"), ["1'000'000", "+", "0x1p+3"]);
        assert_eq!(words(".5f"), [".5f"]);
    }

    #[test]
    fn comments_are_skipped() {
        assert_eq!(words("a /* <<< */ b // >>> c\nd"), ["a", "b", "d"]);
        assert_eq!(words("a // line \\\n continued\nb"), ["a", "b"]);
        assert_eq!(words("a /* unterminated"), ["a"]);
    }

    #[test]
    fn strings_and_chars() {
        let t = texts(r#"x = "a<<<b\"c" + 'q' + u8"s" + L'w' + U"u" + "lit"sv;"#);
        let lits: Vec<_> = t
            .iter()
            .filter(|(k, _)| matches!(k, TokenKind::Str | TokenKind::Char))
            .map(|(_, s)| *s)
            .collect();
        assert_eq!(
            lits,
            [
                r#""a<<<b\"c""#,
                "'q'",
                r#"u8"s""#,
                "L'w'",
                r#"U"u""#,
                r#""lit"sv"#
            ]
        );
        assert_eq!(words("'\\''"), ["'\\''"]);
    }

    #[test]
    fn raw_strings() {
        let src = "a R\"x(quote \" and )\" <<< )x\" b u8R\"(z)\" c";
        assert_eq!(
            words(src),
            [
                "a",
                "R\"x(quote \" and )\" <<< )x\"",
                "b",
                "u8R\"(z)\"",
                "c"
            ]
        );
        // `R` alone is an identifier.
        assert_eq!(words("R + LR"), ["R", "+", "LR"]);
    }

    #[test]
    fn directives_are_single_tokens() {
        let src =
            "#include <a>\n  # define X(a) \\\n   a<<<1,1>>>() /* multi\nline */ more\nint y;\n";
        let t = texts(src);
        assert_eq!(t[0], (TokenKind::Directive, "#include <a>"));
        assert_eq!(t[1].0, TokenKind::Directive);
        assert!(t[1].1.ends_with("more"));
        assert_eq!(
            &t[2..],
            [
                (TokenKind::Ident, "int"),
                (TokenKind::Ident, "y"),
                (TokenKind::Punct, ";")
            ]
        );
        assert_eq!(directive_name(t[1].1), "define");
        // `#` not at the start of a line is punctuation.
        assert_eq!(texts("a # b")[1], (TokenKind::Punct, "#"));
    }

    #[test]
    fn continuation_in_code() {
        assert_eq!(words("a \\\n b"), ["a", "b"]);
    }

    #[test]
    fn crlf_and_utf8() {
        assert_eq!(
            words("é = 1;\r\n#define A\r\nb"),
            ["é", "=", "1", ";", "#define A", "b"]
        );
    }

    fn with(src: &str, comments: bool, directives: bool) -> Vec<(TokenKind, &str)> {
        tokenize_with(
            src,
            Options {
                comments,
                directives,
            },
        )
        .into_iter()
        .map(|t| (t.kind, t.text(src)))
        .collect()
    }

    #[test]
    fn comments_kept_as_tokens() {
        let src = "a /* <<< */ b // >>> c\n/* x */ #define Y\nd";
        assert_eq!(
            with(src, true, true),
            [
                (TokenKind::Ident, "a"),
                (TokenKind::Comment, "/* <<< */"),
                (TokenKind::Ident, "b"),
                (TokenKind::Comment, "// >>> c"),
                (TokenKind::Comment, "/* x */"),
                (TokenKind::Directive, "#define Y"),
                (TokenKind::Ident, "d"),
            ]
        );
        // Code tokens are the same with and without comment tokens.
        let code: Vec<_> = with(src, true, true)
            .into_iter()
            .filter(|(k, _)| *k != TokenKind::Comment)
            .collect();
        assert_eq!(code, texts(src));
    }

    #[test]
    fn directive_body_lexed_as_code() {
        let body = " S(x) #x \\\n  cuda##x /* c */";
        assert_eq!(
            with(body, true, false),
            [
                (TokenKind::Ident, "S"),
                (TokenKind::Punct, "("),
                (TokenKind::Ident, "x"),
                (TokenKind::Punct, ")"),
                (TokenKind::Punct, "#"),
                (TokenKind::Ident, "x"),
                (TokenKind::Ident, "cuda"),
                (TokenKind::Punct, "#"),
                (TokenKind::Punct, "#"),
                (TokenKind::Ident, "x"),
                (TokenKind::Comment, "/* c */"),
            ]
        );
    }

    #[test]
    fn spans_cover_the_source_between_whitespace() {
        // Every byte outside the tokens is whitespace or a line continuation.
        let src = "#include <x.h>\n// c\nint main() { return R\"(a)\"[0] + '\\'' ; } /* e";
        let toks = tokenize_with(
            src,
            Options {
                comments: true,
                directives: true,
            },
        );
        let mut at = 0;
        for t in &toks {
            assert!(src[at..t.start]
                .chars()
                .all(|c| c.is_whitespace() || c == '\\'));
            at = t.end;
        }
        assert_eq!(toks.last().map(|t| t.text(src)), Some("/* e"));
    }
}
