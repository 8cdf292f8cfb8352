//! The mapping tables: CUDA names to HIP (and rocBLAS/rocFFT/... under `--roc`) names, and the
//! argument rules of a few calls. Both are generated at build time from `data/mappings.tsv`
//! and `data/arguments.tsv` (see `data/generate.py` for where the facts come from).

use std::collections::HashMap;
use std::sync::OnceLock;

/// What a CUDA name becomes in one target (HIP or ROC).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// No row for this target: the name is left alone (under `--roc`, the HIP name applies).
    None,
    /// The target has no equivalent: the name is left alone and reported.
    Unsupported,
    /// Dropped: a header with no HIP counterpart (its `#include` line goes).
    Drop,
    /// The target's name.
    Name(&'static str),
}

/// Notes on a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flags {
    /// Only translated with `--experimental` (HIPIFY marks the HIP side experimental).
    pub experimental: bool,
    /// Deprecated in this CUDA version.
    pub deprecated: Option<&'static str>,
    /// Removed in this CUDA version.
    pub removed: Option<&'static str>,
    /// Depends on the warp size (32 on NVIDIA, 64 on AMD): flagged for review.
    pub warp: bool,
}

/// One CUDA name and what it becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mapping {
    /// The CUDA name (an identifier, or a header path for include rows).
    pub cuda: &'static str,
    /// Its HIP translation.
    pub hip: Target,
    /// Its translation under `--roc`.
    pub roc: Target,
    /// hipify's statistics category (`memory`, `library`, `include`...; `-` if unknown).
    pub category: &'static str,
    /// The API it belongs to (`runtime`, `driver`, `cuBLAS`...).
    pub api: &'static str,
    /// Notes.
    pub flags: Flags,
}

impl Mapping {
    /// Whether this is a header row (matched against `#include` paths, not identifiers).
    pub fn is_header(&self) -> bool {
        self.category.starts_with("include")
    }

    /// Whether the name is only an identifier hipify-perl's users whitelisted as not an API.
    pub fn is_not_api(&self) -> bool {
        self.category == "not_api"
    }

    /// Whether the name is translated only where it names a namespace (`cub::`).
    pub fn is_namespace(&self) -> bool {
        self.category == "namespace"
    }

    /// What the name becomes: the ROC name under `--roc` where there is one, else the HIP one.
    pub fn target(&self, roc: bool) -> Target {
        match (roc, self.roc) {
            (true, Target::None) | (false, _) => self.hip,
            (true, t) => t,
        }
    }
}

/// How an argument changes (see `data/arguments.tsv`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgumentAction {
    /// `x` becomes `HIP_SYMBOL(x)`.
    Symbol,
    /// `f` becomes `reinterpret_cast<const void*>(f)`.
    VoidPtr,
    /// The argument goes (with its comma).
    Drop,
    /// A call with no more arguments than the index gets this one appended.
    Append(&'static str),
}

/// An argument of a HIP function that differs from the CUDA call's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArgumentRule {
    /// The HIP function (after translation).
    pub function: &'static str,
    /// Which argument (0-based).
    pub index: usize,
    /// What happens to it.
    pub action: ArgumentAction,
}

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// The tables, indexed for lookup.
pub struct Tables {
    identifiers: HashMap<&'static str, &'static Mapping>,
    headers: HashMap<&'static str, &'static Mapping>,
    arguments: HashMap<&'static str, Vec<ArgumentRule>>,
}

