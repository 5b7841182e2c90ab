"""The draw rules of the variant boards (repetitions, the 50- and 75-move rules), as
python-chess 1.11.2 applies them to its variants: through the variant's own legal moves,
moves that cannot be undone, and position key. The standard board's rules run in Rust
over chess's; a variant changes what counts (three-check's checks still to give and
crazyhouse's pockets are part of a position, a check cannot be undone in three-check, only
a lost castling right in crazyhouse, which has no 50- or 75-move rule at all), so here the
moves are taken back and replayed on the board itself, as python-chess does."""

from __future__ import annotations

from collections import Counter
from typing import Any, Hashable, List


class _DrawRules:
    """A mixin for the variant boards: python-chess's draw rules over the methods the board
    has (``push``, ``pop``, ``is_irreversible``, the variant's legal moves)."""

    def _transposition_key(self) -> Hashable:
        # The standard key, with the en passant square kept where the variant allows a
        # capture there.
        key = super()._transposition_key()  # type: ignore[misc]
        return key[:-1] + (self.ep_square if self.has_legal_en_passant() else None,)  # type: ignore[attr-defined]

    def _is_halfmoves(self, n: int) -> bool:
        return self.halfmove_clock >= n and self._any_legal()  # type: ignore[attr-defined]

    def is_seventyfive_moves(self) -> bool:
        """Whether 75 moves (150 plies) passed without a capture or pawn move, with a legal move
        left: a draw without a claim."""
        return self._is_halfmoves(150)

    def is_fifty_moves(self) -> bool:
        """Whether 50 moves (100 plies) passed without a capture or pawn move, with a legal move
        left."""
        return self._is_halfmoves(100)

    def can_claim_fifty_moves(self) -> bool:
        """Whether the side to move can claim a draw by the fifty-move rule, now or with its next
        move."""
        if self.is_fifty_moves():
            return True
        if self.halfmove_clock < 99:  # type: ignore[attr-defined]
            return False
        # One quiet move short: a move that does not reset the clock makes the claim.
        for move in list(self.generate_legal_moves()):  # type: ignore[attr-defined]
            if self.is_zeroing(move):  # type: ignore[attr-defined]
                continue
            self.push(move)  # type: ignore[attr-defined]
            try:
                if self.is_fifty_moves():
                    return True
            finally:
                self.pop()  # type: ignore[attr-defined]
        return False

    def _keys_back(self) -> List[Hashable]:
        """The keys of the positions before this one, latest first, back to the last move
        that cannot be undone; the board is left as it was."""
        keys: List[Hashable] = []
        taken: List[Any] = []
        try:
            while self.move_stack:  # type: ignore[attr-defined]
                move = self.pop()  # type: ignore[attr-defined]
                taken.append(move)
                if self.is_irreversible(move):  # type: ignore[attr-defined]
                    break
                keys.append(self._transposition_key())
        finally:
            while taken:
                self.push(taken.pop())  # type: ignore[attr-defined]
        return keys

    def is_repetition(self, count: int = 3) -> bool:
        """Whether the position occurred ``count`` times (this time included), looking back no
        further than the last irreversible move."""
        if count <= 1:
            return True
        # A position that occurred before stood on the same squares: a cheap look first.
        if not self._occupancy_repeats(count):  # type: ignore[attr-defined]
            return False
        key = self._transposition_key()
        seen = 1
        for before in self._keys_back():
            seen += before == key
            if seen >= count:
                return True
        return False

    def is_fivefold_repetition(self) -> bool:
        """Whether the position occurred five times: a draw without a claim."""
        return self.is_repetition(5)

    def can_claim_threefold_repetition(self) -> bool:
        """Whether the side to move can claim a draw by threefold repetition, now or with its next
        move."""
        key = self._transposition_key()
        counts = Counter(self._keys_back())
        counts[key] += 1
        if counts[key] >= 3:
            return True
        # Or a legal move leads to a position seen twice already.
        for move in list(self.generate_legal_moves()):  # type: ignore[attr-defined]
            self.push(move)  # type: ignore[attr-defined]
            try:
                if counts[self._transposition_key()] >= 2:
                    return True
            finally:
                self.pop()  # type: ignore[attr-defined]
        return False

    def can_claim_draw(self) -> bool:
        """Whether the side to move can claim a draw (fifty moves or threefold repetition)."""
        return self.can_claim_fifty_moves() or self.can_claim_threefold_repetition()
