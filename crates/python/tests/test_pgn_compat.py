"""lerf.pgn against python-chess's chess.pgn, call for call: the same files read with the
same calls must give the same games, the same text written back, the same errors and the
same file positions; a visitor sees the same calls; edits give the same trees.

python-chess (PyPI ``chess``) is the oracle; lerf is imported as ``lerf``.
"""

import io
import logging
import random
import re

import chess
import chess.engine
import chess.pgn
import pytest
from budget import count

import lerf
import lerf.engine
import lerf.pgn

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

EXPORTS = [
    {},
    {"columns": None},
    {"headers": False, "comments": False, "variations": False, "columns": 40},
    {"variations": False},
    {"comments": False, "columns": 20},
]


def everything_written(module, game):
    """Every way of writing a game out, as text (or the exception's class name)."""
    out = []
    for options in EXPORTS:
        try:
            out.append(game.accept(module.StringExporter(**options)))
        except Exception as e:  # noqa: BLE001 - the class is compared
            out.append(type(e).__name__)
    handle = io.StringIO()
    try:
        written = game.accept(module.FileExporter(handle))
        out.append((handle.getvalue(), written))
    except Exception as e:  # noqa: BLE001
        out.append(type(e).__name__)
    try:
        out.append(str(game))
    except Exception as e:  # noqa: BLE001
        out.append(type(e).__name__)
    return out


def described(module, game):
    """What a game holds, for comparison between the libraries."""
    mainline = []
    for node in game.mainline():
        score = node.eval()
        mainline.append((
            node.move.uci(), node.comment, node.starting_comment, sorted(node.nags),
            node.clock(), node.emt(), None if score is None else (repr(score.white()), score.turn),
            node.eval_depth(), [a.pgn() for a in node.arrows()], node.ply(), node.turn(),
            node.is_mainline(), node.starts_variation(), len(node.variations),
        ))
    return {
        "headers": list(game.headers.items()),
        "errors": [(type(e).__name__, str(e)) for e in game.errors],
        "comment": game.comment,
        "mainline": mainline,
        "written": everything_written(module, game),
    }


def read_all(module, handle):
    games = []
    while True:
        before = handle.tell()
        game = module.read_game(handle)
        if game is None:
            return games, handle.tell()
        games.append((before, described(module, game)))


def test_the_lichess_sample_reads_and_writes_as_python_chess(sample_games_path, sample_games):
    with open(sample_games_path) as a, open(sample_games_path) as b:
        ours, ours_end = read_all(lerf.pgn, a)
        theirs, theirs_end = read_all(chess.pgn, b)
    assert len(ours) == len(theirs) == sample_games
    for i, (x, y) in enumerate(zip(ours, theirs)):
        assert x == y, f"game {i}"
    assert ours_end == theirs_end


@pytest.mark.parametrize("newline", [None, "", "\n"])
def test_the_recovery_corpus_reads_and_writes_as_python_chess(recovery_files, newline, tmp_path):
    for path in recovery_files:
        # As a user opens a file of unknown origin; and as bytes turned to text in memory.
        openers = [
            lambda: open(path, encoding="utf-8", errors="replace", newline=newline),
            lambda: io.StringIO(path.read_bytes().decode("utf-8", errors="replace"), newline=newline),
        ]
        for opener in openers:
            with opener() as a, opener() as b:
                ours, ours_end = read_all(lerf.pgn, a)
                theirs, theirs_end = read_all(chess.pgn, b)
            assert ours == theirs, path.name
            assert ours_end == theirs_end, path.name


