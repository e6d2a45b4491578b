"""solve / count / is_unique: shapes, dtypes, bad input, threads, and the CLI's answers."""

from __future__ import annotations

import io
import subprocess
import threading

import numpy as np
import pytest

import simdoku
from conftest import DATA, bench_set, check_solution, to_cells

TOP95 = bench_set("top95")
P0 = TOP95[0]


# --- shapes and kinds -------------------------------------------------------------------


def test_one_string_gives_one_string():
    s = simdoku.solve(P0)
    assert isinstance(s, str) and len(s) == 81
    check_solution(to_cells([P0]), to_cells([s]))


def test_list_gives_list_in_order():
    out = simdoku.solve(TOP95)
    assert isinstance(out, list) and len(out) == 95
    for p, s in zip(TOP95, out):
        check_solution(to_cells([p]), to_cells([s]))
    assert simdoku.solve(tuple(TOP95[:3])) == out[:3]
    assert simdoku.solve([]) == []


@pytest.mark.parametrize("shape", [(81,), (9, 9)])
def test_single_arrays_keep_their_shape(shape):
    a = to_cells([P0]).reshape(shape)
    s = simdoku.solve(a)
    assert s.shape == shape and s.dtype == np.uint8
    check_solution(a, s)
    assert simdoku.count(a) == 1 and simdoku.is_unique(a) is True


@pytest.mark.parametrize("shape", [(95, 81), (95, 9, 9)])
def test_batch_arrays_keep_their_shape(shape):
    a = to_cells(TOP95).reshape(shape)
    s = simdoku.solve(a)
    assert s.shape == shape
    for p, q in zip(a.reshape(-1, 81), s.reshape(-1, 81)):
        check_solution(p, q)
    c = simdoku.count(a)
    assert c.shape == (95,) and c.dtype == np.int64 and (c == 1).all()
    u = simdoku.is_unique(a)
    assert u.dtype == np.bool_ and u.all()


def test_empty_array():
    s = simdoku.solve(np.zeros((0, 81), dtype=np.int32))
    assert s.shape == (0, 81)


def test_non_contiguous_array():
    a = to_cells(TOP95[:10])
    wide = np.zeros((10, 162), dtype=np.uint8)
    wide[:, ::2] = 99
    wide[:, 1::2] = a
    view = wide[:, 1::2]
    assert not view.flags.c_contiguous
    assert (simdoku.solve(view) == simdoku.solve(a)).all()


@pytest.mark.parametrize("dtype", [np.uint8, np.int64, np.float64])
def test_fortran_ordered_array(dtype):
    # A column-major (N, 81) array holds its rows interleaved in memory: read as rows of 81
    # it gave other puzzles (counts of 1000 for a unique puzzle, or contradictory givens).
    a = np.vstack([to_cells(TOP95[:3]), np.zeros((1, 81), dtype=np.uint8)]).astype(dtype)
    f = np.asfortranarray(a)
    assert f.flags.f_contiguous and not f.flags.c_contiguous
    assert simdoku.count(f, limit=1000).tolist() == [1, 1, 1, 1000]
    assert (simdoku.solve(f[:3]) == simdoku.solve(a[:3])).all()
    assert np.asfortranarray(a.reshape(4, 9, 9)).flags.f_contiguous
    assert simdoku.count(np.asfortranarray(a.reshape(4, 9, 9)), limit=1000).tolist() == [1, 1, 1, 1000]


@pytest.mark.parametrize(
    "dtype",
    [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
     np.float32, np.float64],
)
def test_dtypes(dtype):
    a = to_cells(TOP95[:20], dtype)
    s = simdoku.solve(a)
    assert s.dtype == dtype
    ref = simdoku.solve(to_cells(TOP95[:20]))
    assert (s.astype(np.uint8) == ref).all()


def test_list_of_lists_of_ints():
    rows = to_cells(TOP95[:2]).tolist()
    s = simdoku.solve(rows)
    assert isinstance(s, np.ndarray) and s.shape == (2, 81)


# --- answers -----------------------------------------------------------------------------


