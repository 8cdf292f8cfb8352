//! The command lines: `hipify` (ours), and `hipify-perl` / `hipify-clang` compatible entry
//! points. All three take the same options, spelled with one dash or two as LLVM's and Perl's
//! option parsers both accept (`-o=out.hip`, `--o=out.hip`, `-o out.hip`); they differ in
//! where output goes when no `-o` is given:
//!
//! - `hipify`, `hipify-perl`: standard output (directories need `--inplace`, `--o-dir` or
//!   `--examine`);
//! - `hipify-clang`: `IN.hip` beside each input.
//!
//! After `--` come compiler arguments (hipify-clang passes them to clang): `-D`/`-U`/`-I` feed
//! the conditionals of `--skip-excluded-preprocessor-conditional-blocks`, the rest is ignored.
//!
//! Exit status: 0 success (warnings included), 1 an input could not be read or an output
//! written (the other files are still translated), 2 a usage error.
//!
//! The parser is hand-written: clap cannot take long options after a single dash
//! (`-inplace`, `-o=FILE`), which both hipify-perl and hipify-clang users type.

use std::collections::HashSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::stats::Stats;
use crate::translate::{translate, Options};

/// Which tool's conventions to follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavor {
    /// `hipify`: ours.
    Hipify,
    /// `hipify-perl`.
    Perl,
    /// `hipify-clang`.
    Clang,
}

impl Flavor {
    fn name(self) -> &'static str {
        match self {
            Flavor::Hipify => "hipify",
            Flavor::Perl => "hipify-perl",
            Flavor::Clang => "hipify-clang",
        }
    }
}

/// The HIP version the translation targets (ferrocm's, as `hipconfig --version` reports).
pub const HIP_VERSION: &str = "7.1.0";

/// Extensions of the files `--recursive` translates.
const SOURCE_EXTENSIONS: &[&str] = &[
    "cu", "cuh", "cpp", "cxx", "cc", "c", "h", "hpp", "hxx", "hh", "inl", "cuinc",
];

