"""lerf as ``chess`` against python-chess itself: random games from the standard start,
Chess960 starts and random impossible set-ups (no king, extra kings, pawns on the back
rank, castling rights without rooks, odd en passant squares), with pseudo-legal and null
moves among the legal ones and pieces set and removed along the way; after every move,
every query both libraries answer is compared.

``LERF_DIFFERENTIAL_GAMES`` sets the number of games of each kind (default 150: about a
minute; the issue's run used 4000).
"""

from __future__ import annotations

import random

import chess
import chess.polyglot
import pytest

import lerf

from budget import count
import lerf.polyglot

GAMES = count("LERF_DIFFERENTIAL_GAMES", quick=40, long=150)
PIECES = "PNBRQKpnbrqk"


def uci_list(moves):
    return [m.uci() for m in moves]


def outcome_of(board, claim):
    outcome = board.outcome(claim_draw=claim)
    return None if outcome is None else (outcome.termination.name, outcome.winner)


def port(move) -> lerf.Move:
    return lerf.Move(move.from_square, move.to_square, move.promotion, move.drop)


def random_setup(rng: random.Random) -> str:
    """A FEN python-chess sets up but no game reaches, now and then."""
    rows = []
    pieces = rng.choice([4, 8, 12, 20, 30])
    squares = [None] * 64
    for sq in rng.sample(range(64), pieces):
        squares[sq] = rng.choice(PIECES)
    if rng.random() < 0.8:
        for king in "Kk":
            if king not in squares:
                squares[rng.choice([i for i in range(64) if squares[i] is None] or [0])] = king
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            piece = squares[rank * 8 + file]
            if piece is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + piece
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    castling = rng.choice(["-", "KQkq", "K", "q", "Kk", "HAha", "Bb", "Qk"])
    ep = rng.choice(["-", "-", "-", "e3", "d6", "a6", "h3", "c4"])
    turn = rng.choice("wb")
    return f"{'/'.join(rows)} {turn} {castling} {ep} {rng.randrange(120)} {rng.randrange(1, 80)}"


def compare_position(ours: lerf.Board, theirs: chess.Board, rng: random.Random, deep: bool) -> None:
    fen = theirs.fen()
    where = f"in {fen} after {uci_list(theirs.move_stack)[-6:]}"
    assert ours.fen() == fen, where
    for kwargs in [dict(en_passant="fen"), dict(en_passant="xfen"), dict(shredder=True), dict(promoted=True)]:
        assert ours.fen(**kwargs) == theirs.fen(**kwargs), (kwargs, where)
    assert ours.epd() == theirs.epd(), where
    assert ours.board_fen(promoted=True) == theirs.board_fen(promoted=True), where
    assert (ours.turn, ours.ep_square, ours.castling_rights) == (theirs.turn, theirs.ep_square, theirs.castling_rights), where
    assert (ours.halfmove_clock, ours.fullmove_number, ours.ply()) == (theirs.halfmove_clock, theirs.fullmove_number, theirs.ply()), where
    bitboards = ["pawns", "knights", "bishops", "rooks", "queens", "kings", "occupied", "promoted"]
    assert [getattr(ours, b) for b in bitboards] == [getattr(theirs, b) for b in bitboards], where
    assert ours.occupied_co == theirs.occupied_co, where
    legal = list(theirs.legal_moves)
    assert uci_list(ours.legal_moves) == uci_list(legal), where
    assert uci_list(ours.pseudo_legal_moves) == uci_list(theirs.pseudo_legal_moves), where
    assert ours.legal_moves.count() == len(legal), where
    for name in ["generate_legal_captures", "generate_pseudo_legal_captures", "generate_legal_ep",
                 "generate_pseudo_legal_ep", "generate_castling_moves"]:
        assert uci_list(getattr(ours, name)()) == uci_list(getattr(theirs, name)()), (name, where)
    from_mask, to_mask = rng.getrandbits(64), rng.getrandbits(64)
    assert uci_list(ours.generate_legal_moves(from_mask, to_mask)) == uci_list(theirs.generate_legal_moves(from_mask, to_mask)), where
    assert uci_list(ours.generate_pseudo_legal_moves(from_mask, to_mask)) == uci_list(theirs.generate_pseudo_legal_moves(from_mask, to_mask)), where
    checks = ["is_check", "was_into_check", "is_valid", "is_checkmate", "is_stalemate",
              "is_insufficient_material", "is_seventyfive_moves", "is_fivefold_repetition",
              "is_fifty_moves", "can_claim_fifty_moves", "has_legal_en_passant",
              "has_pseudo_legal_en_passant", "has_chess960_castling_rights", "checkers_mask",
              "clean_castling_rights", "castling_xfen", "castling_shredder_fen", "status"]
    for name in checks:
        assert getattr(ours, name)() == getattr(theirs, name)(), (name, where)
    assert ours.chess960_pos() == theirs.chess960_pos(), where
    assert ours._transposition_key() == theirs._transposition_key(), where
    assert ours.is_repetition(2) == theirs.is_repetition(2), where
    assert ours.is_repetition(3) == theirs.is_repetition(3), where
    assert outcome_of(ours, False) == outcome_of(theirs, False), where
    for color in chess.COLORS:
        assert ours.king(color) == theirs.king(color), where
        assert ours.has_insufficient_material(color) == theirs.has_insufficient_material(color), where
        for name in ["has_castling_rights", "has_kingside_castling_rights", "has_queenside_castling_rights"]:
            assert getattr(ours, name)(color) == getattr(theirs, name)(color), (name, where)
    assert lerf.polyglot.zobrist_hash(ours) == chess.polyglot.zobrist_hash(theirs), where
    assert {sq: p.symbol() for sq, p in ours.piece_map().items()} == {sq: p.symbol() for sq, p in theirs.piece_map().items()}, where
    for sq in rng.sample(chess.SQUARES, 6):
        assert ours.attacks_mask(sq) == theirs.attacks_mask(sq), where
        occupied = rng.getrandbits(64)
        for color in chess.COLORS:
            assert ours.attackers_mask(color, sq) == theirs.attackers_mask(color, sq), where
            assert ours.attackers_mask(color, sq, occupied) == theirs.attackers_mask(color, sq, occupied), where
            assert ours.pin_mask(color, sq) == theirs.pin_mask(color, sq), where
    for move in legal if deep else rng.sample(legal, min(3, len(legal))):
        compare_move(ours, theirs, move, where)
    for _ in range(4):
        move = chess.Move(rng.randrange(64), rng.randrange(64), rng.choice([None, None, 2, 5, 6, 1]))
        assert ours.is_pseudo_legal(port(move)) == theirs.is_pseudo_legal(move), (move, where)
        assert ours.is_legal(port(move)) == theirs.is_legal(move), (move, where)
        assert ours.is_capture(port(move)) == theirs.is_capture(move), (move, where)
        assert ours.is_castling(port(move)) == theirs.is_castling(move), (move, where)
    if deep:
        assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition(), where
        assert outcome_of(ours, True) == outcome_of(theirs, True), where


