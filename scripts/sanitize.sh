#!/usr/bin/env bash
# Runs ferrocm's core under the sanitizers (docs/RELIABILITY.md, "Sanitizers").
#
#   scripts/sanitize.sh --ci      ASan (leaks included) over the HSA + CPU engine tests and
#                                 $CI_PROGRAMS conformance programs (CI; a few minutes)
#   scripts/sanitize.sh --all     everything below
#   scripts/sanitize.sh PART...   some of: asan-rust asan-hip tsan-rust tsan-hip miri
#
#   asan-rust  Rust tests of ferrocm-cpu-engine, ferrocm-hsa, ferrocm-hip, ferrocm-hsa-capi,
#              ferrocm-hip-capi with -Zsanitizer=address (LeakSanitizer on)
#   asan-hip   tests/hip programs built by our hipcc with -fsanitize=address, against a
#              libamdhip64.so built with -Zsanitizer=address
#   tsan-rust  the same Rust tests with -Zsanitizer=thread and a std rebuilt with it
#              (-Zbuild-std: needs the rust-src component)
#   tsan-hip   the conformance programs with -fsanitize=thread, runtime as for tsan-rust
#   miri       `cargo miri test`, one unit test at a time, over the HSA core and the engine
#              (nightly toolchain with the miri component)
#
# The sanitizers are unstable rustc flags: the stable toolchain ships their runtimes and
# RUSTC_BOOTSTRAP=1 unlocks them. Each sanitizer builds in its own target directory
# (asan/, tsan/, miri/ under $SANITIZE_TARGET_DIR, default ${CARGO_TARGET_DIR:-target}/sanitize)
# and only for the host target, so build scripts and proc macros stay uninstrumented. `--cfg
# ferrocm_sanitize` turns on the fiber annotations of the CPU engine
# (crates/cpu-engine/src/fiber/sanitizer.rs), without which ASan and TSan misread fiber
# switches. Reports that are not ours are suppressed in scripts/sanitize/*.supp (each entry
# says why). Environment: FERROCM_SAN_TESTS (conformance filter for asan-hip/tsan-hip),
# FERROCM_SAN_JOBS (cargo -j and parallel builds), FERROCM_SAN_DEBUG (debug info of the
# sanitizer builds, default line-tables-only), FERROCM_HIP_TIMEOUT_SCALE (default 6).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SUPP="$ROOT/scripts/sanitize"
HOST=$(rustc -vV | sed -n 's/^host: //p')
BASE=${SANITIZE_TARGET_DIR:-${CARGO_TARGET_DIR:-$ROOT/target}/sanitize}
JOBS=(); [ -n "${FERROCM_SAN_JOBS:-}" ] && JOBS=(-j "$FERROCM_SAN_JOBS")

# The crates whose Rust tests run under ASan/TSan (their unit and integration tests).
CORE_CRATES=(ferrocm-cpu-engine ferrocm-hsa ferrocm-hip ferrocm-hsa-capi ferrocm-hip-capi)
CI_CRATES=(ferrocm-cpu-engine ferrocm-hsa)
# A spread of the runtime for CI: kernels with barriers and wave operations (fibers),
# streams, events, callbacks, async copies, graphs, modules, bad handles.
CI_PROGRAMS=warp_shfl,syncthreads_reduce,atomics_int,malloc_basic,memcpy_async,stream_callbacks,stream_wait_event,graph_explicit,launch_kernel_api,module_api,invalid_handles
# Tests whose pass/fail depends on timing that a sanitizer's slowdown changes (not on
# correctness); skipped only under sanitizers. Each has its reason in docs/RELIABILITY.md.
SKIP_TIMING=(
  # asserts that a packet submitted 1 ms after the processor went lazy is picked up
  # without a wake-up ring: 1 ms is too short under ASan/TSan.
  --skip a_packet_nobody_waits_for_runs_and_the_next_ring_wakes_the_processor
  # expects its second packet to be published before the processor rejects the first one
  # and inactivates the queue (a race the test can lose; under ASan it does).
  --skip event_wait_after_a_rejected_packet_fails_instead_of_hanging
  # dlopens the sanitized libamdhip64.so from a test process that does not export the
  # sanitizer runtime to it (Rust links it statically, unexported): the load fails.
  --skip library_exports_the_table
)
# Test targets that run programs linked against the sanitized C ABI libraries without the
# sanitizer (their C compiler gets no -fsanitize): the libraries cannot load there. The C
# ABI is exercised under the sanitizers by asan-hip/tsan-hip instead.
LIB_ONLY=(ferrocm-hsa-capi)

