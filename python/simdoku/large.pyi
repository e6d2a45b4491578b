from typing import Optional, TypeVar

import numpy as np

A = TypeVar("A", bound=np.ndarray)

def solve(grid: A, *, x: bool = ..., unique: bool = ..., timeout: Optional[float] = ...) -> A: ...
