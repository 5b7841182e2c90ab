"""SAN on a variant board: written from the variant's legal moves (drops ``N@f3``, antichess's
``=K``), read leniently as python-chess reads it."""

from __future__ import annotations

import re
from typing import Any

from .. import _lerf

_SAN = re.compile(r"^([NBKRQ])?([a-h])?([1-8])?[\-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[\+#]?\Z")
_DROP = re.compile(r"^([PNBRQK])?@([a-h][1-8])[\+#]?\Z")
_LETTERS = " pnbrqk"
_FILES = "abcdefgh"


def _square(name: str) -> int:
    return _FILES.index(name[0]) + 8 * (int(name[1]) - 1)


def _name(square: int) -> str:
    return _FILES[square & 7] + str((square >> 3) + 1)


def algebraic(board: Any, move: Any, *, long: bool) -> str:
    """The move's SAN (or LAN) with ``+`` or ``#`` as the variant has them."""
    text = _plain(board, move, long)
    if not move:
        return text
    board.push(move)
    try:
        check = board.is_check()
        mate = (check and board.is_checkmate()) or board.is_variant_loss() or board.is_variant_win()
    finally:
        board.pop()
    return text + ("#" if mate else "+" if check else "")


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
        raise _lerf.IllegalMoveError(f"no piece on {_name(move.from_square)} for {move.uci()}")
    capture = board.is_capture(move)
    if long:
        text = ("" if piece == 1 else _LETTERS[piece].upper()) + _name(move.from_square) + ("x" if capture else "-")
    elif piece == 1:
        text = (_FILES[move.from_square & 7] + "x") if capture else ""
    else:
        text = _LETTERS[piece].upper()
        others = [m for m in board.generate_legal_moves()
                  if m.to_square == move.to_square and m.from_square != move.from_square
                  and board.piece_type_at(m.from_square) == piece and not m.drop]
        need_file = need_rank = False
        for other in others:
            if (other.from_square >> 3) == (move.from_square >> 3):
                need_file = True
            elif (other.from_square & 7) == (move.from_square & 7):
                need_rank = True
            else:
                need_file = True
        if need_file:
            text += _FILES[move.from_square & 7]
        if need_rank:
            text += str((move.from_square >> 3) + 1)
        if capture:
            text += "x"
    text += _name(move.to_square)
    if move.promotion:
        text += "=" + _LETTERS[move.promotion].upper()
    return text


def parse_san(board: Any, san: str) -> Any:
    """The legal move ``san`` names (``IllegalMoveError`` when none is legal,
    ``AmbiguousMoveError`` when several are, ``InvalidMoveError`` when it is not SAN)."""
    text = san.strip()
    legal = list(board.generate_legal_moves())
    bare = text.rstrip("+#!?")
    if bare in ("O-O", "O-O-O", "0-0", "0-0-0"):
        kingside = bare in ("O-O", "0-0")
        for move in legal:
            if board.is_castling(move) and ((move.to_square & 7) > (move.from_square & 7)) == kingside:
                return move
        raise _lerf.IllegalMoveError(f"illegal san: {san!r} in {board.fen()}")
    drop = _DROP.match(text)
    if drop:
        piece = _LETTERS.index((drop.group(1) or "P").lower())
        to = _square(drop.group(2))
        for move in legal:
            if move.drop == piece and move.to_square == to:
                return move
        raise _lerf.IllegalMoveError(f"illegal drop san: {san!r} in {board.fen()}")
    match = _SAN.match(text)
    if not match:
        if text in ("--", "Z0", "0000", "@@@@"):
            return _lerf.Move.null()
        raise _lerf.InvalidMoveError(f"invalid san: {san!r}")
    letter, file, rank, to_name, promotion = match.groups()
    to = _square(to_name)
    piece = _LETTERS.index(letter.lower()) if letter else 1
    promo = _LETTERS.index(promotion[-1].lower()) if promotion else None
    found = []
    for move in legal:
        if move.drop or move.to_square != to or board.piece_type_at(move.from_square) != piece:
            continue
        if file and (move.from_square & 7) != _FILES.index(file):
            continue
        if rank and (move.from_square >> 3) != int(rank) - 1:
            continue
        if (move.promotion or None) != promo:
            continue
        if board.is_castling(move):
            continue
        found.append(move)
    if not found:
        raise _lerf.IllegalMoveError(f"illegal san: {san!r} in {board.fen()}")
    if len(found) > 1:
        raise _lerf.AmbiguousMoveError(f"ambiguous san: {san!r} in {board.fen()}")
    return found[0]
