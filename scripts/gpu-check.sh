#!/usr/bin/env bash
# The NVIDIA check, run on the lent GPU machine from the repository root (no Rust needed):
#   1. gpu-bundle/bin/hip-conformance --platform nvidia (the runner `cargo test` uses on the
#      CPU, crates/tools/conformance) builds every tests/hip/*.hip program (not *.kernel.hip)
#      and the tests/nvidia programs with gpu-bundle/bin/hipcc, in parallel, GENCO code objects
#      first, and runs each one honouring the directives of tests/hip/README.md and
#      tests/hip/KNOWN_FAILURES;
#   2. runs the prebuilt Rust GPU test binaries in gpu-bundle/rust-tests/;
#   3. prints PASS/FAIL per item and a summary; exits non-zero if anything failed.
# Usage: scripts/gpu-check.sh [bundle-dir | gpu-bundle.tar.xz]   (built by scripts/gpu-bundle.sh)
# Environment: GPU_TESTS=sub1,sub2 (only HIP programs whose name contains one; selecting none
#   is a failure; the Rust tests always run), GPU_JOBS (parallel builds, default: CPU count),
#   GPU_TIMEOUT_CAP (seconds: caps every program's limit), GPU_BUILD_DIR (default
#   /tmp/gpu-check; the programs' logs are in its hip/ folder), OUT (if set, the logs are
#   packed into $OUT/gpu-check-logs.tar.gz).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
bundle_arg=${1:-gpu-bundle}
# A packed bundle (gpu-bundle.tar.xz, what scripts/gpu-bundle.sh also writes) is unpacked first:
# release bundles no longer fit the device tool's 64 MiB carry limit unpacked.
if [[ "$bundle_arg" == *.tar.xz ]]; then
  unpacked=${GPU_BUILD_DIR:-/tmp/gpu-check}-bundle
  rm -rf "$unpacked" && mkdir -p "$unpacked" && tar -xJf "$bundle_arg" -C "$unpacked" || { echo "cannot unpack $bundle_arg"; exit 2; }
  bundle_arg=$unpacked/gpu-bundle
fi
bundle=$(cd "$bundle_arg" && pwd) || { echo "no bundle dir (scripts/gpu-bundle.sh)"; exit 2; }
build=${GPU_BUILD_DIR:-/tmp/gpu-check}
jobs=${GPU_JOBS:-$(nproc)}
rm -rf "$build"; mkdir -p "$build"
export HIP_PLATFORM=nvidia
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export HIP_PATH="$bundle" # where the Rust tests (hiprtc) find the headers
export LIBRARY_PATH="$bundle/lib${LIBRARY_PATH:+:$LIBRARY_PATH}"
export PATH="$PATH:/usr/local/cuda/bin"
hipcc="$bundle/bin/hipcc"

nvidia-smi -L 2>&1 | head -4
nvcc --version 2>&1 | tail -2
"$bundle/bin/hipconfig" --platform; echo
# The HSA runtime's agents (the NVIDIA GPUs among them), as rocminfo lists them.
if [ -x "$bundle/bin/rocminfo" ]; then
  "$bundle/bin/rocminfo" 2>&1 | grep -E "^\s*(Name|Device Type|Marketing Name|Compute Unit|Wavefront Size|Segment|Size):" | head -40; echo
fi

pass=(); fail=()
report_fail() { fail+=("$1"); echo "FAIL $1: $2"; }

# The HIP programs: tests/hip/NAME.hip (named NAME), then the NVIDIA-specific tests/nvidia/NAME.hip
# and multi-file tests/nvidia/NAME/ (named nvidia/NAME; see tests/nvidia/README.md), built and
# run by the same runner as `cargo test` (crates/tools/conformance), which parses the
# directives of tests/hip/README.md and honours tests/hip/KNOWN_FAILURES.
conf=(--platform nvidia --hipcc "$hipcc" --runtime "$bundle/lib/libamdhip64.so" --root "$root"
  --build-dir "$build/hip" --jobs "$jobs" --keep)
[ -n "${GPU_TESTS:-}" ] && conf+=(--filter "$GPU_TESTS")
[ "${GPU_TIMEOUT_CAP:-0}" -gt 0 ] && conf+=(--timeout-cap "$GPU_TIMEOUT_CAP")
"$bundle/bin/hip-conformance" "${conf[@]}" 2>&1 | tee "$build/hip-conformance.log"
conf_rc=${PIPESTATUS[0]}
# Multi-device programs (multi_device_*, peer_*, ctx_api) need 2 GPUs: on one they print SKIP
# and pass. List what was skipped so that a 1-GPU run says so (docs/MULTI_DEVICE.md).
grep -H '^SKIP' "$build"/hip/*.run.stdout 2>/dev/null | sed 's|^.*/||; s|\.run\.stdout:| |'
while read -r word name _; do
  case $word in
    PASS) pass+=("$name") ;;
    FAIL) fail+=("${name%:}") ;;
  esac
done < <(grep -E '^(PASS|FAIL) ' "$build/hip-conformance.log")
# A failure that is no program's (no hipcc, too few programs, a filter selecting none).
if [ "$conf_rc" != 0 ] && ! grep -q '^FAIL ' "$build/hip-conformance.log"; then
  report_fail hip-conformance "exit $conf_rc: $(tail -1 "$build/hip-conformance.log")"
fi

for t in "$bundle"/rust-tests/*; do
  [ -x "$t" ] || continue
  n="rust:$(basename "$t")"
  if timeout -k 5 300 "$t" --test-threads=1 >"$build/$(basename "$t").log" 2>&1; then
    pass+=("$n"); echo "PASS $n ($(grep -m1 -E 'test result|bad-input' "$build/$(basename "$t").log"))"
  else
    report_fail "$n" "$(grep -m1 -E 'test result|bad-input' "$build/$(basename "$t").log")"
    grep -E "^test .* FAILED|panicked|^(CRASH|HANG|CORRUPT) " "$build/$(basename "$t").log" | head -20 | sed 's/^/    /'
  fi
done

echo
echo "${#pass[@]} passed, ${#fail[@]} failed"
[ ${#fail[@]} -gt 0 ] && echo "failed: ${fail[*]}"
if [ -n "${OUT:-}" ] && [ -d "${OUT:-}" ]; then
  (cd "$build" && find . -type f \( -name '*.log' -o -name '*.stdout' -o -name '*.stderr' \) -print0 |
    tar czf "$OUT/gpu-check-logs.tar.gz" --null -T - 2>/dev/null)
fi
[ ${#fail[@]} -eq 0 ]
