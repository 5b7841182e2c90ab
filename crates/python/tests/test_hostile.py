"""Bad input through Python: an exception of the documented class with a clear message,
the board unchanged; never a Rust panic."""

import io

import pytest

import lerf

BAD_FENS = [
    "",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1 extra",
    "8/8/8/8/8/8/8/8 w - - -1 1",
    "8/8/8/8/8/8/8/8 w KQkqK - 0 1",
    "8/8/8/8/8/8/8/44 w - - 0 1",
    "8/8/8/8/8/8/8/~8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
    "K" * 10000,
    "\x00\xff garbage",
    # Runs of spaces are one separator to python-chess: `h1` is the castling field here,
    # and `8` the en passant square (found by the epd_read fuzz target).
    "4k3/8/8/8/8/8/8/R3K2R w  h1 8",
    "4k3/8/8/8/8/8/8/R3K2R w  - 8",
]


@pytest.mark.parametrize("fen", BAD_FENS)
def test_a_bad_fen_is_a_value_error_of_reasonable_length(fen):
    import chess

    with pytest.raises(ValueError) as expected:
        chess.Board(fen)
    with pytest.raises(ValueError) as raised:
        lerf.Board(fen)
    # The field named, as python-chess names it (where it does not say "fen", its words).
    assert "fen" in str(raised.value).lower() or str(raised.value) == str(expected.value)
    assert len(str(raised.value)) < 400


# FENs wrong in more than one field: python-chess checks the turn, castling, en passant
# and counters before the board part, and says which it found first.
SEVERAL_FAULTS = [
    "rnbqkRxg4bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq? - 0 1",
    "rnbqkRxg4bnr/8/8/8/8/8/8/8 w KQkq e9 0 1",
    "x w KQkq - x 1",
    "x w KQkq - 0 -1",
    "x w - - -5 1",
    "x w KQkqq",
    "8/8/8/8/8/8/8/8 w KQKQ - 0 1",
    "x q KQkq - 0 1",
    "x w - - 0 1 z",
]


@pytest.mark.parametrize("fen", SEVERAL_FAULTS)
def test_a_fen_with_several_faults_names_the_one_python_chess_names(fen):
    import chess
    import chess.variant

    import lerf.variant

    for theirs, ours in [(chess.Board, lerf.Board), (chess.variant.CrazyhouseBoard, lerf.variant.CrazyhouseBoard),
                         (chess.variant.ThreeCheckBoard, lerf.variant.ThreeCheckBoard)]:
        with pytest.raises(ValueError) as expected:
            theirs(fen)
        with pytest.raises(ValueError) as raised:
            ours(fen)
        assert str(raised.value) == str(expected.value), theirs


@pytest.mark.parametrize("fen", ["8/8/8/8/8/8/8/K6k[Qn] w - -  0h2 c5  1  ", "8/8/8/8/8/8/8/K6k[] w\t- - 0x 1",
                                 "8/8/8/8/8/8/8/K6k/Qn w KQkq? -", "8/8/8/8/8/8/8/K6k[]"])
def test_a_bad_crazyhouse_fen_is_quoted_as_python_chess_quotes_it(fen):
    """python-chess's crazyhouse keeps the spacing after the board part (it splits the FEN
    once); lerf's joined the fields with single spaces."""
    import chess.variant

    import lerf.variant

    with pytest.raises(ValueError) as expected:
        chess.variant.CrazyhouseBoard(fen)
    with pytest.raises(ValueError) as raised:
        lerf.variant.CrazyhouseBoard(fen)
    assert str(raised.value) == str(expected.value)


# FENs of positions no game reaches, which python-chess sets up all the same.
ODD_FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "8/8/8/8/8/8/8/K7 w KQkq - 0 1",
    "PPPPPPPP/8/8/8/8/8/8/pppppppp b - e3 0 1",
    "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/8/k6K w - - 0 1",
    "kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w HAha - 999999 0",
    "4k3/8/8/8/8/8/8/R3K2R w  K  -   8 2",
]


@pytest.mark.parametrize("fen", ODD_FENS)
def test_positions_python_chess_takes_are_taken(fen):
    import chess

    theirs, ours = chess.Board(fen), lerf.Board(fen)
    assert ours.fen() == theirs.fen()
    assert ours.status() == theirs.status()
    assert [m.uci() for m in ours.legal_moves] == [m.uci() for m in theirs.legal_moves]
    assert [m.uci() for m in ours.pseudo_legal_moves] == [m.uci() for m in theirs.pseudo_legal_moves]


@pytest.mark.parametrize(
    "san", ["Ke2", "e5", "Nd2", "xyz", "", "Qh9", "e8=K", "e8=X", "O-O", "Nb1-d2", "P@e4", "exd5", "e9", "--x"]
)
def test_a_refused_san_raises_python_chess_class_and_leaves_the_board(san):
    import chess

    try:
        chess.Board().parse_san(san)
        pytest.fail(f"python-chess takes {san!r}")
    except ValueError as theirs:
        expected = getattr(lerf, type(theirs).__name__)
    board = lerf.Board()
    before = board.fen()
    with pytest.raises(expected):
        board.push_san(san)
    assert board.fen() == before and not board.move_stack


def test_long_and_overspecified_san_as_python_chess_takes_it():
    board = lerf.Board()
    assert board.push_san("Nb1-c3+").uci() == "b1c3"  # a wrong check sign is not checked
    assert board.push_san("e7e5").uci() == "e7e5"


def test_ambiguous_illegal_and_invalid_moves():
    board = lerf.Board("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1")
    with pytest.raises(lerf.AmbiguousMoveError) as raised:
        board.push_san("Ne2")
    assert "Ne2" in str(raised.value) and "4k3/8" in str(raised.value)
    with pytest.raises(lerf.IllegalMoveError):
        board.push(lerf.Move.from_uci("e1e3"))
    with pytest.raises(lerf.IllegalMoveError):
        board.push_uci("c1c2")
    with pytest.raises(lerf.InvalidMoveError):
        board.push_uci("e1")
    with pytest.raises(lerf.InvalidMoveError):
        lerf.Move.from_uci("e2e4K")
    with pytest.raises(lerf.IllegalMoveError):
        board.push(lerf.Move.from_uci("N@e4"))  # a drop is not played on a standard board
    with pytest.raises(ValueError):
        lerf.Move(64, 0)
    with pytest.raises(IndexError, match="list index out of range"):
        board.piece_at(64)  # python-chess indexes its list of 64 squares
    with pytest.raises(IndexError):
        board.pop()
    assert board.fen() == "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1"


def test_perft_limits_are_errors():
    with pytest.raises(ValueError):
        lerf.perft(lerf.STARTING_FEN, 1000)
    with pytest.raises(ValueError):
        lerf.perft(lerf.STARTING_FEN, 1, threads=0)
    with pytest.raises(ValueError):
        lerf.perft("not a fen", 1)


def test_bad_pgn_input():
    with pytest.raises(OSError):
        list(lerf.pgn.read_games("/no/such/file.pgn"))
    games = list(lerf.pgn.read_games(io.BytesIO(bytes(range(256)) * 4000)))
    assert all(isinstance(g, lerf.pgn.Game) for g in games)
    with pytest.raises(OSError):
        list(lerf.pgn.read_games(io.StringIO("1. e4 *")))


def test_a_hundred_megabyte_line():
    line = b"1. e4 e5 " + b"x" * (100 << 20) + b" *\n\n1. d4 *\n"
    games = list(lerf.pgn.read_games(io.BytesIO(line)))
    assert [len(list(g.mainline_moves())) for g in games] == [2, 1]
