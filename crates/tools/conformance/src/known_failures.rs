//! `tests/hip/KNOWN_FAILURES`: programs that do not pass yet. Each line is `name: reason`
//! (every platform) or `name (cpu): reason` / `name (nvidia): reason` (that platform only);
//! `#` starts a comment line. Listed programs still build and run every time; a listed program
//! that passes fails the suite, so a fixed one must leave the list.

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use crate::programs::Platform;

/// The known failures of `platform` in `text` (`path` names the file in errors): name → reason.
pub fn parse_known_failures(
    text: &str,
    platform: Platform,
    path: &Path,
) -> Result<HashMap<String, String>, String> {
    let mut out = HashMap::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, reason) = line
            .split_once(':')
            .ok_or_else(|| format!("{}: expected `name: reason`, got {line:?}", path.display()))?;
        let name = name.trim();
        let (name, only) = match name.strip_suffix(')').and_then(|n| n.rsplit_once('(')) {
            Some((n, p)) => {
                let p: Platform = p
                    .trim()
                    .parse()
                    .map_err(|e| format!("{}: {e} in {line:?}", path.display()))?;
                (n.trim(), Some(p))
            }
            None => (name, None),
        };
        if only.is_none_or(|p| p == platform) {
            out.insert(name.to_string(), reason.trim().to_string());
        }
    }
    Ok(out)
}

/// Reads `tests/hip/KNOWN_FAILURES` under `root` (no file: no known failures).
pub fn known_failures(root: &Path, platform: Platform) -> Result<HashMap<String, String>, String> {
    let path = root.join("tests/hip/KNOWN_FAILURES");
    match fs::read_to_string(&path) {
        Ok(text) => parse_known_failures(&text, platform, &path),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(HashMap::new()),
        Err(e) => Err(format!("reading {}: {e}", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn platform_qualified_lines() {
        let text = "# comment\n\nwarp_vote: everywhere\nidle_cpu (cpu): cpu only\n\
                    nvidia/rdc (nvidia): nvidia only: with a colon\n";
        let p = Path::new("KNOWN_FAILURES");
        let cpu = parse_known_failures(text, Platform::Cpu, p).expect("cpu");
        assert_eq!(cpu.len(), 2);
        assert_eq!(cpu["warp_vote"], "everywhere");
        assert_eq!(cpu["idle_cpu"], "cpu only");
        let nv = parse_known_failures(text, Platform::Nvidia, p).expect("nvidia");
        assert_eq!(nv.len(), 2);
        assert_eq!(nv["nvidia/rdc"], "nvidia only: with a colon");
        assert!(parse_known_failures("no colon\n", Platform::Cpu, p).is_err());
        assert!(parse_known_failures("x (rocm): r\n", Platform::Cpu, p).is_err());
    }
}
