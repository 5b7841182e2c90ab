"""lerf.Board against chess.Board, position by position."""

import io
import pickle
import random

import chess
import chess.pgn
import chess.polyglot
import pytest

import lerf
from budget import count


def same_position(ours: lerf.Board, theirs: chess.Board) -> None:
    assert ours.fen() == theirs.fen()
    assert ours.fen(en_passant="fen") == theirs.fen(en_passant="fen")
    assert ours.fen(shredder=True) == theirs.fen(shredder=True)
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
    assert ours.is_check() == theirs.is_check()
    assert ours.turn == theirs.turn
    assert lerf.polyglot.zobrist_hash(ours) == chess.polyglot.zobrist_hash(theirs)
    assert ours.castling_rights == theirs.castling_rights
    assert ours.ep_square == theirs.ep_square
    assert ours.occupied == theirs.occupied
    assert ours.occupied_co == theirs.occupied_co


def outcome_text(outcome):
    return None if outcome is None else (outcome.termination.name, outcome.winner)


def test_every_mainline_position_of_the_real_games(sample_games_path, sample_games):
    positions = compare_mainlines(sample_games_path)
    # The count says none was skipped: 28,538 moves in all 438 games, 9,660 in the quick
    # run's first 150 (another LERF_SAMPLE_GAMES has no count to check).
    known = {438: 28538, 150: 9660}
    assert positions == known.get(sample_games, positions)


def test_every_mainline_position_of_the_chess960_games(recovery_files):
    path = next(p for p in recovery_files if "chess960" in p.name)
    assert compare_mainlines(path) >= 5


