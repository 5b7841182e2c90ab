"""The draw rules of lerf.variant's boards against python-chess's chess.variant: games of
every variant from sparse positions, mostly quiet piece moves so that positions come back,
some with the halfmove clock near 50 or 75 moves; after every move each repetition count,
the claims, the 50- and 75-move rules and the outcome with and without claims must agree.
python-chess applies these rules through the variant's own legal moves, irreversible moves
and position key (three-check's checks, crazyhouse's pockets; crazyhouse has no 50-move
rule), which lerf once left to chess's."""

from __future__ import annotations

import random

import chess
import chess.variant
import pytest

import lerf
import lerf.variant

from budget import count
from test_variant_differential import NAMES

GAMES = count("LERF_VARIANT_DRAW_GAMES", quick=6, long=40)

STARTS = {
    "default": ["4k3/2n5/8/3p4/3P4/8/2N5/4K3 w - - {hm} 40", "r3k3/8/8/8/8/8/8/R3K3 w Qq - {hm} 30",
                "4k3/8/8/8/8/8/8/4K2R w K - {hm} 1"],
    "HordeBoard": ["4k3/2n5/8/3p4/3P4/8/2N5/8 w - - {hm} 40"],
    "RacingKingsBoard": ["8/8/8/8/8/2nk4/1NK5/8 w - - {hm} 10"],
    "CrazyhouseBoard": ["4k3/2n5/8/3p4/3P4/8/2N5/4K3[Nn] w - - {hm} 40", "r3k3/8/8/8/8/8/8/R3K3[] w Qq - {hm} 30"],
    "ThreeCheckBoard": ["4k3/2n5/8/3p4/3P4/8/2N5/4K3 w - - 3+3 {hm} 40", "r3k3/8/8/8/8/8/8/R3K3 w Qq - 2+1 {hm} 30"],
}
QUERIES = [("is_repetition", 2), ("is_repetition", 3), ("is_repetition", 4), ("is_fivefold_repetition",),
           ("can_claim_threefold_repetition",), ("can_claim_fifty_moves",), ("is_fifty_moves",),
           ("is_seventyfive_moves",), ("can_claim_draw",)]


def draws(board):
    state = {query: getattr(board, query[0])(*query[1:]) for query in QUERIES}
    for claim in (False, True):
        outcome = board.outcome(claim_draw=claim)
        state[f"outcome {claim}"] = None if outcome is None else (outcome.termination.name, outcome.winner)
    return state


@pytest.mark.parametrize("name", NAMES)
def test_draw_rules_agree_with_python_chess(name):
    rng = random.Random(f"draws {name}")
    repeated = 0
    for _ in range(GAMES):
        fen = rng.choice(STARTS.get(name, STARTS["default"])).format(hm=rng.choice([0, 0, 95, 98, 99, 146, 149]))
        theirs, ours = getattr(chess.variant, name)(fen), getattr(lerf.variant, name)(fen)
        for _ in range(rng.randrange(10, 60)):
            state = draws(theirs)
            assert draws(ours) == state, (fen, [m.uci() for m in theirs.move_stack])
            repeated += state[("is_repetition", 2)]
            legal = sorted(theirs.legal_moves, key=lambda m: m.uci())
            if not legal:
                break
            quiet = [m for m in legal if not m.drop and not theirs.is_capture(m)
                     and theirs.piece_type_at(m.from_square) != chess.PAWN]
            # Mostly a quiet move, often the side's last move taken back.
            back = [m for m in quiet if len(theirs.move_stack) >= 2
                    and (m.to_square, m.from_square) == (theirs.move_stack[-2].from_square, theirs.move_stack[-2].to_square)]
            move = rng.choice(back if back and rng.random() < 0.6 else quiet if quiet and rng.random() < 0.9 else legal)
            theirs.push(move)
            ours.push(lerf.Move.from_uci(move.uci()))
    assert repeated, "no position came back: the test would not see a repetition rule"
