"""explain and rate(method="se"): human-style steps and Sudoku Explainer's ratings, against
serate's ratings of generated puzzles (crates/simdoku-logic/tests/data/serate_gen1.csv)."""

from __future__ import annotations

import math

import numpy as np
import pytest

import simdoku
from conftest import ROOT, check_solution, to_cells

SERATE = ROOT / "crates" / "simdoku-logic" / "tests" / "data" / "serate_gen1.csv"


def serate_rows(limit=None):
    rows = []
    with open(SERATE, encoding="ascii") as f:
        for line in f:
            if line.startswith("#"):
                continue
            p, er, ep, ed = line.strip().split(",")
            rows.append((p, float(er), float(ep), float(ed)))
    return rows[:limit]


def test_rate_se_matches_serate_or_says_beyond():
    rows = serate_rows()
    got = simdoku.rate([r[0] for r in rows], method="se", threads=2)
    rated = 0
    for (p, er, ep, ed), r in zip(rows, got):
        if math.isnan(r.er):
            assert er >= 4.0, p
            assert math.isnan(r.ep) and math.isnan(r.ed)
        else:
            assert (r.er, r.ep, r.ed) == (er, ep, ed), p
            rated += 1
    assert rated >= 600
    # The same as arrays, whatever the thread count.
    arr = simdoku.rate(to_cells([r[0] for r in rows]), method="se", threads=1)
    assert isinstance(arr, simdoku.SeRating) and arr.er.dtype == np.float64
    assert np.array_equal(arr.er, np.array([r.er for r in got]), equal_nan=True)
    assert np.array_equal(arr.ed, np.array([r.ed for r in got]), equal_nan=True)


