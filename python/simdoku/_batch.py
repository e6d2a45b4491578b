"""Input and output shapes of the batch calls: strings, lists of strings, numpy arrays."""

from __future__ import annotations

import operator
import os

import numpy as np

from . import _native

OK = _native.OK
NO_SOLUTION = _native.NO_SOLUTION
MULTIPLE = _native.MULTIPLE
INVALID = _native.INVALID
ERROR = _native.ERROR

#: What each status code means (the ``status`` array of ``errors="mask"``).
STATUS_NAMES = {
    OK: "ok",
    NO_SOLUTION: "no solution",
    MULTIPLE: "more than one solution",
    INVALID: "invalid",
    ERROR: "engine error",
}

_SHAPES = "(81,), (9, 9), (N, 81) or (N, 9, 9)"


def as_int(name: str, value) -> int:
    """``value`` as an int, or ``TypeError`` naming the argument: a float (``2.9``) is not
    truncated, nor a string (``"3"``) parsed, as ``int()`` would."""
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}") from None


def check_uint(name: str, value) -> None:
    """Raises ``ValueError`` naming the argument when ``value`` is an integer the native calls
    cannot take (they take unsigned 64-bit integers, and the ``OverflowError`` they raise
    otherwise names no argument); ``None`` and non-integers are left to them (``TypeError``)."""
    if value is None:
        return
    try:
        v = operator.index(value)
    except TypeError:
        return
    if v < 0:
        raise ValueError(f"{name} must be >= 0, got {v}")
    if v >= 2**64:
        raise ValueError(f"{name} must be below 2**64, got {v}")


class _Input:
    """A batch as the native calls take it, and how to give results back in the input's kind.

    kind: "str" (one string), "list" (strings), "array" (numpy).
    """

    __slots__ = ("kind", "n", "lines", "cells", "shape", "dtype", "single", "reasons")

    def __init__(self) -> None:
        self.lines: bytes | None = None
        self.cells: np.ndarray | None = None
        self.shape: tuple[int, ...] = ()
        self.dtype = None
        self.single = False
        # Rows found bad on the Python side (wrong type, out-of-range value): index -> reason.
        self.reasons: dict[int, str] = {}


def _strip_line_end(s: str) -> str:
    """`s` without one final `\\n` or `\\r\\n`."""
    if s.endswith("\r\n"):
        return s[:-2]
    if s.endswith("\n"):
        return s[:-1]
    return s


def _from_strings(items, single: bool) -> _Input:
    inp = _Input()
    inp.kind = "str" if single else "list"
    inp.single = single
    inp.n = len(items)
    try:
        text = "\n".join(items)
    except TypeError:
        items = list(items)
        for i, s in enumerate(items):
            if not isinstance(s, str):
                inp.reasons[i] = f"not a string ({type(s).__name__})"
                items[i] = ""
        text = "\n".join(items)
    if text.count("\n") != max(inp.n - 1, 0):
        # One line ending at the end (as `readlines()` and `f.read()` of a one-line file leave
        # it) is no part of the puzzle; a string of several lines is a grid drawn one row a
        # line (nine lines of nine cells, `|` and rule lines allowed), or an error.
        items = list(items)
        for i, s in enumerate(items):
            if isinstance(s, str) and "\n" in s:
                s = _strip_line_end(s)
                items[i] = s
                if "\n" in s:
                    line, reason = _native.drawn_line(s)
                    if line is None:
                        inp.reasons[i] = f"several lines, not one drawn grid: {reason}"
                        items[i] = ""
                    else:
                        items[i] = line
        text = "\n".join(items)
    inp.lines = text.encode("utf-8", "replace")
    return inp


def _bad_value_reason(row: np.ndarray) -> str:
    """The first out-of-range cell of a row (flat, 81 values)."""
    for i, v in enumerate(row.tolist()):
        ok = 0 <= v <= 9 and (not isinstance(v, float) or v.is_integer())
        if not ok:
            return f"r{i // 9 + 1}c{i % 9 + 1}: value {v} is not 0-9"
    return "invalid value"


