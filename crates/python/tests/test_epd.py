"""EPD read and written as python-chess reads and writes it: operations, numbers as
Python's int() and float() read them, and every error with python-chess's exception and
words (which position a bad move is reported in, which of two faults is reported first).

``LERF_EPD_TEXTS`` sets the number of random texts (quick 2000, long 20000).
"""

from __future__ import annotations

import math
import random

import chess
import pytest

import lerf

from budget import count

TEXTS = count("LERF_EPD_TEXTS", quick=2000, long=20000)

FIELDS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6",
    "8/P7/8/8/8/8/7p/K6k b - -",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "xx w KQkq -",
]

TOKENS = [
    "bm", "am", "id", "pv", "c0", "ce", "acd", "hmvc", "fmvn", "noop", "sm", "e4", "Nf3", "e2e4",
    "O-O", "0-0", "0-0-0", "Ke2", "a8=Q", "Kb1", "Kg1", "Qxh7#", "exd6", "bxa1=Q", "h1=Q+",
    '"hello"', '"a;b"', '"esc\\"q"', '"\\\\"', '"', "'x'", ";", "1", "-1", "+3", "3.5", "1e3",
    "0x10", "nan", "1_000", "1__0", "1_0.5", "1e_5", "1e5_0", "12abc", "1e400", "1e-400", "1.",
    ".5", "-", "--", "0000", "\t", "\u00a0", "\x1c", "\u3000", "\u0663", "1\u0663", "-\u0663.5",
    "\u0660\u0660", "99999999999999999999999", "-0099999999999999999999", "\u00e9", "\u00aa",
    "\u2167", "_a", "\r\n", "@@@@", "Z0",
]


def outcome(call):
    """What a call gives: its value (floats by repr, moves by UCI), or its exception's type
    name and message."""

    def plain(value):
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        if isinstance(value, float):
            return ("float", repr(value))
        if type(value).__name__ == "Move":
            return ("move", value.uci())
        return value

    try:
        return plain(call())
    except Exception as e:  # noqa: BLE001 - every exception is compared
        return ("raises", type(e).__name__, str(e))


def read(module, text):
    """`set_epd` on an empty board of `module` (a library, or a board class)."""
    board = module(None) if isinstance(module, type) else module.Board(None)
    ops = board.set_epd(text)
    return ops, board.fen(), board.epd()


def random_text(rng):
    separators = ["", " ", " ", ";", "; ", ";"]
    ops = "".join(rng.choice(TOKENS) + rng.choice(separators) for _ in range(rng.randrange(0, 8)))
    return rng.choice(FIELDS) + " " + ops


def beyond_32_bits(text):
    """Whether python-chess reads `text` with a counter lerf cannot hold (lerf keeps the
    counters in 32 bits, python-chess any int)."""
    board = chess.Board(None)
    try:
        board.set_epd(text)
    except ValueError:
        return False
    return max(board.halfmove_clock, board.fullmove_number) >= 2**32


def test_random_texts_read_as_python_chess_reads_them():
    rng = random.Random(2611)
    for _ in range(TEXTS):
        text = random_text(rng)
        if beyond_32_bits(text):
            with pytest.raises(ValueError, match="in fen"):
                read(lerf, text)
            continue
        assert outcome(lambda: read(lerf, text)) == outcome(lambda: read(chess, text)), text
        from_epd = lambda m: (lambda r: (r[0].fen(), r[1]))(m.Board.from_epd(text))  # noqa: E731
        assert outcome(lambda: from_epd(lerf)) == outcome(lambda: from_epd(chess)), text


@pytest.mark.parametrize(
    "ops",
    [
        "ce 1_000 ;",  # int() passes over the white space and reads the underscore
        "pv 1e3 \t;",  # a number where moves were expected is still a number
        "ce \u0663\u0663;",  # digits of another script
        "ce 1_0.5_5e1_0;",
        "ce 99999999999999999999999;",  # any size
        "ce -0099999999999999999999;",
        "ce 12abc ;",  # the operand as written in the message
        "ce 1e999;",  # too large to be finite
        "ce 1.2.3;",
        "1ce 1;",  # not a letter first
        "\u2167 1;",  # a letter number: a letter to Rust, not to Python
        "\u00aa 1;",  # a letter to both
        "pv Kg1 Kb1;",  # refused after the first move: reported in the position after it
        "hmvc 1.5;",  # the FEN with the counters is what is quoted
        "hmvc -99999999999999999999;",
        "fmvn Nf3;",
        "0 1",  # a FEN's counters are operations to python-chess
    ],
)
def test_operands_and_their_errors(ops):
    text = "8/P7/8/8/8/8/7p/K6k b - - " + ops
    assert outcome(lambda: read(lerf, text)) == outcome(lambda: read(chess, text))