def compare_mainlines(path):
    """Every mainline position of every game in `path`, lerf against python-chess; the
    number of moves compared."""
    positions = 0
    with open(path, encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            theirs = game.board()
            ours = lerf.Board(theirs.fen(), chess960=theirs.chess960)
            for move in game.mainline_moves():
                same_position(ours, theirs)
                ported = lerf.Move.from_uci(move.uci())
                assert ours.san(ported) == theirs.san(move)
                assert ours.is_capture(ported) == theirs.is_capture(move)
                assert ours.gives_check(ported) == theirs.gives_check(move)
                theirs.push(move)
                ours.push(ported)
                positions += 1
            same_position(ours, theirs)
            assert outcome_text(ours.outcome(claim_draw=True)) == outcome_text(theirs.outcome(claim_draw=True))
            assert outcome_text(ours.outcome()) == outcome_text(theirs.outcome())
    return positions


@pytest.mark.parametrize("chess960", [False, True])
def test_random_playouts_move_by_move(chess960):
    rng = random.Random(960 if chess960 else 1)
    for game in range(count("LERF_PLAYOUT_GAMES", quick=20, long=60)):
        if chess960:
            n = rng.randrange(960)
            ours, theirs = lerf.Board.from_chess960_pos(n), chess.Board.from_chess960_pos(n)
        else:
            ours, theirs = lerf.Board(), chess.Board()
        for ply in range(200):
            same_position(ours, theirs)
            assert ours.is_checkmate() == theirs.is_checkmate()
            assert ours.is_stalemate() == theirs.is_stalemate()
            assert ours.is_insufficient_material() == theirs.is_insufficient_material()
            assert outcome_text(ours.outcome()) == outcome_text(theirs.outcome())
            legal = sorted(theirs.legal_moves, key=lambda m: m.uci())
            if not legal:
                break
            move = rng.choice(legal)
            ported = ours.parse_uci(theirs.uci(move))
            assert ours.san(ported) == theirs.san(move)
            assert ours.uci(ported) == theirs.uci(move)
            theirs.push(move)
            ours.push(ported)
        # Take everything back and end where we started.
        while ours.move_stack:
            assert ours.peek().uci() == theirs.peek().uci()
            assert ours.pop().uci() == theirs.pop().uci()
            assert ours.fen() == theirs.fen()


def test_pieces_squares_and_masks():
    theirs = chess.Board("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5")
    ours = lerf.Board(theirs.fen())
    assert {sq: p.symbol() for sq, p in ours.piece_map().items()} == {sq: p.symbol() for sq, p in theirs.piece_map().items()}
    for sq in chess.SQUARES:
        ours_piece, theirs_piece = ours.piece_at(sq), theirs.piece_at(sq)
        assert (ours_piece and ours_piece.symbol()) == (theirs_piece and theirs_piece.symbol())
        for color in chess.COLORS:
            assert ours.attackers_mask(color, sq) == int(theirs.attackers_mask(color, sq))
    for pt in chess.PIECE_TYPES:
        for color in chess.COLORS:
            assert ours.pieces_mask(pt, color) == theirs.pieces_mask(pt, color)
    assert lerf.E4 == chess.E4 and lerf.SQUARE_NAMES == chess.SQUARE_NAMES
    assert (lerf.PAWN, lerf.KING, lerf.WHITE) == (chess.PAWN, chess.KING, chess.WHITE)
    assert lerf.STARTING_FEN == chess.STARTING_FEN
    assert str(ours) == str(theirs)
    assert ours.mirror().fen() == theirs.mirror().fen()
    assert (ours.halfmove_clock, ours.fullmove_number) == (1, 5)


def test_moves_and_pieces_as_values():
    assert lerf.Move.from_uci("e7e8q").promotion == lerf.QUEEN
    assert lerf.Move.from_uci("e2e4") == lerf.Move(lerf.E2, lerf.E4)
    assert hash(lerf.Move.from_uci("e2e4")) == hash(lerf.Move(12, 28))
    assert not lerf.Move.null() and lerf.Move.null().uci() == "0000"
    assert repr(lerf.Move.from_uci("g1f3")) == "Move.from_uci('g1f3')"
    assert lerf.Piece.from_symbol("n") == lerf.Piece(lerf.KNIGHT, lerf.BLACK)
    assert {lerf.Move.from_uci("a2a3"), lerf.Move.from_uci("a2a3")} == {lerf.Move(8, 16)}


def test_equality_copy_and_pickle():
    board = lerf.Board()
    for san in ["e4", "c5", "Nf3", "d6", "d4", "cxd4"]:
        board.push_san(san)
    again = lerf.Board(board.fen())
    assert board == again
    assert board != lerf.Board()
    with pytest.raises(TypeError):
        hash(board)  # python-chess's boards are not hashable either
    copy = board.copy()
    copy.pop()
    assert copy != board and len(board.move_stack) == 6
    restored = pickle.loads(pickle.dumps(board))
    assert restored == board
    assert [m.uci() for m in restored.move_stack] == [m.uci() for m in board.move_stack]
    assert restored.root() == board.root() and restored.is_repetition(1)
    chess960 = lerf.Board.from_chess960_pos(100)
    chess960.push_san("e4")
    assert pickle.loads(pickle.dumps(chess960)).fen() == chess960.fen()
    # A set-up position with castling rights that do not hold survives as it is.
    odd = lerf.Board("1r2k3/8/8/8/8/8/8/R3KR2 w KQkq - 0 1")
    odd.castling_rights |= lerf.BB_H8
    assert pickle.loads(pickle.dumps(odd)).castling_rights == odd.castling_rights


def test_moves_and_pieces_replace_their_fields_as_python_chess_dataclasses():
    """python-chess's Move and Piece are dataclasses, which Python 3.13 gives ``__replace__``
    (``copy.replace``); lerf's have it on every version, and ``dataclasses.replace`` of
    python-chess's is the reference."""
    import copy
    import dataclasses
    import sys

    def outcome(call):
        try:
            return repr(call())
        except Exception as e:  # noqa: BLE001 - the exception's type is compared
            return type(e).__name__

    cases = [{}, {"promotion": chess.QUEEN}, {"to_square": chess.A8, "promotion": chess.KNIGHT},
             {"drop": chess.PAWN, "from_square": 0}, {"nonsense": 1}]
    for uci in ["a7a8", "e2e4", "P@e4", "0000"]:
        ours, theirs = lerf.Move.from_uci(uci), chess.Move.from_uci(uci)
        for changes in cases:
            expected = outcome(lambda: dataclasses.replace(theirs, **changes))
            assert outcome(lambda: ours.__replace__(**changes)) == expected, (uci, changes)
            if sys.version_info >= (3, 13):
                assert outcome(lambda: copy.replace(ours, **changes)) == expected, (uci, changes)
    with pytest.raises(TypeError):
        lerf.Move.from_uci("e2e4").__replace__(12)  # positional: as the dataclass, refused
    for symbol in "PnKq":
        ours, theirs = lerf.Piece.from_symbol(symbol), chess.Piece.from_symbol(symbol)
        for changes in [{}, {"color": chess.BLACK}, {"piece_type": chess.ROOK, "color": True},
                        {"colour": True}]:
            expected = outcome(lambda: dataclasses.replace(theirs, **changes))
            assert outcome(lambda: ours.__replace__(**changes)) == expected, (symbol, changes)
    replaced = lerf.Move.from_uci("a7a8q").__replace__(promotion=None)
    assert isinstance(replaced, lerf.Move) and replaced == lerf.Move.from_uci("a7a8")


def test_perft_and_divide():
    assert lerf.perft(lerf.STARTING_FEN, 5) == 4865609
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert lerf.perft(kiwipete, 4, threads=2) == 4085603
    split = lerf.divide(lerf.STARTING_FEN, 3)
    assert len(split) == 20 and sum(split.values()) == 8902 and split["e2e4"] == 600


def test_encode_planes_equals_the_piece_map():
    np = pytest.importorskip("numpy")
    rng = random.Random(7)
    boards, fens = [], []
    board = chess.Board()
    for _ in range(300):
        moves = list(board.legal_moves)
        if not moves:
            board = chess.Board()
            continue
        board.push(rng.choice(moves))
        fens.append(board.fen())
    planes = lerf.encode_planes(fens, dtype=np.float32)
    from_boards = lerf.encode_planes([lerf.Board(f) for f in fens], dtype=np.uint8)
    assert planes.shape == (len(fens), 12, 8, 8) and planes.dtype == np.float32
    assert (from_boards == planes).all()
    for i, fen in enumerate(fens):
        expected = np.zeros((12, 8, 8), dtype=np.float32)
        for sq, piece in chess.Board(fen).piece_map().items():
            plane = (0 if piece.color == chess.WHITE else 6) + piece.piece_type - 1
            expected[plane, chess.square_rank(sq), chess.square_file(sq)] = 1
        assert (planes[i] == expected).all(), fen


def test_heavy_calls_release_the_gil(sample_path):
    """Another Python thread runs while perft and positions work: a call that held the
    GIL would leave the counting loop at a handful of turns."""
    import threading

    def turns_while(work):
        done, turns = threading.Event(), 0

        def run():
            try:
                work()
            finally:
                done.set()

        thread = threading.Thread(target=run)
        thread.start()
        while not done.is_set():
            turns += 1
        thread.join()
        return turns

    assert turns_while(lambda: lerf.perft(lerf.STARTING_FEN, 6)) > 10_000
    data = sample_path.read_bytes() * 4
    assert turns_while(lambda: sum(b.num_rows for b in lerf.pgn.positions(io.BytesIO(data), batch_size=1 << 30))) > 1000


def test_the_readme_snippet_runs_with_lerf_as_chess(capsys):
    """The package README's python-chess snippet, as written (the book replaced by an
    empty one)."""
    import os
    import pathlib

    readme = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    snippet = readme.split("```python\n", 1)[1].split("```", 1)[0]
    assert "import lerf as chess" in snippet
    exec(snippet.replace('"book.bin"', repr(os.devnull)), {})


def test_the_readme_pgn_snippet_prints_what_python_chess_prints(capsys):
    """The package README's chess.pgn snippet, as written, with lerf and with python-chess
    (the imports turned back): the same text."""
    import pathlib

    readme = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    snippet = next(s.split("```", 1)[0] for s in readme.split("```python\n")[1:] if "chess.pgn.read_game" in s)
    assert "import lerf as chess" in snippet and "import lerf.pgn" in snippet
    exec(snippet, {})
    ours = capsys.readouterr().out
    exec(snippet.replace("import lerf as chess", "import chess").replace("import lerf.pgn", "import chess.pgn"), {})
    theirs = capsys.readouterr().out
    assert "promote" in snippet and "( 3... Nf6 $4 4. Qxf7# )" in ours
    assert ours == theirs


def test_occupied_co_is_the_board_s_own_list():
    """`board.occupied_co[color]` is read and written in place, as python-chess's list:
    a write changes the board, a held list follows the board, and it copies, pickles,
    compares and prints as a list."""
    results = []
    for module in (chess, lerf):
        board = module.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        held = board.occupied_co
        board.occupied_co[module.WHITE] |= module.BB_E4
        board.occupied_co[module.BLACK] &= ~module.BB_A8
        board.push(module.Move.from_uci("e1g1"))
        row = [held[0], held[1], list(held), held[-1], held[0:1], repr(held), len(held)]
        row += [held == list(held), pickle.loads(pickle.dumps(held)), list(reversed(held))]
        board.occupied_co[0], board.occupied_co[1] = board.occupied_co[1], board.occupied_co[0]
        row += [board.fen(), board.occupied_co == [held[0], held[1]]]
        for bad in (2, "x"):
            try:
                held[bad]
            except (IndexError, TypeError) as error:
                row.append((type(error).__name__, str(error)))
        results.append(row)
    assert results[0] == results[1]


def test_every_way_of_calling_board_answers_as_python_chess():
    """`Board(...)` has a fast call for no argument or one `str` (installed on CPython's
    default build: the flag says so); every call, fast or general, gives python-chess's
    board or python-chess's exception."""
    from lerf import _lerf

    assert _lerf._board_fast_call is True

    class Fen(str):
        pass

    class Sub:
        pass

    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    calls = [
        ((), {}),
        ((kiwipete,), {}),
        ((Fen("8/8/8/8/8/8/8/K6k b - - 3 9"),), {}),
        ((None,), {}),
        ((), {"fen": kiwipete}),
        ((kiwipete,), {"chess960": True}),
        ((), {"chess960": True}),
        (("1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3 w EBeb - 0 1",), {"chess960": True}),
        (("not a fen",), {}),
        (("8/8/8/8/8/8/8/8 x - - 0 1",), {}),
        ((kiwipete, True), {}),
        ((), {"colour": 1}),
    ]
    for args, kwargs in calls:
        outcomes = []
        for module in (chess, lerf):
            try:
                board = module.Board(*args, **kwargs)
                outcomes.append((type(board).__name__, board.fen(), board.chess960))
            except Exception as error:  # noqa: BLE001 - the exception is what is compared
                outcomes.append(type(error).__name__)
        assert outcomes[0] == outcomes[1], (args, kwargs)

    class Mine(lerf.Board):
        def __init__(self, fen, note):
            super().__init__(fen)
            self.note = note

    mine = Mine(kiwipete, "a subclass takes its own arguments")
    assert (type(mine), mine.fen(), mine.note) == (Mine, kiwipete, "a subclass takes its own arguments")
    assert type(lerf.Board(kiwipete)) is lerf.Board

    # A program that replaces `Board.__init__` has its own called, as with python-chess.
    original = lerf.Board.__init__
    seen = []

    def noting_init(self, *args, **kwargs):
        seen.append(args)
        original(self, *args, **kwargs)

    lerf.Board.__init__ = noting_init
    try:
        assert lerf.Board(kiwipete).fen() == kiwipete
    finally:
        lerf.Board.__init__ = original
    assert seen == [(kiwipete,)]
    assert lerf.Board(kiwipete).fen() == kiwipete and len(seen) == 1
    # Not a FEN at all: python-chess fails inside its parser (AttributeError, or ValueError
    # for bytes); lerf refuses the argument's type.
    for wrong in (b"8/8/8/8/8/8/8/K6k w - - 0 1", 3, Sub()):
        with pytest.raises(TypeError):
            lerf.Board(wrong)
