//! A hiprtc program and its life cycle: created → (name expressions added) → compiled.

use std::ffi::CString;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::cache::{self, Cache, Entry, KeyInputs};
use crate::compile::{self, check_include_name, source_file_name, Job, Toolchain};
use crate::includes::{self, SearchPath};
use crate::lowered::{anchor_symbol, lowered_names};
use crate::nvidia::{self, device, nvrtc, NvidiaToolchain, Nvrtc};
use crate::platform::Platform;
use crate::{options, Error};

/// A compiled program.
#[derive(Debug, Clone)]
struct Compiled {
    code: Vec<u8>,
    /// Name expression (as added) → lowered name.
    lowered: Vec<(String, Option<CString>)>,
}

#[derive(Debug, Clone)]
enum State {
    Created,
    Failed,
    Compiled(Compiled),
}

/// How a successful compilation went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompileReport {
    /// The platform compiled for.
    pub platform: Platform,
    /// The result came from the on-disk cache.
    pub cache_hit: bool,
    /// Wall time of the compilation ([`Program::compile`], [`Program::compile_nvidia`]).
    pub duration: Duration,
}

/// A hiprtc program (`hiprtcProgram`).
#[derive(Debug, Clone)]
pub struct Program {
    source: Vec<u8>,
    name: String,
    headers: Vec<(String, Vec<u8>)>,
    name_expressions: Vec<String>,
    state: State,
    log: String,
    /// The GPU architecture of the last NVIDIA compilation (`sm_XX`).
    target: Option<String>,
}

/// The name of a program created without one (NVRTC's and HIP's default).
pub const DEFAULT_PROGRAM_NAME: &str = "default_program";

impl Program {
    /// `hiprtcCreateProgram`: `headers` are (include name, contents) pairs, written to the
    /// program's private include directory when it is compiled.
    pub fn new(
        source: &[u8],
        name: Option<&str>,
        headers: Vec<(String, Vec<u8>)>,
    ) -> Result<Program, Error> {
        for (n, _) in &headers {
            check_include_name(n).map_err(Error::InvalidInput)?;
        }
        let name = match name {
            Some(n) if !n.trim().is_empty() => n.to_owned(),
            _ => DEFAULT_PROGRAM_NAME.to_owned(),
        };
        Ok(Program {
            source: source.to_vec(),
            name,
            headers,
            name_expressions: Vec::new(),
            state: State::Created,
            log: String::new(),
            target: None,
        })
    }

    /// The program's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether a compilation was attempted.
    pub fn compile_attempted(&self) -> bool {
        !matches!(self.state, State::Created)
    }

    /// `hiprtcAddNameExpression`: only before the first compilation. Adding the same
    /// expression twice is harmless.
    pub fn add_name_expression(&mut self, expr: &str) -> Result<(), Error> {
        if self.compile_attempted() {
            return Err(Error::NameExpressionsAfterCompilation);
        }
        if expr.trim().trim_start_matches('&').trim().is_empty() {
            return Err(Error::InvalidInput("empty name expression".into()));
        }
        if !self.name_expressions.iter().any(|e| e == expr) {
            self.name_expressions.push(expr.to_owned());
        }
        Ok(())
    }

    /// The name expressions added.
    pub fn name_expressions(&self) -> &[String] {
        &self.name_expressions
    }

