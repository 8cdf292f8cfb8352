//! HIP runtime core.
