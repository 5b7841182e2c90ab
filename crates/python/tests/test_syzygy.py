"""lerf.syzygy against python-chess's chess.syzygy (the reference, from PyPI) over the
3- and 4-piece tables python-chess's sdist ships (GPL data: ``cargo xtask test`` downloads
the sdist into ``target/``; these tests skip without it). Random legal positions of every
table's material, en passant ones included, must give the same ``probe_wdl_table``,
``probe_wdl``, ``probe_dtz`` and ``probe_dtz_no_ep`` (or the same exception); the table
name helpers must agree on every name; a corrupt table is an ``OSError`` naming the file."""

from __future__ import annotations

import os
import pathlib
import random
import shutil
import threading

import chess
import chess.syzygy
import pytest

import lerf

from budget import count
import lerf.syzygy
import lerf.variant

ROOT = pathlib.Path(__file__).resolve().parents[3]
SDIST = pathlib.Path(os.environ.get("LERF_PYTHON_CHESS_SDIST", ROOT / "target" / "python-chess" / "chess-1.11.2"))
TABLES = SDIST / "data" / "syzygy" / "regular"
POSITIONS = count("LERF_SYZYGY_POSITIONS", quick=400, long=1500)

needs_tables = pytest.mark.skipif(not TABLES.is_dir(), reason="python-chess's sdist is not in target/ "
                                  "(cargo xtask test downloads it)")


@pytest.fixture(scope="module")
def both():
    theirs = chess.syzygy.open_tablebase(str(TABLES))
    ours = lerf.syzygy.open_tablebase(str(TABLES))
    yield theirs, ours
    theirs.close()
    ours.close()


def outcome(probe, board, *args):
    try:
        return probe(board, *args)
    except KeyError as e:
        return (type(e).__name__, str(e))


def random_position(rng: random.Random, name: str) -> str:
    """A FEN with the material of table ``name`` (either colouring), legal and without
    castling rights, or None when the placement drawn is not valid."""
    white, black = name.split("v")
    if rng.random() < 0.5:
        white, black = black, white
    board = chess.Board(None)
    squares = rng.sample(range(64), len(white) + len(black))
    for letters, color in ((white, chess.WHITE), (black, chess.BLACK)):
        for letter in letters:
            sq = squares.pop()
            if letter == "P" and chess.square_rank(sq) in (0, 7):
                return None
            board.set_piece_at(sq, chess.Piece.from_symbol(letter if color else letter.lower()))
    board.turn = rng.random() < 0.5
    board.halfmove_clock = rng.randrange(0, 60)
    return board.fen() if board.is_valid() else None


def en_passant_position(rng: random.Random, name: str) -> str:
    """A position of ``name`` with pawns on both sides where the side to move may take en
    passant, or None."""
    white, black = name.split("v")
    if "P" not in white or "P" not in black:
        return None
    board = chess.Board(None)
    # White's pawn has just moved two squares; Black's stands beside it (or the colours
    # swapped below).
    file = rng.randrange(8)
    beside = file + rng.choice([-1, 1])
    if not 0 <= beside < 8:
        return None
    board.set_piece_at(chess.square(file, 3), chess.Piece.from_symbol("P"))
    board.set_piece_at(chess.square(beside, 3), chess.Piece.from_symbol("p"))
    taken = {chess.square(file, 3), chess.square(beside, 3), chess.square(file, 2), chess.square(file, 1)}
    free = [sq for sq in range(64) if sq not in taken]
    rest = [(l, True) for l in white.replace("P", "", 1)] + [(l, False) for l in black.replace("P", "", 1)]
    for letter, color in rest:
        sq = free.pop(rng.randrange(len(free)))
        if letter == "P" and chess.square_rank(sq) in (0, 7):
            return None
        board.set_piece_at(sq, chess.Piece.from_symbol(letter if color else letter.lower()))
    board.turn = chess.BLACK
    board.ep_square = chess.square(file, 2)
    if rng.random() < 0.5:
        board = board.mirror()
    if not board.is_valid() or not any(board.is_en_passant(m) for m in board.legal_moves):
        return None
    return board.fen()


