"""The searching probes of a variant tablebase (atomic; the losing-chess families), over the
variant board's own moves, the tables read by lerf's Rust prober.

Standard chess searches in Rust (``lerf-syzygy``'s ``search.rs``); this is the same search
over a variant board's ``push``/``pop`` and legal moves, so that each variant's captures
(explosions in atomic, compulsory captures in losing chess) follow its rules. The values
are python-chess's, position for position (``test_syzygy_variants.py`` compares them).
"""

from __future__ import annotations

from typing import Callable, Tuple

from . import PAWN

#: The DTZ of a position whose best move zeroes the 50-move counter at once, by WDL.
_BEFORE_ZEROING = {-2: -1, -1: -101, 0: 0, 1: 101, 2: 1}


def variant_decided(board):
    """The value the variant's own rules give the side to move (win 2, loss -2, draw 0),
    or None where they do not decide."""
    if board.is_variant_win():
        return 2
    if board.is_variant_loss():
        return -2
    if board.is_variant_draw():
        return 0
    return None


class VariantSearch:
    """Searches over ``wdl_table(board)`` (the WDL table with the variant's own ends
    decided) and ``dtz_table(board, wdl)``."""

    def __init__(self, wdl_table: Callable[[object], int],
                 dtz_table: Callable[[object, int], Tuple[int, int]], captures_compulsory: bool) -> None:
        self.wdl_table = wdl_table
        self.dtz_table = dtz_table
        self.compulsory = captures_compulsory

    def _captures(self, board):
        """The legal captures other than en passant."""
        return [m for m in board.generate_legal_moves(to_mask=board.occupied_co[not board.turn])
                if not board.is_en_passant(m)]

    def probe_ab(self, board, alpha: int, beta: int) -> Tuple[int, int]:
        """Alpha-beta over captures (en passant aside), the table read at every node: the
        value and 2 when a capture is the reason for it, else 1."""
        if self.compulsory:
            return self._compulsory_ab(board, alpha, beta)
        alpha, cut = self._best_capture(board, self._captures(board), alpha, beta, self.probe_ab)
        if cut:
            return alpha, 2
        v = self.wdl_table(board)
        if alpha >= v:
            return alpha, 1 + int(alpha > 0)
        return v, 1

    @staticmethod
    def _best_capture(board, captures, alpha: int, beta: int, search) -> Tuple[int, bool]:
        """Alpha raised by the captures' values (each `search` of the position after it),
        and whether one reached beta (its value is then the first)."""
        for move in captures:
            board.push(move)
            try:
                v = -search(board, -beta, -alpha)[0]
            finally:
                board.pop()
            if v > alpha:
                if v >= beta:
                    return v, True
                alpha = v
        return alpha, False

    def _compulsory_ab(self, board, alpha: int, beta: int) -> Tuple[int, int]:
        """Losing chess: a position with a capture is worth its best capture (the tables
        leave such positions out); one without is the table's."""
        decided = variant_decided(board)
        if decided is not None:
            return decided, 2
        # Every capture, en passant too: in losing chess it is as compulsory as any.
        captures = [m for m in board.generate_legal_moves() if board.is_capture(m)]
        if not captures:
            return self.wdl_table(board), 1
        return self._best_capture(board, captures, alpha, beta, self._compulsory_ab)[0], 2

    def _en_passant(self, board) -> int:
        best = -3
        for move in board.generate_legal_ep():
            board.push(move)
            try:
                best = max(best, -self.probe_ab(board, -2, 2)[0])
            finally:
                board.pop()
        return best

    def probe_wdl(self, board) -> int:
        v, _ = self.probe_ab(board, -2, 2)
        if board.ep_square is None or self.compulsory:
            return v
        v1 = self._en_passant(board)
        if v1 > -3:
            if v1 >= v:
                v = v1
            elif v == 0 and all(board.is_en_passant(m) for m in board.generate_legal_moves()):
                v = v1
        return v

    def _threat(self, board) -> int:
        """Losing chess without a capture: the best of the moves (pawns' aside) after which
        the other side must capture, worth that capture (-3 without such a move)."""
        best = -3
        for move in list(board.generate_legal_moves(from_mask=~board.pawns)):
            board.push(move)
            try:
                if self._captures(board):
                    best = max(best, -self._compulsory_ab(board, -2, 2)[0])
            finally:
                board.pop()
        return best

    def _ab_with_threats(self, board, alpha: int, beta: int) -> Tuple[int, int]:
        """`probe_ab`, and in losing chess without a capture the moves that force one:
        success 3 where such a move is at least as good as the table."""
        v, success = self.probe_ab(board, alpha, beta)
        if self.compulsory and success == 1:
            threat = self._threat(board)
            if threat >= v:
                return threat, 3
        return v, success

    def probe_dtz_no_ep(self, board) -> int:
        wdl, success = self._ab_with_threats(board, -2, 2)
        if success == 3 and wdl > 0:
            # A move that forces the other side to capture: DTZ counts its reply.
            return _BEFORE_ZEROING[wdl] + 1
        if wdl == 0:
            return 0
        if success == 2:
            return _BEFORE_ZEROING[wdl]
        if self.compulsory and not board.occupied_co[board.turn] & ~board.pawns:
            # Only pawns to move: every move zeroes the counter.
            return _BEFORE_ZEROING[wdl]
        moves = list(board.generate_legal_moves())
        if wdl > 0:
            # A pawn push that keeps the win zeroes the counter at once.
            for move in moves:
                if board.piece_type_at(move.from_square) == PAWN and not board.is_capture(move):
                    board.push(move)
                    try:
                        v = -self.probe_wdl(board)
                    finally:
                        board.pop()
                    if v == wdl:
                        return _BEFORE_ZEROING[wdl]
        dtz, stored = self.dtz_table(board, wdl)
        if stored >= 0:
            base = _BEFORE_ZEROING[wdl]
            return base + dtz if wdl > 0 else base - dtz
        # The table holds the other side to move: one ply of search.
        if wdl > 0:
            best = 0xffff
            for move in moves:
                if board.is_zeroing(move):
                    continue
                board.push(move)
                try:
                    v = -self.probe_dtz(board)
                    if v == 1 and board.is_checkmate():
                        best = 1
                    elif 0 < v and v + 1 < best:
                        best = v + 1
                finally:
                    board.pop()
            return best
        best = -1
        for move in moves:
            board.push(move)
            try:
                if board.halfmove_clock == 0:
                    if wdl == -2:
                        v = -1
                    else:
                        v, _ = self._ab_with_threats(board, 1, 2)
                        v = 0 if v == 2 else -101
                else:
                    v = -self.probe_dtz(board) - 1
            finally:
                board.pop()
            best = min(best, v)
        return best

    def probe_dtz(self, board) -> int:
        v = self.probe_dtz_no_ep(board)
        if board.ep_square is None:
            return v
        v1 = self._en_passant(board)
        if v1 > -3:
            v1 = _BEFORE_ZEROING[v1]
            if v < -100:
                if v1 >= 0:
                    v = v1
            elif v < 0:
                if v1 >= 0 or v1 < -100:
                    v = v1
            elif v > 100:
                if v1 > 0:
                    v = v1
            elif v > 0:
                if v1 == 1:
                    v = v1
            elif v1 >= 0 or all(board.is_en_passant(m) for m in board.generate_legal_moves()):
                v = v1
        return v
