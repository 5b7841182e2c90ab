"""What XBoard engines write, read by lerf.engine and by python-chess's chess.engine (the
reference, from PyPI):

* ``feature`` lines: random declarations read alike (features, options, config, id and
  the lines sent back), and what lerf does where python-chess loses a line: a word
  without a value, a quote left open, an option it cannot read;
* a search's lines: random thinking output (the optional integers after the nodes, move
  numbers, malformed numbers, noise) and the move, read alike by ``play`` and
  ``analyse``."""

from __future__ import annotations

import asyncio
import os
import random
import sys

import pytest

import chess
import chess.engine
import lerf
import lerf.engine

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_scripted import Recorder, drained, xboard_answers  # noqa: E402

# An engine that declares only what lerf needs.
PLAIN = ["feature ping=1 setboard=1 done=1"]

# Words sent during the handshake that are not answers to features.
_HANDSHAKE = ("xboard", "protover", "ping")


def _declared(library, lines):
    """What ``initialize`` leaves when the engine answers ``protover 2`` with ``lines``
    (one line per pipe read): features, options, config, id, and the lines the protocol
    sent back; or the exception."""

    async def run():
        protocol = library.engine.XBoardProtocol()
        recorder = Recorder(protocol, xboard_answers(lines, []), line_by_line=True)
        answers = lambda: [line for line in recorder.lines if line.split()[0] not in _HANDSHAKE]  # noqa: E731
        try:
            await asyncio.wait_for(protocol.initialize(), 10)
        except Exception as e:  # noqa: BLE001 - any exception is compared
            return ("raised", type(e).__name__, str(e), answers())
        options = {key: (o.name, o.type, o.default, o.min, o.max, o.var) for key, o in protocol.options.items()}
        return dict(protocol.features), options, list(protocol.options), dict(protocol.config), dict(protocol.id), answers()

    return asyncio.run(run())


KEYS = ["myname", "ping", "setboard", "usermove", "san", "variants", "done", "sigint", "sigterm", "memory", "smp",
        "egt", "colors", "reuse", "analyze", "name", "debug", "playother", "time", "draw", "ics", "nps", "pause",
        "exclude", "setscore", "highlight", "MYNAME", "x-y", ""]
# Values as an engine may spell them: numbers python's int reads (signs, zeros, underscores,
# padding inside quotes), quoted text with spaces, single quotes, backslashes, '=' and '#'.
VALUES = ["1", "0", "2", "-1", "+3", "007", "1_0", '" 1"', '"0"', "''", '""', "yes", '"Foo Bar 1.0"', "'a b'",
          'a\\ b', '"k\\"l"', "a=b", "#x", "p#q", '"normal,suicide"', "normal,crazyhouse", "1.5", '" a, b ,,c"']
# Options both libraries read alike (python-chess cuts a name and a text at their first space).
OPTIONS = ['"Foo -check 1"', '"Foo -check 0"', '"Bar -spin 5 1 10"', '"Bar -spin -3 -10 +10 x"', '"Baz -combo A /// *B"',
           '"Baz -combo *C"', '"Clear -button"', '"S -string hello"', '"S -string"', '"F -file /x"', '"P -path /p"',
           '"R -reset"', '"W -save"', '"Odd -weird 1 2"', "'Foo  -check  1'"]


def _random_lines(rng):
    lines = []
    for _ in range(rng.randint(1, 4)):
        words = ["feature"]
        for _ in range(rng.randint(0, 5)):
            key = rng.choice(KEYS)
            if rng.random() < 0.15:
                words.append("option=" + rng.choice(OPTIONS))
            elif key == "done":
                # A false one: a true one ends the declarations, and what python-chess
                # reads after it depends on when the event loop runs.
                words.append("done=" + rng.choice(["0", "00", '""', "-0"]))
            else:
                words.append(key + "=" + rng.choice(VALUES))
        lines.append(rng.choice([" ", "  "]).join(words))
    return lines