/// A command-line or file error.
#[derive(Debug, Error)]
pub enum CliError {
    /// The command line is wrong.
    #[error("{0}")]
    Usage(String),
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> CliError + '_ {
    move |source| CliError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// A parsed command line.
#[derive(Debug, Clone, Default)]
pub struct Config {
    pub inputs: Vec<PathBuf>,
    pub output: Option<PathBuf>,
    pub out_dir: Option<PathBuf>,
    pub inplace: bool,
    pub no_backup: bool,
    pub print_stats: bool,
    pub print_stats_csv: bool,
    pub stats_file: Option<PathBuf>,
    pub no_output: bool,
    pub quiet_warnings: bool,
    pub recursive: bool,
    pub help: bool,
    pub version: bool,
    pub exclude_dirs: Vec<String>,
    pub exclude_files: Vec<String>,
    pub translate: Options,
}

const USAGE: &str = "\
USAGE: {tool} [options] <input files or directories...> [-- <compiler arguments>]
       ('-' reads standard input)

Translates CUDA sources to HIP. Output goes to standard output ({tool}-clang: IN.hip),
to -o FILE, into --o-dir DIR, or over the input with --inplace.

OPTIONS (one dash or two; values as -o=X or -o X):
  -o=FILE                 Output file (one input only)
  --o-dir=DIR             Output directory (mirrors the input tree)
  --inplace               Overwrite each input, keeping the original in IN.prehip
  --no-backup             With --inplace, keep no .prehip copy
  -r, --recursive         Translate the sources under directory inputs
  --examine               Translate without output and print statistics
  --no-output             Write no translated output
  --print-stats           Print statistics to standard error
  --print-stats-csv       Write statistics as CSV to --o-stats=FILE (default hipify_stats.csv)
  --quiet-warnings        Print no warnings
  --roc                   Use rocBLAS/rocFFT/rocRAND/rocSPARSE/rocSOLVER names where they exist
  --use-hip-data-types    With --roc, keep hipDataType names rather than rocBLAS's
  --experimental          Translate names HIPIFY marks experimental
  --hip-kernel-execution-syntax   Rewrite k<<<...>>>(...) as hipLaunchKernelGGL(...)
  --cuda-kernel-execution-syntax  Keep k<<<...>>>(...) (the default)
  --skip-excluded-preprocessor-conditional-blocks   Leave inactive #if branches untouched
  -D NAME[=VALUE], -U NAME        Macros for those conditionals (also after --)
  -I DIR                  Where included headers' macros are found for them (also after --)
  --whitelist=A,B         Identifiers never translated nor warned about
  --exclude-dirs=A,B      Directories --recursive skips
  --exclude-files=A,B     Files skipped
  --no-runtime-header     Never insert #include \"hip/hip_runtime.h\"
  --amap, --cuda-path=DIR, --clang-resource-directory=DIR, -p=DIR   Accepted (hipify-clang's; not needed)
  --version, --help

Exit status: 0 success, 1 a file could not be read or written, 2 usage error.
";

/// Options that take a value.
const VALUED: &[&str] = &[
    "o",
    "o-dir",
    "o-stats",
    "whitelist",
    "exclude-dirs",
    "exclude-files",
    "cuda-path",
    "clang-resource-directory",
    "p",
    "temp-dir",
];

/// Parses a command line (without the program name).
pub fn parse(args: &[String]) -> Result<Config, CliError> {
    let mut c = Config::default();
    let mut whitelist = HashSet::new();
    let mut i = 0;
    let mut compiler_args = false;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        if compiler_args {
            // Compiler arguments: only the macros matter.
            if let Some(v) = macro_value(a, "-D", args, &mut i) {
                c.translate.defines.push(v);
            } else if let Some(v) = macro_value(a, "-U", args, &mut i) {
                c.translate.undefines.push(v);
            } else if let Some(v) = macro_value(a, "-I", args, &mut i) {
                c.translate.include_dirs.push(PathBuf::from(v));
            } else if a == "-include" {
                i += 1;
            }
            continue;
        }
        if a == "--" {
            compiler_args = true;
            continue;
        }
        if let Some(v) = macro_value(a, "-D", args, &mut i) {
            c.translate.defines.push(v);
            continue;
        }
        if let Some(v) = macro_value(a, "-U", args, &mut i) {
            c.translate.undefines.push(v);
            continue;
        }
        if let Some(v) = macro_value(a, "-I", args, &mut i) {
            c.translate.include_dirs.push(PathBuf::from(v));
            continue;
        }
        if a == "-r" {
            c.recursive = true;
            continue;
        }
        if !a.starts_with('-') || a == "-" {
            c.inputs.push(PathBuf::from(a));
            continue;
        }
        let body = a.trim_start_matches('-');
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        // `-oFILE` (the compiler spelling).
        let (name, inline) = if name.len() > 1
            && name.starts_with('o')
            && !a.starts_with("--")
            && !name.starts_with("o-dir")
            && !name.starts_with("o-stats")
        {
            ("o", Some(body[1..].to_string()))
        } else {
            (name, inline)
        };
        if VALUED.contains(&name) {
            let value = match inline {
                Some(v) => v,
                None => {
                    let v = args
                        .get(i)
                        .ok_or_else(|| CliError::Usage(format!("option '{a}' needs a value")))?;
                    i += 1;
                    v.clone()
                }
            };
            let list = || value.split(',').filter(|s| !s.is_empty()).map(String::from);
            match name {
                "o" => c.output = Some(PathBuf::from(&value)),
                "o-dir" => c.out_dir = Some(PathBuf::from(&value)),
                "o-stats" => c.stats_file = Some(PathBuf::from(&value)),
                "whitelist" => whitelist.extend(list()),
                "exclude-dirs" => c.exclude_dirs.extend(list()),
                "exclude-files" => c.exclude_files.extend(list()),
                _ => {} // cuda-path, clang-resource-directory, p, temp-dir: not needed
            }
            continue;
        }
        if inline.is_some() {
            return Err(CliError::Usage(format!("option '{name}' takes no value")));
        }
        match name {
            "inplace" => c.inplace = true,
            "no-backup" => c.no_backup = true,
            "print-stats" => c.print_stats = true,
            "print-stats-csv" => c.print_stats_csv = true,
            "examine" => {
                c.print_stats = true;
                c.no_output = true;
            }
            "no-output" => c.no_output = true,
            "quiet-warnings" => c.quiet_warnings = true,
            "recursive" => c.recursive = true,
            "roc" => c.translate.roc = true,
            "experimental" => c.translate.experimental = true,
            "use-hip-data-types" => c.translate.use_hip_data_types = true,
            "hip-kernel-execution-syntax" => c.translate.hip_launch_syntax = true,
            "cuda-kernel-execution-syntax" => {}
            "skip-excluded-preprocessor-conditional-blocks" => {
                c.translate.skip_excluded_blocks = true
            }
            "no-runtime-header" => c.translate.no_runtime_header = true,
            "amap" | "save-temps" | "default-preprocessor" => {}
            "version" => c.version = true,
            "help" | "h" => c.help = true,
            _ => return Err(CliError::Usage(format!("unknown option '{a}'"))),
        }
    }
    c.translate.whitelist = whitelist;
    Ok(c)
}

/// `-DNAME`, `-D NAME`: the value, advancing past a separate argument.
fn macro_value(a: &str, flag: &str, args: &[String], i: &mut usize) -> Option<String> {
    let rest = a.strip_prefix(flag)?;
    if !rest.is_empty() {
        return Some(rest.to_string());
    }
    let v = args.get(*i)?.clone();
    *i += 1;
    Some(v)
}

/// One file to translate and where its output goes.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Destination {
    Stdout,
    File(PathBuf),
    Inplace,
    Nowhere,
}

