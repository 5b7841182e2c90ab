"""Runs python-chess 1.11.2's whole ``test.py`` with ``chess`` resolved to lerf.

Usage: python python_chess_suite.py SDIST_DIR [--allow-failures]

SDIST_DIR is python-chess's source distribution, unpacked (``cargo xtask test`` downloads
it from PyPI into ``target/``; it is never committed: python-chess is GPL). Its
``test.py`` is run from SDIST_DIR (its data files are read from there) as a user's
``import lerf as chess`` would run it: before test.py is imported, ``chess`` and every
``chess.<module>`` test.py imports are lerf's (``lerf.pgn``, ``lerf.polyglot``,
``lerf.engine`` ...). A module lerf does not have yet is a placeholder whose every name is
missing, so its tests fail and the others run; nothing falls back to python-chess's own
modules.

Prints passed/run/skipped for every test class and exits non-zero when a test fails that
the package README's table "python-chess's own tests" does not name, or passes where the
table names it (so the table stays true).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import sys
import types
import unittest

#: python-chess's modules, as test.py imports them.
MODULES = ["engine", "gaviota", "pgn", "polyglot", "svg", "syzygy", "variant"]

README = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "README.md")
TABLE_HEADING = "## python-chess's own tests"


class _MissingType(type):
    """The type of a name a placeholder module lacks: using it raises."""

    def __call__(cls, *args, **kwargs):
        raise AttributeError(f"lerf has no {cls.__qualname__} yet")

    def __getattr__(cls, name: str):
        raise AttributeError(f"lerf has no {cls.__qualname__}.{name} yet")


class Placeholder(types.ModuleType):
    """A python-chess module lerf does not have yet. Every name is a stand-in that raises
    when it is called or its attributes are read, so test.py's class bodies (decorators
    such as ``@catchAndSkip(chess.syzygy.MissingTableError)``) still load and only the
    tests that use the module fail. A stand-in is an exception class, so ``except`` clauses
    that name it work and catch nothing lerf raises."""

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        stand_in = _MissingType(name, (Exception,), {"__qualname__": f"{self.__name__}.{name}"})
        setattr(self, name, stand_in)
        return stand_in


def known_failures(readme: str = README) -> dict:
    """The README's table: test class -> the failing tests it names (``None``: all)."""

    with open(readme, encoding="utf-8") as f:
        text = f.read()
    start = text.index(TABLE_HEADING)
    known = {}
    for line in text[start:].splitlines()[1:]:
        if line.startswith("#"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not re.fullmatch(r"`\w+TestCase`", cells[0]):
            continue
        name = cells[0].strip("`")
        fails = cells[2]
        known[name] = None if fails.startswith("all") else set(re.findall(r"`(test_\w+)`", fails))
    return known


def load_test_module(sdist: str) -> types.ModuleType:
    """python-chess's test.py, imported with ``chess`` and its modules resolved to lerf's."""

    import lerf

    for name in list(sys.modules):
        if name == "chess" or name.startswith("chess."):
            del sys.modules[name]
    sys.modules["chess"] = lerf
    for name in MODULES:
        try:
            module = importlib.import_module("lerf." + name)
        except ImportError:
            module = Placeholder("chess." + name)
        sys.modules["chess." + name] = module
        setattr(lerf, name, module)
    spec = importlib.util.spec_from_file_location("python_chess_test", os.path.join(sdist, "test.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    # The tests must be exercising lerf, not python-chess.
    assert module.chess is lerf and module.chess.Board.__module__ == "lerf"
    for name in MODULES:
        assert getattr(module.chess, name) is sys.modules["chess." + name]
        assert not getattr(sys.modules["chess." + name], "__file__", "lerf").startswith(sdist)
    return module


def test_classes(module: types.ModuleType) -> list:
    """Every TestCase class of test.py, in the file's order."""

    return [
        value
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, unittest.TestCase) and value.__module__ == module.__name__
    ]


def main() -> int:
    sdist = os.path.abspath(sys.argv[1])
    allow = "--allow-failures" in sys.argv
    known = known_failures()
    # Debian installs its engines (stockfish, fairy-stockfish), which EngineTestCase runs
    # by name, in /usr/games, which is not on root's PATH; without them those tests skip.
    if os.path.isdir("/usr/games") and "/usr/games" not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = os.environ.get("PATH", "") + os.pathsep + "/usr/games"
    os.chdir(sdist)
    module = load_test_module(sdist)
    loader = unittest.TestLoader()
    unexpected = []
    totals = [0, 0, 0]
    print(f"python-chess 1.11.2's tests with chess = lerf ({sdist})")
    print(f"{'class':34} passed    run  skipped")
    for case in test_classes(module):
        name = case.__name__
        suite = loader.loadTestsFromTestCase(case)
        result = unittest.TestResult()
        suite.run(result)
        failed = {test.id().split(".")[-1]: text for test, text in result.failures + result.errors}
        skipped = len(result.skipped)
        passed = result.testsRun - len(failed) - skipped
        for i, n in enumerate([passed, result.testsRun, skipped]):
            totals[i] += n
        print(f"{name:34} {passed:6} {result.testsRun:6} {skipped:8}")
        allowed = known.get(name, set())
        for test, text in sorted(failed.items()):
            if allowed is None or test in allowed:
                continue
            unexpected.append(f"{name}.{test}")
            print(f"  FAILED, not in the README's table: {test}")
            print("    " + text.strip().splitlines()[-1][:300])
        for test in sorted((allowed or set()) - set(failed)):
            unexpected.append(f"{name}.{test} (passes: take it out of the README's table)")
            print(f"  PASSED, but the README's table says it fails: {test}")
    print(f"{'all':34} {totals[0]:6} {totals[1]:6} {totals[2]:8}")
    if unexpected and not allow:
        print("unexpected failures: " + ", ".join(unexpected))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
