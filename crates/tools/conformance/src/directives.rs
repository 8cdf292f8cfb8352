//! The directive block of a conformance program: the `//` comment lines at its top (blank
//! lines allowed) up to the first line of code. A line `// NAME: value` with NAME made of
//! upper-case letters, digits and '-' is a directive; an unknown NAME is an error (a typo must
//! not silently disable a check). The directives are documented in `tests/hip/README.md`.

/// A program's run-time limit when it has no `TIMEOUT` directive, in seconds.
pub const DEFAULT_RUN_TIMEOUT_S: f64 = 60.0;

/// The directive names, in the order `tests/hip/README.md` lists them.
pub const KNOWN_DIRECTIVES: &[&str] = &[
    "HIPCC-FLAGS",
    "GENCO",
    "ENV",
    "EXPECT-EXIT",
    "EXPECT-STDOUT",
    "EXPECT-OUTPUT",
    "INCLUDE-DIR",
    "TIMEOUT",
];

/// `EXPECT-EXIT`: the exit status a program must end with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExpectExit {
    /// Exit code 0 and `PASS` as the last stdout line (the default).
    Zero,
    /// Any non-zero exit code, or death by a signal.
    NonZero,
    /// This exit code.
    Code(i32),
}

/// The parsed directives of one program.
#[derive(Debug, Clone, PartialEq)]
pub struct Directives {
    /// `HIPCC-FLAGS`: extra hipcc arguments, after the source.
    pub hipcc_flags: Vec<String>,
    /// `GENCO`: `<name>.kernel.hip` files of `tests/hip` built with `--genco`; their paths are
    /// the first arguments of the program.
    pub genco: Vec<String>,
    /// `ENV`: environment variables of the run.
    pub env: Vec<(String, String)>,
    /// `EXPECT-EXIT`.
    pub expect_exit: ExpectExit,
    /// `EXPECT-STDOUT`: exact (trimmed) stdout lines.
    pub expect_stdout: Vec<String>,
    /// `EXPECT-OUTPUT`: substrings of stdout or stderr.
    pub expect_output: Vec<String>,
    /// `INCLUDE-DIR`: pass `tests/hip/include` after the GENCO paths.
    pub include_dir: bool,
    /// `TIMEOUT`: the run-time limit in seconds.
    pub timeout_s: f64,
}

impl Default for Directives {
    fn default() -> Directives {
        Directives {
            hipcc_flags: Vec::new(),
            genco: Vec::new(),
            env: Vec::new(),
            expect_exit: ExpectExit::Zero,
            expect_stdout: Vec::new(),
            expect_output: Vec::new(),
            include_dir: false,
            timeout_s: DEFAULT_RUN_TIMEOUT_S,
        }
    }
}

/// Parses the directive block of a program's text; the error names the line and the problem.
pub fn parse_directives(text: &str) -> Result<Directives, String> {
    let mut d = Directives::default();
    for (lineno, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let Some(comment) = line.strip_prefix("//") else {
            break;
        };
        let comment = comment.trim();
        let Some((key, value)) = comment.split_once(':') else {
            continue;
        };
        let key = key.trim();
        let is_directive_shape = !key.is_empty()
            && key
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-')
            && key.chars().next().is_some_and(|c| c.is_ascii_uppercase());
        if !is_directive_shape {
            continue;
        }
        let value = value.trim();
        let at = lineno + 1;
        match key {
            "HIPCC-FLAGS" => d
                .hipcc_flags
                .extend(value.split_whitespace().map(str::to_string)),
            "GENCO" => {
                if value.is_empty() || value.contains('/') || !value.ends_with(".kernel.hip") {
                    return Err(format!(
                        "line {at}: GENCO wants a file name `<name>.kernel.hip` in tests/hip, got `{value}`"
                    ));
                }
                d.genco.push(value.to_string());
            }
            "ENV" => {
                let Some((k, v)) = value.split_once('=') else {
                    return Err(format!("line {at}: ENV wants NAME=VALUE, got `{value}`"));
                };
                d.env.push((k.trim().to_string(), v.trim().to_string()));
            }
            "EXPECT-EXIT" => {
                d.expect_exit = match value {
                    "0" => ExpectExit::Zero,
                    "nonzero" | "non-zero" => ExpectExit::NonZero,
                    other => match other.parse::<i32>() {
                        Ok(c) => ExpectExit::Code(c),
                        Err(_) => {
                            return Err(format!(
                                "line {at}: EXPECT-EXIT wants 0, nonzero or a number, got `{value}`"
                            ))
                        }
                    },
                }
            }
            "EXPECT-STDOUT" => {
                if value.is_empty() {
                    return Err(format!("line {at}: empty EXPECT-STDOUT"));
                }
                d.expect_stdout.push(value.to_string());
            }
            "EXPECT-OUTPUT" => {
                if value.is_empty() {
                    return Err(format!("line {at}: empty EXPECT-OUTPUT"));
                }
                d.expect_output.push(value.to_string());
            }
            "INCLUDE-DIR" => d.include_dir = true,
            "TIMEOUT" => {
                d.timeout_s = match value.parse::<f64>() {
                    Ok(t) if t > 0.0 => t,
                    _ => {
                        return Err(format!(
                            "line {at}: TIMEOUT wants a positive number of seconds, got `{value}`"
                        ))
                    }
                }
            }
            other => {
                return Err(format!(
                    "line {at}: unknown directive `{other}` (known: {})",
                    KNOWN_DIRECTIVES.join(", ")
                ))
            }
        }
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_directives() {
        let d = parse_directives(
            "// HIPCC-FLAGS: -lhiprtc -DX=1\n// GENCO: mod.kernel.hip\n//\n// ENV: A=b=c\n\
             // EXPECT-EXIT: nonzero\n// EXPECT-STDOUT: hello 1\n// INCLUDE-DIR:\n\
             // TIMEOUT: 90\n// plain comment: not a directive\n#include <x>\n// ENV: LATE=1\n",
        )
        .expect("valid directives");
        assert_eq!(d.hipcc_flags, vec!["-lhiprtc", "-DX=1"]);
        assert_eq!(d.genco, vec!["mod.kernel.hip"]);
        assert_eq!(d.env, vec![("A".to_string(), "b=c".to_string())]);
        assert_eq!(d.expect_exit, ExpectExit::NonZero);
        assert_eq!(d.expect_stdout, vec!["hello 1"]);
        assert!(d.include_dir);
        assert_eq!(d.timeout_s, 90.0);
    }

    #[test]
    fn defaults_without_directives() {
        let d = parse_directives("// A comment.\n#include <hip/hip_runtime.h>\n").expect("valid");
        assert_eq!(d, Directives::default());
        assert_eq!(d.timeout_s, DEFAULT_RUN_TIMEOUT_S);
    }

    #[test]
    fn bad_directives_are_errors() {
        for bad in [
            "// EXPECT-STDOUTT: x\n",
            "// GENCO: x.hip\n",
            "// GENCO: dir/x.kernel.hip\n",
            "// ENV: NOVALUE\n",
            "// EXPECT-EXIT: maybe\n",
            "// EXPECT-STDOUT:\n",
            "// EXPECT-OUTPUT:\n",
            "// TIMEOUT: -1\n",
            "// TIMEOUT: soon\n",
        ] {
            let e = parse_directives(bad).expect_err(bad);
            assert!(e.starts_with("line 1: "), "{bad}: {e}");
        }
        assert_eq!(
            parse_directives("// EXPECT-EXIT: 3\n").map(|d| d.expect_exit),
            Ok(ExpectExit::Code(3))
        );
    }
}
