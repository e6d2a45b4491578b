#!/usr/bin/env bash
# Same-run 9x9 comparison with the peers: builds them from their public sources outside the repo,
# then times them beside `simdoku bench` (interleaved rounds, medians; see scripts/compare9.py).
#
# Usage:
#   MIRROR_ROOT=/path/to/mirrors scripts/peers.sh build      # build the peers into $PEERS
#   scripts/peers.sh compare [--rounds 3] [SET.txt...]        # time them (default: the bundled sets)
#   MIRROR_ROOT=... scripts/peers.sh all [--rounds 3]        # both
#   scripts/peers.sh shuffled [--rounds 3]                   # the bundled sets, shuffled (below)
#
# Peers: tdoku's `run_benchmark` (tdoku, JCZSolve, fsss2, SK_BFORCE2; clang -O3 -march=native as
# tdoku's BUILD.sh does) and the crates.io crate `sudoku` 0.8 (a JCZSolve port) behind a small
# timing program written here. No peer code is in this repository: the sources are bare git mirrors
# of the public repositories, laid out as MIRROR_ROOT/<owner>+<name>/repo:
#   t-dillon/tdoku and the repositories of its submodules (t-dillon/fsss2_bench,
#   t-dillon/LHL-Sudoku-Solver-bench, t-dillon/norvig-sudoku-bench, bartp5/gss,
#   t-dillon/rust_sudoku_bench), GPenet/SK_BFORCE2, and shines77/gzSudoku (for JCZSolve's zip,
#   others/jczslover/jczsolve.zip, which tdoku's setup_jczsolve.sh downloads from the forum).
# Knobs: PEERS=/tmp/peers (build folder)  SIMDOKU=target/release/simdoku (built if missing)
#   PEER_ARCH=native (tdoku's -march; x86-64-v3 builds the peers without AVX-512, to stand in
#   for a machine without it: PEERS=/tmp/peers-v3 PEER_ARCH=x86-64-v3 scripts/peers.sh build).
# Needs for building: clang, cmake, make, unzip, patch, git (apt-get install if missing, as root).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
PEERS=${PEERS:-/tmp/peers}
BIN=${SIMDOKU:-$REPO/target/release/simdoku}
# The bundled sets the comparisons time by default (bench-data/NAME.txt).
BUNDLED=(top95 17_clue magictour_top1465 forum_hardest_1106 serg_benchmark)
cmd=${1:-}
[ $# -gt 0 ] && shift

# extract GITDIR DEST [COMMIT]: a commit's tree (default HEAD) into DEST, skipping blobs the mirror
# lacks; a throwaway index, so the mirror is never written to.
extract() {
  local g="$1" d="$2" c="${3:-HEAD}" idx
  idx=$(mktemp); rm -f "$idx"
  mkdir -p "$d"
  GIT_INDEX_FILE="$idx" git --git-dir="$g" read-tree "$c"
  git --git-dir="$g" ls-tree -r "$c" | while read -r _mode type obj path; do
    [ "$type" = blob ] || continue
    if ! git --git-dir="$g" cat-file -e "$obj" 2>/dev/null; then
      echo "  (not in the mirror, skipped: $path)" >&2
      GIT_INDEX_FILE="$idx" git --git-dir="$g" update-index --force-remove -- "$path"
    fi
  done
  GIT_INDEX_FILE="$idx" git --git-dir="$g" --work-tree="$d" checkout-index -a -f
  rm -f "$idx"
  echo "  $(basename "$(dirname "$g")") @ $(git --git-dir="$g" rev-parse "$c") -> $d"
}

build() {
  : "${MIRROR_ROOT:?set MIRROR_ROOT to the folder holding the <owner>+<name>/repo mirrors}"
  m() { echo "$MIRROR_ROOT/$1/repo"; }
  if ! command -v clang >/dev/null || ! command -v cmake >/dev/null || ! command -v unzip >/dev/null; then
    echo "== system packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq clang cmake make unzip patch git g++ >/dev/null
  fi
  mkdir -p "$PEERS"
  echo "== tdoku run_benchmark"
  local T=$PEERS/tdoku TD
  TD=$(m t-dillon+tdoku)
  rm -rf "$T"
  extract "$TD" "$T"
  for sm in module_fsss2:t-dillon+fsss2_bench module_lhl_sudoku:t-dillon+LHL-Sudoku-Solver-bench \
            module_norvig_sudoku:t-dillon+norvig-sudoku-bench module_gss:bartp5+gss \
            module_rust_sudoku:t-dillon+rust_sudoku_bench; do
    extract "$(m "${sm#*:}")" "$T/other/${sm%%:*}" "$(git --git-dir="$TD" rev-parse "HEAD:other/${sm%%:*}")"
  done
  # tdoku pins a fork of SK_BFORCE2 that has no public snapshot; upstream builds the same way.
  extract "$(m GPenet+SK_BFORCE2)" "$T/other/module_sk_bforce2"
  # tdoku's other/setup_jczsolve.sh, with the zip from gzSudoku instead of the forum.
  extract "$(m shines77+gzSudoku)" "$PEERS/src/gzsudoku"
  (cd "$T/other/jczsolve" \
     && unzip -jo "$PEERS/src/gzsudoku/others/jczslover/jczsolve.zip" 'JCZSolve10/JCZSolve.?' \
     && patch JCZSolve.c JCZSolve.c.diff)
  (cd "$T" && CC=clang CXX=clang++ ./BUILD.sh run_benchmark -DOPT=O3 -DARCH="${PEER_ARCH:-native}" \
     -DFSSS2=on -DJCZSOLVE=on -DSK_BFORCE2=on)
  echo "== peer-sudoku (crates.io sudoku 0.8, fetched by cargo into $PEERS only)"
  local S=$PEERS/peer-sudoku-src
  rm -rf "$S" && mkdir -p "$S/src"
  cat > "$S/Cargo.toml" <<'TOML'
[package]
name = "peer-sudoku"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
sudoku = "0.8"

[profile.release]
lto = "fat"
codegen-units = 1
TOML
  cat > "$S/src/main.rs" <<'RS'
//! usage: peer-sudoku FILE [PASSES]; PEER_LIMIT=2 counts to 2 instead of the first solution.
//! Single-threaded; each pass repeats the file until 0.3 s have passed; prints the median
//! puzzles/s over the passes (as `simdoku bench --passes 5 --min-time 0.3` measures ours).
use std::time::Instant;
use sudoku::Sudoku;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("read puzzle file");
    let passes: usize = args.get(2).map_or(5, |s| s.parse().expect("passes"));
    let puzzles: Vec<Sudoku> = text.lines().filter(|l| !l.starts_with('#') && l.len() >= 81)
        .map(|l| Sudoku::from_str_line(&l[..81]).expect("parse")).collect();
    let count2 = std::env::var("PEER_LIMIT").is_ok_and(|v| v == "2");
    let run = || if count2 {
        puzzles.iter().filter(|p| p.solutions_count_up_to(2) > 0).count()
    } else {
        puzzles.iter().filter(|p| p.some_solution().is_some()).count()
    };
    let solved = run(); // warm-up
    let mut rates = Vec::new();
    for _ in 0..passes.max(1) {
        let t = Instant::now();
        let mut done = 0;
        while t.elapsed().as_secs_f64() < 0.3 {
            std::hint::black_box(run());
            done += puzzles.len();
        }
        rates.push(done as f64 / t.elapsed().as_secs_f64());
    }
    rates.sort_by(f64::total_cmp);
    println!("{} puzzles, {} solved, {:.0} puzzles/s", puzzles.len(), solved, rates[rates.len() / 2]);
}
RS
  (cd "$S" && CARGO_TARGET_DIR="$PEERS/peer-sudoku" cargo build --release)
  ls -l "$T/build/run_benchmark" "$PEERS/peer-sudoku/release/peer-sudoku"
}

# Builds simdoku when $BIN is missing.
need_simdoku() {
  [ -x "$BIN" ] || cargo build --release -p simdoku-cli
}

compare() {
  need_simdoku
  local args=() sets=() s
  while [ $# -gt 0 ]; do
    case $1 in
      --*) args+=("$1" "$2"); shift 2 ;;
      *) sets+=("$1"); shift ;;
    esac
  done
  if [ ${#sets[@]} -eq 0 ]; then
    for s in "${BUNDLED[@]}"; do sets+=("bench-data/$s.txt"); done
  fi
  python3 scripts/compare9.py --peers-dir "$PEERS" "${args[@]}" "$BIN" "${sets[@]}"
}

# The bundled sets with every puzzle in a random equivalent form (`simdoku shuffle --seed 1`;
# top95 forty times over, 3,800 puzzles). A small set replayed thousands of times, or one whose
# puzzles share a few clue patterns (serg_benchmark: 16 patterns), lets a branchy solver's branch
# predictor learn it; shuffled, every puzzle looks new, as in a batch of distinct puzzles.
shuffled() {
  local dir=$PEERS/shuffled sets=() s n
  need_simdoku
  mkdir -p "$dir"
  for s in "${BUNDLED[@]}"; do
    n=1; [ $s = top95 ] && n=40
    for _ in $(seq $n); do cat "bench-data/$s.txt"; done |
      "$BIN" shuffle --seed 1 -q -o "$dir/$s-shuffled.txt" -
    sets+=("$dir/$s-shuffled.txt")
  done
  compare "$@" "${sets[@]}"
}

case $cmd in
  build) build ;;
  shuffled) shuffled "$@" ;;
  compare) compare "$@" ;;
  all) build; compare "$@" ;;
  *) sed -n '2,9p' "$0"; exit 2 ;;
esac
