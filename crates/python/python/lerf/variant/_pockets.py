"""The variant boards with state beside the position: three-check (checks still to give)
and crazyhouse (pockets)."""

from __future__ import annotations

import re
from typing import Any, Dict, Iterable, List

from .. import _lerf
from .._types import Status
from ._board import _VariantBoard

_CHECKS = re.compile(r"^[0-3]\+[0-3]\Z")
_LICHESS_CHECKS = re.compile(r"^\+([0-3])\+([0-3])\Z")
_SYMBOLS = " pnbrqk"


class _KeepsState(_VariantBoard):
    """A variant board with state beside the position (the Python class keeps it, with its
    history for ``pop``): its moves are played, and its SAN written, with that state."""

    _stateless = False

    def push(self, move: Any) -> None:
        # Played by the variant's rules in Rust (IllegalMoveError unless pseudo-legal or
        # null); the state before it kept for pop.
        extra = self._extra()
        after = self._variant_push(self._code, extra, move)
        self._history.append(tuple(extra))
        self._set_extra(after)

    def pop(self) -> Any:
        move = super().pop()
        self._set_extra(list(self._history.pop()))
        return move

    def san(self, move: Any) -> str:
        return self._variant_san(self._code, self._extra(), move, False)

    def lan(self, move: Any) -> str:
        return self._variant_san(self._code, self._extra(), move, True)


class ThreeCheckBoard(_KeepsState):
    """Three-check: the third check wins. ``remaining_checks[color]``: the checks ``color``
    must still give."""

    _code = 6
    aliases = ["Three-check", "Three check", "Threecheck", "Three check chess", "3-check", "3 check", "3check"]
    uci_variant = "3check"
    xboard_variant = "3check"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"

    def _init_state(self) -> None:
        self.remaining_checks = [3, 3]

    def _extra(self) -> List[int]:
        return [self.remaining_checks[True], self.remaining_checks[False]] + [0] * 10

    def _set_extra(self, extra: List[int]) -> None:
        self.remaining_checks[True], self.remaining_checks[False] = extra[0], extra[1]

    def _fen_tail(self) -> str:
        return f"{self.remaining_checks[True]}+{self.remaining_checks[False]}"

    def _read_fen_extras(self, fen: str) -> str:
        parts = fen.split()
        checks = (3, 3)
        lichess = _LICHESS_CHECKS.match(parts[-1]) if parts else None
        if lichess and len(parts) >= 7:
            checks = (3 - int(lichess.group(1)), 3 - int(lichess.group(2)))
            parts.pop()
        elif len(parts) >= 5 and _CHECKS.match(parts[4]):
            white, black = parts.pop(4).split("+")
            checks = (int(white), int(black))
        elif len(parts) > 6:
            raise ValueError(f"fen string has more parts than expected: {fen!r}")
        self.remaining_checks[True], self.remaining_checks[False] = checks
        return " ".join(parts)

    def set_epd(self, epd: str) -> Dict[str, Any]:
        parts = epd.strip().split(None, 5)
        checks = (3, 3)
        if len(parts) >= 5 and _CHECKS.match(parts[4]):
            white, black = parts.pop(4).split("+")
            checks = (int(white), int(black))
        ops = super().set_epd(" ".join(parts))
        self.remaining_checks[True], self.remaining_checks[False] = checks
        return ops

    def is_variant_win(self) -> bool:
        return self.remaining_checks[self.turn] <= 0

    def is_variant_loss(self) -> bool:
        return self.remaining_checks[not self.turn] <= 0

    def has_insufficient_material(self, color: bool) -> bool:
        return not (self.occupied_co[color] & ~self.kings)

    def is_irreversible(self, move: Any) -> bool:
        return super().is_irreversible(move) or self.gives_check(move)

    def mirror(self) -> Any:
        board = super().mirror()
        board.remaining_checks[True], board.remaining_checks[False] = self.remaining_checks[False], self.remaining_checks[True]
        return board


class CrazyhousePocket:
    """The pieces one side holds in hand."""

    def __init__(self, symbols: Iterable[str] = "") -> None:
        self._pieces = [0] * 7
        for symbol in symbols:
            self.add(_SYMBOLS.index(symbol.lower()))

    def reset(self) -> None:
        """Empties the pocket."""
        self._pieces = [0] * 7

    def add(self, piece_type: int) -> None:
        """Adds a piece of the type."""
        self._pieces[piece_type] += 1

    def remove(self, piece_type: int) -> None:
        """Takes a piece of the type (``ValueError`` if there is none)."""
        if not self._pieces[piece_type]:
            raise ValueError(f"no {_SYMBOLS[piece_type]} in pocket")
        self._pieces[piece_type] -= 1

    def count(self, piece_type: int) -> int:
        """How many pieces of the type."""
        return self._pieces[piece_type]

    def copy(self) -> "CrazyhousePocket":
        """A copy."""
        pocket = type(self)()
        pocket._pieces = list(self._pieces)
        return pocket

    def __len__(self) -> int:
        return sum(self._pieces)

    def __str__(self) -> str:
        return "".join(_SYMBOLS[pt] * self._pieces[pt] for pt in (5, 4, 3, 2, 1, 6))

    def __repr__(self) -> str:
        return f"CrazyhousePocket('{self}')"


