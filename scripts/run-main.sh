#!/usr/bin/env bash
# README's main job: build everything, then run rocminfo and the HSA vector-add example
# (a C program using include/hsa/hsa.h and libhsa-runtime64.so) on the default platform:
# the CPU agent.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/dist.sh
cc=${CC:-cc}
build=target/examples-c
mkdir -p "$build"
"$cc" -O2 -shared -fPIC -I dist/include examples/hsa/vector_add_kernel.c -o "$build/vector_add_kernel.so"
"$cc" -O2 -std=c11 -I dist/include examples/hsa/vector_add.c -o "$build/vector_add" \
  -L dist/lib -lhsa-runtime64 -Wl,-rpath,"$PWD/dist/lib" -pthread
echo "== rocminfo"
dist/bin/rocminfo
echo "== HSA vector add (kernel dispatch on the CPU agent)"
"$build/vector_add" "$build/vector_add_kernel.so"
