#!/usr/bin/env bash
# Regenerates the enumeration and thread-scaling tables of BENCHMARKS.md. Every engine beside the
# peer crate `sudoku` (same run, single thread, median of interleaved passes) goes to
# target/bench/peer.md and peer.svg only: the table BENCHMARKS.md shows against all the peers
# comes from scripts/peers.sh.
# Usage: scripts/bench.sh [passes]   (takes a few minutes; run on an otherwise idle machine)
set -euo pipefail
cd "$(dirname "$0")/.."
passes=${1:-5}
out=$PWD/target/bench
mkdir -p "$out"
cargo bench -p simdoku-dispatch --bench throughput -- --passes "$passes" --md "$out/peer.md" --plot "$out/peer.svg"
cargo build --release -p simdoku-cli
# Parallel scaling: forum_hardest_1106 repeated until one pass takes a few seconds.
for _ in $(seq 40); do grep -v '^#' bench-data/forum_hardest_1106.txt; done > "$out/forum_x40.txt"
threads="1,$(nproc)"
./target/release/simdoku bench "$out/forum_x40.txt" --threads "$threads" --modes first --passes 3 --min-time 1 > "$out/scaling.md"
# Enumeration: every solution of bench-data/enumerate.txt (3,120,816), one thread, per engine.
python3 - "$out" <<'PY'
import subprocess, sys, time
out = sys.argv[1]
rows = []
for name in ["sse", "avx2", "bands", "scalar"]:
    best = None
    for _ in range(3):
        t = time.perf_counter()
        r = subprocess.run(["./target/release/simdoku", "count", "-q", "-j1", "--limit", "10000000",
                            "-e", name, "bench-data/enumerate.txt"], capture_output=True, text=True)
        if r.returncode != 0:
            break
        best = min(best or 1e9, time.perf_counter() - t)
        total = sum(int(l.rsplit(",", 1)[1]) for l in r.stdout.splitlines())
    if best is not None:
        rows.append(f"| {name} | {best:.2f} s | {total / best / 1e6:.2f}M |")
open(f"{out}/enum.md", "w").write("| engine | time | solutions/s |\n|---|---:|---:|\n" + "\n".join(rows) + "\n")
PY
python3 - "$out" <<'PY'
import re, sys, datetime
out = sys.argv[1]
scaling = open(f"{out}/scaling.md").read()
enum = open(f"{out}/enum.md").read()
text = open("BENCHMARKS.md").read()
def put(text, tag, body):
    return re.sub(rf"(<!-- {tag} -->\n).*?(<!-- /{tag} -->)", lambda m: m.group(1) + body + m.group(2), text, flags=re.S)
text = put(text, "scaling", scaling)
text = put(text, "enum", enum)
open("BENCHMARKS.md", "w").write(text)
PY
echo "BENCHMARKS.md updated"
