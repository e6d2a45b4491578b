"""generate, rate, minimize, canonical, shuffle, solutions, large.solve, large.minimize and large.generate, engines."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import simdoku
from conftest import bench_set, check_solution, to_cells

P0 = bench_set("top95", 1)[0]


def test_generate_is_unique_seeded_and_thread_independent():
    ps = simdoku.generate(40, seed=5, threads=2)
    assert ps == simdoku.generate(40, seed=5, threads=1)
    assert all(simdoku.is_unique(ps))
    a, s = simdoku.generate(10, seed=5, solutions=True, as_array=True)
    assert a.shape == (10, 81) and a.dtype == np.uint8
    assert ["".join(str(v) if v else "." for v in r) for r in a.tolist()] == ps[:10]
    for p, q in zip(a, s):
        check_solution(p, q)


@pytest.mark.parametrize("sym", ["rot180", "rot90", "mirror", "diagonal"])
def test_generate_symmetry(sym):
    for p in simdoku.generate(5, seed=2, symmetry=sym, as_array=True):
        g = p.reshape(9, 9) != 0
        image = {"rot180": np.rot90(g, 2), "rot90": np.rot90(g), "mirror": g[:, ::-1],
                 "diagonal": g.T}[sym]
        assert (g == image).all()


def test_generate_too_many_is_a_memory_error():
    # Was a PanicException ("capacity overflow"), and for 2**40 an abort of the interpreter.
    for n in (2**62, 2**60):
        with pytest.raises(MemoryError, match="cannot hold"):
            simdoku.generate(n, seed=1)


def test_generate_options():
    minimal = simdoku.generate(5, seed=3, minimal=True)
    assert simdoku.minimize(minimal) == minimal
    easy = simdoku.generate(5, seed=3, clues=40, grade="naked-singles")
    assert all(r.grade == "naked-singles" for r in simdoku.rate(easy))
    assert all(81 - p.count(".") >= 40 for p in easy)
    with pytest.raises(ValueError, match="unknown symmetry"):
        simdoku.generate(1, symmetry="spiral")
    with pytest.raises(ValueError, match="unknown grade"):
        simdoku.generate(1, grade="fiendish")
    with pytest.raises(ValueError, match="clues must be in 0..=81"):
        simdoku.generate(1, clues=100)


LEVELS = {"easy": (1.0, 1.5), "medium": (1.6, 2.9), "hard": (3.0, 4.4), "expert": (4.5, 6.0)}


@pytest.mark.parametrize("level", list(LEVELS))
def test_generate_level_is_rated_in_its_band_again(level):
    lo, hi = LEVELS[level]
    ps = simdoku.generate(6, level=level, seed=4, threads=2)
    assert ps == simdoku.generate(6, level=level, seed=4, threads=1)
    assert all(simdoku.is_unique(ps)) and len(set(ps)) == 6
    for r in simdoku.rate(ps, method="se"):
        assert lo - 1e-9 <= r.er <= hi + 1e-9, (level, r)
    assert simdoku.generate(6, se=(lo, hi), seed=4) == ps  # the level is its band
    assert simdoku.generate(6, se=f"{lo}..{hi}", seed=4) == ps


def test_generate_se_keeps_the_options():
    ps, sols = simdoku.generate(4, se=(4.0, 6.0), minimal=True, seed=2, solutions=True)
    assert simdoku.minimize(ps) == ps
    for p, s in zip(ps, sols):
        check_solution(to_cells([p])[0], to_cells([s])[0])
        assert 4.0 <= simdoku.rate(p, method="se").er <= 6.0
    a = simdoku.generate(4, se=(3.0, 4.4), symmetry="rot180", seed=2, as_array=True)
    for p in a:
        g = p.reshape(9, 9) != 0
        assert (g == np.rot90(g, 2)).all()
    assert all(3.0 <= r <= 4.4 for r in simdoku.rate(a, method="se").er)
    one = simdoku.generate(se=4.2, seed=3)
    assert simdoku.rate(one, method="se").er == 4.2


def test_generate_extreme_is_beyond_the_rater():
    ps = simdoku.generate(4, level="extreme", seed=5)
    assert all(simdoku.is_unique(ps))
    # Beyond the exact levels: unrated, or rated above 6.0 (through the chains).
    assert all(np.isnan(r.er) or r.er > 6.0 for r in simdoku.rate(ps, method="se"))


def test_generate_se_errors():
    with pytest.raises(ValueError, match="not reproduced"):
        simdoku.generate(1, se=(5.0, 9.5))
    with pytest.raises(ValueError, match="unknown level"):
        simdoku.generate(1, level="insane")
    with pytest.raises(ValueError, match="one or the other"):
        simdoku.generate(1, se=(3, 4), level="hard")
    with pytest.raises(ValueError, match="one or the other"):
        simdoku.generate(1, level="hard", grade="naked-singles")
    with pytest.raises(ValueError, match="in 3 candidates"):
        simdoku.generate(1, se=1.0, minimal=True, attempts=3, seed=1)


def test_generate_attempts_below_one_are_errors():
    # attempts=0 was refused with se= and level= but quietly ignored with grade= or alone.
    for kw in ({}, {"grade": "naked-singles"}, {"level": "easy"}, {"se": (1.0, 1.5)}):
        with pytest.raises(ValueError, match="attempts must be at least 1, got 0"):
            simdoku.generate(1, attempts=0, seed=1, **kw)
    assert simdoku.is_unique(simdoku.generate(1, grade="naked-singles", attempts=1, seed=1))


def test_generate_se_matches_the_cli(cli):
    import subprocess

    out = subprocess.run([cli, "generate", "-q", "-n", "5", "--seed", "9", "--level", "expert"],
                         check=True, capture_output=True, text=True).stdout.split()
    assert out == simdoku.generate(5, level="expert", seed=9)


def test_rate_kinds():
    top = bench_set("top95", 20)
    rs = simdoku.rate(top, seed=1)
    assert len(rs) == 20 and all(r.solutions == 1 and r.guesses >= 0 for r in rs)
    ra = simdoku.rate(to_cells(top), seed=1)
    assert ra.solutions.tolist() == [1] * 20
    assert ra.guesses.tolist() == [r.guesses for r in rs]
    assert ra.grade.tolist() == [r.grade for r in rs]
    serg = simdoku.rate(bench_set("serg_benchmark", 1)[0])
    assert serg.solutions == 2
    out, status = simdoku.rate([P0, "11" + "." * 79], errors="mask")
    assert status.tolist() == [0, 3] and np.isnan(out[1].guesses)


def test_rate_masks_bad_rows_whole():
    # A line that is not a puzzle reached the rater as an empty grid and kept that grid's
    # grade ("beyond-singles") beside its masked solutions and guesses.
    masked = (0, "contradiction")
    bad = ["not a puzzle", "11" + "." * 79, None, "." * 80]
    out, status = simdoku.rate([P0] + bad, errors="mask")
    assert status.tolist() == [simdoku.OK] + [simdoku.INVALID] * len(bad)
    assert out[0].grade != "contradiction"
    for r in out[1:]:
        assert (r.solutions, r.grade) == masked and np.isnan(r.guesses)
    one, st = simdoku.rate("123", errors="mask")
    assert st == simdoku.INVALID and (one.solutions, one.grade) == masked
    a = np.zeros((3, 81), dtype=np.int64)
    a[1, 0] = 10  # out of range
    a[2, :2] = 1  # contradictory givens, found by the native rater
    arr, st = simdoku.rate(a, errors="mask")
    assert st.tolist() == [simdoku.OK, simdoku.INVALID, simdoku.INVALID]
    assert arr.grade.tolist()[1:] == ["contradiction"] * 2
    assert arr.solutions.tolist()[1:] == [0, 0] and np.isnan(arr.guesses[1:]).all()


def test_minimize_canonical_shuffle():
    top = bench_set("top95", 30)
    m = simdoku.minimize(top)
    assert all(simdoku.is_unique(m))
    assert simdoku.solve(m) == simdoku.solve(top)
    assert simdoku.minimize(m) == m  # minimal puzzles stay as they are
    sh = simdoku.shuffle(top, seed=9)
    assert sh != top and all(simdoku.is_unique(sh))
    assert simdoku.canonical(sh) == simdoku.canonical(top)
    assert len(set(simdoku.canonical(top))) == 30
    ml = simdoku.minlex(top)
    assert simdoku.minlex(sh) == ml and len(set(ml)) == 30
    assert all(m.startswith(".") for m in ml)  # empty cells first
    assert simdoku.minlex(simdoku.solve(top)) == simdoku.canonical(simdoku.solve(top))
    a = to_cells(top).reshape(30, 9, 9).astype(np.int32)
    ca = simdoku.canonical(a)
    assert ca.shape == (30, 9, 9) and ca.dtype == np.int32
    assert simdoku.canonical(top) == ["".join(str(v) if v else "." for v in r)
                                     for r in ca.reshape(30, 81).tolist()]
    with pytest.raises(ValueError, match="row 0: more than one solution"):
        simdoku.minimize("." * 81)
    none = "11" + "." * 79  # two 1s in a row: contradictory givens, INVALID before any search
    no_solution = "12345678." + "." * 8 + "9" + "." * 63  # r1c9 has no digit left
    out, status = simdoku.minimize(["." * 81, P0, "bad", none, no_solution], errors="mask")
    assert status.tolist() == [simdoku.MULTIPLE, simdoku.OK, simdoku.INVALID, simdoku.INVALID,
                               simdoku.NO_SOLUTION]
    assert out[0] is None and out[2] is None and out[4] is None


def test_solutions_is_lazy_and_complete():
    p = bench_set("serg_benchmark", 1)[0]
    n = simdoku.count(p, limit=10**6)
    sols = list(simdoku.solutions(p))
    assert len(sols) == n == len(set(sols))
    for s in sols:
        check_solution(to_cells([p]), to_cells([s]))
    # The empty grid has ~6.7e21 solutions: only what is taken is made.
    first = list(itertools.islice(simdoku.solutions("." * 81), 1000))
    assert len(set(first)) == 1000
    arr = next(simdoku.solutions(to_cells([P0]).reshape(9, 9)))
    assert arr.shape == (9, 9)
    assert len(list(simdoku.solutions("." * 81, max=5))) == 5
    with pytest.raises(ValueError, match="contradictory"):
        next(simdoku.solutions("11" + "." * 79))


def test_large():
    g = np.zeros((25, 25), dtype=np.int16)
    s = simdoku.large.solve(g)
    assert s.dtype == np.int16
    for i in range(25):
        assert sorted(s[i].tolist()) == list(range(1, 26))
        assert sorted(s[:, i].tolist()) == list(range(1, 26))
    x = simdoku.large.solve(np.zeros((16, 16), dtype=int), x=True)
    assert sorted(np.diag(x).tolist()) == list(range(1, 17))
    assert sorted(np.diag(x[:, ::-1]).tolist()) == list(range(1, 17))
    nine = to_cells([P0]).reshape(9, 9)
    assert (simdoku.large.solve(nine, unique=True).reshape(81) == simdoku.solve(nine.reshape(81))).all()
    bad = np.zeros((16, 16), dtype=int)
    bad[0, 0] = bad[0, 1] = 3
    with pytest.raises(ValueError, match="contradictory"):
        simdoku.large.solve(bad)
    with pytest.raises(ValueError, match="grid: multiple"):
        simdoku.large.solve(np.zeros((4, 4), dtype=int), unique=True)
    with pytest.raises(ValueError, match="square"):
        simdoku.large.solve(np.zeros((4, 5), dtype=int))
    # Timeouts past a Duration are no limit; NaN and negative ones a ValueError (both panicked).
    for t in (float("inf"), 1e30):
        s = simdoku.large.solve(np.zeros((4, 4), dtype=int), timeout=t)
        assert sorted(s[0].tolist()) == [1, 2, 3, 4]
    for t in (float("nan"), -1.0):
        with pytest.raises(ValueError, match="timeout"):
            simdoku.large.solve(np.zeros((4, 4), dtype=int), timeout=t)


def test_large_solution_dtype_widens_when_it_cannot_hold_n():
    # A uint8 256x256 grid's value 256 wrapped to 0, an int8 144x144's 128-144 to negatives.
    for side, dtype, want in ((256, np.uint8, np.uint16), (144, np.int8, np.int32),
                              (16, np.uint8, np.uint8), (121, np.int8, np.int8)):
        g = np.zeros((side, side), dtype=dtype)
        s = simdoku.large.solve(g)
        assert s.dtype == want, (side, dtype, s.dtype)
        n = int(round(side**0.5))
        _houses_ok(g.astype(np.int64), s.astype(np.int64),
                   np.add.outer(np.arange(side) // n * n, np.arange(side) // n), False)


def _houses_ok(grid, sol, regions, x):
    """Every row, column and region of `sol` holds 1..N once, and it keeps `grid`'s givens."""
    n = grid.shape[0]
    full = list(range(1, n + 1))
    assert ((grid == 0) | (grid == sol)).all()
    for i in range(n):
        assert sorted(sol[i].tolist()) == full and sorted(sol[:, i].tolist()) == full
    for r in np.unique(regions):
        assert sorted(sol[regions == r].tolist()) == full
    if x:
        assert sorted(np.diag(sol).tolist()) == full
        assert sorted(np.diag(sol[:, ::-1]).tolist()) == full