impl Tables {
    /// The built-in tables (indexed once per process).
    pub fn builtin() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(|| {
            let mut identifiers = HashMap::with_capacity(MAPPINGS.len());
            let mut headers = HashMap::new();
            for m in MAPPINGS {
                if m.is_header() {
                    headers.insert(m.cuda, m);
                } else {
                    identifiers.insert(m.cuda, m);
                }
            }
            let mut arguments: HashMap<&'static str, Vec<ArgumentRule>> = HashMap::new();
            for r in ARGUMENT_RULES {
                arguments.entry(r.function).or_default().push(*r);
            }
            Tables {
                identifiers,
                headers,
                arguments,
            }
        })
    }

    /// The row of an identifier.
    pub fn identifier(&self, name: &str) -> Option<&'static Mapping> {
        self.identifiers.get(name).copied()
    }

    /// The row of a header path as written in an `#include` (`cuda_runtime.h`, `cub/cub.cuh`).
    pub fn header(&self, path: &str) -> Option<&'static Mapping> {
        self.headers.get(path).copied()
    }

    /// The argument rules of a HIP function.
    pub fn argument_rules(&self, hip_function: &str) -> &[ArgumentRule] {
        self.arguments
            .get(hip_function)
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// Every row, in the data file's order.
    pub fn all() -> &'static [Mapping] {
        MAPPINGS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_from_each_table_are_there() {
        let t = Tables::builtin();
        let hip = |n: &str| t.identifier(n).map(|m| m.target(false));
        let roc = |n: &str| t.identifier(n).map(|m| m.target(true));
        assert_eq!(hip("cudaMalloc"), Some(Target::Name("hipMalloc")));
        assert_eq!(hip("cuCtxCreate"), Some(Target::Name("hipCtxCreate")));
        assert_eq!(hip("cublasSgemm"), Some(Target::Name("hipblasSgemm")));
        assert_eq!(roc("cublasSgemm"), Some(Target::Name("rocblas_sgemm")));
        // --roc falls back to the HIP name where there is no ROC row.
        assert_eq!(roc("cudaMalloc"), Some(Target::Name("hipMalloc")));
        assert_eq!(hip("cufftPlan1d"), Some(Target::Name("hipfftPlan1d")));
        assert_eq!(hip("curand_init"), Some(Target::Name("hiprand_init")));
        assert_eq!(hip("cusparseCreate"), Some(Target::Name("hipsparseCreate")));
        assert_eq!(
            hip("cusolverDnCreate"),
            Some(Target::Name("hipsolverDnCreate"))
        );
        assert_eq!(hip("cudnnCreate"), Some(Target::Name("miopenCreate")));
        assert_eq!(hip("nvtxRangePushA"), Some(Target::Name("roctxRangePushA")));
        assert_eq!(hip("cudaStream_t"), Some(Target::Name("hipStream_t")));
        assert_eq!(hip("cudaSuccess"), Some(Target::Name("hipSuccess")));
        assert_eq!(
            hip("cudaMemcpyHostToDevice"),
            Some(Target::Name("hipMemcpyHostToDevice"))
        );
        let h = |p: &str| t.header(p).map(|m| m.target(false));
        assert_eq!(h("cuda_runtime.h"), Some(Target::Name("hip/hip_runtime.h")));
        assert_eq!(h("cublas_v2.h"), Some(Target::Name("hipblas/hipblas.h")));
        assert_eq!(h("curand.h"), Some(Target::Name("hiprand/hiprand.h")));
        assert_eq!(h("cub/cub.cuh"), Some(Target::Name("hipcub/hipcub.hpp")));
        assert_eq!(h("nccl.h"), Some(Target::Name("rccl/rccl.h")));
        assert_eq!(h("device_launch_parameters.h"), Some(Target::Drop));
        assert!(t
            .identifier("__shfl_down_sync")
            .is_some_and(|m| m.flags.warp));
    }

    /// Translating twice must change nothing: no HIP name is itself a CUDA name that maps
    /// elsewhere.
    #[test]
    fn no_mapping_chains() {
        let t = Tables::builtin();
        for m in Tables::all() {
            for roc in [false, true] {
                if let Target::Name(to) = m.target(roc) {
                    let again = if m.is_header() {
                        t.header(to)
                    } else {
                        t.identifier(to)
                    };
                    if let Some(n) = again {
                        assert!(
                            n.target(roc) == Target::Name(to) || n.cuda == m.cuda,
                            "{} -> {to} -> {:?}",
                            m.cuda,
                            n.target(roc)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn argument_rules_name_hip_functions_the_tables_produce() {
        let produced: std::collections::HashSet<_> = Tables::all()
            .iter()
            .filter_map(|m| match m.hip {
                Target::Name(n) => Some(n),
                _ => None,
            })
            .collect();
        for r in ARGUMENT_RULES {
            assert!(produced.contains(r.function), "{}", r.function);
        }
    }
}
