"""Writes, for positions along random games, every legal move's UCI and SAN (and LAN) as
python-chess writes them.

Usage: python3 make_san_moves.py > san_moves.txt

Each line: `FEN;uci san lan;uci san lan;...`. Standard games from the start position and from
positions crowded with queens and knights (for disambiguation), and Chess960 games from a few
starting arrays (for castling). Made with python-chess 1.11.2 (PyPI `chess`).
"""

import random

import chess

STARTS = [
    (chess.STARTING_FEN, False),
    ("4k3/1Q3Q2/8/3Q4/8/1Q3Q2/8/4K3 w - - 0 1", False),
    ("4k3/8/2N1N3/1N3N2/8/1N3N2/2N1N3/4K3 w - - 0 1", False),
    ("r3k2r/pPp2ppp/8/3pP3/8/8/PpP2PPP/R3K2R w KQkq d6 0 1", False),
    ("8/2P1P3/8/2k5/8/8/2p1p3/4K3 w - - 0 1", False),
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", True),
    ("2r1kr2/8/8/8/8/8/8/1R2KR2 w KQkq - 0 1", True),
    ("rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1", True),
]


def line(board):
    fields = [board.fen(en_passant="legal")]
    for move in sorted(board.legal_moves, key=lambda m: m.uci()):
        fields.append(f"{move.uci()} {board.san(move)} {board.lan(move)}")
    return ";".join(fields)


def main():
    rng = random.Random(20261122)
    for fen, chess960 in STARTS:
        for _ in range(12):
            board = chess.Board(fen, chess960=chess960)
            for _ in range(rng.randrange(0, 60)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
                if rng.random() < 0.3:
                    print(line(board))
            print(line(board))


if __name__ == "__main__":
    main()
