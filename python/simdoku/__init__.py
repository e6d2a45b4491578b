"""simdoku: SIMD Sudoku solving, counting and generation from Python.

Puzzles are 81-character strings (``1``-``9`` given, ``0`` or ``.`` empty) or integer numpy
arrays of shape ``(81,)``, ``(9, 9)``, ``(N, 81)`` or ``(N, 9, 9)`` (0 empty). Every batch call
takes one puzzle or many, gives results back in the same kind, releases the GIL for the whole
batch and runs it on all cores (``threads=`` to choose how many).

>>> import simdoku
>>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> simdoku.solve(p)
'417369825632158947958724316825437169791586432346912758289643571573291684164875293'
>>> simdoku.is_unique(p)
True
"""

from __future__ import annotations

import numpy as np

from . import _batch
from ._batch import ERROR, INVALID, MULTIPLE, NO_SOLUTION, OK, STATUS_NAMES

__all__ = [
    "solve",
    "count",
    "is_unique",
    "engines",
    "OK",
    "NO_SOLUTION",
    "MULTIPLE",
    "INVALID",
    "ERROR",
    "STATUS_NAMES",
]

__version__ = "0.1.0"


def solve(puzzles, *, unique=False, errors="raise", threads=None, engine=None):
    """Solves one puzzle or a batch; the solutions come back in the input's kind.

    ``puzzles``: a string, a list of strings, or an integer array of shape ``(81,)``,
    ``(9, 9)``, ``(N, 81)`` or ``(N, 9, 9)`` (any integer dtype; float arrays whose values are
    whole numbers 0-9 too). ``unique=True`` also proves each solution unique (a puzzle with two
    is then an error). ``errors="raise"`` (the default) raises ``ValueError`` naming the first
    bad row and why (wrong length, a bad character, a value out of range, contradictory givens,
    no solution); ``errors="mask"`` returns ``(solutions, status)`` instead, ``status`` an int8
    array (``simdoku.OK`` = 0, see ``STATUS_NAMES``) and bad rows ``None`` (strings) or zeros
    (arrays): one bad row never sinks the batch.

    >>> import numpy as np, simdoku
    >>> p = "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."
    >>> simdoku.solve(p)[:9]
    '527316489'
    >>> a = np.array([[int(c) if c != "." else 0 for c in p]] * 3, dtype=np.int8)
    >>> s = simdoku.solve(a, threads=2)
    >>> s.shape, s.dtype, s[0, :9].tolist()
    ((3, 81), dtype('int8'), [5, 2, 7, 3, 1, 6, 4, 8, 9])
    >>> simdoku.solve(["1" * 81, p], errors="mask")[1].tolist()
    [3, 0]
    >>> simdoku.solve("123")
    Traceback (most recent call last):
        ...
    ValueError: row 0: expected 81 cells, found 3
    """
    inp = _batch.prepare(puzzles)
    status, _, cells, reasons = _batch.run(
        inp, "solve_unique" if unique else "solve", 2, threads, engine
    )
    _batch.check_errors(status, reasons, errors, inp.single)
    out = _batch.grids_out(inp, cells, status)
    if errors == "mask":
        return out, (status[0].item() if inp.single else status)
    return out


def count(puzzles, limit=2, *, errors="raise", threads=None, engine=None):
    """Counts solutions, stopping at ``limit`` (a count equal to the limit means "at least").

    Returns an int for one puzzle, a list of ints for a list of strings, an int64 array for an
    array. A puzzle with no solution counts 0 (not an error); malformed rows raise
    ``ValueError`` naming the row, or with ``errors="mask"`` count 0 and are flagged in the
    returned ``(counts, status)``.

    >>> import simdoku
    >>> simdoku.count("." * 81, limit=1000)
    1000
    >>> simdoku.count(["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ...                "11" + "." * 79], errors="mask")
    ([1, 0], array([0, 3], dtype=int8))
    """
    inp = _batch.prepare(puzzles)
    status, counts, _, reasons = _batch.run(inp, "count", int(limit), threads, engine)
    _batch.check_errors(status, reasons, errors, inp.single)
    out = _batch.values_out(inp, counts.astype(np.int64))
    if errors == "mask":
        return out, (status[0].item() if inp.single else status)
    return out


def is_unique(puzzles, *, errors="raise", threads=None, engine=None):
    """True for each puzzle with exactly one solution (a count to 2).

    >>> import simdoku
    >>> simdoku.is_unique(["." * 81, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"])
    [False, True]
    """
    inp = _batch.prepare(puzzles)
    status, counts, _, reasons = _batch.run(inp, "count", 2, threads, engine)
    _batch.check_errors(status, reasons, errors, inp.single)
    out = _batch.values_out(inp, counts == 1)
    if errors == "mask":
        return out, (status[0].item() if inp.single else status)
    return out


def engines():
    """The engines this build has: a list of dicts (``name``, ``summary``, ``available`` on
    this CPU, ``missing`` CPU features), the one picked for solving first.

    >>> import simdoku
    >>> es = simdoku.engines()
    >>> es[0]["available"], any(e["name"] == "scalar" for e in es)
    (True, True)
    """
    listed, best = _batch._native.engines()
    out = [
        {"name": n, "summary": s, "available": a, "missing": list(m)}
        for n, s, a, m in listed
    ]
    out.sort(key=lambda e: e["name"] != best)
    return out
