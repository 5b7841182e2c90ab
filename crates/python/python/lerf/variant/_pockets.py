"""The variant boards with state beside the position: three-check (checks still to give)
and crazyhouse (pockets)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Iterable, Iterator, List, Optional

from .. import BB_BACKRANKS, _lerf, between
from .._lerf import Move, SquareSet
from .._types import Status
from ._board import BB_ALL, VariantBoardT, _VariantBoard

if TYPE_CHECKING:
    from .._lerf import EpdOperand

_SYMBOLS = " pnbrqk"
_PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]


class _RemainingChecks:
    """``ThreeCheckBoard.remaining_checks``: python-chess's list of the checks each side must
    still give (indexed by colour: ``[BLACK]``, ``[WHITE]``), read from and written to the
    board, which keeps them (with their history for ``pop``) in Rust."""

    __slots__ = ("_board",)

    def __init__(self, board: Any) -> None:
        self._board = board

    def _list(self) -> List[int]:
        state = self._board._variant_state()
        return [state[1], state[0]]

    def __getitem__(self, index: Any) -> Any:
        return self._list()[index]

    def __setitem__(self, index: Any, value: Any) -> None:
        checks = self._list()
        checks[index] = value
        _set_checks(self._board, checks)

    def __len__(self) -> int:
        return 2

    def __iter__(self) -> Iterator[int]:
        return iter(self._list())

    def __eq__(self, other: object) -> bool:
        return self._list() == (list(other) if isinstance(other, _RemainingChecks) else other)

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> List[int]:
        """The checks as a list of their own."""
        return self._list()

    def __repr__(self) -> str:
        return repr(self._list())


def _set_checks(board: Any, checks: Any) -> None:
    """Sets a board's checks to give from a list indexed by colour."""
    black, white = checks
    state = list(board._variant_state())
    state[0], state[1] = white, black
    board._set_variant_state(state)


class ThreeCheckBoard(_VariantBoard):
    """Three-check: the third check wins. ``remaining_checks[color]``: the checks ``color``
    must still give."""

    _code = 6
    aliases = ["Three-check", "Three check", "Threecheck", "Three check chess", "3-check", "3 check", "3check"]
    uci_variant = "3check"
    xboard_variant = "3check"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"

    @property
    def remaining_checks(self) -> Any:
        """The checks each side still has to give to win, indexed by colour (``[WHITE]``,
        ``[BLACK]``); assigning a pair sets both."""
        return _RemainingChecks(self)

    @remaining_checks.setter
    def remaining_checks(self, checks: Any) -> None:
        _set_checks(self, (checks[False], checks[True]))

    def _fen_tail(self) -> str:
        state = self._variant_state()
        return f"{state[0]}+{state[1]}"

    # The check counters as Lichess writes them (`+1+2` after the counters: the checks
    # given) or as python-chess does (`3+3` after the en passant square: still to give),
    # read in Rust with python-chess's words for what is wrong.
    _split_fen = _lerf.Board._variant_split_fen

    # Both sides through their checks (a FEN may say so) is a draw, neither a win nor a loss.
    def is_variant_win(self) -> bool:
        state = self._variant_state()
        return state[0 if self.turn else 1] <= 0 < state[1 if self.turn else 0]

    def is_variant_loss(self) -> bool:
        state = self._variant_state()
        return state[1 if self.turn else 0] <= 0 < state[0 if self.turn else 1]

    def is_variant_draw(self) -> bool:
        state = self._variant_state()
        return state[0] <= 0 and state[1] <= 0

    def has_insufficient_material(self, color: bool) -> bool:
        return not (self.occupied_co[color] & ~self.kings)

    def is_irreversible(self, move: Move) -> bool:
        return super().is_irreversible(move) or self.gives_check(move)

    def _transposition_key(self) -> Any:
        # The checks still to give are part of a position.
        white, black = self.remaining_checks[True], self.remaining_checks[False]
        return (super()._transposition_key(), white, black)

    def mirror(self: VariantBoardT) -> VariantBoardT:
        board = super().mirror()
        board.remaining_checks = list(self.remaining_checks)[::-1]
        return board


