"""A scripted engine for comparing what lerf.engine and python-chess's chess.engine send.

``Recorder`` is a transport that keeps every line the protocol writes and answers like an
engine would (``uci_engine``, ``xboard_engine``), tracking the position it is told with
python-chess's board (the reference). ``random_session`` drives a protocol through a
seeded random sequence of calls (options, new games, opponents, pondering, ponderhits,
analyses, results) with either library and gives back the wire and the results in plain
text, so the two libraries' sessions compare with ``==``."""

from __future__ import annotations

import asyncio
import random
from typing import Any, Callable, List

import chess as reference

UCI_OPTIONS = [
    "option name Hash type spin default 16 min 1 max 33554432",
    "option name Threads type spin default 1 min 1 max 512",
    "option name Ponder type check default false",
    "option name MultiPV type spin default 1 min 1 max 500",
    "option name UCI_Chess960 type check default false",
    "option name UCI_AnalyseMode type check default false",
    "option name UCI_ShowWDL type check default false",
    "option name UCI_Opponent type string",
    "option name Style type combo default Normal var Solid var Normal var Risky",
    "option name SyzygyPath type string default <empty>",
    "option name Clear Hash type button",
]


class Recorder(asyncio.SubprocessTransport):
    """Keeps what the protocol writes; ``respond(line)`` gives the engine's answer, in one
    piece of the pipe, or a piece a line with ``line_by_line`` (where python-chess loses
    the rest of a piece after a line it fails to read, lines that come one by one are all
    read)."""

    def __init__(self, protocol: Any, respond: Callable[[str], List[str]], line_by_line: bool = False) -> None:
        super().__init__()
        self.protocol = protocol
        self.lines: List[str] = []
        self.respond = respond
        self.line_by_line = line_by_line
        protocol.connection_made(self)

    def get_pipe_transport(self, fd: int) -> Any:
        return self

    def get_pid(self) -> int:
        return 4242

    def get_returncode(self) -> Any:
        return None

    def close(self) -> None:
        pass

    def write(self, data: bytes) -> None:
        for line in data.decode().splitlines():
            self.lines.append(line)
            answer = self.respond(line) or []
            pieces = [[a] for a in answer] if self.line_by_line else [answer] if answer else []
            for piece in pieces:
                payload = "".join(a + "\n" for a in piece).encode()
                self.protocol.loop.call_soon(self.protocol.pipe_data_received, 1, payload)


def xboard_answers(declared: List[str], searched: List[str]) -> Callable[[str], List[str]]:
    """An XBoard engine that answers ``protover 2`` with ``declared`` (its ``feature``
    lines), answers pings, and answers ``go`` and ``analyze`` with ``searched``."""

    def respond(line: str) -> List[str]:
        words = line.split()
        if line == "protover 2":
            return declared
        if words and words[0] == "ping":
            return ["pong " + words[1]]
        return searched if words and words[0] in ("go", "analyze") else []

    return respond


def uci_answers(option_lines: List[str], searched: List[str]) -> Callable[[str], List[str]]:
    """A UCI engine with ``option_lines`` that answers ``go`` with ``searched`` (and
    ``stop`` with a best move)."""

    def respond(line: str) -> List[str]:
        if line == "uci":
            return ["id name T"] + option_lines + ["uciok"]
        if line == "isready":
            return ["readyok"]
        if line.startswith("go"):
            return searched
        return ["bestmove e2e4"] if line == "stop" else []

    return respond


async def drained(analysis: Any) -> List[Any]:
    """Everything an analysis gives, in plain text: the reports an iteration takes (once
    the engine's lines are read, an analysis they did not end is stopped), the multipv
    table, the info, and the best move, ponder move and ``empty()``."""
    posted = []

    async def consume() -> None:
        async for info in analysis:
            posted.append(sorted((key, repr(value)) for key, value in info.items()))

    consumer = asyncio.ensure_future(consume())
    for _ in range(20):  # the engine's lines come through call_soon
        await asyncio.sleep(0)
    analysis.stop()
    await asyncio.wait_for(consumer, 5)
    multipv = [sorted((key, repr(value)) for key, value in info.items()) for info in analysis.multipv]
    best = await asyncio.wait_for(analysis.wait(), 5)
    return [posted, multipv, sorted((key, repr(value)) for key, value in analysis.info.items()),
            (repr(best.move), repr(best.ponder), analysis.empty())]


def _sorted_moves(board: reference.Board) -> list:
    return sorted(board.legal_moves, key=lambda m: m.uci())