    /// `hiprtcCompileProgram`: maps `opts` to hipcc's ([`crate::options`]), then takes the
    /// result from `cache` or runs the `hipcc` at `hipcc`. On failure the log says why.
    pub fn compile(
        &mut self,
        opts: &[String],
        hipcc: Result<PathBuf, Error>,
        cache: &Cache,
    ) -> Result<CompileReport, Error> {
        let start = Instant::now();
        self.state = State::Failed;
        self.log.clear();
        self.target = None;
        let header_names: Vec<String> = self.headers.iter().map(|(n, _)| n.clone()).collect();
        let parsed = match options::parse(opts, &options::current_dir(), &header_names) {
            Ok(p) => p,
            Err(e) => {
                self.log = format!("hiprtc: error: {e}\n");
                return Err(Error::InvalidOption(e.to_string()));
            }
        };
        let toolchain = match hipcc.and_then(Toolchain::new) {
            Ok(t) => t,
            Err(e) => {
                self.log = format!("hiprtc: error: {e}\n");
                return Err(e);
            }
        };
        let key = cache::key(&KeyInputs {
            platform: Platform::Cpu.name(),
            source: &self.source,
            name: &self.name,
            headers: &self.headers,
            options: &parsed.hipcc_args,
            name_expressions: &self.name_expressions,
            toolchain: toolchain.identity(),
        });
        if let Ok(entry) = cache.load(&key) {
            if let Some(compiled) = self.compiled_state(&entry) {
                self.log = entry.log;
                self.state = State::Compiled(compiled);
                return Ok(CompileReport {
                    platform: Platform::Cpu,
                    cache_hit: true,
                    duration: start.elapsed(),
                });
            }
        }
        let outcome = match compile::run(
            &toolchain,
            &Job {
                source: &self.source,
                name: &self.name,
                headers: &self.headers,
                hipcc_args: &parsed.hipcc_args,
                name_expressions: &self.name_expressions,
            },
        ) {
            Ok(o) => o,
            Err(e) => {
                self.log = format!("hiprtc: error: {e}\n");
                return Err(e);
            }
        };
        self.log = outcome.log;
        if !outcome.success {
            return Err(Error::Compilation);
        }
        let anchors: Vec<String> = (0..self.name_expressions.len())
            .map(anchor_symbol)
            .collect();
        let names = match lowered_names(&outcome.code, &anchors) {
            Ok(n) => n,
            Err(e) => {
                self.log.push_str(&format!("hiprtc: error: {e}\n"));
                return Err(Error::Internal(e.to_string()));
            }
        };
        let lowered = self.pair_lowered(names, "no symbol found");
        let entry = Entry {
            code: outcome.code,
            log: self.log.clone(),
            lowered,
            dependencies: outcome.dependencies,
        };
        // A cache that cannot be written only costs time later.
        let _ = cache.store(&key, &entry);
        let compiled = self
            .compiled_state(&entry)
            .ok_or_else(|| Error::Internal("a lowered name contains NUL".into()))?;
        self.state = State::Compiled(compiled);
        Ok(CompileReport {
            platform: Platform::Cpu,
            cache_hit: false,
            duration: start.elapsed(),
        })
    }

    /// `hiprtcCompileProgram` on the NVIDIA platform: maps `opts` to NVRTC's
    /// ([`options::parse_nvidia`]), then takes the cubin from `cache` or compiles with NVRTC
    /// behind ferrocm's HIP prelude ([`crate::nvidia`]). On failure the log says why;
    /// hiprtc's own notes (an AMD architecture ignored, the fallback architecture) come
    /// before NVRTC's log.
    pub fn compile_nvidia(
        &mut self,
        opts: &[String],
        toolchain: &NvidiaToolchain,
        cache: &Cache,
    ) -> Result<CompileReport, Error> {
        let start = Instant::now();
        self.state = State::Failed;
        self.log.clear();
        self.target = None;
        let header_names: Vec<String> = self.headers.iter().map(|(n, _)| n.clone()).collect();
        let cwd = options::current_dir();
        let parsed = match options::parse_nvidia(opts, &cwd, &header_names) {
            Ok(p) => p,
            Err(e) => {
                self.log = format!("hiprtc: error: {e}\n");
                return Err(Error::InvalidOption(e.to_string()));
            }
        };
        let setup = (|| -> Result<_, Error> {
            let nvrtc = Nvrtc::get()?;
            let include = toolchain.include_dir()?;
            let prelude = nvidia::read_prelude(include)?;
            Ok((nvrtc, prelude))
        })();
        let (nvrtc, prelude) = match setup {
            Ok(s) => s,
            Err(e) => {
                self.log = format!("hiprtc: error: {e}\n");
                return Err(e);
            }
        };
        let mut notes = String::new();
        let arch = match &parsed.arch {
            Some(a) => a.clone(),
            None => match device::current_device_arch() {
                Ok(a) => a,
                Err(why) => {
                    notes.push_str(&format!(
                        "hiprtc: note: cannot query the current device's architecture \
                         ({why}); compiling for {}\n",
                        nvidia::FALLBACK_ARCH
                    ));
                    nvidia::FALLBACK_ARCH.to_owned()
                }
            },
        };
        self.target = Some(arch.clone());
        for a in &parsed.amd_archs {
            notes.push_str(&format!(
                "hiprtc: warning: ignoring AMD GPU architecture '{a}' on the NVIDIA platform; \
                 compiling for {arch}\n"
            ));
        }
        let args =
            nvidia::nvrtc_options(&arch, &parsed, &prelude.dir, toolchain.cuda_include_dir());
        let identity = nvidia::identity(nvrtc.version(), &arch, &prelude);
        let key = cache::key(&KeyInputs {
            platform: Platform::Nvidia.name(),
            source: &self.source,
            name: &self.name,
            headers: &self.headers,
            options: &args,
            name_expressions: &self.name_expressions,
            toolchain: &identity,
        });
        if let Ok(entry) = cache.load(&key) {
            if let Some(compiled) = self.compiled_state(&entry) {
                self.log = notes + &entry.log;
                self.state = State::Compiled(compiled);
                return Ok(CompileReport {
                    platform: Platform::Nvidia,
                    cache_hit: true,
                    duration: start.elapsed(),
                });
            }
        }
        // The files the compilation may read, as they are before it starts (a file changed
        // during the compilation then makes the entry stale).
        let mut search_dirs = vec![prelude.dir.clone()];
        search_dirs.extend(parsed.include_dirs.iter().cloned());
        if let Some(c) = toolchain.cuda_include_dir() {
            search_dirs.push(c.to_path_buf());
        }
        let dependencies = includes::dependencies(
            &SearchPath {
                headers: &self.headers,
                include_dirs: &search_dirs,
                prelude_dir: Some(&prelude.dir),
                cwd: &cwd,
            },
            &self.source,
            &parsed.pre_includes,
        );
        let pch = nvidia::pch_options(nvrtc.version(), cache.dir());
        let outcome = match pch {
            Some(pch) => {
                let with_pch: Vec<String> = args.iter().cloned().chain(pch).collect();
                match self.run_nvrtc(nvrtc, &with_pch, &parsed.pre_includes) {
                    // An NVRTC that refuses the PCH options compiles without them.
                    Ok(o) if o.status.is_invalid_option() => {
                        self.run_nvrtc(nvrtc, &args, &parsed.pre_includes)
                    }
                    r => r,
                }
            }
            None => self.run_nvrtc(nvrtc, &args, &parsed.pre_includes),
        };
        let outcome = match outcome {
            Ok(o) => o,
            Err(e) => {
                self.log = format!("{notes}hiprtc: error: {e}\n");
                return Err(e);
            }
        };
        self.log = notes.clone() + &outcome.log;
        match outcome.status {
            nvrtc::Status::Success => {}
            nvrtc::Status::Failed { code, message } => {
                if !self.log.is_empty() && !self.log.ends_with('\n') {
                    self.log.push('\n');
                }
                return Err(match code {
                    nvrtc::codes::COMPILATION => Error::Compilation,
                    nvrtc::codes::INVALID_OPTION => {
                        let first = outcome.log.lines().next().unwrap_or("").trim();
                        Error::InvalidOption(if first.is_empty() {
                            format!("NVRTC rejected an option ({message})")
                        } else {
                            first.to_owned()
                        })
                    }
                    _ => {
                        self.log
                            .push_str(&format!("hiprtc: error: nvrtcCompileProgram: {message}\n"));
                        Error::Nvrtc {
                            call: "nvrtcCompileProgram",
                            code,
                            message,
                        }
                    }
                });
            }
        }
        let lowered = self.pair_lowered(outcome.lowered, "no lowered name");
        let entry = Entry {
            code: outcome.cubin,
            // Only NVRTC's log is kept: hiprtc's notes are made again on every compilation.
            log: self.log[notes.len()..].to_owned(),
            lowered,
            dependencies,
        };
        // A cache that cannot be written only costs time later.
        let _ = cache.store(&key, &entry);
        let compiled = self
            .compiled_state(&entry)
            .ok_or_else(|| Error::Internal("a lowered name contains NUL".into()))?;
        self.state = State::Compiled(compiled);
        Ok(CompileReport {
            platform: Platform::Nvidia,
            cache_hit: false,
            duration: start.elapsed(),
        })
    }