def test_files_of_python_chess_tests_read_as_there(sample_path, tmp_path):
    """A UTF-8 file with \\r\\n line ends, a BOM, blank lines: read in blocks or not, the
    same games at the same positions. The quick run reads the sample's first 60,000
    characters (about 55 games, nearly all of the test's time being python-chess's); the long
    run 200,000."""
    text = sample_path.read_text()[: count("LERF_COMPAT_CHARS", quick=60_000, long=200_000)]
    variants = {
        "crlf.pgn": text.replace("\n", "\r\n").encode(),
        "bom.pgn": ("\ufeff\n\n" + text).encode(),
        "latin.pgn": text.replace('"?"', '"Müller Ü"').encode(),
        "bad-utf8.pgn": text.encode()[:50_000] + b"\n[Event \"\xff\"]\n\n1. e4 *\n",
    }
    for name, data in variants.items():
        path = tmp_path / name
        path.write_bytes(data)
        results = []
        for module in (lerf.pgn, chess.pgn):
            with open(path) as handle:
                try:
                    results.append(read_all(module, handle))
                except UnicodeDecodeError as e:
                    results.append(("raised", type(e).__name__))
        assert results[0] == results[1], name


@pytest.mark.parametrize("buffering", [-1, 64, 1 << 16])
def test_read_headers_skip_game_and_seeking_as_python_chess(sample_path, tmp_path, buffering):
    """python-chess's documented idiom: offsets from tell() while reading headers, then
    seek and read_game; with skip_game and readline mixed in. The file's binary buffer
    smaller than a game, and larger; one game longer than lerf reads through it."""
    text = sample_path.read_text()
    path = tmp_path / "games.pgn"
    path.write_text(text + '[Event "Long"]\n\n1. e4 { ' + "x" * 100_000 + " } *\n\n" + text)
    logs = []
    for module in (lerf.pgn, chess.pgn):
        log = []
        with open(path, buffering=buffering) as handle:
            offsets = []
            while True:
                offset = handle.tell()
                headers = module.read_headers(handle)
                if headers is None:
                    break
                offsets.append(offset)
                log.append((offset, list(headers.items()), handle.tell()))
            rng = random.Random(5)
            for offset in rng.sample(offsets, 40):
                handle.seek(offset)
                game = module.read_game(handle)
                log.append(("seek", offset, game.headers["Site"], str(game.end().board().fen()), handle.tell()))
                action = rng.choice(["skip", "readline", "headers", "read"])
                if action == "skip":
                    log.append(("skip", module.skip_game(handle), handle.tell()))
                elif action == "readline":
                    log.append(("readline", handle.readline(), handle.tell()))
                    log.append(("after readline", list(module.read_headers(handle).items()), handle.tell()))
                elif action == "headers":
                    log.append(("headers", list(module.read_headers(handle).items()), handle.tell()))
                else:
                    log.append(("read", str(module.read_game(handle)), handle.tell()))
            handle.seek(0)
            skipped = 0
            while module.skip_game(handle):
                skipped += 1
            log.append(("skipped", skipped, handle.tell(), module.read_game(handle), module.read_headers(handle)))
        logs.append(log)
    assert logs[0] == logs[1]


def _random_calls(module, opener, seed):
    """Sixty calls drawn at random on one handle: the readers, and the text layer's own
    reads, tell() and seek() to a position tell() gave; each call's result (or error)."""
    rng = random.Random(seed)
    positions, log = [0], []
    calls = {
        "read_headers": lambda h: None if (headers := module.read_headers(h)) is None else list(headers.items()),
        "skip_game": lambda h: module.skip_game(h),
        "read_game": lambda h: None if (game := module.read_game(h)) is None else described(module, game),
        "readline": lambda h: h.readline(),
        "read": lambda h: h.read(rng.randrange(1, 3000)),
        "seek": lambda h: h.seek(rng.choice(positions)),
        "tell": lambda h: positions.append(h.tell()) or positions[-1],
    }
    names = ["read_headers", "read_headers", *calls]
    with opener() as handle:
        for _ in range(60):
            name = rng.choice(names)
            try:
                log.append((name, calls[name](handle)))
            except Exception as e:  # noqa: BLE001 - the error is compared
                log.append((name, type(e).__name__, str(e)))
    return log