# Expected panics in the tests would symbolize a backtrace each: seconds under TSan, enough
# to miss their time limits. The sanitizers print their own stacks.
export RUST_BACKTRACE=0
export ASAN_OPTIONS="detect_leaks=1:detect_stack_use_after_return=0:abort_on_error=0:halt_on_error=1:symbolize=1:allocator_may_return_null=1:${ASAN_OPTIONS_EXTRA:-}"
export LSAN_OPTIONS="suppressions=$SUPP/lsan.supp:print_suppressions=0"
export TSAN_OPTIONS="suppressions=$SUPP/tsan.supp:halt_on_error=1:second_deadlock_stack=1:report_signal_unsafe=0"

failed=()
note() { printf '\n== sanitize: %s\n' "$*"; }
fail() { failed+=("$1"); printf '!! sanitize: %s FAILED\n' "$1"; }

# rustflags NAME: the rustc flags of a sanitizer build (address | thread).
rustflags() {
  local san=$1
  echo "-Zsanitizer=$san --cfg ferrocm_sanitize --cfg ferrocm_sanitize=\"$san\""
}

# cargo_san NAME ARGS...: cargo with the sanitizer's flags and target dir.
cargo_san() {
  local san=$1; shift
  local extra=()
  if [ "$san" = thread ]; then extra=(-Zbuild-std); fi
  # Line tables only: reports keep file:line, the build and link are much faster than with
  # full debug info (the sanitizer target dirs are the script's own, so this changes no
  # other build).
  RUSTC_BOOTSTRAP=1 RUSTFLAGS="$(rustflags "$san")" RUSTDOCFLAGS="$(rustflags "$san")" \
    CARGO_TARGET_DIR="$BASE/${san:0:1}san" CARGO_INCREMENTAL=0 \
    CARGO_PROFILE_DEV_DEBUG="${FERROCM_SAN_DEBUG:-line-tables-only}" \
    cargo "$1" "${extra[@]}" --target "$HOST" "${JOBS[@]}" "${@:2}"
}

# TSan needs std instrumented too (its atomics and Arc otherwise look like races), so the
# standard library is rebuilt from the rust-src component.
have_rust_src() {
  [ -d "$(rustc --print sysroot)/lib/rustlib/src/rust/library/std" ] && return 0
  rustup component add rust-src >/dev/null 2>&1 || true
  [ -d "$(rustc --print sysroot)/lib/rustlib/src/rust/library/std" ]
}

