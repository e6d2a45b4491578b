"""Benchmark: puzzles/s from Python, conversion included, for simdoku and the PyPI packages
lib-sudoku, rustoku, sudoku-rust and py-sudoku, on the bundled sets; and the CLI's own
throughput on the same batches.

    python3 python/bench.py                # makes python/.bench-venv, installs, measures
    python3 python/bench.py --rounds 7 --cli target/release/simdoku

The packages go in the benchmark's own virtual environment (created here; a package that
cannot be installed, or that fails or answers wrongly on a set, is reported as such). Each
figure is the median of --rounds rounds; rounds of the contenders alternate, so that load from
elsewhere on the machine hits them alike. Peers are called in a Python loop, one puzzle a call
(their API: none takes a batch); the input conversion from the 81-character line to each one's
input form is inside the timing. simdoku takes the whole list (strings in, strings out) or an
(N, 81) uint8 array, and runs on all cores; "simdoku 1 thread" is the same on one core.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = ROOT / "bench-data"
PEERS = ["lib-sudoku", "rustoku", "sudoku-rust", "py-sudoku"]
SETS = ["top95", "magictour_top1465", "forum_hardest_1106", "serg_benchmark", "17_clue"]


def bench_set(name: str) -> list[str]:
    out = []
    with open(DATA / f"{name}.txt", encoding="ascii") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line[:81])
    return out


def setup(venv: pathlib.Path) -> None:
    """Creates the venv and installs numpy, the peers (each on its own) and simdoku."""
    py = venv / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(py), "-m", "pip", "install", "-q"]
    subprocess.run(pip + ["numpy"], check=True)
    for p in PEERS:
        r = subprocess.run(pip + [p], capture_output=True, text=True)
        if r.returncode != 0:
            print(f"bench: {p} does not install: {r.stderr.strip().splitlines()[-1:]}",
                  file=sys.stderr)
    subprocess.run(pip + [str(HERE)], check=True)


# --- the contenders: each maps a list of lines to a list of solutions ----------------------


def digits(p: str) -> list[int]:
    return [0 if c in ".0" else ord(c) - 48 for c in p]


def make_peers():
    """name -> (solve list of lines -> list of 81-char solutions or None, error or None)."""
    import numpy as np

    peers = {}
    try:
        import lib_sudoku

        def lib(lines):
            out = []
            for p in lines:
                s = lib_sudoku.solve(bytearray(digits(p)))
                out.append("".join(map(str, s)))
            return out

        peers["lib-sudoku"] = lib
    except ImportError as e:
        peers["lib-sudoku"] = str(e)
    try:
        import rustoku

        def rk(lines):
            return [rustoku.solve(p) or None for p in lines]

        peers["rustoku"] = rk
    except ImportError as e:
        peers["rustoku"] = str(e)
    try:
        import sudoku_rust

        def sr(lines):
            out = []
            for p in lines:
                a = np.array(digits(p), dtype=np.uint16).reshape(9, 9)
                s = sudoku_rust.solve(a)
                out.append("".join(map(str, s.ravel().tolist())))
            return out

        peers["sudoku-rust"] = sr
    except ImportError as e:
        peers["sudoku-rust"] = str(e)
    try:
        from sudoku import Sudoku

        def pys(lines):
            out = []
            for p in lines:
                d = digits(p)
                board = [[d[9 * r + c] or None for c in range(9)] for r in range(9)]
                s = Sudoku(3, 3, board=board).solve()
                b = s.board
                if any(v is None for row in b for v in row):
                    out.append(None)
                else:
                    out.append("".join(str(v) for row in b for v in row))
            return out

        peers["py-sudoku"] = pys
    except ImportError as e:
        peers["py-sudoku"] = str(e)
    return peers


def valid(p: str, s) -> bool:
    if not isinstance(s, str) or len(s) != 81 or not s.isdigit() or "0" in s:
        return False
    if any(a not in ".0" and a != b for a, b in zip(p, s)):
        return False
    g = [s[9 * r : 9 * r + 9] for r in range(9)]
    full = set("123456789")
    for i in range(9):
        if set(g[i]) != full or {g[r][i] for r in range(9)} != full:
            return False
        r0, c0 = 3 * (i // 3), 3 * (i % 3)
        if {g[r][c] for r in range(r0, r0 + 3) for c in range(c0, c0 + 3)} != full:
            return False
    return True


def timed(f, arg) -> tuple[float, object]:
    t = time.perf_counter()
    out = f(arg)
    return time.perf_counter() - t, out


def measure(args) -> None:
    import numpy as np

    import simdoku

    peers = PEERS
    contenders = {
        "simdoku (strings)": lambda lines: simdoku.solve(lines),
        "simdoku (numpy)": None,  # filled per set
        "simdoku 1 thread": lambda lines: simdoku.solve(lines, threads=1),
    }
    cli = args.cli or str(ROOT / "target" / "release" / "simdoku")
    if not os.path.exists(cli):
        cli = None
    rows = []
    for name in args.sets:
        lines = bench_set(name)
        n = len(lines)
        raw = np.frombuffer("".join(lines).encode(), dtype=np.uint8).reshape(-1, 81)
        cells = np.where(raw == 46, 0, raw - 48).astype(np.uint8)
        ref = simdoku.solve(lines)
        assert all(valid(p, s) for p, s in zip(lines, ref)), name
        contenders["simdoku (numpy)"] = lambda _l, c=cells: simdoku.solve(c)
        # Each peer in a child process with a time limit: calibrated on the set's first
        # puzzles (as many as --seconds allow), then --rounds rounds on that prefix.
        runs = {k: (f, lines) for k, f in contenders.items()}
        notes, peer_rates, sizes = {}, {}, {}
        for pname in peers:
            r = run_peer(args, pname, name)
            if isinstance(r, str):
                notes[pname] = r
            else:
                peer_rates[pname], sizes[pname] = r
        times = {k: [] for k in runs}
        for _ in range(args.rounds):
            for k, (f, batch) in runs.items():
                t, out = timed(f, batch)
                times[k].append(len(batch) / t)
                if k.startswith("simdoku"):
                    got = out.reshape(-1, 81) if hasattr(out, "reshape") else out
                    if hasattr(got, "tolist"):
                        assert (got == simdoku.solve(cells)).all()
                    else:
                        assert got == ref
        cli_rate = None
        if cli:
            with tempfile.NamedTemporaryFile("w", suffix=".txt") as tmp:
                tmp.write("\n".join(lines) + "\n")
                tmp.flush()
                cr = []
                for _ in range(args.rounds):
                    t = time.perf_counter()
                    subprocess.run([cli, "solve", "-q", "--format", "solution", tmp.name],
                                   stdout=subprocess.DEVNULL, check=False)
                    cr.append(n / (time.perf_counter() - t))
                cli_rate = statistics.median(cr)
        med = {k: statistics.median(v) for k, v in times.items()}
        med.update(peer_rates)
        peer_best = max(peer_rates.values(), default=None)
        sizes.update({k: len(b) for k, (_, b) in runs.items()})
        rows.append((name, n, med, notes, peer_best, cli_rate, sizes))
        print(f"bench: {name} done", file=sys.stderr)
    report(rows, peers)


def run_peer(args, peer: str, name: str):
    """(puzzles/s median, puzzles per round), or why there is none."""
    argv = [sys.executable, str(pathlib.Path(__file__).resolve()), "--inner", "--peer", peer,
            "--sets", name, "--rounds", str(args.rounds), "--seconds", str(args.seconds)]
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=args.peer_timeout)
    except subprocess.TimeoutExpired:
        return f"over {args.peer_timeout:.0f} s"
    last = (r.stdout.strip().splitlines() or ["no output"])[-1]
    if last.startswith("rate "):
        _, rate, take = last.split()
        return float(rate), int(take)
    return last


def peer_child(args) -> None:
    """Measures one peer on one set; prints `rate R N` or why not."""
    f = make_peers()[args.peer]
    if isinstance(f, str):
        print("not installed: " + f)
        return
    lines = bench_set(args.sets[0])
    start, take = time.perf_counter(), 0
    try:
        while take < len(lines) and (take == 0 or time.perf_counter() - start < args.seconds):
            out = f(lines[take : take + 1])
            if not valid(lines[take], out[0]):
                print("wrong or missing solution")
                return
            take += 1
    except Exception as e:  # noqa: BLE001 - a peer's failure is a result
        print(f"fails: {type(e).__name__}: {e}"[:80].replace("|", "/"))
        return
    rates = []
    for _ in range(args.rounds):
        t, _out = timed(f, lines[:take])
        rates.append(take / t)
    print(f"rate {statistics.median(rates)} {take}")


def fmt(v) -> str:
    if v is None:
        return "-"
    if v >= 1e6:
        return f"{v / 1e6:.2f}M"
    if v >= 1e3:
        return f"{v / 1e3:.1f}k"
    return f"{v:.0f}"


def report(rows, peers) -> None:
    cols = ["simdoku (strings)", "simdoku (numpy)", "simdoku 1 thread", *peers]
    print("| set | puzzles | " + " | ".join(cols) + " | best peer | simdoku / best peer | CLI | simdoku / CLI |")
    print("|---|---:|" + "---:|" * (len(cols) + 4))
    for name, n, med, notes, best, cli_rate, sizes in rows:
        cells = []
        for c in cols:
            if c in med:
                v = fmt(med[c])
                if c in peers and sizes[c] < n:
                    v += f" ({sizes[c]})"
                cells.append(v)
            else:
                cells.append(notes.get(c, "-"))
        s = med["simdoku (strings)"]
        ratio = f"{s / best:.1f}x" if best else "-"
        cli = f"{s / cli_rate:.2f}" if cli_rate else "-"
        print(f"| {name} | {n} | " + " | ".join(cells) + f" | {fmt(best)} | {ratio} | {fmt(cli_rate)} | {cli} |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--venv", default=str(HERE / ".bench-venv"))
    ap.add_argument("--no-setup", action="store_true", help="use the venv as it is")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0,
                    help="peers: batch sized to about this long per round (a prefix of the set)")
    ap.add_argument("--sets", nargs="*", default=SETS)
    ap.add_argument("--cli", default=None, help="the CLI binary (default target/release/simdoku)")
    ap.add_argument("--peer-timeout", type=float, default=60.0,
                    help="seconds one peer may take on one set, calibration included")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--peer", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.inner:
        # The package's sources sit beside this script (python/simdoku/), where they would
        # shadow the package installed in the venv (which alone has the compiled module).
        sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != HERE]
    if args.inner and args.peer:
        peer_child(args)
        return 0
    if args.inner:
        measure(args)
        return 0
    venv = pathlib.Path(args.venv)
    if not args.no_setup:
        setup(venv)
    argv = [str(venv / "bin" / "python"), str(pathlib.Path(__file__).resolve()), "--inner",
            *sys.argv[1:]]
    return subprocess.run(argv, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
