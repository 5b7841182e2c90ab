"""Writes, for each `*.pgn` here and in `../recovery`, the `*.tree.json` that python-chess
1.11.2 makes of it: for each game `chess.pgn.read_game` returns, its headers, the classes
of its errors, and the game written back by `str(game)`, by `StringExporter` with a few
option sets and by `FileExporter`.

Usage: python3 make_expected.py   (in this folder; needs PyPI `chess==1.11.2`)

Files are opened as the recovery corpus's are: UTF-8 with errors replaced, universal
newlines.
"""

import io
import json
import logging
import pathlib

import chess.pgn

logging.disable(logging.CRITICAL)

OPTIONS = {
    "default": {},
    "plain40": {"headers": False, "comments": False, "variations": False, "columns": 40},
    "no_variations": {"variations": False},
    "no_comments": {"comments": False, "columns": 20},
}


def attempt(f):
    """f()'s value, or the class name of what it raised (as {"raises": name})."""
    try:
        return f()
    except Exception as e:  # noqa: BLE001 - the class is the expected value
        return {"raises": type(e).__name__}


def file_export(game):
    file = io.StringIO()
    game.accept(chess.pgn.FileExporter(file))
    return file.getvalue()


def describe(path):
    games = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            out = {
                "headers": list(game.headers.items()),
                "errors": [type(e).__name__ for e in game.errors],
                "str": attempt(lambda: str(game)),
                "mainline": attempt(lambda: str(game.mainline_moves())),
            }
            for name, options in OPTIONS.items():
                out[name] = attempt(lambda: game.accept(chess.pgn.StringExporter(**options)))
            out["file"] = attempt(lambda: file_export(game))
            games.append(out)
    return games


here = pathlib.Path(__file__).parent
for pgn in sorted([*here.glob("*.pgn"), *(here / ".." / "recovery").glob("*.pgn")]):
    target = here / (pgn.stem + ".tree.json")
    target.write_text(json.dumps(describe(pgn), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(target.name)