def test_rate_se_single_pencilmarks_and_errors():
    p, er, ep, ed = serate_rows(1)[0]
    assert simdoku.rate(p, method="se") == simdoku.SeRating(er, ep, ed)
    # A pencilmark line of the same puzzle: every candidate its givens leave.
    cells = to_cells([p])[0]
    marks = []
    for c in range(81):
        if cells[c]:
            marks.append("".join(str(d) if d == cells[c] else "." for d in range(1, 10)))
        else:
            r, k = divmod(c, 9)
            b = (r // 3) * 3, (k // 3) * 3
            seen = set(cells[r * 9:(r + 1) * 9]) | set(cells[k::9]) | {
                cells[(b[0] + i) * 9 + b[1] + j] for i in range(3) for j in range(3)}
            marks.append("".join("." if d in seen else str(d) for d in range(1, 10)))
    line = "".join(marks)
    assert len(line) == 729
    assert simdoku.rate([line], method="se") == [simdoku.SeRating(er, ep, ed)]
    with pytest.raises(ValueError, match="row 1: expected 81 cells"):
        simdoku.rate([p, "123"], method="se")
    two = "." * 81
    out, status = simdoku.rate([p, "123", two], method="se", errors="mask")
    assert status.tolist() == [simdoku.OK, simdoku.INVALID, simdoku.MULTIPLE]
    assert out[0].er == er and math.isnan(out[1].er) and math.isnan(out[2].er)
    with pytest.raises(ValueError, match="method"):
        simdoku.rate(p, method="nope")


# Two puzzles with two solutions each that the steps "solve" through a unique rectangle and a
# BUG (which assume one solution).
TWO_SOLUTIONS = [
    "4...291..51..3.47..871....3..8....9..5......4.69.........346..5...9..7.6.........",
    "...5....353.....218....6...2.9....7.....851.....9.1...92.....6....1.3..4........7",
]


def test_rate_se_two_solutions_solved_through_uniqueness_steps_are_multiple():
    # Unique rectangles and the BUG assume one solution: the steps "solve" these two-solution
    # puzzles through them, and they were rated (7.2 and 5.6) instead of MULTIPLE.
    two = TWO_SOLUTIONS
    assert simdoku.count(two) == [2, 2]
    out, status = simdoku.rate(two, method="se", errors="mask")
    assert status.tolist() == [simdoku.MULTIPLE, simdoku.MULTIPLE]
    assert all(math.isnan(r.er) for r in out)


def test_explain_steps_lead_to_the_solution():
    for p, er, _, _ in serate_rows(30):
        steps = simdoku.explain(p)
        solution = simdoku.solve(p)
        grid = [int(ch) if ch != "." else 0 for ch in p]
        for s in steps:
            assert set(s) == {"technique", "difficulty", "placements", "eliminations", "text"}
            assert s["technique"] in s["text"]
            for c, d in s["placements"]:
                assert int(solution[c]) == d
                grid[c] = d
            for c, ds in s["eliminations"]:
                assert int(solution[c]) not in ds
        if er < 4.0:
            assert "".join(map(str, grid)) == solution
            assert max(s["difficulty"] for s in steps) == er
    check_solution(to_cells([p])[0], to_cells([solution])[0])
    # Arrays, (81,) and (9, 9), give the same steps.
    p = serate_rows(1)[0][0]
    assert simdoku.explain(to_cells([p])[0].reshape(9, 9)) == simdoku.explain(p)


def test_explain_stops_where_the_techniques_do_and_rejects_junk():
    hardest = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
    steps = simdoku.explain(hardest)
    grid = list(hardest)
    for s in steps:
        for c, d in s["placements"]:
            grid[c] = str(d)
    assert "." not in grid, "a forum hardest puzzle is solved (nested forcing chains)"
    # Several solutions: no steps (counted first), an error as for rate(method="se").
    with pytest.raises(ValueError, match="the puzzle has more than one solution"):
        simdoku.explain("." * 81)
    assert simdoku.explain("." * 81, errors="mask") == ([], simdoku.MULTIPLE)
    with pytest.raises(ValueError, match="errors must be"):
        simdoku.explain(hardest, errors="skip")
    with pytest.raises(ValueError, match="expected 81 cells"):
        simdoku.explain("123")
    with pytest.raises(ValueError, match="one puzzle"):
        simdoku.explain(to_cells([hardest, hardest]))
    # Out of range in a uint8 array: named as for the other dtypes, not "unexpected ':'".
    bad = to_cells([hardest])[0]
    bad[13] = 10
    with pytest.raises(ValueError, match="row 0: r2c5: value 10 is not 0-9"):
        simdoku.explain(bad)
    # No solution (r1c9 needs the 9 that r2c9 holds): an error, not a partial
    # list that looks like a harder puzzle.
    no_solution = "12345678." + "." * 8 + "9" + "." * 63
    assert simdoku.count(no_solution) == 0
    with pytest.raises(ValueError, match="the puzzle has no solution"):
        simdoku.explain(no_solution)
    assert simdoku.explain(no_solution, errors="mask") == ([], simdoku.NO_SOLUTION)
    # Junk raises whatever errors says; a puzzle with one solution has status OK.
    with pytest.raises(ValueError, match="expected 81 cells"):
        simdoku.explain("123", errors="mask")
    assert simdoku.explain(hardest, errors="mask") == (steps, simdoku.OK)


def test_explain_two_solutions_solved_through_uniqueness_steps_is_multiple():
    # The steps "solved" these two-solution puzzles through a unique rectangle and a BUG (which
    # assume one solution), and explain returned the whole path, with nothing to tell it from
    # a puzzle with one solution. The status, as rate(method="se") gives it: MULTIPLE.
    two = TWO_SOLUTIONS
    assert simdoku.count(two) == [2, 2]
    _, status = simdoku.rate(two, method="se", errors="mask")
    for p, s in zip(two, status.tolist()):
        assert s == simdoku.MULTIPLE
        assert simdoku.explain(p, errors="mask") == ([], simdoku.MULTIPLE)
        with pytest.raises(ValueError, match="more than one solution"):
            simdoku.explain(p)
        # As an array, the same.
        assert simdoku.explain(to_cells([p])[0], errors="mask") == ([], simdoku.MULTIPLE)
    # One solution: the same steps as without errors="mask", status OK.
    p = serate_rows(1)[0][0]
    assert simdoku.explain(p, errors="mask") == (simdoku.explain(p), simdoku.OK)
