#!/usr/bin/env bash
# The NVIDIA check, run on the lent GPU machine from the repository root (no Rust needed):
#   1. builds every tests/hip/*.hip program (not *.kernel.hip) with
#      gpu-bundle/bin/hipcc --platform nvidia, in parallel, GENCO code objects first;
#   2. runs each program honouring the directives of tests/hip/README.md (HIPCC-FLAGS, GENCO,
#      ENV, EXPECT-EXIT, EXPECT-STDOUT, EXPECT-OUTPUT, INCLUDE-DIR, TIMEOUT);
#   3. runs the prebuilt Rust GPU test binaries in gpu-bundle/rust-tests/;
#   4. prints PASS/FAIL per item and a summary; exits non-zero if anything failed.
# Usage: scripts/gpu-check.sh [bundle-dir]   (bundle built by scripts/gpu-bundle.sh)
# Environment: GPU_TESTS=sub1,sub2 (only programs whose name contains one), GPU_JOBS (parallel
#   builds, default: CPU count), GPU_TIMEOUT_CAP (seconds: caps every program's limit),
#   GPU_BUILD_DIR (default /tmp/gpu-check), OUT (if set, logs are
#   copied to $OUT/gpu-check.log and $OUT/gpu-check-fail.tar.gz).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
bundle=$(cd "${1:-gpu-bundle}" && pwd) || { echo "no bundle dir (scripts/gpu-bundle.sh)"; exit 2; }
build=${GPU_BUILD_DIR:-/tmp/gpu-check}
jobs=${GPU_JOBS:-$(nproc)}
rm -rf "$build"; mkdir -p "$build"
export HIP_PLATFORM=nvidia
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export HIP_PATH="$bundle" # where the Rust tests (hiprtc) find the headers
export LIBRARY_PATH="$bundle/lib${LIBRARY_PATH:+:$LIBRARY_PATH}"
export PATH="$PATH:/usr/local/cuda/bin"
hipcc="$bundle/bin/hipcc"
src="$root/tests/hip"

nvidia-smi -L 2>&1 | head -4
nvcc --version 2>&1 | tail -2
"$bundle/bin/hipconfig" --platform; echo
# The HSA runtime's agents (the NVIDIA GPUs among them), as rocminfo lists them.
if [ -x "$bundle/bin/rocminfo" ]; then
  "$bundle/bin/rocminfo" 2>&1 | grep -E "^\s*(Name|Device Type|Marketing Name|Compute Unit|Wavefront Size|Segment|Size):" | head -40; echo
fi

# directive NAME FILE: the values of `// NAME: value` lines at the top of FILE.
directive() {
  awk -v name="$1" '
    /^[[:space:]]*$/ { next }
    /^\/\// { if (match($0, "^// " name ":")) { v = substr($0, RLENGTH + 1); sub(/^ /, "", v); print v }; next }
    { exit }' "$2"
}
export -f directive

selected() {
  [ -z "${GPU_TESTS:-}" ] && return 0
  local s IFS=,
  for s in $GPU_TESTS; do [[ "$1" == *"$s"* ]] && return 0; done
  return 1
}

# Programs: tests/hip/NAME.hip (the conformance suite, named NAME), then the NVIDIA-specific
# tests/nvidia/NAME.hip and multi-file tests/nvidia/NAME/*.hip (named nvidia/NAME; see
# tests/nvidia/README.md).
programs=()
for f in "$src"/*.hip; do
  name=$(basename "$f" .hip)
  [[ "$name" == *.kernel ]] && continue
  selected "$name" && programs+=("$name")
done
for f in "$root"/tests/nvidia/*.hip "$root"/tests/nvidia/*/; do
  [ -e "$f" ] || continue
  name=nvidia/$(basename "$f" .hip)
  selected "$name" && programs+=("$name")
done
mkdir -p "$build/nvidia"