class CrazyhousePocket:
    """The pieces one side holds in hand: a pocket of its own, or (as
    ``CrazyhouseBoard.pockets[color]`` gives it) a view of the pocket a board keeps in Rust,
    which changes with the board's moves."""

    def __init__(self, symbols: Iterable[str] = "") -> None:
        self._board: Any = None
        self._color = True
        # Index 0 is no piece type: -1, as python-chess keeps it (count(0) reads it).
        self._own = [-1] + [0] * 6
        for symbol in symbols:
            # Lower-case symbols only, as python-chess's (ValueError for anything else).
            self.add(_PIECE_SYMBOLS.index(symbol))

    @classmethod
    def _of(cls, board: Any, color: bool) -> "CrazyhousePocket":
        pocket = cls.__new__(cls)
        pocket._board, pocket._color, pocket._own = board, bool(color), None
        return pocket

    def _counts(self) -> List[int]:
        """A count for each piece type (index 0 unused)."""
        if self._board is None:
            return self._own
        offset = 2 if self._color else 8
        return [-1, *self._board._variant_state()[offset:offset + 6]]

    def _store(self, counts: List[int]) -> None:
        if self._board is None:
            self._own = counts
        else:
            _set_pocket(self._board, self._color, counts)

    def reset(self) -> None:
        """Empties the pocket."""
        self._store([-1] + [0] * 6)

    def add(self, piece_type: int) -> None:
        """Adds a piece of the type."""
        counts = list(self._counts())
        counts[piece_type] += 1
        self._store(counts)

    def remove(self, piece_type: int) -> None:
        """Takes a piece of the type (``ValueError`` if there is none)."""
        counts = list(self._counts())
        if not counts[piece_type]:
            raise ValueError(f"no {_SYMBOLS[piece_type]} in pocket")
        counts[piece_type] -= 1
        self._store(counts)

    def count(self, piece_type: int) -> int:
        """How many pieces of the type."""
        return self._counts()[piece_type]

    def copy(self) -> "CrazyhousePocket":
        """A copy (a pocket of its own)."""
        pocket = type(self)()
        pocket._own = list(self._counts())
        return pocket

    def __len__(self) -> int:
        return sum(self._counts()[1:])

    def __str__(self) -> str:
        counts = self._counts()
        return "".join(_SYMBOLS[pt] * counts[pt] for pt in (6, 5, 4, 3, 2, 1))

    def __repr__(self) -> str:
        return f"CrazyhousePocket('{self}')"


def _set_pocket(board: Any, color: bool, counts: List[int]) -> None:
    """Sets what ``color`` holds on ``board`` from a count a piece type."""
    state = list(board._variant_state())
    offset = 2 if color else 8
    state[offset:offset + 6] = counts[1:7]
    board._set_variant_state(state)


class _Pockets:
    """``CrazyhouseBoard.pockets``: python-chess's list of the two pockets (indexed by
    colour), views of what the board keeps in Rust."""

    __slots__ = ("_board",)

    def __init__(self, board: Any) -> None:
        self._board = board

    def _list(self) -> List[CrazyhousePocket]:
        return [CrazyhousePocket._of(self._board, False), CrazyhousePocket._of(self._board, True)]

    def __getitem__(self, index: Any) -> Any:
        return self._list()[index]

    def __setitem__(self, index: Any, pocket: CrazyhousePocket) -> None:
        _set_pocket(self._board, self._list()[index]._color, list(pocket._counts()))

    def __len__(self) -> int:
        return 2

    def __iter__(self) -> Iterator[CrazyhousePocket]:
        return iter(self._list())

    def __repr__(self) -> str:
        return repr(self._list())


