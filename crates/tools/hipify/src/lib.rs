//! hipify: translates CUDA sources to HIP, token by token.
//!
//! - [`tables`]: the CUDA -> HIP/ROC name tables, generated from `data/mappings.tsv`;
//! - [`mod@translate`]: the translator (identifiers, headers, kernel launches, argument rules);
//! - [`syntax`]: brackets, call arguments and `<<<...>>>` launches over tokens;
//! - [`conditional`]: `#if` evaluation for skipping inactive branches;
//! - [`warp`]: warp-size-sensitive code (AMD wavefronts have 64 lanes);
//! - [`stats`]: statistics and warnings;
//! - [`cli`]: the command lines of `hipify`, `hipify-perl` and `hipify-clang`.
//!
//! The lexer is `ferrocm-cxx-lexer`, shared with hipcc.

pub mod cli;
pub mod conditional;
pub mod stats;
pub mod syntax;
pub mod tables;
pub mod translate;
pub mod warp;

pub use translate::{translate, Options, Translation};