# main_source NAME: the file carrying NAME's directives.
main_source() {
  case $1 in
    nvidia/*) if [ -d "$ROOT/tests/$1" ]; then echo "$ROOT/tests/$1/main.hip"; else echo "$ROOT/tests/$1.hip"; fi ;;
    *) echo "$SRC/$1.hip" ;;
  esac
}
# sources NAME: every file to compile for NAME.
sources() {
  if [ -d "$ROOT/tests/$1" ]; then ls "$ROOT/tests/$1"/*.hip; else main_source "$1"; fi
}
export -f main_source sources
export ROOT="$root" SRC="$src"

# GENCO code objects (shared).
for g in $(for p in "${programs[@]}"; do directive GENCO "$(main_source "$p")"; done | sort -u); do
  co="$build/${g%.kernel.hip}.co"
  if ! "$hipcc" --platform nvidia --genco -O2 -I "$src" "$src/$g" -o "$co" >"$co.log" 2>&1; then
    echo "GENCO build of $g failed:"; tail -20 "$co.log"
  fi
done

build_one() {
  local name=$1 flags
  flags=$(directive HIPCC-FLAGS "$(main_source "$name")" | tr '\n' ' ')
  # shellcheck disable=SC2086
  "$HIPCC" --platform nvidia -O2 -I "$SRC" $(sources "$name") -o "$BUILD/$name" $flags \
    >"$BUILD/$name.build.log" 2>&1
  echo $? >"$BUILD/$name.build.rc"
}
export -f build_one
export HIPCC="$hipcc" SRC="$src" BUILD="$build"
t0=$(date +%s)
printf '%s\n' "${programs[@]}" | xargs -P "$jobs" -I{} bash -c 'build_one {}'
echo "built ${#programs[@]} programs in $(( $(date +%s) - t0 )) s"

pass=(); fail=()
report_fail() { fail+=("$1"); echo "FAIL $1: $2"; }

for name in "${programs[@]}"; do
  f=$(main_source "$name")
  if [ "$(cat "$build/$name.build.rc" 2>/dev/null)" != 0 ]; then
    report_fail "$name" "build failed"; grep -m8 -E "error|fatal" "$build/$name.build.log" | sed 's/^/    /'
    continue
  fi
  args=()
  for g in $(directive GENCO "$f"); do args+=("$build/${g%.kernel.hip}.co"); done
  envs=("HIP_TEST_BUILD_DIR=$build" "HIP_TEST_SOURCE_DIR=$src")
  if directive INCLUDE-DIR "$f" | grep -q . || grep -q '^// INCLUDE-DIR:' "$f"; then
    args+=("$src/include"); envs+=("HIP_TEST_INCLUDE_DIR=$src/include")
  fi
  while IFS= read -r e; do [ -n "$e" ] && envs+=("$e"); done < <(directive ENV "$f")
  limit=$(directive TIMEOUT "$f" | tail -1); limit=${limit:-60}
  cap=${GPU_TIMEOUT_CAP:-0}
  if [ "$cap" -gt 0 ] && [ "$limit" -gt "$cap" ]; then limit=$cap; fi
  expect=$(directive EXPECT-EXIT "$f" | tail -1); expect=${expect:-0}
  t=$(date +%s.%N)
  (cd "$build" && env "${envs[@]}" timeout -k 5 "$limit" "./$name" "${args[@]}" \
    >"$build/$name.out" 2>"$build/$name.err")
  rc=$?
  dt=$(awk -v a="$t" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
  why=""
  if [ $rc = 124 ] || [ $rc = 137 ]; then why="timed out after $limit s"
  elif [ "$expect" = 0 ]; then
    [ $rc != 0 ] && why="exit $rc"
    [ -z "$why" ] && [ "$(grep -v '^[[:space:]]*$' "$build/$name.out" | tail -1 | tr -d '[:space:]')" != PASS ] && why="last stdout line is not PASS"
  elif [ "$expect" = nonzero ]; then
    [ $rc = 0 ] && why="exit 0, expected non-zero"
  else
    [ $rc != "$expect" ] && why="exit $rc, expected $expect"
  fi
  if [ -z "$why" ] && [ "$expect" != 0 ] && grep -q '^FAIL' "$build/$name.out"; then why="FAIL line in stdout"; fi
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    grep -qxF -- "$line" <(sed 's/^[[:space:]]*//;s/[[:space:]]*$//' "$build/$name.out") || why="${why:+$why; }missing stdout line: $line"
  done < <(directive EXPECT-STDOUT "$f")
  while IFS= read -r text; do
    [ -z "$text" ] && continue
    cat "$build/$name.out" "$build/$name.err" | grep -qF -- "$text" || why="${why:+$why; }missing output: $text"
  done < <(directive EXPECT-OUTPUT "$f")
  if [ -z "$why" ]; then
    pass+=("$name"); echo "PASS $name ($dt s)"
  else
    report_fail "$name" "$why"
    tail -n 4 "$build/$name.out" "$build/$name.err" 2>/dev/null | sed 's/^/    /'
  fi
done

for t in "$bundle"/rust-tests/*; do
  [ -x "$t" ] || continue
  n="rust:$(basename "$t")"
  if timeout -k 5 300 "$t" --test-threads=1 >"$build/$(basename "$t").log" 2>&1; then
    pass+=("$n"); echo "PASS $n ($(grep -m1 'test result' "$build/$(basename "$t").log"))"
  else
    report_fail "$n" "$(grep -m1 'test result' "$build/$(basename "$t").log")"
    grep -E "^test .* FAILED|panicked" "$build/$(basename "$t").log" | head -20 | sed 's/^/    /'
  fi
done

echo
echo "${#pass[@]} passed, ${#fail[@]} failed"
[ ${#fail[@]} -gt 0 ] && echo "failed: ${fail[*]}"
if [ -n "${OUT:-}" ] && [ -d "${OUT:-}" ]; then
  (cd "$build" && tar czf "$OUT/gpu-check-logs.tar.gz" --exclude='*.co' $(ls | grep -E '\.(log|out|err)$') 2>/dev/null)
fi
[ ${#fail[@]} -eq 0 ]
