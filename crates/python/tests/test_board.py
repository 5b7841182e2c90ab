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


def test_colours_and_flags_are_read_by_their_truth_as_python_chess_reads_them():
    """python-chess takes any colour that indexes or tests as one (`1`, `0`, NumPy
    integers from a feature loop) and any truthy flag; lerf refused everything but bool."""
    import chess

    np = pytest.importorskip("numpy")
    fen = "r3k2r/8/8/8/3p4/8/4P3/R3K2R w KQkq - 0 1"
    for colour in (1, 0, np.int64(1), np.uint8(0)):
        answers = []
        for lib in (chess, lerf):
            board = lib.Board(fen)
            row = [int(board.pieces(lib.PAWN, colour)), board.king(colour), int(board.attackers(colour, lib.E4)),
                   board.is_attacked_by(colour, lib.D5), board.has_castling_rights(colour),
                   board.has_kingside_castling_rights(colour), board.has_queenside_castling_rights(colour),
                   board.has_insufficient_material(colour), int(board.pin(colour, lib.E2)), board.is_pinned(colour, lib.E2),
                   board.pieces_mask(lib.KNIGHT, colour), lib.Piece(lib.KING, colour).symbol(),
                   lib.Piece(lib.KING, colour) == lib.Piece(lib.KING, bool(colour)),
                   board.is_game_over(claim_draw=colour), board.fen(shredder=colour),
                   board.unicode(invert_color=colour, borders=colour), board.chess960_pos(ignore_turn=colour)]
            board.turn = colour
            row.append(board.fen())
            answers.append(row)
        assert answers[0] == answers[1], colour


def test_bit_flips_of_any_int_as_python_chess():
    """The flips are plain arithmetic in python-chess, so any int has an answer (a negative
    one looped for ever in lerf's flip_diagonal)."""
    import chess

    import numpy

    def outcome(call):
        try:
            return int(call())
        except Exception as e:  # noqa: BLE001 - the exception is compared
            return type(e).__name__, str(e)

    values = [0, 1, -1, -(1 << 63), (1 << 64) - 1, 1 << 64, 0x0123_4567_89AB_CDEF, -0x55AA, -(1 << 70),
              True, numpy.uint64(0x8100_0000_0000_0042), 3.0, "e4", None]
    for name in ["flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal"]:
        for value in values:
            ours, theirs = getattr(lerf, name), getattr(chess, name)
            assert outcome(lambda: ours(value)) == outcome(lambda: theirs(value)), (name, value)
        # A square set is flipped into a new one, itself unchanged (in-place `^=` changed it).
        mine, given = getattr(lerf, name)(lerf.SquareSet(0x1E22_2212_0E0A_1222)), lerf.SquareSet(0x1E22_2212_0E0A_1222)
        getattr(lerf, name)(given)
        assert int(given) == 0x1E22_2212_0E0A_1222 and type(mine) is lerf.SquareSet
        assert int(mine) == int(getattr(chess, name)(chess.SquareSet(0x1E22_2212_0E0A_1222)))


@pytest.mark.parametrize(
    "text",
    ["e2e4", "e2e5", "e7e8q", "a1a1", "a1a1q", "h8h8k", "a1a1x", "z9z9", "A1A1", "xx", "", "exd5 n@f3",
     "n@f", "N@f3", "0000", "e2e4e", "a7a8Q", "\u00e9\u00e9\u00e9\u00e9", "e2e5'", "e1h1", "e1a1", "e2e4q"],
)
def test_uci_refused_in_python_chess_words(text):
    def outcome(call):
        try:
            return call().uci()
        except Exception as e:  # noqa: BLE001 - the exception is compared
            return type(e).__name__, str(e)

    assert outcome(lambda: lerf.Move.from_uci(text)) == outcome(lambda: chess.Move.from_uci(text))
    assert outcome(lambda: lerf.Board().parse_uci(text)) == outcome(lambda: chess.Board().parse_uci(text))
    # SAN written as squares names the move looked for and the squares as written.
    assert outcome(lambda: lerf.Board().parse_san(text)) == outcome(lambda: chess.Board().parse_san(text))


