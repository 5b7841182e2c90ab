"""lerf.nnue against Stockfish 15.1 (Debian's ``stockfish``, whose network it exports once
into ``target/oracle``): its ``eval`` table and NNUE evaluation for random games and the
Lichess sample's positions; the binding's ways in (boards, FENs, many on threads) agreeing;
and the errors users get."""

import pathlib
import random
import subprocess

import chess
import chess.pgn
import pytest

import lerf
import lerf.nnue
import stockfish15
from budget import count

ROOT = pathlib.Path(__file__).resolve().parents[3]
ENGINE = stockfish15.ENGINE

needs_stockfish = pytest.mark.skipif(not stockfish15.is_15_1(), reason="needs Debian's stockfish 15.1 (apt-get install stockfish)")


def _positions(n):
    """Random games (python-chess plays them) and the Lichess sample's positions."""
    rng = random.Random(59)
    boards = []
    while len(boards) < n // 2:
        board = chess.Board()
        for _ in range(rng.randrange(1, 140)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            boards.append(board.copy(stack=False))
    sample = pathlib.Path(__file__).resolve().parents[2] / "pgn" / "tests" / "data" / "lichess-2025-05-sample.pgn"
    with open(sample) as pgn:
        while len(boards) < n:
            game = chess.pgn.read_game(pgn)
            if game is None:
                break
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                boards.append(board.copy(stack=False))
    return boards[:n]


def _stockfish_eval(fens):
    """Per FEN: (bucket cells, used bucket, NNUE evaluation text), or None in check."""
    script = "".join(f"position fen {fen}\neval\n" for fen in fens) + "quit\n"
    out = subprocess.run([ENGINE], input=script, capture_output=True, text=True).stdout
    results, cells, used, line = [], [], None, None
    for text in out.splitlines():
        parts = [p.strip() for p in text.split("|")]
        if len(parts) >= 5 and parts[1].isdigit():
            cells.append((" ".join(parts[2].split()), " ".join(parts[3].split())))
            if "this bucket is used" in text:
                used = int(parts[1])
        elif text.startswith("NNUE evaluation"):
            line = text.split()[2]
        elif text.startswith("Final evaluation"):
            results.append(None if "in check" in text else (cells, used, line))
            cells, used, line = [], None, None
    assert len(results) == len(fens)
    return results


def _cell(v):
    pawns = f"{abs(v) / 361:.2f}"
    return pawns if v == 0 else f"{'+' if v > 0 else '-'} {pawns}"


@needs_stockfish
def test_buckets_and_evaluation_as_stockfish_prints_them(network):
    boards = _positions(count("LERF_NNUE_POSITIONS", 400, 4000))
    fens = [b.fen() for b in boards]
    compared = 0
    for fen, printed in zip(fens, _stockfish_eval(fens)):
        if printed is None:
            continue
        compared += 1
        buckets = network.buckets(fen)
        ours = [(_cell(m), _cell(p)) for m, p in zip(buckets.material, buckets.positional)]
        value = buckets.value[buckets.used]
        white = value if " w " in fen else -value
        assert (ours, buckets.used, f"{white / 361:+.2f}") == printed, fen
    assert compared > len(fens) * 3 // 4


@needs_stockfish
def test_boards_fens_and_many_agree(network):
    boards = [lerf.Board(b.fen()) for b in _positions(300)]
    single = [network.evaluate(b) for b in boards]
    assert single == [network.evaluate(b.fen()) for b in boards]
    assert single == [network.buckets(b).value[network.buckets(b).used] for b in boards]
    for threads in (1, 2, 3):
        many = network.evaluate_many(boards, threads=threads)
        assert many.dtype.name == "int32" and many.tolist() == single
        assert network.evaluate_many((b.fen() for b in boards), threads=threads).tolist() == single
    assert network.evaluate_many([]).tolist() == []
    # A BaseBoard has no turn: it is evaluated as White to move.
    base = lerf.BaseBoard(boards[5].board_fen())
    assert network.evaluate(base) == network.evaluate(boards[5].board_fen() + " w - - 0 1")
    assert network.width == 1024 and network.generation == "Stockfish 15.1"


@needs_stockfish
def test_positions_it_cannot_evaluate_are_value_errors(network):
    with pytest.raises(ValueError, match="one king a side.*0 black"):
        network.evaluate("8/8/8/8/8/8/8/K7 w - - 0 1")
    with pytest.raises(ValueError, match="item 1: NNUE needs one king a side"):
        network.evaluate_many([chess.STARTING_FEN, "8/8/8/8/8/8/8/K7 w - - 0 1"])
    crowded = lerf.Board(None)
    for square in range(34):
        crowded.set_piece_at(square, lerf.Piece(lerf.PAWN, lerf.WHITE))
    crowded.set_piece_at(60, lerf.Piece(lerf.KING, lerf.BLACK))
    crowded.set_piece_at(40, lerf.Piece(lerf.KING, lerf.WHITE))
    with pytest.raises(ValueError, match="up to 32 pieces"):
        network.evaluate(crowded)
    with pytest.raises(ValueError, match="item 0"):
        network.evaluate_many(["not a fen"])
    with pytest.raises(TypeError, match="a lerf.Board or a FEN string"):
        network.evaluate(42)


def test_files_it_cannot_read(tmp_path):
    with pytest.raises(FileNotFoundError):
        lerf.nnue.load(tmp_path / "missing.nnue")
    foreign = tmp_path / "foreign.nnue"
    foreign.write_bytes(b"\x16\x2f\xf3\x7a" + bytes(100))
    with pytest.raises(ValueError, match="unsupported network version 0x7af32f16"):
        lerf.nnue.load(foreign)
    with pytest.raises(ValueError, match="truncated"):
        lerf.nnue.from_bytes(b"\x20\x2f\xf3\x7a\x00")


@needs_stockfish
def test_embedded_network_names_where_it_ends(network, tmp_path):
    data = stockfish15.NETWORK.read_bytes()
    with pytest.raises(ValueError, match=f"ends at byte {len(data)}.*0..{len(data)}"):
        lerf.nnue.from_bytes(data + b"trailer")


@needs_stockfish
def test_rows_carry_the_networks_evaluation(network, sample_path):
    import pyarrow as pa

    for threads in (1, 2):
        table = pa.RecordBatchReader.from_stream(
            lerf.pgn.positions(sample_path, threads=threads, nnue=network, batch_size=4096)
        ).read_all()
        rows = table.slice(0, 3000).to_pylist()
        assert [r["nnue"] for r in rows] == network.evaluate_many([r["fen"] for r in rows]).tolist()
    plain = pa.RecordBatchReader.from_stream(lerf.pgn.positions(sample_path)).read_all()
    assert "nnue" not in plain.column_names and table.num_rows == plain.num_rows


@needs_stockfish
def test_rows_scored_by_the_network_become_training_entries(network, sample_path, tmp_path):
    import lerf.binpack

    path = tmp_path / "scored.binpack"
    rows = lerf.pgn.positions(sample_path, nnue=network)
    written = lerf.binpack.write_rows(path, rows, scores="nnue", mate_score=3000)
    entries = list(lerf.binpack.read(path))
    assert written == len(entries) > 20000
    # Every position of the games with a result, its score the network's (side to move's
    # view), kept short of the mate score.
    expected = [max(-2999, min(2999, v)) for v in network.evaluate_many([e.fen for e in entries]).tolist()]
    assert [e.score for e in entries] == expected
    with pytest.raises(ValueError, match='no "nnue" column'):
        lerf.binpack.write_rows(path, lerf.pgn.positions(sample_path), scores="nnue")


@needs_stockfish
def test_a_network_pickles_as_its_path(network):
    import pickle

    again = pickle.loads(pickle.dumps(network))
    assert again.path == network.path and again.evaluate(chess.STARTING_FEN) == network.evaluate(chess.STARTING_FEN)
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(lerf.nnue.from_bytes(stockfish15.NETWORK.read_bytes()))
    # On Dask's workers: test_dask.py's test_a_network_reaches_the_workers_as_its_path.
