"""Search limits and game results as the engine is told them, lerf.engine against
python-chess's chess.engine (the reference, from PyPI): UCI's ``go`` and XBoard's
``level``, ``st``, ``sd``, ``nps``, ``time`` and ``otim`` for random limits with values of
every kind (zero, negative, fractions below a millisecond or a centisecond, floats, huge,
``True``); ``send_game_result`` for finished and unfinished games, winners of any value
and endings of any text; the game an XBoard analysis sets up (variants, Chess960 in
Shredder-FEN, moves, ``exclude``/``include`` for root moves) by engines of several
feature sets."""

from __future__ import annotations

import asyncio
import os
import random
import sys

import pytest

import chess
import chess.engine
import chess.variant
import lerf
import lerf.engine
import lerf.variant

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_scripted import UCI_OPTIONS, Recorder, uci_answers, xboard_answers  # noqa: E402


def _answers(protocol_name, declared, moved, best):
    """An engine of either protocol: XBoard's declares ``declared`` and answers a search
    with ``moved``, UCI's answers with ``best``."""
    return xboard_answers(declared, moved) if protocol_name == "xboard" else uci_answers([], best)

MIXING = "xboard does not support mixing node limits with time limits"


def _told(library, protocol_name, limit, fen=None, features="ping=1 setboard=1 nps=1"):
    """The move and the lines sent when ``play`` searches ``limit`` (keyword arguments of
    ``Limit``) on ``fen``; or the exception and the lines sent before it."""

    async def run():
        protocols = {"uci": library.engine.UciProtocol, "xboard": library.engine.XBoardProtocol}
        protocol = protocols[protocol_name]()

        move = "c1c2" if fen else "e2e4"
        respond = _answers(protocol_name, [f"feature {features} done=1"], [f"move {move}"], [f"bestmove {move}"])
        recorder = Recorder(protocol, respond, line_by_line=True)
        await protocol.initialize()
        sent = lambda: [line.split()[0] if line.startswith("ping") else line for line in recorder.lines]  # noqa: E731
        try:
            board = library.Board(fen) if fen else library.Board()
            result = await asyncio.wait_for(protocol.play(board, library.engine.Limit(**limit)), 5)
            return repr(result.move), sent()
        except Exception as e:  # noqa: BLE001 - any exception is compared
            return ("raised", type(e).__name__, str(e)), sent()

    return asyncio.run(run())


VALUES = [0, 1, -1, 0.5, 0.0004, 0.0006, 0.0015, 0.0025, -0.0004, -0.5, 2.0, 3.9999, 60, 125.5, 1e9, 2**40, 10**20, True]
KEYS = ["time", "depth", "nodes", "mate", "white_clock", "black_clock", "white_inc", "black_inc", "remaining_moves"]


@pytest.mark.parametrize("protocol_name", ["uci", "xboard"])
def test_random_limits_told_as_python_chess_tells_them(quiet, protocol_name):
    """200 random limits of one to three fields, White or Black to move: the same lines.
    The one difference (README, What differs): when XBoard is asked to mix nodes with time,
    python-chess sends part of the time control before it raises; lerf raises first."""
    rng = random.Random(1120)
    for _ in range(200):
        limit = {key: rng.choice(VALUES) for key in rng.sample(KEYS, rng.randint(1, 3))}
        fen = rng.choice([None, "8/8/8/8/8/8/4P3/K1k5 b - - 0 1"])
        ours, theirs = _told(lerf, protocol_name, limit, fen), _told(chess, protocol_name, limit, fen)
        if theirs[0] == ("raised", "EngineError", MIXING):
            assert ours[0] == theirs[0], limit
            assert ours[1] == [line for line in theirs[1] if not line.startswith(("level", "st "))], limit
        else:
            assert ours == theirs, (limit, fen)


def test_limits_shown_and_compared_as_python_chess_does():
    """200 random limits (clock_id among their fields): the same repr (without clock_id)
    and the same equality with a copy that differs in clock_id only."""
    rng = random.Random(1121)
    for _ in range(200):
        fields = {key: rng.choice(VALUES) for key in rng.sample(KEYS, rng.randint(0, 4))}
        clock_id = rng.choice([None, "a", 1])
        ours, theirs = (library.engine.Limit(**fields, clock_id=clock_id) for library in (lerf, chess))
        assert repr(ours) == repr(theirs), fields
        assert (ours == lerf.engine.Limit(**fields)) == (theirs == chess.engine.Limit(**fields)), fields


def test_node_limits_need_the_nps_feature(quiet):
    """XBoard's node limit is ``nps 1`` then ``st N``: to an engine that did not declare
    ``nps``, ``st N`` is N seconds, so lerf raises (python-chess sends it: README, What
    differs)."""
    move, sent = _told(lerf, "xboard", {"nodes": 100}, features="ping=1 setboard=1")
    assert move == ("raised", "EngineError", "xboard engine does not support node limits (feature nps)")
    assert "nps 1" not in sent
    assert _told(chess, "xboard", {"nodes": 100}, features="ping=1 setboard=1")[1][-6:-4] == ["nps 1", "st 100"]


