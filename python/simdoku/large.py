"""Large grids: N x N Sudoku (4x4 up to 400x400, rectangular boxes where N is no square) and
Sudoku-X.

>>> import numpy as np, simdoku
>>> g = np.zeros((16, 16), dtype=np.uint8)
>>> s = simdoku.large.solve(g)
>>> s.shape, sorted(s[0].tolist()) == list(range(1, 17))
((16, 16), True)
>>> x = simdoku.large.solve(np.zeros((9, 9), dtype=int), x=True)
>>> sorted(np.diag(x).tolist()) == list(range(1, 10))
True

Files as ``simdoku large`` reads them, jigsaw region maps and ``Sudoku X`` lines included:

>>> import io
>>> p = simdoku.large.read(io.StringIO("# a 4x4, one row a line\\n1...\\n..3.\\n.4..\\n...2\\n"))[0]
>>> p.line, p.grid.shape, p.regions[0].tolist(), p.x
(2, (4, 4), [0, 0, 1, 1], False)
>>> simdoku.large.solve(p)[0].tolist()
[1, 3, 2, 4]
"""

from __future__ import annotations

import warnings
from collections import namedtuple

import numpy as np

from . import _batch, _native

__all__ = ["solve", "read", "minimize", "generate", "Puzzle", "Made"]

Puzzle = namedtuple("Puzzle", ["line", "grid", "regions", "x"])
Puzzle.__doc__ = """A grid read from a file (``read``): ``line`` its first line (from 1), ``grid``
the (N, N) uint16 givens (0 empty), ``regions`` the (N, N) region (box or jigsaw piece, 0..N-1)
of each cell, ``x`` whether a ``Sudoku X`` line marked it. ``solve`` takes it as it is."""


def read(source, *, errors="raise"):
    """The grids of a file, as ``simdoku large`` reads it: a list of ``Puzzle`` in file order.

    ``source``: a path, or a file object opened in text or binary mode. Every format the
    command takes: one grid a line (one character a cell), N lines of N characters, N lines of
    N numbers (CSV too, quoted or with a comma after each row; numpy's printed arrays), a
    stream of N * N numbers with any line breaks (as sigh's solver reads them), ``.`` or ``0``
    for empty cells, ``#`` comments, title lines of words, blank lines between bands, a
    ``Jigsaw`` line and its region map before a grid, a ``Sudoku X`` line before a grid, a
    UTF-8 byte-order mark, UTF-16 text after its byte-order mark; or a JSON document holding
    grids (N rows of N values, ``null`` or 0 empty, whole floats such as ``5.0``, as
    ``json.dump(grid.tolist(), f)`` writes them; N x N values in one list; strings of cells),
    searched as ``simdoku.batch.parse_large`` in Rust does. ``errors="raise"`` (the default) raises ``ValueError``
    naming the file, the line and the reason of the first grid that cannot be read;
    ``errors="skip"`` leaves such grids out with one warning.
    """
    if errors not in ("raise", "skip"):
        raise ValueError(f'errors must be "raise" or "skip", got {errors!r}')
    data, name = _batch.source_bytes(source)
    # UTF-16 after its byte-order mark (Windows PowerShell 5 writes files so), as the command.
    utf16 = data[:2] in (b"\xff\xfe", b"\xfe\xff")
    rows = _native.large_read(data.decode("utf-16" if utf16 else "utf-8", "replace"))
    out, bad = [], []
    for line, cells, regions, x, reason in rows:
        if cells is None:
            bad.append(f"{name}:{line}: {reason}")
            continue
        side = int(round(len(cells) ** 0.5))
        grid = np.array(cells, dtype=np.uint16).reshape(side, side)
        out.append(Puzzle(line, grid, np.array(regions, dtype=np.uint16).reshape(side, side), x))
    if bad:
        if errors == "raise":
            raise ValueError(bad[0])
        warnings.warn(
            f"{len(bad)} of {len(rows)} grids could not be read, left out; the first: {bad[0]}",
            stacklevel=2,
        )
    return out


def solve(grid, *, x=False, regions=None, unique=False, timeout=None):
    """Solves an N x N grid (N = 4..400; 0 empty, values 1..N; boxes of n x n where N = n * n,
    else the most nearly square R x C, e.g. 2 x 3 on 6x6); ``x=True`` adds both diagonals
    (Sudoku-X); ``regions``, an (N, N) array of region numbers (any N distinct labels of N
    cells each), gives other boxes or a jigsaw. A ``Puzzle`` from ``read`` brings its own
    regions and ``x``. Returns the solution in the grid's dtype, or a wider one when that
    cannot hold N (a ``uint8`` grid of side 256 gives ``uint16``). Raises ValueError
    when the grid has no solution, the givens contradict each other, ``unique=True`` and there
    are two solutions, or ``timeout`` (seconds; ``None`` or 0: no limit, as the command's
    ``--timeout 0``) passes first.
    """
    a, x, regions = _prepare(grid, x, regions)
    status, sol = _native.large_solve(
        np.ascontiguousarray(a, dtype=np.uint16), x, unique, timeout, regions
    )
    if status in ("solved", "unique"):
        return _in_dtype(sol, a.dtype)
    raise ValueError(f"grid: {status}")


