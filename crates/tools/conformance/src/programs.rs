//! Finding the conformance programs of a platform.
//!
//! - `tests/hip/NAME.hip` (not `*.kernel.hip`, which are helper translation units): the suite
//!   every platform runs, program `NAME`;
//! - on NVIDIA also `tests/nvidia/NAME.hip` and the multi-file `tests/nvidia/NAME/` (every
//!   `*.hip` in it compiled together, `main.hip` carrying the directives): program
//!   `nvidia/NAME` (`tests/nvidia/README.md`).

use std::fs;
use std::path::{Path, PathBuf};

use crate::directives::{parse_directives, Directives};

/// The HIP platform the programs are built for (`hipcc --platform`) and run on: the one
/// definition of `ferrocm-platform`, read as the runtime, hiprtc and hipcc read it.
pub use ::platform::Platform;

/// One conformance program.
#[derive(Debug)]
pub struct Program {
    /// `NAME` for `tests/hip`, `nvidia/NAME` for `tests/nvidia`.
    pub name: String,
    /// The file that carries the directives.
    pub main: PathBuf,
    /// Every source file to compile, in order.
    pub sources: Vec<PathBuf>,
    /// Its directives, or why they are invalid (reported as the program's failure).
    pub directives: Result<Directives, String>,
}

impl Program {
    fn new(name: String, main: PathBuf, sources: Vec<PathBuf>) -> Program {
        let directives = fs::read_to_string(&main)
            .map_err(|e| format!("cannot read {}: {e}", main.display()))
            .and_then(|text| parse_directives(&text));
        Program {
            name,
            main,
            sources,
            directives,
        }
    }
}

/// The entries of `dir`, sorted by file name.
fn sorted_entries(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    Ok(paths)
}

fn file_name(path: &Path) -> &str {
    path.file_name().and_then(|f| f.to_str()).unwrap_or("")
}

/// The programs of `tests/hip` under `root`, sorted by name.
pub fn hip_programs(root: &Path) -> Result<Vec<Program>, String> {
    let mut programs = Vec::new();
    for path in sorted_entries(&root.join("tests/hip"))? {
        let file = file_name(&path);
        if !file.ends_with(".hip") || file.ends_with(".kernel.hip") || !path.is_file() {
            continue;
        }
        let name = file.trim_end_matches(".hip").to_string();
        programs.push(Program::new(name, path.clone(), vec![path]));
    }
    Ok(programs)
}

/// The NVIDIA-specific programs of `tests/nvidia` under `root` (none if it does not exist).
pub fn nvidia_programs(root: &Path) -> Result<Vec<Program>, String> {
    let dir = root.join("tests/nvidia");
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let mut programs = Vec::new();
    for path in sorted_entries(&dir)? {
        let file = file_name(&path);
        if path.is_dir() {
            let sources: Vec<PathBuf> = sorted_entries(&path)?
                .into_iter()
                .filter(|p| p.is_file() && file_name(p).ends_with(".hip"))
                .collect();
            let main = path.join("main.hip");
            programs.push(Program::new(format!("nvidia/{file}"), main, sources));
        } else if file.ends_with(".hip") && !file.ends_with(".kernel.hip") {
            let name = format!("nvidia/{}", file.trim_end_matches(".hip"));
            programs.push(Program::new(name, path.clone(), vec![path]));
        }
    }
    Ok(programs)
}

/// Every program `platform` runs: `tests/hip`, then on NVIDIA `tests/nvidia`.
pub fn discover(root: &Path, platform: Platform) -> Result<Vec<Program>, String> {
    let mut programs = hip_programs(root)?;
    if platform == Platform::Nvidia {
        programs.extend(nvidia_programs(root)?);
    }
    Ok(programs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("ferrocm-conformance-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(d.join("tests/hip")).expect("scratch dir");
        d
    }

    #[test]
    fn discovery_per_platform() {
        let root = scratch("discover");
        let w = |p: &str, text: &str| {
            let p = root.join(p);
            fs::create_dir_all(p.parent().expect("parent")).expect("dir");
            fs::write(p, text).expect("write");
        };
        w("tests/hip/b.hip", "// TIMEOUT: 5\nint main() {}\n");
        w("tests/hip/a.hip", "// BOGUS: 1\nint main() {}\n");
        w("tests/hip/k.kernel.hip", "");
        w("tests/hip/hip_test.h", "");
        w("tests/nvidia/one.hip", "int main() {}\n");
        w("tests/nvidia/multi/main.hip", "// HIPCC-FLAGS: -fgpu-rdc\n");
        w("tests/nvidia/multi/dev.hip", "");
        w("tests/nvidia/multi/kernels.h", "");
        w("tests/nvidia/README.md", "");

        let cpu = discover(&root, Platform::Cpu).expect("cpu");
        let names: Vec<&str> = cpu.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
        assert!(cpu[0]
            .directives
            .as_ref()
            .is_err_and(|e| e.contains("BOGUS")));
        assert_eq!(cpu[1].directives.as_ref().map(|d| d.timeout_s), Ok(5.0));

        let nv = discover(&root, Platform::Nvidia).expect("nvidia");
        let names: Vec<&str> = nv.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "nvidia/multi", "nvidia/one"]);
        let multi = &nv[2];
        assert_eq!(multi.main, root.join("tests/nvidia/multi/main.hip"));
        let files: Vec<&str> = multi.sources.iter().map(|p| file_name(p)).collect();
        assert_eq!(files, ["dev.hip", "main.hip"]);
        assert_eq!(
            multi.directives.as_ref().map(|d| d.hipcc_flags.clone()),
            Ok(vec!["-fgpu-rdc".to_string()])
        );
        let _ = fs::remove_dir_all(&root);
    }

    #[test]
    fn platform_names() {
        assert_eq!("cpu".parse(), Ok(Platform::Cpu));
        assert_eq!("nvidia".parse(), Ok(Platform::Nvidia));
        // ROCm's name for the AMD stack is the CPU platform here, as for hipcc and the runtime.
        assert_eq!("amd".parse(), Ok(Platform::Cpu));
        assert!("rocm".parse::<Platform>().is_err());
        assert_eq!(Platform::Nvidia.to_string(), "nvidia");
    }
}
