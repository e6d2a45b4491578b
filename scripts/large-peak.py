#!/usr/bin/env python3
"""Large grids side by side: simdoku large, CP-SAT, CaDiCaL, Kissat (and sigh's solver).

Every instance runs in its own process per solver; every solution is checked against the rules
and the givens (a wrong one counts as a miss and is reported). Each solver stops at its first
solution (the mixed grids have several).

One-core solvers (simdoku, cpsat, cadical195, kissat404, sigh) get a CPU limit (RLIMIT_CPU; a
wall-clock guard of --wall-factor times it stops a process that waits), so that a loaded machine
slows every solver alike. The two-core ones (simdoku2: `simdoku large -j 2` on the one grid,
cpsat2: CP-SAT with two workers) get the timeout as wall-clock seconds and twice it as CPU
seconds: run them on a machine with two idle cores. The table gives, per file and solver, the
grids solved, then the median wall-clock and CPU seconds of the solved ones. Each solver's time runs from its grid to its first solution: for simdoku,
its whole process (start and reading included, a few ms); for CP-SAT and the SAT solvers, the
model or clauses built in Python and solved (no Python start, no imports); for sigh's solver, its
process up to the first solution printed (it goes on to prove uniqueness; that part is not
counted).

Usage (scripts/large-peak.sh makes the venv and calls this):
  python3 scripts/large-peak.py [--timeout S] [--simdoku BIN] [--sigh BIN]
      [--solvers simdoku,cpsat,cadical195,kissat404,sigh] [--markdown FILE] FILE...
  python3 scripts/large-peak.py --worker SOLVER GRIDFILE TIMEOUT   (internal)

Input: the number form of simdoku large (N lines of N numbers, `.` or 0 empty, `#` comments,
blank lines between grids); plain Sudoku only.
"""

import argparse
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


# ---------------------------------------------------------------------------- grids

def parse_grids(path):
    """Grids of a number-form file: (first line number, list of rows)."""
    grids, rows, start = [], [], 0
    with open(path) as f:
        for ln, line in enumerate(f, 1):
            s = line.strip()
            if not s or s.startswith("#"):
                continue
            if not rows:
                start = ln
            rows.append([0 if t == "." else int(t) for t in s.replace("|", " ").split()])
            if len(rows) == len(rows[0]):
                grids.append((start, rows))
                rows = []
    if rows:
        raise SystemExit(f"{path}:{start}: grid of {len(rows)} rows, {len(rows[0])} wanted")
    return grids


def box_of(side):
    n = math.isqrt(side)
    if n * n != side:
        raise SystemExit(f"side {side} is not a square")
    return n


