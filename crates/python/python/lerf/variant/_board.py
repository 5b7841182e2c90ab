"""``_VariantBoard``: what every variant board adds to ``lerf.Board``.

The rules are Rust's (``lerf_rules::variant``): the Rust board is told its variant when it
is made (``Board._play_variant``), and from then on its ``push``, ``pop``, moves and SAN
follow the variant's rules, the state beside the position (checks to give, pockets) kept
with its history in Rust. This class gives the board's game-level questions (checkmate,
outcome, FEN) the variant's answers, since the standard ``Board``'s methods know only
standard chess."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, Iterator, List, Optional, Tuple, Type, TypeVar, Union

from .. import BB_BACKRANKS, SQUARE_NAMES, _lerf
from .._lerf import Move
from .._types import Outcome, Status, Termination
from ._draws import _DrawRules

if TYPE_CHECKING:
    # What an EPD operation holds, as the native module's stub types it.
    from .._lerf import EpdOperand, EpdValue

#: A variant board's own class, for the methods that give back a board of it.
VariantBoardT = TypeVar("VariantBoardT", bound="_VariantBoard")

BB_ALL = 0xFFFF_FFFF_FFFF_FFFF


def _worth_looking_up(move: Any) -> bool:
    """False for a false value (None, the null move), which is no move; anything else is
    asked for its drop first, as python-chess asks (its AttributeError for what has none)."""
    if not move:
        return False
    getattr(move, "drop")
    return True


class _Start(str):
    """The default FEN: the board class's own start position."""

    def __repr__(self) -> str:
        return "starting_fen"


_START = _Start("starting_fen")


