#!/usr/bin/env bash
# The oracle for simdoku-logic's ratings: SukakuExplainer's `serate` (Java, LGPL), built outside
# the repository from a bare git mirror, run with its default options.
#
#   scripts/serate.sh build              build it (javac) into $SERATE_DIR unless already built
#   scripts/serate.sh rate FILE [ARGS]   print `puzzle,ER,EP,ED` for each puzzle line of FILE
#   scripts/serate.sh steps FILE         print each step (rating and short description) as well
#
# The mirror: SE_GIT, or MIRROR_ROOT/SudokuMonster+SukakuExplainer/repo (a bare clone of
# github.com/SudokuMonster/SukakuExplainer). Nothing from it enters the repository: the sources
# are checked out under $SERATE_DIR/src, compiled to $SERATE_DIR/classes.
# Knobs: SERATE_DIR (default /tmp/serate), SE_GIT, MIRROR_ROOT, SERATE_THREADS (default 1:
#        one thread, to compare whole processes with our single-threaded rater), JAVA_OPTS.
set -euo pipefail

SERATE_DIR=${SERATE_DIR:-/tmp/serate}
SERATE_THREADS=${SERATE_THREADS:-1}
JAVA_OPTS=${JAVA_OPTS:-"-Xrs -Xmx2g"}

build() {
  if [ -f "$SERATE_DIR/classes/diuf/sudoku/test/serate.class" ]; then return; fi
  local git=${SE_GIT:-${MIRROR_ROOT:?set SE_GIT or MIRROR_ROOT}/SudokuMonster+SukakuExplainer/repo}
  rm -rf "$SERATE_DIR" && mkdir -p "$SERATE_DIR/src" "$SERATE_DIR/classes"
  # Check out HEAD without touching the mirror (a throwaway index).
  local idx; idx=$(mktemp -u)
  GIT_INDEX_FILE="$idx" git --git-dir="$git" read-tree HEAD
  GIT_INDEX_FILE="$idx" git --git-dir="$git" --work-tree="$SERATE_DIR/src" checkout-index -a -f
  rm -f "$idx"
  echo "SukakuExplainer @ $(git --git-dir="$git" rev-parse HEAD)" > "$SERATE_DIR/VERSION"
  (cd "$SERATE_DIR/src" && find diuf -name '*.java' > ../files.txt \
     && javac -nowarn -encoding ISO-8859-1 -d ../classes @../files.txt 2>/dev/null \
     && find diuf -type f ! -name '*.java' | while read -r f; do
          mkdir -p "../classes/$(dirname "$f")"; cp "$f" "../classes/$f"; done)
  cat "$SERATE_DIR/VERSION" >&2
}

serate() {
  # shellcheck disable=SC2086
  java $JAVA_OPTS -cp "$SERATE_DIR/classes" diuf.sudoku.test.serate --threads="$SERATE_THREADS" "$@"
}

cmd=${1:-}; shift || true
case "$cmd" in
  build) build ;;
  rate)  build; in=$1; shift; serate --format='%g,%r,%p,%d' --input="$in" "$@" ;;
  steps) build; in=$1; shift; serate --format='%g,%r,%p,%d' --after='  %s' --input="$in" "$@" ;;
  *) sed -n '2,13p' "$0" >&2; exit 2 ;;
esac
