"""lerf's annotations against python-chess's, as a type checker (mypy, from PyPI) reads them.

Users who check their code with mypy switch by ``import lerf as chess``; what mypy accepted
with python-chess must be accepted with lerf, and what python-chess typed must not turn
into ``Any``. The user code is python-chess 1.11.2's own ``test.py`` (its sdist, which
``cargo xtask test`` downloads: GPL, never committed), checked once as written and once
with its imports switched to lerf; the public names are every name python-chess's modules
define, each revealed under both libraries.

Skips (saying why) without mypy or the sdist.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pathlib
import re
import subprocess
import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from typing import Dict, List, Tuple

import chess
import pytest

import lerf

ROOT = pathlib.Path(__file__).resolve().parents[3]
SDIST = pathlib.Path(os.environ.get("LERF_PYTHON_CHESS_SDIST", ROOT / "target" / "python-chess" / "chess-1.11.2"))
#: The directory lerf is imported from (its stubs and modules beside the extension).
PACKAGE_DIR = pathlib.Path(lerf.__file__).resolve().parent.parent

MODULES = ["chess", "chess.pgn", "chess.polyglot", "chess.engine", "chess.syzygy", "chess.gaviota", "chess.svg", "chess.variant"]
for _module in MODULES[1:]:
    importlib.import_module(_module.replace("chess", "lerf", 1))

#: Dunder methods worth revealing (the others are object's or the typing machinery's).
DUNDERS = {
    "__init__", "__iter__", "__getitem__", "__contains__", "__len__", "__eq__", "__str__", "__repr__",
    "__bool__", "__and__", "__or__", "__sub__", "__xor__", "__invert__", "__int__", "__index__", "__lt__",
    "__neg__", "__abs__", "__enter__", "__exit__", "__next__", "__call__", "__setitem__", "__delitem__",
}

#: Expressions whose types must be python-chess's exactly (the overloads and generics a
#: user's code leans on), after the module paths are made the same.
SAME = [
    "chess.E4",
    "chess.BB_E4",
    "chess.BB_DIAG_MASKS",
    "chess.Board().pop()",
    "chess.Board().piece_at(chess.E4)",
    "chess.SquareSet().pop()",
    "chess.Board().legal_moves.__contains__",
    "chess.Board().status()",
    "chess.variant.AtomicBoard().status()",
    "chess.variant.CrazyhouseBoard().parse_san('e4')",
    "chess.variant.ThreeCheckBoard().generate_legal_moves()",
    "chess.engine.Cp(3).score(mate_score=100)",
    "chess.engine.Mate(3).score(mate_score=100)",
    "chess.engine.Mate(3).score()",
    "chess.engine.SimpleEngine.popen_uci('x').analyse(chess.Board(), chess.engine.Limit(depth=1))",
    "chess.engine.SimpleEngine.popen_uci('x').analyse(chess.Board(), chess.engine.Limit(depth=1), multipv=2)",
    "chess.engine.SimpleEngine.popen_uci('x').analyse(chess.Board(), chess.engine.Limit(depth=1))['score']",
    "chess.pgn.read_game(io.StringIO(''))",
    "chess.pgn.read_headers(io.StringIO(''))",
    "chess.pgn.Game().mainline_moves()",
    "list(chess.pgn.Game().mainline())",
    "chess.pgn.Game().variations[0].end()",
    "chess.pgn.Game().eval()",
    "chess.pgn.Game().arrows()",
    "chess.pgn.Game().headers.get('White')",
    "chess.pgn.Game().time_control()",
    "chess.pgn.Game().accept(chess.pgn.StringExporter())",
]


def _public_names() -> List[str]:
    """Every public name python-chess's modules define, and the methods and attributes of
    their classes, as expressions (``chess.Board.push``)."""
    names = []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name, value in sorted(vars(module).items()):
            if name.startswith("_") or inspect.ismodule(value):
                continue
            origin = getattr(value, "__module__", module_name)
            if (inspect.isclass(value) or inspect.isfunction(value)) and origin != module_name:
                continue
            if origin in ("typing", "typing_extensions", "collections.abc", "abc") or type(value).__name__ == "TypeVar":
                continue
            if str(value).startswith("typing."):
                continue
            names.append(f"{module_name}.{name}")
            if inspect.isclass(value):
                names += [f"{module_name}.{name}.{attr}" for attr in sorted(vars(value))
                          if not attr.startswith("_") or attr in DUNDERS]
    return names


def _has(expression: str) -> bool:
    """Whether lerf has the name python-chess's ``expression`` names (``chess.`` -> ``lerf.``;
    lerf's modules are imported above)."""
    value: object = lerf
    for part in expression.split(".")[1:]:
        if not hasattr(value, part):
            return False
        value = getattr(value, part)
    return True


