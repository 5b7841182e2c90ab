"""python-chess's ``chess.variant`` over lerf: the Lichess variants' boards.

``SuicideBoard``, ``GiveawayBoard``, ``AntichessBoard``, ``AtomicBoard``,
``KingOfTheHillBoard``, ``RacingKingsBoard``, ``HordeBoard``, ``ThreeCheckBoard``,
``CrazyhouseBoard`` (with ``CrazyhousePocket``), ``VARIANTS`` and ``find_variant``, with
python-chess 1.11's names and behaviour. Moves, their legality and what a move does
(explosions, drops, checks given) are ``lerf_rules::variant``'s, in Rust.

>>> import lerf.variant
>>> board = lerf.variant.AtomicBoard("rnbqkb1r/pp2pppp/2p2n2/3p4/2PP4/2N2N2/PP2PPPP/R1BQKB1R b KQkq - 3 4")
>>> board.push_san("dxc4")
Move.from_uci('d5c4')
>>> board.fen()
'rnbqkb1r/pp2pppp/2p2n2/8/3P4/5N2/PP2PPPP/R1BQKB1R w KQkq - 0 5'
"""

from __future__ import annotations

from typing import List, Type

from .. import _lerf
from ._board import _VariantBoard
from ._kinds import (AntichessBoard, AtomicBoard, GiveawayBoard, HordeBoard, KingOfTheHillBoard,
                     RacingKingsBoard, SuicideBoard)
from ._pockets import CrazyhouseBoard, CrazyhousePocket, ThreeCheckBoard

__all__ = [
    "SuicideBoard", "GiveawayBoard", "AntichessBoard", "AtomicBoard", "KingOfTheHillBoard",
    "RacingKingsBoard", "HordeBoard", "ThreeCheckBoard", "CrazyhouseBoard", "CrazyhousePocket",
    "VARIANTS", "find_variant",
]

#: Every board class, standard chess first, as python-chess lists them.
VARIANTS: List[Type[_lerf.Board]] = [
    _lerf.Board, SuicideBoard, GiveawayBoard, AntichessBoard, AtomicBoard, KingOfTheHillBoard,
    RacingKingsBoard, HordeBoard, ThreeCheckBoard, CrazyhouseBoard,
]


def find_variant(name: str) -> Type[_lerf.Board]:
    """The board class of a variant by any of its names (case-insensitive);
    ``ValueError`` for a name none has."""
    for variant in VARIANTS:
        if any(alias.lower() == name.lower() for alias in variant.aliases):
            return variant
    raise ValueError(f"unsupported variant: {name}")


for _cls in VARIANTS[1:] + [CrazyhousePocket]:
    _cls.__module__ = __name__  # python-chess's home for them: lerf.variant.AtomicBoard

del _VariantBoard, _cls