def test_an_infinite_limit_raises_at_once(quiet):
    """A limit of ``inf`` raises ``OverflowError`` from ``play`` (python-chess's command
    fails where no one sees it and ``play`` waits for ever)."""
    move, sent = _told(lerf, "uci", {"nodes": float("inf")})
    assert move[:2] == ("raised", "OverflowError")
    assert not any(line.startswith("go") for line in sent)


def _result_told(library, protocol_name, fen, moves, kwargs):
    async def run():
        protocols = {"uci": library.engine.UciProtocol, "xboard": library.engine.XBoardProtocol}
        protocol = protocols[protocol_name]()

        respond = _answers(protocol_name, ["feature ping=1 setboard=1 done=1"], [], [])
        recorder = Recorder(protocol, respond, line_by_line=True)
        await protocol.initialize()
        seen = len(recorder.lines)
        board = library.Board(fen) if fen else library.Board()
        for move in moves:
            board.push_uci(move)
        try:
            await asyncio.wait_for(protocol.send_game_result(board, **kwargs), 5)
            outcome = "sent"
        except Exception as e:  # noqa: BLE001 - any exception is compared
            outcome = ("raised", type(e).__name__, str(e))
        return outcome, [line.split()[0] if line.startswith("ping") else line for line in recorder.lines[seen:]]

    return asyncio.run(run())


GAMES = [(None, ["f2f3", "e7e5", "g2g4", "d8h4"]), ("7k/5Q2/8/8/8/8/8/K7 b - - 0 1", []),
         ("7k/8/8/8/8/8/8/K7 w - - 0 1", []), ("7k/8/8/8/8/8/8/KQ6 w - - 150 100", []),
         ("7k/8/8/8/8/8/8/KQ6 w - - 100 100", []), (None, ["g1f3", "g8f6", "f3g1", "f6g8"] * 2),
         (None, ["g1f3", "g8f6", "f3g1", "f6g8"] * 4), (None, ["e2e4"])]


@pytest.mark.parametrize("protocol_name", ["uci", "xboard"])
def test_game_results_told_as_python_chess_tells_them(quiet, protocol_name):
    """200 random results: checkmate, stalemate, insufficient material, the 50- and
    75-move rules, three- and fivefold repetition, a game going on; winners True, False,
    None, 1, 0 and ""; endings with braces, line breaks, spaces or none; complete or not."""
    rng = random.Random(2511)
    for _ in range(200):
        fen, moves = rng.choice(GAMES)
        kwargs = {}
        if rng.random() < 0.5:
            kwargs["winner"] = rng.choice([True, False, None, 1, 0, ""])
        if rng.random() < 0.5:
            kwargs["game_ending"] = rng.choice(["Time forfeit", "", "a{b}", "x\ny", None, "  spaced  "])
        if rng.random() < 0.5:
            kwargs["game_complete"] = rng.choice([True, False])
        theirs = _result_told(chess, protocol_name, fen, moves, kwargs)
        assert _result_told(lerf, protocol_name, fen, moves, kwargs) == theirs, (fen, moves, kwargs)


def _analysis_told(library, protocol_name, case):
    """The info and the lines sent when ``analyse`` searches one ply of the game ``case``
    names (or the exception; an error found before any line is sent may follow lines
    python-chess sent first). The engine is told ``case``'s features (XBoard) or option
    set (UCI)."""
    fen, moves, root, chess960, variant, declared = case

    async def run():
        if protocol_name == "xboard":
            protocol = library.engine.XBoardProtocol()
            respond = xboard_answers([declared], ["1 10 1 10 " + (root[0] if root else "e2e4")])
        else:
            protocol = library.engine.UciProtocol()
            respond = uci_answers(UCI_OPTION_SETS[declared], ["info depth 1 score cp 10", "bestmove (none)"])
        recorder = Recorder(protocol, respond, line_by_line=True)
        await protocol.initialize()
        handshake = len(recorder.lines)
        try:
            cls = getattr(library.variant, variant) if variant else library.Board
            board = cls(fen, chess960=chess960) if fen else cls(chess960=chess960)
            for move in moves:
                board.push_uci(move)
            root_moves = None if root is None else [library.Move.from_uci(uci) for uci in root]
            info = await asyncio.wait_for(protocol.analyse(board, library.engine.Limit(depth=1), root_moves=root_moves), 5)
            outcome = sorted((key, repr(value)) for key, value in info.items())
        except Exception as e:  # noqa: BLE001 - any exception is compared
            outcome = ("raised", type(e).__name__, str(e))
        return outcome, [line.split()[0] if line.startswith("ping") else line for line in recorder.lines[handshake:]]

    return asyncio.run(run())


