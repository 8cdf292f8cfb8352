fn main() {
    // SONAME without a version suffix, as for libamdhip64 (see its build script).
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libamd_smi.so");
}