def houses(side):
    n = box_of(side)
    out = [[(r, c) for c in range(side)] for r in range(side)]
    out += [[(r, c) for r in range(side)] for c in range(side)]
    for b in range(side):
        r0, c0 = b // n * n, b % n * n
        out.append([(r0 + i // n, c0 + i % n) for i in range(side)])
    return out


def check(puzzle, sol):
    """None when `sol` solves `puzzle`, else the reason."""
    side = len(puzzle)
    if len(sol) != side or any(len(r) != side for r in sol):
        return "wrong size"
    for r in range(side):
        for c in range(side):
            if puzzle[r][c] and puzzle[r][c] != sol[r][c]:
                return f"given r{r + 1}c{c + 1} changed"
    want = set(range(1, side + 1))
    for h in houses(side):
        if {sol[r][c] for r, c in h} != want:
            return f"a house breaks the rules at r{h[0][0] + 1}c{h[0][1] + 1}"
    return None


def candidates(puzzle):
    """Per empty cell, the values no given peer holds."""
    side = len(puzzle)
    n = box_of(side)
    rows = [set(r) for r in puzzle]
    cols = [{puzzle[r][c] for r in range(side)} for c in range(side)]
    boxes = [set() for _ in range(side)]
    for r in range(side):
        for c in range(side):
            boxes[r // n * n + c // n].add(puzzle[r][c])
    out = {}
    for r in range(side):
        for c in range(side):
            if not puzzle[r][c]:
                used = rows[r] | cols[c] | boxes[r // n * n + c // n]
                out[(r, c)] = [v for v in range(1, side + 1) if v not in used]
    return out


def write_grid(path, grid):
    with open(path, "w") as f:
        for row in grid:
            f.write(" ".join(str(v) if v else "." for v in row) + "\n")


# ---------------------------------------------------------------------------- workers

def solve_cpsat(puzzle, timeout, workers=1):
    from ortools.sat.python import cp_model

    t0 = time.perf_counter()
    side = len(puzzle)
    cand = candidates(puzzle)
    m = cp_model.CpModel()
    var = {}
    for r in range(side):
        for c in range(side):
            if puzzle[r][c]:
                var[(r, c)] = m.NewConstant(puzzle[r][c])
            else:
                var[(r, c)] = m.NewIntVarFromDomain(
                    cp_model.Domain.FromValues(cand[(r, c)]), f"x{r}_{c}")
    for h in houses(side):
        m.AddAllDifferent([var[rc] for rc in h])
    s = cp_model.CpSolver()
    s.parameters.num_workers = workers
    # One worker: the CPU limit stops it. More: the wall-clock timeout is the limit.
    s.parameters.max_time_in_seconds = float(timeout) * (WALL_FACTOR if workers == 1 else 1)
    st = s.Solve(m)
    dt = time.perf_counter() - t0
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, dt
    return [[s.Value(var[(r, c)]) for c in range(side)] for r in range(side)], dt


def solve_sat(name, puzzle):
    """Direct encoding over the candidates left by the givens: per open cell exactly one value,
    per house and missing value exactly one place (pairwise at-most-one)."""
    from pysat.solvers import Solver

    t0 = time.perf_counter()
    side = len(puzzle)
    cand = candidates(puzzle)
    ids = {}
    for rc, vals in cand.items():
        for v in vals:
            ids[(rc, v)] = len(ids) + 1
    clauses = []

    def exactly_one(lits):
        clauses.append(lits)
        for i in range(len(lits)):
            for j in range(i + 1, len(lits)):
                clauses.append([-lits[i], -lits[j]])

    for rc, vals in cand.items():
        exactly_one([ids[(rc, v)] for v in vals])
    for h in houses(side):
        given = {puzzle[r][c] for r, c in h}
        for v in range(1, side + 1):
            if v not in given:
                exactly_one([ids[(rc, v)] for rc in h if (rc, v) in ids])
    with Solver(name=name, bootstrap_with=clauses) as s:
        ok = s.solve()
        model = s.get_model() if ok else None
    dt = time.perf_counter() - t0
    if not ok:
        return None, dt
    true = {x for x in model if x > 0}
    sol = [row[:] for row in puzzle]
    for ((r, c), v), i in ids.items():
        if i in true:
            sol[r][c] = v
    return sol, dt


def worker(solver, path, timeout):
    puzzle = parse_grids(path)[0][1]
    t0, w0 = time.process_time(), time.perf_counter()
    if solver in ("cpsat", "cpsat2"):
        sol, _ = solve_cpsat(puzzle, timeout, 2 if solver == "cpsat2" else 1)
    else:
        sol, _ = solve_sat(solver, puzzle)
    print(json.dumps({"solution": sol, "seconds": time.process_time() - t0,
                      "wall": time.perf_counter() - w0}))


# ---------------------------------------------------------------------------- driver

WALL_FACTOR = 10.0
# Solvers that use two cores (the rest use one).
THREADS = {"simdoku2": 2, "cpsat2": 2}


def limited(cmd, cpu, wall, env=None):
    """Runs `cmd` under a CPU limit: (CompletedProcess or None when stopped, CPU seconds,
    wall-clock seconds)."""
    def cap():
        resource.setrlimit(resource.RLIMIT_CPU, (int(cpu) + 1, int(cpu) + 2))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    w0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=wall, preexec_fn=cap,
                           env=env)
    except subprocess.TimeoutExpired:
        p = None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p, used, time.perf_counter() - w0


def run_python(solver, path, timeout):
    """(solution or None, (CPU, wall) seconds or None, note)."""
    # Imports (ortools: about 0.5 s) are not counted: a little more CPU before the limit.
    threads = THREADS.get(solver, 1)
    p, _, _ = limited(
        [sys.executable, os.path.abspath(__file__), "--worker", solver, path, str(timeout)],
        threads * timeout + 3, timeout * (WALL_FACTOR if threads == 1 else 1) + 15)
    if p is None or p.returncode < 0:
        return None, None, "timeout"
    if p.returncode != 0:
        return None, None, "error: " + p.stderr.strip().splitlines()[-1][:200] if p.stderr else "error"
    out = json.loads(p.stdout)
    if out["seconds"] > threads * timeout or (threads > 1 and out["wall"] > timeout):
        return None, None, "timeout"
    return (out["solution"], (out["seconds"], out["wall"]),
            "" if out["solution"] else "no solution reported")


def run_simdoku(binary, path, timeout, threads=1, env=None):
    wall = timeout * WALL_FACTOR if threads == 1 else timeout
    p, used, took = limited(
        [binary, "large", "-j", str(threads), "--stats", "-t", str(wall), path],
        threads * timeout, wall + 15, env)
    if p is None or p.returncode < 0 or used > threads * timeout:
        return None, None, "timeout"
    stats = [ln for ln in p.stdout.splitlines() if ln.startswith("# ")]
    if p.returncode != 0 or not stats or ": solved" not in stats[-1]:
        return None, None, "timeout" if stats and "timed out" in stats[-1] else "failed"
    rows = [[0 if t == "." else int(t) for t in ln.split()]
            for ln in p.stdout.splitlines() if ln.strip() and not ln.startswith("#")]
    return rows, (used, took), ""


def run_sigh(binary, path, timeout, side):
    """sigh's solver proves uniqueness after the first solution: time to the first one printed,
    then stop it."""
    t0 = time.perf_counter()
    p = subprocess.Popen([binary, "solve", path], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, preexec_fn=lambda: resource.setrlimit(
                             resource.RLIMIT_CPU, (int(timeout) + 1, int(timeout) + 2)))
    rows = []
    deadline = t0 + timeout * WALL_FACTOR
    import selectors
    sel = selectors.DefaultSelector()
    sel.register(p.stdout, selectors.EVENT_READ)
    buf = ""
    try:
        while len(rows) < side:
            left = deadline - time.perf_counter()
            if left <= 0 or not sel.select(left):
                return None, None, "timeout"
            chunk = os.read(p.stdout.fileno(), 1 << 16).decode()
            if not chunk:
                # Stopped by the CPU limit (SIGXCPU), or ended without a solution.
                return None, None, "timeout" if p.wait() < 0 else "no solution printed"
            buf += chunk
            *lines, buf = buf.split("\n")
            for ln in lines:
                toks = ln.replace("|", " ").split()
                if toks and all(t.isdigit() for t in toks) and len(toks) == side:
                    rows.append([int(t) for t in toks])
        rows = rows[:side]  # the first solution (a second may follow in the same read)
        with open(f"/proc/{p.pid}/stat") as st:
            fields = st.read().rsplit(")", 1)[1].split()
        used = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        if used > timeout:
            return None, None, "timeout"
        return rows, (used, time.perf_counter() - t0), ""
    finally:
        p.kill()
        p.wait()


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker(sys.argv[2], sys.argv[3], float(sys.argv[4]))
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--timeout", type=float, default=30, help="CPU seconds per grid")
    ap.add_argument("--wall-factor", type=float, default=10,
                    help="wall-clock guard: this many times the timeout")
    ap.add_argument("--simdoku", default="target/release/simdoku")
    ap.add_argument("--sigh", default=None, help="sigh's large_sudoku_solver binary (optional)")
    ap.add_argument("--solvers", default="simdoku,simdoku2,cpsat,cpsat2,cadical195,kissat404,sigh")
    ap.add_argument("--markdown", default=None, help="append the table to this file")
    ap.add_argument("--json", default=None, help="write every result here")
    a = ap.parse_args()
    global WALL_FACTOR
    WALL_FACTOR = a.wall_factor
    solvers = [s for s in a.solvers.split(",") if s != "sigh" or a.sigh]
    tmp = tempfile.mkdtemp(prefix="large-peak-")
    results = []  # (group, instance, solver, (CPU, wall) seconds or None, note)
    for f in a.files:
        group = os.path.basename(f).rsplit(".", 1)[0]
        for line, puzzle in parse_grids(f):
            side = len(puzzle)
            inst = f"{group}:{line}"
            path = os.path.join(tmp, f"{group}_{line}.txt")
            write_grid(path, puzzle)
            for s in solvers:
                if s in ("simdoku", "simdoku2"):
                    sol, dt, note = run_simdoku(a.simdoku, path, a.timeout, THREADS.get(s, 1))
                elif s == "sigh":
                    sol, dt, note = run_sigh(a.sigh, path, a.timeout, side)
                else:
                    sol, dt, note = run_python(s, path, a.timeout)
                if sol is not None:
                    bad = check(puzzle, sol)
                    if bad:
                        sol, dt, note = None, None, "WRONG: " + bad
                results.append((group, inst, s, dt, note))
                shown = (f"{fmt(dt[1]):>10} wall {fmt(dt[0]):>10} CPU" if dt is not None
                         else f"{'-':>8}   {note}")
                print(f"{inst:28} {s:11} {shown}", flush=True)
    if a.json:
        with open(a.json, "w") as jf:
            json.dump(results, jf, indent=1)
    groups = list(dict.fromkeys(r[0] for r in results))
    head = "| grids | " + " | ".join(solvers) + " |"
    lines = [head, "|---|" + "---:|" * len(solvers)]
    for g in groups:
        cells = []
        for s in solvers:
            rs = [r for r in results if r[0] == g and r[2] == s]
            ok = [r[3] for r in rs if r[3] is not None]
            med = (f", {fmt(statistics.median(t[1] for t in ok))}"
                   f" ({fmt(statistics.median(t[0] for t in ok))} CPU)" if ok else "")
            cells.append(f"{len(ok)}/{len(rs)}{med}")
        lines.append(f"| {g} | " + " | ".join(cells) + " |")
    table = "\n".join(lines)
    print()
    print(f"solved / run, median wall-clock (CPU) time of the solved ones; {a.timeout:g} s per"
          " grid (CPU for one core, wall clock for two)")
    print(table)
    if a.markdown:
        with open(a.markdown, "a") as mf:
            mf.write(table + "\n")


def fmt(sec):
    return f"{sec * 1000:.1f} ms" if sec < 1 else f"{sec:.2f} s"


if __name__ == "__main__":
    main()