def test_large_files_read_as_the_cli_reads_them(tmp_path):
    import io
    import pathlib

    data = pathlib.Path(__file__).resolve().parents[2] / "bench-data" / "large"
    # sigh's 144x144 as posted (rows wrapped over lines) and as reflowed: the same grid.
    wrapped = simdoku.large.read(data / "sigh_144x144_1_wrapped.txt")
    flat = simdoku.large.read(str(data / "sigh_144x144_1.txt"))
    assert len(wrapped) == 1 and (wrapped[0].grid == flat[0].grid).all()
    # The same file saved as UTF-16 (Windows PowerShell 5's `>`): the same grid.
    utf16 = tmp_path / "wrapped-utf16.txt"
    utf16.write_bytes((data / "sigh_144x144_1_wrapped.txt").read_text().encode("utf-16"))
    assert (simdoku.large.read(utf16)[0].grid == flat[0].grid).all()
    # A grid as JSON (`json.dump(grid.tolist(), f)`, inside an object too): the same grid.
    import json

    doc = json.dumps({"id": "x1", "board": flat[0].grid.tolist()}, indent=1)
    assert (simdoku.large.read(io.StringIO(doc))[0].grid == flat[0].grid).all()
    sol = simdoku.large.solve(wrapped[0])
    _houses_ok(wrapped[0].grid, sol, wrapped[0].regions, False)
    # Other shapes in one file: 3x2 boxes, a Sudoku X, a 7x7 jigsaw (labels any characters).
    jig = "".join("1234567"[(c // 7 + 2 * (c % 7)) % 7] for c in range(49))
    text = (
        f"Boxes 3x2\n{'.' * 36}\nSudoku X\n{'.' * 64}\nJigsaw\n{jig}\n{'.' * 49}\n"
        "# a bad one\n1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n9 9\n"
    )
    with pytest.warns(UserWarning, match="could not be read"):
        grids = simdoku.large.read(io.StringIO(text), errors="skip")
    assert [g.grid.shape[0] for g in grids] == [6, 8, 7, 4]
    assert [g.x for g in grids] == [False, True, False, False]
    assert grids[0].regions[:2, :].tolist() == [[0, 0, 1, 1, 2, 2], [0, 0, 1, 1, 2, 2]]
    want_jig = np.array([(c // 7 + 2 * (c % 7)) % 7 for c in range(49)]).reshape(7, 7)
    assert len(np.unique(grids[2].regions)) == 7
    assert all(len(np.unique(grids[2].regions[want_jig == r])) == 1 for r in range(7))
    for g in grids[:3]:
        _houses_ok(g.grid, simdoku.large.solve(g), g.regions, g.x)
    # The clash is read (it is a grid), and solving it says why it has no solution.
    with pytest.raises(ValueError, match="contradictory"):
        simdoku.large.solve(grids[3])
    with pytest.raises(ValueError, match=r"<input>:\d+: "):
        simdoku.large.read(io.StringIO(text))
    # Regions given by hand: any labels; boxes are recognised as boxes, others as a jigsaw.
    g = np.zeros((6, 6), dtype=np.uint8)
    boxes = np.array([[10 * (r // 3) + c // 2 for c in range(6)] for r in range(6)])
    _houses_ok(g, simdoku.large.solve(g, regions=boxes), boxes, False)
    jig6 = np.array([[(r + 2 * c) % 6 for c in range(6)] for r in range(6)])
    _houses_ok(g, simdoku.large.solve(g, regions=jig6), jig6, False)
    with pytest.raises(ValueError, match="region"):
        simdoku.large.solve(g, regions=np.zeros((6, 6), dtype=int))
    with pytest.raises(ValueError, match="regions must be"):
        simdoku.large.solve(g, regions=np.zeros((5, 5), dtype=int))


def test_engines():
    es = simdoku.engines()
    names = [e["name"] for e in es]
    assert "scalar" in names and len(set(names)) == len(names)
    assert es[0]["available"]


def _needs_every_given(puzzle, x=False, regions=None):
    """Each given of ``puzzle`` is needed for its solution to stay unique."""
    for r, c in zip(*np.nonzero(puzzle)):
        less = puzzle.copy()
        less[r, c] = 0
        with pytest.raises(ValueError, match="multiple"):
            simdoku.large.solve(less, x=x, regions=regions, unique=True)


def test_large_minimize_and_generate():
    # minimize: the same unique solution, every given needed; the seed orders the removals.
    nine = to_cells([P0]).reshape(9, 9)
    want = simdoku.large.solve(nine, unique=True)
    made = simdoku.large.minimize(nine, seed=5)
    assert made.minimal and made.puzzle.dtype == nine.dtype
    assert (made.solution == want).all()
    assert ((made.puzzle == 0) | (made.puzzle == nine)).all()
    _needs_every_given(made.puzzle)
    with pytest.raises(ValueError, match="multiple"):
        simdoku.large.minimize(np.zeros((9, 9), dtype=int))
    # no_guesses on a grid that propagation does not solve: nothing to remove, and said so
    # (it answered minimal=True with every given kept).
    hard = "1.3...78..56789...78....5.....59.67..6..728...7.6.8.2...7...2.86.28.795....92..67"
    with pytest.raises(ValueError, match="needs a guess"):
        simdoku.large.minimize(to_cells([hard]).reshape(9, 9), no_guesses=True)
    assert simdoku.large.minimize(to_cells([hard]).reshape(9, 9)).minimal
    # timeout=0 is no limit, as the command's --timeout 0.
    assert simdoku.large.minimize(nine, seed=5, timeout=0).minimal
    # generate: from an empty 16x16 X, a jigsaw and a 9x9 with givens; the solution fits the
    # template, the puzzle is unique with that solution and minimal (for propagation alone
    # with no_guesses); seeds relabel.
    regions = np.array([[(r + 2 * c) % 5 for c in range(5)] for r in range(5)])
    some = np.zeros((9, 9), dtype=np.int64)
    some[0, 0], some[4, 4], some[8, 8] = 1, 2, 3
    cases = [(np.zeros((16, 16), dtype=np.uint8), True, None),
             (np.zeros((5, 5), dtype=int), False, regions),
             (some, False, None)]
    for template, x, reg in cases:
        sols = set()
        for seed, no_guesses in ((1, False), (2, False), (3, True)):
            made = simdoku.large.generate(template, x=x, regions=reg, seed=seed, no_guesses=no_guesses)
            assert made.minimal
            given = template > 0
            assert (made.solution[given] == template[given]).all()
            assert (simdoku.large.solve(made.puzzle, x=x, regions=reg, unique=True) == made.solution).all()
            if not no_guesses and template.shape[0] <= 9:
                _needs_every_given(made.puzzle, x=x, regions=reg)
            sols.add(made.solution.tobytes())
        assert len(sols) > 1, template.shape
    with pytest.raises(ValueError, match="contradictory"):
        bad = np.zeros((4, 4), dtype=int)
        bad[0, 0] = bad[0, 1] = 1
        simdoku.large.generate(bad)
    with pytest.raises(ValueError, match="seed"):
        simdoku.large.generate(np.zeros((4, 4), dtype=int), seed=-1)
    # A timeout that ends the removals at once (a full grid is solved without a search): every
    # given kept, unique, not shown minimal.
    full = simdoku.large.solve(np.zeros((16, 16), dtype=int))
    made = simdoku.large.minimize(full, timeout=1e-9)
    assert not made.minimal
    assert (made.puzzle == full).all()
