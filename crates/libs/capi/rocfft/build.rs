fn main() {
    // SONAME without a version suffix, as for libamdhip64 (see its build script).
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,librocfft.so");
    // The version rocfft_get_version_string reports: ROCm 6.3's rocFFT, which this
    // library's API follows (include/rocfft/rocfft-version.h says the same).
    println!("cargo:rustc-env=ROCFFT_VERSION_STRING=1.0.31");
}
