"""The variant boards without state beside the position: antichess (suicide, giveaway),
atomic, king of the hill, racing kings, horde."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Optional

from .. import BB_CENTER, BB_DARK_SQUARES, BB_KING_ATTACKS, BB_LIGHT_SQUARES, BB_RANK_1, BB_RANK_8, _lerf
from .. import popcount as _popcount
from .._lerf import Move, SquareSet
from .._types import Status
from ._board import BB_ALL, VariantBoardT, _VariantBoard
from ._horde import horde_cannot_mate
from ._san import algebraic

if TYPE_CHECKING:
    from .._lerf import EpdOperand

def _colour(bb: int) -> int:
    """The colour (0 dark, 1 light) of the lowest square of ``bb``."""
    sq = (bb & -bb).bit_length() - 1
    return ((sq & 7) + (sq >> 3)) & 1


class SuicideBoard(_VariantBoard):
    """Suicide chess: captures are compulsory, the king is an ordinary piece; a side that
    runs out of pieces wins, a stalemated side wins when it has fewer pieces."""

    _code = 0
    aliases = ["Suicide", "Suicide chess"]
    uci_variant = "suicide"
    xboard_variant = "suicide"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    tbw_suffix = ".stbw"
    tbz_suffix = ".stbz"
    tbw_magic = b"\x7b\xf6\x93\x15"
    tbz_magic = b"\xe4\xcf\xe7\x23"
    pawnless_tbw_suffix = ".gtbw"
    pawnless_tbz_suffix = ".gtbz"
    pawnless_tbw_magic = b"\xbc\x55\xbc\x21"
    pawnless_tbz_magic = b"\xd6\xf5\x1b\x50"
    connected_kings = True
    one_king = False
    captures_compulsory = True

    def is_check(self) -> bool:
        return False

    # No check in the suicide family: no checkers, no move into check, castling whatever
    # attacks the king's squares (among the pseudo-legal moves: a compulsory capture does
    # not take it away), as python-chess answers.
    def checkers_mask(self) -> int:
        return 0

    def checkers(self) -> SquareSet:
        return _lerf.SquareSet(0)

    def is_into_check(self, move: Move) -> bool:
        return False

    def was_into_check(self) -> bool:
        return False

    # Nor pins: a piece may leave its king's line.
    def pin_mask(self, color: bool, square: int) -> int:
        return BB_ALL

    def pin(self, color: bool, square: int) -> SquareSet:
        return _lerf.SquareSet(BB_ALL)

    def is_pinned(self, color: bool, square: int) -> bool:
        return False

    def generate_castling_moves(self, from_mask: int = BB_ALL, to_mask: int = BB_ALL) -> Iterator[Move]:
        return (m for m in self.generate_pseudo_legal_moves(from_mask, to_mask) if self.is_castling(m))

    # Promoted pieces are marked where a castling right is Chess960's (unless asked
    # otherwise), as python-chess writes them: a king made by promotion is then not read
    # back as the king that castles.
    def board_fen(self, *, promoted: Optional[bool] = None) -> str:
        if promoted is None:
            promoted = self.has_chess960_castling_rights()
        return super().board_fen(promoted=promoted)

    def epd(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None, **operations: EpdOperand) -> str:
        if promoted is None:
            promoted = self.has_chess960_castling_rights()
        return super().epd(shredder=shredder, en_passant=en_passant, promoted=promoted, **operations)

    # Suicide's wins differ from giveaway's (the Rust rules'), which decide SAN's `#`.
    def san(self, move: object) -> str:
        return algebraic(self, move, long=False)

    def lan(self, move: object) -> str:
        return algebraic(self, move, long=True)

    def gives_check(self, move: Move) -> bool:
        return False

    def _balance(self) -> int:
        return _popcount(self.occupied_co[self.turn]) - _popcount(self.occupied_co[not self.turn])

    def _stalemated(self) -> bool:
        return not self.is_variant_end() and not self._any_legal()

    def is_variant_win(self) -> bool:
        if not self.occupied_co[self.turn]:
            return True
        return self._stalemated() and self._balance() < 0

    def is_variant_loss(self) -> bool:
        # Only a stalemate loses: a board whose other side has no pieces left (which no
        # game reaches, the side without pieces being the one to move) is no loss for
        # python-chess either.
        if not self.occupied_co[self.turn] or not self.occupied_co[not self.turn]:
            return False
        return self._stalemated() and self._balance() > 0

    def is_variant_draw(self) -> bool:
        return self._stalemated() and self._balance() == 0

    def is_stalemate(self) -> bool:
        return False if self.is_variant_end() else super().is_stalemate()

    def has_insufficient_material(self, color: bool) -> bool:
        # `color` can never lose all its pieces: the other side cannot take them all.
        ours, theirs = self.occupied_co[color], self.occupied_co[not color]
        if not ours:
            return False
        if not theirs:
            return True
        if self.occupied == self.bishops:
            # A bishop on a colour the other side has no bishop on is never taken.
            their_bishops = self.bishops & theirs
            for squares in (BB_LIGHT_SQUARES, BB_DARK_SQUARES):
                if ours & squares and not (their_bishops & squares):
                    return True
            return False
        if self.occupied == self.knights and _popcount(ours) == 1 and _popcount(theirs) == 1:
            # A knight always lands on the other colour: the side to move can take only a
            # knight on the other colour from its own.
            same = _colour(ours) == _colour(theirs)
            they_take = (self.turn != color and not same) or (self.turn == color and same)
            return not they_take
        return False

    def status(self) -> Status:
        ignored = (Status.NO_WHITE_KING | Status.NO_BLACK_KING | Status.TOO_MANY_KINGS
                   | Status.OPPOSITE_CHECK | Status.TOO_MANY_CHECKERS | Status.IMPOSSIBLE_CHECK)
        return super().status() & ~ignored


class GiveawayBoard(SuicideBoard):
    """Giveaway: as suicide, but a stalemated side always wins."""

    aliases = ["Giveaway", "Giveaway chess", "Give away", "Give away chess"]
    uci_variant = "giveaway"
    xboard_variant = "giveaway"
    tbw_suffix = ".gtbw"
    tbz_suffix = ".gtbz"
    tbw_magic = b"\xbc\x55\xbc\x21"
    tbz_magic = b"\xd6\xf5\x1b\x50"
    pawnless_tbw_suffix = ".stbw"
    pawnless_tbz_suffix = ".stbz"
    pawnless_tbw_magic = b"\x7b\xf6\x93\x15"
    pawnless_tbz_magic = b"\xe4\xcf\xe7\x23"

    # Giveaway's SAN is the Rust rules' (Board's own, playing by the board's variant).
    san = _lerf.Board.san
    lan = _lerf.Board.lan

    def is_variant_win(self) -> bool:
        return not self.occupied_co[self.turn] or self._stalemated()

    def is_variant_loss(self) -> bool:
        # A stalemate wins; a board whose other side has no pieces (which no game reaches)
        # is no loss for python-chess either.
        return False

    def is_variant_draw(self) -> bool:
        return False


class AntichessBoard(GiveawayBoard):
    """Antichess (Lichess): giveaway from a start without castling rights."""

    aliases = ["Antichess", "Anti chess", "Anti"]
    uci_variant = "antichess"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"

    def reset(self) -> None:
        super().reset()
        self.castling_rights = 0


class AtomicBoard(_VariantBoard):
    """Atomic: captures explode; exploding the other king wins."""

    _code = 1
    aliases = ["Atomic", "Atom", "Atomic chess"]
    uci_variant = "atomic"
    xboard_variant = "atomic"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    tbw_suffix = ".atbw"
    tbz_suffix = ".atbz"
    tbw_magic = b"\x55\x8d\xa4\x49"
    tbz_magic = b"\x91\xa9\x5e\xeb"
    connected_kings = True

    def _kings_touch(self) -> bool:
        # Any king of White's beside any of Black's (in set-ups with several, as
        # python-chess looks).
        black = self.kings & self.occupied_co[False]
        white = self.kings & self.occupied_co[True]
        while white:
            square = (white & -white).bit_length() - 1
            if BB_KING_ATTACKS[square] & black:
                return True
            white &= white - 1
        return False

    # Kings side by side are not in check: neither can take the other, which would blow
    # up both (python-chess's answers).
    def checkers_mask(self) -> int:
        return 0 if self._kings_touch() else int(super().checkers_mask())

    def checkers(self) -> SquareSet:
        return _lerf.SquareSet(self.checkers_mask())

    def was_into_check(self) -> bool:
        return not self._kings_touch() and bool(super().was_into_check())

    def is_into_check(self, move: Move) -> bool:
        # An explosion can take away the checking piece (or the other king): the move is
        # made, then the king it leaves looked at, as python-chess answers.
        if not self.is_pseudo_legal(move):
            return bool(super().is_into_check(move))
        self.push(move)
        try:
            return bool(self.was_into_check())
        finally:
            self.pop()

    def is_variant_win(self) -> bool:
        return bool(self.kings and not (self.kings & self.occupied_co[not self.turn]))

    def is_variant_loss(self) -> bool:
        return bool(self.kings and not (self.kings & self.occupied_co[self.turn]))

    def has_insufficient_material(self, color: bool) -> bool:
        if not (self.occupied_co[not color] & self.kings):
            return False  # their king is gone already
        if not (self.occupied_co[color] & ~self.kings):
            return True  # a bare king explodes nothing
        if self.occupied_co[not color] & ~self.kings:
            # Their own pieces may blow up beside their king, unless only bishops that never
            # meet remain.
            if self.occupied == self.bishops | self.kings:
                white, black = self.bishops & self.occupied_co[True], self.bishops & self.occupied_co[False]
                if not (white & BB_DARK_SQUARES):
                    return not (black & BB_LIGHT_SQUARES)
                if not (white & BB_LIGHT_SQUARES):
                    return not (black & BB_DARK_SQUARES)
            return False
        if self.queens or self.pawns:
            return False
        if _popcount(self.knights | self.bishops | self.rooks) == 1:
            return True
        if self.occupied == self.knights | self.kings:
            return _popcount(self.knights) <= 2
        return False

    def status(self) -> Status:
        status = super().status()
        # Only the side to move's king can have exploded (on the other side's move): the
        # other side without a king stays an error, as in python-chess.
        status &= ~(Status.OPPOSITE_CHECK | (Status.NO_WHITE_KING if self.turn else Status.NO_BLACK_KING))
        if _popcount(self.checkers_mask()) <= 14:
            status &= ~Status.TOO_MANY_CHECKERS
        # A check no move could have given stays impossible only beside a valid en passant
        # square (which says what the last move was), and only where there is a check.
        if self.ep_square is None or status & Status.INVALID_EP_SQUARE or self._kings_touch():
            status &= ~Status.IMPOSSIBLE_CHECK
        return status


class KingOfTheHillBoard(_VariantBoard):
    """King of the hill: a king on d4, e4, d5 or e5 wins."""

    _code = 4
    aliases = ["King of the Hill", "KOTH", "kingOfTheHill"]
    uci_variant = "kingofthehill"
    xboard_variant = "kingofthehill"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

    def is_variant_win(self) -> bool:
        return bool(self.kings & self.occupied_co[self.turn] & BB_CENTER)

    def is_variant_loss(self) -> bool:
        return bool(self.kings & self.occupied_co[not self.turn] & BB_CENTER)

    def has_insufficient_material(self, color: bool) -> bool:
        return False


class RacingKingsBoard(_VariantBoard):
    """Racing kings: no checks; the first king on the eighth rank wins (Black may answer
    for a draw)."""

    _code = 5
    aliases = ["Racing Kings", "Racing", "Race", "racingkings"]
    uci_variant = "racingkings"
    xboard_variant = "racingkings"
    starting_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"

    def _in_goal(self, color: bool) -> bool:
        return bool(self.kings & self.occupied_co[color] & BB_RANK_8)

    def is_variant_draw(self) -> bool:
        return self.is_variant_end() and self._in_goal(True) and self._in_goal(False)

    def is_variant_win(self) -> bool:
        return self.is_variant_end() and self._in_goal(self.turn) and not self._in_goal(not self.turn)

    def is_variant_loss(self) -> bool:
        return self.is_variant_end() and self._in_goal(not self.turn) and not self._in_goal(self.turn)

    def has_insufficient_material(self, color: bool) -> bool:
        return False

    def status(self) -> Status:
        status = super().status()
        if self.is_check():
            status |= Status.RACE_CHECK | Status.TOO_MANY_CHECKERS | Status.IMPOSSIBLE_CHECK
        if not self.turn and self._in_goal(True) and self._in_goal(False):
            status |= Status.RACE_OVER
        if self.pawns:
            status |= Status.RACE_MATERIAL
        for color in (True, False):
            mine = self.occupied_co[color]
            # (A second king is TOO_MANY_KINGS, not the race's material.)
            counts = [_popcount(mine & bb) for bb in (self.knights, self.bishops, self.rooks, self.queens)]
            if counts[0] > 2 or counts[1] > 2 or counts[2] > 2 or counts[3] > 1:
                status |= Status.RACE_MATERIAL
        return status


class HordeBoard(_VariantBoard):
    """Horde: White's pawns (no king) against a standard army."""

    _code = 3
    aliases = ["Horde", "Horde chess"]
    uci_variant = "horde"
    xboard_variant = "horde"
    starting_fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"

    def is_variant_draw(self) -> bool:
        return not self.occupied

    def is_variant_loss(self) -> bool:
        return bool(self.occupied) and not self.occupied_co[self.turn]

    def is_variant_win(self) -> bool:
        return bool(self.occupied) and not self.occupied_co[not self.turn]

    def has_insufficient_material(self, color: bool) -> bool:
        # The king's side can always take the horde's last piece.
        return bool(color) and horde_cannot_mate(self)

    def status(self) -> Status:
        status = super().status()
        status &= ~Status.NO_WHITE_KING
        if _popcount(self.occupied_co[True]) <= 36:
            status &= ~(Status.TOO_MANY_WHITE_PAWNS | Status.TOO_MANY_WHITE_PIECES)
        if not (self.pawns & BB_RANK_8) and not (self.pawns & self.occupied_co[False] & BB_RANK_1):
            status &= ~Status.PAWNS_ON_BACKRANK
        if self.occupied_co[True] & self.kings:
            status |= Status.TOO_MANY_KINGS
        return status

