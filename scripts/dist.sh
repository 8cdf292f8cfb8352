#!/usr/bin/env bash
# Builds the workspace and lays it out like a ROCm install under dist/:
#   dist/bin/{rocminfo,hipcc,hipconfig,hipify,hipify-perl,hipify-clang,rocprofv3}
#   dist/lib/{libhsa-runtime64.so{,.1},libamdhip64.so,libhiprtc.so}
#   dist/include/{hsa,hip,ferrocm}/...
#   dist/lib/cmake/<package>/, dist/lib/pkgconfig/*.pc (scripts/dist-packages.sh)
# Usage: scripts/dist.sh [--debug]      (DIST_DIR=<dir> writes there instead of dist/)
set -euo pipefail
cd "$(dirname "$0")/.."
profile=release
flag=--release
if [ "${1:-}" = "--debug" ]; then profile=debug; flag=; fi
cargo build $flag --workspace
target=${CARGO_TARGET_DIR:-target}
out=${DIST_DIR:-dist}
rm -rf "$out"
mkdir -p "$out/bin" "$out/lib" "$out/include"
for tool in rocminfo hipcc hipconfig hipify hipify-perl hipify-clang rocprofv3; do
  cp "$target/$profile/$tool" "$out/bin/"
done
cp "$target/$profile/libhsa_runtime64.so" "$out/lib/libhsa-runtime64.so.1"
ln -sf libhsa-runtime64.so.1 "$out/lib/libhsa-runtime64.so"
cp "$target/$profile/libamdhip64.so" "$out/lib/libamdhip64.so"
cp "$target/$profile/libhiprtc.so" "$out/lib/libhiprtc.so"
cp "$target/$profile/librocblas.so" "$target/$profile/libhipblas.so" "$out/lib/"
cp "$target/$profile/librocrand.so" "$target/$profile/libhiprand.so" "$out/lib/"
cp "$target/$profile/libroctx64.so" "$out/lib/"
cp "$target/$profile/librocfft.so" "$target/$profile/libhipfft.so" "$out/lib/"
cp -r include/hsa include/hip include/ferrocm include/rocblas include/hipblas include/rocrand include/hiprand include/roctracer include/rocprofiler-sdk-roctx "$out/include/"
cp -r include/rocfft include/hipfft "$out/include/"
cp -r include/thrust "$out/include/"  # rocThrust (header-only)
# Header-only libraries: rocPRIM and hipCUB (docs/PRIMITIVES.md).
cp -r include/rocprim include/hipcub "$out/include/"
# amd-smi/rocm-smi and their C libraries.
cp "$target/$profile/amd-smi" "$target/$profile/rocm-smi" "$out/bin/"
cp "$target/$profile/libamd_smi.so" "$target/$profile/librocm_smi64.so" "$out/lib/"
cp -r include/amd_smi include/rocm_smi "$out/include/"
# CMake config packages and pkg-config files for what is in the prefix (last: after every copy).
scripts/dist-packages.sh "$out"
echo "dist/ ready ($profile)"
