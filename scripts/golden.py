"""The Python package's outputs on the bundled sets, for scripts/golden.sh (byte comparison of a
refactor). Usage: python golden.py BENCH_DATA_DIR WORK_DIR (WORK_DIR holds golden.sh's slices)."""

import sys

import numpy as np

import simdoku

data, work = sys.argv[1], sys.argv[2]


def lines(path):
    with open(path, "rb") as f:
        return [l.rstrip(b"\r\n").decode("latin-1") for l in f if not l.startswith(b"#")]


def show(name, value):
    if isinstance(value, tuple):
        for i, v in enumerate(value):
            show(f"{name}[{i}]", v)
        return
    if isinstance(value, np.ndarray):
        print(name, value.dtype, value.shape, value.tobytes().hex()[:20000])
    else:
        print(name, repr(value)[:20000])


def attempt(name, f):
    try:
        show(name, f())
    except Exception as e:  # the error's type and text are outputs too
        print(name, "raised", type(e).__name__, e)


top95 = lines(f"{data}/top95.txt")
magic = lines(f"{work}/magic.txt")
hard = lines(f"{work}/hard.txt")
junk = lines(f"{work}/junk.txt")
for name, ps in [("top95", top95), ("magic", magic), ("hard", hard), ("junk", junk)]:
    attempt(f"solve-{name}", lambda: simdoku.solve(ps, errors="mask", threads=1))
    attempt(f"solve-unique-{name}", lambda: simdoku.solve(ps, unique=True, errors="mask"))
    attempt(f"count-{name}", lambda: simdoku.count(ps, 3, errors="mask"))
    attempt(f"is_unique-{name}", lambda: simdoku.is_unique(ps, errors="mask"))
    attempt(f"rate-{name}", lambda: simdoku.rate(ps[:30], seed=1, errors="mask"))
    attempt(f"minimize-{name}", lambda: simdoku.minimize(ps[:20], errors="mask"))
    attempt(f"canonical-{name}", lambda: simdoku.canonical(ps, errors="mask"))
    attempt(f"shuffle-{name}", lambda: simdoku.shuffle(ps, seed=1, errors="mask"))
attempt("solve-raise", lambda: simdoku.solve(junk))
attempt("solve-one", lambda: simdoku.solve(top95[0]))
attempt("solve-array", lambda: simdoku.solve(np.zeros((3, 81), dtype=np.uint8)))
attempt("generate", lambda: simdoku.generate(20, seed=1))
attempt("generate-sym", lambda: simdoku.generate(10, seed=2, symmetry="rot180", minimal=True, solutions=True))
attempt("solutions", lambda: list(simdoku.solutions(top95[0])))
attempt("solutions-empty", lambda: list(simdoku.solutions("." * 81, max=5)))
for e in ["scalar", "bands", "sse", "avx2"]:
    attempt(f"count-{e}", lambda: simdoku.count(hard[:50], 2, engine=e, errors="mask"))
g = np.loadtxt(f"{data}/large/16x16_g50.txt", max_rows=16, dtype=np.uint16, comments="#")
attempt("large-16", lambda: simdoku.large.solve(g))
attempt("large-16-unique", lambda: simdoku.large.solve(g, unique=True))
attempt("large-bad", lambda: simdoku.large.solve(np.ones((16, 16), dtype=np.uint16)))
attempt("engines", lambda: [e["name"] if isinstance(e, dict) else e for e in simdoku.engines()])