def compare_move(ours: lerf.Board, theirs: chess.Board, move: chess.Move, where: str) -> None:
    ported = port(move)
    san = theirs.san(move)
    assert ours.san(ported) == san, (move, where)
    assert ours.lan(ported) == theirs.lan(move), (move, where)
    assert ours.parse_san(san) == ported, (san, where)
    assert ours.uci(ported) == theirs.uci(move) and ours.xboard(ported) == theirs.xboard(move), where
    for name in ["is_capture", "is_en_passant", "is_castling", "is_kingside_castling",
                 "is_queenside_castling", "gives_check", "is_irreversible", "is_zeroing",
                 "is_into_check"]:
        assert getattr(ours, name)(ported) == getattr(theirs, name)(move), (name, move, where)


def play(rng: random.Random, ours: lerf.Board, theirs: chess.Board, plies: int, deep_every: int) -> int:
    """Plays and compares; returns how many of the positions compared were invalid."""
    invalid = 0
    for ply in range(plies):
        compare_position(ours, theirs, rng, deep=ply % deep_every == 0)
        invalid += not theirs.is_valid()
        legal = list(theirs.legal_moves)
        roll = rng.random()
        if roll < 0.03:
            move = chess.Move.null()
        elif roll < 0.12 and any(theirs.pseudo_legal_moves):
            move = rng.choice(list(theirs.pseudo_legal_moves))
        elif legal:
            move = rng.choice(legal)
        else:
            break
        if roll > 0.985:
            # An edit mid-game: both boards forget their move stacks.
            sq, piece = rng.randrange(64), rng.choice([None, *PIECES])
            value = None if piece is None else chess.Piece.from_symbol(piece)
            theirs.set_piece_at(sq, value)
            ours.set_piece_at(sq, None if piece is None else lerf.Piece.from_symbol(piece))
            continue
        theirs.push(move)
        ours.push(port(move))
    while theirs.move_stack:
        assert ours.pop() == port(theirs.pop())
        assert ours.fen() == theirs.fen()
    return invalid


@pytest.mark.parametrize("kind", ["standard", "chess960", "impossible"])
def test_random_games_against_python_chess(kind):
    rng = random.Random({"standard": 1, "chess960": 960, "impossible": 404}[kind])
    invalid = 0
    for game in range(GAMES):
        if kind == "standard":
            theirs = chess.Board()
        elif kind == "chess960":
            theirs = chess.Board.from_chess960_pos(rng.randrange(960))
        else:
            theirs = chess.Board(random_setup(rng), chess960=rng.random() < 0.3)
        ours = lerf.Board(theirs.fen(en_passant="fen"), chess960=theirs.chess960)
        ours.castling_rights = theirs.castling_rights
        invalid += play(rng, ours, theirs, plies=rng.randrange(10, 90), deep_every=8)
    if kind == "impossible":
        assert invalid > 10 * GAMES, "the set-ups should give many invalid positions"