Made = namedtuple("Made", ["puzzle", "solution", "minimal"])
Made.__doc__ = """What ``minimize`` and ``generate`` make: ``puzzle`` (0 empty) with the unique
``solution``, both in the grid's dtype, and ``minimal``: whether every given was shown needed
(False when ``timeout`` ended the removals first: the puzzle is unique, perhaps not minimal)."""


def minimize(grid, *, x=False, regions=None, seed=1, no_guesses=False, timeout=None):
    """A minimal puzzle with the same unique solution as ``grid``, as ``simdoku large
    --minimize`` makes it: givens are taken away in an order drawn from ``seed`` while the
    solution stays unique (with ``no_guesses``, while propagation alone still solves it).
    ``grid``, ``x`` and ``regions`` as for ``solve``; ``timeout`` (seconds, ``None`` or 0 for
    none) bounds the whole run. Returns a ``Made``; raises ValueError when the grid has no
    solution or several, when its count runs out of ``timeout``, and with ``no_guesses`` when
    the grid as given needs a guess (propagation alone does not solve it, so no removal
    could make it solvable without one).

    >>> import numpy as np, simdoku
    >>> full = simdoku.large.solve(np.zeros((9, 9), dtype=int))
    >>> made = simdoku.large.minimize(full, seed=3)
    >>> made.minimal, bool((made.solution == full).all()), 17 <= int((made.puzzle > 0).sum()) < 81
    (True, True, True)
    """
    return _reduce(grid, False, x, regions, seed, no_guesses, timeout)


def generate(template, *, x=False, regions=None, seed=1, no_guesses=False, timeout=None):
    """A new puzzle from ``template`` (its shape, regions, ``x`` and givens, perhaps none), as
    ``simdoku large --generate`` makes it: the template solved, the values none of its givens
    holds relabelled by ``seed``, then givens taken away from that full grid as ``minimize``
    does. The puzzle's unique solution agrees with every given of the template. Returns a
    ``Made``; raises ValueError when the template has no solution. On 25x25 and larger,
    ``no_guesses=True`` keeps each check to one propagation; without it the uniqueness checks
    may take the whole ``timeout``.

    >>> import numpy as np, simdoku
    >>> made = simdoku.large.generate(np.zeros((16, 16), dtype=np.uint8), x=True, no_guesses=True)
    >>> made.minimal, made.puzzle.dtype, sorted(np.diag(made.solution).tolist()) == list(range(1, 17))
    (True, dtype('uint8'), True)
    """
    return _reduce(template, True, x, regions, seed, no_guesses, timeout)


def _reduce(grid, template, x, regions, seed, no_guesses, timeout):
    a, x, regions = _prepare(grid, x, regions)
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an integer 0..2**64-1, got {seed!r}")
    status, puzzle, sol, minimal = _native.large_reduce(
        np.ascontiguousarray(a, dtype=np.uint16),
        template,
        x,
        int(seed),
        bool(no_guesses),
        timeout,
        regions,
    )
    if puzzle is None:
        raise ValueError(f"grid: {status}")
    return Made(_in_dtype(puzzle, a.dtype), _in_dtype(sol, a.dtype), minimal)


def _in_dtype(values, dtype):
    """Values up to N in ``dtype``, or a wider one when it cannot hold N: in a dtype too narrow
    (uint8 past 255, int8 past 127) they would wrap, a wrong answer returned silently."""
    fits = np.iinfo(dtype).max >= values.shape[0]
    return values.astype(dtype if fits else np.promote_types(dtype, np.uint16))


def _prepare(grid, x, regions):
    """``solve``'s arguments checked: the grid as an integer array, ``x``, the regions as
    uint16 (or None); a ``Puzzle`` brings its own."""
    if isinstance(grid, Puzzle):
        x = x or grid.x
        regions = grid.regions if regions is None else regions
        grid = grid.grid
    a = np.asarray(grid)
    if a.dtype.kind not in "iu":
        raise TypeError(f"grid must be an integer array, got dtype {a.dtype}")
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise ValueError(f"expected a square N x N grid, got shape {a.shape}")
    side = a.shape[0]
    if (a < 0).any() or (a > side).any():
        raise ValueError(f"values must be 0..{side}")
    if regions is not None:
        r = np.asarray(regions)
        if r.dtype.kind not in "iu" or r.shape != a.shape:
            raise ValueError(f"regions must be an integer array of shape {a.shape}")
        if (r < 0).any() or (r > 65535).any():
            raise ValueError("region labels must be 0..65535")
        regions = np.ascontiguousarray(r, dtype=np.uint16)
    return a, x, regions