def _imports(library: str) -> str:
    if library == "chess":
        return "import io\nimport chess, chess.pgn, chess.polyglot, chess.engine, chess.syzygy, chess.gaviota, chess.svg, chess.variant\n"
    return "import io\nimport lerf as chess\nimport lerf.pgn, lerf.polyglot, lerf.engine, lerf.syzygy, lerf.gaviota, lerf.svg, lerf.variant\n"


def _user_code(library: str) -> str:
    """python-chess's test.py, importing ``library`` as ``chess``."""
    text = (SDIST / "test.py").read_text(encoding="utf-8")
    if library == "lerf":
        text = re.sub(r"(?m)^import chess$", "import lerf as chess", text)
        text = re.sub(r"(?m)^import chess\.(\w+)$", r"import lerf.\1", text)
    return text


def _reveal_code(library: str, keys: List[str]) -> str:
    lines = [_imports(library)]
    for key in keys:
        lines.append(f"reveal_type({key})  # {key}")
    return "\n".join(lines) + "\n"


def _lerf_is_installed() -> bool:
    """Whether lerf is imported from an installed wheel (``site-packages``) rather than the
    source tree (``lerf.pth``, as ``cargo xtask test`` installs it)."""
    return PACKAGE_DIR in {pathlib.Path(p).resolve() for p in sysconfig.get_paths().values()}


def _with_lerf_for_mypy(env: Dict[str, str]) -> Dict[str, str]:
    """``env`` with ``MYPYPATH`` naming the source tree lerf is imported from; an installed
    wheel mypy finds by itself (and refuses ``site-packages`` in ``MYPYPATH``)."""
    if not _lerf_is_installed():
        env["MYPYPATH"] = str(PACKAGE_DIR)
    return env


def _cache_dir(library: str) -> pathlib.Path:
    """mypy's cache for one library's run, under ``target/`` (a second run rechecks only
    what changed: about 2 s instead of 5 here)."""
    return ROOT / "target" / "mypy-cache" / library


def _mypy(directory: pathlib.Path, library: str) -> List[Tuple[str, int, str, str]]:
    """mypy over the files of ``directory``: (file, line, kind, message) for each note and
    error it reports in them."""
    env = dict(os.environ)
    if library == "lerf":
        env = _with_lerf_for_mypy(env)
    command = [
        sys.executable, "-m", "mypy", "--check-untyped-defs", "--no-implicit-reexport", "--follow-imports=silent", "--no-error-summary",
        "--show-error-codes", "--cache-dir", str(_cache_dir(library)), "--python-version",
        f"{sys.version_info.major}.{sys.version_info.minor}", "user_code.py", "reveal.py",
    ]
    run = subprocess.run(command, cwd=directory, env=env, capture_output=True, text=True, timeout=600)
    if run.returncode not in (0, 1):
        raise AssertionError(f"mypy failed ({run.returncode}):\n{run.stdout}\n{run.stderr}")
    out = []
    for line in run.stdout.splitlines():
        m = re.match(r"(user_code\.py|reveal\.py):(\d+): (error|note): (.*)", line)
        if m:
            out.append((m.group(1), int(m.group(2)), m.group(3), m.group(4)))
    return out


