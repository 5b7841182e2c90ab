"""Writes tournament-style.pgn: the Lichess sample's games as tournament bulletins (TWIC)
publish them: tags and moves, no comments (no clock times), 80-column movetext.

Usage: python3 make_tournament_style.py   (in this folder; PyPI `chess==1.11.2`)
"""

import chess.pgn

with open("lichess-2025-05-sample.pgn", encoding="utf-8") as source, open(
    "tournament-style.pgn", "w", encoding="utf-8", newline="\n"
) as out:
    while (game := chess.pgn.read_game(source)) is not None:
        exporter = chess.pgn.FileExporter(out, headers=True, variations=True, comments=False)
        game.accept(exporter)
