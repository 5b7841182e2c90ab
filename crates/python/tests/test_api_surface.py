"""Every public name of python-chess 1.11's ``chess``, ``chess.polyglot`` and ``chess.pgn``
modules is in lerf, and every public method and special method of their classes, with
python-chess's parameter names."""

import importlib
import inspect
import types

import chess
import chess.pgn
import chess.polyglot
import pytest

import lerf
import lerf.pgn
import lerf.polyglot

# typing helpers python-chess imports into its namespace, not part of its API
TYPING = {
    "annotations", "Callable", "ClassVar", "Counter", "Dict", "Generic", "Hashable",
    "Iterable", "Iterator", "List", "Literal", "Mapping", "Optional", "SupportsInt", "Tuple",
    "Type", "TypeVar", "Union", "BaseBoardT", "BoardT", "NamedTuple", "Container",
    "StrOrBytesPath", "TracebackType", "IO", "Any", "Set", "TextIO", "ResultT", "GameT",
    "Mapping", "MutableMapping",
    "MainlineMapT", "HeadersT",
    # type aliases chess.pgn imports from chess
    "Color", "Square",
}


def public(module):
    return [
        n for n in dir(module)
        if not n.startswith("_") and n not in TYPING and not isinstance(getattr(module, n), types.ModuleType)
    ]


@pytest.mark.parametrize(
    "theirs, ours", [(chess, lerf), (chess.polyglot, lerf.polyglot), (chess.pgn, lerf.pgn)]
)
def test_every_module_name(theirs, ours):
    assert [n for n in public(theirs) if not hasattr(ours, n)] == []


PGN_CLASSES = ["GameNode", "ChildNode", "Game", "Headers", "Mainline", "BaseVisitor",
               "GameBuilder", "HeadersBuilder", "BoardBuilder", "SkipVisitor", "StringExporter",
               "FileExporter", "StringExporterMixin", "TimeControl", "TimeControlPart"]
CLASSES = [(chess, lerf, n) for n in ["Board", "BaseBoard", "SquareSet", "Move", "Piece",
                                       "LegalMoveGenerator", "PseudoLegalMoveGenerator", "Outcome"]]
CLASSES += [(chess.pgn, lerf.pgn, n) for n in PGN_CLASSES]


@pytest.mark.parametrize("module, ours_module, name", CLASSES)
def test_every_method(module, ours_module, name):
    theirs, ours = getattr(module, name), getattr(ours_module, name)
    # Data of the class statement, not behaviour; _repr_svg_ needs python-chess's chess.svg.
    skip = {"__dict__", "__weakref__", "__module__", "__doc__", "__annotations__", "__init__",
            "__dataclass_fields__", "__dataclass_params__", "__match_args__", "__firstlineno__",
            "__static_attributes__", "__orig_bases__", "__parameters__", "__hash__",
            "__abstractmethods__", "_abc_impl", "__slots__", "__class_getitem__",
            "__slotnames__"}  # (copyreg caches __slotnames__ once a test pickles a Move)
    names = {n for k in theirs.__mro__ if k is not object for n in vars(k)} - skip
    public = {n for n in names if not n.startswith("_")}
    special = {n for n in names if n.startswith("__") and n.endswith("__")} - {"__weakref__"}
    missing = [n for n in public if not hasattr(ours, n)]
    # A special method must be the class's own, not object's default.
    # (A special method python-chess sets to None, as Mapping's __reversed__, is absent.)
    missing += [
        n for n in special
        if getattr(ours, n, None) is getattr(object, n, None) and getattr(theirs, n) is not None
    ]
    assert sorted(missing) == []


def test_reader_methods():
    theirs, ours = chess.polyglot.MemoryMappedReader, lerf.polyglot.MemoryMappedReader
    assert [n for n in dir(theirs) if not n.startswith("_") and not hasattr(ours, n)] == []


def test_enums_and_hashing_as_python_chess():
    assert [m.name for m in lerf.Termination] == [m.name for m in chess.Termination]
    assert {m.name: int(m) for m in lerf.Status} == {m.name: int(m) for m in chess.Status}
    for build in [lambda m: m.SquareSet(1), lambda m: m.Board(), lambda m: m.BaseBoard()]:
        for module in (chess, lerf):
            with pytest.raises(TypeError):
                hash(build(module))
    assert hash(lerf.Move.from_uci("e2e4")) == hash(lerf.Move(12, 28))


