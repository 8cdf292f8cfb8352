#!/usr/bin/env bash
# README's main job: build everything into dist/, then compile HIP programs with our hipcc
# and run them on the default platform (the CPU when there is no GPU):
#   1. the seed's vectorAdd (examples/hip/vectorAdd_seed.hip), verbatim;
#   2. a vectorAdd that checks its result and prints where it ran and PASSED;
# and, underneath HIP, rocminfo and the HSA vector-add example.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/dist.sh
build=target/examples
mkdir -p "$build"
echo "== hipconfig"
dist/bin/hipconfig --platform
echo "== seed vectorAdd (compiled verbatim with hipcc)"
dist/bin/hipcc examples/hip/vectorAdd_seed.hip -o "$build/vectorAdd_seed"
"$build/vectorAdd_seed"
echo "seed vectorAdd: exit status $?"
echo "== vectorAdd (validating)"
dist/bin/hipcc examples/hip/vector_add.hip -o "$build/vector_add"
"$build/vector_add"
echo "== rocminfo"
dist/bin/rocminfo
echo "== HSA vector add (kernel dispatch on the CPU agent)"
cc=${CC:-cc}
"$cc" -O2 -shared -fPIC -I dist/include examples/hsa/vector_add_kernel.c -o "$build/vector_add_kernel.so"
"$cc" -O2 -std=c11 -I dist/include examples/hsa/vector_add.c -o "$build/hsa_vector_add" \
  -L dist/lib -lhsa-runtime64 -Wl,-rpath,"$PWD/dist/lib" -pthread
"$build/hsa_vector_add" "$build/vector_add_kernel.so"
