"""Shared helpers: the bundled sets, the rules checker and the CLI binary."""

from __future__ import annotations

import os
import pathlib
import shutil

import numpy as np
import pytest

# `auto` by the static ranking, in this process and in the CLI runs it compares with: engines
# differ in the first solution of a puzzle with several (calibration is tested in Rust).
os.environ["SIMDOKU_CALIBRATE"] = "0"

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "bench-data"


def bench_set(name: str, limit: int | None = None) -> list[str]:
    """Puzzle lines of a bundled set (comments and blank lines skipped)."""
    out = []
    with open(DATA / f"{name}.txt", encoding="ascii") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line[:81])
                if limit is not None and len(out) == limit:
                    break
    return out


def to_cells(lines: list[str], dtype=np.uint8) -> np.ndarray:
    """(N, 81) array of cell values, 0 empty."""
    raw = np.frombuffer("".join(lines).encode("ascii"), dtype=np.uint8).reshape(-1, 81)
    return np.where(raw == ord("."), 0, raw - ord("0")).astype(dtype)


def check_solution(puzzle, solution) -> None:
    """Asserts that `solution` is a full valid grid keeping `puzzle`'s givens."""
    p = np.asarray(puzzle).reshape(81).astype(np.int64)
    s = np.asarray(solution).reshape(81).astype(np.int64)
    g = s.reshape(9, 9)
    digits = list(range(1, 10))
    for i in range(9):
        assert sorted(g[i].tolist()) == digits, f"row {i}"
        assert sorted(g[:, i].tolist()) == digits, f"column {i}"
        r, c = 3 * (i // 3), 3 * (i % 3)
        assert sorted(g[r : r + 3, c : c + 3].reshape(9).tolist()) == digits, f"box {i}"
    given = p != 0
    assert (s[given] == p[given]).all(), "a given changed"


def cli_binary() -> str | None:
    """The release CLI (`cargo build --release -p simdoku-cli`), or $SIMDOKU_CLI."""
    env = os.environ.get("SIMDOKU_CLI")
    if env:
        return env
    path = ROOT / "target" / "release" / "simdoku"
    if path.exists():
        return str(path)
    return shutil.which("simdoku")


@pytest.fixture(scope="session")
def cli() -> str:
    """The CLI binary; the tests that need it skip without it unless $SIMDOKU_REQUIRE_CLI=1
    (CI builds it first and sets that, so a missing binary fails there)."""
    path = cli_binary()
    if path is None:
        if os.environ.get("SIMDOKU_REQUIRE_CLI") == "1":
            pytest.fail("no simdoku CLI: cargo build --release -p simdoku-cli")
        pytest.skip("no simdoku CLI binary (cargo build --release -p simdoku-cli)")
    return path
