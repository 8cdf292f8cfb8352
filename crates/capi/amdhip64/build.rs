fn main() {
    // SONAME without a version suffix: programs built by hipcc then run against the library
    // both in dist/lib and in a cargo target directory (which has no versioned symlink).
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libamdhip64.so");
}
