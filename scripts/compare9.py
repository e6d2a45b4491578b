#!/usr/bin/env python3
"""Same-run 9x9 throughput: simdoku's engines beside tdoku's benchmark solvers and crate `sudoku`.

usage: compare9.py [--rounds R] [--engines a,b] [--peers tdoku,jczsolve,...] [--peers-dir DIR]
                   SIMDOKU_BIN SET.txt...

Each round runs every contender once per set and mode (first solution; count to 2, "unique"),
interleaved, in an order rotated from round to round; the table gives the median over rounds in
puzzles/s, and the ratio of the engine `auto` picks for that mode (as `simdoku engines` reports it)
to the best peer (`SIMDOKU_ENGINE`, when set, in place of `auto`). Peers are built by
scripts/peers.sh into DIR (default /tmp/peers).
"""
import os, re, statistics, subprocess, sys, tempfile

def ours(bin_, engine, f, mode):
    out = subprocess.run([bin_, "bench", "--engines", engine, "--passes", "5", "--min-time", "0.3",
                          "--modes", mode, f], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) > 4 and cells[2] == engine:
            return 1e6 / float(cells[4])
    raise RuntimeError(out)

def tdoku(td, solver, f, mode, n):
    args = [td, "-s", solver, "-r0", "-v0", "-w1", "-t2", "-n", str(n), "-c1"]
    args += (["-f"] if mode == "first" else []) + [f]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return float(out.strip().splitlines()[-1].split(",")[-4])

def sudoku(ps, f, mode):
    env = dict(os.environ, PEER_LIMIT="2" if mode == "unique" else "1")
    out = subprocess.run([ps, f, "5"], capture_output=True, text=True, check=True, env=env).stdout
    return float(re.search(r"([0-9.]+) puzzles/s", out).group(1))

def auto_picks(bin_):
    """{'first': engine, 'unique': engine} from `simdoku engines` ("first solution ... auto picks: X")."""
    forced = os.environ.get("SIMDOKU_ENGINE")
    if forced and forced != "auto":
        # The override is what `simdoku` runs in both modes (e.g. `avx2+sse` on an AVX-512
        # machine, standing in for an AVX2-only one beside peers built with x86-64-v3).
        return {"first": forced, "unique": forced}
    out = subprocess.run([bin_, "engines"], capture_output=True, text=True, check=True).stdout
    picks = {}
    for mode, work in (("first", "first solution"), ("unique", "count")):
        m = re.search(r"^\s*" + work + r" .*auto picks: (\S+)", out, re.M)
        picks[mode] = m.group(1) if m else None
    return picks

def opt(a, name, default):
    if name in a:
        i = a.index(name); v = a[i + 1]; del a[i:i + 2]; return v
    return default

def main():
    a = sys.argv[1:]
    rounds = int(opt(a, "--rounds", "3"))
    engines = opt(a, "--engines", "avx2,sse").split(",")
    peers = [p for p in opt(a, "--peers", "tdoku,jczsolve,fsss2,sk_bforce2").split(",") if p]
    pdir = opt(a, "--peers-dir", "/tmp/peers")
    td = f"{pdir}/tdoku/build/run_benchmark"
    ps = f"{pdir}/peer-sudoku/release/peer-sudoku"
    bin_, sets = a[0], a[1:]
    picks = auto_picks(bin_)
    for mode, e in picks.items():
        if e and e not in engines: engines.append(e)
    print(f"auto picks: first solution {picks['first']}, count to 2 {picks['unique']}", file=sys.stderr)
    tmp = tempfile.mkdtemp()
    clean = {}
    for f in sets:  # tdoku reads every line as a puzzle: strip comments
        raw = open(f).readlines()
        lines = [l for l in raw if l.strip() and not l.startswith("#")]
        g = os.path.join(tmp, os.path.basename(f))
        # ... but for the one that lets its timing accept puzzles without a solution, which it
        # reads at the top (scripts/random-clues.py writes it).
        zero = ["# ALLOWZERO\n"] if any(l.startswith("#") and "ALLOWZERO" in l for l in raw) else []
        open(g, "w").writelines(zero + lines)
        clean[f] = (g, len(lines))
    names = engines + peers + ["sudoku"]
    res = {}
    for r in range(rounds):
        for f in sets:
            g, n = clean[f]
            for mode in ("first", "unique"):
                k = r % len(names)
                for name in names[k:] + names[:k]:
                    if name in engines: v = ours(bin_, name, g, mode)
                    elif name == "sudoku": v = sudoku(ps, g, mode)
                    else: v = tdoku(td, name, g, mode, n)
                    res.setdefault((f, mode, name), []).append(v)
        print(f"round {r + 1} of {rounds} done", file=sys.stderr, flush=True)
    print(f"Puzzles/s, median of {rounds} interleaved rounds; ratio: `auto`'s engine "
          f"({picks['first']} first, {picks['unique']} count-2) over the best peer.\n")
    print("| set | mode | " + " | ".join(names) + " | auto/best peer |")
    print("|---|---|" + "---:|" * (len(names) + 1))
    for f in sets:
        for mode in ("first", "unique"):
            med = {k: statistics.median(res[(f, mode, k)]) for k in names}
            best_peer = max(med[p] for p in peers + ["sudoku"])
            cells = " | ".join(f"{med[k] / 1000:.1f}k" for k in names)
            label = "first" if mode == "first" else "count-2"
            print(f"| {os.path.basename(f)[:-4]} | {label} | {cells} | "
                  f"{med[picks[mode]] / best_peer:.2f} |")

main()
