"""lerf.pgn.positions and lerf.pgn.split on variant games against python-chess (the
reference, from PyPI): random games of every variant of chess.variant, Chess960 starts
where the variant has them, with variations, comments and clocks, written by python-chess
and read back by both; the rows must be those python-chess's replay gives."""

from __future__ import annotations

import io
import random

import chess
import chess.pgn
import chess.variant
import pyarrow as pa

import lerf
from budget import count
from test_pgn import python_chess_rows

# Games a variant (python-chess writes and replays them: most of the tests' time).
GAMES = count("LERF_VARIANT_ROW_GAMES", quick=4, long=12)
CHESS960 = {"Atomic", "King of the Hill", "Three-check", "Crazyhouse", "Suicide", "Giveaway"}
# One of python-chess's aliases for each board class (what Lichess and FICS write).
TAGS = ["Antichess", "Suicide", "Giveaway", "Atomic", "King of the Hill", "Racing Kings",
        "Horde", "Three-check", "Crazyhouse"]


def random_game(tag: str, rng: random.Random) -> chess.pgn.Game:
    board_class = chess.variant.find_variant(tag)
    if tag in CHESS960 and rng.random() < 0.3:
        board = board_class(chess960=True)
        board.set_chess960_pos(rng.randrange(960))
        if tag == "Three-check":
            board.remaining_checks = [3, 3]
    else:
        board = board_class()
    game = chess.pgn.Game.from_board(board)
    game.headers["Variant"] = tag
    node = game
    for ply in range(rng.randrange(10, 120)):
        moves = sorted(node.board().legal_moves, key=lambda m: m.uci())
        if not moves:
            break
        if len(moves) > 1 and rng.random() < 0.1:
            # A variation: another move, and a reply if there is one.
            side = node.add_variation(rng.choice(moves[1:]))
            replies = sorted(side.board().legal_moves, key=lambda m: m.uci())
            if replies:
                side.add_variation(rng.choice(replies))
        node = node.add_main_variation(moves[0] if rng.random() < 0.05 else rng.choice(moves))
        if rng.random() < 0.2:
            node.comment = f"[%clk 0:0{rng.randrange(10)}:{rng.randrange(10, 60)}] [%eval {rng.uniform(-5, 5):.2f}]"
        if rng.random() < 0.05:
            node.nags.add(rng.randrange(1, 8))
    return game


def variant_pgn(seed: str) -> bytes:
    rng = random.Random(seed)
    games = [random_game(tag, rng) for _ in range(GAMES) for tag in TAGS]
    rng.shuffle(games)
    # A standard game among them: its variant column is "chess".
    games.append(chess.pgn.read_game(io.StringIO("1. e4 e5 2. Nf3 *")))
    return "\n\n".join(str(game) for game in games).encode()


def test_variant_rows_equal_a_replay_with_python_chess():
    data = variant_pgn("rows")
    ours = [tuple(row.values()) for batch in lerf.pgn.positions(io.BytesIO(data), batch_size=500)
            for row in batch.to_pylist()]
    theirs = python_chess_rows(data)
    assert len(ours) == len(theirs) > GAMES * 9 * 10
    for mine, reference in zip(ours, theirs):
        assert mine == reference
    assert {row[7] for row in ours} == {"antichess", "suicide", "giveaway", "atomic", "kingofthehill",
                                        "racingkings", "horde", "3check", "crazyhouse", "chess"}


def test_variant_rows_on_threads_and_in_shards_are_the_same(tmp_path):
    data = variant_pgn("threads")
    one = pa.Table.from_batches(list(lerf.pgn.positions(io.BytesIO(data))))
    several = pa.Table.from_batches(list(lerf.pgn.positions(io.BytesIO(data), threads=2, batch_size=100)))
    assert one.equals(several)
    manifest = lerf.pgn.split(io.BytesIO(data), tmp_path / "shards", games_per_shard=10)
    assert manifest["moves"] == one.num_rows


def test_a_bad_variant_fen_or_move_ends_the_game_as_in_python_chess():
    data = (b'[Variant "Three-check"]\n[FEN "8/8/8 w - - x+y 0 1"]\n\n1. e4 *\n\n'
            b'[Variant "Crazyhouse"]\n\n1. e4 Q@e6 2. d4 *\n\n'
            b'[Variant "Antichess"]\n\n1. e4 d5 2. Nf3 *\n')
    ours = [tuple(row.values()) for batch in lerf.pgn.positions(io.BytesIO(data)) for row in batch.to_pylist()]
    assert ours == python_chess_rows(data)
    assert [row[3] for row in ours] == ["e4", "e4", "d5"]