def _from_array(a: np.ndarray) -> _Input:
    inp = _Input()
    inp.kind = "array"
    kind = a.dtype.kind
    if kind not in "iuf":
        raise TypeError(
            f"puzzles must be a string, a list of strings or an integer array; got dtype {a.dtype}"
        )
    shape = a.shape
    if shape in ((81,), (9, 9)):
        inp.single = True
        flat = a.reshape(1, 81)
    elif a.ndim == 2 and shape[1] == 81 or a.ndim == 3 and shape[1:] == (9, 9):
        flat = a.reshape(shape[0], 81)
    else:
        raise ValueError(f"expected an array of shape {_SHAPES}, got {shape}")
    inp.shape, inp.dtype, inp.n = shape, a.dtype, flat.shape[0]
    if a.dtype == np.uint8:
        inp.cells = np.ascontiguousarray(flat)
        return inp
    if kind == "f":
        bad = ~np.isfinite(flat) | (flat != np.floor(flat)) | (flat < 0) | (flat > 9)
    elif kind == "u":
        bad = flat > 9
    else:
        bad = (flat < 0) | (flat > 9)
    bad_rows = np.flatnonzero(bad.any(axis=1))
    if len(bad_rows):
        flat = flat.copy()
        flat[bad_rows] = 0
        for i in bad_rows.tolist():
            inp.reasons[i] = _bad_value_reason(a.reshape(-1, 81)[i])
    inp.cells = flat.astype(np.uint8)
    return inp


def _from_rows(items) -> _Input:
    """A list of rows (each 81 values or nine rows of nine) that numpy cannot take as one
    array (rows of other lengths among them): each bad row is flagged, the others answered."""
    rows, reasons, shape = [], {}, None
    for i, item in enumerate(items):
        try:
            row = np.asarray(item)
        except (ValueError, TypeError) as e:
            reasons[i] = f"not a row of 81 values ({e})"
            row = None
        if row is not None:
            if row.dtype.kind not in "iuf":
                reasons[i] = f"not a row of numbers (dtype {row.dtype})"
            elif row.shape not in ((81,), (9, 9)):
                reasons[i] = f"expected 81 cells, found {row.size} (shape {row.shape})"
            else:
                shape = shape or row.shape
                rows.append(row.reshape(81))
                continue
        rows.append(np.zeros(81, np.uint8))
    inp = _from_array(np.stack(rows).reshape((len(rows),) + (shape or (81,))))
    inp.reasons.update(reasons)
    return inp


def prepare(puzzles) -> _Input:
    """Classifies a batch argument."""
    if isinstance(puzzles, str):
        return _from_strings([puzzles], single=True)
    if isinstance(puzzles, (list, tuple)) and (not puzzles or isinstance(puzzles[0], str)):
        return _from_strings(puzzles, single=False)
    if not isinstance(puzzles, np.ndarray) and hasattr(puzzles, "__array__"):
        # A pandas Series or a column of a data frame, an Arrow array.
        puzzles = np.asarray(puzzles)
    if isinstance(puzzles, np.ndarray):
        if puzzles.dtype.kind in "USO":
            # Strings (numpy's or Python objects: a data frame's column of puzzles, None
            # among them) are read as a list of strings.
            if puzzles.ndim == 0:
                return prepare(puzzles.item())
            if puzzles.dtype.kind == "S" and puzzles.ndim == 1:
                return prepare([b.decode("utf-8", "replace") for b in puzzles.tolist()])
            if puzzles.ndim == 1 or puzzles.dtype.kind == "O":
                # (Rows of Python numbers as objects too: the list's path takes them.)
                return prepare(puzzles.tolist())
            raise ValueError(
                f"expected a one-dimensional array of strings, got shape {puzzles.shape}"
            )
        return _from_array(puzzles)
    if isinstance(puzzles, (list, tuple)):
        # A list of strings with a non-string first item (None from a data frame, say).
        if any(isinstance(p, str) for p in puzzles):
            return _from_strings(puzzles, single=False)
        try:
            a = np.asarray(puzzles)
        except ValueError:
            # Rows of different lengths: numpy says only "inhomogeneous shape".
            return _from_rows(puzzles)
        if a.dtype.kind == "O":
            # (Rows of other lengths, or a None among the values: flagged row by row.)
            return _from_rows(puzzles)
        return _from_array(a)
    raise TypeError(
        "puzzles must be a string, a list of strings or an integer numpy array; "
        f"got {type(puzzles).__name__}"
    )