/// Runs a tool; returns its exit status.
pub fn main(flavor: Flavor, args: &[String]) -> i32 {
    let tool = flavor.name();
    let config = match parse(args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{tool}: error: {e}\n{}", usage(tool));
            return 2;
        }
    };
    if config.help {
        print!("{}", usage(tool));
        return 0;
    }
    if config.version {
        println!(
            "{tool} (ferrocm {}): HIP version {HIP_VERSION}",
            env!("CARGO_PKG_VERSION")
        );
        return 0;
    }
    match run(flavor, &config) {
        Ok(status) => status,
        Err(e @ CliError::Usage(_)) => {
            eprintln!("{tool}: error: {e}");
            2
        }
        Err(e) => {
            eprintln!("{tool}: error: {e}");
            1
        }
    }
}

fn usage(tool: &str) -> String {
    USAGE.replace("{tool}", tool)
}

/// The files to translate with their destinations.
fn plan(flavor: Flavor, c: &Config) -> Result<Vec<(PathBuf, Destination)>, CliError> {
    if c.inputs.is_empty() {
        return Err(CliError::Usage("no input files".into()));
    }
    let mut files = Vec::new(); // (file, path relative to its input root)
    for input in &c.inputs {
        if input.is_dir() {
            if !c.recursive {
                return Err(CliError::Usage(format!(
                    "{} is a directory: add --recursive",
                    input.display()
                )));
            }
            let mut found = Vec::new();
            walk(input, c, &mut found)?;
            found.sort();
            for f in found {
                let rel = f.strip_prefix(input).unwrap_or(&f).to_path_buf();
                files.push((f, rel));
            }
        } else if !excluded_file(input, c) {
            let rel = PathBuf::from(input.file_name().unwrap_or(input.as_os_str()));
            files.push((input.clone(), rel));
        }
    }
    let any_dir = c.inputs.iter().any(|p| p.is_dir());
    if c.output.is_some() && (files.len() != 1 || any_dir) {
        return Err(CliError::Usage(
            "-o takes one input file; use --o-dir".into(),
        ));
    }
    let mut out = Vec::with_capacity(files.len());
    for (f, rel) in files {
        let dest = if c.no_output {
            Destination::Nowhere
        } else if c.inplace && f.as_os_str() != "-" {
            Destination::Inplace
        } else if let Some(o) = &c.output {
            Destination::File(o.clone())
        } else if let Some(d) = &c.out_dir {
            Destination::File(d.join(rel))
        } else if f.as_os_str() == "-" {
            Destination::Stdout
        } else if flavor == Flavor::Clang {
            let mut name = f.clone().into_os_string();
            name.push(".hip");
            Destination::File(PathBuf::from(name))
        } else if any_dir {
            return Err(CliError::Usage(
                "directory inputs need --inplace, --o-dir or --examine".into(),
            ));
        } else {
            Destination::Stdout
        };
        out.push((f, dest));
    }
    Ok(out)
}

