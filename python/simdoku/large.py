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
"""

from __future__ import annotations

import numpy as np

from . import _native

__all__ = ["solve"]


def solve(grid, *, x=False, unique=False, timeout=None):
    """Solves an N x N grid (N = 4..400; 0 empty, values 1..N; boxes of n x n where N = n * n,
    else the most nearly square R x C, e.g. 2 x 3 on 6x6); ``x=True`` adds both diagonals
    (Sudoku-X). Returns the solution in the grid's dtype. Raises ValueError
    when the grid has no solution, the givens contradict each other, ``unique=True`` and there
    are two solutions, or ``timeout`` (seconds) passes first.
    """
    a = np.asarray(grid)
    if a.dtype.kind not in "iu":
        raise TypeError(f"grid must be an integer array, got dtype {a.dtype}")
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise ValueError(f"expected a square N x N grid, got shape {a.shape}")
    side = a.shape[0]
    if (a < 0).any() or (a > side).any():
        raise ValueError(f"values must be 0..{side}")
    status, sol = _native.large_solve(np.ascontiguousarray(a, dtype=np.uint16), x, unique, timeout)
    if status in ("solved", "unique"):
        return sol.astype(a.dtype)
    raise ValueError(f"grid: {status}")
