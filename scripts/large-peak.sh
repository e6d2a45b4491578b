#!/usr/bin/env bash
# Large grids across the hardness peak, side by side on the same instances with the same limit
# per grid: simdoku large on one core and on two (`-j 2`), CP-SAT (ortools, AddAllDifferent)
# with one worker and with two, CaDiCaL 1.9.5 and
# Kissat 4.0.4 (python-sat, direct encoding pruned by the givens), and sigh's solver when
# SIGH=path/to/large_sudoku_solver is set (build it outside the repo:
# MIRROR_ROOT=... ONLY=large /work/shared/peers/build.sh, or from a checkout of
# sigh/Large-Sudoku-Solver with cargo build --release).
#
#   scripts/large-peak.sh [FILE...]     (default: bench-data/large/peak_*.txt and min_25x25.txt)
#
# One-core solvers get TIMEOUT CPU seconds, two-core ones (simdoku2, cpsat2) TIMEOUT wall-clock
# seconds: run it on a machine with two idle cores.
# Knobs: TIMEOUT (seconds per grid, 30),
#        SOLVERS (simdoku,simdoku2,cpsat,cpsat2,cadical195,kissat404,sigh),
#        VENV (target/large-peak-venv: made on first use, ortools and python-sat from PyPI),
#        JSON (every result to this file), MARKDOWN (append the table to this file).
# The table gives solved / run and the median CPU time of the solved ones per file.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-target/large-peak-venv}
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q ortools python-sat
fi
cargo build --release -q -p simdoku-cli
if [ $# -eq 0 ]; then
  set -- bench-data/large/peak_25x25_g45.txt bench-data/large/peak_25x25_g50.txt \
    bench-data/large/peak_25x25_g55.txt bench-data/large/peak_36x36_g50.txt \
    bench-data/large/peak_36x36_g53.txt \
    bench-data/large/peak_36x36_g55.txt bench-data/large/peak_49x49_g55.txt \
    bench-data/large/peak_49x49_g60.txt bench-data/large/peak_64x64_g60.txt \
    bench-data/large/peak_100x100_g70.txt
  [ -f bench-data/large/min_25x25.txt ] && set -- "$@" bench-data/large/min_25x25.txt
fi
args=(--timeout "${TIMEOUT:-30}" --simdoku target/release/simdoku
      --solvers "${SOLVERS:-simdoku,simdoku2,cpsat,cpsat2,cadical195,kissat404,sigh}")
[ -n "${SIGH:-}" ] && args+=(--sigh "$SIGH")
[ -n "${JSON:-}" ] && args+=(--json "$JSON")
[ -n "${MARKDOWN:-}" ] && args+=(--markdown "$MARKDOWN")
"$VENV/bin/python" scripts/large-peak.py "${args[@]}" "$@"