fn excluded_file(f: &Path, c: &Config) -> bool {
    let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
    c.exclude_files
        .iter()
        .any(|x| x == name || Path::new(x) == f)
}

fn walk(dir: &Path, c: &Config, out: &mut Vec<PathBuf>) -> Result<(), CliError> {
    for entry in std::fs::read_dir(dir).map_err(io_error(dir))? {
        let entry = entry.map_err(io_error(dir))?;
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_str().unwrap_or("");
        if path.is_dir() {
            let skip = c
                .exclude_dirs
                .iter()
                .any(|x| x == name || Path::new(x) == path);
            if !skip {
                walk(&path, c, out)?;
            }
        } else {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if SOURCE_EXTENSIONS.contains(&ext) && !excluded_file(&path, c) {
                out.push(path);
            }
        }
    }
    Ok(())
}

/// A file's text; bytes that are not UTF-8 are read as Latin-1 so that they come back
/// unchanged (`encode` reverses it).
fn decode(bytes: Vec<u8>) -> (String, bool) {
    match String::from_utf8(bytes) {
        Ok(s) => (s, false),
        Err(e) => (e.into_bytes().iter().map(|&b| b as char).collect(), true),
    }
}

fn encode(text: String, latin1: bool) -> Vec<u8> {
    if latin1 {
        // Every char came from one byte, and the translator only adds ASCII.
        text.chars().map(|ch| ch as u32 as u8).collect()
    } else {
        text.into_bytes()
    }
}

