#!/usr/bin/env bash
# Builds the workspace and lays it out like a ROCm install under dist/:
#   dist/bin/rocminfo, dist/lib/libhsa-runtime64.so{,.1}, dist/include/{hsa,ferrocm}/...
# Usage: scripts/dist.sh [--debug]
set -euo pipefail
cd "$(dirname "$0")/.."
profile=release
flag=--release
if [ "${1:-}" = "--debug" ]; then profile=debug; flag=; fi
cargo build $flag --workspace
out=dist
rm -rf "$out"
mkdir -p "$out/bin" "$out/lib" "$out/include"
cp "target/$profile/rocminfo" "$out/bin/"
cp "target/$profile/libhsa_runtime64.so" "$out/lib/libhsa-runtime64.so.1"
ln -sf libhsa-runtime64.so.1 "$out/lib/libhsa-runtime64.so"
cp -r include/hsa include/ferrocm "$out/include/"
echo "dist/ ready ($profile)"
