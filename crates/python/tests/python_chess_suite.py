"""Runs python-chess 1.11.2's own unit tests with ``chess`` resolved to lerf.

Usage: python python_chess_suite.py SDIST_DIR [--allow-failures]

SDIST_DIR is python-chess's source distribution, unpacked (``cargo xtask test`` downloads
it from PyPI into ``target/``; it is never committed: python-chess is GPL). Its
``test.py`` is run from SDIST_DIR (its data files are read from there) with
``sys.modules["chess"]`` set to lerf and ``chess.polyglot`` to ``lerf.polyglot``.
python-chess's modules that lerf does not replace (variants, engines, tablebases, SVG)
are python-chess's own, bound to python-chess's own ``chess``: the standard-chess lines of
a test run on lerf, its variant lines on python-chess.

Prints passed/total for each test class of standard chess and exits non-zero when a test
fails that README's table of differences does not name (``KNOWN_FAILURES`` below).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import types
import unittest

CLASSES = [
    "SquareTestCase",
    "MoveTestCase",
    "PieceTestCase",
    "BoardTestCase",
    "LegalMoveGeneratorTestCase",
    "BaseBoardTestCase",
    "SquareSetTestCase",
    "PolyglotTestCase",
    "PgnTestCase",
]

#: Tests of the classes above that fail with lerf, each named in the package README's
#: table of differences with the reason.
KNOWN_FAILURES: set = set()


def load_test_module(sdist: str) -> types.ModuleType:
    """python-chess's test.py, imported with ``chess`` resolved to lerf."""

    foreign = {}
    for name in ["chess", "chess.engine", "chess.gaviota", "chess.svg", "chess.syzygy", "chess.variant"]:
        foreign[name] = importlib.import_module(name)
    import lerf
    import lerf.pgn
    import lerf.polyglot

    for name in list(sys.modules):
        if name == "chess" or name.startswith("chess."):
            del sys.modules[name]
    sys.modules["chess"] = lerf
    sys.modules["chess.polyglot"] = lerf.polyglot
    sys.modules["chess.pgn"] = lerf.pgn
    for name in ["engine", "gaviota", "svg", "syzygy", "variant"]:
        sys.modules["chess." + name] = foreign["chess." + name]
        setattr(lerf, name, foreign["chess." + name])
    spec = importlib.util.spec_from_file_location("python_chess_test", os.path.join(sdist, "test.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    # The tests must be exercising lerf, not python-chess.
    assert module.chess is lerf and module.chess.polyglot is lerf.polyglot
    assert module.chess.Board.__module__ == "lerf"
    return module


def main() -> int:
    sdist = os.path.abspath(sys.argv[1])
    allow = "--allow-failures" in sys.argv
    os.chdir(sdist)
    module = load_test_module(sdist)
    loader = unittest.TestLoader()
    unexpected = []
    total_passed = total = 0
    print(f"python-chess 1.11.2's tests with chess = lerf ({sdist})")
    for name in CLASSES:
        suite = loader.loadTestsFromTestCase(getattr(module, name))
        result = unittest.TestResult()
        suite.run(result)
        failed = {test.id().split(".")[-1]: text for test, text in result.failures + result.errors}
        passed = result.testsRun - len(failed) - len(result.skipped)
        total_passed += passed
        total += result.testsRun
        print(f"{name}: {passed}/{result.testsRun}")
        for test, text in sorted(failed.items()):
            known = f"{name}.{test}" in KNOWN_FAILURES
            print(f"  {'known' if known else 'FAILED'}: {test}")
            if not known:
                unexpected.append(f"{name}.{test}")
                print("    " + text.strip().splitlines()[-1][:300])
    print(f"all: {total_passed}/{total}")
    if unexpected and not allow:
        print("unexpected failures: " + ", ".join(unexpected))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