class CrazyhouseBoard(_VariantBoard):
    """Crazyhouse: captured pieces change sides and may be dropped. ``pockets[color]``: what
    ``color`` holds in hand."""

    _code = 2
    aliases = ["Crazyhouse", "Crazy House", "House", "ZH"]
    uci_variant = "crazyhouse"
    xboard_variant = "crazyhouse"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"

    @property
    def pockets(self) -> Any:
        """Each side's pocket of pieces to drop, indexed by colour (``[WHITE]``, ``[BLACK]``);
        assigning a pair of pockets sets both."""
        return _Pockets(self)

    @pockets.setter
    def pockets(self, pockets: Any) -> None:
        for color in (False, True):
            _set_pocket(self, color, list(pockets[color]._counts()))

    def board_fen(self, *, promoted: Optional[bool] = True) -> str:
        return super().board_fen(promoted=True if promoted is None else promoted)

    def epd(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None, **operations: EpdOperand) -> str:
        # python-chess 1.11's crazyhouse EPD leaves the operations out: so does lerf's.
        epd = super().epd(shredder=shredder, en_passant=en_passant, promoted=True if promoted is None else promoted)
        board, _, rest = epd.partition(" ")
        pocket = str(self.pockets[True]).upper() + str(self.pockets[False])
        return f"{board}[{pocket}] {rest}"

    # The pockets as Lichess writes them (`[Nq]` after the board) or as a ninth row, read
    # in Rust with python-chess's words for what is wrong.
    _split_fen = _lerf.Board._variant_split_fen

    def is_pseudo_legal(self, move: Move) -> bool:
        if move.drop:
            state = self._variant_state()
            return bool(move.drop != 6 and state[(2 if self.turn else 8) + move.drop - 1] and not (self.occupied >> move.to_square) & 1
                        and not (move.drop == 1 and (1 << move.to_square) & 0xFF00_0000_0000_00FF)
                        and move.drop != 6)
        return super().is_pseudo_legal(move)

    def legal_drop_squares_mask(self) -> int:
        """The squares a drop may go to now: every empty one (as ``~occupied``, a negative
        number, as python-chess gives it) out of check, those between the king and its
        one checker in check, none in double check."""
        king = self.king(self.turn)
        checkers = self.checkers_mask() if king is not None else 0
        if not checkers:
            return ~self.occupied
        if checkers & (checkers - 1):
            return 0
        return between(king, checkers.bit_length() - 1) & ~self.occupied

    def generate_pseudo_legal_drops(self, to_mask: int = BB_ALL) -> Iterator[Move]:
        """Each piece in the pocket of the side to move, pawn to queen (then a king, taken in
        a set-up no game reaches, as python-chess lists it), onto each empty square of
        ``to_mask`` in square order (a pawn not on the first or last rank), whether or not
        the king is in check."""
        state = self._variant_state()
        pocket = state[2:8] if self.turn else state[8:14]
        empty = ~self.occupied & to_mask & BB_ALL
        for piece_type in range(1, 7):
            if not pocket[piece_type - 1]:
                continue
            squares = empty & ~BB_BACKRANKS if piece_type == 1 else empty
            while squares:
                square = (squares & -squares).bit_length() - 1
                squares &= squares - 1
                yield _lerf.Move(square, square, None, piece_type)

    def generate_legal_drops(self, to_mask: int = BB_ALL) -> Iterator[Move]:
        """The drops of ``generate_pseudo_legal_drops`` onto ``legal_drop_squares``."""
        return self.generate_pseudo_legal_drops(to_mask & self.legal_drop_squares_mask())

    def legal_drop_squares(self) -> SquareSet:
        """``legal_drop_squares_mask`` as a ``SquareSet``."""
        return _lerf.SquareSet(self.legal_drop_squares_mask())

    def has_insufficient_material(self, color: bool) -> bool:
        state = self._variant_state()
        pockets = state[2:7], state[8:13]
        pieces = bin(self.occupied).count("1") + sum(pockets[0]) + sum(pockets[1])
        heavy = self.pawns | self.rooks | self.queens
        return (pieces <= 3 and not heavy and not self.promoted
                and not any(p[0] or p[3] or p[4] for p in pockets))

    def status(self) -> Status:
        status = super().status()
        state = self._variant_state()
        pieces = bin(self.occupied).count("1") + sum(state[2:])
        pawns = bin(self.pawns).count("1") + state[2] + state[8]
        # Each count clears its own flags (pieces in hand counted with those on the board).
        if pawns <= 16:
            status &= ~(Status.TOO_MANY_WHITE_PAWNS | Status.TOO_MANY_BLACK_PAWNS)
        if pieces <= 32:
            status &= ~(Status.TOO_MANY_WHITE_PIECES | Status.TOO_MANY_BLACK_PIECES)
        return status

    def _transposition_key(self) -> Any:
        # What is in hand, and which pieces were promoted, are part of a position.
        return (super()._transposition_key(), self.promoted, str(self.pockets[True]), str(self.pockets[False]))

    def _is_halfmoves(self, n: int) -> bool:
        # No 50- or 75-move rule: pieces in hand come back.
        return False

    def is_irreversible(self, move: Move) -> bool:
        if not move:
            return False
        before = self.clean_castling_rights()
        board = self.copy(stack=False)
        board.push(move)
        return board.clean_castling_rights() != before

    def mirror(self: VariantBoardT) -> VariantBoardT:
        board = super().mirror()
        board.pockets = [self.pockets[True].copy(), self.pockets[False].copy()]
        return board