def test_distances_of_any_numbers_as_python_chess():
    """python-chess's distances are arithmetic on files and ranks, so numbers that are no
    squares have answers too (lerf's knight distance, a table, refused them)."""

    def outcome(call):
        try:
            return call()
        except Exception as e:  # noqa: BLE001 - the exception is compared
            return type(e).__name__, str(e)

    odd = [True, False, 1 << 64, -(1 << 64), 3.0, "e4", None]
    values = list(range(-70, 140, 3)) + odd
    for name in ["square_distance", "square_manhattan_distance", "square_knight_distance"]:
        ours, theirs = getattr(lerf, name), getattr(chess, name)
        for a in values:
            for b in values:
                assert outcome(lambda: ours(a, b)) == outcome(lambda: theirs(a, b)), (name, a, b)


def test_odd_squares_colours_and_piece_types_as_python_chess_indexes_them():
    """python-chess indexes its lists with squares and colours (so -1 is h8, and White as a
    list's last item) and compares piece types with its constants (True is a pawn, 2.0 a
    knight); what is out of range or of another type raises as the list does."""
    np = pytest.importorskip("numpy")

    def outcome(call):
        try:
            value = call()
        except Exception as e:  # noqa: BLE001 - the exception is compared
            return type(e).__name__, str(e)
        return int(value) if type(value).__name__ == "SquareSet" else str(value) if value is not None else None

    squares = [-1, -64, 64, -65, 63, 0, True, 3.0, None, "e4", np.int64(5), np.uint8(7), 1 << 64]
    # Not -2: python-chess takes it as Black where it indexes and as White where it tests
    # its truth (a pawn's direction), a mix lerf does not copy (its README).
    colours = [True, False, 0, 1, -1, 2, None, "w", np.bool_(True), np.int64(1)]
    fens = [chess.STARTING_FEN, "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1", "8/8/8/8/8/8/8/8 w - - 0 1"]
    for fen in fens:
        ours, theirs = lerf.Board(fen), chess.Board(fen)
        for square in squares:
            for name in ["piece_at", "piece_type_at", "color_at", "attacks", "attacks_mask"]:
                assert outcome(lambda: getattr(ours, name)(square)) == outcome(lambda: getattr(theirs, name)(square))
            for colour in colours:
                for name in ["attackers_mask", "is_attacked_by", "attackers", "pin_mask", "pin", "is_pinned"]:
                    mine = outcome(lambda: getattr(ours, name)(colour, square))
                    assert mine == outcome(lambda: getattr(theirs, name)(colour, square)), (name, colour, square, fen)
            edited = [lib.Board(fen) for lib in (lerf, chess)]
            results = [outcome(lambda: board.set_piece_at(square, board.piece_at(0))) for board in edited]
            assert results[0] == results[1] and edited[0].fen() == edited[1].fen(), (square, fen)
        for colour in colours:
            assert outcome(lambda: ours.king(colour)) == outcome(lambda: theirs.king(colour)), colour
            for piece_type in [1, 6, 0, 7, -1, None, True, 2.0, np.int64(3)]:
                for name in ["pieces", "pieces_mask"]:
                    mine = outcome(lambda: getattr(ours, name)(piece_type, colour))
                    assert mine == outcome(lambda: getattr(theirs, name)(piece_type, colour)), (name, piece_type, colour)
    # Not NumPy's integers: python-chess's between shifts its 64-bit mask by them, which
    # NumPy refuses (the mask does not fit its int64); lerf answers.
    plain = [square for square in squares if not isinstance(square, np.integer)]
    for a in plain:
        for b in plain:
            for name in ["ray", "between"]:
                mine = outcome(lambda: getattr(lerf.SquareSet, name)(a, b))
                assert mine == outcome(lambda: getattr(chess.SquareSet, name)(a, b)), (name, a, b)
        assert outcome(lambda: lerf.SquareSet.from_square(a)) == outcome(lambda: chess.SquareSet.from_square(a))


