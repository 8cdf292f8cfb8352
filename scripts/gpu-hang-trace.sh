#!/usr/bin/env bash
# Diagnoses hangs on the lent GPU machine: builds the named tests/hip programs with the bundle's
# hipcc (NVIDIA), runs each with a time limit and, if it is still running after HANG_S seconds
# (default 12), prints the last checked calls (HIP_TEST_TRACE, see tests/hip/hip_test.h) and
# every thread's backtrace (gdb, where installed; else each thread's wait channel), then kills it.
# Usage: scripts/gpu-hang-trace.sh name [name...]   (bundle from scripts/gpu-bundle.sh)
set -uo pipefail
cd "$(dirname "$0")/.."
bundle=$(pwd)/gpu-bundle
export HIP_PLATFORM=nvidia LD_LIBRARY_PATH="$bundle/lib" LIBRARY_PATH="$bundle/lib"
export PATH="$PATH:/usr/local/cuda/bin"
b=/tmp/hang-trace; mkdir -p "$b"
for name in "$@"; do
  src=tests/hip/$name.hip
  args=()
  genco=$(sed -n 's|^// GENCO: ||p' "$src")
  if [ -n "$genco" ]; then
    "$bundle/bin/hipcc" --platform nvidia --genco -O2 -I tests/hip "tests/hip/$genco" -o "$b/$name.co" || echo "genco failed"
    args=("$b/$name.co")
  fi
  "$bundle/bin/hipcc" --platform nvidia -O2 -I tests/hip "$src" -o "$b/$name" || { echo "== $name: build failed"; continue; }
  echo "== $name"
  HIP_TEST_TRACE=1 "$b/$name" "${args[@]}" 2>"$b/$name.trace" &
  pid=$!
  for _ in $(seq "${HANG_S:-12}"); do sleep 1; kill -0 $pid 2>/dev/null || break; done
  if kill -0 $pid 2>/dev/null; then
    echo "== $name still running after ${HANG_S:-12} s; last checked calls (HIP_TEST_TRACE):"
    tail -5 "$b/$name.trace"
    if command -v gdb >/dev/null; then
      timeout 60 gdb -p $pid -batch -ex "thread apply all bt 25" 2>&1 | grep -v "^\[New LWP\|^Reading" | head -150
    else
      for t in /proc/$pid/task/*; do echo "thread ${t##*/}: $(cat "$t/comm") wchan=$(cat "$t/wchan")"; done
    fi
    kill -9 $pid
  fi
  wait $pid; rc=$?; grep -v '^\[trace\]' "$b/$name.trace" | tail -20; echo "== $name exit $rc"
done