def run(inp: _Input, op: str, limit: int, threads, engine):
    """Runs the native batch; returns (status, counts, cells or None, reasons dict)."""
    check_uint("threads", threads)
    check_uint("limit", as_int("limit", limit))
    if inp.cells is not None:
        status, counts, cells, reasons = _native.batch_cells(
            inp.cells, op, limit, threads, engine
        )
    else:
        status, counts, cells, reasons = _native.batch_lines(
            inp.lines, inp.n, op, limit, threads, engine
        )
    reasons = dict(reasons)
    if inp.reasons:
        idx = np.fromiter(inp.reasons.keys(), dtype=np.intp, count=len(inp.reasons))
        status[idx] = INVALID
        counts[idx] = 0
        if cells is not None:
            cells[idx] = 0
        reasons.update(inp.reasons)
    return status, counts, cells, reasons


def check_errors(status: np.ndarray, reasons: dict[int, str], errors: str, single: bool) -> None:
    """Raises ValueError for the first row that is not OK, unless errors="mask"."""
    if errors == "mask":
        return
    if errors != "raise":
        raise ValueError(f'errors must be "raise" or "mask", got {errors!r}')
    bad = np.flatnonzero(status != OK)
    if len(bad):
        i = int(bad[0])
        reason = reasons.get(i) or STATUS_NAMES[int(status[i])]
        more = f" (and {len(bad) - 1} more bad rows)" if len(bad) > 1 else ""
        raise ValueError(f"row {i}: {reason}{more}")


def to_strings(cells: np.ndarray, empty: str = ".") -> list[str]:
    """Rows of 81 cell values as line-form strings."""
    chars = cells + 48
    if empty != "0":
        chars[cells == 0] = ord(empty)
    text = chars.tobytes().decode("ascii")
    return [text[i : i + 81] for i in range(0, len(text), 81)]


def cells_of(puzzles):
    """A batch as (input, (N, 81) uint8 cells, status, reasons) for the tools; rows that are
    not puzzles are zeros with status INVALID."""
    inp = prepare(puzzles)
    if inp.cells is not None:
        cells = inp.cells
        status = np.zeros(inp.n, dtype=np.int8)
        reasons = {}
    else:
        status, cells, reasons = _native.parse_lines(inp.lines, inp.n)
        reasons = dict(reasons)
    if inp.reasons:
        idx = np.fromiter(inp.reasons.keys(), dtype=np.intp, count=len(inp.reasons))
        status[idx] = INVALID
        reasons.update(inp.reasons)
    return inp, cells, status, reasons


def merge(status: np.ndarray, reasons: dict, status2: np.ndarray, reasons2, cells=None):
    """Statuses of a tool's run over rows already checked: earlier failures win."""
    bad = status != OK
    out = np.where(bad, status, status2).astype(np.int8)
    merged = dict(reasons2)
    for i in np.flatnonzero(bad).tolist():
        merged.pop(i, None)
    merged.update(reasons)
    if cells is not None and bad.any():
        cells[bad] = 0
    return out, merged


def grids_out(inp: _Input, cells: np.ndarray, status: np.ndarray, empty: str = "0"):
    """Grids (solutions) in the input's kind; rows that are not OK are None (strings) or
    zeros (arrays)."""
    if inp.kind == "array":
        # `solve(unique=True)` brings the first of several solutions on a MULTIPLE row: zeros
        # as documented, or a masked caller would take a grid for that row's answer.
        cells[status != OK] = 0
        out = cells if inp.dtype == np.uint8 else cells.astype(inp.dtype)
        return out.reshape(inp.shape)
    out = to_strings(cells, empty)
    for i in np.flatnonzero(status != OK).tolist():
        out[i] = None
    return out[0] if inp.single else out


def values_out(inp: _Input, values: np.ndarray):
    """Per-row values (counts, flags) in the input's kind: a scalar for one puzzle, a list for
    strings, a numpy array for arrays."""
    if inp.single:
        return values[0].item()
    if inp.kind == "array":
        return values
    return values.tolist()


def source_bytes(source):
    """The bytes of a path or a file object, and the name messages give it."""
    if isinstance(source, (str, bytes, os.PathLike)):
        with open(source, "rb") as f:
            return f.read(), os.fsdecode(source)
    if not hasattr(source, "read"):
        raise TypeError(
            f"source must be a path or a file object, got {type(source).__name__}"
        )
    data = source.read()
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    name = getattr(source, "name", None)
    return bytes(data), name if isinstance(name, str) else "<input>"