class CrazyhouseBoard(_KeepsState):
    """Crazyhouse: captured pieces change sides and may be dropped. ``pockets[color]``: what
    ``color`` holds in hand."""

    _code = 2
    aliases = ["Crazyhouse", "Crazy House", "House", "ZH"]
    uci_variant = "crazyhouse"
    xboard_variant = "crazyhouse"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"

    def _init_state(self) -> None:
        self.pockets = [CrazyhousePocket(), CrazyhousePocket()]

    def _extra(self) -> List[int]:
        # Slices of the pockets' counts (pawn to queen), not a call a piece type.
        return [3, 3] + self.pockets[True]._pieces[1:6] + self.pockets[False]._pieces[1:6]

    def _set_extra(self, extra: List[int]) -> None:
        self.pockets[True]._pieces[1:6] = extra[2:7]
        self.pockets[False]._pieces[1:6] = extra[7:12]

    def board_fen(self, *, promoted: Any = True) -> str:
        return super().board_fen(promoted=True if promoted is None else promoted)

    def epd(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Any = None, **operations: Any) -> str:
        epd = super().epd(shredder=shredder, en_passant=en_passant, promoted=True if promoted is None else promoted,
                          **operations)
        board, _, rest = epd.partition(" ")
        pocket = str(self.pockets[True]).upper() + str(self.pockets[False])
        return f"{board}[{pocket}] {rest}"

    def _read_fen_extras(self, fen: str) -> str:
        board, _, rest = fen.strip().partition(" ")
        pocket = ""
        if board.endswith("]") and "[" in board:
            board, _, pocket = board[:-1].partition("[")
        elif board.count("/") == 8:
            board, _, pocket = board.rpartition("/")
        if any(c.lower() not in _SYMBOLS[1:6] for c in pocket):
            raise ValueError(f"invalid pocket in fen: {fen!r}")
        self.pockets = [CrazyhousePocket(c for c in pocket if c.islower()),
                        CrazyhousePocket(c for c in pocket if c.isupper())]
        return f"{board} {rest}".strip()

    def is_pseudo_legal(self, move: Any) -> bool:
        if move.drop:
            return bool(self.pockets[self.turn].count(move.drop) and not (self.occupied >> move.to_square) & 1
                        and not (move.drop == 1 and (1 << move.to_square) & 0xFF00_0000_0000_00FF)
                        and move.drop != 6)
        return super().is_pseudo_legal(move)

    def set_epd(self, epd: str) -> Dict[str, Any]:
        board, _, rest = epd.strip().partition(" ")
        pockets = self._read_fen_extras(board + " w").split(" ")[0]
        saved = self.pockets
        ops = super().set_epd(f"{pockets} {rest}")
        self.pockets = saved
        return ops

    def legal_drop_squares_mask(self) -> int:
        """The squares a drop may go to now."""
        king = self.king(self.turn)
        empty = ~self.occupied & 0xFFFF_FFFF_FFFF_FFFF
        if king is None:
            return empty
        checkers = self.checkers_mask()
        if not checkers:
            return empty
        if checkers & (checkers - 1):
            return 0
        return _lerf.between(king, checkers.bit_length() - 1) & empty

    def legal_drop_squares(self) -> Any:
        """``legal_drop_squares_mask`` as a ``SquareSet``."""
        return _lerf.SquareSet(self.legal_drop_squares_mask())

    def has_insufficient_material(self, color: bool) -> bool:
        pockets = self.pockets[True]._pieces[1:6], self.pockets[False]._pieces[1:6]
        pieces = bin(self.occupied).count("1") + sum(pockets[0]) + sum(pockets[1])
        heavy = self.pawns | self.rooks | self.queens
        return (pieces <= 3 and not heavy and not self.promoted
                and not any(p[0] or p[3] or p[4] for p in pockets))

    def status(self) -> int:
        status = super().status()
        pockets = self.pockets[True]._pieces, self.pockets[False]._pieces
        pieces = bin(self.occupied).count("1") + sum(pockets[0]) + sum(pockets[1])
        pawns = bin(self.pawns).count("1") + pockets[0][1] + pockets[1][1]
        if pieces <= 32 and pawns <= 16:
            status &= ~(Status.TOO_MANY_WHITE_PIECES | Status.TOO_MANY_BLACK_PIECES
                        | Status.TOO_MANY_WHITE_PAWNS | Status.TOO_MANY_BLACK_PAWNS)
        return status

    def is_irreversible(self, move: Any) -> bool:
        if not move:
            return False
        before = self.clean_castling_rights()
        board = self.copy(stack=False)
        board.push(move)
        return board.clean_castling_rights() != before

    def mirror(self) -> Any:
        board = super().mirror()
        board.pockets = [self.pockets[True].copy(), self.pockets[False].copy()]
        return board
