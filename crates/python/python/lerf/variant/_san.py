"""SAN written on a suicide board from its legal moves (its wins, which decide ``#``, differ
from giveaway's, which the Rust writer follows; reading is Rust's for every variant)."""

from __future__ import annotations

from typing import Any

from .. import _lerf

_LETTERS = " pnbrqk"
_FILES = "abcdefgh"


def _name(square: int) -> str:
    return _FILES[square & 7] + str((square >> 3) + 1)


def algebraic(board: Any, move: Any, *, long: bool) -> str:
    """The move's SAN (or LAN) with ``+`` or ``#`` as the variant has them."""
    text = _plain(board, move, long)
    if not move:
        return text
    if board.is_pseudo_legal(move):
        board.push(move)
        try:
            return text + _suffix(board)
        finally:
            board.pop()
    # python-chess writes any move with a piece, its suffix from the position its push
    # makes; lerf's push takes pseudo-legal moves only, so that position is made afresh.
    return text + _suffix(type(board)(board._variant_fen_after(move)))


def _suffix(after: Any) -> str:
    check = after.is_check()
    mate = (check and after.is_checkmate()) or after.is_variant_loss() or after.is_variant_win()
    return "#" if mate else "+" if check else ""


def _plain(board: Any, move: Any, long: bool) -> str:
    if not move:
        return "--"
    if move.drop:
        letter = "" if move.drop == 1 else _LETTERS[move.drop].upper()
        return f"{letter}@{_name(move.to_square)}"
    if board.is_castling(move):
        return "O-O" if (move.to_square & 7) > (move.from_square & 7) else "O-O-O"
    piece = board.piece_type_at(move.from_square)
    if piece is None:
        raise AssertionError(f"san() and lan() expect move to be legal or null, but got {move} in {board.fen()}")
    capture = board.is_capture(move)
    if long:
        text = ("" if piece == 1 else _LETTERS[piece].upper()) + _name(move.from_square) + ("x" if capture else "-")
    elif piece == 1:
        text = (_FILES[move.from_square & 7] + "x") if capture else ""
    else:
        text = _LETTERS[piece].upper()
        # python-chess's rule: the file where another candidate shares the rank or none
        # shares the file, the rank where one shares the file.
        others = 0
        for other in board.generate_legal_moves():
            if (other.to_square == move.to_square and other.from_square != move.from_square
                    and not other.drop and board.piece_type_at(other.from_square) == piece):
                others |= 1 << other.from_square
        if others:
            rank = 0xFF << (move.from_square & 0x38)
            file = 0x0101_0101_0101_0101 << (move.from_square & 7)
            if others & rank or not others & file:
                text += _FILES[move.from_square & 7]
            if others & file:
                text += str((move.from_square >> 3) + 1)
        if capture:
            text += "x"
    text += _name(move.to_square)
    if move.promotion:
        text += "=" + _LETTERS[move.promotion].upper()
    return text