@pytest.mark.parametrize("board_class", ["Board", "variant.AtomicBoard"])
def test_what_is_no_move_as_python_chess_meets_it(board_class):
    """is_legal and is_pseudo_legal answer False for a false value (None too) and raise
    AttributeError for another object without a drop; the other methods raise
    AttributeError for an object that is no move (lerf raised TypeError)."""
    import chess.variant

    import lerf.variant

    def make(lib):
        module, _, name = board_class.rpartition(".")
        return getattr(getattr(lib, module) if module else lib, name)()

    for value in [None, 0, "", "e2e4", 3, (12, 28), True]:
        for name in ["is_legal", "is_pseudo_legal"]:
            ours, theirs = make(lerf), make(chess)
            try:
                expected = getattr(theirs, name)(value)
            except AttributeError:
                with pytest.raises(AttributeError, match="has no attribute 'drop'"):
                    getattr(ours, name)(value)
            else:
                assert getattr(ours, name)(value) == expected, (name, value)
    for value in [None, "e2e4", 3, (12, 28)]:
        for name in ["is_capture", "is_zeroing", "is_castling", "is_en_passant", "gives_check", "san", "uci"]:
            with pytest.raises(AttributeError):
                getattr(make(chess), name)(value)
            with pytest.raises(AttributeError):
                getattr(make(lerf), name)(value)


def test_copies_repetitions_and_chess960_numbers_of_any_argument_as_python_chess():
    """copy(stack=...) keeps what python-chess's slice move_stack[-stack:] keeps (None is no
    move, a negative number drops the first moves); is_repetition takes any real count;
    Chess960 numbers are compared, then indexed, as python-chess does."""
    np = pytest.importorskip("numpy")

    def outcome(call):
        try:
            return call()
        except Exception as e:  # noqa: BLE001 - the exception is compared
            return type(e).__name__, str(e)

    def played(lib):
        board = lib.Board()
        for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3"]:
            board.push_san(san)
        return board

    for stack in [True, False, None, 0, 1, 3, 9, -1, -4, -9, 1 << 70, 2.0, "1", np.int64(2)]:
        mine = outcome(lambda: [m.uci() for m in played(lerf).copy(stack=stack).move_stack])
        assert mine == outcome(lambda: [m.uci() for m in played(chess).copy(stack=stack).move_stack]), stack
    assert outcome(lambda: lerf.Board().copy(stacks=1)) == outcome(lambda: chess.Board().copy(stacks=1))
    for count in [1, 0, -5, 2, 3, 1.5, 2.0, 2.5, 0.5, True, 1 << 70, np.int64(2)]:
        assert played(lerf).is_repetition(count) == played(chess).is_repetition(count), count
        assert lerf.Board().is_repetition(count) == chess.Board().is_repetition(count), count
    for number in [0, 518, 959, 960, -1, 1 << 64, 3.0, None, "5", np.int64(5)]:
        for call in [lambda lib: lib.Board.from_chess960_pos(number).fen(),
                     lambda lib: lib.BaseBoard.from_chess960_pos(number).board_fen()]:
            assert outcome(lambda: call(lerf)) == outcome(lambda: call(chess)), number


def test_pieces_of_another_library_or_none_as_python_chess_takes_them():
    """A piece is read by its piece_type and color (python-chess's Piece on a lerf board);
    what has no piece_type raises python-chess's AttributeError (lerf raised TypeError)."""
    board = lerf.Board(None)
    board.set_piece_map({0: chess.Piece(1, True), 60: chess.Piece(6, False)})
    board.set_piece_at(1, chess.Piece(2, True))
    assert board.board_fen() == "4k3/8/8/8/8/8/8/PN6"
    for value in [None, "P", 3]:
        errors = []
        for lib in (lerf, chess):
            with pytest.raises(AttributeError) as raised:
                lib.Board().set_piece_map({0: value})
            errors.append(str(raised.value))
        assert errors[0] == errors[1], value


