//! libamdhip64.so