@pytest.mark.parametrize("seed", range(3))
def test_random_calls_and_seeks_as_python_chess(sample_path, tmp_path, seed):
    """Random mixes of read_headers, skip_game, read_game and the handle's own readline,
    read, tell and seek (games entered mid-way included) give the same results at the same
    positions: multibyte characters across the blocks lerf reads, buffers smaller and
    larger than a game, \\r\\n line ends read both ways, and handles lerf reads by lines."""
    text = sample_path.read_text()[:150_000].replace('[Round "-"]', '[Round "Müller ✓ 日本"]')
    text += '[Event "Long"]\n\n1. e4 { ' + "é" * 40_000 + " } *\n\n" + text[:20_000]
    utf8 = tmp_path / "games.pgn"
    utf8.write_text(text, encoding="utf-8")
    crlf = tmp_path / "crlf.pgn"
    crlf.write_bytes(text.encode()[:100_000].replace(b"\n", b"\r\n"))
    openers = [lambda b=b: open(utf8, encoding="utf-8", buffering=b) for b in (-1, 64, 8192)]
    openers += [
        lambda: open(crlf, encoding="utf-8"),
        lambda: open(crlf, encoding="utf-8", newline=""),
        lambda: io.TextIOWrapper(io.BytesIO(text.encode()[:100_000]), encoding="utf-8"),
        lambda: io.StringIO(text[:100_000]),
    ]
    for i, opener in enumerate(openers):
        ours = _random_calls(lerf.pgn, opener, seed)
        theirs = _random_calls(chess.pgn, opener, seed)
        assert ours == theirs, f"handle {i}"


class Trace:
    """A visitor recording every call it gets, with the board's FEN and move stack."""

    def __init__(self, module, skip_variations=False, skip_game=False, skip_san=None):
        class Tracer(module.BaseVisitor):
            def __init__(self):
                self.calls = []

            def begin_game(self):
                self.calls.append(("begin_game",))
                return module.SKIP if skip_game else None

            def begin_headers(self):
                self.calls.append(("begin_headers",))

            def visit_header(self, name, value):
                self.calls.append(("header", name, value))

            def end_headers(self):
                self.calls.append(("end_headers",))

            def begin_parse_san(self, board, san):
                self.calls.append(("begin_parse_san", board.fen(), san))
                return module.SKIP if san == skip_san else None

            def visit_move(self, board, move):
                self.calls.append(("move", board.fen(), move.uci(), len(board.move_stack)))

            def visit_board(self, board):
                self.calls.append(("board", board.fen(), [m.uci() for m in board.move_stack]))

            def visit_comment(self, comment):
                self.calls.append(("comment", comment))

            def visit_nag(self, nag):
                self.calls.append(("nag", nag))

            def begin_variation(self):
                self.calls.append(("begin_variation",))
                return module.SKIP if skip_variations else None

            def end_variation(self):
                self.calls.append(("end_variation",))

            def visit_result(self, result):
                self.calls.append(("result", result))

            def end_game(self):
                self.calls.append(("end_game",))

            def handle_error(self, error):
                self.calls.append(("error", type(error).__name__, str(error)))

            def result(self):
                return self.calls

        self.Tracer = Tracer


def traces(module, text, **options):
    handle = io.StringIO(text)
    out = []
    while True:
        try:
            calls = module.read_game(handle, Visitor=Trace(module, **options).Tracer)
        except Exception as e:  # noqa: BLE001 - the class and message are compared
            out.append(("raised", type(e).__name__, str(e)))
            break
        if calls is None:
            break
        out.append(calls)
    out.append(handle.tell())
    return out


SNIPPETS = [
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 $1 {comment} (3... Nf6 {inner} 4. O-O) 4. Ba4 *",
    '[Event "E"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 2. e5 (2. Kd2 ( 2. Ke2 ) ) 1-0\n',
    "1. e4 Qa1 e5 2. Qxf8 (2. d4) 3. Nf3\n\n1. a3",
    "1. e4 (1. d4 1-0) e5 ; line comment ( ignored\n2. Nf3 % not a comment here\n{ multi\nline } 2... Nc6\n",
    "{ start } ( 1. e4 ) 1. d4 ?? !! !? ?! $0 $999999999999999999999 *",
    '[Variant "Chess960"]\n[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"]\n\n1. O-O *',
    '[FEN "bad fen"]\n\n1. e4 { skipped } *\n\n[Variant "Chess 960"]\n\n1. e4 *',
    "1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. Kf4 d5+ 5. exd6 *",
    "1.e4 c5 2.Nf3 d6 3.d4 cxd4 4.Nxd4 Nf6 5.Nc3 a6 6.Be3 e5 7.Nb3 Be6 8.f3 h5 9.Qd2 Nbd7 10.O-O-O",
    "\ufeff% escape\n;semicolon\n\n\n[A \"1\"]\n\n\n[B \"2\"]\n1. e4 {\n\n} e5\n\n",
]


