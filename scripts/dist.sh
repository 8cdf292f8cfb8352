#!/usr/bin/env bash
# Builds the workspace and lays it out like a ROCm install under dist/:
#   dist/bin/{rocminfo,hipcc,hipconfig,hipify,hipify-perl,hipify-clang,rocprofv3}
#   dist/lib/{libhsa-runtime64.so{,.1},libamdhip64.so,libhiprtc.so}
#   dist/include/{hsa,hip,ferrocm}/...
# Usage: scripts/dist.sh [--debug]
set -euo pipefail
cd "$(dirname "$0")/.."
profile=release
flag=--release
if [ "${1:-}" = "--debug" ]; then profile=debug; flag=; fi
cargo build $flag --workspace
target=${CARGO_TARGET_DIR:-target}
out=dist
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
cp "$target/$profile/libroctx64.so" "$out/lib/"
cp -r include/hsa include/hip include/ferrocm include/rocblas include/hipblas include/roctracer include/rocprofiler-sdk-roctx "$out/include/"
# Header-only libraries: rocPRIM and hipCUB (docs/PRIMITIVES.md).
cp -r include/rocprim include/hipcub "$out/include/"
echo "dist/ ready ($profile)"
