"""Writes, for each `*.pgn` here, the `*.expected` that python-chess 1.11.2 reads from it.

Usage: python3 make_expected.py   (in this folder; needs PyPI `chess==1.11.2`)

Each file is opened as a Python user opens a PGN of unknown origin: UTF-8 with errors
replaced, universal newlines. For each game `chess.pgn.read_game` returns:

    game
    tag<TAB>NAME<TAB>VALUE      each tag line python-chess accepts, in order
    result<TAB>TOKEN            the last result token of the mainline, if any
    move<TAB>SAN<TAB>FEN        each mainline move (FEN after it, en passant when legal)
    errors<TAB>N                len(game.errors)

`90-*` files hold where python-chess 1.11 goes wrong and lerf does not: after an illegal
move inside a variation, its `)` leaves the variation's board current, so the mainline's
next moves are read in the wrong position. Their `.expected` is python-chess's output all
the same (the Rust test states what lerf reads instead).
"""

import pathlib

import chess
import chess.pgn


class Recorder(chess.pgn.GameBuilder):
    """GameBuilder that also keeps the tags and results as the reader hands them over."""

    def begin_game(self):
        super().begin_game()
        self.seen_tags = []
        self.seen_result = None

    def visit_header(self, name, value):
        super().visit_header(name, value)
        self.seen_tags.append((name, value))

    def visit_result(self, result):
        super().visit_result(result)
        self.seen_result = result

    def handle_error(self, error):
        self.game.errors.append(error)


def describe(handle):
    out = []
    while True:
        game = chess.pgn.read_game(handle, Visitor=Recorder)
        if game is None:
            return out
        builder = game.builder
        out.append("game")
        for name, value in builder.seen_tags:
            out.append(f"tag\t{name}\t{value}")
        if builder.seen_result is not None:
            out.append(f"result\t{builder.seen_result}")
        board = start_position(game.headers)
        for move in game.mainline_moves() if board else []:
            san = board.san(move)
            board.push(move)
            out.append(f"move\t{san}\t{board.fen(en_passant='legal')}")
        out.append(f"errors\t{len(game.errors)}")


def start_position(headers):
    """The board read_game plays the mainline on: an unknown Variant is played as
    standard chess (Headers.board() would raise), a bad FEN has no moves."""
    try:
        return headers.board()
    except ValueError:
        pass
    try:
        return chess.Board(headers.get("FEN", chess.STARTING_FEN), chess960=headers.is_chess960())
    except ValueError:
        return None


class KeepBuilder(Recorder):
    def result(self):
        game = super().result()
        game.builder = self
        return game


Recorder = KeepBuilder  # noqa: F811  the game keeps its builder, for the tags seen


def main():
    here = pathlib.Path(__file__).parent
    for path in sorted(here.glob("*.pgn")):
        with open(path, encoding="utf-8", errors="replace") as handle:
            lines = describe(handle)
        path.with_suffix(".expected").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