def soup(rng):
    words = ["1.", "e4", "e5", "Nf3", "(", ")", "{", "}", ";", "$3", "!?", "*", "1-0", "O-O", "--",
             "Qh5", "Nc6", "Bc4", "\n", "\n\n", "[Event \"x\"]\n", "%", "exd5", "d5", "Z0", "0000"]
    return " ".join(rng.choice(words) for _ in range(rng.randint(1, 40)))


def test_visitors_see_what_python_chess_visitors_see():
    rng = random.Random(11)
    texts = SNIPPETS + [soup(rng) for _ in range(300)]
    for text in texts:
        for options in [{}, {"skip_variations": True}, {"skip_game": True}, {"skip_san": "e5"}]:
            assert traces(lerf.pgn, text, **options) == traces(chess.pgn, text, **options), (text, options)


def test_variant_games_read_on_variant_boards_as_python_chess_reads_them():
    """A game with a Variant tag is read on lerf.variant's board for it, as python-chess reads
    it on its own; with python-chess's chess.variant set as lerf.variant (a script may), on
    python-chess's boards, with the same result."""
    import chess.variant
    import lerf.variant

    text = '[Variant "Atomic"]\n[FEN "8/8/1b6/8/3Nk3/4K3/8/8 w - - 0 1"]\n\n1. Ne6 *\n\n[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 N@f3 *'
    theirs, _ = read_all(chess.pgn, io.StringIO(text))
    ours, _ = read_all(lerf.pgn, io.StringIO(text))
    assert ours == theirs
    assert traces(lerf.pgn, text) == traces(chess.pgn, text)
    game = lerf.pgn.read_game(io.StringIO(text))
    assert not game.errors and type(game.board()) is lerf.variant.AtomicBoard
    own = lerf.variant
    lerf.variant = chess.variant
    try:
        borrowed, _ = read_all(lerf.pgn, io.StringIO(text))
        assert type(lerf.pgn.read_game(io.StringIO(text)).board()) is chess.variant.AtomicBoard
    finally:
        lerf.variant = own
    assert borrowed == theirs


def test_games_read_from_snippets_as_python_chess():
    rng = random.Random(3)
    for text in SNIPPETS + [soup(rng) for _ in range(300)]:
        results = []
        for module in (lerf.pgn, chess.pgn):
            handle = io.StringIO(text)
            try:
                results.append(read_all(module, handle))
            except Exception as e:  # noqa: BLE001
                results.append(("raised", type(e).__name__, str(e)))
        assert results[0] == results[1], text


#: What a damaged file gains: PGN's own marks, whole tokens and comment commands.
INSERTS = list("{}()[]\"\\;%.*!?$#+=-/ \n\t\r0123456789abcdefghKQRBNPOxo") + [
    "O-O", "1-0", "0-1", "1/2-1/2", "--", "Z0", "\n[", "[%eval 1.2]", "[%clk 0:01:02]", "e.p.", "=Q", "@"]


def damaged(rng, games):
    """One to three real games in a row, then one to six edits: a mark or token inserted,
    a few characters dropped, or a piece of the text copied elsewhere."""
    text = "".join(rng.choice(games) for _ in range(rng.randint(1, 3)))
    for _ in range(rng.randint(1, 6)):
        at = rng.randrange(len(text) + 1)
        roll = rng.random()
        if roll < 0.4:
            text = text[:at] + rng.choice(INSERTS) + text[at:]
        elif roll < 0.7:
            text = text[:at] + text[at + rng.randint(1, 8):]
        else:
            src = rng.randrange(len(text) + 1)
            text = text[:at] + text[src:src + rng.randint(1, 40)] + text[at:]
    return text