def test_engine_values_hash_as_python_chess_s_do():
    """Scores and PovScores compare equal but have no hash in python-chess; Wdl, Limit and
    Option (frozen dataclasses) hash their fields, so an option holding a list does not."""
    import chess.engine

    import lerf.engine

    def values(m):
        return [
            m.Cp(3), m.Mate(-2), m.MateGiven, m.PovScore(m.Cp(3), True), m.PovScore(m.Mate(1), False),
            m.Wdl(1, 2, 3), m.PovWdl(m.Wdl(1, 2, 3), True), m.Limit(time=1.5, depth=3),
            m.Option("Hash", "spin", 16, 1, 1024, None), m.Option("Style", "combo", "a", None, None, ["a", "b"]),
            m.Option("Style", "combo", "a", None, None, ("a", "b")),
        ]

    def hashed(value):
        try:
            return hash(value) == hash(value)
        except TypeError as e:
            return str(e)

    theirs, ours = values(chess.engine), values(lerf.engine)
    # True where both hash, python-chess's own message where neither does.
    assert [hashed(v) for v in ours] == [hashed(v) for v in theirs]


def parameters(function):
    import inspect

    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    return [
        (p.name, p.kind == p.KEYWORD_ONLY)
        for p in signature.parameters.values()
        if p.name not in ("self", "cls") and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]


@pytest.mark.parametrize("module, ours_module, name", CLASSES)
def test_parameter_names_as_python_chess(module, ours_module, name):
    """Keyword arguments work as in python-chess: the same names, keyword-only where it
    has them so."""
    theirs, ours = getattr(module, name), getattr(ours_module, name)
    differ = {}
    for attr in dir(theirs):
        if attr.startswith("__") or attr.startswith("_repr") or not callable(getattr(theirs, attr)):
            continue
        expected, got = parameters(getattr(theirs, attr)), parameters(getattr(ours, attr, None))
        if expected is not None and got is not None and expected != got:
            differ[attr] = (expected, got)
    assert differ == {}


def test_pgn_functions_take_python_chess_parameter_names():
    differ = {}
    for name in ["read_game", "read_headers", "skip_game", "parse_time_control"]:
        expected, got = parameters(getattr(chess.pgn, name)), parameters(getattr(lerf.pgn, name))
        if expected != got:
            differ[name] = (expected, got)
    assert differ == {}


#: lerf's modules whose public names a user reads with ``help()``.
DOCUMENTED = [
    "lerf", "lerf.pgn", "lerf.polyglot", "lerf.engine", "lerf.syzygy", "lerf.gaviota", "lerf.svg",
    "lerf.variant", "lerf.binpack", "lerf.nnue", "lerf.dask",
]


def test_every_public_item_is_documented():
    """``help()`` says something for every public class, function, method, property and
    field lerf defines (inherited docs count, as ``help()`` shows them)."""
    missing = []
    for module_name in DOCUMENTED:
        module = importlib.import_module(module_name)
        for name, value in vars(module).items():
            if name.startswith("_") or inspect.ismodule(value) or not (inspect.isclass(value) or callable(value)):
                continue
            if not (getattr(value, "__module__", "") or "").startswith("lerf"):
                continue
            if not (inspect.getdoc(value) or "").strip():
                missing.append(f"{module_name}.{name}")
            if not inspect.isclass(value):
                continue
            for attr in dir(value):
                if attr.startswith("_"):
                    continue
                # Only what a lerf class defines (not object's, dict's or the typing machinery's).
                if not any(attr in vars(k) for k in value.__mro__ if k.__module__.startswith("lerf")):
                    continue
                item = inspect.getattr_static(value, attr)
                if isinstance(item, (int, float, str, bytes, bool, list, dict, tuple, type(None))):
                    continue
                if not (inspect.getdoc(getattr(value, attr)) or "").strip():
                    missing.append(f"{module_name}.{name}.{attr}")
    assert missing == []


def test_what_importing_pgn_brings_along():
    """A program that imports only ``chess.pgn`` names ``chess.engine`` and ``chess.svg``
    (python-chess's pgn module imports them); with lerf it may too, and lerf imports them
    only when they are first named."""
    import subprocess
    import sys

    program = (
        "import sys, {lib}.pgn as pgn\n"
        "{lib} = sys.modules['{lib}']\n"
        "loaded = [m in sys.modules for m in ('{lib}.engine', '{lib}.svg')]\n"
        "node = pgn.Game().add_variation({lib}.Move.from_uci('e2e4'))\n"
        "node.set_eval({lib}.engine.PovScore({lib}.engine.Mate(-2), {lib}.BLACK), 12)\n"
        "node.set_arrows([{lib}.svg.Arrow({lib}.A1, {lib}.H8, color='red')])\n"
        "print(loaded, node.comment, repr(node.eval()), node.arrows())\n"
    )
    out = {
        lib: subprocess.run([sys.executable, "-c", program.format(lib=lib)], capture_output=True, text=True, check=True).stdout
        for lib in ("chess", "lerf")
    }
    assert out["chess"].startswith("[True, True] ")
    assert out["lerf"] == out["chess"].replace("[True, True] ", "[False, False] ", 1)
