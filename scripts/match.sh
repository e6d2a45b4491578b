#!/usr/bin/env bash
# Plays our player against an external one with our referee and prints the table.
# Usage: scripts/match.sh OPPONENT_CMD [GAMES] [SECONDS]     (defaults: 10 games, 30 s clocks)
#   A is ours (`simdoku play --time SECONDS`), B the opponent; the first move alternates (A starts
#   game 1). The table gives games, wins (as first and as second player), points, mean time per
#   move, the most clock used in a game, and faults ("lost by"). Every game's moves go to
#   target/match/LABEL.log, both players' stderr to LABEL.err, the table and where the games were
#   decided (scripts/match-phases.py) to target/match/LABEL.txt.
# Environment: OURS="extra args for simdoku play"  LABEL=name-of-run  CARGO_BUILD=0 (skip the build)
# Example (peers built by /work/shared/peers/build.sh, outside this repository):
#   scripts/match.sh /tmp/peers/ninedigits/target/release/sudoku-game 40 30
#   scripts/match.sh "/tmp/peers/maks/output/release/player --time-limit=28" 40 30
#   (maksverver's local build plays by a fixed amount of work unless given --time-limit;
#   28 is what its CodeCup build used)
set -euo pipefail
cd "$(dirname "$0")/.."
opponent=${1:?usage: scripts/match.sh OPPONENT_CMD [GAMES] [SECONDS]}
games=${2:-10}
secs=${3:-30}
label=${LABEL:-match-$(date -u +%Y%m%dT%H%M%S)}
if [ "${CARGO_BUILD:-1}" != 0 ]; then
  cargo build --release -q -p simdoku-cli
fi
out=target/match
mkdir -p "$out"
bin=$out/$label.simdoku # a private copy: later builds do not change the binary under a match
cp target/release/simdoku "$bin"
echo "match $label: $games games, $secs s clocks; A: ours $(git rev-parse --short HEAD) ${OURS:-}; B: $opponent" | tee "$out/$label.txt"
# Both players' stderr (our notes with -v, the opponent's own log) go to LABEL.err for
# scripts/match-phases.py, which says where each game was decided (progress: grep ^game LABEL.err).
"$bin" referee -n "$games" -t "$secs" --log --stderr \
  "$bin play --time $secs -v ${OURS:-}" "$opponent" > "$out/$label.log" 2> "$out/$label.err"
sed -n '1,3p' "$out/$label.log" | tee -a "$out/$label.txt"
python3 scripts/match-phases.py "$out/$label.err" | sed -n '/ games: /,$p' | tee -a "$out/$label.txt"
