"""lerf.polyglot's reader against python-chess's on a book written here from random games
(entries of real positions, castling written king-takes-rook, odd weights, learn values,
moves python-chess cannot read and keys no position has): every lookup, choice and index, errors with their words.

``LERF_POLYGLOT_GAMES`` sets the number of games walked through the book (quick 60,
long 400).
"""

from __future__ import annotations

import random
import struct

import chess
import chess.polyglot
import pytest

import lerf
import lerf.polyglot

from budget import count

GAMES = count("LERF_POLYGLOT_GAMES", quick=60, long=400)
ENTRY = struct.Struct(">QHHI")


def raw_move(board: chess.Board, move: chess.Move) -> int:
    """A move as a book stores it: castling as the king taking its rook."""
    to = move.to_square
    if board.is_castling(move):
        to = (move.from_square & 0x38) | (7 if (move.to_square & 7) > (move.from_square & 7) else 0)
    promotion = move.promotion - 1 if move.promotion else 0
    return to | (move.from_square << 6) | (promotion << 12)


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    rng = random.Random(3001)
    entries = set()
    for _ in range(120):
        board = chess.Board()
        for _ in range(rng.randrange(1, 30)):
            legal = list(board.legal_moves)
            if not legal:
                break
            key = chess.polyglot.zobrist_hash(board)
            for move in rng.sample(legal, min(len(legal), rng.randrange(1, 4))):
                weight = rng.choice([0, 1, 2, 7, 100, 65535])
                entries.add((key, raw_move(board, move), weight, rng.choice([0, 1, 2**32 - 1])))
            if rng.random() < 0.05:  # a promotion part naming no piece (never found for a board)
                entries.add((key, rng.getrandbits(12) | rng.choice([6, 7]) << 12, rng.randrange(3), 0))
            board.push(rng.choice(legal))
    # e2e4 with a promotion part naming no piece: python-chess never finds it for a board.
    entries.add((chess.polyglot.zobrist_hash(chess.Board()), 28 | 12 << 6 | 6 << 12, 50, 0))
    for _ in range(50):  # keys no position has, moves of any bits
        entries.add((rng.getrandbits(64), rng.getrandbits(16), rng.randrange(65536), 0))
    path = tmp_path_factory.mktemp("book") / "random.bin"
    path.write_bytes(b"".join(ENTRY.pack(*e) for e in sorted(entries, key=lambda e: e[0])))
    return str(path)


def outcome(call):
    def plain(value):
        if type(value).__name__ == "Entry":
            # A promotion part of 6 or 7 is a promotion to piece type 7 or 8 in python-chess,
            # a move it cannot write; lerf's moves have piece types 1 to 6 (its README).
            names_a_piece = (value.raw_move >> 12) & 7 < 6
            move = value.move.uci() if names_a_piece else "no piece"
            return value.key, value.raw_move, value.weight, value.learn, move
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        return value

    try:
        return plain(call())
    except Exception as e:  # noqa: BLE001 - the exception is compared
        return type(e).__name__, str(e)


def test_lookups_and_choices_as_python_chess(book):
    rng = random.Random(3002)
    with chess.polyglot.open_reader(book) as theirs, lerf.polyglot.open_reader(book) as ours:
        assert len(ours) == len(theirs)
        assert outcome(lambda: list(ours)) == outcome(lambda: list(theirs))
        for _ in range(GAMES):
            t, o = chess.Board(), lerf.Board()
            for _ in range(rng.randrange(0, 25)):
                weight = rng.choice([0, 1, 2, 100])
                exclude = rng.sample(list(t.legal_moves), min(2, t.legal_moves.count())) if rng.random() < 0.3 else []
                mine = [lerf.Move.from_uci(m.uci()) for m in exclude]
                seed = rng.randrange(10**6)
                calls = [
                    (lambda: list(ours.find_all(o, minimum_weight=weight, exclude_moves=mine)),
                     lambda: list(theirs.find_all(t, minimum_weight=weight, exclude_moves=exclude))),
                    (lambda: ours.find(o, minimum_weight=weight, exclude_moves=mine),
                     lambda: theirs.find(t, minimum_weight=weight, exclude_moves=exclude)),
                    (lambda: ours.get(o, minimum_weight=weight), lambda: theirs.get(t, minimum_weight=weight)),
                    (lambda: ours.choice(o, minimum_weight=weight, random=random.Random(seed)),
                     lambda: theirs.choice(t, minimum_weight=weight, random=random.Random(seed))),
                    (lambda: ours.weighted_choice(o, random=random.Random(seed)),
                     lambda: theirs.weighted_choice(t, random=random.Random(seed))),
                    (lambda: list(ours.find_all(chess.polyglot.zobrist_hash(t))),
                     lambda: list(theirs.find_all(chess.polyglot.zobrist_hash(t)))),
                ]
                for mine_call, their_call in calls:
                    assert outcome(mine_call) == outcome(their_call), t.fen()
                entries = list(theirs.find_all(t))
                legal = list(t.legal_moves)
                if not legal:
                    break
                move = rng.choice(entries).move if entries and rng.random() < 0.8 else rng.choice(legal)
                t.push(move)
                o.push(lerf.Move.from_uci(move.uci()))


def test_indexing_as_python_chess(book):
    # python-chess hands struct a byte offset: a negative index counts from the end twice
    # over, an offset past 64 bits is an OverflowError, a float a TypeError.
    with chess.polyglot.open_reader(book) as theirs, lerf.polyglot.open_reader(book) as ours:
        n = len(theirs)
        indices = list(range(-2 * n - 3, -2 * n + 3)) + list(range(-n - 3, 3)) + list(range(n - 3, n + 3))
        indices += [2**58, 2**59, -(2**59), -(2**60), 2**63, -(2**63), True, 1.0, -1.0, "1", None]
        for i in indices:
            assert outcome(lambda: ours[i]) == outcome(lambda: theirs[i]), i


def test_files_that_are_no_book_refused_as_python_chess_refuses_them(tmp_path):
    """A missing file raises Python's own FileNotFoundError (errno, filename, words); a
    size that is no multiple of 16 python-chess's OSError; a directory, which cannot be
    mapped, reads as a book of no entries, as in python-chess."""

    def outcome(f):
        try:
            with f() as reader:
                return ("value", len(reader))
        except OSError as e:
            return ("raised", type(e).__name__, e.errno, e.filename, str(e))

    odd = tmp_path / "odd.bin"
    odd.write_bytes(bytes(17))
    for path in [tmp_path / "missing.bin", odd, str(odd), tmp_path, tmp_path / "empty.bin"]:
        if str(path).endswith("empty.bin"):
            path.write_bytes(b"")
        assert outcome(lambda: lerf.polyglot.open_reader(path)) == outcome(lambda: chess.polyglot.open_reader(path)), path
