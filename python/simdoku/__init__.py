"""simdoku: SIMD Sudoku solving, counting and generation from Python.

Puzzles are 81-character strings (``1``-``9`` given, ``0`` or ``.`` empty; a string of nine lines
of nine cells, ``|`` and ``---+---`` rules allowed, is one puzzle drawn as a grid) or integer numpy
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

import warnings

import numpy as np

from collections import namedtuple

from . import _batch, large
from ._batch import ERROR, INVALID, MULTIPLE, NO_SOLUTION, OK, STATUS_NAMES

__all__ = [
    "solve",
    "count",
    "is_unique",
    "engines",
    "generate",
    "rate",
    "Rating",
    "SeRating",
    "explain",
    "minimize",
    "canonical",
    "minlex",
    "shuffle",
    "solutions",
    "read",
    "read_records",
    "Record",
    "large",
    "OK",
    "NO_SOLUTION",
    "MULTIPLE",
    "INVALID",
    "ERROR",
    "STATUS_NAMES",
]

__version__ = "0.1.0"


Record = namedtuple("Record", ["line", "puzzle", "error"])
Record.__doc__ = """One puzzle of a file, or one entry that fails to be one (``read_records``):
``line`` its (first) line number from 1; ``puzzle`` its cells as one line (81 characters, ``.``
empty; 729 for a pencilmark grid), or ``None``; ``error`` why it is not a puzzle, or ``None``."""


def read_records(source):
    """Every puzzle of a file, and every entry that fails to be one, as the ``simdoku`` command
    reads it: a list of ``Record(line, puzzle, error)`` in file order.

    ``source``: a path, or a file object opened in text or binary mode (``sys.stdin``,
    ``io.StringIO(text)``). Read as the command line reads a file: blank lines, ``#`` comments
    and a CSV header (``quizzes,solutions``) are skipped; a line is one puzzle (81 cells, anything
    after a comma or a space ignored; 81 values with separators, ``5,3,0,...``; the puzzle in
    quotes, after an id (``0,4.....8.5...``) or as a JSON array or object; a 729-character
    pencilmark line), and a grid drawn over nine lines (``.sdk``, Simple Sudoku's ``.ss``, HoDoKu's
    and printed grids with ``|`` and rule lines, a JSON array of rows, pencilmark grids) is one
    puzzle at its first line; a title right before a puzzle (``Grid 01``) is skipped. A file that
    is JSON as a whole (``json.dump(puzzles, f, indent=2)``, JSON Lines) gives every puzzle in it
    at the line where it starts: strings of 81 cells, lists of 81 values 0-9 (``None`` empty) or
    of nine rows, in lists or dicts (keys like ``solution`` or ``answer`` left out).

    >>> import io, simdoku
    >>> text = "# two puzzles\\n" + "." * 81 + "\\n12345\\n"
    >>> for r in simdoku.read_records(io.StringIO(text)):
    ...     print(r.line, r.puzzle and r.puzzle[:9], r.error)
    2 ......... None
    3 None expected 81 cells, found 5
    """
    data, _ = _batch.source_bytes(source)
    return [Record(*row) for row in _batch._native.read_text(data)]


def read(source, *, errors="raise"):
    """The puzzles of a file, as the ``simdoku`` command reads it (see ``read_records``): a list
    of puzzle strings, in file order, ready for ``solve``, ``count`` and the other batch calls.

    ``errors="raise"`` (the default) raises ``ValueError`` naming the file, the line and the
    reason of the first entry that is not a puzzle; ``errors="skip"`` leaves such entries out and
    warns once (``UserWarning``) with how many there were and the first of them.

    >>> import io, simdoku
    >>> text = "quizzes,solutions\\n" + "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......,\\n"
    >>> simdoku.solve(simdoku.read(io.StringIO(text)))[0][:9]
    '417369825'
    >>> simdoku.read(io.StringIO("1234\\n"))
    Traceback (most recent call last):
        ...
    ValueError: <input>:1: expected 81 cells, found 4
    """
    if errors not in ("raise", "skip"):
        raise ValueError(f'errors must be "raise" or "skip", got {errors!r}')
    data, name = _batch.source_bytes(source)
    records = _batch._native.read_text(data)
    bad = [(line, error) for line, puzzle, error in records if puzzle is None]
    if bad:
        first = f"{name}:{bad[0][0]}: {bad[0][1]}"
        if errors == "raise":
            raise ValueError(first)
        warnings.warn(
            f"{len(bad)} of {len(records)} entries are not puzzles, left out; the first: {first}",
            stacklevel=2,
        )
    return [puzzle for _, puzzle, _ in records if puzzle is not None]


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
    limit = _batch.as_int("limit", limit)
    if limit < 1:
        # As the CLI's --limit: 0 would still find one solution and answer 1.
        raise ValueError(f"limit must be at least 1, got {limit}")
    inp = _batch.prepare(puzzles)
    status, counts, _, reasons = _batch.run(inp, "count", limit, threads, engine)
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


def _tool_result(inp, cells, status, reasons, errors):
    _batch.check_errors(status, reasons, errors, inp.single)
    out = _batch.grids_out(inp, cells, status, empty=".")
    if errors == "mask":
        return out, (status[0].item() if inp.single else status)
    return out


def _map(puzzles, tool, seed, errors, threads):
    _batch.check_uint("seed", seed)
    _batch.check_uint("threads", threads)
    inp, cells, status, reasons = _batch.cells_of(puzzles)
    status2, out, reasons2 = _batch._native.map_cells(cells, tool, seed, threads)
    status, reasons = _batch.merge(status, reasons, status2, reasons2, out)
    return _tool_result(inp, out, status, reasons, errors)


def generate(n=None, *, clues=None, symmetry=None, minimal=False, grade=None, se=None,
             level=None, attempts=10000, seed=None, solutions=False, as_array=False,
             threads=None):
    """Generates puzzles with a unique solution.

    ``n`` None: one puzzle (a string); else a list of ``n`` strings, or with ``as_array=True``
    an ``(n, 81)`` uint8 array (0 empty). ``clues``: stop removing givens at this many;
    ``symmetry``: ``"none"``, ``"rot180"``, ``"rot90"``, ``"mirror"`` or ``"diagonal"``
    (the givens keep it); ``minimal``: remove every removable given; ``grade``: keep only
    puzzles of this singles grade (``"naked-singles"``, ``"hidden-singles"``,
    ``"beyond-singles"``). Puzzle ``i`` depends only on ``seed`` and ``i``, not on ``threads``.
    ``solutions=True`` returns ``(puzzles, solutions)``.

    ``se=(lo, hi)``: keep only puzzles whose Sudoku Explainer ER (as ``rate(method="se")``
    gives it) lies in ``lo..hi`` (a single number: that ER; a string ``"4.0..6.0"`` too);
    ``hi`` is at most 9.4 (past it Explainer's path takes its nested forcing chains, which
    random puzzles almost never need).
    ``level``: ``"easy"`` (ER 1.0-1.5), ``"medium"`` (1.6-2.9), ``"hard"`` (3.0-4.4),
    ``"expert"`` (4.5-6.0) or ``"extreme"`` (above 6.0, or beyond the rater:
    ``rate(method="se")`` gives NaN). Candidates are made with the other options and rated until
    one is in the band, up to ``attempts`` per puzzle (then ValueError). ``attempts`` is at
    least 1 whatever the other options (0 is a ValueError, as a limit of 0 is for ``count``;
    ``grade`` alone tries a fixed number of candidates). ``grade``, ``se`` and ``level``
    exclude each other.

    >>> import simdoku
    >>> ps = simdoku.generate(4, seed=7, symmetry="rot180")
    >>> len(ps), simdoku.is_unique(ps)
    (4, [True, True, True, True])
    >>> ps == simdoku.generate(4, seed=7, symmetry="rot180", threads=1)
    True
    >>> p, s = simdoku.generate(seed=1, solutions=True)
    >>> simdoku.solve(p) == s
    True
    >>> hard = simdoku.generate(3, se=(4.0, 6.0), minimal=True, seed=1)
    >>> all(4.0 <= r.er <= 6.0 for r in simdoku.rate(hard, method="se"))
    True
    >>> simdoku.rate(simdoku.generate(level="extreme", seed=1), method="se").er  # above 6.0
    7.2
    """
    count = 1 if n is None else _batch.as_int("n", n)
    if count < 0:
        raise ValueError("n must be >= 0")
    clues = None if clues is None else _batch.as_int("clues", clues)
    if clues is not None and not 0 <= clues <= 81:
        # As the CLI's --clues: a grid has 81 cells.
        raise ValueError(f"clues must be in 0..=81, got {clues}")
    if clues is not None and 0 < clues < 17:
        # As the CLI's --clues: no such puzzle exists, and removal would stop far above.
        raise ValueError(
            f"clues={clues}: no 9x9 puzzle with fewer than 17 clues has one solution; ask for "
            "17 to 81, or leave clues out for as few as each puzzle allows"
        )
    if se is not None and not isinstance(se, str):
        if isinstance(se, (tuple, list)):
            if len(se) != 2:
                raise ValueError("se is (lo, hi), one ER, or a string 'LO..HI'")
            se = f"{float(se[0])!r}..{float(se[1])!r}"
        else:
            se = repr(float(se))
    _batch.check_uint("n", count)
    attempts = _batch.as_int("attempts", attempts)
    _batch.check_uint("attempts", attempts)
    if attempts < 1:
        # As the native check with se= or level=, and for grade= too, which never reads it:
        # no candidate at all is no search, not a quiet default.
        raise ValueError(f"attempts must be at least 1, got {attempts}")
    _batch.check_uint("seed", seed)
    _batch.check_uint("threads", threads)
    puzzles, sols = _batch._native.generate_cells(
        count, clues or 0, symmetry, minimal, grade, seed, threads,
        se=se, level=level, attempts=attempts,
    )
    if not as_array:
        puzzles, sols = _batch.to_strings(puzzles), _batch.to_strings(sols, "0")
        if n is None:
            puzzles, sols = puzzles[0], sols[0]
    elif n is None:
        puzzles, sols = puzzles[0], sols[0]
    return (puzzles, sols) if solutions else puzzles


Rating = namedtuple("Rating", ["solutions", "guesses", "grade"])
Rating.__doc__ = """A puzzle's difficulty: ``solutions`` (counted to 2), ``guesses`` (mean guesses of
the engine over random symmetries of the puzzle), ``grade`` (how far singles go:
``naked-singles``, ``hidden-singles``, ``beyond-singles``, ``contradiction``)."""

_GRADES = np.array(["naked-singles", "hidden-singles", "beyond-singles", "contradiction"])


SeRating = namedtuple("SeRating", ["er", "ep", "ed"])
SeRating.__doc__ = """Sudoku Explainer's ratings (``method="se"``), as ``serate`` prints them: ``er`` the
hardest step of the solving path, ``ep`` the hardest up to the first placement, ``ed`` the first
step's (floats with one decimal). NaN when the steps stop short (no rule of Explainer's applies;
all of its default rules are implemented, its nested forcing chains included): never a guess."""


def rate(puzzles, *, method="guesses", samples=16, seed=None, errors="raise", threads=None):
    """Rates puzzles: a :class:`Rating` for one puzzle, a list of them for a list, a Rating of
    arrays for an array.

    ``method="se"``: Sudoku Explainer's ER/EP/ED instead, a :class:`SeRating` (floats, NaN when
    the steps stop short) for one puzzle, a list of them for a
    list, a SeRating of three float64 arrays for an array; strings may be 729-character
    pencilmark lines too. A puzzle without a unique solution is an error (status
    ``NO_SOLUTION`` or ``MULTIPLE`` with ``errors="mask"``, ratings NaN). ``samples`` and
    ``seed`` are for the guesses method only. With ``errors="mask"`` a row that is not ``OK``
    (``INVALID``: not a puzzle; ``ERROR``) is rated as nothing: ``solutions`` 0, ``guesses``
    NaN, ``grade`` ``"contradiction"``.

    >>> import simdoku
    >>> r = simdoku.rate("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3")
    >>> r.solutions, r.grade, r.guesses > 0
    (1, 'beyond-singles', True)
    >>> simdoku.rate("4...291..51..3.47..871....3..8....9..5......4269.........346..5...9..7.6.........", method="se")
    SeRating(er=2.0, ep=1.2, ed=1.2)
    >>> simdoku.rate(["..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."], method="se")
    [SeRating(er=10.6, ep=1.2, ed=1.2)]
    >>> simdoku.rate(["not a puzzle"], errors="mask")
    ([Rating(solutions=0, guesses=nan, grade='contradiction')], array([3], dtype=int8))
    """
    if method == "se":
        return _rate_se(puzzles, errors, threads)
    if method != "guesses":
        raise ValueError(f'method must be "guesses" or "se", got {method!r}')
    samples = _batch.as_int("samples", samples)
    if not 1 <= samples <= 1_000_000:
        # As the CLI's --samples: no sample gives no figure to average, and more than a
        # million solves a puzzle would run for hours on a batch.
        raise ValueError(f"samples must be 1 to 1,000,000, got {samples}")
    _batch.check_uint("seed", seed)
    _batch.check_uint("threads", threads)
    inp, cells, status, reasons = _batch.cells_of(puzzles)
    status2, sols, guesses, grades, reasons2 = _batch._native.rate_cells(
        cells, samples, seed, threads
    )
    status, reasons = _batch.merge(status, reasons, status2, reasons2)
    _batch.check_errors(status, reasons, errors, inp.single)
    bad = status != OK
    sols = sols.astype(np.int64)
    sols[bad] = 0
    guesses[bad] = np.nan
    # A bad row reaches the native rater as an empty grid, which it grades: masked, as the
    # rows it finds bad itself, "contradiction" (not the grade of a grid nobody gave).
    grades[bad] = _GRADES.tolist().index("contradiction")
    names = _GRADES[grades]
    return _packed(Rating, (int, float, str), (sols, guesses, names), inp, status, errors)


def _rate_se(puzzles, errors, threads):
    _batch.check_uint("threads", threads)
    inp = _batch.prepare(puzzles)
    if inp.cells is not None:
        status, er, ep, ed, reasons = _batch._native.rate_se_cells(inp.cells, threads)
    else:
        status, er, ep, ed, reasons = _batch._native.rate_se_lines(inp.lines, inp.n, threads)
    reasons = dict(reasons)
    if inp.reasons:
        idx = np.fromiter(inp.reasons.keys(), dtype=np.intp, count=len(inp.reasons))
        status[idx] = INVALID
        er[idx] = ep[idx] = ed[idx] = np.nan
        reasons.update(inp.reasons)
    _batch.check_errors(status, reasons, errors, inp.single)
    return _packed(SeRating, (float, float, float), (er, ep, ed), inp, status, errors)


def _packed(kind, scalars, columns, inp, status, errors):
    """A rating as the input came: one ``kind`` of Python scalars (``scalars`` converts each
    field) for one puzzle, a ``kind`` of the arrays ``columns`` for an array, a list of ``kind``
    for a list; with ``errors="mask"`` the status too (an int for one puzzle)."""
    if inp.single:
        out = kind(*(f(c[0]) for f, c in zip(scalars, columns)))
    elif inp.kind == "array":
        out = kind(*columns)
    else:
        out = [kind(*(f(v) for f, v in zip(scalars, row))) for row in zip(*columns)]
    if errors == "mask":
        return out, (status[0].item() if inp.single else status)
    return out


def explain(puzzle, *, errors="raise"):
    """The steps a person would take to solve one puzzle, in Sudoku Explainer's order: a list
    of dicts with ``technique`` (``"hidden single"``), ``difficulty`` (Explainer's scale, 1.0
    and up), ``placements`` (``(cell, digit)`` pairs), ``eliminations`` (``(cell, [digits])``
    pairs), cells 0-80 row by row, and ``text`` (``"r6c2=4 hidden single in box 4"``).

    ``puzzle``: an 81-character string (or a grid drawn over nine lines, one row a line), a
    729-character pencilmark line, or an array of shape
    ``(81,)`` or ``(9, 9)``. Where no implemented technique applies the list ends there; the
    last step then leaves empty cells. The solutions are counted (to two) first: a puzzle
    with no solution or several gets no steps (they would lead nowhere, or "solve" it through
    unique rectangles and the BUG, which assume one solution) and, as for ``rate``, is an
    error: ``ValueError`` (``the puzzle has no solution``, ``the puzzle has more than one
    solution``), or with ``errors="mask"`` the result is ``(steps, status)``, ``status``
    ``OK``, ``NO_SOLUTION`` (steps ``[]``) or ``MULTIPLE`` (steps ``[]``). A string or array
    that is not a puzzle raises ``ValueError`` whatever ``errors`` says.

    >>> import simdoku
    >>> steps = simdoku.explain("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> steps[0]["text"], steps[0]["difficulty"], steps[0]["placements"]
    ('r6c2=4 hidden single in box 4', 1.2, [(46, 4)])
    >>> max(s["difficulty"] for s in steps)
    2.6
    >>> simdoku.explain("." * 81, errors="mask") == ([], simdoku.MULTIPLE)
    True
    """
    if errors not in ("raise", "mask"):
        raise ValueError(f'errors must be "raise" or "mask", got {errors!r}')
    if isinstance(puzzle, str):
        line = puzzle
    else:
        inp, cells, status, reasons = _batch.cells_of(puzzle)
        if not inp.single:
            raise ValueError("explain() takes one puzzle")
        _batch.check_errors(status, reasons, "raise", True)
        if (cells[0] > 9).any():
            # A uint8 array reaches here unchecked; 10 would be read as the character ':'.
            raise ValueError(f"row 0: {_batch._bad_value_reason(cells[0])}")
        line = _batch.to_strings(cells[:1])[0]
    line = _batch._strip_line_end(line)
    if "\n" in line:
        flat, reason = _batch._native.drawn_line(line)
        if flat is None:
            raise ValueError(f"explain() takes one puzzle (several lines, not one drawn grid: {reason})")
        line = flat
    steps, status = _batch._native.explain_line(line)
    if status != OK and errors == "raise":
        # No steps: those of a puzzle with no solution lead nowhere, and those of one with
        # several could "solve" it through a uniqueness step. Say so, as the CLI does.
        raise ValueError(f"the puzzle has {STATUS_NAMES[status]}")
    out = [
        {
            "technique": t,
            "difficulty": d,
            "placements": [tuple(p) for p in pl],
            "eliminations": [(c, list(ds)) for c, ds in el],
            "text": text,
        }
        for t, d, pl, el, text in steps
    ]
    return (out, status) if errors == "mask" else out


def minimize(puzzles, *, errors="raise", threads=None):
    """Removes every given whose removal keeps the solution unique (a minimal puzzle).

    A puzzle without exactly one solution has no minimal form: a ValueError, or with
    ``errors="mask"`` the status ``NO_SOLUTION`` or ``MULTIPLE`` and ``None`` for that row.

    >>> import simdoku
    >>> p = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
    >>> m = simdoku.minimize(p)
    >>> simdoku.is_unique(m), m.count(".") > 50
    (True, True)
    """
    return _map(puzzles, "minimize", None, errors, threads)


def canonical(puzzles, *, errors="raise", threads=None):
    """The canonical form of each puzzle under the 3,359,232 x 9! Sudoku symmetries: two
    puzzles are equivalent exactly when their canonical forms are equal.

    >>> import simdoku
    >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> simdoku.canonical(simdoku.shuffle(p, seed=3)) == simdoku.canonical(p)
    True
    """
    return _map(puzzles, "canonical", None, errors, threads)


def minlex(puzzles, *, errors="raise", threads=None):
    """The usual minlex form of each puzzle: the least 81-character string over its
    arrangements with an empty cell the least symbol (written ``.`` here, ``0`` in most
    published lists), so empty cells gather at the top left. Equivalent puzzles share it, as
    they share ``canonical``; on solved grids the two agree.

    >>> import simdoku
    >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> simdoku.minlex(p)
    '........1.....1.23..4.5..........5.....6..74.38............2.....7...6...1...8...'
    >>> simdoku.minlex(simdoku.shuffle(p, seed=3)) == simdoku.minlex(p)
    True
    """
    return _map(puzzles, "minlex", None, errors, threads)


def shuffle(puzzles, seed=None, *, errors="raise", threads=None):
    """Each puzzle under a random symmetry (rows and columns within bands and stacks, bands,
    stacks, transposition, digits): an equivalent puzzle.

    >>> import simdoku
    >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> q = simdoku.shuffle(p, seed=1)
    >>> q != p and q.count(".") == p.count(".") and simdoku.is_unique(q)
    True
    """
    return _map(puzzles, "shuffle", seed, errors, threads)


def solutions(puzzle, max=None, *, engine=None):
    """A lazy iterator over the solutions of one puzzle (at most ``max``); the search runs on
    its own thread and waits for the consumer, so ``itertools.islice`` and ``break`` cost only
    what was taken.

    >>> import itertools, simdoku
    >>> sols = list(simdoku.solutions("." * 81, max=3))
    >>> len(sols), len(set(sols)), simdoku.solve(sols[0]) == sols[0]
    (3, 3, True)
    >>> sum(1 for _ in simdoku.solutions("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
    1
    """
    # Checked here, at the call, not at the first ``next()`` (as a generator function would).
    inp, cells, status, reasons = _batch.cells_of(puzzle)
    if not inp.single:
        raise ValueError("solutions() takes one puzzle")
    _batch.check_errors(status, reasons, "raise", True)
    if max is not None:
        max = _batch.as_int("max", max)
    _batch.check_uint("max", max)
    return _solutions(inp, _batch._native.solutions(cells[0].tolist(), max, engine))


def _solutions(inp, it):
    for s in it:
        if inp.kind == "array":
            yield s.astype(inp.dtype).reshape(inp.shape)
        else:
            yield _batch.to_strings(s.reshape(1, 81), "0")[0]
