"""UCI analyses through ``AnalysisResult``, lerf.engine against python-chess's chess.engine
(the reference, from PyPI): the reports an iteration takes, the multipv table, the merged
info, the best move and what was sent, for random ``info`` lines (lines that say nothing
among them: no report), limits and multipv counts, delivered in one pipe read or a line a
read."""

from __future__ import annotations

import asyncio
import os
import random
import sys

import chess
import chess.engine
import lerf
import lerf.engine

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_scripted import Recorder, drained, uci_answers  # noqa: E402


def _analysed(library, lines, multipv, limit_kind, line_by_line):
    async def run():
        protocol = library.engine.UciProtocol()
        options = ["option name MultiPV type spin default 1 min 1 max 500"]
        recorder = Recorder(protocol, uci_answers(options, lines), line_by_line=line_by_line)
        await protocol.initialize()
        limit = {"depth": library.engine.Limit(depth=3), "nodes": library.engine.Limit(nodes=100), "none": None}[limit_kind]
        try:
            analysis = await asyncio.wait_for(protocol.analysis(library.Board(), limit, multipv=multipv), 5)
            out = await drained(analysis)
        except Exception as e:  # noqa: BLE001 - any exception is compared
            out = [("raised", type(e).__name__, str(e))]
        return out + [recorder.lines[3:]]

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


def test_random_analyses_read_as_python_chess_reads_them(quiet):
    """150 random analyses: the same reports, multipv table, info, best move and lines."""
    rng = random.Random(511)
    for _ in range(150):
        lines = _info_lines(rng)
        case = (lines, rng.choice([None, 1, 2, 3]), rng.choice(["depth", "nodes", "none"]), rng.random() < 0.5)
        assert _analysed(lerf, *case) == _analysed(chess, *case), case


def test_a_line_that_says_nothing_is_no_report(quiet):
    """``info`` alone, or with words that give no field, adds no report (python-chess
    alike); ``info string`` with no text is one."""
    posted = _analysed(lerf, ["info", "info foo", "info depth x", "info string", "bestmove e2e4"], None, "none", True)[0]
    assert posted == [[("string", "''")]]
