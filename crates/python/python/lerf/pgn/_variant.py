"""Games of variants lerf does not play, read through python-chess's boards: when a
script sets ``lerf.variant = chess.variant``, a ``Variant`` tag lerf does not know gives a
game whose boards are python-chess's variant boards (the Rust reader calls these by name
on ``lerf.pgn``)."""

from __future__ import annotations

from typing import Any

import sys

from .._lerf import GameNode, Headers


def _find_variant(name: str) -> Any:
    """The board class of a variant lerf does not play: python-chess's, when its
    ``chess.variant`` module is set as ``lerf.variant``; ``ValueError`` otherwise."""
    # The package is read when a game asks (not imported here: it imports this module).
    variants = getattr(sys.modules["lerf"], "variant", None)
    if variants is None:
        raise ValueError(f"unsupported variant: {name}")
    return variants.find_variant(name)


def _variant_board(headers: Headers) -> Any:
    board_class = headers.variant()
    board = board_class(headers.get("FEN", board_class.starting_fen), chess960=headers.is_chess960())
    board.chess960 = board.chess960 or board.has_chess960_castling_rights()
    return board


def _variant_node_board(node: GameNode) -> Any:
    moves = []
    while node.move is not None and node.parent is not None:
        moves.append(node.move)
        node = node.parent
    board = node.game().board()
    for move in reversed(moves):
        board.push(move)
    return board
