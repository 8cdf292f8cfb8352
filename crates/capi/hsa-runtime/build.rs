fn main() {
    // The library is installed as libhsa-runtime64.so(.1), like ROCR.
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libhsa-runtime64.so.1");
}