def compare(theirs, ours, fen):
    a, b = chess.Board(fen), lerf.Board(fen)
    for probe in ("probe_wdl_table", "probe_wdl", "probe_dtz", "probe_dtz_no_ep"):
        expected = outcome(getattr(theirs, probe), a)
        got = outcome(getattr(ours, probe), b)
        assert got == expected, f"{probe}({fen}): python-chess {expected}, lerf {got}"
    for wdl in (-2, 2):
        expected = outcome(theirs.probe_dtz_table, a, wdl)
        assert outcome(ours.probe_dtz_table, b, wdl) == expected, (fen, wdl)
    assert outcome(ours.probe_ab, b, -2, 2) == outcome(theirs.probe_ab, a, -2, 2), fen


@needs_tables
def test_random_positions_agree_with_python_chess(both):
    theirs, ours = both
    rng = random.Random(47)
    names = [n for n in chess.syzygy.tablenames(piece_count=4)]
    checked = en_passant = 0
    while checked < POSITIONS:
        name = rng.choice(names)
        # KPvKP is the only table here with pawns on both sides: en passant's.
        fen = en_passant_position(rng, "KPvKP") if rng.random() < 0.1 else random_position(rng, name)
        if fen is None:
            continue
        en_passant += fen.split()[3] != "-"
        compare(theirs, ours, fen)
        checked += 1
    assert en_passant > POSITIONS // 20


@needs_tables
def test_endgame_epd(both):
    theirs, ours = both
    for line in (SDIST / "data" / "endgame.epd").read_text().splitlines():
        board = lerf.Board()
        extra = board.set_epd(line)
        assert ours.probe_wdl_table(board) == extra["wdl_table"]
        assert ours.probe_wdl(board) == extra["wdl"]
        assert ours.probe_dtz(board) == extra["dtz"]


@needs_tables
def test_errors_agree(both):
    theirs, ours = both
    for fen in ["4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
                "4k3/8/8/8/8/8/PP6/R3K3 w - - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
                "k7/8/8/8/8/8/8/1RRRRK2 w - - 0 1"]:
        compare(theirs, ours, fen)
    with pytest.raises(lerf.syzygy.MissingTableError):
        lerf.syzygy.Tablebase().probe_wdl(lerf.Board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))
    assert issubclass(lerf.syzygy.MissingTableError, KeyError)
    assert ours.get_wdl(lerf.Board()) is None and ours.get_dtz(lerf.Board(), 7) == 7


def test_name_helpers_agree_with_python_chess():
    P, L = chess.syzygy, lerf.syzygy
    for one_king in (True, False):
        for count in range(2, 7):
            assert set(L.tablenames(one_king=one_king, piece_count=count)) == \
                set(P.tablenames(one_king=one_king, piece_count=count))
    names = [(n, True) for n in P.tablenames(piece_count=6)] + [(n, False) for n in P.tablenames(one_king=False, piece_count=4)]
    for name, kings in names:
        w, b = name.split("v")
        for candidate in (name, b + "v" + w):
            for mirror in (False, True):
                assert L.normalize_tablename(candidate, mirror=mirror) == P.normalize_tablename(candidate, mirror=mirror)
            for one_king in (True, False):
                assert L.is_tablename(candidate, one_king=one_king) == P.is_tablename(candidate, one_king=one_king)
                assert L.is_tablename(candidate, one_king=one_king, normalized=False) == \
                    P.is_tablename(candidate, one_king=one_king, normalized=False)
        assert set(L.dependencies(name, one_king=kings)) == set(P.dependencies(name, one_king=kings))
    assert set(L.all_dependencies(["KRPvKP"])) == set(P.all_dependencies(["KRPvKP"]))
    rng = random.Random(1)
    for _ in range(500):
        pieces = [rng.choice([1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14]) for _ in range(rng.randrange(8))]
        for mirror in (False, True):
            assert L.recalc_key(pieces, mirror=mirror) == P.recalc_key(pieces, mirror=mirror)
    for fen in ["8/8/8/5N2/5K2/2kB4/8/8 b - - 0 1", chess.STARTING_FEN]:
        for mirror in (False, True):
            assert L.calc_key(lerf.Board(fen), mirror=mirror) == P.calc_key(chess.Board(fen), mirror=mirror)
    for wdl in range(-2, 3):
        assert L.dtz_before_zeroing(wdl) == P.dtz_before_zeroing(wdl)