def test_random_declarations_read_as_python_chess_reads_them(quiet):
    """600 random handshakes: keys of every kind (the ones lerf answers among them), values
    in every spelling, options of every type, false ``done`` values (which wait on)."""
    rng = random.Random(2026)
    for _ in range(600):
        lines = ["feature ping=1 setboard=1"] + _random_lines(rng) + ["feature done=1"]
        assert _declared(lerf, lines) == _declared(chess, lines), lines


@pytest.mark.parametrize("lines", [
    ["feature ping=1 setboard=1 done=1"],
    ["feature ping=1 done=1 setboard=1"],
    ["feature", "feature ping=1 setboard=1", "feature done=1"],
    ["feature ping=1 setboard=1 done=0", "feature done=1"],
    ["feature ping=1 setboard=1 memory=1 memory=0", "feature done=1"],
    ["feature ping=1 setboard=1 egt=a,b egt=c", "feature done=1"],
    ["feature ping=1 setboard=1 egt=5 smp=1 memory=1 reuse=0 sigterm=0 san=1", "feature done=1"],
    ["feature setboard=1 memory=1 san=1", "feature done=1"],  # no ping: nothing is answered
    ['feature ping=1 setboard=1 g=h\\ i j="k\\"l" d=\'e f\' a=b=c "x y"=2', "feature done=1"],
])
def test_declarations_read_as_python_chess_reads_them(quiet, lines):
    """Declarations that once read differently: ``done`` is a feature too, the answers
    (``accepted``, ``rejected``) and the options they bring come once every feature is in,
    from the last value of each, and words split as a POSIX shell splits them."""
    assert _declared(lerf, lines) == _declared(chess, lines)


def test_done_zero_waits_for_done(quiet):
    """``done=0`` lifts the two-second limit: the declarations end only with a true
    ``done`` (python-chess alike)."""

    async def run(library):
        protocol = library.engine.XBoardProtocol()
        Recorder(protocol, lambda line: ["feature ping=1 setboard=1 done=00"] if line == "protover 2" else [])
        try:
            await asyncio.wait_for(protocol.initialize(), 2.3)
        except asyncio.TimeoutError:
            return "waiting"
        return "ended"

    async def both():
        return await asyncio.gather(run(lerf), run(chess))

    assert asyncio.run(both()) == ["waiting", "waiting"]


def test_a_bad_word_costs_only_itself(quiet):
    """Where python-chess drops the rest of a line (and of the pipe's read) at a word
    without ``=``, an option without a type or with numbers that are none: lerf passes
    over that word and reads the rest (README, What differs)."""
    lines = ['feature ping=1 ics setboard=1 option="Bad" option="Spin -spin 5" option="Chk -check true" '
             'option="Good -check 1" myname="Engine 2"', "feature done=1"]
    features, options, _, config, ids, _ = _declared(lerf, lines)
    assert features == {"ping": 1, "setboard": 1, "myname": "Engine 2", "done": 1}
    assert "Good" in options and config["Good"] is True
    assert not {"Bad", "Spin", "Chk"} & set(options)
    assert ids == {"name": "Engine 2"}
    # python-chess keeps only ping=1 of the first line, so the engine fails for want of setboard.
    assert _declared(chess, lines)[:3] == ("raised", "EngineError", "xboard engine did not declare required feature: setboard")


def test_an_open_quote_runs_to_the_end_of_the_line(quiet):
    """python-chess drops a line with a quote left open (``ping`` with it, so the engine
    fails); lerf reads the quoted text to the line's end and keeps the words before."""
    lines = ['feature ping=1 setboard=1 myname="Half', "feature done=1"]
    assert _declared(lerf, lines)[0] == {"ping": 1, "setboard": 1, "myname": "Half", "done": 1}
    assert _declared(lerf, ["feature ping=1 setboard=1 x=a\\", "feature done=1"])[0]["x"] == "a"
    assert _declared(chess, lines)[0] == "raised"


