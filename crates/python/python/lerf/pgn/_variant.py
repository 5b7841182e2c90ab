"""Games with a ``Variant`` tag, read on that variant's boards: ``lerf.variant``'s (imported
when a game first asks, as python-chess imports ``chess.variant``), or whatever module a
script set as ``lerf.variant`` (python-chess's ``chess.variant``, say). The Rust reader
calls these by name on ``lerf.pgn``."""

from __future__ import annotations

from typing import Any

import sys

from .._lerf import GameNode, Headers


def _find_variant(name: str) -> Any:
    """The board class of a variant by name: ``lerf.variant.find_variant`` (or that of the
    module set as ``lerf.variant``); ``ValueError`` for a name no variant has."""
    variants = getattr(sys.modules["lerf"], "variant", None)
    if variants is None:
        import importlib

        variants = importlib.import_module("lerf.variant")
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