@needs_tables
def test_threads_probe_alike(both):
    _, ours = both
    rng = random.Random(5)
    fens = [f for f in (random_position(rng, rng.choice(["KRvK", "KQvKR", "KPvKP", "KBNvK", "KRvKP"]))
                        for _ in range(400)) if f]
    expected = [(ours.probe_wdl(lerf.Board(f)), ours.probe_dtz(lerf.Board(f))) for f in fens]
    results = {}

    def work(k):
        fresh = lerf.syzygy.open_tablebase(str(TABLES)) if k % 2 else ours
        results[k] = [(fresh.probe_wdl(lerf.Board(f)), fresh.probe_dtz(lerf.Board(f))) for f in fens]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(results[k] == expected for k in range(4))


@needs_tables
def test_corrupt_tables_are_os_errors(tmp_path):
    board = lerf.Board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    source = (TABLES / "KRvK.rtbw").read_bytes()
    cases = {
        "truncated": source[: len(source) // 2],
        "empty": b"",
        "wrong magic": b"\0\0\0\0" + source[4:],
        "a DTZ file": (TABLES / "KRvK.rtbz").read_bytes(),
        "another material": (TABLES / "KQvK.rtbw").read_bytes()[:0] + (TABLES / "KPvK.rtbw").read_bytes(),
    }
    for why, data in cases.items():
        folder = tmp_path / why.replace(" ", "_")
        folder.mkdir()
        (folder / "KRvK.rtbw").write_bytes(data)
        tables = lerf.syzygy.open_tablebase(str(folder))
        with pytest.raises(OSError, match="KRvK.rtbw"):
            tables.probe_wdl(board)
    # Flipped bytes anywhere give a value or an error, never a crash.
    rng = random.Random(3)
    folder = tmp_path / "flipped"
    folder.mkdir()
    for _ in range(200):
        data = bytearray(source)
        for _ in range(rng.randrange(1, 20)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        (folder / "KRvK.rtbw").write_bytes(bytes(data))
        tables = lerf.syzygy.open_tablebase(str(folder))
        for fen in ["4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "8/8/8/3k4/8/8/8/R3K3 b - - 0 1", "7k/8/8/8/R7/8/8/K7 w - - 0 1"]:
            try:
                assert tables.probe_wdl_table(lerf.Board(fen)) in (-2, -1, 0, 1, 2)
            except OSError:
                pass


@needs_tables
def test_single_tables_and_variants():
    wdl = lerf.syzygy.WdlTable(str(TABLES / "KBNvK.rtbw"))
    wdl.init_table_wdl()
    assert wdl.probe_wdl_table(lerf.Board("8/8/8/5N2/5K2/2kB4/8/8 b - - 0 1")) == -2
    wdl.close()
    dtz = lerf.syzygy.DtzTable(str(TABLES / "KRvKN.rtbz"))
    assert dtz.probe_dtz_table(lerf.Board("7n/6k1/4R3/4K3/8/8/8/8 b - - 1 1"), -2) == (8, 1)
    assert dtz.probe_dtz_table(lerf.Board("7n/6k1/4R3/4K3/8/8/8/8 w - - 0 1"), 2) == (0, -1)
    # A variant's board on a standard tablebase, and a variant tablebase without tables.
    kvk = lerf.variant.AntichessBoard("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    with pytest.raises(KeyError, match="opened for chess"):
        lerf.syzygy.Tablebase().probe_dtz(kvk)
    with pytest.raises(lerf.syzygy.MissingTableError):
        lerf.syzygy.Tablebase(VariantBoard=lerf.variant.AntichessBoard).probe_dtz(kvk)
    lone = lerf.variant.AtomicBoard.empty()
    lone.set_piece_at(lerf.D1, lerf.Piece.from_symbol("k"))
    assert lerf.syzygy.Tablebase(VariantBoard=lerf.variant.AtomicBoard).probe_wdl(lone) == -2


def test_api_names_as_python_chess():
    import inspect
    for name in ["open_tablebase", "Tablebase", "WdlTable", "DtzTable", "MissingTableError", "is_tablename",
                 "tablenames", "normalize_tablename", "dependencies", "all_dependencies", "calc_key",
                 "recalc_key", "dtz_before_zeroing", "TBPIECES", "PCHR", "TABLENAME_REGEX"]:
        assert hasattr(lerf.syzygy, name), name
    # The antichess searches (sprobe_*) belong to the variant tables lerf does not read yet.
    methods = [n for n in vars(chess.syzygy.Tablebase) if not n.startswith("_") and not n.startswith("sprobe")]
    ours = lerf.syzygy.Tablebase()
    for name in methods:
        assert hasattr(ours, name), name
        theirs_params = list(inspect.signature(getattr(chess.syzygy.Tablebase, name)).parameters)[1:]
        ours_attr = getattr(lerf.syzygy.Tablebase, name)
        ours_params = list(inspect.signature(ours_attr).parameters)[1:]
        assert ours_params == theirs_params, name
    for cls, method in [("WdlTable", "probe_wdl_table"), ("DtzTable", "probe_dtz_table"),
                        ("WdlTable", "init_table_wdl"), ("DtzTable", "init_table_dtz")]:
        assert hasattr(getattr(lerf.syzygy, cls), method)


@needs_tables
def test_fens_in_bulk(both):
    theirs, ours = both
    rng = random.Random(11)
    fens = [f for f in (random_position(rng, n) for n in ["KRvK", "KQvKR", "KPvKP", "KBNvK", "KRvKP"] * 80) if f]
    fens.append("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")  # castling rights: no answer
    expected_wdl = [theirs.get_wdl(chess.Board(f)) for f in fens]
    expected_dtz = [theirs.get_dtz(chess.Board(f)) for f in fens]
    for threads in (1, 2, 3):
        assert ours.probe_wdl_fens(fens, threads=threads) == expected_wdl
        assert ours.probe_dtz_fens(iter(fens), threads=threads) == expected_dtz
    with pytest.raises(ValueError, match="fen 1 "):
        ours.probe_wdl_fens([fens[0], "not a fen"])
    assert ours.probe_wdl_fens([]) == []


def test_paths_and_files_that_are_no_tables_refused_as_python_chess_refuses_them(tmp_path):
    """A path that is no directory raises Python's own OSError (FileNotFoundError,
    NotADirectoryError, with errno), "" is the working directory, and a table file of the
    wrong size or magic number is refused in python-chess's words at the first probe."""

    def outcome(f):
        try:
            f()
            return ("value",)
        except Exception as e:  # noqa: BLE001 - any exception is compared
            return ("raised", type(e).__name__, getattr(e, "errno", None), str(e).replace(str(tmp_path), "T"))

    (tmp_path / "file.txt").write_text("x")
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "KQvK.rtbw").write_bytes(bytes(10))
    wrong = tmp_path / "wrong"
    wrong.mkdir()
    (wrong / "KQvK.rtbw").write_bytes(b"\x01" * 80)
    for path in [tmp_path / "missing", tmp_path / "file.txt", str(tmp_path / "missing"), b"/nonexistent/lerf", ""]:
        assert outcome(lambda: lerf.syzygy.open_tablebase(path)) == outcome(lambda: chess.syzygy.open_tablebase(path)), path
    fen = "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1"
    for directory in [bad, wrong]:
        for probe in ["probe_wdl", "probe_dtz"]:
            ours = outcome(lambda: getattr(lerf.syzygy.open_tablebase(directory), probe)(lerf.Board(fen)))
            theirs = outcome(lambda: getattr(chess.syzygy.open_tablebase(directory), probe)(chess.Board(fen)))
            assert ours == theirs, (directory, probe)