@pytest.mark.parametrize("ops", ["1ce 1;", "ce e4;", "hmvc -1;", "ce 1;"])
def test_fields_are_read_for_a_move_or_at_the_end_as_python_chess_reads_them(ops):
    # A broken position: python-chess reads it at the first move operand, or once the
    # operations are read, so an earlier bad opcode is what it reports.
    text = "xx w KQkq - " + ops
    assert outcome(lambda: read(lerf, text)) == outcome(lambda: read(chess, text))


def write(module, fen, ops):
    board = module.Board(fen)

    def port(value):
        if isinstance(value, chess.Move):
            return module.Move.from_uci(value.uci())
        if isinstance(value, list):
            return [port(v) for v in value]
        return value

    return board.epd(**{k: port(v) for k, v in ops.items()})


E4, A3A4, NULL = chess.Move.from_uci("e2e4"), chess.Move.from_uci("a3a4"), chess.Move.null()


@pytest.mark.parametrize(
    "ops",
    [
        {"": 1},
        {"-": 1},
        {"a b": 1},
        {"a\t b": 1},
        {"1 a": 1},
        {"\u2167": 1},
        {"\u00e9": 1},
        {"a": math.nan},
        {"a": -math.inf},
        {"a": 2**70},
        {"a": 1e16},
        {"pv": [E4, A3A4]},  # reported in the position after e4
        {"bm": ["e4", 3]},
        {"pv": [0]},
        {"pv": [None]},
        {"am": [E4, "x"]},
        {"bm": [A3A4, "x"]},  # the move before the bad item is written first
        {"bm": [A3A4], "a": math.nan},  # the operations are written in order
        {"a": math.nan, "bm": [A3A4]},
        {"c0": A3A4, "bm": ["x"]},
        {"c0": NULL, "pv": [NULL]},
    ],
)
def test_operations_written_and_their_errors(ops):
    fen = chess.STARTING_FEN
    assert outcome(lambda: write(lerf, fen, ops)) == outcome(lambda: write(chess, fen, ops))


def test_random_operations_written_as_python_chess_writes_them():
    rng = random.Random(2612)
    keys = ["bm", "am", "id", "c0", "ce", "acd", "pv", "noop", "hmvc", "1a", "a b", "-"]
    values = [None, "str", 'a"b', "a\\b", "a;b", "", 5, -3, 2.5, 1e20, math.nan, True, [], "MOVES", "MOVE"]
    for _ in range(TEXTS // 4):
        fen = rng.choice(FIELDS[:5])
        ops = {}
        for _ in range(rng.randrange(0, 4)):
            value = rng.choice(values)
            board = chess.Board(fen)
            if value == "MOVES":
                value = rng.sample(list(board.legal_moves) + [A3A4, NULL], 2)
            elif value == "MOVE":
                value = rng.choice(list(board.legal_moves) + [A3A4])
            ops[rng.choice(keys)] = value
        assert outcome(lambda: write(lerf, fen, ops)) == outcome(lambda: write(chess, fen, ops)), (fen, ops)


VARIANT_TOKENS = [
    "bm", "am", "pv", "c0", "hmvc", "fmvn", "e4", "Nf3", "e2e4", "O-O", "Ke2", "P@e4", "N@f3", "Kxe2",
    "exd5", "d5", "Nc6", "e5", "Qh5", "1", "1.5", '"x"', ";", "Bb5", "Bxf7", "Qxf7#", "a6", "--", "@@@@",
]


def test_variant_boards_read_and_write_moves_by_their_rules():
    # The moves of a variant's EPD are the variant's: read by a board of its class, written
    # with its SAN (no check marks in antichess, drops in crazyhouse), three-check's
    # counters a fifth field; python-chess's crazyhouse writes no operations.
    import chess.variant

    import lerf.variant

    rng = random.Random(2613)
    names = [c.__name__ for c in chess.variant.VARIANTS if c.__name__ != "Board"]
    for _ in range(TEXTS // 4):
        name = rng.choice(names)
        theirs, ours = getattr(chess.variant, name), getattr(lerf.variant, name)
        board = theirs()
        for _ in range(rng.randrange(0, 12)):
            moves = list(board.legal_moves)
            if not moves or board.is_variant_end():
                break
            board.push(rng.choice(moves))
        ops = "".join(rng.choice(VARIANT_TOKENS) + rng.choice([" ", " ", ";", "; "]) for _ in range(rng.randrange(1, 6)))
        text = board.epd() + " " + ops
        assert outcome(lambda: read(ours, text)) == outcome(lambda: read(theirs, text)), (name, text)
        moves = [m.uci() for m in list(board.legal_moves)[:3]]

        def written(cls, module, fen=board.fen()):
            played = [module.Move.from_uci(m) for m in moves]
            return cls(fen).epd(bm=played, pv=played[:1], c0="hi", acd=3)

        assert outcome(lambda: written(ours, lerf)) == outcome(lambda: written(theirs, chess)), (name, board.fen())