fn run(flavor: Flavor, c: &Config) -> Result<i32, CliError> {
    let files = plan(flavor, c)?;
    let mut total = Stats::default();
    let mut per_file = Vec::new();
    let mut status = 0;
    let stdout = std::io::stdout();
    for (file, dest) in &files {
        let shown = file.display().to_string();
        let outcome = (|| -> Result<Stats, CliError> {
            let bytes = if file.as_os_str() == "-" {
                let mut b = Vec::new();
                std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut b)
                    .map_err(io_error(file))?;
                b
            } else {
                std::fs::read(file).map_err(io_error(file))?
            };
            let (text, latin1) = decode(bytes);
            let mut opts = c.translate.clone();
            opts.source_dir = file.parent().map(Path::to_path_buf);
            let t = translate(&text, &opts);
            if !c.quiet_warnings {
                let mut err = std::io::stderr().lock();
                for w in &t.warnings {
                    let _ = writeln!(err, "  {shown}:{}: warning: {}", w.line, w.message);
                }
            }
            let out = encode(t.text, latin1);
            match dest {
                Destination::Nowhere => {}
                Destination::Stdout => {
                    let mut o = stdout.lock();
                    o.write_all(&out)
                        .and_then(|()| o.flush())
                        .map_err(io_error(Path::new("<stdout>")))?;
                }
                Destination::File(p) => {
                    if let Some(parent) = p.parent().filter(|p| !p.as_os_str().is_empty()) {
                        std::fs::create_dir_all(parent).map_err(io_error(parent))?;
                    }
                    std::fs::write(p, &out).map_err(io_error(p))?;
                }
                Destination::Inplace => {
                    let mut backup = file.clone().into_os_string();
                    backup.push(".prehip");
                    let backup = PathBuf::from(backup);
                    if !c.no_backup && !backup.exists() {
                        std::fs::copy(file, &backup).map_err(io_error(&backup))?;
                    }
                    std::fs::write(file, &out).map_err(io_error(file))?;
                }
            }
            Ok(t.stats)
        })();
        match outcome {
            Ok(stats) => {
                if c.print_stats {
                    eprint!("{}", stats.report(&shown));
                }
                total.add(&stats);
                if c.print_stats_csv {
                    per_file.push((shown, stats));
                }
            }
            Err(e) => {
                eprintln!("{}: error: {e}", flavor.name());
                status = 1;
            }
        }
    }
    if c.print_stats && files.len() > 1 {
        eprint!("{}", total.report("GLOBAL"));
    }
    if c.print_stats_csv {
        let path = c
            .stats_file
            .clone()
            .unwrap_or_else(|| PathBuf::from("hipify_stats.csv"));
        let mut csv = String::new();
        for (i, (file, stats)) in per_file.iter().enumerate() {
            csv.push_str(&stats.csv(file, i == 0));
        }
        csv.push_str(&total.csv("GLOBAL", per_file.is_empty()));
        std::fs::write(&path, csv).map_err(io_error(&path))?;
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Config, CliError> {
        parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn both_dash_styles_and_values() {
        let c = p(&["-o=out.hip", "-inplace", "--print-stats", "a.cu"]).expect("parse");
        assert_eq!(c.output, Some(PathBuf::from("out.hip")));
        assert!(c.inplace && c.print_stats);
        assert_eq!(c.inputs, [PathBuf::from("a.cu")]);
        let c = p(&["-o", "x.hip", "a.cu", "--roc", "-DUSE=2", "-D", "B"]).expect("parse");
        assert_eq!(c.output, Some(PathBuf::from("x.hip")));
        assert!(c.translate.roc);
        assert_eq!(c.translate.defines, ["USE=2", "B"]);
        let c = p(&["-oout.hip", "a.cu"]).expect("parse");
        assert_eq!(c.output, Some(PathBuf::from("out.hip")));
        let c = p(&["--o-dir", "d", "-examine", "a.cu"]).expect("parse");
        assert_eq!(c.out_dir, Some(PathBuf::from("d")));
        assert!(c.no_output && c.print_stats);
    }

    #[test]
    fn compiler_arguments_after_double_dash() {
        let c = p(&[
            "a.cu",
            "--skip-excluded-preprocessor-conditional-blocks",
            "--",
            "-DX",
            "-I",
            "inc",
            "-std=c++17",
            "-UY",
            "--cuda-gpu-arch=sm_80",
        ])
        .expect("parse");
        assert_eq!(c.translate.defines, ["X"]);
        assert_eq!(c.translate.undefines, ["Y"]);
        assert_eq!(c.translate.include_dirs, [PathBuf::from("inc")]);
        assert_eq!(c.inputs, [PathBuf::from("a.cu")]);
        assert!(c.translate.skip_excluded_blocks);
    }

    #[test]
    fn hipify_clang_options_accepted() {
        let c = p(&[
            "--cuda-path=/usr/local/cuda",
            "--clang-resource-directory=/x",
            "--amap",
            "--use-hip-data-types",
            "--experimental",
            "--hip-kernel-execution-syntax",
            "a.cu",
        ])
        .expect("parse");
        assert!(c.translate.hip_launch_syntax && c.translate.experimental);
    }

    #[test]
    fn usage_errors() {
        assert!(matches!(
            p(&["--frobnicate", "a.cu"]),
            Err(CliError::Usage(_))
        ));
        assert!(matches!(p(&["-o"]), Err(CliError::Usage(_))));
        assert!(matches!(p(&["--roc=1"]), Err(CliError::Usage(_))));
        let c = p(&["-o=x", "a.cu", "b.cu"]).expect("parse");
        assert!(matches!(plan(Flavor::Hipify, &c), Err(CliError::Usage(_))));
        let c = p(&[]).expect("parse");
        assert!(matches!(plan(Flavor::Hipify, &c), Err(CliError::Usage(_))));
    }

    #[test]
    fn clang_flavor_writes_beside_the_input() {
        let c = p(&["a.cu"]).expect("parse");
        let plan = plan(Flavor::Clang, &c).expect("plan");
        assert_eq!(plan[0].1, Destination::File(PathBuf::from("a.cu.hip")));
    }

    #[test]
    fn latin1_round_trips() {
        let bytes = b"// caf\xe9\ncudaMalloc(&p, 4);\n".to_vec();
        let (text, latin1) = decode(bytes);
        assert!(latin1);
        let t = translate(&text, &Options::default());
        let out = encode(t.text, latin1);
        assert!(out.starts_with(b"#include \"hip/hip_runtime.h\"\n// caf\xe9\nhipMalloc"));
    }
}
