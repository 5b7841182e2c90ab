"""Writes the expected SAN, FEN and outcome lines for a PGN file, with python-chess.

Usage: python3 make_expected.py GAMES.pgn > GAMES.expected

For each game: one line per mainline move, `SAN<TAB>FEN` (the move as python-chess writes
it in SAN, then the FEN after it, en passant only when legal), then `outcome<TAB>...` with
`board.outcome(claim_draw=True)` at the end of the mainline (`none` when the game is not
over), then a blank line. Made with python-chess 1.11.2 (PyPI `chess`).
"""

import sys

import chess
import chess.pgn


def outcome_text(board):
    outcome = board.outcome(claim_draw=True)
    if outcome is None:
        return "none"
    winner = {True: "white", False: "black", None: "draw"}[outcome.winner]
    return f"{outcome.termination.name.lower()} {winner}"


def main(path):
    with open(path, encoding="utf-8-sig") as pgn:
        while True:
            game = chess.pgn.read_game(pgn)
            if game is None:
                break
            board = game.board()
            for move in game.mainline_moves():
                san = board.san(move)
                board.push(move)
                print(f"{san}\t{board.fen(en_passant='legal')}")
            print(f"outcome\t{outcome_text(board)}")
            print()


if __name__ == "__main__":
    main(sys.argv[1])