def test_damaged_real_games_read_as_python_chess(sample_path):
    """Real games broken the way files break (LERF_DAMAGED_GAMES texts). 4,000 such texts,
    of the Lichess sample's and TWIC 1599's games, showed no difference when it was written."""
    games = re.split(r"(?m)^(?=\[Event )", sample_path.read_text())[1:]
    rng = random.Random(5)
    for i in range(count("LERF_DAMAGED_GAMES", quick=40, long=400)):
        text = damaged(rng, games)
        results = []
        for module in (lerf.pgn, chess.pgn):
            try:
                results.append(read_all(module, io.StringIO(text)))
            except Exception as e:  # noqa: BLE001 - the class and text are compared
                results.append(("raised", type(e).__name__, str(e)))
        assert results[0] == results[1], (i, text)


def edit_script(rng):
    """Random edits, as (method, args) on a path of variation indices."""
    steps = []
    for _ in range(60):
        steps.append(rng.choice(["add", "add", "add", "main", "line", "promote", "demote", "promote_to_main",
                                 "remove", "comment", "starting", "nag", "clock", "eval", "emt", "arrows",
                                 "down", "up", "root"]))
    return steps


def apply_edits(module, steps, seed):
    """Runs an edit script on a new game of `module`; returns the game and a log."""
    rng = random.Random(seed)
    engine = lerf.engine if module is lerf.pgn else chess.engine
    svg_arrow = (lambda t, h, color: (t, h)) if module is lerf.pgn else (lambda t, h, color: (t, h))
    game = module.Game()
    node = game
    log = []
    for step in steps:
        board = node.board()
        legal = sorted(board.legal_moves, key=lambda m: m.uci())
        if step in ("add", "main", "line") and legal:
            move = legal[rng.randrange(len(legal))]
            if step == "add":
                if not node.has_variation(move):
                    node.add_variation(move, comment=rng.choice(["", "c"]), nags=rng.choice([(), (1,), (2, 3)]))
            elif step == "main":
                if not node.has_variation(move):
                    node.add_main_variation(move, comment="m")
            else:
                line = [move]
                board.push(move)
                if any(board.legal_moves):
                    line.append(sorted(board.legal_moves, key=lambda m: m.uci())[0])
                if not node.has_variation(line[0]):
                    node = node.add_line(line, comment="end", starting_comment="start", nags=[7])
        elif step in ("promote", "demote", "promote_to_main", "remove") and node.variations:
            target = node.variations[rng.randrange(len(node.variations))].move
            getattr(node, step if step != "remove" else "remove_variation")(target)
        elif step == "comment":
            node.comment = rng.choice(["", "a } b", " spaced ", "x\ny"])
        elif step == "starting" and node.parent is not None:
            node.starting_comment = rng.choice(["", "s"])
        elif step == "nag" and node.parent is not None:
            node.nags.add(rng.randrange(20))
        elif step == "clock":
            node.set_clock(rng.choice([None, 0, 59.9996, 3600 * 2 + 5, 12.5]))
        elif step == "emt":
            node.set_emt(rng.choice([None, 1, 0.25]))
        elif step == "eval":
            score = rng.choice([None, engine.PovScore(engine.Cp(rng.randrange(-300, 300)), rng.random() < 0.5),
                                engine.PovScore(engine.Mate(rng.randrange(-5, 6)), True)])
            node.set_eval(score, rng.choice([None, 5]))
        elif step == "arrows":
            node.set_arrows([svg_arrow(rng.randrange(64), rng.randrange(64), "green") for _ in range(rng.randrange(3))])
        elif step == "down" and node.variations:
            node = node.variations[rng.randrange(len(node.variations))]
        elif step == "up" and node.parent is not None:
            node = node.parent
        elif step == "root":
            node = game
        log.append((step, node.comment, sorted(node.nags), [v.move.uci() for v in node.variations]))
    return game, log


def test_edited_trees_are_python_chess_trees():
    for seed in range(120):
        steps = edit_script(random.Random(seed))
        ours, our_log = apply_edits(lerf.pgn, steps, seed)
        theirs, their_log = apply_edits(chess.pgn, steps, seed)
        assert our_log == their_log, seed
        assert described(lerf.pgn, ours) == described(chess.pgn, theirs), seed
        # What was written, read back by each library: the same games again.
        ours_again = lerf.pgn.read_game(io.StringIO(str(ours)))
        theirs_again = chess.pgn.read_game(io.StringIO(str(theirs)))
        assert described(lerf.pgn, ours_again) == described(chess.pgn, theirs_again), seed