def test_option_names_with_spaces_kept_whole(quiet):
    """The documented difference: lerf keeps an option's whole name and text."""
    lines = ['feature ping=1 setboard=1 option="Clear Hash -button" option="Book File -file /a b/c.bin" '
             'option="Style -combo Solid Play /// *Risky Play"', "feature done=1"]
    options = _declared(lerf, lines)[1]
    assert options["Clear Hash"][1] == "button"
    assert options["Book File"][2] == "/a b/c.bin"
    assert options["Style"][2:] == ("Risky Play", None, None, ["Solid Play", "Risky Play"])


def _searched(library, lines, analyse):
    """What ``play`` (or ``analyse`` to depth 3) gives when the engine answers ``go`` (or
    ``analyze``) with ``lines``: the move, draw offer, resignation and info, and what was
    sent; or the exception."""

    async def run():
        protocol = library.engine.XBoardProtocol()

        recorder = Recorder(protocol, xboard_answers(PLAIN, lines), line_by_line=True)
        await protocol.initialize()
        limit = library.engine.Limit(depth=3)
        sent = lambda: [line.split()[0] if line.startswith("ping") else line for line in recorder.lines[4:]]  # noqa: E731
        try:
            if analyse:
                info = await asyncio.wait_for(protocol.analyse(library.Board(), limit), 10)
                return sorted((key, repr(value)) for key, value in info.items()), sent()
            result = await asyncio.wait_for(protocol.play(library.Board(), limit, info=library.engine.INFO_ALL), 10)
            info = sorted((key, repr(value)) for key, value in result.info.items())
            return repr(result.move), result.draw_offered, result.resigned, info, sent()
        except Exception as e:  # noqa: BLE001 - any exception is compared
            return ("raised", type(e).__name__, str(e), sent())

    return asyncio.run(run())


PV_WORDS = ["e2e4", "e4", "e7e5", "e5", "Nf3", "g1f3", "d4", "1.", "1...", "2.", "12", "0000", "-1", "1.5", "garbage",
            "E2E4", "e2e5", "O-O", "--", "Nc6", "b8c6", "e4+", "(e4)", "e7e8q", "\u0663"]


def _thinking_line(rng):
    numbers = [rng.choice(["1", "3", "4", "100", "0", "-1", "04", "3.", "3&", "3x", "\u0663"]),
               rng.choice(["20", "-15", "0", "100005", "-100003", "100000", "99999", "-32000", "1000000", "+7", "x"]),
               rng.choice(["5", "0", "-3", "12345678901", "1.5", "x"]), rng.choice(["100", "0", "-1", "99999999999999", "1e3"])]
    numbers = numbers[:rng.choice([1, 3, 4, 4, 4, 4])]
    extra = [rng.choice(["7", "0", "-2", "07", "1234567", "\u0663"]) for _ in range(rng.choice([0, 0, 1, 2, 3, 4]))]
    pv = [rng.choice(PV_WORDS) for _ in range(rng.randint(0, 5))]
    return rng.choice([" ", "  ", "\t"]).join(numbers + extra + pv)