    /// Runs NVRTC on this program with the complete option list `args`.
    /// Pairs each name expression with its lowered name, logging a warning ("`missing`
    /// for name expression ...") for each one that has none.
    fn pair_lowered(
        &mut self,
        names: Vec<Option<String>>,
        missing: &str,
    ) -> Vec<(String, Option<String>)> {
        let mut lowered = Vec::with_capacity(names.len());
        for (expr, name) in self.name_expressions.iter().zip(names) {
            if name.is_none() {
                self.log.push_str(&format!(
                    "hiprtc: warning: {missing} for name expression '{expr}'\n"
                ));
            }
            lowered.push((expr.clone(), name));
        }
        lowered
    }

    fn run_nvrtc(
        &self,
        nvrtc: &Nvrtc,
        args: &[String],
        pre_includes: &[String],
    ) -> Result<nvrtc::Compiled, Error> {
        let nul = |what: &str| Error::InvalidInput(format!("{what} contains a NUL byte"));
        let file_name = source_file_name(&self.name);
        let source = CString::new(nvidia::prelude_source(
            &self.source,
            &file_name,
            pre_includes,
        ))
        .map_err(|_| nul("the source"))?;
        let name = CString::new(file_name).map_err(|_| nul("the program name"))?;
        let mut headers = Vec::with_capacity(self.headers.len());
        for (n, contents) in &self.headers {
            headers.push((
                CString::new(n.as_str()).map_err(|_| nul("an include name"))?,
                CString::new(contents.as_slice()).map_err(|_| nul("a header"))?,
            ));
        }
        let options = args
            .iter()
            .map(|a| CString::new(a.as_str()).map_err(|_| nul("an option")))
            .collect::<Result<Vec<_>, _>>()?;
        let exprs = self
            .name_expressions
            .iter()
            .map(|e| CString::new(e.as_str()).map_err(|_| nul("a name expression")))
            .collect::<Result<Vec<_>, _>>()?;
        nvrtc.compile(&nvrtc::Input {
            source: &source,
            name: &name,
            headers: &headers,
            options: &options,
            name_expressions: &exprs,
        })
    }

