import os
from typing import IO, Literal, NamedTuple, Optional, TypeVar, Union, overload

import numpy as np
import numpy.typing as npt

A = TypeVar("A", bound=np.ndarray)

class Puzzle(NamedTuple):
    line: int
    grid: npt.NDArray[np.uint16]
    regions: npt.NDArray[np.uint16]
    x: bool

def read(source: Union[str, bytes, os.PathLike[str], IO[str], IO[bytes]], *, errors: Literal["raise", "skip"] = ...) -> list[Puzzle]: ...
@overload
def solve(grid: Puzzle, *, x: bool = ..., regions: Optional[np.ndarray] = ..., unique: bool = ..., timeout: Optional[float] = ...) -> npt.NDArray[np.uint16]: ...
@overload
def solve(grid: A, *, x: bool = ..., regions: Optional[np.ndarray] = ..., unique: bool = ..., timeout: Optional[float] = ...) -> A: ...

class Made(NamedTuple):
    puzzle: npt.NDArray[np.integer]
    solution: npt.NDArray[np.integer]
    minimal: bool

def minimize(grid: Union[Puzzle, np.ndarray], *, x: bool = ..., regions: Optional[np.ndarray] = ..., seed: int = ..., no_guesses: bool = ..., timeout: Optional[float] = ...) -> Made: ...
def generate(template: Union[Puzzle, np.ndarray], *, x: bool = ..., regions: Optional[np.ndarray] = ..., seed: int = ..., no_guesses: bool = ..., timeout: Optional[float] = ...) -> Made: ...
