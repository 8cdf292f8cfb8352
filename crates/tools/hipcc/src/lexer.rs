//! The C++ lexer, shared with hipify: it lives in `ferrocm-cxx-lexer` (crates/tools/cxx-lexer)
//! and is re-exported here so the rewriter's modules keep using `crate::lexer`.

pub use cxx_lexer::*;
