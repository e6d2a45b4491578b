"""The docstring examples and the README's, run against the installed package."""

import doctest
import pathlib

import simdoku

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"
MODULES = ["simdoku", "simdoku._batch", "simdoku.large"]


def test_docstrings():
    import importlib

    total = 0
    for name in MODULES:
        mod = importlib.import_module(name)
        result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        assert result.failed == 0, name
        total += result.attempted
    assert total > 10


def test_readme():
    result = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert result.failed == 0
    assert simdoku.__version__
