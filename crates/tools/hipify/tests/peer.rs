//! hipify-perl (ROCm's, run with perl) on the same corpus: where its context-blind regular
//! expressions go wrong and ours does not. Prints both scores; checks that hipify-perl is
//! wrong on the cases built to show its failure modes (strings and comments, identifiers that
//! contain a CUDA name, include spelling, launches, idempotence) while ours is right.
//! Skips, saying so, where perl or the peer script is missing (`HIPIFY_PERL` names it).

mod common;

use std::process::Command;

use hipify::translate;

/// Cases hipify-perl gets wrong, with why (each assertion failed before we checked).
const PERL_WRONG: &[(&str, &str)] = &[
    (
        "strings_comments.cu",
        "rewrites CUDA names inside comments and string literals",
    ),
    (
        "identifiers.cu",
        "its 'cuda.h' pattern ('.' matches any character) turns `cuda_h` into `hip/hip_runtime.h`",
    ),
    (
        "includes.cu",
        "writes `#include <>` for device_launch_parameters.h, rewrites third_party/cuda.h, leaves three runtime headers",
    ),
    (
        "launch_hip_syntax.cu",
        "leaves a template kernel's launch with `sizeof(float) * 256` shared memory in chevrons",
    ),
    (
        "macros.cu",
        "leaves the launch in a macro body (grid `(n + 127) / 128`) in chevrons",
    ),
    (
        "runtime_basic.cu",
        "inserts a second hip_runtime.h include although cuda_runtime.h became one",
    ),
];

/// How many of `expected`'s lines `got` has (as a multiset: order ignored, like the CHECK-line
/// count of HIPIFY's own test corpus).
fn lines_found(expected: &str, got: &str) -> usize {
    let mut have: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for l in got.lines() {
        *have.entry(l).or_default() += 1;
    }
    expected
        .lines()
        .filter(|l| {
            have.get_mut(l)
                .filter(|n| **n > 0)
                .map(|n| *n -= 1)
                .is_some()
        })
        .count()
}

/// hipify-perl's spelling of a case's flags, or `None` if it lacks one of them.
fn perl_flags(flags: &[String]) -> Option<Vec<String>> {
    flags
        .iter()
        .map(|f| match f.as_str() {
            "--roc" => Some("-roc".to_string()),
            "--hip-kernel-execution-syntax" => Some("-hip-kernel-execution-syntax".to_string()),
            "--experimental" => Some("-experimental".to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn hipify_perl_on_the_corpus() {
    let Some(perl_script) = common::hipify_perl() else {
        eprintln!("skipped: hipify-perl or perl not found (set HIPIFY_PERL)");
        return;
    };
    let cases = common::cases();
    let (mut ours_right, mut perl_right, mut compared) = (0, 0, 0);
    let (mut lines, mut perl_lines) = (0, 0);
    let mut perl_wrong = Vec::new();
    for case in &cases {
        let Some(flags) = perl_flags(&case.flags) else {
            eprintln!(
                "{:28} n/a for hipify-perl (flags {:?})",
                case.name, case.flags
            );
            continue;
        };
        compared += 1;
        let ours = translate(&case.input, &case.options()).text;
        let out = Command::new("perl")
            .arg(&perl_script)
            .arg("-quiet-warnings")
            .args(&flags)
            .arg(&case.input_path)
            .output()
            .expect("run perl");
        let theirs = String::from_utf8_lossy(&out.stdout).into_owned();
        lines += case.expected.lines().count();
        perl_lines += lines_found(&case.expected, &theirs);
        let ours_ok = ours == case.expected;
        let perl_ok = theirs == case.expected;
        ours_right += usize::from(ours_ok);
        perl_right += usize::from(perl_ok);
        if !perl_ok {
            perl_wrong.push(case.name.clone());
        }
        eprintln!(
            "{:28} ours: {:5}  hipify-perl: {}",
            case.name,
            if ours_ok { "right" } else { "WRONG" },
            if perl_ok { "right" } else { "wrong" }
        );
    }
    eprintln!(
        "fully right on {compared} corpus files: ours {ours_right}, hipify-perl {perl_right}; \
         expected lines present in hipify-perl's output: {perl_lines} of {lines} ({:.1}%)",
        100.0 * perl_lines as f64 / lines.max(1) as f64
    );
    assert_eq!(ours_right, compared);
    for (name, why) in PERL_WRONG {
        assert!(
            perl_wrong.iter().any(|n| n == name),
            "expected hipify-perl to fail {name} ({why})"
        );
    }
}

/// hipify-perl is not idempotent: run on its own output it inserts the runtime header again.
/// Ours changes nothing the second time (checked for the whole corpus in corpus.rs).
#[test]
fn hipify_perl_is_not_idempotent() {
    let Some(perl_script) = common::hipify_perl() else {
        eprintln!("skipped: hipify-perl or perl not found (set HIPIFY_PERL)");
        return;
    };
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("hipify-perl-twice");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let once = dir.join("once.cu");
    let twice = dir.join("twice.cu");
    let src = common::corpus_dir().join("launch_kept.cu");
    let run = |input: &std::path::Path, output: &std::path::Path| {
        let s = Command::new("perl")
            .arg(&perl_script)
            .arg("-quiet-warnings")
            .arg(format!("-o={}", output.display()))
            .arg(input)
            .status()
            .expect("run perl");
        assert!(s.success());
        std::fs::read_to_string(output).expect("read perl output")
    };
    let a = run(&src, &once);
    let b = run(&once, &twice);
    assert_ne!(a, b, "hipify-perl became idempotent");
    let ours = translate(&a, &hipify::Options::default()).text;
    let ours_once = translate(
        &std::fs::read_to_string(&src).expect("read"),
        &hipify::Options::default(),
    )
    .text;
    assert_eq!(
        translate(&ours_once, &hipify::Options::default()).text,
        ours_once
    );
    // And ours does not add a third header to hipify-perl's output either.
    assert_eq!(
        ours.matches("hip_runtime.h").count(),
        a.matches("hip_runtime.h").count()
    );
}

/// hipify-perl's warnings for unsupported and removed names match substrings anywhere in a
/// line: `memoryBarrier` inside `memoryBarrierCount`, the removed `texture` inside a comment.
/// Ours looks up whole identifiers in code and warns about neither.
#[test]
fn hipify_perl_warns_inside_words() {
    let Some(perl_script) = common::hipify_perl() else {
        eprintln!("skipped: hipify-perl or perl not found (set HIPIFY_PERL)");
        return;
    };
    let src = "int memoryBarrierCount = 0;\nint size(int v) { return v; } // texture size\n";
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("hipify-perl-words");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let file = dir.join("words.cpp");
    std::fs::write(&file, src).expect("write");
    let out = Command::new("perl")
        .arg(&perl_script)
        .arg("-no-output")
        .arg(&file)
        .output()
        .expect("run perl");
    let err = String::from_utf8_lossy(&out.stderr);
    for name in ["memoryBarrier", "texture"] {
        assert!(
            err.contains(&format!("identifier: {name}")),
            "hipify-perl no longer warns about {name}:\n{err}"
        );
    }
    let ours = translate(src, &hipify::Options::default());
    assert!(ours.warnings.is_empty(), "{:?}", ours.warnings);
    assert_eq!(ours.text, src);
}
