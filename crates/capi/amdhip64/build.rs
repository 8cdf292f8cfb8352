fn main() {
    // ROCm 7's libamdhip64 SONAME; programs link against libamdhip64.so.
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libamdhip64.so.7");
}
