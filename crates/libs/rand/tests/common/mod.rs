//! What the oracle tests share: a scratch folder, Debian packages unpacked into it (fetched
//! with `apt-get download`, never installed), and comparing our output lines with the
//! oracle's.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `f` in a fresh scratch folder `<tmp>/<name>-<pid>`, removed afterwards.
pub fn in_scratch<T>(name: &str, f: impl FnOnce(&Path) -> Result<T, String>) -> Result<T, String> {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let result = f(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// Runs `cmd` in `dir`: its standard output, or the command and its standard error.
pub fn run(dir: &Path, cmd: &mut Command) -> Result<Vec<u8>, String> {
    let o = cmd
        .current_dir(dir)
        .output()
        .map_err(|e| format!("{cmd:?}: {e}"))?;
    if !o.status.success() {
        return Err(format!("{cmd:?}: {}", String::from_utf8_lossy(&o.stderr)));
    }
    Ok(o.stdout)
}

/// Downloads Debian package `package` into `dir` (`apt_options` select a private apt
/// configuration, if any) and unpacks it into `dir/x`; returns `dir/x/usr/include`.
pub fn unpack_deb(dir: &Path, package: &str, apt_options: &[String]) -> Result<PathBuf, String> {
    run(
        dir,
        Command::new("apt-get")
            .args(apt_options)
            .args(["download", package]),
    )?;
    let deb = std::fs::read_dir(dir)
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "deb"))
        .ok_or("no .deb downloaded")?;
    run(dir, Command::new("dpkg").arg("-x").arg(&deb).arg("x"))?;
    Ok(dir.join("x/usr/include"))
}

/// Compares one line: exact, except floating-point normals within 1e-5 relative.
pub fn same(ours: &str, theirs: &str) -> bool {
    if ours == theirs {
        return true;
    }
    let (a, b): (Vec<&str>, Vec<&str>) = (
        ours.split_whitespace().collect(),
        theirs.split_whitespace().collect(),
    );
    if a.len() != b.len() || a[..3] != b[..3] || !a[1].contains("normal") {
        return false;
    }
    a[3..].iter().zip(&b[3..]).all(|(x, y)| {
        let (x, y) = if x.len() == 8 {
            let p = |s: &str| u32::from_str_radix(s, 16).map(|v| f64::from(f32::from_bits(v)));
            (p(x), p(y))
        } else {
            let p = |s: &str| u64::from_str_radix(s, 16).map(f64::from_bits);
            (p(x), p(y))
        };
        match (x, y) {
            (Ok(x), Ok(y)) => (x - y).abs() <= 1e-5 * y.abs().max(1e-30),
            _ => false,
        }
    })
}

/// Asserts that our lines equal the oracle's (see [`same`]), naming the generators and draws
/// that differ.
pub fn compare(ours: &[String], theirs: &str, what: &str) {
    let theirs: Vec<&str> = theirs.lines().collect();
    assert_eq!(ours.len(), theirs.len(), "{what}: line count");
    let bad: Vec<_> = ours
        .iter()
        .zip(&theirs)
        .filter(|(o, t)| !same(o, t))
        .collect();
    // Which generator and draw differ, to say where to look.
    let mut kinds = std::collections::BTreeMap::<String, usize>::new();
    for (o, _) in &bad {
        let mut f = o.split_whitespace();
        let (tag, draw) = (f.next().unwrap_or(""), f.next().unwrap_or(""));
        let name = tag.split('/').next().unwrap_or("");
        *kinds.entry(format!("{name} {draw}")).or_default() += 1;
    }
    assert!(
        bad.is_empty(),
        "{what}: {} differences {kinds:?}; the first (ours, rocRAND):\n{:#?}",
        bad.len(),
        &bad[..bad.len().min(10)]
    );
}
