#!/usr/bin/env python3
"""Where the games of a match were decided, from both players' logs.

Usage: scripts/match-phases.py [--positions] MATCH.err [MORE.err ...]

MATCH.err is the stderr of `simdoku referee --stderr ... "simdoku play -v" NINEDIGITS` (what
`scripts/match.sh` keeps in target/match/LABEL.err): our notes (`middle:`,
`endgame:`, `  check`) and NineDigits' log (`All solutions generated`, `opp move solutions`,
`endgame win`, `quick win`, `endgame lost`) interleave in the order they were written, and each
game ends with the referee's `game N: A|B wins` line. Player A is ours.

For every game it finds the first proof: the first of our moves played as a proven win, or
NineDigits' first `endgame win`/`quick win`. The loser's last move before that proof is where the
game was decided; its phase is
  opening   - before either player enumerated all solutions or sampled (we had no note yet),
  middle    - our move chosen on a sample (more than 100,000 solutions), or
  endgame   - our move chosen on all solutions (the proof race proper),
with the set size it was played on and the value we gave it (Unknown: we did not see the loss
coming; Loss: we knew it was lost, so the decisive move was earlier). Prints one line a game and
a table of losses by phase and set size.

With --positions, prints instead the position of that decisive move of each lost game (the
grid before it, rebuilt from NineDigits' `recv`/`send` lines), one "FILE GAME PHASE SET GRID"
line each: search them again with `endgame_probe` (CAP=SECONDS) to learn whether they were lost
or whether a win was there to be found.
"""
import re
import sys
from collections import Counter

GAME = re.compile(r"^game (\d+): ([AB]) wins .*\((.*)\), (\d+) moves")
OURS_END = re.compile(r"^endgame: (\d+) solutions, .* play (\S+) \((?:Some\()?(\w+)\)?\) after ([\d.]+) s")
OURS_MID = re.compile(r"^middle: (\d+) givens, (\d+) (?:sampled|solutions|counted), .* play (\S+) \((?:Some\()?(\w+)\)?\) after ([\d.]+) s")
ND_SET = re.compile(r"^(?:All solutions generated count=|opp move solutions: )(\d+)")
ND_WIN = re.compile(r"^(endgame win|quick win)")
ND_USED = re.compile(r"^send \S+ used ([\d.]+)(ms|s|µs)")
OURS_USED = re.compile(r"^used ([\d.]+) s;")
ND_MOVE = re.compile(r"^(?:recv|send) ([A-I][a-i][1-9])!?( |$)")


def grid_of(moves):
    """The grid after `moves` (as "Ad5"), 81 characters, '.' for empty."""
    g = ["."] * 81
    for m in moves:
        g[(ord(m[0]) - 65) * 9 + ord(m[1]) - 97] = m[2]
    return "".join(g)


ORDER = ["-", "<=5k", "<=10k", "<=20k", "<=40k", "<=70k", "<=100k", ">100k"]


def bucket(n):
    if n is None:
        return "-"
    for lim in (5_000, 10_000, 20_000, 40_000, 70_000, 100_000):
        if n <= lim:
            return f"<={lim // 1000}k"
    return ">100k"


def games(lines):
    cur = []
    for line in lines:
        m = GAME.match(line)
        if m:
            yield int(m.group(1)), m.group(2), m.group(3), int(m.group(4)), cur
            cur = []
        else:
            cur.append(line.rstrip("\n"))


def analyse(no, winner, how, moves, lines):
    first_proof = None  # (who, set size)
    ours_last = None  # (phase, set size, value) of our last move before the first proof
    ours_moves = 0
    nd_set = None
    nd_used = ours_used = None
    played = []  # the moves so far, as NineDigits saw them
    decisive = None  # our move of ours_last, until NineDigits receives it
    position = None  # the grid before it
    for line in lines:
        m = ND_MOVE.match(line)
        if m:
            if decisive is not None and line.startswith("recv") and m.group(1) == decisive:
                position, decisive = grid_of(played), None
            played.append(m.group(1))
            continue
        m = OURS_END.match(line)
        if m:
            n, value = int(m.group(1)), m.group(3)
            if first_proof is None:
                if value == "Win":
                    first_proof = ("A", n)
                else:
                    ours_last = ("endgame", n, value)
                    decisive = m.group(2)
            ours_moves += 1
            continue
        m = OURS_MID.match(line)
        if m:
            if first_proof is None:
                ours_last = ("middle", None, m.group(4))
                decisive = m.group(3)
            ours_moves += 1
            continue
        m = ND_SET.match(line)
        if m:
            nd_set = int(m.group(1))
            continue
        if ND_WIN.match(line) and first_proof is None:
            first_proof = ("B", nd_set)
            continue
        m = ND_USED.match(line)
        if m:
            v = float(m.group(1))
            nd_used = v / 1000 if m.group(2) == "ms" else v / 1e6 if m.group(2) == "µs" else v
            continue
        m = OURS_USED.match(line)
        if m:
            ours_used = float(m.group(1))
    return dict(no=no, winner=winner, how=how, moves=moves, proof=first_proof,
                last=ours_last or ("opening", None, "-"), ours_used=ours_used, nd_used=nd_used,
                position=position)


def main(paths, positions=False):
    rows = []
    for p in paths:
        with open(p, encoding="utf-8", errors="replace") as f:
            rows += [dict(analyse(*g), file=p) for g in games(f)]
    if positions:
        for r in rows:
            if r["winner"] == "B" and r["position"]:
                ph, n, _ = r["last"]
                print(r["file"], r["no"], ph, n or "-", r["position"])
        return
    print("game winner how          first-proof(by,set)  our-last-move-before-it(phase,set,value)  clock A/B")
    for r in rows:
        pr = f"{r['proof'][0]},{r['proof'][1]}" if r["proof"] else "-"
        ph, n, v = r["last"]
        ua = f"{r['ours_used']:.1f}" if r["ours_used"] is not None else "?"
        ub = f"{r['nd_used']:.1f}" if r["nd_used"] is not None else "?"
        print(f"{r['no']:4} {r['winner']:6} {r['how']:12} {pr:20} {ph:8} {n or '-':>7} {v:8}  {ua}/{ub}")
    wins = sum(r["winner"] == "A" for r in rows)
    print(f"\n{len(rows)} games: A (ours) won {wins}, B won {len(rows) - wins}")
    firsts = Counter((r["proof"][0] if r["proof"] else "-", r["winner"]) for r in rows)
    print("first proof by / winner:", dict(firsts))
    losses = [r for r in rows if r["winner"] == "B"]
    print(f"\nour {len(losses)} losses by the phase of our last move before B's first proof:")
    table = Counter((r["last"][0], bucket(r["last"][1]), r["last"][2]) for r in losses)
    for (ph, b, v), c in sorted(table.items(), key=lambda kv: (kv[0][0], ORDER.index(kv[0][1]), kv[0][2])):
        print(f"  {ph:8} {b:7} {v:8} {c}")
    sizes = Counter(bucket(r["proof"][1]) for r in losses if r["proof"] and r["proof"][0] == "B")
    print("B's first proof, set size:", dict(sorted(sizes.items(), key=lambda kv: ORDER.index(kv[0]))))
    sizes = Counter(bucket(r["proof"][1]) for r in rows if r["proof"] and r["proof"][0] == "A")
    print("our first proof, set size:", dict(sorted(sizes.items(), key=lambda kv: ORDER.index(kv[0]))))


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--positions"]
    if not args:
        sys.exit(__doc__)
    main(args, positions=len(args) < len(sys.argv) - 1)
