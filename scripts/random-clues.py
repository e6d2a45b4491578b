#!/usr/bin/env python3
"""Random clue sets: a benchmark input like a generator's raw output (tdoku's `gen_puzzles`).

usage: random-clues.py [N] [SEED] > FILE

Each line has 20 to 28 givens at random cells with random digits, no digit twice in a row,
column or box; most such sets have no solution, the rest several (a proper puzzle is rare).
The first line is `# ALLOWZERO`, which tdoku's run_benchmark needs to time puzzles without a
solution (simdoku skips `#` lines).
"""
import random
import sys


def clue_set(rng):
    grid = [0] * 81
    used = set()  # (house, digit)
    want = rng.randint(20, 28)
    for cell in rng.sample(range(81), 81):
        if want == 0:
            break
        r, c = divmod(cell, 9)
        houses = (r, 9 + c, 18 + (r // 3) * 3 + c // 3)
        for d in rng.sample(range(1, 10), 9):
            if all((h, d) not in used for h in houses):
                grid[cell] = d
                used.update((h, d) for h in houses)
                want -= 1
                break
    return "".join(str(v) if v else "." for v in grid)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 5)
    out = ["# ALLOWZERO"] + [clue_set(rng) for _ in range(n)]
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
