#!/usr/bin/env bash
# Writes the CLI's outputs (stdout, stderr of quiet runs, exit codes) on the bundled sets, the
# large files and some junk into DIR, one file a command, so that a refactor can be checked
# byte for byte:
#   scripts/golden.sh target/release/simdoku /tmp/before   # on the old commit
#   scripts/golden.sh target/release/simdoku /tmp/after    # on the new one
#   diff -r /tmp/before /tmp/after
# With PYTHON=path/to/python (a venv where the package `simdoku` is installed) it also writes
# the Python package's outputs (scripts/golden.py).
set -uo pipefail
# The static ranking, not a calibration: outputs must not depend on which engine measured faster
# (first solutions of multi-solution puzzles, and solution order, differ between engines).
export SIMDOKU_CALIBRATE=0
bin=${1:?usage: scripts/golden.sh BIN DIR}
out=${2:?usage: scripts/golden.sh BIN DIR}
bin=$(realpath "$bin")
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(realpath "$out")
# A work folder of this run's own (runs may overlap); commands run inside it on relative names
# (the bench-data files linked in), so the file names in the outputs are the same every run.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$root/bench-data"/* "$work"/
cd "$work"

# Slices keep the run to a minute or two on 2 cores.
awk '!/^#/ && n++ < 2000' 17_clue.txt > "17.txt"
awk '!/^#/ && n++ < 2000' serg_benchmark.txt > "serg.txt"
awk '!/^#/ && n++ < 200' forum_hardest_1106.txt > "hard.txt"
awk '!/^#/ && n++ < 300' magictour_top1465.txt > "magic.txt"
awk '!/^#/ && n++ < 40' top95.txt > "small.txt"
# Junk: a header, blank and comment lines, wrong sizes, bad characters, an unsolvable and a
# multi-solution puzzle, a pencilmark line (every candidate everywhere but row 1 given), CRLF.
{
  printf 'puzzle,solution\n\n# a comment\n'
  printf '123\n'
  printf '%s\n' "$(printf '1%.0s' {1..81})"
  printf '..x%s\n' "$(printf '.%.0s' {1..78})"
  printf '%s\n' "$(printf '.%.0s' {1..81})"
  head -1 top95.txt | tr -d '\n'; printf '\r\n'
  printf '%s\n' "$(printf '.%.0s' {1..16})"
  printf '11%s\n' "$(printf '.%.0s' {1..79})"
  printf '%s' "100000000020000000003000000000400000000050000000006000000000700000000080000000009\n"
  printf '%s\n' "$(printf '123456789%.0s' {1..72})"
  printf '\xff\xfe garbage\n'
} > "junk.txt"

run() { # name, command...
  local name=$1; shift
  "$@" > "$out/$name.out" 2> "$out/$name.err" < /dev/null
  echo "rc=$?" >> "$out/$name.out"
  # Timings are the one field that changes from run to run.
  sed -i -E 's/"ms":[0-9.]+/"ms":_/g' "$out/$name.out"
}

sets="top95.txt magic.txt hard.txt 17.txt serg.txt junk.txt"
for f in $sets; do
  n=$(basename "$f" .txt)
  run "solve-$n" "$bin" solve -q "$f"
  run "solve-unique-json-$n" "$bin" solve -q --unique --format json "$f"
  run "count-$n" "$bin" count -q --limit 3 "$f"
done
for e in scalar bands sse avx2; do
  run "solve-$e-magic" "$bin" solve -q -e "$e" "magic.txt"
  run "count-$e-hard" "$bin" count -q -e "$e" --limit 2 "hard.txt"
done
run solve-pretty "$bin" solve -q --format pretty "small.txt"
run solve-solution0 "$bin" solve -q --format solution --empty 0 "small.txt"
run count-json "$bin" count -q --format json "junk.txt"
run solve-stdin sh -c "cat small.txt | '$bin' solve -q"
run solve-missing "$bin" solve -q /nonexistent/file.txt "small.txt"
run solutions "$bin" solutions -q --max 3 "small.txt" enumerate.txt "junk.txt"
run generate "$bin" generate -q -n 50 --seed 1
run generate-sym "$bin" generate -q -n 20 --seed 2 --symmetry rot180 --minimal --with-solution
run generate-clues "$bin" generate -q -n 20 --seed 3 --clues 30 --empty 0
run generate-large "$bin" generate -q --size 16 --givens 0.5 --seed 3 -n 2
run generate-mixed "$bin" generate -q --size 25 --givens 0.6 --mixed --seed 4 -n 1
run minimize "$bin" minimize -q "small.txt" "junk.txt"
run rate "$bin" rate -q "small.txt" "junk.txt"
run rate-json "$bin" rate -q --format json "small.txt"
# Human-style solving: the generated puzzles are mostly within reach of the logic crate, top95's
# are not (their lines change as techniques are added).
grep -v '^rc=' "$out/generate.out" > gen.txt
run rate-se "$bin" rate -q --se "gen.txt" "small.txt" "junk.txt"
run explain "$bin" explain -q "gen.txt" "junk.txt"
run explain-json "$bin" explain -q --format json "small.txt"
run hint "$bin" hint -q "gen.txt" "small.txt" "junk.txt"
run generate-level "$bin" generate -q -n 5 --seed 5 --level medium
run canon "$bin" canon -q "magic.txt" "junk.txt"
run shuffle "$bin" shuffle -q --seed 1 "magic.txt" "junk.txt"
for f in large/*.txt; do
  case $f in *.solution.txt|*peak_*|*min_25x25*|*gecode_25x25*|*144x144*) continue ;; esac
  n=$(basename "$f" .txt)
  run "large-$n" "$bin" large -q -j 1 "$f"
  run "large-json-$n" "$bin" large -q -j 1 --format json --limit 2 "$f"
done
run large-unique "$bin" large -q --unique large/sigh_16x16_1.txt large/gecode_16x16.txt
run large-junk "$bin" large -q "junk.txt"

if [ -n "${PYTHON:-}" ]; then
  "$PYTHON" "$root/scripts/golden.py" "$root/bench-data" "$work" > "$out/python.out" 2>&1
  echo "rc=$?" >> "$out/python.out"
fi
echo "golden: $(ls "$out" | wc -l) files in $out"
