"""Random games with python-chess's outcome after every move, automatic and with claims.

Usage: python3 make_outcomes.py > outcomes.txt

Each line is a game: `FEN|uci auto claim|uci auto claim|...`, where `auto` is
`board.outcome()` and `claim` is `board.outcome(claim_draw=True)` after the move, written
`termination:winner` (or `-`). The games start from endgames and from positions where
pieces shuttle back and forth, so that repetitions, the 50- and 75-move rules and
insufficient material all come up. Made with python-chess 1.11.2 (PyPI `chess`).
"""

import random

import chess

STARTS = [
    chess.STARTING_FEN,
    "4k3/8/8/8/8/8/8/4K2N w - - 0 1",
    "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
    "2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1",
    "3bk3/8/8/8/8/8/8/4KB2 w - - 0 1",
    "4k3/8/8/8/8/8/8/3NK1n1 w - - 0 1",
    "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w - - 95 80",
    "4k3/8/8/8/8/8/8/R3K3 w - - 140 90",
    "r3k3/8/8/8/8/8/8/4K2R w - - 0 1",
    "4k3/8/8/8/8/8/p7/4K2Q w - - 0 1",
    "7k/8/8/8/8/8/6q1/K7 w - - 0 1",
    "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1",
]


def code(outcome):
    if outcome is None:
        return "-"
    winner = {True: "white", False: "black", None: "draw"}[outcome.winner]
    return f"{outcome.termination.name.lower()}:{winner}"


def main():
    rng = random.Random(7)
    for fen in STARTS:
        for _ in range(25):
            board = chess.Board(fen)
            fields = [fen]
            back = []
            for _ in range(rng.randrange(20, 220)):
                moves = list(board.legal_moves)
                if not moves or board.outcome() is not None:
                    break
                # Moving the piece back where it came from makes repetitions common.
                ours = back[-2] if len(back) >= 2 else None
                reverse = [m for m in moves if ours and m.from_square == ours.to_square and m.to_square == ours.from_square]
                move = reverse[0] if reverse and rng.random() < 0.8 else rng.choice(moves)
                board.push(move)
                back.append(move)
                fields.append(f"{move.uci()} {code(board.outcome())} {code(board.outcome(claim_draw=True))}")
            print("|".join(fields))


if __name__ == "__main__":
    main()
