#!/usr/bin/env bash
# Builds gpu-bundle/: everything scripts/gpu-check.sh needs on the lent GPU machine, which has
# CUDA (nvcc, libcuda) but no Rust. Output (ignored by git, well under the device tool's 64 MiB
# carry limit thanks to stripping):
#   gpu-bundle/bin/{hipcc,hipconfig,rocminfo,hip-conformance}
#   gpu-bundle/lib/{libamdhip64.so{,.7},libhiprtc.so{,.7},libhsa-runtime64.so{,.1}}
#   gpu-bundle/include/{hip,hsa,ferrocm}/...
#   gpu-bundle/rust-tests/<name>   prebuilt Rust test binaries (see RUST_TESTS below)
#
# Usage: scripts/gpu-bundle.sh [--release]      (default: debug build, stripped; faster to build)
# Environment: CARGO_TARGET_DIR (as for cargo); RUST_TESTS="pkg:test pkg:test ..." (default:
#   every GPU test binary, $DEFAULT_RUST_TESTS below; a test name of `lib` means the package's
#   unit tests).
#
# Then, with the device tool: run(command="scripts/gpu-check.sh gpu-bundle.tar.xz",
# carry=["gpu-bundle.tar.xz"]) (or the unpacked gpu-bundle when it fits the 64 MiB carry limit).
# The repository itself (tests/hip, scripts/) travels as the working tree.
set -euo pipefail
cd "$(dirname "$0")/.."
flag=--debug
profile=debug
cargo_flag=
if [ "${1:-}" = "--release" ]; then flag=; profile=release; cargo_flag=--release; fi
target=${CARGO_TARGET_DIR:-target}

scripts/dist.sh $flag
# The conformance runner (crates/tools/conformance), which gpu-check.sh runs for the HIP programs.
cargo build $cargo_flag -p ferrocm-conformance --bin hip-conformance

# The Rust tests that exercise a GPU (each skips visibly without one).
DEFAULT_RUST_TESTS="ferrocm-hip:nvidia ferrocm-hip:safe_nvidia ferrocm-hip-capi:nvidia_platform
  ferrocm-hip-capi:nvidia_graph ferrocm-hiprtc:nvrtc ferrocm-hiprtc-capi:nvidia_platform
  ferrocm-hsa:nvidia_agent ferrocm-smi:nvidia ferrocm-hip-capi:bad_input
  ferrocm-rocprofv3:nvidia_kernel_trace"
# The ROCm libraries' GPU tests and libraries are large in debug builds (faer): release only,
# so that the default (debug) bundle stays under the device tool's 64 MiB.
if [ -n "$cargo_flag" ]; then DEFAULT_RUST_TESTS="$DEFAULT_RUST_TESTS ferrocm-blas:nvidia"; fi
if [ -n "$cargo_flag" ]; then DEFAULT_RUST_TESTS="$DEFAULT_RUST_TESTS ferrocm-fft:nvidia ferrocm-rand:nvidia"; fi

out=gpu-bundle
rm -rf "$out"
mkdir -p "$out/bin" "$out/lib" "$out/rust-tests"
cp dist/bin/hipcc dist/bin/hipconfig dist/bin/rocminfo "$target/$profile/hip-conformance" "$out/bin/"
# rocprofv3 for its GPU test (ferrocm-rocprofv3:nvidia_kernel_trace).
if [ -e dist/bin/rocprofv3 ]; then cp dist/bin/rocprofv3 "$out/bin/"; fi
cp -L dist/lib/libamdhip64.so dist/lib/libhiprtc.so dist/lib/libhsa-runtime64.so.1 "$out/lib/"
# The ROCm libraries (rocBLAS/hipBLAS over cuBLAS, rocRAND/hipRAND over cuRAND on NVIDIA, roctx),
# for programs and tests that link them: roctx always, BLAS and RAND in release bundles only (see
# DEFAULT_RUST_TESTS).
libs=(libroctx64.so)
if [ -n "$cargo_flag" ]; then libs+=(librocblas.so libhipblas.so); fi
if [ -n "$cargo_flag" ]; then libs+=(librocfft.so libhipfft.so librocrand.so libhiprand.so); fi
for lib in "${libs[@]}"; do
  if [ -e "dist/lib/$lib" ]; then cp -L "dist/lib/$lib" "$out/lib/"; fi
done
ln -sf libamdhip64.so "$out/lib/libamdhip64.so.7"
ln -sf libhiprtc.so "$out/lib/libhiprtc.so.7"
ln -sf libhsa-runtime64.so.1 "$out/lib/libhsa-runtime64.so"
cp -r dist/include "$out/"

for spec in ${RUST_TESTS:-$DEFAULT_RUST_TESTS}; do
  pkg=${spec%%:*}
  test=${spec#*:}
  if [ "$test" = lib ]; then sel=(--lib); else sel=(--test "$test"); fi
  # The executable paths come from cargo's JSON messages.
  exes=$(cargo test $cargo_flag -p "$pkg" "${sel[@]}" --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json,sys
for l in sys.stdin:
    try: m=json.loads(l)
    except Exception: continue
    # The test harness only: an integration test also builds its package'"'"'s binaries
    # (rocprofv3'"'"'s tests run the rocprofv3 executable), which are not the test.
    if m.get("reason")=="compiler-artifact" and m.get("executable") and m.get("profile",{}).get("test"):
        print(m["executable"])')
  for e in $exes; do
    cp "$e" "$out/rust-tests/${pkg}-${test}"
  done
done

# --strip-all keeps the dynamic symbol tables (what the loader needs) and halves the size.
find "$out/bin" "$out/lib" "$out/rust-tests" -type f -exec strip --strip-all {} + 2>/dev/null || true
du -sh "$out"
size=$(du -sm "$out" | cut -f1)
if [ "$size" -gt 60 ]; then
  echo "warning: $out is ${size} MiB; the device tool carries at most 64 MiB with the tree" >&2
fi
# The device tool carries at most 64 MiB with the working tree; a release bundle is larger, so it
# is also packed (xz: about a sixth of the size), and gpu-check.sh unpacks it on the GPU machine.
tar -cJf "$out.tar.xz" "$out"
echo "$out/ ready ($profile): run scripts/gpu-check.sh $out.tar.xz on the GPU machine with carry=[\"$out.tar.xz\"] (or $out itself if it fits)"