def test_node_objects_stay_the_same_objects():
    game = lerf.pgn.read_game(io.StringIO("1. e4 e5 (1... c5) 2. Nf3 *"))
    e4 = game.next()
    assert game.variations[0] is e4 is game[0] is game.variation(lerf.Move.from_uci("e2e4"))
    assert e4.variations[1].parent is e4
    e4.note = "kept"
    assert game.next().note == "kept"
    assert list(game.mainline())[0] is e4
    assert e4.root() is game and e4.game() is game
    assert isinstance(game.variations, __import__("collections.abc").abc.MutableSequence)
    assert isinstance(game.headers, __import__("collections.abc").abc.MutableMapping)


def test_node_objects_are_freed_when_dropped_unless_given_attributes():
    """A node object lerf made is freed as soon as nothing holds it, without the garbage
    collector (its tree knows it weakly); one made again after that, or given an
    attribute, lives as long as its game, as python-chess's nodes do."""
    import gc
    import pickle
    import weakref

    game = lerf.pgn.read_game(io.StringIO("1. e4 e5 (1... c5) 2. Nf3 Nc6 3. Bb5 *"))
    gc.disable()
    try:
        node = game.next()
        held = weakref.ref(node)
        assert game.variations[0] is node
        del node
        assert held() is None
        again = weakref.ref(game.next())
        assert again() is not None and again() is game.next()
        for node in game.mainline():
            node.seen = node.ply()
        del node
        gc.collect()
        assert [node.seen for node in game.mainline()] == [1, 2, 3, 4, 5]
        game.next().variations[1].comment = "a property: in the tree, not the object"
        assert game.next().variations[1].comment.startswith("a property")
        end = game.end()
        del end.seen
        del end
        assert not hasattr(game.end(), "seen")
    finally:
        gc.enable()
    copy = pickle.loads(pickle.dumps(game))
    assert [node.seen for node in list(copy.mainline())[:-1]] == [1, 2, 3, 4]


def test_games_read_are_freed_when_dropped_and_made_again_for_nodes_held():
    """A game read and dropped is freed with its tree at once, without the garbage
    collector (no reference cycle); one dropped while a node of it is held comes back from
    that node as a Game with the same headers, errors and moves, the same object from then
    on; a game given an attribute keeps it."""
    import gc
    import weakref

    pgn = '[White "A"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Qd2 *\n'
    gc.disable()
    try:
        game = lerf.pgn.read_game(io.StringIO(pgn))
        game.end()
        held = weakref.ref(game)
        headers = weakref.ref(game.headers)
        del game
        assert held() is None and headers() is None
        game = lerf.pgn.read_game(io.StringIO(pgn))
        errors = game.errors
        end = game.end()
        held = weakref.ref(game)
        del game
        assert held() is None
        again = end.game()
        assert isinstance(again, lerf.pgn.Game) and again is end.game() and again is end.root()
        assert again.headers["White"] == "A" and again.errors is errors and len(errors) == 1
        assert str(again) == str(lerf.pgn.read_game(io.StringIO(pgn)))
        assert end.parent.parent.parent.parent.parent is again
        kept = lerf.pgn.read_game(io.StringIO(pgn))
        kept.note = "mine"
        node = kept.next()
        del kept
        assert node.game().note == "mine"
    finally:
        gc.enable()


def test_pickled_games_are_equal_games():
    import pickle

    game = lerf.pgn.read_game(io.StringIO('[White "A"]\n\n1. e4 { c } e5 $1 (1... c5 2. Nf3) 2. Nf3 *'))
    copy = pickle.loads(pickle.dumps(game))
    assert str(copy) == str(game)
    assert list(copy.headers.items()) == list(game.headers.items())
    headers = pickle.loads(pickle.dumps(game.headers))
    assert headers == game.headers
