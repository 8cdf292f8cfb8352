#!/usr/bin/env bash
# NVIDIA runtime benchmark, side by side with CUDA's own runtime, on the lent GPU machine:
#   benches/gpu/run.sh [bundle-dir]        (bundle: scripts/gpu-bundle.sh --release)
# Builds benches/gpu/runtime.hip twice: with our hipcc + libamdhip64 + libhiprtc (no cudart)
# and with plain nvcc + cudart + NVRTC (cudart_shim.h); both load the same module image
# (module_kernel.cu, nvcc --fatbin). Runs both, in alternating order, for GPU_BENCH_ROUNDS
# rounds (default 3); for each figure keeps
# each side's better run; prints a markdown table with the ratio ours/cudart (times: <= 1.00
# is as fast or faster; bandwidths: >= 0.99 is the target). Logs go to $OUT when it is set.
set -euo pipefail
cd "$(dirname "$0")/../.."
bundle=$(cd "${1:-gpu-bundle}" && pwd)
export PATH="$PATH:/usr/local/cuda/bin"
b=${GPU_BENCH_DIR:-/tmp/gpu-bench}
rm -rf "$b"; mkdir -p "$b"
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
arch=sm_${arch:-90}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader
nvcc --version | tail -1

nvcc -arch="$arch" --fatbin benches/gpu/module_kernel.cu -o "$b/module.fatbin"
HIP_PLATFORM=nvidia LIBRARY_PATH="$bundle/lib" "$bundle/bin/hipcc" --platform nvidia -O2 \
  --offload-arch="$arch" benches/gpu/runtime.hip -o "$b/ours" -lhiprtc
nvcc -O2 -arch="$arch" -x cu -DFERROCM_BENCH_CUDART -I benches/gpu benches/gpu/runtime.hip \
  -o "$b/cudart" -lcuda -lnvrtc
# Our libamdhip64 must be the only HIP runtime, and there must be no cudart in `ours`.
if ldd "$b/ours" | grep -q libcudart; then echo "ours links cudart"; exit 1; fi

# Both sides run on the GPU's local CPUs (pageable copies are host-memory bound and moved
# by up to 30% between runs that landed on different NUMA nodes).
bus=$(nvidia-smi --query-gpu=pci.bus_id --format=csv,noheader | head -1 | tr 'A-F' 'a-f' | sed 's/^0000//')
cpus=$(cat "/sys/bus/pci/devices/$bus/local_cpulist" 2>/dev/null || true)
pin=()
if [ -n "$cpus" ] && command -v taskset >/dev/null; then pin=(taskset -c "$cpus"); echo "pinned to CPUs $cpus"; fi
export LD_LIBRARY_PATH="$bundle/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export FERROCM_CACHE_DIR="$b/rtc-cache"
for round in $(seq "${GPU_BENCH_ROUNDS:-3}"); do
  # Which side goes first alternates, so that an order effect cannot favour one side
  # (ours was always first while it measured 0.75-0.94x on pageable copies).
  order="ours cudart"; [ $((round % 2)) = 0 ] && order="cudart ours"
  for side in $order; do
    echo "== $side, round $round"
    "${pin[@]}" "$b/$side" "$b/module.fatbin" "$arch" | tee "$b/$side.$round.txt"
  done
done

python3 - "$b" <<'PY'
import sys, collections, glob
b = sys.argv[1]
vals = collections.defaultdict(dict)
units = {}
for side in ("ours", "cudart"):
    for path in sorted(glob.glob(f"{b}/{side}.*.txt")):
        for line in open(path):
            p = line.split()
            if len(p) == 4 and p[0] == "RESULT":
                name, v, unit = p[1], float(p[2]), p[3]
                units[name] = unit
                better = max if unit.endswith("/s") else min
                vals[name][side] = better(vals[name].get(side, v), v)
print("\n| benchmark | ours | cudart (same run) | ours/cudart | target |")
print("|---|---|---|---|---|")
for name, d in vals.items():
    u = units[name]
    bw = u.endswith("/s")
    ratio = d["ours"] / d["cudart"]
    target = ">= 0.99" if bw else "<= 1.00"
    ok = ratio >= 0.99 if bw else ratio <= 1.0
    print(f"| {name} | {d['ours']:.4g} {u} | {d['cudart']:.4g} {u} | {ratio:.3f}x | {target} {'met' if ok else 'MISSED'} |")
PY
[ -n "${OUT:-}" ] && cp "$b"/*.txt "$OUT/" 2>/dev/null || true