def uci_engine() -> Callable[[str], List[str]]:
    """A UCI engine that plays the first legal move (in UCI order) and reports a little."""
    state = {"board": reference.Board(), "chess960": False, "multipv": 1}

    def search() -> List[str]:
        board = state["board"]
        moves = _sorted_moves(board)
        if not moves:
            return ["info depth 0 score mate 0", "bestmove (none)"]
        out = []
        for rank, move in enumerate(moves[:state["multipv"]], 1):
            after = board.copy()
            after.push(move)
            replies = _sorted_moves(after)
            pv = [board.uci(move, chess960=state["chess960"])]
            if replies:
                pv.append(after.uci(replies[0], chess960=state["chess960"]))
            out.append(f"info depth 3 seldepth 5 multipv {rank} score cp {17 - 5 * rank} wdl 300 600 100 "
                       f"nodes {1000 * rank} nps 50000 time {20 + rank} pv {' '.join(pv)}")
        out.append("info string searched  by the script")
        best = out[0].split(" pv ")[1].split()
        return out + ["bestmove " + best[0] + (f" ponder {best[1]}" if len(best) > 1 else "")]

    def respond(line: str) -> List[str]:
        words = line.split()
        if line == "uci":
            return ["id name Scripted", "id author lerf's tests"] + UCI_OPTIONS + ["uciok"]
        if line == "isready":
            return ["readyok"]
        if line.startswith("setoption name UCI_Chess960 value"):
            state["chess960"] = line.endswith("true")
        elif line.startswith("setoption name MultiPV value"):
            state["multipv"] = int(words[-1])
        elif words and words[0] == "position":
            if words[1] == "startpos":
                board, rest = reference.Board(chess960=state["chess960"]), words[2:]
            else:
                board, rest = reference.Board(" ".join(words[2:8]), chess960=state["chess960"]), words[8:]
            for uci in rest[1:]:
                board.push_uci(uci)
            state["board"] = board
        elif words and words[0] == "go" and "ponder" not in words and "infinite" not in words:
            return search()
        elif line in ("stop", "ponderhit"):
            return search()
        return []

    return respond


def xboard_engine(features: str) -> Callable[[str], List[str]]:
    """An XBoard engine that plays the first legal move and thinks aloud when posting."""
    state = {"board": reference.Board(), "post": False}

    def first(board: reference.Board) -> Any:
        moves = _sorted_moves(board)
        return moves[0] if moves else None

    def respond(line: str) -> List[str]:
        board = state["board"]
        words = line.split()
        if line == "protover 2":
            return [features]
        if words and words[0] == "ping":
            return ["pong " + words[1]]
        if line == "new":
            state["board"] = reference.Board()
        elif line.startswith("setboard "):
            state["board"] = reference.Board(line[9:])
        elif line == "undo":
            board.pop()
        elif line == "remove":
            board.pop()
            board.pop()
        elif line in ("post", "nopost"):
            state["post"] = line == "post"
        elif line == "go":
            move = first(board)
            if move is None:
                return ["resign"]
            thinking = [f"3 {len(board.move_stack)} 12 3456 {board.san(move)}"] if state["post"] else []
            board.push(move)
            return thinking + ["move " + move.uci()]
        elif line == "analyze":
            move = first(board)
            return [f"1 10 5 100 {board.san(move)}", f"2 12 7 200 {board.san(move)}"] if move else []
        else:
            text = words[1] if words and words[0] == "usermove" and len(words) > 1 else (words[0] if words else "")
            try:
                board.push_uci(text)
            except ValueError:
                pass
        return []

    return respond


def _text(value: Any) -> Any:
    """A result in plain text, the same for both libraries' objects."""
    if isinstance(value, dict):
        return {_text(k): _text(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (list, tuple)):
        return [_text(v) for v in value]
    if hasattr(value, "uci") and hasattr(value, "from_square"):
        return value.uci()
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)


def _random_board(lib: Any, rng: random.Random, chess960_too: bool = True) -> tuple:
    """A board of ``lib`` (and the reference's) from a random game, sometimes set up from
    a FEN first, sometimes Chess960 (when ``chess960_too``)."""
    ref = reference.Board.from_chess960_pos(rng.randrange(960)) if rng.random() < 0.15 else reference.Board()
    chess960 = ref.chess960 = ref.fen() != reference.STARTING_FEN or rng.random() < 0.1
    if not chess960_too:
        ref, chess960 = reference.Board(), False
    for _ in range(rng.randrange(0, 12)):
        moves = _sorted_moves(ref)
        if not moves:
            break
        ref.push(rng.choice(moves))
    if rng.random() < 0.3:
        ref = reference.Board(ref.fen(), chess960=chess960)
        for _ in range(rng.randrange(0, 4)):
            moves = _sorted_moves(ref)
            if not moves:
                break
            ref.push(rng.choice(moves))
    board = lib.Board(ref.root().fen(), chess960=chess960)
    for move in ref.move_stack:
        board.push(lib.Move.from_uci(move.uci()))
    return board, ref