def test_long_games_reach_the_draw_rules():
    """Shuffling pieces to reach repetitions and the 50/75-move rules."""
    rng = random.Random(75)
    for _ in range(max(3, GAMES // 30)):
        theirs = chess.Board("8/2k5/8/3n4/8/5N2/2K5/8 w - - 90 60")
        ours = lerf.Board(theirs.fen())
        for ply in range(160):
            compare_position(ours, theirs, rng, deep=ply % 3 == 0)
            legal = [m for m in theirs.legal_moves if not theirs.is_capture(m)]
            if not legal or theirs.is_game_over():
                break
            move = rng.choice(legal[:4])
            theirs.push(move)
            ours.push(port(move))


def outcome_of_call(call):
    """What a call gives: its value, or the class and message of what it raised."""
    try:
        return call()
    except Exception as e:  # noqa: BLE001 - compared between the libraries
        return (type(e).__name__, str(e))


def test_moves_that_are_not_legal_are_written_as_python_chess_writes_them():
    """san(), lan() and gives_check() of any move (a game tree read from broken PGN can
    hold one): the same text, or the same AssertionError when the origin is empty."""
    rng = random.Random(29)
    for _ in range(max(20, GAMES // 3)):
        theirs = chess.Board(random_setup(rng)) if rng.random() < 0.5 else chess.Board()
        for _ in range(rng.randrange(0, 20)):
            legal = list(theirs.legal_moves)
            if not legal:
                break
            theirs.push(rng.choice(legal))
        ours = lerf.Board(theirs.fen())
        for _ in range(40):
            promotion = rng.choice([None, None, None, chess.QUEEN, chess.KNIGHT])
            move = chess.Move(rng.randrange(64), rng.randrange(64), promotion)
            for name in ("san", "lan", "gives_check"):
                want = outcome_of_call(lambda: getattr(theirs.copy(), name)(move))
                got = outcome_of_call(lambda: getattr(ours, name)(port(move)))
                assert got == want, (theirs.fen(), move.uci(), name)
        assert ours.fen() == theirs.fen()


BITBOARDS = ["pawns", "knights", "bishops", "rooks", "queens", "kings", "occupied", "promoted"]


def bitboards(board) -> tuple:
    return (*(getattr(board, name) for name in BITBOARDS), *board.occupied_co, board.castling_rights,
            board.ep_square, board.halfmove_clock)


def test_moves_on_boards_whose_bitboards_disagree():
    """Bitboards written by hand so that they disagree (a square in two types, occupied by
    no type, promoted while empty, of both colours): each move pushed and popped leaves the
    bits python-chess's push leaves, as it does on a consistent board."""
    rng = random.Random(7)
    pushed = 0
    for _ in range(300):
        theirs = chess.Board(random_setup(rng))
        ours = lerf.Board(theirs.fen(en_passant="fen"))
        ours.castling_rights = theirs.castling_rights
        for _ in range(rng.randrange(1, 4)):
            name = rng.choice(BITBOARDS)
            value = getattr(theirs, name) ^ (1 << rng.randrange(64)) ^ (theirs.occupied & rng.getrandbits(64))
            for board in (ours, theirs):
                setattr(board, name, value)
            if rng.random() < 0.3:
                color, bit = rng.choice([0, 1]), 1 << rng.randrange(64)
                for board in (ours, theirs):
                    board.occupied_co[color] |= bit
        assert bitboards(ours) == bitboards(theirs)
        every = [chess.Move(a, b, p) for a in range(64) for b in rng.sample(range(64), 8) for p in (None, 5)]
        for move in every + list(theirs.pseudo_legal_moves):
            assert ours.is_pseudo_legal(port(move)) == theirs.is_pseudo_legal(move), (theirs.fen(), move.uci())
        # (lerf's push refuses what is_pseudo_legal refuses, even where the generator,
        # as python-chess's, lists it on such a board)
        moves = [m for m in theirs.pseudo_legal_moves if theirs.is_pseudo_legal(m) and ours.is_pseudo_legal(port(m))]
        for move in rng.sample(moves, min(6, len(moves))):
            before = bitboards(theirs)
            try:
                theirs.push(move)
            except AssertionError:  # python-chess lists it but finds no piece to move
                theirs.pop()  # (its push fails half-way, after saving the position)
                continue
            ours.push(port(move))
            assert bitboards(ours) == bitboards(theirs), (theirs.fen(), move.uci())
            theirs.pop()
            ours.pop()
            assert bitboards(ours) == bitboards(theirs) == before, (theirs.fen(), move.uci())
            pushed += 1
    assert pushed > 1000
