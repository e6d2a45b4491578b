"""Dask scaling: simdoku.dask.solve_parquet on a LocalCluster of 1 and of 2 worker processes
(one Dask thread and one native thread each), on the 100,000-puzzle Parquet file of the Dask
test (bundled sets, generated and shuffled puzzles, a few malformed rows), 8 partitions.

    python python/bench_dask.py [--rounds 3] [--rows 100000]

Prints the median wall time of a solve (cluster start-up excluded) per worker count, rounds
alternated between the two clusters.
"""

from __future__ import annotations

import argparse
import pathlib
import shutil
import statistics
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    # The package's sources sit beside this script (python/simdoku/), where they would shadow
    # the installed package (which alone has the compiled module).
    sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != HERE]
    sys.path.insert(0, str(HERE / "tests"))
    import dask.dataframe as dd
    import pandas as pd
    from distributed import Client, LocalCluster

    import simdoku.dask as sdask
    from test_dask import N, puzzles

    tmp = pathlib.Path(tempfile.mkdtemp())
    try:
        df = pd.DataFrame({"puzzle": pd.array(puzzles(), dtype="string"), "id": range(N)})
        src = tmp / "in.parquet"
        dd.from_pandas(df, npartitions=8).to_parquet(src, write_index=False)
        clusters = {w: LocalCluster(n_workers=w, threads_per_worker=1, processes=True,
                                    dashboard_address=None) for w in (1, 2)}
        clients = {w: Client(c) for w, c in clusters.items()}
        times = {w: [] for w in clusters}
        for r in range(args.rounds + 1):  # the first round warms the workers up
            for w, client in clients.items():
                dst = tmp / f"out{w}"
                t = time.perf_counter()
                sdask.solve_parquet(src, dst, client=client, threads=1)
                if r:
                    times[w].append(time.perf_counter() - t)
                shutil.rmtree(dst)
        for w in clients:
            med = statistics.median(times[w])
            print(f"{w} worker(s): median {med:.2f} s ({N / med:,.0f} puzzles/s) "
                  f"over {args.rounds} rounds: {', '.join(f'{t:.2f}' for t in times[w])}")
        print(f"2 vs 1 workers: {statistics.median(times[1]) / statistics.median(times[2]):.2f}x")
        for c in clients.values():
            c.close()
        for c in clusters.values():
            c.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