@pytest.fixture(scope="module")
def checked(tmp_path_factory) -> Dict[str, Tuple[str, List[Tuple[str, int, str, str]]]]:
    """Both libraries' mypy reports (run side by side), with the reveal file's text."""
    pytest.importorskip("mypy", reason="mypy (PyPI) is not installed: cargo xtask test installs it")
    if not (SDIST / "test.py").exists():
        pytest.skip(f"python-chess's sdist is not at {SDIST}: cargo xtask test downloads it")
    keys = _public_names() + SAME
    jobs = {}
    for library in ("chess", "lerf"):
        directory = tmp_path_factory.mktemp(f"mypy_{library}")
        (directory / "user_code.py").write_text(_user_code(library), encoding="utf-8")
        reveal = _reveal_code(library, keys)
        (directory / "reveal.py").write_text(reveal, encoding="utf-8")
        jobs[library] = (directory, reveal)
    with ThreadPoolExecutor(2) as pool:
        reports = dict(zip(jobs, pool.map(lambda lib: _mypy(jobs[lib][0], lib), jobs)))
    return {library: (jobs[library][1], reports[library]) for library in jobs}


def _sorted_typed_dicts(t: str) -> str:
    """``t`` with the keys of each ``TypedDict(..., {...})`` in sorted order: mypy prints
    them in the order they were declared, or sorted when the type comes from its cache."""
    out, i = [], 0
    while True:
        start = t.find("TypedDict(", i)
        brace = t.find("{", start) if start >= 0 else -1
        if brace < 0:
            return "".join(out) + t[i:]
        depth, items, item_start, j = 0, [], brace + 1, brace + 1
        while True:
            c = t[j]
            if c in "[({":
                depth += 1
            elif c in "])}":
                if depth == 0:
                    break
                depth -= 1
            elif c == "," and depth == 0:
                items.append(t[item_start:j].strip())
                item_start = j + 1
            j += 1
        items.append(t[item_start:j].strip())
        out.append(t[i:brace + 1] + ", ".join(sorted(items)) + "}")
        i = j + 1


def _normalise(t: str) -> str:
    """A revealed type with lerf's module paths written as python-chess's (and the keys of
    its TypedDicts sorted)."""
    t = _sorted_typed_dicts(t)
    t = re.sub(r"\blerf\._lerf\.(Game|GameNode|ChildNode|Headers|Mainline|Variations|NagSet)\b", r"chess.pgn.\1", t)
    t = re.sub(r"\blerf\._scores\.", "chess.engine.", t)
    t = re.sub(r"\blerf\._types\.", "chess.", t)
    t = re.sub(r"\blerf\._lerf\.", "chess.", t)
    t = re.sub(r"\blerf\.(engine|pgn|variant|syzygy|gaviota|svg|polyglot)\._\w+\.", r"chess.\1.", t)
    t = re.sub(r"\blerf\b", "chess", t)
    return t.replace("builtins.", "")


def _revealed(source: str, report: List[Tuple[str, int, str, str]]) -> Dict[str, str]:
    lines = source.splitlines()
    out = {}
    for file, line, kind, message in report:
        if file == "reveal.py" and kind == "note" and message.startswith("Revealed type is "):
            out[lines[line - 1].split("  # ")[-1]] = _normalise(message[len("Revealed type is "):].strip('"'))
    return out


def _errors(report: List[Tuple[str, int, str, str]]) -> Dict[Tuple[int, str], str]:
    """The errors mypy reports in the user code: (line, error code) -> message."""
    return {(line, message.rsplit("[", 1)[-1].rstrip("]")): message
            for file, line, kind, message in report if file == "user_code.py" and kind == "error"}