class _VariantBoard(_DrawRules, _lerf.Board):
    """A board of one of lerf's variants (abstract: the classes in ``lerf.variant``)."""

    # The variant's number in lerf_rules::variant::Variant::ALL.
    _code = -1
    connected_kings = False
    one_king = True
    captures_compulsory = False
    tbw_suffix: Optional[str] = None
    tbz_suffix: Optional[str] = None
    tbw_magic: Optional[bytes] = None
    tbz_magic: Optional[bytes] = None
    pawnless_tbw_suffix: Optional[str] = None
    pawnless_tbz_suffix: Optional[str] = None
    pawnless_tbw_magic: Optional[bytes] = None
    pawnless_tbz_magic: Optional[bytes] = None

    def __init__(self, fen: Optional[str] = _START, chess960: bool = False) -> None:
        # Board's __init__ is not called: _play_variant sets the board up (push, pop, the
        # moves and SAN are then Board's own, playing by the variant's rules).
        if fen is _START:
            # The class's own start, read in Rust (the FEN is the class's, known good).
            self._play_variant(self._code, type(self).starting_fen, chess960)
            return
        self._play_variant(self._code, None, chess960)
        if fen is not None:
            self.set_fen(fen)

    # Moves.

    def generate_legal_moves(self, from_mask: int = BB_ALL, to_mask: int = BB_ALL) -> Iterator[Move]:
        moves = self._variant_moves(True)
        if from_mask == BB_ALL and to_mask == BB_ALL:
            return iter(moves)
        return (m for m in moves if (1 << m.from_square) & from_mask and (1 << m.to_square) & to_mask)

    def generate_pseudo_legal_moves(self, from_mask: int = BB_ALL, to_mask: int = BB_ALL) -> Iterator[Move]:
        moves = self._variant_moves(False)
        if from_mask == BB_ALL and to_mask == BB_ALL:
            return iter(moves)
        return (m for m in moves if (1 << m.from_square) & from_mask and (1 << m.to_square) & to_mask)

    # The narrower generators keep to the variant's legal moves, in their order: captures
    # of pieces first, then en passant (python-chess's order).
    def generate_legal_captures(self, from_mask: int = BB_ALL, to_mask: int = BB_ALL) -> Iterator[Move]:
        return itertools.chain(
            self.generate_legal_moves(from_mask, to_mask & self.occupied_co[not self.turn]),
            self.generate_legal_ep(from_mask, to_mask))

    def generate_legal_ep(self, from_mask: int = BB_ALL, to_mask: int = BB_ALL) -> Iterator[Move]:
        # python-chess's: the pseudo-legal en passant captures that do not go into check by
        # the variant's reckoning, none once the game is over. Not always legal moves: in
        # racing kings one may give check, in atomic one may blow up the mover's own king
        # (and so the en passant square stays in the FEN).
        if self.is_variant_end():
            return
        for move in self.generate_pseudo_legal_ep(from_mask, to_mask):
            if not self.is_into_check(move):
                yield move

    def generate_castling_moves(self, from_mask: int = BB_ALL, to_mask: int = BB_ALL) -> Iterator[Move]:
        return (m for m in self.generate_legal_moves(from_mask, to_mask) if self.is_castling(m))

    def is_legal(self, move: Move) -> bool:
        return _worth_looking_up(move) and move in self._variant_moves(True)

    def is_pseudo_legal(self, move: Move) -> bool:
        return _worth_looking_up(move) and move in self._variant_moves(False)

    # The game's state.

    def is_check(self) -> bool:
        return self._variant_check()

    def is_variant_end(self) -> bool:
        return self._variant_end()

    def is_variant_win(self) -> bool:
        return False

    def is_variant_loss(self) -> bool:
        return False

    def is_variant_draw(self) -> bool:
        return False

    def _any_legal(self) -> bool:
        return bool(self._variant_moves(True))

    def is_checkmate(self) -> bool:
        return self.is_check() and not self._any_legal()

    def is_stalemate(self) -> bool:
        return not self.is_check() and not self.is_variant_end() and not self._any_legal()

    def is_insufficient_material(self) -> bool:
        return self.has_insufficient_material(True) and self.has_insufficient_material(False)

    def is_valid(self) -> bool:
        return self.status() == Status.VALID

    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        if self.is_variant_loss():
            return Outcome(Termination.VARIANT_LOSS, not self.turn)
        if self.is_variant_win():
            return Outcome(Termination.VARIANT_WIN, self.turn)
        if self.is_variant_draw():
            return Outcome(Termination.VARIANT_DRAW, None)
        if self.is_checkmate():
            return Outcome(Termination.CHECKMATE, not self.turn)
        if self.is_insufficient_material():
            return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
        if not self._any_legal():
            return Outcome(Termination.STALEMATE, None)
        if self.is_seventyfive_moves():
            return Outcome(Termination.SEVENTYFIVE_MOVES, None)
        if self.is_fivefold_repetition():
            return Outcome(Termination.FIVEFOLD_REPETITION, None)
        if claim_draw:
            if self.can_claim_fifty_moves():
                return Outcome(Termination.FIFTY_MOVES, None)
            if self.can_claim_threefold_repetition():
                return Outcome(Termination.THREEFOLD_REPETITION, None)
        return None

    def is_game_over(self, *, claim_draw: bool = False) -> bool:
        return self.outcome(claim_draw=claim_draw) is not None

    def result(self, *, claim_draw: bool = False) -> str:
        outcome = self.outcome(claim_draw=claim_draw)
        return outcome.result() if outcome else "*"

    def gives_check(self, move: Move) -> bool:
        self.push(move)
        try:
            return self.is_check()
        finally:
            self.pop()

    # Text.

    def san_and_push(self, move: Move) -> str:
        san = self.san(move)
        self.push(move)
        return san

    def parse_san(self, san: str) -> Move:
        return self._variant_parse_san(san)

    # XBoard's moves are read as SAN, and a move found from its squares is the variant's.
    def parse_xboard(self, xboard: str) -> Move:
        return self.parse_san(xboard)

    def push_xboard(self, xboard: str) -> Move:
        return self.push_san(xboard)

    def find_move(self, from_square: int, to_square: int, promotion: Optional[int] = None) -> Move:
        if promotion is None and (self.pawns >> from_square) & 1 and (1 << to_square) & BB_BACKRANKS:
            promotion = 5  # a queen, as python-chess assumes
        move = self._from_chess960(self.chess960, from_square, to_square, promotion, None)
        if not self.is_legal(move):
            raise _lerf.IllegalMoveError(
                f"no matching legal move for {move.uci()} ({SQUARE_NAMES[from_square]} -> "
                f"{SQUARE_NAMES[to_square]}) in {self.fen()}")
        return move

    def parse_uci(self, uci: str) -> Move:
        move = _lerf.Move.from_uci(uci)
        if not move:
            return move
        if not move.drop:
            move = self._to_chess960(move)
            move = self._from_chess960(self.chess960, move.from_square, move.to_square, move.promotion, move.drop)
        if not self.is_legal(move):
            raise _lerf.IllegalMoveError(f"illegal uci: {uci!r} in {self.fen()}")
        return move

    def push_uci(self, uci: str) -> Move:
        move = self.parse_uci(uci)
        self.push(move)
        return move

    @classmethod
    def from_epd(cls: Type[VariantBoardT], epd: str, *, chess960: bool = False) -> Tuple[VariantBoardT, Dict[str, EpdValue]]:
        board = cls(None, chess960=chess960)
        return board, board.set_epd(epd)

    def push_san(self, san: str) -> Move:
        move = self.parse_san(san)
        self.push(move)
        return move

    def variation_san(self, variation: Iterable[Move]) -> str:
        board = self.copy(stack=False)
        parts = []
        for move in variation:
            if not board.is_legal(move):
                raise _lerf.IllegalMoveError(f"illegal move {move} in position {board.fen()}")
            if board.turn:
                parts.append(f"{board.fullmove_number}. {board.san_and_push(move)}")
            elif not parts:
                parts.append(f"{board.fullmove_number}...{board.san_and_push(move)}")
            else:
                parts.append(board.san_and_push(move))
        return " ".join(parts)

    def _fen_tail(self) -> str:
        """What the variant writes after the en passant field (overridden)."""
        return ""

    def has_legal_en_passant(self) -> bool:
        # The rule generate_legal_ep follows, decided in Rust (where the FEN writer of the
        # variant rows asks it too).
        return self._variant_has_legal_ep()

    def epd(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None, **operations: EpdOperand) -> str:
        # "legal" writes the en passant square where the variant's rules (not chess's) have
        # a legal capture there: the square is written, then taken out if there is none.
        by_variant = en_passant == "legal" and self.ep_square is not None
        mode = "fen" if by_variant else en_passant
        epd = super().epd(shredder=shredder, en_passant=mode, promoted=promoted, **operations)
        if by_variant and not self.has_legal_en_passant():
            fields = epd.split(" ", 4)
            fields[3] = "-"
            epd = " ".join(fields)
        tail = self._fen_tail()
        if not tail:
            return epd
        fields = epd.split(" ", 4)
        fields.insert(4, tail)
        return " ".join(fields)

    def fen(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None) -> str:
        return " ".join([self.epd(shredder=shredder, en_passant=en_passant, promoted=promoted),
                         str(self.halfmove_clock), str(self.fullmove_number)])

    def set_fen(self, fen: str) -> None:
        position, state = self._split_fen(fen)
        super().set_fen(position)
        if state is not None:
            # After the position: a FEN refused leaves the board as it was.
            self._set_variant_state(state)

    def _split_fen(self, fen: str) -> Tuple[str, Optional[List[int]]]:
        """The standard FEN in a FEN of the variant, and the state beside the position it
        sets (``None``: none; overridden)."""
        return fen, None

    def reset(self) -> None:
        self.set_fen(type(self).starting_fen)

    # Copies.

    def copy(self: VariantBoardT, *, stack: Union[bool, int] = True) -> VariantBoardT:
        board = super().copy(stack=stack)
        history = self._variant_history
        board._variant_history = history[max(0, len(history) - len(board.move_stack)):]
        board._set_variant_state(self._variant_state())
        return board

    def transform(self: VariantBoardT, f: Callable[[int], int]) -> VariantBoardT:
        # A copy (the variant's state with it) with every bitboard passed through `f`.
        board = self.copy(stack=False)
        board.apply_transform(f)
        return board

    def root(self: VariantBoardT) -> VariantBoardT:
        board = super().root()
        history = self._variant_history
        board._set_variant_state(history[0] if history else self._variant_state())
        return board

    def __reduce__(self) -> Any:
        # The board's own pickle (its position and stack) with the state beside it.
        return (_unpickle, (super().__reduce__(), self._variant_state(), self._variant_history))

    def __repr__(self) -> str:
        if self.chess960:
            return f"{type(self).__name__}({self.fen()!r}, chess960=True)"
        return f"{type(self).__name__}({self.fen()!r})"

    def __eq__(self, other: object) -> Any:
        if not isinstance(other, _VariantBoard) or type(other) is not type(self):
            return NotImplemented if not isinstance(other, _lerf.Board) else False
        return super().__eq__(other) and self._variant_state() == other._variant_state()

    __hash__ = None  # type: ignore[assignment]


def _unpickle(base: Tuple[Any, ...], extra: List[int], history: List[Tuple[int, ...]]) -> Any:
    """A variant board from its pickle (``_VariantBoard.__reduce__``)."""
    board = base[0](*base[1])
    if len(base) > 2 and base[2] is not None:
        board.__setstate__(base[2])
    board._set_variant_state(extra)
    board._variant_history = history
    return board
