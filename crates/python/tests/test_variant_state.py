"""Three-check's ``remaining_checks`` and crazyhouse's ``pockets`` are kept by the Rust board
(so ``push`` and ``pop`` run no Python) and seen through views: written through them, copied,
rooted, pickled and cleared, they must behave as python-chess's lists and pockets do."""

from __future__ import annotations

import pickle
import random

import chess
import chess.variant
import pytest

import lerf
import lerf.variant


def same(ours, theirs):
    assert ours.fen() == theirs.fen()
    assert [m.uci() for m in ours.legal_moves] == [m.uci() for m in theirs.legal_moves]
    assert ours.outcome() == theirs.outcome() or (ours.outcome() is None) == (theirs.outcome() is None)


def play(ours, theirs, rng, plies):
    for _ in range(plies):
        moves = sorted(theirs.legal_moves, key=lambda m: m.uci())
        if not moves or theirs.is_variant_end():
            return
        move = rng.choice(moves)
        assert ours.san(lerf.Move.from_uci(move.uci())) == theirs.san(move)
        theirs.push(move)
        ours.push(lerf.Move.from_uci(move.uci()))


def test_remaining_checks_is_a_list_indexed_by_colour():
    board = lerf.variant.ThreeCheckBoard("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1")
    theirs = chess.variant.ThreeCheckBoard("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1")
    assert board.remaining_checks == theirs.remaining_checks == [1, 2]
    assert list(board.remaining_checks) == [1, 2] and len(board.remaining_checks) == 2
    assert board.remaining_checks[lerf.WHITE] == 2 and board.remaining_checks[-1] == 2
    assert repr(board.remaining_checks) == repr(theirs.remaining_checks)
    copied = board.remaining_checks.copy()
    board.remaining_checks[lerf.WHITE] = 1
    theirs.remaining_checks[chess.WHITE] = 1
    assert copied == [1, 2]
    same(board, theirs)
    board.remaining_checks[lerf.BLACK] -= 1
    theirs.remaining_checks[chess.BLACK] -= 1
    same(board, theirs)
    assert board.is_variant_end() and board.is_variant_loss()
    board.remaining_checks = [3, 3]
    theirs.remaining_checks = [3, 3]
    same(board, theirs)


def test_checks_follow_moves_pops_copies_roots_and_pickles():
    rng = random.Random(7)
    for game in range(30):
        ours, theirs = lerf.variant.ThreeCheckBoard(), chess.variant.ThreeCheckBoard()
        play(ours, theirs, rng, rng.randrange(10, 60))
        view = ours.remaining_checks
        assert list(view) == list(theirs.remaining_checks)
        for keep in (True, False, 3):
            a, b = ours.copy(stack=keep), theirs.copy(stack=keep)
            while b.move_stack:
                assert a.pop().uci() == b.pop().uci()
                same(a, b)
        same(ours.root(), theirs.root())
        same(pickle.loads(pickle.dumps(ours)), theirs)
        while theirs.move_stack:
            ours.pop()
            theirs.pop()
            # A view held across moves reads the board as it is now.
            assert list(view) == list(theirs.remaining_checks)
        same(ours, theirs)


def test_pockets_are_views_of_the_board():
    fen = "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nnp] w KQkq - 0 1"
    ours, theirs = lerf.variant.CrazyhouseBoard(fen), chess.variant.CrazyhouseBoard(fen)
    assert str(ours.pockets[lerf.WHITE]) == str(theirs.pockets[chess.WHITE]) == "n"
    assert str(ours.pockets[lerf.BLACK]) == str(theirs.pockets[chess.BLACK]) == "np"
    assert len(ours.pockets) == 2 and [str(p) for p in ours.pockets] == ["np", "n"]
    assert len(ours.pockets[lerf.BLACK]) == 2
    ours.pockets[lerf.WHITE].add(lerf.QUEEN)
    theirs.pockets[chess.WHITE].add(chess.QUEEN)
    same(ours, theirs)
    ours.pockets[lerf.BLACK].remove(lerf.PAWN)
    theirs.pockets[chess.BLACK].remove(chess.PAWN)
    same(ours, theirs)
    with pytest.raises(ValueError):
        ours.pockets[lerf.BLACK].remove(lerf.ROOK)
    same(ours, theirs)
    ours.pockets[lerf.BLACK] = lerf.variant.CrazyhousePocket("rrb")
    theirs.pockets[chess.BLACK] = chess.variant.CrazyhousePocket("rrb")
    same(ours, theirs)
    own = ours.pockets[lerf.WHITE].copy()
    ours.pockets[lerf.WHITE].reset()
    theirs.pockets[chess.WHITE].reset()
    assert str(own) == "qn" and repr(own) == "CrazyhousePocket('qn')"
    same(ours, theirs)
    with pytest.raises(ValueError):
        lerf.variant.CrazyhousePocket("Q")
    ours.pockets = [lerf.variant.CrazyhousePocket("p"), lerf.variant.CrazyhousePocket("qq")]
    theirs.pockets = [chess.variant.CrazyhousePocket("p"), chess.variant.CrazyhousePocket("qq")]
    same(ours, theirs)
    ours.clear()
    theirs.clear()
    assert ours.fen() == theirs.fen()


def test_pockets_follow_moves_pops_copies_roots_and_pickles():
    rng = random.Random(11)
    for game in range(30):
        ours, theirs = lerf.variant.CrazyhouseBoard(), chess.variant.CrazyhouseBoard()
        play(ours, theirs, rng, rng.randrange(10, 80))
        held = ours.pockets[lerf.WHITE]
        for keep in (True, False, 5):
            a, b = ours.copy(stack=keep), theirs.copy(stack=keep)
            while b.move_stack:
                assert a.pop().uci() == b.pop().uci()
                same(a, b)
        same(ours.root(), theirs.root())
        same(ours.mirror(), theirs.mirror())
        same(pickle.loads(pickle.dumps(ours)), theirs)
        play(ours, theirs, rng, 6)
        assert str(held) == str(theirs.pockets[chess.WHITE])
        while theirs.move_stack:
            assert ours.pop().uci() == theirs.pop().uci()
        same(ours, theirs)
