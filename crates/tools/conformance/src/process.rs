//! Running a command under a time limit with its output in files, and describing the result.

use std::fs;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// How a command ended.
#[derive(Debug)]
pub struct Outcome {
    /// Its exit status (`None` if it could not be collected after a kill).
    pub status: Option<ExitStatus>,
    /// Whether it ran past its limit and was killed.
    pub timed_out: bool,
    /// What it wrote to stdout.
    pub stdout: String,
    /// What it wrote to stderr.
    pub stderr: String,
    /// How long it ran.
    pub elapsed: Duration,
}

impl Outcome {
    /// Whether it exited with code 0 in time.
    pub fn success(&self) -> bool {
        !self.timed_out && self.status.is_some_and(|s| s.success())
    }

    /// "exit code 3", "killed by signal 6", "timed out after 60.0 s (killed)".
    pub fn describe(&self) -> String {
        if self.timed_out {
            return format!(
                "timed out after {:.1} s (killed)",
                self.elapsed.as_secs_f64()
            );
        }
        match self.status {
            Some(s) => {
                if let Some(c) = s.code() {
                    format!("exit code {c}")
                } else if let Some(sig) = s.signal() {
                    format!("killed by signal {sig}")
                } else {
                    format!("{s}")
                }
            }
            None => "no exit status".to_string(),
        }
    }
}

/// `<base>.<ext>` (appended: `base` may have an extension of its own).
fn with_suffix(base: &Path, ext: &str) -> PathBuf {
    let mut s = base.as_os_str().to_owned();
    s.push(".");
    s.push(ext);
    PathBuf::from(s)
}

/// Runs `cmd` with stdin empty and stdout/stderr in `<log_base>.stdout` / `.stderr` (files, so
/// no pipe can fill up), killing it after `limit`.
pub fn run_with_timeout(
    mut cmd: Command,
    limit: Duration,
    log_base: &Path,
) -> Result<Outcome, String> {
    let out_path = with_suffix(log_base, "stdout");
    let err_path = with_suffix(log_base, "stderr");
    let out =
        fs::File::create(&out_path).map_err(|e| format!("create {}: {e}", out_path.display()))?;
    let err =
        fs::File::create(&err_path).map_err(|e| format!("create {}: {e}", err_path.display()))?;
    cmd.stdin(Stdio::null()).stdout(out).stderr(err);
    let start = Instant::now();
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot start {:?}: {e}", cmd.get_program()))?;
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) => {}
            Err(e) => return Err(format!("waiting for {:?}: {e}", cmd.get_program())),
        }
        if start.elapsed() >= limit {
            timed_out = true;
            let _ = child.kill();
            break child.wait().ok();
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let elapsed = start.elapsed();
    let stdout = String::from_utf8_lossy(&fs::read(&out_path).unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&fs::read(&err_path).unwrap_or_default()).into_owned();
    Ok(Outcome {
        status,
        timed_out,
        stdout,
        stderr,
        elapsed,
    })
}

/// The last `max_lines` lines of `text`, at most `max_bytes` of them (cut at the front).
pub fn tail(text: &str, max_lines: usize, max_bytes: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.len().saturating_sub(max_lines);
    let mut s = lines[start..].join("\n");
    if s.len() > max_bytes {
        let mut cut = s.len() - max_bytes;
        while !s.is_char_boundary(cut) {
            cut += 1;
        }
        s = format!("...{}", &s[cut..]);
    }
    s
}

/// `text` with every line prefixed by `    | `.
pub fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    | {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_of_commands() {
        let dir =
            std::env::temp_dir().join(format!("ferrocm-conformance-proc-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("dir");
        let sh = |script: &str| {
            let mut c = Command::new("sh");
            c.arg("-c").arg(script);
            c
        };
        let o = run_with_timeout(
            sh("echo out; echo err >&2; exit 3"),
            Duration::from_secs(20),
            &dir.join("a"),
        )
        .expect("runs");
        assert!(!o.success());
        assert_eq!(o.describe(), "exit code 3");
        assert_eq!((o.stdout.as_str(), o.stderr.as_str()), ("out\n", "err\n"));
        assert!(dir.join("a.stdout").is_file() && dir.join("a.stderr").is_file());
        let o = run_with_timeout(sh("sleep 5"), Duration::from_millis(100), &dir.join("b"))
            .expect("runs");
        assert!(o.timed_out && !o.success());
        assert!(
            o.describe().starts_with("timed out after"),
            "{}",
            o.describe()
        );
        assert!(o.elapsed < Duration::from_secs(4));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn tails_and_indents() {
        assert_eq!(tail("a\nb\nc\n", 2, 100), "b\nc");
        assert_eq!(tail("abcdef", 5, 3), "...def");
        assert_eq!(indent("x\ny"), "    | x\n    | y");
    }
}
