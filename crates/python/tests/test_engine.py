"""lerf.engine against python-chess's chess.engine (the reference, from PyPI):

* what both send an engine for the same calls, in random sessions through a scripted
  engine (UCI and XBoard) and with Debian's real Stockfish (which must then answer the
  same: best moves, scores, pvs);
* what both read from random ``info`` lines;
* what lerf does where python-chess would fail or lose data: malformed engine output,
  illegal moves, an engine that dies, a flood of reports through ``SimpleEngine``.

python-chess's own EngineTestCase runs separately (``python_chess_suite.py``)."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import shutil
import stat
import sys
import textwrap

import pytest

import chess
import chess.engine
import chess.pgn
import lerf
import lerf.engine

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_scripted import Recorder, _text, random_uci_session, random_xboard_session, uci_engine  # noqa: E402

SAMPLE = os.path.join(os.path.dirname(__file__), "..", "..", "pgn", "tests", "data", "lichess-2025-05-sample.pgn")


def _ponder_clocks_blank(lines):
    # A ponder search's clocks are charged the time the search took, which differs run to run.
    import re

    return [re.sub(r"(wtime|btime) \d+", r"\1 T", line) if line.startswith("go ponder") else line for line in lines]


@pytest.mark.parametrize("first", range(0, 300, 50))
def test_uci_sessions_send_what_python_chess_sends(first):
    logging.disable(logging.CRITICAL)
    try:
        for seed in range(first, first + 50):
            theirs = asyncio.run(random_uci_session(chess, seed))
            ours = asyncio.run(random_uci_session(lerf, seed))
            assert _ponder_clocks_blank(ours[0]) == _ponder_clocks_blank(theirs[0]), f"seed {seed}"
            assert ours[1] == theirs[1], f"seed {seed}"
    finally:
        logging.disable(logging.NOTSET)


@pytest.mark.parametrize("first", range(0, 300, 50))
def test_xboard_sessions_send_what_python_chess_sends(first):
    logging.disable(logging.CRITICAL)
    try:
        for seed in range(first, first + 50):
            theirs = asyncio.run(random_xboard_session(chess, seed))
            ours = asyncio.run(random_xboard_session(lerf, seed))
            assert ours == theirs, f"seed {seed}"
    finally:
        logging.disable(logging.NOTSET)


# Random info lines.

def _random_line(rng, board):
    moves = []
    b = board.copy()
    for _ in range(rng.randrange(0, 14)):
        legal = sorted(b.legal_moves, key=lambda m: m.uci())
        if not legal:
            break
        m = rng.choice(legal)
        moves.append(b.uci(m))
        b.push(m)
    return moves


def _random_info(rng, board):
    fields = []
    numbers = ["depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "tbhits", "cpuload", "time",
               "currmovenumber"]
    for name in rng.sample(numbers, rng.randrange(0, len(numbers))):
        fields.append(f"{name} {rng.randrange(1, 10**rng.randrange(1, 10))}")
    if rng.random() < 0.7:
        kind = rng.choice(["cp", "mate"])
        bound = rng.choice([" lowerbound", " upperbound"]) if rng.random() < 0.2 else ""
        fields.append(f"score {kind} {rng.randrange(-3000, 3000) if kind == 'cp' else rng.randrange(-20, 21)}{bound}")
    if rng.random() < 0.3:
        fields.append(f"wdl {rng.randrange(1000)} {rng.randrange(1000)} {rng.randrange(1000)}")
    if rng.random() < 0.2:
        fields.append(f"ebf {rng.uniform(0, 5):.2f}")
    line = _random_line(rng, board)
    if rng.random() < 0.2 and line:
        fields.append(f"currmove {line[0]}")
    if rng.random() < 0.15 and line:
        fields.append("refutation " + " ".join(line[:3]))
    if rng.random() < 0.15:
        fields.append(f"currline {rng.randrange(4)} " + " ".join(line[:4]))
    rng.shuffle(fields)
    if rng.random() < 0.8:
        fields.append("pv " + " ".join(line))
    if rng.random() < 0.2:
        fields.append("string " + rng.choice(["hello  world", "score cp 3 pv e2e4", "NNUE evaluation"]))
    return " ".join(fields)


def test_info_lines_read_as_python_chess_reads_them():
    rng = random.Random(7)
    selectors = [chess.engine.INFO_ALL, chess.engine.INFO_BASIC, chess.engine.INFO_SCORE, chess.engine.INFO_PV,
                 chess.engine.INFO_REFUTATION | chess.engine.INFO_CURRLINE, chess.engine.INFO_NONE]
    with open(SAMPLE, encoding="utf-8") as handle:
        boards = []
        for _ in range(15):
            game = chess.pgn.read_game(handle)
            b = game.board()
            for move in game.mainline_moves():
                b.push(move)
                if rng.random() < 0.1:
                    boards.append(b.fen())
    checked = 0
    for fen in boards:
        reference = chess.Board(fen)
        ours = lerf.Board(fen)
        for _ in range(20):
            line = _random_info(rng, reference)
            selector = rng.choice(selectors)
            theirs = chess.engine._parse_uci_info(line, reference, selector)
            mine = lerf.engine._parse_uci_info(line, ours, lerf.engine.Info(int(selector)))
            assert _text(mine) == _text(theirs), line
            checked += 1
    assert checked >= 1000


def test_info_never_raises_on_token_soup():
    rng = random.Random(11)
    board = lerf.Board()
    words = ["depth", "score", "cp", "mate", "pv", "e2e4", "e7e5", "e2e5", "wdl", "multipv", "-1", "99999999999999999999",
             "string", "currline", "refutation", "\r", "\0", "é", "nan", "lowerbound", "currmove", "time", "ebf", "1.5e9"]
    logging.disable(logging.CRITICAL)
    try:
        for _ in range(20000):
            line = " ".join(rng.choice(words) for _ in range(rng.randrange(0, 15)))
            info = lerf.engine._parse_uci_info(line, board)
            assert isinstance(info, dict)
    finally:
        logging.disable(logging.NOTSET)


def test_a_bad_move_keeps_the_rest_of_the_line():
    # python-chess drops the whole pv when one move is illegal (python-chess#596); lerf keeps
    # the moves before it, and every other field.
    board = lerf.Board()
    logging.disable(logging.CRITICAL)
    try:
        info = lerf.engine._parse_uci_info("depth 3 pv e2e4 e7e5 e1e3 g8f6 score cp 20 nodes 5", board)
    finally:
        logging.disable(logging.NOTSET)
    assert [m.uci() for m in info["pv"]] == ["e2e4", "e7e5"]
    assert info["score"] == lerf.engine.PovScore(lerf.engine.Cp(20), lerf.WHITE)
    assert info["nodes"] == 5 and info["depth"] == 3
    # A stray carriage return (python-chess#400) is whitespace.
    info = lerf.engine._parse_uci_info("depth 3 pv e2e4 e7e5\r", board)
    assert len(info["pv"]) == 2


# Malformed output through the protocol.

def test_bad_bestmove_is_an_engine_error():
    async def main():
        protocol = lerf.engine.UciProtocol()
        mock = lerf.engine.MockTransport(protocol)
        mock.expect("uci", ["uciok"])
        await protocol.initialize()
        for answer in ["bestmove", "bestmove zz99", "bestmove e2e5", "bestmove e2e4 ponder", "bestmove e2e4 junk e7e5"]:
            mock.expect("ucinewgame" if answer == "bestmove" else "position startpos")
            if answer == "bestmove":
                mock.expect("isready", ["readyok"])
                mock.expect("position startpos")
            mock.expect("go movetime 1000", [answer])
            if answer == "bestmove e2e4 ponder":
                result = await protocol.play(lerf.Board(), lerf.engine.Limit(time=1))
                assert result.move == lerf.Move.from_uci("e2e4") and result.ponder is None
            else:
                with pytest.raises(lerf.engine.EngineError):
                    await protocol.play(lerf.Board(), lerf.engine.Limit(time=1))
        mock.assert_done()
        # An illegal ponder move is dropped (and logged), the best move kept.
        mock.expect("position startpos")
        mock.expect("go movetime 1000", ["bestmove e2e4 ponder e2e4"])
        result = await protocol.play(lerf.Board(), lerf.engine.Limit(time=1))
        assert (result.move.uci(), result.ponder) == ("e2e4", None)
        mock.assert_done()

    logging.disable(logging.CRITICAL)
    try:
        asyncio.run(main())
    finally:
        logging.disable(logging.NOTSET)


def test_xboard_analysis_with_include_and_san_thinking():
    async def main():
        protocol = lerf.engine.XBoardProtocol()
        mock = lerf.engine.MockTransport(protocol)
        mock.expect("xboard")
        mock.expect("protover 2", ["feature done=0 ping=1 setboard=1", "feature exclude=1", "feature done=1"])
        await protocol.initialize()
        board = lerf.Board("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1")
        mock.expect("new")
        mock.expect("force")
        mock.expect("setboard rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1")
        mock.expect("exclude all")
        mock.expect("include f7f6")
        mock.expect("post")
        mock.expect("analyze", ["4    116      23   2252  1... f6 2. e4 e6"])
        mock.expect(".")
        mock.expect("exit")
        mock.expect_ping()
        info = await protocol.analyse(board, lerf.engine.Limit(depth=1), root_moves=[board.parse_san("f6")])
        assert info["depth"] == 4 and info["nodes"] == 2252 and info["time"] == 0.23
        assert info["score"] == lerf.engine.PovScore(lerf.engine.Cp(116), lerf.BLACK)
        assert [m.uci() for m in info["pv"]] == ["f7f6", "e2e4", "e7e6"]
        mock.assert_done()

    asyncio.run(main())


def _script(tmp_path, body):
    path = tmp_path / "engine.sh"
    path.write_text("#!/bin/bash\n" + textwrap.dedent(body))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


@pytest.mark.skipif(not shutil.which("bash"), reason="needs bash")
def test_an_engine_that_dies_fails_the_analysis_and_every_later_call(tmp_path):
    command = _script(tmp_path, """
        while read line; do
            case "$line" in
                uci) echo uciok ;;
                isready) echo readyok ;;
                go*) echo "info depth 1 score cp 5 pv e2e4"; exit 3 ;;
            esac
        done
    """)
    with lerf.engine.SimpleEngine.popen_uci(command) as engine:
        analysis = engine.analysis(lerf.Board())
        with pytest.raises(lerf.engine.EngineTerminatedError):
            for _ in analysis:
                pass
        with pytest.raises(lerf.engine.EngineTerminatedError):
            analysis.wait()
        with pytest.raises(lerf.engine.EngineTerminatedError):
            engine.ping()


def test_a_call_cancelled_by_the_engines_end_says_the_engine_terminated():
    # The engine's event loop ends with the engine and cancels the calls still waiting in
    # it; a call that raced the engine's death that way (seen under load in the test above)
    # is told what a call that saw the death first is told.
    import concurrent.futures

    from lerf.engine import _simple

    future = concurrent.futures.Future()
    future.cancel()
    with pytest.raises(lerf.engine.EngineTerminatedError):
        _simple._result(future)
    done = concurrent.futures.Future()
    done.set_result(7)
    assert _simple._result(done) == 7


def _flood_engine(tmp_path, lines):
    path = tmp_path / "flood.py"
    path.write_text(textwrap.dedent(f"""
        import sys
        PV = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5"
        for line in sys.stdin:
            word = (line.split() or [""])[0]
            if word == "uci": print("option name MultiPV type spin default 1 min 1 max 9"); print("uciok", flush=True)
            elif word == "isready": print("readyok", flush=True)
            elif word == "go":
                out = []
                for i in range({lines}):
                    out.append(f"info depth {{i % 50 + 1}} multipv {{i % 2 + 1}} score cp {{i % 300 - 150}} nodes {{i}} pv {{PV}}")
                out.append("bestmove e2e4 ponder e7e5")
                print("\\n".join(out), flush=True)
            elif word == "quit": break
    """))
    return [sys.executable, str(path)]


def test_a_flood_of_reports_through_simple_engine_matches_python_chess(tmp_path):
    command = _flood_engine(tmp_path, 3000)
    seen = {}
    for lib in (chess, lerf):
        with lib.engine.SimpleEngine.popen_uci(command) as engine:
            with engine.analysis(lib.Board(), multipv=2) as analysis:
                reports = [_text(info) for info in analysis]
            best = analysis.wait()
            seen[lib.__name__] = (reports, _text(analysis.multipv), best.move.uci(), best.ponder.uci())
            engine.quit()
    assert len(seen["lerf"][0]) == 3000
    assert seen["lerf"] == seen["chess"]


def _stockfish():
    return shutil.which("stockfish") or shutil.which("stockfish", path="/usr/games")


class _Sent(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines = []

    def emit(self, record):
        if record.msg == "%s: << %s":
            self.lines.append(record.args[1])


@pytest.mark.skipif(_stockfish() is None, reason="needs Debian's stockfish (apt-get install stockfish)")
def test_stockfish_answers_both_libraries_alike():
    fens = []
    with open(SAMPLE, encoding="utf-8") as handle:
        for _ in range(3):
            game = chess.pgn.read_game(handle)
            board = game.board()
            for i, move in enumerate(game.mainline_moves()):
                board.push(move)
                if i in (12, 31):
                    fens.append(board.fen())
    outcomes = {}
    logger = logging.getLogger("chess.engine")
    for lib in (chess, lerf):
        handler = _Sent()
        logger.addHandler(handler)
        old_level = logger.level
        logger.setLevel(logging.DEBUG)
        results = []
        try:
            with lib.engine.SimpleEngine.popen_uci(_stockfish()) as engine:
                engine.configure({"Threads": 1, "Hash": 16})
                for fen in fens:
                    board = lib.Board(fen)
                    limit = lib.engine.Limit(nodes=30000)
                    played = engine.play(board, limit, game=object(), info=lib.engine.INFO_ALL)
                    lines = engine.analyse(board, limit, game=object(), multipv=2)
                    keep = ("depth", "seldepth", "score", "pv", "multipv", "nodes", "wdl")
                    results.append((played.move.uci(), _text({k: v for k, v in played.info.items() if k in keep}),
                                    [_text({k: v for k, v in info.items() if k in keep}) for info in lines]))
                engine.quit()
        finally:
            logger.removeHandler(handler)
            logger.setLevel(old_level)
        outcomes[lib.__name__] = (handler.lines, results)
    sent_by_python_chess, answers_to_python_chess = outcomes["chess"]
    sent_by_lerf, answers_to_lerf = outcomes["lerf"]
    assert sent_by_lerf == sent_by_python_chess
    assert sent_by_lerf.count("ucinewgame") == 2 * len(fens)
    assert answers_to_lerf == answers_to_python_chess
    assert all(pv for _, info, _ in answers_to_lerf for pv in [info["pv"]])


# Threads and processes (python-chess#732, #1102): each SimpleEngine has its own loop thread.

def _stand_in(tmp_path):
    from engine_scripted import STAND_IN

    path = tmp_path / "stand_in.py"
    path.write_text(STAND_IN)
    return str(path)


def test_simple_engines_in_threads_and_in_a_process_pool(tmp_path):
    import concurrent.futures
    import multiprocessing

    from engine_scripted import play_first_moves

    path = _stand_in(tmp_path)
    expected = play_first_moves((path, 6))
    assert len(expected) == 6
    with concurrent.futures.ThreadPoolExecutor(4) as threads:
        assert list(threads.map(play_first_moves, [(path, 6)] * 4)) == [expected] * 4
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=context) as processes:
        assert list(processes.map(play_first_moves, [(path, 6)] * 3)) == [expected] * 3


def test_one_event_loop_drives_several_engines(tmp_path):
    path = _stand_in(tmp_path)

    async def main():
        engines = [await lerf.engine.popen_uci([sys.executable, path]) for _ in range(3)]
        boards = [lerf.Board() for _ in engines]
        for _ in range(4):
            results = await asyncio.gather(*(protocol.play(board, lerf.engine.Limit(depth=1))
                                             for (_, protocol), board in zip(engines, boards)))
            for board, result in zip(boards, results):
                board.push(result.move)
        for transport, protocol in engines:
            await protocol.quit()
        return [board.fen() for board in boards]

    fens = asyncio.run(main())
    assert len(set(fens)) == 1


def test_option_values_checked_as_python_chess_checks_them():
    """Option.parse and is_managed for random options of every type and random values:
    the same value (and type), or the same exception with the same words."""

    def outcome(f):
        try:
            value = f()
            return ("value", repr(value), type(value).__name__)
        except Exception as e:  # noqa: BLE001 - any exception is compared
            return ("raised", type(e).__name__, str(e))

    values = [None, True, False, 0, 1, -1, 5, 10**20, 3.5, "", "x", "true", "false", "True", "1", "0", " 5",
              "5 ", "abc", "a\nb", "a\rb", "Solid", "solid", "<empty>", [], [1], 2.0, b"x", "\uff11\uff12"]
    rng = random.Random(47)
    for _ in range(3000):
        args = (rng.choice(["Hash", "Threads", "Style", "Ponder", "multipv", "UCI_Chess960", "x y"]),
                rng.choice(["check", "spin", "combo", "button", "string", "file", "path", "reset", "save", "odd"]),
                rng.choice(values), rng.choice([None, 0, 1, -5, 3]), rng.choice([None, 10, 100, 0, -1]),
                rng.choice([None, [], ["Solid", "Normal"], ["a", "b", "A"]]))
        value = rng.choice(values)
        assert outcome(lambda: lerf.engine.Option(*args).parse(value)) == outcome(
            lambda: chess.engine.Option(*args).parse(value)), (args, value)
        assert outcome(lambda: lerf.engine.Option(*args).is_managed()) == outcome(
            lambda: chess.engine.Option(*args).is_managed()), args
    # Found by the sweep: a combo without choices lists them as "-".
    with pytest.raises(lerf.engine.EngineError, match=r"\(available: -\)"):
        lerf.engine.Option("Style", "combo", None, None, None, None).parse("x")


def _options_after_uci(library, lines):
    """The options (and configured defaults) and the id a UCI protocol reads from
    ``lines`` sent before ``uciok``, or the exception its initialisation raises."""

    async def run():
        protocol = library.engine.UciProtocol()
        Recorder(protocol, lambda line: lines + ["uciok"] if line == "uci" else (["readyok"] if line == "isready" else []))
        try:
            await asyncio.wait_for(protocol.initialize(), 10)
        except Exception as e:  # noqa: BLE001 - any exception is compared
            return ("raised", type(e).__name__, str(e))
        options = sorted((key, o.name, o.type, repr(o.default), o.min, o.max, list(o.var or []))
                         for key, o in protocol.options.items())
        return options, sorted(protocol.config.items()), sorted(protocol.id.items())

    return asyncio.run(run())


def test_option_lines_read_as_python_chess_reads_them():
    """Random and damaged ``option`` lines (keywords repeated, missing or out of order,
    names that are keywords, bounds that are no numbers, defaults the type refuses), ``id``
    lines and noise with tabs: the same options, defaults and id, or the same error."""
    logging.disable(logging.CRITICAL)
    try:
        types = ["spin", "check", "combo", "button", "string", "file", "path", "weird", ""]
        words = ["Hash", "Threads", "Foo Bar", "UCI_Chess960", "name", "type", "default", "min", "max", "var", "A",
                 "B C", "<empty>", "true", "false", "16", "-5", "1e3", "x", "", "  ", "defaults", "my-name", "0", "100"]
        rng = random.Random(1611)

        def line():
            parts = ["option"]
            if rng.random() < 0.9:
                parts += ["name", rng.choice(words)]
            if rng.random() < 0.3:
                parts.append(rng.choice(words))
            if rng.random() < 0.9:
                parts += ["type", rng.choice(types)]
            for keyword in ["default", "min", "max", "var", "var"]:
                if rng.random() < 0.5:
                    parts += [keyword, rng.choice(words)]
            if rng.random() < 0.2:
                rng.shuffle(parts)
            return " ".join(parts)

        cases = [["option name A type spin default 5 min x max 10"], ["option name A type weird default 5"],
                 ["option name A type string default type x"], ["option name A type combo default B var B var C var default"],
                 ["option name A type spin default 50 min 0 max 10"]]
        cases += [[line() for _ in range(rng.randint(1, 3))] for _ in range(400)]
        # Words cut at any white space; "uciok" ends the list only alone on its line.
        cases += [["uciok option", "id name X"], ["id\tname\tFoo"], ["id name\tFoo  Bar \t"], ["id"], ["id "],
                  ["option\tname\tA\ttype\tspin\tdefault\t1"], ["uciokx", "id author Y"], [" uciok", "id name Z"]]
        noise = ["id", "name", "author", "Foo", "Bar Baz", "", " ", "\t", "option", "uciok", "x", "copyright"]
        cases += [[" ".join(rng.choice(noise) for _ in range(rng.randint(1, 5))) for _ in range(rng.randint(1, 4))]
                  for _ in range(300)]
        for lines in cases:
            assert _options_after_uci(lerf, lines) == _options_after_uci(chess, lines), lines
    finally:
        logging.disable(logging.NOTSET)


def _search_result(library, lines, analyse):
    """What play (or analyse) gives when the engine answers ``go`` with ``lines``: the
    move, the ponder move and the info read, or the exception raised."""

    async def run():
        protocol = library.engine.UciProtocol()

        def respond(line):
            if line == "uci":
                return ["id name T", "uciok"]
            if line == "isready":
                return ["readyok"]
            return lines if line.startswith("go") else []

        Recorder(protocol, respond)
        await protocol.initialize()
        limit = library.engine.Limit(depth=3)
        try:
            if analyse:
                info = await asyncio.wait_for(protocol.analyse(library.Board(), limit), 10)
                return sorted((key, repr(value)) for key, value in info.items())
            result = await asyncio.wait_for(protocol.play(library.Board(), limit, info=library.engine.INFO_ALL), 10)
            return repr(result.move), repr(result.ponder), sorted((key, repr(value)) for key, value in result.info.items())
        except Exception as e:  # noqa: BLE001 - any exception is compared
            return ("raised", type(e).__name__, str(e))

    return asyncio.run(run())


def test_search_lines_read_as_python_chess_reads_them():
    """A search's lines with white space of any kind around their first word, look-alike
    words, moves in capitals, NULL and 0000: the same move, ponder move and info. The
    three documented differences (README) raise EngineError: a bare bestmove, words after
    the best move other than ponder and a move, and an illegal best move in an analysis
    (python-chess waits for ever)."""
    agree = [["bestmove e2e4"], ["bestmove\te2e4"], ["bestmovex e2e4", "bestmove d2d4"], [" bestmove e2e4"],
             ["\tinfo depth 5", "bestmove e2e4"], ["info\tdepth 3 score cp 10", "bestmove\t\te2e4\tponder\te7e5"],
             ["infox depth 3", "bestmove e2e4"], ["bestmove  e2e4  ponder  e7e5"], ["bestmove e2e4 ponder"],
             ["bestmove (none)"], ["bestmove 0000"], ["bestmove NULL"], ["bestmove E2e4"], ["bestmove e2e4 ponder E7E5"],
             ["bestmove e2e4 ponder 0000"], ["bestmove 0000 ponder e2e4"], ["BESTMOVE e2e4", "bestmove d2d4"],
             ["info string a b", "bestmove e2e4"]]
    logging.disable(logging.CRITICAL)
    try:
        for lines in agree:
            for analyse in (False, True):
                assert _search_result(lerf, lines, analyse) == _search_result(chess, lines, analyse), (lines, analyse)
        assert _search_result(lerf, ["bestmove e2e5"], False) == _search_result(chess, ["bestmove e2e5"], False)
        for lines, analyse in [(["bestmove"], False), (["bestmove e2e4 PONDER e7e5"], False), (["bestmove e2e5"], True)]:
            assert _search_result(lerf, lines, analyse)[:2] == ("raised", "EngineError"), lines
    finally:
        logging.disable(logging.NOTSET)
