//! hipcc library: source rewriting and compiler driving.