def test_counts_against_known_counts():
    assert simdoku.count("." * 81, limit=50) == 50
    serg = bench_set("serg_benchmark", 200)
    counts = simdoku.count(serg, limit=2)
    assert all(c == 2 for c in counts)  # serg's puzzles have 2 or more solutions each
    assert simdoku.is_unique(serg) == [False] * 200
    # enumerate.txt's first puzzle has 123,454 solutions (bench-data/README.md).
    first = bench_set("enumerate", 1)
    assert simdoku.count(first, limit=10**6) == [123454]


def test_unique_solve_flags_multiple():
    serg = bench_set("serg_benchmark", 3)
    out, status = simdoku.solve(serg + [P0], unique=True, errors="mask")
    assert status.tolist() == [simdoku.MULTIPLE] * 3 + [simdoku.OK]
    with pytest.raises(ValueError, match=r"row 0: more than one solution \(and 2 more"):
        simdoku.solve(serg, unique=True)


def test_unique_solve_masks_multiple_array_rows_with_zeros():
    # The docs: bad rows are zeros in an array; a MULTIPLE row brought the first solution.
    serg = bench_set("serg_benchmark", 2)
    for dtype in (np.uint8, np.int64):
        a = to_cells(serg + [P0]).astype(dtype)
        out, status = simdoku.solve(a, unique=True, errors="mask")
        assert status.tolist() == [simdoku.MULTIPLE, simdoku.MULTIPLE, simdoku.OK]
        assert out.dtype == dtype and not out[:2].any()
        assert (out[2] == simdoku.solve(a[2])).all() and (out[2] > 0).all()
        one, st = simdoku.solve(a[0].reshape(9, 9), unique=True, errors="mask")
        assert (st, one.shape, one.any()) == (simdoku.MULTIPLE, (9, 9), False)


def test_threads_and_engines_agree():
    a = to_cells(bench_set("magictour_top1465", 300))
    ref = simdoku.solve(a, threads=1)
    assert (simdoku.solve(a, threads=2) == ref).all()
    for e in simdoku.engines():
        if e["available"]:
            s = simdoku.solve(a, engine=e["name"])
            for p, q in zip(a[:50], s[:50]):
                check_solution(p, q)
            assert (simdoku.count(a[:50], engine=e["name"]) == 1).all()
    with pytest.raises(ValueError, match="unknown engine"):
        simdoku.solve(P0, engine="nope")


def test_threads_above_1024_are_an_error_not_a_hang():
    # As the CLI's -j: threads=10**6 spent minutes starting threads (generate never returned).
    for call in (
        lambda: simdoku.solve(P0, threads=10**6),
        lambda: simdoku.generate(1, seed=1, threads=1025),
        lambda: simdoku.canonical(P0, threads=10**6),
        lambda: simdoku.rate(P0, method="se", threads=10**6),
    ):
        with pytest.raises(ValueError, match="threads must be at most 1024"):
            call()
    assert simdoku.solve(P0, threads=1024) == simdoku.solve(P0)


def test_python_threads_run_batches_at_once():
    a = to_cells(bench_set("17_clue", 2000))
    ref = simdoku.solve(a, threads=1)
    results = [None] * 4

    def work(i):
        results[i] = simdoku.solve(a, threads=1)

    ts = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert all((r == ref).all() for r in results)


# --- bad input ---------------------------------------------------------------------------

CONTRA = "11" + "." * 79


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        (P0[:80], "expected 81 cells, found 80"),
        ("", "expected 81 cells, found 0"),
        ("x" + P0[1:], "unexpected 'x'"),
        (CONTRA, "contradictory givens: digit 1 twice in row 1"),
        ("." * 256, "256 cells: a 16x16 grid"),  # not its first 81 cells
        ("9" + "." * 80, None),  # fine: a control row
    ],
)
def test_bad_strings(bad, reason):
    batch = [P0, bad, TOP95[1]]
    if reason is None:
        assert len(simdoku.solve(batch)) == 3
        return
    with pytest.raises(ValueError, match=rf"row 1: .*{reason}"):
        simdoku.solve(batch)
    out, status = simdoku.solve(batch, errors="mask")
    assert status.tolist() == [simdoku.OK, simdoku.INVALID, simdoku.OK]
    assert out[1] is None
    assert out[0] == simdoku.solve(P0) and out[2] == simdoku.solve(TOP95[1])
    counts, status = simdoku.count(batch, errors="mask")
    assert counts == [1, 0, 1] and status.tolist() == [0, 3, 0]


