fn main() {
    // ROCm 7's libhiprtc SONAME; programs link against libhiprtc.so.
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libhiprtc.so");
}
