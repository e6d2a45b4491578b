#!/usr/bin/env bash
# One binary runs everywhere: runs the release binary under qemu-user as older x86-64 CPUs and
# checks runtime dispatch there. On each CPU model:
#   * `simdoku engines` lists what the model may run, and `simdoku check` runs every engine
#     available there against the others on two bundled sets;
#   * `auto` picks among the engines the model has, and every command gives what it gives
#     natively, byte for byte, where its output does not depend on which engine ran: solutions
#     of unique puzzles, counts, canonical forms, minimal puzzles, Sudoku Explainer ratings and
#     explanations, generated puzzles, large grids (times masked); and `play` answers `Start`;
#   * every engine asked for by name runs as natively, or is refused with a message naming what
#     the CPU lacks (never an illegal instruction).
# QEMU's emulator (TCG) has no AVX-512: the AVX-512 engines are checked natively only. About
# eight minutes on two cores (the emulator runs 10-30 times slower than the CPU).
# Needs qemu-user (Debian: apt-get install qemu-user).
# Usage: scripts/check-cpus.sh [BINARY [MODEL...]]  (models: qemu64 Nehalem Haswell)
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bin=${1:-target/release/simdoku}
[ $# -gt 0 ] && shift
models=("$@")
# qemu64: SSE2 only (the x86-64 baseline); Nehalem: SSE4.2 + POPCNT; Haswell: AVX2 + BMI.
[ ${#models[@]} -gt 0 ] || models=(qemu64 Nehalem Haswell)
command -v qemu-x86_64 >/dev/null || { echo "qemu-x86_64 not found (apt-get install qemu-user)"; exit 1; }
[ -x "$bin" ] || cargo build -q --release -p simdoku-cli
bin=$(realpath "$bin")
# The static ranking, not a calibration: what is compared must not depend on one.
export SIMDOKU_CALIBRATE=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
d=$root/bench-data
awk '!/^#/ && n++ < 300' "$d/17_clue.txt" > 17.txt
awk '!/^#/ && n++ < 30' "$d/forum_hardest_1106.txt" > hard.txt
awk '!/^#/ && n++ < 20' "$d/top95.txt" > small.txt
awk '!/^#/ && n++ < 200' "$d/magictour_top1465.txt" > magic.txt
awk 'NR <= 17' "$d/large/gecode_16x16.txt" > g16.txt

# name|command line (run in $work with $S the binary)
checks=(
  "solve-top95|\$S solve -q --unique -j 2 $d/top95.txt"
  "solve-17|\$S solve -q --unique -j 2 17.txt"
  "solve-hard|\$S solve -q --unique hard.txt"
  "count-magic|\$S count -q --limit 3 magic.txt"
  "canon|\$S canon -q magic.txt"
  "minimize|\$S minimize -q small.txt"
  "rate-se|\$S rate -q --se small.txt"
  "explain|\$S explain -q hard.txt"
  "generate|\$S generate -q -n 20 --seed 5 -j 1"
  "large-16|\$S large -q -j 1 --limit 2 g16.txt | sed -E 's/[0-9.]+ ms/_ ms/'"
  "large-25|\$S large -q -j 1 --limit 2 $d/large/25x25_g50.txt | sed -E 's/[0-9.]+ ms/_ ms/'"
  "large-100|\$S large -q -j 1 $d/large/100x100_g50.txt | sed -E 's/[0-9.]+ ms/_ ms/'"
  "play|printf 'Start\\nQuit\\n' | \$S play | wc -l"
)

run() { # model name cmd
  local model=$1 name=$2 cmd=$3 S
  if [ "$model" = native ]; then S=$bin; else S="qemu-x86_64 -cpu $model $bin"; fi
  (eval "$cmd") > "$name.$model.out" 2> "$name.$model.err"
  echo "rc=$?" >> "$name.$model.out"
}

fail=0
for c in "${checks[@]}"; do run native "${c%%|*}" "${c#*|}"; done
for model in "${models[@]}"; do
  echo "== -cpu $model"
  # What the model may run, and what `auto` takes there for each kind of work.
  qemu-x86_64 -cpu "$model" "$bin" engines 2>/dev/null | sed -n '1,2p;/^engine/,/^$/p;/auto picks/p'
  if ! qemu-x86_64 -cpu "$model" "$bin" check "$d/hardest11.txt" "$d/top95.txt" 2>/dev/null; then
    echo "   FAIL  check hardest11 top95"
    fail=1
  fi
  for c in "${checks[@]}"; do
    name=${c%%|*}
    run "$model" "$name" "${c#*|}"
    if cmp -s "$name.native.out" "$name.$model.out"; then
      echo "   ok    $name"
    else
      echo "   FAIL  $name (diff native $model):"
      diff "$name.native.out" "$name.$model.out" | head -5 | sed 's/^/         /'
      fail=1
    fi
    if grep -q -i "illegal instruction\|core dumped" "$name.$model.err"; then
      echo "   FAIL  $name: $(head -1 "$name.$model.err")"
      fail=1
    fi
  done
  # Every engine by name: it runs as natively, or it is refused with a message naming what the
  # CPU lacks.
  for e in $("$bin" engines 2>/dev/null | awk '$1 == "engine" {t = 1; next} t && NF == 0 {exit} t {print $1}'); do
    "$bin" solve -q --unique -e "$e" small.txt > "engine.native.out" 2>&1
    qemu-x86_64 -cpu "$model" "$bin" solve -q --unique -e "$e" small.txt 2>&1 |
      grep -v '^qemu-x86_64: warning' > "engine.$model.out"
    if cmp -s "engine.native.out" "engine.$model.out"; then
      echo "   ok    engine $e runs"
    elif grep -q "needs CPU features this CPU lacks" "engine.$model.out"; then
      echo "   ok    engine $e refused: $(sed -n 's/^simdoku: //p' "engine.$model.out" | head -1)"
    else
      echo "   FAIL  engine $e: $(head -2 "engine.$model.out")"
      fail=1
    fi
  done
done
if [ $fail = 0 ]; then echo "== ok"; else echo "== failures above"; fi
exit $fail