def test_pencilmark_lines_are_refused():
    marks = "1" + "." * 8 + "123456789" * 80
    out, status = simdoku.solve([marks, P0], errors="mask")
    assert status.tolist() == [simdoku.INVALID, simdoku.OK] and out[0] is None
    with pytest.raises(ValueError, match="row 0: a 729-character pencilmark line"):
        simdoku.count(marks)


def test_non_strings_in_a_list_are_invalid_rows():
    out, status = simdoku.solve([P0, None, P0 + "\n" + P0], errors="mask")
    assert status.tolist() == [0, 3, 3] and out[1] is None and out[2] is None
    with pytest.raises(ValueError, match=r"row 1: not a string \(NoneType\)"):
        simdoku.solve([P0, None])


def test_a_grid_drawn_over_nine_lines_is_one_puzzle():
    rows = [P0[9 * r:9 * r + 9] for r in range(9)]
    sdk = "\n".join(rows) + "\n"
    pretty = "\n".join(
        ("------+-------+------\n" if r in (3, 6) else "")
        + " | ".join(" ".join(rows[r][3 * b:3 * b + 3]) for b in range(3))
        for r in range(9)
    )
    want = simdoku.solve(P0)
    assert simdoku.solve(sdk) == want and simdoku.solve(pretty) == want
    assert simdoku.solve([P0, pretty]) == [want, want]
    assert simdoku.explain(pretty) == simdoku.explain(P0)
    out, status = simdoku.solve(["\n".join(rows[:4]), sdk + sdk], errors="mask")
    assert status.tolist() == [simdoku.INVALID, simdoku.INVALID]
    with pytest.raises(ValueError, match=r"row 0: several lines, not one drawn grid: 4 rows"):
        simdoku.solve(["\n".join(rows[:4])])
    # A pencilmark grid (each cell's candidates) is for explain; the solver API says so.
    marks = [["123456789" if c == "." else c for c in row] for row in rows]
    i = rows[0].index(".")
    marks[0][i] = "".join(sorted({want[i], "1" if want[i] != "1" else "2"}))
    pm = "\n".join(" ".join(row) for row in marks)
    assert simdoku.explain(pm)[0]["technique"]
    with pytest.raises(ValueError, match="pencilmark"):
        simdoku.solve(pm)
    # Without the solution's digit in that cell there is no solution, which explain says.
    marks[0][i] = "".join(d for d in "123456789" if d != want[i])
    with pytest.raises(ValueError, match="no solution"):
        simdoku.explain("\n".join(" ".join(row) for row in marks))


def test_lines_as_read_from_a_file(tmp_path):
    # readlines() keeps each line's "\n" (or "\r\n"): one final line ending is no part of
    # the puzzle; a line break inside a row (not a whole drawn grid) makes that row invalid.
    f = tmp_path / "p.txt"
    f.write_bytes(f"{P0}\n{TOP95[1]}\r\n{P0}\n".encode())
    with open(f, newline="") as fh:
        lines = fh.readlines()
    assert lines[1].endswith("\r\n")
    want = [simdoku.solve(P0), simdoku.solve(TOP95[1]), simdoku.solve(P0)]
    assert simdoku.solve(lines) == want
    assert simdoku.solve(P0 + "\n") == want[0]
    assert simdoku.count(lines) == [1, 1, 1]
    assert simdoku.explain(P0 + "\r\n") == simdoku.explain(P0)
    out, status = simdoku.solve([P0 + "\n", P0 + "\n\n"], errors="mask")
    assert status.tolist() == [simdoku.OK, simdoku.INVALID] and out[0] == want[0]


def test_limits_below_one_are_errors():
    # count(limit=0) answered 1 and rate(samples=0) a rating of no sample; the CLI refuses both.
    for bad in (0, -1):
        with pytest.raises(ValueError, match="limit must be at least 1"):
            simdoku.count(P0, limit=bad)
        with pytest.raises(ValueError, match="samples must be 1 to 1,000,000"):
            simdoku.rate(P0, samples=bad)
    # A huge sample count ran without end, as --samples 2^64-1 did.
    with pytest.raises(ValueError, match="samples must be 1 to 1,000,000"):
        simdoku.rate(P0, samples=2**63)
    assert simdoku.count("." * 81, limit=1) == 1
    assert simdoku.rate(P0, samples=1).solutions == 1