    /// The compiled state an entry describes (`None` if it does not match this program).
    fn compiled_state(&self, entry: &Entry) -> Option<Compiled> {
        if entry.code.is_empty() || entry.lowered.len() != self.name_expressions.len() {
            return None;
        }
        let mut lowered = Vec::with_capacity(entry.lowered.len());
        for ((expr, name), mine) in entry.lowered.iter().zip(&self.name_expressions) {
            if expr != mine {
                return None;
            }
            let name = match name {
                Some(n) => Some(CString::new(n.as_str()).ok()?),
                None => None,
            };
            lowered.push((expr.clone(), name));
        }
        Some(Compiled {
            code: entry.code.clone(),
            lowered,
        })
    }

    /// The architecture the last NVIDIA compilation targeted (`sm_XX`; `None` before one,
    /// or after a CPU compilation).
    pub fn target(&self) -> Option<&str> {
        self.target.as_deref()
    }

    /// The program log (empty before compilation).
    pub fn log(&self) -> &str {
        &self.log
    }

    /// The code object of the last successful compilation.
    pub fn code(&self) -> Result<&[u8], Error> {
        match &self.state {
            State::Compiled(c) => Ok(&c.code),
            State::Created => Err(Error::InvalidProgram(
                "the program has not been compiled".into(),
            )),
            State::Failed => Err(Error::InvalidProgram(
                "the program's compilation failed".into(),
            )),
        }
    }

    /// `hiprtcGetLoweredName`: the lowered name of a name expression added before
    /// compilation (matched exactly, else ignoring surrounding white space).
    pub fn lowered_name(&self, expr: &str) -> Result<&CString, Error> {
        let State::Compiled(c) = &self.state else {
            return Err(Error::NoLoweredNamesBeforeCompilation);
        };
        let found = c
            .lowered
            .iter()
            .find(|(e, _)| e == expr)
            .or_else(|| c.lowered.iter().find(|(e, _)| e.trim() == expr.trim()));
        match found {
            Some((_, Some(name))) => Ok(name),
            Some((e, None)) => Err(Error::NameExpressionNotValid(format!(
                "no symbol found for '{e}'"
            ))),
            None => Err(Error::NameExpressionNotValid(format!(
                "'{expr}' was not added before compilation"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::HiprtcResult;

    #[test]
    fn life_cycle_errors() {
        let bad = Program::new(b"", None, vec![("../x.h".into(), vec![])]);
        assert_eq!(
            bad.expect_err("bad header").result(),
            HiprtcResult::InvalidInput
        );
        let mut p = Program::new(b"int x;", None, vec![]).expect("program");
        assert_eq!(p.name(), DEFAULT_PROGRAM_NAME);
        assert_eq!(p.log(), "");
        assert_eq!(
            p.code().expect_err("not compiled").result(),
            HiprtcResult::InvalidProgram
        );
        assert_eq!(
            p.lowered_name("k").expect_err("not compiled").result(),
            HiprtcResult::NoLoweredNamesBeforeCompilation
        );
        assert_eq!(
            p.add_name_expression(" & ").expect_err("empty").result(),
            HiprtcResult::InvalidInput
        );
        p.add_name_expression("k<1>").expect("add");
        p.add_name_expression("k<1>").expect("add again");
        assert_eq!(p.name_expressions(), ["k<1>"]);

        // An unknown option fails before hipcc is needed, and the log names it.
        let e = p
            .compile(
                &["-fbogus".into()],
                Err(Error::Compiler("unused".into())),
                &Cache::disabled(),
            )
            .expect_err("bad option");
        assert_eq!(e.result(), HiprtcResult::InvalidOption);
        assert!(p.log().contains("'-fbogus'"), "{}", p.log());
        assert_eq!(
            p.add_name_expression("k<2>")
                .expect_err("after compile")
                .result(),
            HiprtcResult::NoNameExpressionsAfterCompilation
        );
        assert_eq!(
            p.code().expect_err("failed").result(),
            HiprtcResult::InvalidProgram
        );

        // A missing hipcc is reported in the log.
        let e = p
            .compile(
                &[],
                Err(Error::Compiler("hipcc not found".into())),
                &Cache::disabled(),
            )
            .expect_err("no hipcc");
        assert_eq!(e.result(), HiprtcResult::BuiltinOperationFailure);
        assert!(p.log().contains("hipcc not found"), "{}", p.log());
    }
}
