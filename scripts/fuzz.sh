#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ and runs each for SECONDS_PER_TARGET (default 30);
# fails on any crash, panic, hang (-timeout) or out-of-memory (-rss_limit_mb).
#
#   scripts/fuzz.sh                 # CI: 30 s per target
#   scripts/fuzz.sh 3600            # an hour per target
#   FUZZ_TARGETS="aql_queue" scripts/fuzz.sh 600
#   FUZZ_JOBS=4 scripts/fuzz.sh 3600  # 4 libFuzzer processes per target
#
# Only stable Rust is needed: the targets are built with the sanitizer-coverage options
# cargo-fuzz passes (-Cpasses=sancov-module and -Cllvm-args, both stable), for the host
# triple given explicitly so that build scripts and proc macros stay uninstrumented.
# With a nightly toolchain, FUZZ_ASAN=1 adds AddressSanitizer (cargo-fuzz's default).
#
# Corpora: fuzz/corpus/<target> (committed seeds, read only) plus a working corpus under
# the target directory that keeps what the runs found between runs on one machine.
# Crashes: fuzz/artifacts/<target>/crash-* (reproduce: <binary> <file>).
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_TARGET="${1:-30}"
ALL_TARGETS="cpu_code_object nvidia_image aql_queue hipcc_rewrite hiprtc_options"
TARGETS="${FUZZ_TARGETS:-$ALL_TARGETS}"
JOBS="${FUZZ_JOBS:-1}"

host="$(rustc -vV | sed -n 's/^host: //p')"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}/fuzz"
flags=(
  -Cpasses=sancov-module
  -Cllvm-args=-sanitizer-coverage-level=4
  -Cllvm-args=-sanitizer-coverage-inline-8bit-counters
  -Cllvm-args=-sanitizer-coverage-pc-table
  -Cllvm-args=-sanitizer-coverage-trace-compares
  -Cllvm-args=-sanitizer-coverage-stack-depth
  --cfg fuzzing
)
toolchain=()
if [ "${FUZZ_ASAN:-0}" = 1 ]; then
  toolchain=(+nightly)
  flags+=(-Zsanitizer=address)
fi
export RUSTFLAGS="${flags[*]}"
# A fresh machine may lack a C++ compiler only if CI did not install one (.ci/run does):
# libfuzzer-sys compiles libFuzzer itself.
echo "== building fuzz targets ($host)"
start=$(date +%s)
bins=()
for t in $TARGETS; do bins+=(--bin "$t"); done
cargo "${toolchain[@]}" build --manifest-path fuzz/Cargo.toml --release \
  --target "$host" "${bins[@]}"
echo "   built in $(( $(date +%s) - start )) s"

bin_dir="$CARGO_TARGET_DIR/$host/release"
status=0
summary=()
for t in $TARGETS; do
  work="$CARGO_TARGET_DIR/corpus/$t"
  artifacts="fuzz/artifacts/$t"
  mkdir -p "$work" "$artifacts" "fuzz/corpus/$t"
  args=(
    -max_total_time="$SECONDS_PER_TARGET"
    -timeout=20
    -rss_limit_mb=4096
    -print_final_stats=1
    -artifact_prefix="$artifacts/"
  )
  [ -f "fuzz/dict/$t.dict" ] && args+=(-dict="fuzz/dict/$t.dict")
  [ -f "fuzz/options/$t.max_len" ] && args+=(-max_len="$(cat "fuzz/options/$t.max_len")")
  if [ "$JOBS" -gt 1 ]; then args+=(-fork="$JOBS"); fi
  echo "== fuzzing $t for $SECONDS_PER_TARGET s"
  log="$CARGO_TARGET_DIR/$t.log"
  if "$bin_dir/$t" "${args[@]}" "$work" "fuzz/corpus/$t" >"$log" 2>&1; then
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
    summary+=("$t: ${execs:-?} executions, ${cov:-cov: ?}, 0 crashes")
    echo "   ok: ${execs:-?} executions"
  else
    status=1
    summary+=("$t: FAILED (see $log, inputs in $artifacts)")
    tail -n 60 "$log"
  fi
done
echo "== fuzz summary (${SECONDS_PER_TARGET} s per target)"
printf '   %s\n' "${summary[@]}"
exit $status