def test_integers_out_of_range_name_the_argument():
    # The native calls take unsigned 64-bit integers; past them pyo3 raised an OverflowError
    # ("can't convert negative int to unsigned") that named no argument.
    cases = [
        (lambda: simdoku.solve(P0, threads=-1), "threads must be >= 0"),
        (lambda: simdoku.count(P0, limit=2**64), r"limit must be below 2\*\*64"),
        (lambda: simdoku.shuffle(P0, seed=-1), "seed must be >= 0"),
        (lambda: simdoku.canonical(P0, threads=-2), "threads must be >= 0"),
        (lambda: simdoku.rate(P0, seed=2**64), r"seed must be below 2\*\*64"),
        (lambda: simdoku.rate(P0, samples=2**64), "samples must be 1 to 1,000,000"),
        (lambda: simdoku.rate(P0, method="se", threads=-1), "threads must be >= 0"),
        (lambda: simdoku.generate(seed=-1), "seed must be >= 0"),
        (lambda: simdoku.generate(level="hard", attempts=-1), "attempts must be >= 0"),
        (lambda: next(simdoku.solutions(P0, max=-1)), "max must be >= 0"),
    ]
    for call, message in cases:
        with pytest.raises(ValueError, match=message):
            call()


def test_unsolvable_puzzle():
    # Valid givens, no solution: r1c1 can hold nothing (1-8 in its row, 9 in its column).
    p = "." + "12345678" + "9" + "." * 71
    assert simdoku.count(p) == 0
    assert simdoku.is_unique(p) is False
    with pytest.raises(ValueError, match="row 0: no solution"):
        simdoku.solve(p)
    out, status = simdoku.solve([p], errors="mask")
    assert out == [None] and status.tolist() == [simdoku.NO_SOLUTION]


@pytest.mark.parametrize(
    ("value", "dtype", "shown"),
    [(10, np.int64, "10"), (-1, np.int8, "-1"), (200, np.uint8, "200"),
     (np.nan, np.float64, "nan"), (2.5, np.float32, "2.5"), (np.inf, np.float64, "inf")],
)
def test_values_out_of_range(value, dtype, shown):
    a = to_cells(TOP95[:4]).astype(dtype)
    a[2, 13] = value
    with pytest.raises(ValueError, match=rf"row 2: r2c5: value {shown} is not 0-9"):
        simdoku.solve(a)
    out, status = simdoku.solve(a, errors="mask")
    assert status.tolist() == [0, 0, 3, 0]
    assert (out[2] == 0).all() and out.dtype == dtype
    ref = simdoku.solve(to_cells(TOP95[:4]))
    assert (out[[0, 1, 3]].astype(np.uint8) == ref[[0, 1, 3]]).all()


def test_contradictory_array_row():
    a = to_cells([P0, CONTRA])
    with pytest.raises(ValueError, match="row 1: contradictory givens"):
        simdoku.count(a)
    counts, status = simdoku.count(a, errors="mask")
    assert counts.tolist() == [1, 0] and status.tolist() == [0, 3]


@pytest.mark.parametrize(
    "bad",
    [np.zeros((2, 80), dtype=np.int32), np.zeros((9, 8)), np.zeros((2, 3, 81)), np.zeros(())],
)
def test_wrong_shapes(bad):
    with pytest.raises(ValueError, match=r"expected an array of shape \(81,\)"):
        simdoku.solve(bad)


@pytest.mark.parametrize(
    "bad",
    [np.zeros((2, 81), dtype=bool), 5, 2.5, np.array([[None] * 81], dtype=object)[0]],
)
def test_wrong_types(bad):
    with pytest.raises((TypeError, ValueError)):
        simdoku.solve(bad)