rust_tests() { # NAME CRATES...
  local san=$1; shift
  local pkgs=() lib_only=()
  for c in "$@"; do
    case " ${LIB_ONLY[*]} " in *" $c "*) lib_only+=(-p "$c") ;; *) pkgs+=(-p "$c") ;; esac
  done
  note "$san: Rust tests of $*"
  # Doc tests cannot take the sanitizer's target flags reliably: unit + integration tests.
  if ! cargo_san "$san" test "${pkgs[@]}" --lib --tests --no-fail-fast -- "${SKIP_TIMING[@]}"; then
    fail "$san-rust"
  fi
  if [ ${#lib_only[@]} -gt 0 ] && ! cargo_san "$san" test "${lib_only[@]}" --lib --no-fail-fast; then
    fail "$san-rust (${lib_only[*]})"
  fi
}

hip_programs() { # NAME FILTER
  local san=$1 filter=$2 dir="$BASE/${1:0:1}san/$HOST/debug"
  local tools="${CARGO_TARGET_DIR:-$ROOT/target}/debug"
  note "$san: HIP conformance programs (${filter:-all}) with -fsanitize=$san"
  # hipcc and the runner are tools, not what is tested: the normal build (CI has it from
  # `cargo test --workspace`). Only the runtime libraries are built with the sanitizer.
  if ! cargo build "${JOBS[@]}" -p ferrocm-hipcc -p ferrocm-conformance; then
    fail "$san-hip (tools build)"; return
  fi
  if ! cargo_san "$san" build -p ferrocm-hip-capi -p ferrocm-hiprtc-capi; then
    fail "$san-hip (runtime build)"; return
  fi
  # The programs link the C++ compiler's sanitizer runtime (first in their DT_NEEDED list);
  # the Rust runtime library, built with the same sanitizer, resolves its __asan_/__tsan_
  # calls to it (Rust links no sanitizer runtime into a cdylib). Code objects built by
  # `hipcc --genco` get the flags too.
  local args=(--platform cpu --root "$ROOT" --hipcc "$tools/hipcc" --runtime "$dir/libamdhip64.so"
    --build-dir "$BASE/${san:0:1}san/hip-conformance" --jobs "${FERROCM_SAN_JOBS:-2}"
    --timeout-scale "${FERROCM_HIP_TIMEOUT_SCALE:-6}")
  if [ -z "$filter" ]; then
    # Every program but the ones this sanitizer cannot run (reasons in docs/RELIABILITY.md):
    # hiprtc: GCC 12's LeakSanitizer crashes ("Tracer caught signal 11") scanning the dynamic
    # TLS of the code object the program compiles and loads; outside our code.
    # launch_latency, many_streams, warp_shfl: they measure time or have their own time
    # limits, which TSan's slowdown (fiber switches above all) exceeds; bad_device_pointers:
    # its made-up address 1<<46 lies in TSan's own reserved memory, which the runtime's
    # mincore check takes for host memory (PROT_NONE mappings are not detected).
    local skip="" f n
    [ "$san" = address ] && skip=" hiprtc "
    [ "$san" = thread ] && skip=" launch_latency many_streams warp_shfl bad_device_pointers "
    for f in tests/hip/*.hip; do
      n=$(basename "$f" .hip)
      case "$n" in *.kernel) continue ;; esac
      case "$skip" in *" $n "*) echo "skipped under $san: $n" ;; *) filter="${filter:+$filter,}$n" ;; esac
    done
  fi
  args+=(--filter "$filter")
  local link="-fsanitize=$san"
  if [ "$san" = thread ]; then
    # rustc's LLVM calls TSan entry points that GCC 12's libtsan lacks (see the file).
    local compat="$BASE/tsan/tsan_compat.o"
    mkdir -p "$BASE/tsan"
    if ! cc -O2 -fsanitize=thread -c "$SUPP/tsan_compat.c" -o "$compat"; then
      fail "$san-hip (tsan_compat.c)"; return
    fi
    # Exported: the library resolves them at load time (hipcc may have linked the program
    # against an uninstrumented libamdhip64.so that does not ask for them).
    link="$link $compat -Wl,--export-dynamic-symbol=__tsan_memcpy"
    link="$link -Wl,--export-dynamic-symbol=__tsan_memset -Wl,--export-dynamic-symbol=__tsan_memmove"
  fi
  # FERROCM_HIPCC: hiprtc looks for hipcc beside the runtime library, which is not there.
  if ! HIPCC_COMPILE_FLAGS_APPEND="-fsanitize=$san -fno-omit-frame-pointer -g" \
    HIPCC_LINK_FLAGS_APPEND="$link" FERROCM_HIPCC="$tools/hipcc" \
    "$tools/hip-conformance" "${args[@]}"; then
    fail "$san-hip"
  fi
}

miri() {
  note "miri: unit tests of the HSA core and the CPU engine"
  if ! cargo +nightly miri --version >/dev/null 2>&1; then
    rustup component add miri rust-src --toolchain nightly >/dev/null 2>&1 || true
  fi
  if ! cargo +nightly miri --version >/dev/null 2>&1; then
    echo "miri: not available (needs the nightly toolchain with the miri component): skipped"
    fail "miri (not installed)"; return
  fi
  # Miri stops a whole test binary at the first operation it cannot interpret (dlopen of
  # code objects and of the CUDA driver, the inline-assembly fiber switch, mmap'd stacks,
  # sched_getaffinity...), so each unit test runs alone and is classified: it passed, it
  # needs what Miri cannot run (reported, not a failure), or Miri found undefined
  # behaviour or a leak (a failure).
  # Tests that need what Miri's Linux shims lack although they make no FFI call of their own.
  local -A miri_na=(
    ["time::tests::timestamp_is_monotonic"]="Miri has no CLOCK_BOOTTIME (the HSA timestamp clock)"
    ["core::signal::tests::waiter_count_returns_to_zero"]="its wait deadlines read CLOCK_BOOTTIME"
  )
  local pkg name out flags pass=0 unsupported=0 ub=0
  local log="$BASE/miri/miri.log"
  mkdir -p "$BASE/miri"; : >"$log"
  for pkg in ferrocm-hsa ferrocm-cpu-engine; do
    flags="${MIRIFLAGS:--Zmiri-disable-isolation}"
    # HSA signal handles are integers (the ABI's), and the registry owns its objects through
    # them: Miri's leak check cannot follow integers, so it would call every signal leaked.
    # LeakSanitizer (asan-rust) checks these leaks instead.
    [ "$pkg" = ferrocm-hsa ] && flags="$flags -Zmiri-ignore-leaks"
    export MIRIFLAGS="$flags"
    if ! CARGO_TARGET_DIR="$BASE/miri" cargo +nightly miri test -p "$pkg" --lib --no-run; then
      fail "miri ($pkg build)"; continue
    fi
    local names
    names=$(CARGO_TARGET_DIR="$BASE/miri" cargo +nightly miri test -q -p "$pkg" --lib -- --list 2>/dev/null \
      | sed -n 's/: test$//p')
    for name in $names; do
      if [ -n "${miri_na[$name]:-}" ]; then
        unsupported=$((unsupported + 1)); echo "miri N/A  $pkg $name: ${miri_na[$name]}"; continue
      fi
      if out=$(CARGO_TARGET_DIR="$BASE/miri" timeout 600 cargo +nightly miri test -q -p "$pkg" --lib \
        -- --exact "$name" --test-threads=1 2>&1); then
        pass=$((pass + 1)); echo "miri PASS $pkg $name"
      elif grep -q "unsupported operation" <<<"$out"; then
        unsupported=$((unsupported + 1))
        echo "miri N/A  $pkg $name: $(grep -m1 -o "unsupported operation: .*" <<<"$out")"
      else
        ub=$((ub + 1)); echo "miri FAIL $pkg $name"; echo "$out" | tail -40
        fail "miri ($pkg $name)"
      fi
      printf '== %s %s\n%s\n' "$pkg" "$name" "$out" >>"$log"
    done
  done
  echo "miri: $pass passed, $unsupported not runnable under Miri (FFI), $ub failed; log: $log"
}

parts=()
for a in "$@"; do
  case "$a" in
    --ci) parts+=(ci) ;;
    --all) parts+=(asan-rust asan-hip tsan-rust tsan-hip miri) ;;
    asan-rust|asan-hip|tsan-rust|tsan-hip|miri) parts+=("$a") ;;
    -h|--help) sed -n '2,28p' "$0" | cut -c3-; exit 0 ;;
    *) echo "sanitize.sh: unknown argument $a (try --help)" >&2; exit 2 ;;
  esac
done
[ ${#parts[@]} -gt 0 ] || { sed -n '2,28p' "$0" | cut -c3-; exit 2; }

for p in "${parts[@]}"; do
  case "$p" in
    ci)
      rust_tests address "${CI_CRATES[@]}"
      hip_programs address "${FERROCM_SAN_TESTS:-$CI_PROGRAMS}" ;;
    asan-rust) rust_tests address "${CORE_CRATES[@]}" ;;
    asan-hip) hip_programs address "${FERROCM_SAN_TESTS:-}" ;;
    tsan-rust|tsan-hip)
      if ! have_rust_src; then
        echo "tsan: the rust-src component is missing (rustup component add rust-src): skipped"
        fail "$p (no rust-src)"; continue
      fi
      if [ "$p" = tsan-rust ]; then rust_tests thread "${CORE_CRATES[@]}"
      else hip_programs thread "${FERROCM_SAN_TESTS:-}"; fi ;;
    miri) miri ;;
  esac
done

if [ ${#failed[@]} -gt 0 ]; then
  printf '\nsanitize: FAILED: %s\n' "${failed[*]}"
  exit 1
fi
printf '\nsanitize: all clean (%s)\n' "${parts[*]}"
