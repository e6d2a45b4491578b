"""simdoku.dask on a LocalCluster of two worker processes: 100,000 puzzles from Parquet, the
output compared row for row with the CLI's on the same input."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import simdoku
from conftest import bench_set

if os.environ.get("SIMDOKU_REQUIRE_DASK") == "1":
    import dask  # noqa: F401  (CI installs it: a missing Dask fails there)
pd = pytest.importorskip("pandas")
pytest.importorskip("pyarrow")
pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")

import simdoku.dask as sdask  # noqa: E402

N = 100_000
P0 = bench_set("top95", 1)[0]
UNSOLVABLE = "." + "12345678" + "9" + "." * 71
# Malformed or unusual rows, placed through the file; None is a null in the Parquet column.
ODD = [None, "123", "x" * 81, "11" + "." * 79, P0[:80], "1" * 81, UNSOLVABLE,
       P0 + ",with a trailing field", " " + P0, ""]


def puzzles() -> list:
    """All bundled 9x9 sets, generated puzzles, shuffled 17-clue puzzles to fill up to N, and
    the odd rows spread through."""
    rows = []
    for name in ["top95", "hardest11", "magictour_top1465", "forum_hardest_1106",
                 "serg_benchmark", "enumerate", "17_clue"]:
        rows += bench_set(name)
    rows += simdoku.generate(1000, seed=11)
    fill = N - len(rows) - len(ODD)
    seventeen = bench_set("17_clue")
    rows += simdoku.shuffle((seventeen * 2)[:fill], seed=3)
    step = len(rows) // len(ODD)
    for k, odd in enumerate(ODD):
        rows.insert(k * step + 7, odd)
    assert len(rows) == N
    return rows


@pytest.fixture(scope="module")
def parquet(tmp_path_factory):
    d = tmp_path_factory.mktemp("dask")
    rows = puzzles()
    df = pd.DataFrame({"puzzle": pd.array(rows, dtype="string"), "id": range(N)})
    src = d / "puzzles.parquet"
    # A folder of 8 files: 8 partitions, spread over the workers.
    import dask.dataframe as dd

    dd.from_pandas(df, npartitions=8).to_parquet(src, write_index=False)
    return d, src, rows


def cli_words(cli, d, rows) -> list[str]:
    path = d / "puzzles.txt"
    # A null becomes a line the CLI reads as invalid (blank lines it would skip).
    path.write_text("\n".join("null" if r is None or not r.strip() else r for r in rows) + "\n")
    out = subprocess.run([cli, "solve", "-q", "--format", "solution", str(path)],
                         capture_output=True, text=True, check=False)
    return out.stdout.splitlines()


def test_solve_parquet_on_two_worker_processes_equals_cli(parquet, cli):
    d, src, rows = parquet
    dst = d / "solved.parquet"
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        import dask.dataframe as dd

        assert dd.read_parquet(src).npartitions == 8
        sdask.solve_parquet(src, dst, client=client, threads=1)
    out = pd.read_parquet(dst)
    assert len(out) == N
    assert out["id"].tolist() == list(range(N))  # row order kept
    assert out["puzzle"].fillna("<null>").tolist() == ["<null>" if r is None else r for r in rows]
    expected = cli_words(cli, d, rows)
    assert len(expected) == N
    words = {"ok": None, "invalid": "invalid", "no solution": "none"}
    got = [s if st == "ok" else words[st]
           for s, st in zip(out["solution"].tolist(), out["status"].tolist())]
    assert got == expected
    status = out["status"].value_counts().to_dict()
    assert status == {"ok": N - 8, "invalid": 7, "no solution": 1}
    assert out["reason"].isna().sum() == N - 8
    bad = out[out["status"] != "ok"]
    assert "not a string" in bad["reason"].iloc[0]


def test_count_and_rate_frames():
    rows = bench_set("serg_benchmark", 50) + [None, "bad"] + bench_set("top95", 50)
    df = pd.DataFrame({"puzzle": rows})
    c = sdask.solve_frame(df, op="count", limit=2)
    assert c["count"].tolist()[:50] == [2] * 50 and c["count"].tolist()[52:] == [1] * 50
    assert c["count"].isna().tolist()[50:52] == [True, True]
    r = sdask.solve_frame(df, op="rate", samples=2, seed=1)
    assert r["solutions"].tolist()[52:] == [1] * 50
    assert r["status"].tolist()[50:52] == ["invalid", "invalid"]
    assert set(r["grade"].dropna()) <= {"naked-singles", "hidden-singles", "beyond-singles"}
    empty = sdask.solve_frame(pd.DataFrame({"puzzle": pd.Series([], dtype=object)}))
    assert list(empty.columns) == ["puzzle", "solution", "status", "reason"]


def test_arguments_refused_as_count_and_rate_refuse_them(tmp_path):
    # limit=0 counted to 1 and samples=0 rated with one sample, each row "ok"; an unknown op
    # solved.
    df = pd.DataFrame({"puzzle": bench_set("top95", 3)})
    for kw, word in (({"op": "count", "limit": 0}, "limit"), ({"op": "rate", "samples": 0}, "samples"),
                     ({"op": "solved"}, "op")):
        with pytest.raises(ValueError, match=word):
            sdask.solve_frame(df, **kw)
    src = tmp_path / "in.parquet"
    df.to_parquet(src)
    with pytest.raises(ValueError, match="limit must be at least 1"):
        sdask.count_parquet(str(src), str(tmp_path / "out"), limit=0)
    with pytest.raises(ValueError, match="samples"):
        sdask.rate_parquet(str(src), str(tmp_path / "out"), samples=0)
    assert not (tmp_path / "out").exists()
    assert sdask.solve_frame(df, op="count", limit=1)["count"].tolist() == [1, 1, 1]


def test_negative_threads_and_seed_are_refused_by_name(tmp_path):
    # op="rate" passed them to the native call unchecked: an OverflowError ("can't convert
    # negative int to unsigned") naming neither, raised by every partition on the workers.
    df = pd.DataFrame({"puzzle": bench_set("top95", 3)})
    for kw, word in (({"threads": -1}, "threads must be >= 0"), ({"seed": -1}, "seed must be >= 0")):
        with pytest.raises(ValueError, match=word):
            sdask.solve_frame(df, op="rate", **kw)
    src = tmp_path / "in.parquet"
    df.to_parquet(src)
    with pytest.raises(ValueError, match="seed must be >= 0"):
        sdask.rate_parquet(str(src), str(tmp_path / "out"), seed=-1)
    with pytest.raises(ValueError, match="threads must be >= 0"):
        sdask.solve_parquet(str(src), str(tmp_path / "out"), threads=-1)
    assert not (tmp_path / "out").exists()
    assert sdask.solve_frame(df, op="rate", seed=0, threads=1)["status"].tolist() == ["ok"] * 3


def test_reasons_name_what_a_cell_holds():
    # Every cell that was no string said "not a string (NoneType)", an int too.
    df = pd.DataFrame({"puzzle": pd.Series([5, None, float("nan"), bench_set("top95", 1)[0]],
                                           dtype=object)})
    out = sdask.solve_frame(df)
    assert out["status"].tolist() == ["invalid"] * 3 + ["ok"]
    assert out["reason"].tolist()[:3] == ["not a string (int)"] + ["not a string (NoneType)"] * 2


def test_command_line_on_a_local_cluster(tmp_path):
    rows = bench_set("top95") + ["bad"]
    src = tmp_path / "in.parquet"
    pd.DataFrame({"q": rows}).to_parquet(src)
    dst = tmp_path / "out.parquet"
    subprocess.run([sys.executable, "-m", "simdoku.dask", "--workers", "1", "--column", "q",
                    "--op", "count", str(src), str(dst)], check=True, capture_output=True)
    out = pd.read_parquet(dst)
    assert out["count"].tolist()[:95] == [1] * 95 and out["status"].tolist()[95] == "invalid"


def test_output_files_read_back_in_order_by_pandas(tmp_path):
    # Dask named them part.0 .. part.11, and pandas (pyarrow) reads a folder in name order:
    # part.10 and part.11 came before part.2.
    import dask
    import dask.dataframe as dd

    rows = bench_set("magictour_top1465", 240)
    df = pd.DataFrame({"puzzle": rows, "id": range(len(rows))})
    dst = tmp_path / "out"
    with dask.config.set(scheduler="threads"):
        sdask.count_parquet(dd.from_pandas(df, npartitions=12), dst, threads=1)
    assert len(list(dst.iterdir())) == 12
    out = pd.read_parquet(dst)
    assert out["id"].tolist() == list(range(len(rows)))
    assert out["puzzle"].tolist() == rows and out["count"].tolist() == [1] * len(rows)


def test_an_output_folder_with_files_is_refused_unless_overwrite(tmp_path):
    # A second run into the same folder wrote its 3 files over part.0-2 and left part.3-11 of
    # the first: read back, the folder held both runs' rows and columns.
    import dask
    import dask.dataframe as dd

    rows = bench_set("magictour_top1465", 120)
    df = pd.DataFrame({"puzzle": rows, "id": range(len(rows))})
    dst = tmp_path / "out"
    with dask.config.set(scheduler="threads"):
        sdask.solve_parquet(dd.from_pandas(df, npartitions=12), dst, threads=1)
        with pytest.raises(FileExistsError, match="overwrite=True"):
            sdask.count_parquet(dd.from_pandas(df.iloc[:30], npartitions=3), dst, threads=1)
        assert len(pd.read_parquet(dst)) == len(rows)  # untouched
        sdask.count_parquet(dd.from_pandas(df.iloc[:30], npartitions=3), dst, threads=1,
                            overwrite=True)
    out = pd.read_parquet(dst)
    assert out["id"].tolist() == list(range(30))
    assert list(out.columns) == ["puzzle", "id", "count", "status", "reason"]
    # The command line says so too, and replaces it with --overwrite.
    src = tmp_path / "in.parquet"
    df.to_parquet(src)
    cmd = [sys.executable, "-m", "simdoku.dask", "--workers", "1", str(src), str(dst)]
    r = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert r.returncode != 0 and "--overwrite" in r.stderr
    assert "Traceback" not in r.stderr  # one line, said before any cluster starts
    subprocess.run(cmd + ["--overwrite"], check=True, capture_output=True)
    assert pd.read_parquet(dst)["solution"].notna().sum() == len(rows)


def test_a_missing_column_or_input_is_named():
    df = pd.DataFrame({"quizzes": bench_set("top95", 3)})
    with pytest.raises(ValueError, match="no column 'puzzle' \\(columns: quizzes\\)"):
        sdask.solve_frame(df)
    r = subprocess.run([sys.executable, "-m", "simdoku.dask", "/nonexistent/in.parquet", "/tmp/x"],
                       capture_output=True, text=True, check=False)
    assert r.returncode == 2
    assert r.stderr.strip() == "simdoku.dask: /nonexistent/in.parquet: no such file or folder"


def test_a_partition_is_rated_as_simdoku_rate_rates_it():
    # As rate_parquet's docstring says: each partition is rated as simdoku.rate rates that
    # batch (a puzzle's figure depends on the split, not only on the seed).
    rows = bench_set("top95")
    out = sdask.solve_frame(pd.DataFrame({"puzzle": rows[10:]}), op="rate", samples=2, seed=5)
    assert out["guesses"].tolist() == [r.guesses for r in simdoku.rate(rows[10:], samples=2, seed=5)]


def test_a_column_of_cell_rows_is_read_as_puzzles(tmp_path):
    # A Parquet list column (81 cells a row, as a numpy pipeline writes one) was "invalid, not
    # a string (ndarray)" on every row.
    import dask
    import dask.dataframe as dd
    import numpy as np

    rows = bench_set("top95", 40)
    cells = [[0 if c == "." else int(c) for c in p] for p in rows]
    odd = [cells[0][:80], [float(v) for v in cells[1][:80]] + [1.5], None, np.array(cells[2]) * 10]
    df = pd.DataFrame({"cells": [np.array(c, dtype=np.int8) for c in cells] + odd})
    out = sdask.solve_frame(df, column="cells")
    assert out["solution"].tolist()[:40] == simdoku.solve(rows)
    assert out["status"].tolist()[40:] == ["invalid"] * 4
    reasons = out["reason"].tolist()[40:]
    assert reasons[:3] == ["expected 81 cells, found 80 (shape (80,))", "r9c9: value 1.5 is not 0-9",
                           "not a string (NoneType)"]
    assert reasons[3].startswith("r1c1: value 60")  # (60.0: the rows are checked as one array)
    # Nine rows of nine, lists and tuples alike; and through Parquet.
    mixed = pd.DataFrame({"cells": [np.array(cells[0]).reshape(9, 9).tolist(), tuple(cells[1]),
                                    cells[2]]})
    assert sdask.solve_frame(mixed, column="cells")["solution"].tolist() == simdoku.solve(rows[:3])
    src = tmp_path / "cells.parquet"
    pd.DataFrame({"cells": cells}).to_parquet(src)
    with dask.config.set(scheduler="threads"):
        sdask.count_parquet(dd.read_parquet(src), tmp_path / "out", column="cells", threads=1)
    assert pd.read_parquet(tmp_path / "out")["count"].tolist() == [1] * 40


def test_an_input_column_of_an_output_name_is_never_overwritten(tmp_path):
    # Kaggle's sets come as `puzzle,solution`: solving one replaced its solution column with
    # ours without a word.
    import dask
    import dask.dataframe as dd

    rows = bench_set("top95", 5)
    df = pd.DataFrame({"puzzle": rows, "solution": ["theirs"] * 5})
    with pytest.raises(ValueError, match="already has column\\(s\\) 'solution'.*prefix="):
        sdask.solve_frame(df)
    out = sdask.solve_frame(df, prefix="simdoku_")
    assert out["solution"].tolist() == ["theirs"] * 5
    assert out["simdoku_solution"].tolist() == simdoku.solve(rows)
    assert list(out.columns) == ["puzzle", "solution", "simdoku_solution", "simdoku_status",
                                 "simdoku_reason"]
    # Count writes no `solution`: nothing in its way.
    assert sdask.solve_frame(df, op="count")["count"].tolist() == [1] * 5
    src = tmp_path / "kaggle.parquet"
    df.to_parquet(src)
    dst = tmp_path / "out"
    with pytest.raises(ValueError, match="kaggle.parquet: the input already has"):
        sdask.solve_parquet(str(src), dst)
    assert not dst.exists()
    with dask.config.set(scheduler="threads"):
        sdask.rate_parquet(str(src), dst, prefix="s_", samples=2, threads=1)
    assert list(pd.read_parquet(dst).columns) == [
        "puzzle", "solution", "s_solutions", "s_guesses", "s_grade", "s_status", "s_reason"]
    # The command line refuses it before any cluster starts, and takes --prefix.
    cmd = [sys.executable, "-m", "simdoku.dask", "--workers", "1", str(src), str(tmp_path / "o2")]
    r = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"simdoku.dask: {src}: the input already has column(s) 'solution'")
    assert "--prefix" in r.stderr
    subprocess.run(cmd + ["--prefix", "simdoku_"], check=True, capture_output=True)
    assert pd.read_parquet(tmp_path / "o2")["simdoku_solution"].tolist() == simdoku.solve(rows)