def _random_limit(lib: Any, rng: random.Random) -> Any:
    kwargs = {}
    for name, make in (("time", lambda: rng.choice([0.1, 0.57, 1, 2.675, 0.0015])),
                       ("depth", lambda: rng.randrange(0, 30)), ("nodes", lambda: rng.randrange(0, 10**6)),
                       ("mate", lambda: rng.randrange(0, 6)), ("white_clock", lambda: rng.uniform(0, 300)),
                       ("black_clock", lambda: rng.uniform(0, 300)), ("white_inc", lambda: rng.choice([0, 1, 2.5])),
                       ("black_inc", lambda: rng.choice([0, 1, 2.5])), ("remaining_moves", lambda: rng.randrange(0, 40))):
        if rng.random() < 0.25:
            kwargs[name] = make()
    return lib.engine.Limit(**kwargs)


async def random_uci_session(lib: Any, seed: int) -> tuple:
    """A random UCI session with ``lib`` (``chess`` or ``lerf``): (wire lines, results)."""
    rng = random.Random(seed)
    protocol = lib.engine.UciProtocol()
    recorder = Recorder(protocol, uci_engine())
    await protocol.initialize()
    results: List[Any] = [_text(protocol.id), sorted(protocol.options)]
    games = [None, "a", "b"]
    opponents = [None, lib.engine.Opponent("Ann", "GM", 2650, False), lib.engine.Opponent("Bot", None, None, True)]
    board = None
    for _ in range(rng.randrange(3, 12)):
        op = rng.random()
        game = rng.choice(games)
        try:
            if op < 0.1:
                options = {name: value for name, value in (("Hash", rng.choice([16, 32, 64])), ("Threads", rng.choice([1, 2])),
                                                           ("Style", rng.choice(["Solid", "Normal", "Risky"])),
                                                           ("UCI_ShowWDL", rng.random() < 0.5), ("SyzygyPath", rng.choice(["", "/tb"])))
                           if rng.random() < 0.4}
                await protocol.configure(options)
                results.append(("configure", _text(options)))
            elif op < 0.15:
                opponent = rng.choice(opponents)
                await protocol.send_opponent_information(opponent=opponent)
                results.append("opponent")
            elif op < 0.55:
                if board is None or rng.random() < 0.5:
                    board, _ = _random_board(lib, rng)
                options = {"Hash": rng.choice([16, 32])} if rng.random() < 0.2 else {}
                opponent = rng.choice(opponents) if rng.random() < 0.2 else None
                ponder = rng.random() < 0.5
                info = rng.choice([lib.engine.INFO_NONE, lib.engine.INFO_ALL, lib.engine.INFO_SCORE])
                root_moves = None
                if rng.random() < 0.2 and any(True for _ in board.legal_moves):
                    root_moves = sorted(board.legal_moves, key=lambda m: m.uci())[:2]
                result = await protocol.play(board, _random_limit(lib, rng), game=game, ponder=ponder, info=info,
                                             options=options, opponent=opponent, root_moves=root_moves)
                results.append(("play", _text(result.move), _text(result.ponder), _text(result.info)))
                if result.move is not None and result.ponder is not None and rng.random() < 0.7:
                    board = board.copy()
                    board.push(result.move)
                    board.push(result.ponder)
                else:
                    board = None
            elif op < 0.75:
                board_a, _ = _random_board(lib, rng)
                multipv = rng.choice([None, None, 2, 3])
                info = await protocol.analyse(board_a, _random_limit(lib, rng), game=game, multipv=multipv)
                results.append(("analyse", _text(info)))
            elif op < 0.85:
                board_a, _ = _random_board(lib, rng)
                analysis = await protocol.analysis(board_a, game=game)
                analysis.stop()
                best = await analysis.wait()
                results.append(("analysis", _text(best.move), _text(best.ponder), _text(analysis.info)))
            elif op < 0.95:
                await protocol.ping()
                results.append("ping")
            else:
                board_a, _ = _random_board(lib, rng)
                await protocol.send_game_result(board_a)
                results.append("result")
        except lib.engine.EngineError as err:
            results.append(("error", type(err).__name__))
    return recorder.lines, results


