"""Random placements of given pieces, for tests that probe positions no game needs to
reach (table lookups, variant ends)."""

from __future__ import annotations

import random

import chess


def placement(rng: random.Random, white: str, black: str) -> chess.BaseBoard:
    """`white`'s and `black`'s pieces (letters such as "KQP") on random squares, pawns off
    the back ranks."""
    board = chess.BaseBoard.empty()
    free = rng.sample(range(64), 64)
    for letters, upper in ((white, True), (black, False)):
        for letter in letters:
            sq = next(s for s in free if letter != "P" or 8 <= s < 56)
            free.remove(sq)
            board.set_piece_at(sq, chess.Piece.from_symbol(letter if upper else letter.lower()))
    return board