def test_random_search_output_read_as_python_chess_reads_it(quiet):
    """300 random searches: thinking lines (selective depth, speed and tablebase hits
    after the nodes, move numbers and bare integers in the pv, numbers that are none,
    lines too short) among noise, then the move, a resignation or a result (words cut at
    any white space; look-alikes before them passed over, a draw offer read only as the
    two words): the same move, draw offer, resignation, info and lines sent, for
    ``play`` (the last thinking line is the info; a malformed one leaves it empty) and for
    ``analyse`` (the lines merged)."""
    rng = random.Random(1599)
    noise = ["tellics say hi", "# comment", "", "   ", "telluser hi", "Hint: e2e4", "pong 1", "feature x=1"]
    for _ in range(300):
        lines = [_thinking_line(rng) if rng.random() < 0.75 else rng.choice(noise) for _ in range(rng.randint(0, 4))]
        move = rng.choice(["move e2e4", "move e4", "move d2d4", "move  Nf3", "move\te2e4", "move\xa0d4", " move d4 ",
                           "resign", "resign\t", "1-0 {White mates}", "0-1\t{x}", "1/2-1/2"])
        # Look-alikes, passed over: the move that follows is played.
        look_alike = rng.choice(["offer draw", "offer\tdraw", "offer draw now", "offer drawx", "resign now",
                                 "resignx", "1-0x", "1-0{x}", "movex e4", "moves e4", "RESIGN", "Move e4"])
        played = lines + ([look_alike, move] if rng.random() < 0.3 else [move])
        assert _searched(lerf, played, False) == _searched(chess, played, False), played
        analysed = lines + ["9 1 1 1 1 e4"]  # depth 9 ends the analysis
        assert _searched(lerf, analysed, True) == _searched(chess, analysed, True), analysed


def test_optional_integers_after_the_nodes(quiet):
    """The protocol's optional fields: the first integer after the nodes is the selective
    depth, the second the speed, and of three or more the last the tablebase hits; the
    pv follows them."""
    _, _, _, info, _ = _searched(lerf, ["4 20 5 100 7 8 3 9 e4 e5", "move e2e4"], False)
    assert dict(info) == {"depth": "4", "score": "PovScore(Cp(+20), WHITE)", "time": "0.05", "nodes": "100",
                          "seldepth": "7", "nps": "8", "tbhits": "9",
                          "pv": "[Move.from_uci('e2e4'), Move.from_uci('e7e5')]"}


def _analysed(library, lines, limit_kind, line_by_line):
    """An analysis through ``AnalysisResult`` when the engine answers ``analyze`` with
    ``lines`` (then stopped, if its lines did not end it): what it gives and what was
    sent; or the exception."""

    async def run():
        protocol = library.engine.XBoardProtocol()
        recorder = Recorder(protocol, xboard_answers(PLAIN, lines), line_by_line=line_by_line)
        await protocol.initialize()
        limit = {"depth": library.engine.Limit(depth=3), "nodes": library.engine.Limit(nodes=100), "none": None}[limit_kind]
        try:
            out = await drained(await asyncio.wait_for(protocol.analysis(library.Board(), limit), 5))
        except Exception as e:  # noqa: BLE001 - any exception is compared
            out = [("raised", type(e).__name__, str(e))]
        return out + [[line.split()[0] if line.startswith("ping") else line for line in recorder.lines[4:]]]

    return asyncio.run(run())


def test_random_analyses_read_as_python_chess_reads_them(quiet):
    """150 random analyses (thinking lines as above among noise, moves, resignations and
    results; limits; one pipe read or a line a read): the same reports, info and lines
    sent, and the same best move: the first move of the last pv that had one, no ponder
    move."""
    rng = random.Random(2217)
    noise = ["tellics say hi", "# comment", "", "telluser hi", "Hint: e2e4", "move e2e4", "resign", "1-0 {x}"]
    for _ in range(150):
        lines = [_thinking_line(rng) if rng.random() < 0.8 else rng.choice(noise) for _ in range(rng.randint(0, 5))]
        case = (lines, rng.choice(["depth", "nodes", "none"]), rng.random() < 0.5)
        assert _analysed(lerf, *case) == _analysed(chess, *case), case


def test_an_error_line_ends_an_analysis(quiet):
    """An ``Error`` line during an analysis ends it with ``EngineError`` (python-chess's
    iteration waits for ever: README, What differs)."""
    result = _analysed(lerf, ["1 20 5 100 e2e4", "Error (unknown command): analyze"], "none", True)
    assert result[0] == ("raised", "EngineError", "Error (unknown command): analyze")
