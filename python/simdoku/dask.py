"""Batches past one machine: the native batch mapped over the partitions of a Dask dataframe.

Each partition's puzzle column goes through one native call (GIL released, all the worker's
cores); bad rows get a status and a reason, never an exception, so one bad row never fails a
partition. Row order is kept: partition ``i`` of the output is partition ``i`` of the input,
row for row.

On a cluster::

    python -m simdoku.dask --scheduler tcp://HOST:8786 puzzles.parquet solved.parquet

and without ``--scheduler`` on a ``LocalCluster`` of this machine. Needs ``dask[dataframe]``,
``distributed``, ``pandas`` and ``pyarrow`` (``pip install ./python[dask]``).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import sys
import time

import numpy as np

from . import _batch

__all__ = ["solve_parquet", "count_parquet", "rate_parquet", "solve_frame", "main"]

#: Output columns per operation (besides the input's own columns).
COLUMNS = {
    "solve": ["solution", "status", "reason"],
    "count": ["count", "status", "reason"],
    "rate": ["solutions", "guesses", "grade", "status", "reason"],
}


def _status_words(status: np.ndarray) -> list[str]:
    names = _batch.STATUS_NAMES
    return [names[int(s)] for s in status.tolist()]


def _reason_column(n: int, status: np.ndarray, reasons: dict[int, str]) -> list:
    out: list = [None] * n
    for i in np.flatnonzero(status != _batch.OK).tolist():
        out[i] = reasons.get(i) or _batch.STATUS_NAMES[int(status[i])]
    return out


def _check_args(op, limit, samples, threads=None, seed=None):
    """The arguments ``simdoku.count`` and ``simdoku.rate`` refuse, refused here too (before a
    cluster runs anything): the native calls would count a limit of 0 to 1 and rate with one
    sample for 0, an answer to another question under an ``ok`` status; a negative ``threads``
    or ``seed`` would fail every partition with an ``OverflowError`` that names neither."""
    _batch.check_uint("threads", threads)
    _batch.check_uint("seed", seed)
    if op not in COLUMNS:
        raise ValueError(f"op must be one of {', '.join(COLUMNS)}, got {op!r}")
    if op == "count" and _batch.as_int("limit", limit) < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    if op == "rate" and not 1 <= _batch.as_int("samples", samples) <= 1_000_000:
        raise ValueError(f"samples must be 1 to 1,000,000, got {samples}")


#: What a cell of the puzzle column holds when it is a row of cells (a Parquet list column).
_ROW_TYPES = (list, tuple, np.ndarray)


def _item(value):
    """A cell of the puzzle column as the batch takes it: strings as they are, nulls (``None``,
    ``NaN``, ``pd.NA``) as ``None``, anything else as itself (its reason names its type)."""
    import pandas as pd

    if isinstance(value, (str, *_ROW_TYPES)):
        return value
    null = pd.isna(value)
    return None if isinstance(null, (bool, np.bool_)) and null else value


def _items(values):
    """The puzzle column as strings for the batch, and the reasons of the rows of cells that
    are no puzzle. A row of cells (a list or array of 81 values 0-9, or of nine rows of nine,
    as a Parquet list column holds one) becomes its puzzle's line, checked as
    ``simdoku.solve`` checks a row of a list of rows; other cells go as ``_item`` says."""
    items = [_item(v) for v in values]
    rows = [i for i, v in enumerate(items) if isinstance(v, _ROW_TYPES)]
    reasons = {}
    if rows:
        inp = _batch._from_rows([items[i] for i in rows])
        cells = inp.cells.reshape(len(rows), 81)
        # (A column of uint8 rows is taken as it is; its values are checked here.)
        for k in np.flatnonzero((cells > 9).any(axis=1)).tolist():
            inp.reasons.setdefault(k, _batch._bad_value_reason(cells[k]))
        lines = _batch.to_strings(cells)
        for k, i in enumerate(rows):
            items[i] = lines[k]
            if k in inp.reasons:
                reasons[i] = inp.reasons[k]
                items[i] = ""
    return items, reasons


def _names(columns, column, op, prefix, src=None):
    """The output columns of ``op`` (``prefix`` before each), or a ``ValueError`` (naming
    ``src`` when given): the input has no ``column``, or already has one of the output's
    columns (Kaggle's sets have a ``solution`` column), which would be overwritten."""
    where = "" if src is None else f"{src}: "
    if column not in columns:
        raise ValueError(f"{where}no column {column!r} (columns: {', '.join(map(str, columns))})")
    names = [prefix + c for c in COLUMNS[op]]
    clash = [c for c in names if c in set(map(str, columns))]
    if clash:
        raise ValueError(
            f"{where}the input already has column(s) {', '.join(map(repr, clash))}, which {op} "
            f"writes; pass prefix= (--prefix), e.g. prefix='simdoku_', to write "
            f"{', '.join(repr('simdoku_' + c) for c in COLUMNS[op])} instead"
        )
    return dict(zip(COLUMNS[op], names))


def solve_frame(df, column="puzzle", op="solve", limit=2, unique=False, samples=16, seed=None,
                threads=None, prefix=""):
    """One partition: ``df`` (a pandas DataFrame) with the result columns of ``op`` added
    (see ``COLUMNS``; each named with ``prefix`` first, and an input that already has one is
    refused). The puzzle column holds strings, or rows of 81 cells 0-9 (lists or arrays).
    Exposed for use with ``map_partitions`` on frames of your own."""
    import pandas as pd

    _check_args(op, limit, samples, threads, seed)
    name = _names(df.columns, column, op, prefix)
    items, bad = _items(df[column].tolist())
    inp = _batch._from_strings(items, single=False)
    inp.reasons.update(bad)
    n = len(items)
    out = df.copy()
    if op == "rate":
        status, cells, reasons = _batch._native.parse_lines(inp.lines, n)
        reasons = dict(reasons)
        reasons.update(inp.reasons)
        if inp.reasons:
            status[list(inp.reasons)] = _batch.INVALID
        status2, sols, guesses, grades, reasons2 = _batch._native.rate_cells(
            cells, samples, seed, threads
        )
        status, reasons = _batch.merge(status, reasons, status2, reasons2)
        bad = status != _batch.OK
        out[name["solutions"]] = pd.array(sols.astype(np.int64), dtype="Int64")
        out.loc[bad, name["solutions"]] = pd.NA
        guesses[bad] = np.nan
        out[name["guesses"]] = guesses
        names = np.array(["naked-singles", "hidden-singles", "beyond-singles", "contradiction"])
        grade = names[grades].astype(object)
        grade[bad] = None
        out[name["grade"]] = pd.array(grade, dtype="string")
    else:
        native_op = "count" if op == "count" else ("solve_unique" if unique else "solve")
        status, counts, cells, reasons = _batch.run(inp, native_op, limit, threads, None)
        if op == "count":
            out[name["count"]] = pd.array(counts.astype(np.int64), dtype="Int64")
            out.loc[status != _batch.OK, name["count"]] = pd.NA
        else:
            sols = _batch.to_strings(cells, "0") if n else []
            for i in np.flatnonzero(status != _batch.OK).tolist():
                sols[i] = None
            out[name["solution"]] = pd.array(sols, dtype="string")
    out[name["status"]] = pd.array(_status_words(status), dtype="string")
    out[name["reason"]] = pd.array(_reason_column(n, status, reasons), dtype="string")
    return out


def _meta(ddf, op, prefix):
    import pandas as pd

    meta = ddf._meta.copy()
    kinds = {
        "solution": "string", "count": "Int64", "solutions": "Int64", "guesses": "float64",
        "grade": "string", "status": "string", "reason": "string",
    }
    for c in COLUMNS[op]:
        meta[prefix + c] = pd.Series(dtype=kinds[c])
    return meta


def _part_name(width, i):
    return f"part.{i:0{width}d}.parquet"


def _check_dst(dst, overwrite):
    """Refuses an output folder that holds files: Dask writes ``part.*.parquet`` over the ones
    of the same number and leaves the rest, so a folder read back would mix this run's rows
    with an earlier run's."""
    if overwrite:
        return
    from fsspec.core import url_to_fs

    fs, path = url_to_fs(os.fspath(dst))
    if fs.exists(path) and (not fs.isdir(path) or fs.ls(path)):
        raise FileExistsError(
            f"{os.fspath(dst)}: already exists and is not empty (an earlier run's files would mix "
            "with this one's); pass overwrite=True (--overwrite) to replace it"
        )


def _run(src, dst, column, client, op, overwrite=False, prefix="", **kw):
    import dask.dataframe as dd

    _check_args(op, kw.get("limit", 2), kw.get("samples", 16), kw.get("threads"), kw.get("seed"))
    ddf = dd.read_parquet(src) if isinstance(src, (str, os.PathLike)) else src
    _names(ddf.columns, column, op, prefix, src)
    _check_dst(dst, overwrite)
    out = ddf.map_partitions(solve_frame, column=column, op=op, prefix=prefix,
                             meta=_meta(ddf, op, prefix), **kw)
    # Names of one width (`part.007.parquet`): readers that list a folder in name order
    # (`pandas.read_parquet`, pyarrow) would read `part.10` before `part.2`.
    width = len(str(max(out.npartitions - 1, 0)))
    ctx = client.as_current() if client is not None else contextlib.nullcontext()
    with ctx:
        out.to_parquet(dst, write_index=False, overwrite=overwrite, schema=_schema(out),
                       name_function=functools.partial(_part_name, width))
    return dst


def _schema(ddf):
    """How Dask is to type the Parquet files: ``"infer"`` (its default: from placeholder
    values of the frame's columns), or ``None`` (each file as its rows say) where Arrow cannot
    type those placeholders, as for a list column (puzzles as rows of cells): ``"infer"``
    would fail there before anything runs."""
    import pyarrow as pa

    try:
        pa.Schema.from_pandas(ddf._meta_nonempty, preserve_index=False)
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
        return None
    return "infer"


def solve_parquet(src, dst, column="puzzle", client=None, *, unique=False, threads=None,
                  overwrite=False, prefix=""):
    """Solves the puzzle column of Parquet ``src`` (a path or a Dask dataframe) into Parquet
    ``dst``: the input's columns plus ``solution`` (null when none), ``status`` (``ok``,
    ``no solution``, ``more than one solution`` with ``unique=True``, ``invalid``) and
    ``reason`` (null when ok). Runs on ``client`` (a ``distributed.Client``), else on Dask's
    current scheduler. ``threads``: native threads per partition (default: all cores of the
    worker). ``dst`` holds one file per partition, named in partition order; a ``dst`` that
    holds files is refused unless ``overwrite=True`` (which removes them first). The puzzle
    column holds strings, or rows of 81 cells 0-9 (a list column). An input that already has
    a column of the output's names (Kaggle's sets have ``solution``) is refused: ``prefix``
    goes before each new column's name (``prefix="simdoku_"``: ``simdoku_solution``...)."""
    return _run(src, dst, column, client, "solve", overwrite, prefix, unique=unique,
                threads=threads)


def count_parquet(src, dst, column="puzzle", client=None, *, limit=2, threads=None,
                  overwrite=False, prefix=""):
    """Counts solutions (to ``limit``) into a ``count`` column, with ``status`` and ``reason``
    (the rest as ``solve_parquet``)."""
    return _run(src, dst, column, client, "count", overwrite, prefix, limit=limit,
                threads=threads)


def rate_parquet(src, dst, column="puzzle", client=None, *, samples=16, seed=None, threads=None,
                 overwrite=False, prefix=""):
    """Rates puzzles: ``solutions`` (to 2), ``guesses``, ``grade``, ``status``, ``reason``.

    ``guesses`` is a mean over ``samples`` random symmetries, drawn from ``seed`` and the row's
    place in its partition (as ``simdoku.rate`` draws them from a row's place in its batch): the
    same input in the same partitions gives the same figures; split otherwise, a puzzle's figure
    may differ (with the same expectation). The rest as ``solve_parquet``."""
    return _run(src, dst, column, client, "rate", overwrite, prefix, samples=samples, seed=seed,
                threads=threads)


def main(argv=None) -> int:
    """``python -m simdoku.dask [--scheduler tcp://HOST:PORT] SRC DST``."""
    ap = argparse.ArgumentParser(
        prog="python -m simdoku.dask",
        description="Solve, count or rate a Parquet column of puzzles on a Dask cluster.",
    )
    ap.add_argument("src", help="input Parquet file or folder")
    ap.add_argument("dst", help="output Parquet folder")
    ap.add_argument("--scheduler", help="address of a running scheduler (tcp://HOST:PORT); "
                    "default: a LocalCluster on this machine")
    ap.add_argument("--workers", type=int, default=None,
                    help="LocalCluster worker processes (default: 2, or 1 on one core)")
    ap.add_argument("--column", default="puzzle", help="puzzle column (default: puzzle)")
    ap.add_argument("--op", choices=["solve", "count", "rate"], default="solve")
    ap.add_argument("--limit", type=int, default=2, help="count: stop at this many solutions")
    ap.add_argument("--unique", action="store_true", help="solve: flag puzzles with two solutions")
    ap.add_argument("--overwrite", action="store_true",
                    help="replace DST when it holds files (default: refuse it)")
    ap.add_argument("--prefix", default="",
                    help="before each new column's name (e.g. simdoku_), for an input that "
                    "already has a column named like one (solution, status, ...)")
    ap.add_argument("--threads", type=int, default=None,
                    help="native threads per partition (default: the worker's share of cores)")
    a = ap.parse_args(argv)
    try:
        # What can be refused is refused before a cluster starts.
        _check_args(a.op, a.limit, 16, a.threads)
        if "://" not in a.src:
            if not os.path.exists(a.src):
                raise FileNotFoundError(f"{a.src}: no such file or folder")
            import dask.dataframe as dd

            # (The schema alone: nothing is computed.)
            _names(dd.read_parquet(a.src).columns, a.column, a.op, a.prefix, a.src)
        _check_dst(a.dst, a.overwrite)
    except (ValueError, TypeError, OSError) as e:
        print(f"simdoku.dask: {e}", file=sys.stderr)
        return 2

    from distributed import Client, LocalCluster

    start = time.perf_counter()
    cluster = None
    threads = a.threads
    if a.scheduler:
        client = Client(a.scheduler)
    else:
        cores = os.cpu_count() or 1
        workers = a.workers or max(1, min(2, cores))
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
        threads = threads or max(1, cores // workers)
    try:
        kw = {"threads": threads, "overwrite": a.overwrite, "prefix": a.prefix}
        if a.op == "solve":
            solve_parquet(a.src, a.dst, a.column, client, unique=a.unique, **kw)
        elif a.op == "count":
            count_parquet(a.src, a.dst, a.column, client, limit=a.limit, **kw)
        else:
            rate_parquet(a.src, a.dst, a.column, client, **kw)
    except (ValueError, TypeError, OSError) as e:
        print(f"simdoku.dask: {e}", file=sys.stderr)
        return 1
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    print(f"simdoku.dask: {a.op} {a.src} -> {a.dst} in {time.perf_counter() - start:.1f} s",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