@pytest.mark.parametrize("text", ["", " ", "\t", chess.STARTING_FEN + " ", "  " + chess.STARTING_FEN, " 8/8 ", "8/8/8/8/8/8/8/9"])
def test_blank_and_padded_fens_refused_in_python_chess_words(text):
    # python-chess says "empty fen" with nothing quoted, and quotes a board part without
    # the white space around it.
    def outcome(call):
        try:
            return call().board_fen()
        except ValueError as e:
            return str(e)

    for make in [lambda lib: lib.Board(text), lambda lib: lib.BaseBoard(text),
                 lambda lib: (lambda b: (b.set_board_fen(text), b)[1])(lib.Board())]:
        assert outcome(lambda: make(lerf)) == outcome(lambda: make(chess)), text


@pytest.mark.parametrize("field", ["", "-", "KQkq", "x", "KK", "AHah", " KQ", "Kk-", "--", "KQkqK"])
def test_castling_fields_set_as_python_chess_sets_them(field):
    def outcome(lib):
        board = lib.Board()
        try:
            board.set_castling_fen(field)
        except ValueError as e:
            return str(e)
        return board.fen(), board.castling_rights

    assert outcome(lerf) == outcome(chess)


def test_find_move_takes_its_arguments_as_python_chess():
    """Squares and promotions index python-chess's lists: a negative square names one from
    h8 down but never makes a legal move, promotion 0 is none but never legal, 7 raises."""
    import itertools

    def outcome(call):
        try:
            return call().uci()
        except Exception as e:  # noqa: BLE001 - the exception is compared
            return type(e).__name__, str(e)

    squares = [12, 52, 60, 64, -1, -52, 3.0, None, True]
    targets = [28, 36, 60, 63, -36, 64, 2.0]
    promotions = [None, 0, 2, 5, 7, -1, True, 2.0]
    for fen in [chess.STARTING_FEN, "8/4P3/8/8/8/8/8/k3K2R w K - 0 1"]:
        for a, b, p in itertools.product(squares, targets, promotions):
            mine = outcome(lambda: lerf.Board(fen).find_move(a, b, p))
            assert mine == outcome(lambda: chess.Board(fen).find_move(a, b, p)), (a, b, p, fen)


def test_masks_are_any_integer_as_python_chess_ands_them():
    """from_mask/to_mask and piece_map(mask=...) take any integer as python-chess's `&`
    does: -1 (~0) is every square, a negative one its two's complement, a wider one its low
    64 bits. lerf raised OverflowError for these."""
    masks = [0, -1, ~0, 1 << 64, (1 << 64) - 1, -2, 1 << 70, chess.BB_RANK_2, -chess.BB_RANK_2, ~chess.BB_RANK_2,
             True, 2**63, -(2**63), (1 << 70) | chess.BB_RANK_1]
    generators = ["generate_legal_moves", "generate_pseudo_legal_moves", "generate_legal_captures",
                  "generate_pseudo_legal_captures", "generate_legal_ep", "generate_pseudo_legal_ep",
                  "generate_castling_moves"]
    for fen in [chess.STARTING_FEN, "r3k2r/pppppppp/8/8/4Pp2/8/PPPP1PPP/R3K2R b KQkq e3 0 1"]:
        ours, theirs = lerf.Board(fen), chess.Board(fen)
        for name in generators:
            for from_mask in masks:
                for to_mask in masks:
                    assert [m.uci() for m in getattr(ours, name)(from_mask, to_mask)] == \
                        [m.uci() for m in getattr(theirs, name)(from_mask, to_mask)], (fen, name, from_mask, to_mask)
        for mask in masks:
            assert {sq: p.symbol() for sq, p in ours.piece_map(mask=mask).items()} == \
                {sq: p.symbol() for sq, p in theirs.piece_map(mask=mask).items()}, mask
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for &: 'int' and 'float'"):
        list(lerf.Board().generate_legal_moves(3.0))