def _random_analysis(rng, declared):
    """A random analysis case: a start, moves, root moves, Chess960 or not, a variant."""
    fen = rng.choice([None, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"])
    moves = rng.choice([[], ["e2e4"], ["g1f3", "g8f6"]]) if fen is None else []
    root = rng.choice([None, [], ["e2e4"], ["e2e4", "d2d4"], ["g8f6"]])
    variant = rng.choice([None, None, "CrazyhouseBoard", "AtomicBoard", "ThreeCheckBoard", "HordeBoard"])
    return fen, moves, root, rng.random() < 0.3, variant, declared


def _assert_set_up_alike(protocol_name, case):
    ours, theirs = _analysis_told(lerf, protocol_name, case), _analysis_told(chess, protocol_name, case)
    if isinstance(theirs[0], tuple) and ours[0] == theirs[0]:
        assert ours[1] == theirs[1][:len(ours[1])], case
    else:
        assert ours == theirs, case


FEATURE_SETS = ["feature ping=1 setboard=1 done=1", "feature ping=1 setboard=1 exclude=1 done=1",
                'feature ping=1 setboard=1 usermove=1 variants="normal,fischerandom,crazyhouse,atomic,3check,horde" '
                "exclude=1 done=1", "feature ping=1 setboard=1 san=1 done=1"]


def test_analysed_games_set_up_as_python_chess_sets_them_up(quiet):
    """200 random analyses: the same lines (``variant``, ``setboard`` for any variant and
    Chess960 even from their start, moves, ``exclude all``/``include``) and info. Where
    both raise the same error, lerf may have sent fewer lines: it checks the variant
    before ``new`` (README, What differs)."""
    rng = random.Random(4242)
    for _ in range(200):
        _assert_set_up_alike("xboard", _random_analysis(rng, rng.choice(FEATURE_SETS)))


UCI_OPTION_SETS = [[], ["option name UCI_Chess960 type check default false"],
                   ["option name UCI_Variant type combo default chess var chess var atomic var crazyhouse var 3check "
                    "var horde", "option name UCI_Chess960 type check default false"],
                   ["option name UCI_Variant type string default chess"]]


def test_uci_analysed_games_set_up_as_python_chess_sets_them_up(quiet):
    """200 random UCI analyses: the same UCI_Variant and UCI_Chess960 settings, position
    and go lines (``searchmoves 0000`` for no root move at all) and info. Where both raise
    the same error, lerf may have sent fewer lines (it checks before ``ucinewgame``)."""
    rng = random.Random(4243)
    for _ in range(200):
        _assert_set_up_alike("uci", _random_analysis(rng, rng.randrange(len(UCI_OPTION_SETS))))


def _uci_configured(library, steps):
    """The lines each ``configure`` or ``play(options=...)`` sent (or its exception), then
    ``config``."""

    async def run():
        protocol = library.engine.UciProtocol()

        recorder = Recorder(protocol, uci_answers(UCI_OPTIONS, ["bestmove e2e4"]), line_by_line=True)
        await protocol.initialize()
        out = []
        for kind, options in steps:
            seen = len(recorder.lines)
            try:
                if kind == "configure":
                    await asyncio.wait_for(protocol.configure(options), 5)
                else:
                    await asyncio.wait_for(protocol.play(library.Board(), library.engine.Limit(depth=1), options=options), 5)
                out.append(recorder.lines[seen:])
            except Exception as e:  # noqa: BLE001 - any exception is compared
                out.append(("raised", type(e).__name__, str(e)))
        out.append(sorted((key, repr(value)) for key, value in protocol.config.items()))
        return out

    return asyncio.run(run())


def test_uci_options_set_as_python_chess_sets_them(quiet):
    """300 random sequences of ``configure`` and ``play(options=...)`` (buttons, managed
    options, values of every kind, an opponent among a search's options): the same lines
    and ``config``. A call that raises may
    leave python-chess half-applied (and after a TypeError, waiting for ever) where lerf
    changes nothing: such sequences compare lerf's first error with python-chess's."""
    names = ["Hash", "Threads", "Ponder", "MultiPV", "UCI_Chess960", "Style", "SyzygyPath", "Clear Hash", "UCI_Opponent"]
    values = [0, 1, 16, 32, True, False, "x", "", "Normal", "Risky", None, "16", "true", "<empty>"]
    rng = random.Random(4244)
    for _ in range(300):
        steps = []
        for _ in range(rng.randint(1, 4)):
            kind = rng.choice(["configure", "configure", "play"])
            count = rng.randint(0 if kind == "play" else 1, 2)
            chosen = {rng.choice(names): rng.choice(values) for _ in range(count)}
            if "UCI_Opponent" in chosen:  # what send_opponent_information would give, or none
                chosen["UCI_Opponent"] = rng.choice(["", "none none computer Bot", "GM 2700 human Ann"])
            steps.append((kind, chosen))
        theirs = []
        for end in range(1, len(steps) + 1):  # python-chess up to its first error
            theirs = _uci_configured(chess, steps[:end])
            if isinstance(theirs[end - 1], tuple):
                break
        ours = _uci_configured(lerf, steps[:len(theirs) - 1])
        if isinstance(theirs[-2], tuple):
            assert ours[-2] == theirs[-2], steps
        else:
            assert ours == theirs, steps
