"""lerf-protocol's example engine (crates/protocol/examples/engine.rs) plays a whole game
driven by python-chess's own ``chess.engine``: the engine side of the protocol crate
against the most used UCI client. The binary is the one ``cargo test --workspace`` builds
(``target/debug/examples/engine``); the test skips, saying so, when it is not built."""

from __future__ import annotations

import os
import pathlib

import chess
import chess.engine
import pytest

import stockfish15

ROOT = pathlib.Path(__file__).resolve().parents[3]
ENGINE = pathlib.Path(os.environ.get("LERF_EXAMPLE_ENGINE", ROOT / "target" / "debug" / "examples" / "engine"))


@pytest.mark.skipif(not ENGINE.exists(), reason=f"{ENGINE} is not built (cargo test -p lerf-protocol builds it)")
def test_the_example_engine_plays_a_whole_game_under_python_chess():
    with chess.engine.SimpleEngine.popen_uci(str(ENGINE), timeout=30) as engine:
        assert engine.id["name"] == "lerf example"
        assert "UCI_Chess960" in engine.options
        board = chess.Board()
        while not board.is_game_over(claim_draw=True) and board.ply() < 160:
            result = engine.play(board, chess.engine.Limit(depth=2), info=chess.engine.INFO_ALL)
            assert result.move in board.legal_moves
            assert result.info.get("depth") is not None and result.info.get("pv")
            board.push(result.move)
        assert board.ply() >= 10
        info = engine.analyse(chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), chess.engine.Limit(depth=3))
        assert info["score"].white() == chess.engine.Mate(1)
        assert info["pv"][0] == chess.Move.from_uci("a1a8")


@pytest.mark.skipif(not ENGINE.exists(), reason=f"{ENGINE} is not built (cargo test -p lerf-protocol builds it)")
@pytest.mark.skipif(not stockfish15.is_15_1(), reason="needs Debian's stockfish 15.1 (apt-get install stockfish), whose network it searches on")
def test_the_example_engine_searches_on_a_stockfish_network():
    import lerf.nnue

    network = stockfish15.network()
    net = lerf.nnue.load(network)
    with chess.engine.SimpleEngine.popen_uci(str(ENGINE), timeout=60) as engine:
        assert "EvalFile" in engine.options
        engine.configure({"EvalFile": str(network)})
        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        info = engine.analyse(board, chess.engine.Limit(depth=1))
        # Depth 1: the best of the network's evaluations after each move, in the engine's
        # centipawns (208 internal units to the pawn, truncated).
        best = max(-net.evaluate(_after(board, move)) for move in board.legal_moves)
        cp = abs(best) * 100 // 208 * (1 if best >= 0 else -1)
        assert info["score"].relative == chess.engine.Cp(cp)
        result = engine.play(board, chess.engine.Limit(depth=2))
        assert result.move in board.legal_moves


def _after(board, move):
    board = board.copy()
    board.push(move)
    return board.fen()
