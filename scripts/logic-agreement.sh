#!/usr/bin/env bash
# simdoku-logic's ratings against serate's (SukakuExplainer, default options), by ER band.
#
#   scripts/logic-agreement.sh FILE...
#
# For each FILE: serate rates it (scripts/serate.sh; its output is kept as FILE.se beside a copy
# under $WORK and reused when newer than FILE), our `rate` example rates it, and a table shows,
# per serate ER band, how many puzzles we rate (the rest are "beyond" our techniques) and how
# many of those agree on ER, and on all three of ER/EP/ED. Whole-process times of both, one
# thread each. Knobs: WORK (default /tmp/logic-agreement), and serate.sh's.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
WORK=${WORK:-/tmp/logic-agreement}
mkdir -p "$WORK"
(cd "$ROOT" && cargo build -q --release -p simdoku-logic --example rate)
OURS="$ROOT/target/release/examples/rate"
"$HERE/serate.sh" build

for f in "$@"; do
  name=$(basename "$f" .txt)
  se="$WORK/$name.se"; us="$WORK/$name.us"
  if [ ! -s "$se" ] || [ "$f" -nt "$se" ]; then
    s0=$(date +%s.%N); "$HERE/serate.sh" rate "$f" > "$se"; s1=$(date +%s.%N)
    echo "$s0 $s1" > "$se.time"
  fi
  o0=$(date +%s.%N); "$OURS" "$f" > "$us"; o1=$(date +%s.%N)
  python3 - "$name" "$se" "$us" "$(cat "$se.time")" "$o0 $o1" <<'PY'
import sys
name, se_path, us_path, se_t, us_t = sys.argv[1:6]
def rows(p):
    out = []
    for line in open(p):
        parts = line.strip().split(',')
        if len(parts) >= 4:
            out.append(parts[-3:])
    return out
se, us = rows(se_path), rows(us_path)
assert len(se) == len(us), (len(se), len(us))
bands = {}
def band(er):
    x = float(er)
    return '10+' if x >= 10 else f'{int(x)}.0-{int(x)}.9'
for s, u in zip(se, us):
    b = band(s[0]); t = bands.setdefault(b, [0, 0, 0, 0, 0])
    t[0] += 1
    if u[0] != 'beyond':
        t[1] += 1
        t[2] += u[0] == s[0]
        t[3] += u == s
        if u[0] != s[0]: t[4] += 1
print(f"## {name}: {len(se)} puzzles")
print("| serate ER | puzzles | rated by us | same ER | same ER/EP/ED |")
print("|---|---|---|---|---|")
tot = [0, 0, 0, 0, 0]
for b in sorted(bands, key=lambda k: (k == '10+', k)):
    t = bands[b]; tot = [a + c for a, c in zip(tot, t)]
    print(f"| {b} | {t[0]} | {t[1]} | {t[2]} | {t[3]} |")
print(f"| all | {tot[0]} | {tot[1]} | {tot[2]} | {tot[3]} |")
a0, a1 = map(float, se_t.split()); b0, b1 = map(float, us_t.split())
print(f"time: serate {a1-a0:.2f} s, ours {b1-b0:.3f} s, ratio {(a1-a0)/max(b1-b0,1e-9):.0f}x (whole processes)")
for s, u, line in zip(se, us, open(us_path)):
    if u[0] != 'beyond' and u != s:
        print("DIFF", line.strip().split(',')[0], "serate", "/".join(s), "ours", "/".join(u))
PY
done
