"""The bitboard tables python-chess publishes as module constants, read from lerf's Rust
tables; the slider tables (dicts by occupancy, thousands of entries) are made on first use."""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

from ._lerf import knight_distances, leaper_tables, slider_attacks

KNIGHT_ATTACKS, KING_ATTACKS, _pawn, RAYS = leaper_tables()
PAWN_ATTACKS: List[List[int]] = list(_pawn)
_KNIGHT_DISTANCES = knight_distances()

_FILES = [0x0101_0101_0101_0101 << i for i in range(8)]
_RANKS = [0xFF << (8 * i) for i in range(8)]


def knight_distance(a: int, b: int) -> int:
    return _KNIGHT_DISTANCES[a][b]


def _subsets(mask: int):
    subset = 0
    while True:
        yield subset
        subset = (subset - mask) & mask
        if not subset:
            break


def _edges(square: int) -> int:
    return (((_RANKS[0] | _RANKS[7]) & ~_RANKS[square >> 3])
            | ((_FILES[0] | _FILES[7]) & ~_FILES[square & 7]))


def _table(kind: str) -> Tuple[List[int], List[Dict[int, int]]]:
    masks, attacks = [], []
    for square in range(64):
        mask = slider_attacks(kind, square, 0) & ~_edges(square)
        attacks.append({subset: slider_attacks(kind, square, subset) for subset in _subsets(mask)})
        masks.append(mask)
    return masks, attacks


_LAZY = {
    "BB_DIAG_MASKS": ("diag", 0), "BB_DIAG_ATTACKS": ("diag", 1),
    "BB_FILE_MASKS": ("file", 0), "BB_FILE_ATTACKS": ("file", 1),
    "BB_RANK_MASKS": ("rank", 0), "BB_RANK_ATTACKS": ("rank", 1),
}
_made: Dict[str, Tuple[List[int], List[Dict[int, int]]]] = {}


def lazy(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'lerf' has no attribute {name!r}")
    kind, index = _LAZY[name]
    if kind not in _made:
        _made[kind] = _table(kind)
    return _made[kind][index]