async def random_xboard_session(lib: Any, seed: int) -> tuple:
    """A random XBoard session with ``lib``: (wire lines with ping numbers blanked,
    results)."""
    rng = random.Random(seed)
    features = rng.choice([
        'feature ping=1 setboard=1 usermove=1 myname="Scripted" memory=1 smp=1 egt="syzygy" exclude=1 done=1',
        'feature ping=1 setboard=1 variants="normal,fischerandom" option="Depth -spin 5 1 20" done=1',
    ])
    protocol = lib.engine.XBoardProtocol()
    recorder = Recorder(protocol, xboard_engine(features))
    await protocol.initialize()
    results: List[Any] = [_text(protocol.id), sorted(protocol.options)]
    games = [None, "a"]
    opponents = [lib.engine.Opponent("Ann", "GM", 2650, False), lib.engine.Opponent("Bot", None, None, True)]
    board = None
    for _ in range(rng.randrange(3, 10)):
        op = rng.random()
        game = rng.choice(games)
        try:
            if op < 0.5:
                if board is None or rng.random() < 0.4:
                    board, _ = _random_board(lib, rng, chess960_too=False)
                kwargs = {}
                if rng.random() < 0.5:
                    kwargs = {"white_clock": rng.choice([10, 61.5, 300]), "black_clock": rng.choice([20, 100]),
                              "white_inc": rng.choice([0, 2]), "black_inc": rng.choice([0, 3]),
                              "remaining_moves": rng.choice([None, 10]), "clock_id": rng.choice([None, 1])}
                else:
                    kwargs = {"time": rng.choice([None, 1.5, 5]), "depth": rng.choice([None, 7])}
                limit = lib.engine.Limit(**kwargs)
                opponent = rng.choice(opponents) if rng.random() < 0.2 else None
                result = await protocol.play(board, limit, game=game, ponder=rng.random() < 0.3,
                                             info=rng.choice([lib.engine.INFO_NONE, lib.engine.INFO_ALL]),
                                             opponent=opponent, draw_offered=rng.random() < 0.1)
                results.append(("play", _text(result.move), _text(result.info), result.draw_offered, result.resigned))
                board = board.copy()
                if result.move is not None:
                    board.push(result.move)
                    replies = sorted(board.legal_moves, key=lambda m: m.uci())
                    if replies and rng.random() < 0.8:
                        board.push(replies[-1])
                    elif rng.random() < 0.5 and len(board.move_stack) >= 2:
                        board.pop()
                        board.pop()
            elif op < 0.7:
                board_a, _ = _random_board(lib, rng, chess960_too=False)
                info = await protocol.analyse(board_a, lib.engine.Limit(depth=rng.choice([1, 2])), game=game)
                results.append(("analyse", _text(info)))
            elif op < 0.85:
                await protocol.ping()
                results.append("ping")
            else:
                board_a, _ = _random_board(lib, rng, chess960_too=False)
                await protocol.send_game_result(board_a, game_complete=rng.random() < 0.8)
                results.append("result")
        except lib.engine.EngineError as err:
            results.append(("error", type(err).__name__))
    lines = ["ping N" if line.startswith("ping ") else line for line in recorder.lines]
    return lines, results


#: A small UCI engine as a Python script: it answers `go` with a few reports and the first
#: legal move in UCI order (it keeps the position with lerf's board).
STAND_IN = r'''
import sys
import lerf
board = lerf.Board()
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        print("id name stand-in\noption name MultiPV type spin default 1 min 1 max 9\nuciok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "position":
        if words[1] == "startpos":
            board, rest = lerf.Board(), words[2:]
        else:
            board, rest = lerf.Board(" ".join(words[2:8])), words[8:]
        for uci in rest[1:]:
            board.push_uci(uci)
    elif words[0] == "go":
        move = min(board.legal_moves, key=lambda m: m.uci())
        print(f"info depth 1 score cp 7 nodes 1 pv {move.uci()}", flush=True)
        print(f"bestmove {move.uci()}", flush=True)
    elif words[0] == "quit":
        break
'''


def play_first_moves(args: tuple) -> list:
    """Opens the stand-in at ``args[0]`` with ``SimpleEngine`` and lets it play ``args[1]``
    moves from the start (a process pool's task: top level, so it pickles)."""
    import sys as _sys

    import lerf
    import lerf.engine

    path, plies = args
    board = lerf.Board()
    with lerf.engine.SimpleEngine.popen_uci([_sys.executable, path]) as engine:
        for _ in range(plies):
            board.push(engine.play(board, lerf.engine.Limit(depth=1)).move)
        engine.quit()
    return [move.uci() for move in board.move_stack]
