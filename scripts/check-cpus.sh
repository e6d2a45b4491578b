#!/usr/bin/env bash
# Runs the release binary under qemu-user as older x86-64 CPUs to show that runtime dispatch
# works: on each CPU model, `simdoku engines` lists what it may run, and `simdoku check` runs
# every engine available there against the others on a bundled set.
# Needs qemu-user (Debian: apt-get install qemu-user). Usage: scripts/check-cpus.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/simdoku}
command -v qemu-x86_64 >/dev/null || { echo "qemu-x86_64 not found (apt-get install qemu-user)"; exit 1; }
[ -x "$bin" ] || cargo build --release -p simdoku-cli
# qemu64: SSE2 only (the x86-64 baseline); Nehalem: SSE4.2 + POPCNT; Haswell: AVX2 + BMI.
for cpu in qemu64 Nehalem Haswell; do
  echo "== -cpu $cpu"
  qemu-x86_64 -cpu "$cpu" "$bin" engines 2>/dev/null | sed -n '1p;/^engine/,/^$/p'
  qemu-x86_64 -cpu "$cpu" "$bin" check bench-data/hardest11.txt bench-data/top95.txt 2>/dev/null
  qemu-x86_64 -cpu "$cpu" "$bin" solve -q bench-data/hardest11.txt 2>/dev/null | wc -l | grep -qx 11
done
echo "== ok"
