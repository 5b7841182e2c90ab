"""UCI analyses through ``AnalysisResult``, lerf.engine against python-chess's chess.engine
(the reference, from PyPI): the reports an iteration takes, the multipv table, the merged
info, the best move and what was sent, for random ``info`` lines (lines that say nothing
among them: no report), limits and multipv counts, delivered in one pipe read or a line a
read."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import sys

import chess
import chess.engine
import lerf
import lerf.engine

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_scripted import Recorder  # noqa: E402


def _analysed(library, lines, multipv, limit_kind, line_by_line):
    async def run():
        protocol = library.engine.UciProtocol()

        def respond(line):
            if line == "uci":
                return ["id name T", "option name MultiPV type spin default 1 min 1 max 500", "uciok"]
            if line == "isready":
                return ["readyok"]
            if line.startswith("go"):
                return lines
            return ["bestmove e2e4"] if line == "stop" else []

        recorder = Recorder(protocol, respond, line_by_line=line_by_line)
        await protocol.initialize()
        limit = {"depth": library.engine.Limit(depth=3), "nodes": library.engine.Limit(nodes=100), "none": None}[limit_kind]
        out = []
        try:
            analysis = await asyncio.wait_for(protocol.analysis(library.Board(), limit, multipv=multipv), 5)
            posted = []

            async def consume():
                async for info in analysis:
                    posted.append(sorted((key, repr(value)) for key, value in info.items()))

            consumer = asyncio.ensure_future(consume())
            # Once the engine's lines are read (they come through call_soon), an analysis
            # that its lines did not end is stopped: the engine then answers "bestmove e2e4".
            for _ in range(20):
                await asyncio.sleep(0)
            analysis.stop()
            await asyncio.wait_for(consumer, 5)
            out.append(posted)
            out.append([sorted((key, repr(value)) for key, value in info.items()) for info in analysis.multipv])
            out.append(sorted((key, repr(value)) for key, value in analysis.info.items()))
            best = await asyncio.wait_for(analysis.wait(), 5)
            out.append((repr(best.move), repr(best.ponder), analysis.empty()))
        except Exception as e:  # noqa: BLE001 - any exception is compared
            out.append(("raised", type(e).__name__, str(e)))
        out.append(recorder.lines[3:])
        return out

    return asyncio.run(run())


def _info_lines(rng):
    lines = []
    for _ in range(rng.randint(0, 6)):
        if rng.random() < 0.15:
            lines.append(rng.choice(["info", "info ", "info\t", "info foo", "info depth", "info depth x", "info string"]))
            continue
        parts = ["info"]
        if rng.random() < 0.8:
            parts += ["depth", str(rng.randint(1, 5))]
        if rng.random() < 0.5:
            parts += ["multipv", str(rng.randint(1, 4))]
        if rng.random() < 0.6:
            parts += ["score", rng.choice(["cp 10", "cp -20", "mate 3", "cp 5 lowerbound"])]
        if rng.random() < 0.4:
            parts += ["nodes", str(rng.choice([50, 100, 200]))]
        if rng.random() < 0.5:
            parts += ["pv"] + rng.choice([["e2e4", "e7e5", "g1f3"], ["d2d4", "d7d5"], ["g1f3"]])[:rng.randint(0, 3)]
        lines.append(" ".join(parts))
    if rng.random() < 0.8:
        lines.append(rng.choice(["bestmove e2e4", "bestmove d2d4 ponder d7d5", "bestmove (none)"]))
    return lines


def test_random_analyses_read_as_python_chess_reads_them():
    """150 random analyses: the same reports, multipv table, info, best move and lines."""
    logging.disable(logging.CRITICAL)
    try:
        rng = random.Random(511)
        for _ in range(150):
            lines = _info_lines(rng)
            case = (lines, rng.choice([None, 1, 2, 3]), rng.choice(["depth", "nodes", "none"]), rng.random() < 0.5)
            assert _analysed(lerf, *case) == _analysed(chess, *case), case
    finally:
        logging.disable(logging.NOTSET)


def test_a_line_that_says_nothing_is_no_report():
    """``info`` alone, or with words that give no field, adds no report (python-chess
    alike); ``info string`` with no text is one."""
    logging.disable(logging.CRITICAL)
    try:
        posted = _analysed(lerf, ["info", "info foo", "info depth x", "info string", "bestmove e2e4"], None, "none", True)[0]
        assert posted == [[("string", "''")]]
    finally:
        logging.disable(logging.NOTSET)