def test_string_arrays_and_data_frame_columns_are_lists_of_strings():
    # A Kaggle-style frame's column (`df["quizzes"]`) or its `.values` were refused by dtype.
    want = simdoku.solve(TOP95[:3])
    assert simdoku.solve(np.array(TOP95[:3])) == want
    assert simdoku.solve(np.array(TOP95[:3], dtype=object)) == want
    assert simdoku.solve(np.array([p.encode() for p in TOP95[:3]])) == want
    assert simdoku.solve(np.array(P0)) == want[0]
    out, status = simdoku.solve(np.array([P0, None, "x"], dtype=object), errors="mask")
    assert status.tolist() == [0, 3, 3] and out[0] == want[0]
    with pytest.raises(ValueError, match="one-dimensional array of strings"):
        simdoku.solve(np.array([TOP95[:2]]))
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"quizzes": TOP95[:3]})
    assert simdoku.solve(frame["quizzes"]) == want
    assert simdoku.count(frame["quizzes"].values) == [1, 1, 1]


def test_rows_of_other_lengths_are_flagged_one_by_one():
    # numpy refuses a ragged list as a whole ("inhomogeneous shape"), which sank the batch.
    rows = to_cells(TOP95[:3]).tolist()
    rows[1] = rows[1][:80]
    counts, status = simdoku.count(rows, errors="mask")
    assert counts.tolist() == [1, 0, 1] and status.tolist() == [0, 3, 0]
    with pytest.raises(ValueError, match=r"row 1: expected 81 cells, found 80"):
        simdoku.count(rows)
    rows[1] = {"not": "a row"}
    counts, status = simdoku.count(rows, errors="mask")
    assert status.tolist() == [0, 3, 0]
    rows[1] = [0] * 80 + [None]  # the right length, a None among the values
    counts, status = simdoku.count(rows, errors="mask")
    assert status.tolist() == [0, 3, 0]
    nine = [np.array(r).reshape(9, 9).tolist() for r in to_cells(TOP95[:2]).tolist()]
    nine.append([[0] * 9] * 8)
    out, status = simdoku.solve(nine, errors="mask")
    assert out.shape == (3, 9, 9) and status.tolist() == [0, 0, 3]


def test_integer_arguments_are_not_truncated_or_parsed():
    for call in (
        lambda: simdoku.count(P0, limit=2.9),
        lambda: simdoku.generate("3", seed=1),
        lambda: simdoku.generate(2.7, seed=1),
        lambda: simdoku.generate(seed=1, clues=20.5),
        lambda: simdoku.rate(P0, samples=1.5),
        lambda: simdoku.solutions(P0, max=1.5),
    ):
        with pytest.raises(TypeError, match="must be an integer"):
            call()
    assert simdoku.count(P0, limit=np.int64(2)) == 1
    # As the CLI's --clues: fewer than 17 cannot stop there (5 gave 27 clues without a word).
    with pytest.raises(ValueError, match="fewer than 17 clues"):
        simdoku.generate(seed=1, clues=5)
    assert 81 - simdoku.generate(seed=1, clues=40).count(".") >= 40


def test_solutions_checks_its_puzzle_at_the_call():
    with pytest.raises(ValueError):
        simdoku.solutions("bad")


def test_errors_argument_is_checked():
    with pytest.raises(ValueError, match="errors must be"):
        simdoku.solve(P0, errors="ignore")


# --- the CLI's answers on the bundled sets -------------------------------------------------


def cli_solutions(cli: str, path) -> list[str]:
    out = subprocess.run(
        [cli, "solve", "-q", "--format", "solution", str(path)],
        capture_output=True, text=True, check=False,
    )
    return out.stdout.splitlines()


@pytest.mark.parametrize(
    ("name", "limit"),
    [("top95", None), ("hardest11", None), ("magictour_top1465", None),
     ("forum_hardest_1106", None), ("17_clue", 3000), ("serg_benchmark", 2000)],
)
def test_round_trip_against_cli(cli, tmp_path, name, limit):
    lines = bench_set(name, limit)
    path = tmp_path / "in.txt"
    path.write_text("\n".join(lines) + "\n")
    expected = cli_solutions(cli, path)
    assert len(expected) == len(lines)
    assert simdoku.solve(lines) == expected
    cells = simdoku.solve(to_cells(lines))
    assert ["".join(map(str, r)) for r in cells.tolist()] == expected


def test_round_trip_with_bad_lines(cli, tmp_path):
    lines = TOP95[:10]
    lines[3] = lines[3][:70]
    lines[6] = CONTRA
    lines[8] = "." + "12345678" + "9" + "." * 71
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines) + "\n")
    expected = cli_solutions(cli, path)
    out, status = simdoku.solve(lines, errors="mask")
    assert status.tolist() == [0, 0, 0, 3, 0, 0, 3, 0, 1, 0]
    words = {simdoku.INVALID: "invalid", simdoku.NO_SOLUTION: "none"}
    assert [s if s is not None else words[int(st)] for s, st in zip(out, status)] == expected


