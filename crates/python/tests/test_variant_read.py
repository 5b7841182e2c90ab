"""lerf.pgn.read_game on variant games against python-chess's (the reference, from PyPI):
games of every variant of chess.variant written by python-chess (Chess960 starts,
variations, comments, NAGs), and the same games with moves broken on the way (SAN no board
has, illegal moves, bad and illegal drops) and bad start positions. lerf reads the games of
its own variants in Rust; every game must hold the same headers, errors (type and message),
mainline, comments and written text as python-chess's."""

from __future__ import annotations

import io
import random

import chess.pgn
import chess.variant
import pytest

import lerf
import lerf.pgn
import lerf.variant
from budget import count
from test_pgn_compat import described, read_all
from test_variant_rows import TAGS, random_game

BROKEN = ["Qz9", "Kxe9", "O-O-O", "e8=Q", "N@e4", "@a1", "P@h8", "Q@", "@z3+", "K@e4", "Nf3", "exd6",
          "Bb5", "--", "a1=K", "1-0x"]


def broken_pgn(seed: str, games_per_tag: int) -> str:
    """Games of every variant, some with a word of the movetext replaced by another."""
    rng = random.Random(seed)
    texts = []
    for _ in range(games_per_tag):
        for tag in TAGS:
            text = str(random_game(tag, rng))
            if rng.random() < 0.6:
                words = text.split(" ")
                heads = [i for i, w in enumerate(words) if w and w[0].isalpha() and "]" not in w and '"' not in w]
                if heads:
                    words[rng.choice(heads)] = rng.choice(BROKEN)
                text = " ".join(words)
            texts.append(text)
    rng.shuffle(texts)
    return "\n\n".join(texts)


def test_variant_games_read_as_python_chess_reads_them():
    games = count("LERF_VARIANT_READ_GAMES", quick=3, long=6)
    text = broken_pgn("read", games)
    ours, ours_end = read_all(lerf.pgn, io.StringIO(text))
    theirs, theirs_end = read_all(chess.pgn, io.StringIO(text))
    assert len(ours) == len(theirs) == games * len(TAGS)
    for mine, reference in zip(ours, theirs):
        assert mine == reference
    assert ours_end == theirs_end
    # The broken words did break games: errors of all three kinds were compared.
    kinds = {kind for _, game in theirs for kind, _ in game["errors"]}
    assert {"IllegalMoveError", "InvalidMoveError"} <= kinds


@pytest.mark.parametrize("header", [
    '[Variant "Three-check"]\n[FEN "8/8/8 w - - x+y 0 1"]',
    '[Variant "Crazyhouse"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Xq] w KQkq - 0 1"]',
    '[Variant "Crazyhouse"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Nq w KQkq - 0 1"]',
    '[Variant "Atomic"]\n[FEN "not a fen"]',
    '[Variant "Three-check"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +1+2 0 1"]',
    '[Variant "Racing Kings"]\n[SetUp "1"]',
    '[Variant "Chess960"]\n[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"]',
    '[Variant "Atomic"]\n[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]',
    '[Variant "Blitz"]',
])
def test_variant_starts_read_as_python_chess_reads_them(header):
    text = f"{header}\n\n1. e4 N@f3 2. O-O e5 *\n\n{header}\n\n1. Nf3 (1. e3 d6) 1... Nc6 2. Ng1 *\n"
    assert read_all(lerf.pgn, io.StringIO(text)) == read_all(chess.pgn, io.StringIO(text))


def test_read_variant_games_give_variant_boards():
    text = '[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 P@f3 5. Nxf3 *'
    game = lerf.pgn.read_game(io.StringIO(text))
    board = game.end().board()
    assert type(board) is lerf.variant.CrazyhouseBoard and not game.errors
    assert board.fen() == chess.pgn.read_game(io.StringIO(text)).end().board().fen()
    assert str(board.pockets[lerf.WHITE]) == "pp"


def test_variant_games_streamed_by_read_games_as_python_chess_reads_them():
    # read_games builds every tree in Rust, the start set up by lerf's own variant boards.
    games = count("LERF_VARIANT_READ_GAMES", quick=2, long=4)
    text = broken_pgn("stream", games)
    ours = [described(lerf.pgn, game) for game in lerf.pgn.read_games(io.BytesIO(text.encode()))]
    theirs = [game for _, game in read_all(chess.pgn, io.StringIO(text))[0]]
    assert len(ours) == len(theirs) == games * len(TAGS)
    for mine, reference in zip(ours, theirs):
        assert mine == reference


def test_variant_starts_in_rust_accept_what_python_chess_accepts():
    # read_games sets a variant start up with lerf_rules's variant FEN reader: it accepts
    # and refuses the FENs python-chess's variant boards accept and refuse, with the same
    # board and the same words for what is wrong (the text python-chess quotes after them
    # may differ: python-chess names the check part, lerf the FEN).
    rng = random.Random(5)
    boards = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "4k3/8/8/8/8/8/8/4K3", "8/8/8/8/8/8/8/8"]
    pockets = ["", "[]", "[Nq]", "[K]", "/Pp", "[x]", "]", "[Q", "/", "[]]"]
    checks = ["3+3", "1+2", "0+0", "5+7", "x+y", "3+", "+3", "-1+2", "3+3+3", "1_0+2", ""]
    tails = ["", "0 1", "5 20", "0 1 +1+2", "0 1 +x+1", "0 1 +4+0", "+1+2", "0 1 3+3"]
    for _ in range(600):
        tag = rng.choice(["Three-check", "Crazyhouse", "Atomic"])
        board = rng.choice(boards) + (rng.choice(pockets) if tag == "Crazyhouse" else "")
        fields = [board, rng.choice(["w", "b"]), rng.choice(["KQkq", "-"]), "-"]
        if tag == "Three-check" and rng.random() < 0.7:
            fields.append(rng.choice(checks))
        fields.append(rng.choice(tails))
        fen = " ".join(f for f in fields if f)
        text = f'[Variant "{tag}"]\n[FEN "{fen}"]\n\n*\n'
        ours = next(iter(lerf.pgn.read_games(io.BytesIO(text.encode()))))
        theirs = chess.pgn.read_game(io.StringIO(text))
        assert [type(e).__name__ for e in ours.errors] == [type(e).__name__ for e in theirs.errors], fen
        assert [str(e).split(":")[0] for e in ours.errors] == [str(e).split(":")[0] for e in theirs.errors], fen
        if not theirs.errors:
            assert ours.board().fen() == theirs.board().fen(), fen
        # The board classes themselves give python-chess's exact words.
        outcomes = []
        for module in (lerf.variant, chess.variant):
            try:
                outcomes.append(module.find_variant(tag)(fen).fen())
            except ValueError as error:
                outcomes.append(("ValueError", str(error)))
        assert outcomes[0] == outcomes[1], fen
