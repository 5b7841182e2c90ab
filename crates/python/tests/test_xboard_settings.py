"""XBoard configuration, lerf.engine against python-chess's chess.engine (the reference,
from PyPI): options matched by their exact name; the engine's options sent when
configured, the game's settings (``random``, ``computer``, ``name``, the ratings) kept and
sent with each new game; an opponent named by ``play`` standing in for one game,
``send_opponent_information`` for every later one. Random sequences of ``configure``,
``send_opponent_information`` and ``play`` compare the lines sent and ``config``."""

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
from engine_scripted import Recorder, xboard_answers  # noqa: E402

FEATURES = ('feature ping=1 setboard=1 memory=1 smp=1 egt="syzygy" option="Hash -spin 16 1 1024" '
            'option="Style -combo Solid /// *Normal" option="Name -string hello" option="Clear -button" done=1')


def _session(library, steps):
    """The lines each step sent (or its exception) and ``config`` at the end."""

    async def run():
        protocol = library.engine.XBoardProtocol()

        recorder = Recorder(protocol, xboard_answers([FEATURES], ["move e2e4"]), line_by_line=True)
        await protocol.initialize()
        out = []
        opponent = lambda fields: library.engine.Opponent(*fields)  # noqa: E731
        for kind, arg in steps:
            seen = len(recorder.lines)
            try:
                if kind == "configure":
                    await asyncio.wait_for(protocol.configure(arg), 5)
                elif kind == "inform":
                    await protocol.send_opponent_information(opponent=opponent(arg[0]) if arg[0] else None,
                                                             engine_rating=arg[1])
                else:
                    await protocol.play(library.Board(), library.engine.Limit(depth=1), game=arg[0],
                                        opponent=opponent(arg[1]) if arg[1] else None)
                out.append([line.split()[0] if line.startswith("ping") else line for line in recorder.lines[seen:]])
            except Exception as e:  # noqa: BLE001 - any exception is compared
                out.append(("raised", type(e).__name__, str(e)))
        out.append(sorted((key, repr(value)) for key, value in protocol.config.items()))
        return out

    return asyncio.run(run())


OPPONENTS = [None, ("Ann", "GM", 2650, False), ("Bot", None, None, True), (None, None, 1500, True),
             (None, None, None, False), ("Zed", "IM", 0, True)]
SETTINGS = {"random": [True, False, 1, "x"], "computer": [True, False], "name": ["Bob", "", "Jo Ann"],
            "engine_rating": [0, 2000, -1, "5"], "opponent_rating": [0, 1800], "Hash": [32, 64],
            "Style": ["Solid"], "Name": ["x"], "Clear": [None], "memory": [64], "cores": [2],
            "egtpath syzygy": ["/tb"]}


def _random_steps(rng):
    steps = []
    for _ in range(rng.randint(1, 6)):
        kind = rng.choice(["configure", "configure", "inform", "play", "play"])
        if kind == "configure":
            names = rng.sample(sorted(SETTINGS), rng.randint(1, 3))
            steps.append((kind, {name: rng.choice(SETTINGS[name]) for name in names}))
        elif kind == "inform":
            steps.append((kind, (rng.choice(OPPONENTS), rng.choice([None, 2200]))))
        else:
            steps.append((kind, (rng.choice([None, "a", "b"]), rng.choice(OPPONENTS))))
    return steps


def test_random_configurations_as_python_chess_makes_them(quiet):
    """300 random sequences: the same lines sent at each step (or the same error) and the
    same ``config``."""
    rng = random.Random(3011)
    for _ in range(300):
        steps = _random_steps(rng)
        assert _session(lerf, steps) == _session(chess, steps), steps


def test_option_names_are_exact(quiet):
    """``Hash`` is the engine's option, ``hash`` none (python-chess's XBoard options are
    plain dicts; UCI's names match regardless of case). A call that names one raises and
    changes nothing: python-chess keeps the call's other values and sends them with a later
    command (README, What differs)."""
    steps = [("configure", {"Hash": 32, "hash": 5}), ("play", (None, None))]
    ours = _session(lerf, steps)
    assert ours[0] == ("raised", "EngineError", "unsupported xboard option or command: hash")
    assert ("Hash", "16") in ours[-1] and not any(line.startswith("option") for line in ours[1])
    assert _session(chess, [("configure", {"hash": 5})])[0] == ours[0]


# (Not a list: python-chess's configure then waits for ever.)
VALUES = [0, 1, -1, 2000, 1024, 1025, True, False, "x", "", "Normal", "normal", "Risky", None, 1.5, "16", "a b",
          "a\nb", "{x}", "/p s", "true", "false", b"x"]
NAMES = ["Hash", "Style", "Name", "Clear", "memory", "cores", "egtpath syzygy", "random", "computer", "name",
         "engine_rating", "opponent_rating"]


def test_values_of_every_kind_as_python_chess_takes_them(quiet):
    """300 random values for one option or setting, twice over (a value equal to the one
    kept, compared as given, is not sent again): the same error or lines, and ``config``."""
    rng = random.Random(3012)
    for _ in range(300):
        name = rng.choice(NAMES)
        steps = [("configure", {name: rng.choice(VALUES)}), ("configure", {name: rng.choice(VALUES)})]
        theirs = _session(chess, steps[:1])
        if theirs[0][:2] == ("raised", "TypeError"):
            # After a TypeError python-chess's next command waits for ever; lerf's goes on.
            assert _session(lerf, steps[:1]) == theirs, steps
        else:
            assert _session(lerf, steps) == _session(chess, steps), steps
