//! Every corpus case translates to its expected output exactly, with exactly the expected
//! warnings, and translating the output again changes nothing (idempotence).
//!
//! `HIPIFY_BLESS=1 cargo test -p ferrocm-hipify --test corpus` writes the current outputs as
//! the expected ones (review the diff before committing it).

mod common;

use hipify::translate;

#[test]
fn corpus_translates_as_expected() {
    let bless = std::env::var_os("HIPIFY_BLESS").is_some();
    let cases = common::cases();
    assert!(cases.len() >= 20, "corpus has {} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let opts = case.options();
        let t = translate(&case.input, &opts);
        if bless {
            let path = common::corpus_dir().join("expected").join(&case.name);
            std::fs::write(path, &t.text).expect("write expected output");
            continue;
        }
        let mut problems = Vec::new();
        if t.text != case.expected {
            problems.push(format!(
                "output differs:\n--- expected\n{}\n--- got\n{}",
                case.expected, t.text
            ));
        }
        problems.extend(case.warning_mismatch(&t.warnings));
        let again = translate(&t.text, &opts);
        if again.text != t.text {
            problems.push(format!("not idempotent:\n{}", again.text));
        }
        if !problems.is_empty() {
            failures.push(format!("{}:\n  {}", case.name, problems.join("\n  ")));
        }
    }
    eprintln!(
        "hipify corpus: {} of {} files fully right",
        cases.len() - failures.len(),
        cases.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Bytes outside the rewritten tokens are copied exactly: removing every edit's effect is
/// checked indirectly by the corpus, and directly here on a file with nothing to translate.
#[test]
fn untouched_file_is_byte_identical() {
    let src = "// no CUDA here\r\n#include <vector>\n\tint main() { return R\"(x)\"[0] == 'x' ? 0 : 1; } /* end */";
    let t = translate(src, &hipify::Options::default());
    assert_eq!(t.text, src);
    assert_eq!(t.stats.converted_count(), 0);
}
