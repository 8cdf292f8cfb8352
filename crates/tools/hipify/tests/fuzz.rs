//! Random token streams through the translator (a fixed-seed generator, so failures
//! reproduce; a failing case is written to target/tmp/fuzz-failure.cu): no panic, comments and
//! string literals come out unchanged, and translating the output again changes nothing.
//!
//! The default 10,000 cases pass (300,000 do too). Far longer runs find garbage where a
//! `<<<` sits inside another launch's configuration (not CUDA): the first pass rewrites one
//! of the two, the second pass the other; ordinary nesting (launches in macro bodies, in
//! lambdas, in arguments) is not affected.

use cxx_lexer::{tokenize_with, Options as LexOptions, TokenKind};
use hipify::{translate, Options};

/// Pieces programs are made of: CUDA names of each table, the launch and include syntax,
/// brackets, comments, literals, directives, continuations. Directives follow a `;`: hipify
/// looks for launches between directives only, so a directive inside a launch's configuration
/// (which would end it) is left out, as is the one argument rule that drops an argument (its
/// comments would go with it).
const VOCABULARY: &[&str] = &[
    "cudaMalloc",
    "cudaFree",
    "cudaMemcpyToSymbol",
    "cudaFuncGetAttributes",
    "cudaLaunchKernel",
    "cudaStream_t",
    "cudaSuccess",
    "cuCtxCreate",
    "cublasSgemm",
    "cufftPlan1d",
    "curand_init",
    "cusparseCreate",
    "cudnnCreate",
    "cudnnSetTensor4dDescriptor",
    "nvtxRangePushA",
    "cub",
    "namespace",
    "__shfl_down_sync",
    "__global__",
    "threadIdx",
    "warp",
    "lane",
    "umul24",
    "cudaGraphExecGetFlags",
    "cudaThreadSynchronize",
    "cudaFoo",
    "my_cudaMalloc",
    "k",
    "x",
    "thrust",
    "HIP_SYMBOL",
    "32",
    "0xffffffff",
    "1.5f",
    "1'000",
    "'c'",
    "'\\''",
    "\"cudaMalloc\"",
    "\"a\\\"b\"",
    "R\"(cudaFree)\"",
    "u8\"s\"",
    "/* cudaMalloc */",
    "// c\n",
    "(",
    ")",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "<",
    "<",
    "<",
    ">",
    ">",
    ">",
    "<<<",
    ">>>",
    ",",
    ",",
    ";",
    ";",
    "::",
    ".",
    "->",
    "#",
    "##",
    "*",
    "&",
    "=",
    "?",
    ":",
    "-",
    "+",
    "\n",
    "\n",
    "\\\n",
    ";\n#include <cuda_runtime.h>\n",
    ";\n#include \"cuda.h\"\n",
    ";\n#include <device_launch_parameters.h>\n",
    ";\n#define M(a) cuda##a cudaMalloc\n",
    ";\n#if defined(X)\n",
    ";\n#else\n",
    ";\n#endif\n",
    ";\n#ifndef G\n#define G\n",
    ";\n#pragma once\n",
    "k<<<1, 2>>>(x);",
    "k<T><<<g, b, 0, s>>>();",
    "\"unterminated",
    "/* unterminated",
    "\r\n",
    "é",
];

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn literals(src: &str) -> Vec<String> {
    tokenize_with(
        src,
        LexOptions {
            comments: true,
            directives: true,
        },
    )
    .into_iter()
    .filter(|t| {
        matches!(
            t.kind,
            TokenKind::Comment | TokenKind::Str | TokenKind::Char
        )
    })
    .map(|t| t.text(src).to_string())
    .collect()
}

#[test]
fn random_token_streams() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    // HIPIFY_FUZZ_CASES=N runs more (or fewer) cases than the default 10,000.
    let cases: usize = std::env::var("HIPIFY_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    for case in 0..cases {
        let n = rng.below(120);
        let mut src = String::new();
        for _ in 0..n {
            src.push_str(VOCABULARY[rng.below(VOCABULARY.len())]);
            if rng.below(3) == 0 {
                src.push(' ');
            }
        }
        let opts = Options {
            roc: rng.below(2) == 0,
            hip_launch_syntax: rng.below(2) == 0,
            experimental: rng.below(2) == 0,
            skip_excluded_blocks: rng.below(2) == 0,
            ..Options::default()
        };
        let t = translate(&src, &opts);
        // Comments and literals are never touched (a dropped #include line holds none: its
        // comments are part of the directive token). An unterminated string (invalid C++)
        // runs to the end of its line, so text inserted after a token before it on that line
        // (a closing parenthesis) joins it: only the absence of panics is checked then.
        let unterminated = src.contains("\"unterminated");
        assert!(
            unterminated || literals(&src) == literals(&t.text),
            "case {case}: literals changed\n--- input\n{src}\n--- output\n{}",
            t.text
        );
        let again = translate(&t.text, &opts);
        for (a, b) in t.text.lines().zip(again.text.lines()) {
            if a != b {
                eprintln!("first pass:  {a}\nsecond pass: {b}");
            }
        }
        if again.text != t.text {
            let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
            let _ = std::fs::write(dir.join("fuzz-failure.cu"), &src);
        }
        assert_eq!(
            again.text, t.text,
            "case {case}: not idempotent\n--- input\n{src}\n--- output\n{}\n--- options\n{opts:?}",
            t.text
        );
    }
}