def test_code_that_type_checks_with_python_chess_type_checks_with_lerf(checked):
    theirs, ours = _errors(checked["chess"][1]), _errors(checked["lerf"][1])
    # python-chess's tests are not all clean (its narrowing of Optional), so the run
    # must have read the file: the same errors would otherwise hide nothing.
    assert theirs, "mypy reported nothing for python-chess's test.py: was it read?"
    text = _user_code("lerf").splitlines()
    new = [f"test.py:{line} {message}\n    {text[line - 1].strip()}"
           for (line, code), message in sorted(ours.items()) if (line, code) not in theirs]
    assert not new, "errors mypy reports with lerf but not with python-chess:\n" + "\n".join(new)


def test_public_names_are_typed_where_python_chess_types_them(checked):
    theirs = _revealed(*checked["chess"])
    ours = _revealed(*checked["lerf"])
    assert len(theirs) > 1000, f"only {len(theirs)} names revealed for python-chess"
    untyped = [
        f"{key}: python-chess {theirs[key]}"
        for key in theirs
        if key not in SAME and ours.get(key) == "Any" and theirs[key] != "Any" and _has(key)
    ]
    assert not untyped, "names lerf has but types as Any:\n" + "\n".join(untyped)


@pytest.mark.parametrize("expression", SAME)
def test_types_user_code_leans_on_are_python_chess_s(checked, expression):
    theirs = _revealed(*checked["chess"])
    ours = _revealed(*checked["lerf"])
    assert expression in theirs and expression in ours, (theirs.get(expression), ours.get(expression))
    assert ours[expression] == theirs[expression]


#: A user's script of lerf's own modules (python-chess has none), as ``mypy --strict``
#: checks it: every name reached through ``lerf`` must be exported, and typed.
STRICT_USER_CODE = '''
from __future__ import annotations

from typing import List

import numpy
import numpy.typing

import lerf
import lerf.binpack
import lerf.nnue


def main(path: str, network: str) -> int:
    entry = lerf.binpack.Entry(board=lerf.Board(), move=lerf.Move.from_uci("e2e4"), score=0, ply=0, result=0)
    written: int = lerf.binpack.write(path, [entry])
    entries: List[lerf.binpack.Entry] = list(lerf.binpack.read(path))
    total = 0
    for batch in lerf.binpack.batches([path], 16, seed=1, skip_captures=True):
        us: numpy.typing.NDArray[numpy.float32] = batch["us"]
        total += len(us)
    rows = lerf.binpack.to_arrow(path, 1024, threads=2)
    net: lerf.nnue.Network = lerf.nnue.load(network)
    return written + len(entries) + total + lerf.binpack.write_rows(path, rows) + net.evaluate(lerf.Board())
'''


def test_lerfs_own_modules_pass_mypy_strict(tmp_path):
    """lerf's own modules (``binpack``, ``nnue``, and ``dask`` as its stub gives it) and a script using them pass
    ``mypy --strict``: their annotations are complete, and the names a script reaches
    through ``lerf`` are exported (imported "as" themselves, which ``--strict`` asks)."""
    pytest.importorskip("mypy", reason="mypy (PyPI) is not installed: cargo xtask test installs it")
    (tmp_path / "strict_user.py").write_text(STRICT_USER_CODE, encoding="utf-8")
    command = [
        sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(_cache_dir("strict")), "--python-version",
        f"{sys.version_info.major}.{sys.version_info.minor}", "strict_user.py",
    ]
    # The modules themselves from the source tree; an installed wheel's are library code,
    # whose errors mypy does not report, so there the user's script is what is checked.
    if not _lerf_is_installed():
        command += [str(PACKAGE_DIR / "lerf" / module) for module in ("binpack.py", "nnue.py", "dask.pyi")]
    env = _with_lerf_for_mypy(dict(os.environ))
    run = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, f"mypy --strict:\n{run.stdout}\n{run.stderr}"
