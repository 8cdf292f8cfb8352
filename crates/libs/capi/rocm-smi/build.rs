fn main() {
    // ROCm's SONAME is librocm_smi64.so.<major>; programs link -lrocm_smi64, so one name will do
    // (dist/ adds the .7 link).
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,librocm_smi64.so");
}