def test_json_files_as_python_dumps_them(tmp_path):
    # json.dump with an indent puts every number on a line of its own; every puzzle of the file
    # is read, at the line where it starts, and the solutions beside them are left out.
    import json

    grids = [[[int(c) if c != "." else 0 for c in p[9 * r:9 * r + 9]] for r in range(9)]
             for p in TOP95[:3]]
    path = tmp_path / "grids.json"
    with open(path, "w") as f:
        json.dump(grids, f, indent=2)
    records = simdoku.read_records(path)
    assert [r.puzzle for r in records] == TOP95[:3]
    assert [r.line for r in records] == [2, 103, 204]
    rows = [{"id": i, "puzzle": p, "solution": simdoku.solve(p)} for i, p in enumerate(TOP95[:4])]
    path = tmp_path / "rows.json"
    path.write_text(json.dumps(rows, indent=1))
    assert simdoku.read(path) == TOP95[:4]
    lines = "".join(json.dumps({"quiz": p}) + "\n" for p in TOP95[:5])
    assert simdoku.read(io.StringIO(lines)) == TOP95[:5]


def test_files_read_as_the_cli_reads_them(cli, tmp_path):
    # One file in the styles other tools write: a CSV header, a comment, a puzzle line, a grid
    # drawn over lines with rules, a bad line, 81 separated values, a pencilmark line.
    rows = [TOP95[1][9 * r:9 * r + 9] for r in range(9)]
    drawn = "\n".join(
        ("------+-------+------\n" if r in (3, 6) else "")
        + " | ".join(" ".join(rows[r][3 * b:3 * b + 3]) for b in range(3))
        for r in range(9)
    )
    csv = ",".join("0" if c == "." else c for c in TOP95[2])
    marks = "".join(
        "123456789" if c == "." else "." * (int(c) - 1) + c + "." * (9 - int(c)) for c in TOP95[3]
    )
    text = f"puzzle\n# a comment\n{P0}\n\n{drawn}\n1234\n{csv}\n{marks}\n"
    path = tmp_path / "mixed.txt"
    path.write_text(text)
    records = simdoku.read_records(path)
    assert [r.line for r in records] == [3, 5, 16, 17, 18]
    assert [r.puzzle for r in records[:4]] == [P0, TOP95[1], None, TOP95[2]]
    assert records[2].error == "expected 81 cells, found 4"
    assert len(records[4].puzzle) == 729 and records[4].error is None
    # The same answers as the command line, line for line (the pencilmark puzzle included:
    # its solution is TOP95[3]'s).
    expected = cli_solutions(cli, path)
    puzzles = [r.puzzle for r in records[:4] if r.puzzle]
    got = simdoku.solve(puzzles)
    assert expected == got[:2] + ["invalid"] + got[2:] + [simdoku.solve(TOP95[3])]
    # Every way of passing the file reads the same; bad entries raise with file and line.
    with pytest.warns(UserWarning, match=r"<input>:16: expected 81 cells"):
        skipped = simdoku.read(io.StringIO(text), errors="skip")
    assert skipped == [r.puzzle for r in records if r.puzzle]
    with open(path, "rb") as f:
        assert simdoku.read_records(f) == records
    # Saved as UTF-16 (Windows PowerShell 5's `>`), either byte order: the same records.
    for encoding in ("utf-16", "utf-16-be"):
        utf16 = tmp_path / f"mixed-{encoding}.txt"
        bom = "\ufeff" if encoding.endswith("be") else ""
        utf16.write_bytes((bom + text.replace("\n", "\r\n")).encode(encoding))
        assert simdoku.read_records(utf16) == records
    with pytest.raises(ValueError, match=r"mixed\.txt:16: expected 81 cells, found 4"):
        simdoku.read(str(path))
    with pytest.warns(UserWarning, match=r"1 of 5 entries are not puzzles"):
        assert len(simdoku.read(path, errors="skip")) == 4
    with pytest.raises(ValueError, match="errors must be"):
        simdoku.read(path, errors="mask")
