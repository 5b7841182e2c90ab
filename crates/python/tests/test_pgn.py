"""lerf.pgn.read_games against chess.pgn.read_game: the recovery corpus, the real games,
and .pgn.zst."""

import io
import random
import subprocess
import sys

import chess
import chess.pgn
import pyarrow as pa
import pytest
import zstandard

import lerf
from make_expected import start_position


def python_chess_games(data: bytes):
    handle = io.StringIO(data.decode("utf-8", errors="replace"), newline=None)
    out = []
    while (game := chess.pgn.read_game(handle)) is not None:
        out.append(game)
    return out


def test_the_recovery_corpus_reads_as_python_chess_reads_it(recovery_files):
    for path in recovery_files:
        if path.name.startswith("90-"):
            continue  # python-chess's variation bug, tested in the Rust suite
        data = path.read_bytes()
        theirs = python_chess_games(data)
        ours = list(lerf.pgn.read_games(path))
        assert len(ours) == len(theirs), path.name
        for a, b in zip(ours, theirs):
            assert a.headers == dict(b.headers), path.name
            assert [m.uci() for m in a.mainline_moves()] == [m.uci() for m in b.mainline_moves()], path.name
            assert len(a.errors) == len(b.errors), (path.name, a.errors, b.errors)
            assert all(isinstance(e, ValueError) for e in a.errors)


def test_real_games_from_a_path_a_file_object_and_zstd(sample_path):
    data = sample_path.read_bytes()
    theirs = python_chess_games(data)
    compressed = zstandard.ZstdCompressor(level=3).compress(data)
    for source in [sample_path, str(sample_path), io.BytesIO(data), io.BytesIO(compressed)]:
        ours = list(lerf.pgn.read_games(source))
        assert len(ours) == 438
        for a, b in zip(ours, theirs):
            assert a.headers == dict(b.headers)
            assert [m.uci() for m in a.mainline_moves()] == [m.uci() for m in b.mainline_moves()]
            assert a.board().fen() == b.board().fen()
            assert not a.errors


def test_a_zstd_file_object_reader_dropped_after_one_game(sample_path):
    """The reader of a .pgn.zst file object, deleted after its first game, lets go: its
    decompressing thread, which takes the GIL to call read(), is joined with the GIL
    released (the deletion hung for ever). In a child process, so that a hang fails the
    test instead of stopping the run."""
    script = (
        "import io, sys, zstandard, lerf.pgn\n"
        "data = zstandard.ZstdCompressor(level=1).compress(open(sys.argv[1], 'rb').read() * 4)\n"
        "class Slow(io.BytesIO):\n"
        "    def read(self, n=-1):\n"
        "        sum(range(2000))\n"
        "        return super().read(4096)\n"
        "for _ in range(20):\n"
        "    games = lerf.pgn.read_games(Slow(data))\n"
        "    next(games)\n"
        "    del games\n"
        "    rows = lerf.pgn.positions(Slow(data), batch_size=64)\n"
        "    del rows\n"
        "print('let go')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(sample_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "let go"


def test_a_truncated_zstd_file_gives_the_games_before_the_cut(sample_path, tmp_path):
    compressed = zstandard.ZstdCompressor(level=3).compress(sample_path.read_bytes())
    cut = tmp_path / "cut.pgn.zst"
    cut.write_bytes(compressed[: len(compressed) // 2])
    read = []
    with pytest.raises(OSError) as raised:
        for game in lerf.pgn.read_games(cut):
            read.append(game)
    assert "cut short" in str(raised.value)
    assert 100 < len(read) < 438


def test_errors_are_python_chess_classes():
    pgn = b"1. e4 e5 2. Ke3 *\n\n[FEN \"8/8/8\"]\n\n1. e4 *\n"
    games = list(lerf.pgn.read_games(io.BytesIO(pgn)))
    assert isinstance(games[0].errors[0], lerf.IllegalMoveError)
    # python-chess's message: the SAN and the position.
    assert str(games[0].errors[0]) == "illegal san: 'Ke3' in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert type(games[1].errors[0]) is ValueError
    assert list(games[1].mainline_moves()) == []


def python_chess_rows(data: bytes):
    rows = []
    for index, game in enumerate(python_chess_games(data)):
        board = start_position(game.headers)
        if board is None:  # a bad FEN tag: python-chess plays no move either
            continue
        elo = {}
        for color in ("White", "Black"):
            try:
                elo[color] = int(game.headers.get(color + "Elo", "").strip())
            except ValueError:
                elo[color] = None
        for ply, node in enumerate(game.mainline()):
            move, score = node.move, node.eval()
            white = None if score is None else score.white()
            rows.append((index, ply, board.fen(), board.san(move), move.uci(), board.turn,
                         game.headers["Result"], type(board).uci_variant, elo["White"], elo["Black"],
                         node.clock(), None if white is None else white.score(),
                         None if white is None else white.mate(), sorted(node.nags)))
            board.push(move)
    return rows


def test_positions_rows_equal_a_replay_with_python_chess(sample_games_path, recovery_files):
    for path in [sample_games_path] + [p for p in recovery_files if not p.name.startswith("90-")]:
        batches = list(lerf.pgn.positions(path, batch_size=5000))
        assert batches[0].schema.names == lerf.pgn.POSITION_COLUMNS
        ours = [tuple(row.values()) for batch in batches for row in batch.to_pylist()]
        assert ours == python_chess_rows(path.read_bytes()), path.name
    assert all(b.num_rows >= 5000 for b in batches[:-1])


def test_positions_from_zstd_and_memory(sample_path):
    compressed = zstandard.ZstdCompressor(level=3).compress(sample_path.read_bytes())
    table = pa.Table.from_batches(list(lerf.pgn.positions(io.BytesIO(compressed))))
    assert table.num_rows == 28538
    assert table.column("game").to_pylist()[-1] == 437
    assert table.column("white_elo").null_count == 0
    # About 100 bytes a row in Arrow, FEN and annotations included.
    assert table.nbytes / table.num_rows < 140


def table_of(source, **options):
    return pa.Table.from_batches(list(lerf.pgn.positions(source, **options)))


def rows_of(source, **options):
    return [tuple(row.values()) for batch in lerf.pgn.positions(source, **options) for row in batch.to_pylist()]


def test_positions_on_threads_are_the_same_rows_in_the_same_order(sample_path, recovery_files):
    data = b"".join(p.read_bytes() + b"\n\n" for p in recovery_files) + sample_path.read_bytes()
    data = data * 8  # past one chunk (1 MiB), so that several threads share the work
    # Compared as Arrow tables (the same values in the same order, whatever the batches):
    # as Python tuples the two copies of 200,000 rows took most of the test's 10 s.
    one = table_of(io.BytesIO(data))
    assert one.num_rows > 200_000
    assert table_of(io.BytesIO(data), threads=3, batch_size=7000).equals(one)
    games = one.column(0).to_pylist()
    assert games == sorted(games)


def test_positions_of_a_truncated_zst_raise_after_the_games_before(sample_path):
    data = sample_path.read_bytes() * 4
    compressed = zstandard.ZstdCompressor(level=3).compress(data)
    cut = compressed[: len(compressed) // 2]
    decodable = zstandard.ZstdDecompressor().decompressobj().decompress(cut)
    # The games read whole before the cut: all but the one it falls in.
    cut_game = len(python_chess_games(decodable)) - 1
    whole = [row for row in rows_of(io.BytesIO(decodable)) if row[0] < cut_game]
    assert len(whole) > 10_000
    for threads in (1, 2):
        rows = []
        with pytest.raises(OSError, match="truncated"):
            for batch in lerf.pgn.positions(io.BytesIO(cut), batch_size=1000, threads=threads):
                rows.extend(tuple(row.values()) for row in batch.to_pylist())
        assert rows == whole, threads


def test_an_input_without_moves_gives_the_schema_and_no_rows():
    empty = b'[Event "Study"]\n[Site "?"]\n\n*\n\n[Event "Puzzle"]\n\n{ only words } *\n'
    stream = lerf.pgn.positions(io.BytesIO(empty), tags=["Event"], comments=True)
    assert stream.schema.names == lerf.pgn.POSITION_COLUMNS + ["comment", "Event"]
    table = stream.read_all()
    assert table.num_rows == 0 and table.schema == stream.schema
    assert stream.games == 2
    assert pa.table(lerf.pgn.positions(io.BytesIO(empty))).num_rows == 0
    reader = pa.RecordBatchReader.from_stream(lerf.pgn.positions(io.BytesIO(b"1. e4 e5 *")))
    assert reader.read_all().column("san").to_pylist() == ["e4", "e5"]


def random_annotated_games(seed: int, games: int) -> str:
    """Games written by python-chess with Lichess-style comments around random moves:
    clocks with tenths, evaluations in pawns, with a depth, and as mates, text around
    them, empty comments, NAGs, and a few variations."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        game = chess.pgn.Game()
        game.headers["Event"] = f"Random {g}"
        if rng.random() < 0.5:
            game.headers["ECO"] = rng.choice(["A00", "B01", "C20"])
        game.headers["TimeControl"] = rng.choice(["300+3", "60+0", "-"])
        node, board = game, chess.Board()
        for _ in range(rng.randrange(1, 60)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            parts = []
            if rng.random() < 0.8:
                parts.append(f"[%clk {rng.randrange(3)}:{rng.randrange(60):02}:{rng.randrange(60):02}"
                             + (f".{rng.randrange(10)}" if rng.random() < 0.3 else "") + "]")
            r = rng.random()
            if r < 0.4:
                parts.append(f"[%eval {rng.uniform(-20, 20):.2f}" + (f",{rng.randrange(40)}" if rng.random() < 0.3 else "") + "]")
            elif r < 0.5:
                parts.append(f"[%eval #{rng.randrange(-9, 10)}]")
            if rng.random() < 0.2:
                parts.insert(rng.randrange(len(parts) + 1), rng.choice(["Good move.", "?!", "inaccuracy", ""]))
            rng.shuffle(parts)
            node = node.add_variation(move, comment=" ".join(parts))
            if rng.random() < 0.1:
                node.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 22, 146]))
            if rng.random() < 0.05 and len(moves) > 1:
                side = node.parent.add_variation(rng.choice([m for m in moves if m != move]), comment="side")
                side.comment = "[%eval 1.00] side"
            board.push(move)
        out.append(str(game))
    return "\n\n".join(out) + "\n"


def test_annotation_columns_equal_python_chess(sample_games_path):
    texts = [sample_games_path.read_text(), random_annotated_games(30, 300)]
    for text in texts:
        stream = lerf.pgn.positions(io.BytesIO(text.encode()), tags=["ECO", "TimeControl", "Opening"], comments=True)
        table = stream.read_all()
        want = []
        for game in python_chess_games(text.encode()):
            tags = [game.headers.get(t) for t in ("ECO", "TimeControl", "Opening")]
            for node in game.mainline():
                score = node.eval()
                white = None if score is None else score.white()
                want.append((node.clock(), None if white is None else white.score(),
                             None if white is None else white.mate(), sorted(node.nags), node.comment, *tags))
        got = list(zip(*(table.column(c).to_pylist() for c in
                         ["clock", "eval_cp", "eval_mate", "nags", "comment", "ECO", "TimeControl", "Opening"])))
        assert len(got) == len(want) > 1000
        assert got == want


def test_odd_keys_and_flags_of_nodes_as_python_chess():
    """A variation looked up by what is no move of it raises KeyError carrying that key (an
    empty KeyError for None before); flags such as uci's chess960 are read by their truth."""
    import io

    import chess
    import chess.pgn

    import lerf
    import lerf.pgn

    text = "1. e4 (1. d4 d5) 1... e5 2. Nf3 *"
    games = [lib.pgn.read_game(io.StringIO(text)) for lib in (lerf, chess)]
    for key in [None, "x", "c2c4"]:
        errors = []
        for lib, game in zip((lerf, chess), games):
            with pytest.raises(KeyError) as raised:
                game.variation(lib.Move.from_uci(key) if key == "c2c4" else key)
            errors.append(str(raised.value))
        assert errors[0] == errors[1], key
    for flag in [1, 0, "x", 2.0]:
        assert games[0].next().uci(chess960=flag) == games[1].next().uci(chess960=flag)
    for game in games:
        with pytest.raises(KeyError) as raised:
            game.headers[None]
        assert raised.value.args == (None,)


@pytest.mark.parametrize("columns", [None, 80, 0, 1, -5, 2.5, True, 1 << 70])
def test_exporters_take_any_columns_python_chess_compares_with(columns):
    import io

    import chess.pgn

    import lerf.pgn

    text = '[Event "x"]\n\n{start} 1. e4 $1 {c1} (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 2. Nf3 Nc6 (2... d6) 3. Bb5 1-0\n'
    for exporter in ["StringExporter", "FileExporter"]:
        written = []
        for lib in (lerf, chess):
            game = lib.pgn.read_game(io.StringIO(text))
            out = io.StringIO()
            visitor = getattr(lib.pgn, exporter)(*([out] if exporter == "FileExporter" else []), columns=columns)
            written.append((game.accept(visitor), out.getvalue()))
        assert written[0] == written[1], (exporter, columns)


def _outcome(f):
    """A call's value (its repr) or its exception's type and words."""
    try:
        return ("value", repr(f()))
    except Exception as e:  # noqa: BLE001 - any exception is compared
        return ("raised", type(e).__name__, str(e))


TIME_CONTROLS = ["40/7200:3600", "300+2", "-", "?", "*60", "40/5400+30:1800+30", "600", "0+1", "1/3",
                 "120/6000+30:20/3000+30:900+30", "180+0", "5400+30", "300+5d", "40/9000:900+30"]
TIME_CONTROL_PIECES = list("0123456789:+/-*?. dDe_") + ["\u00a0", "\uff11\uff12", "\u0663", "1_000", "inf", "nan",
                                                          "40/", "+2", "::", "//", "9" * 22, "1e3", "\t"]


def test_time_controls_read_as_python_chess_reads_them():
    """parse_time_control and Game.time_control on tags mutated from real ones and on
    random text: the same TimeControl, or the same exception with the same words (a bonus
    is the text between the first "+" and the next, read before the period)."""
    import lerf.pgn

    rng = random.Random(1599)
    for _ in range(3000):
        if rng.random() < 0.6:
            text = rng.choice(TIME_CONTROLS)
            for _ in range(rng.randint(0, 3)):
                at = rng.randrange(len(text) + 1)
                roll = rng.random()
                if roll < 0.5:
                    text = text[:at] + rng.choice(TIME_CONTROL_PIECES) + text[at:]
                elif roll < 0.8:
                    text = text[:at] + text[at + 1:]
                else:
                    text += ":" + rng.choice(TIME_CONTROLS)
        else:
            text = "".join(rng.choice(TIME_CONTROL_PIECES) for _ in range(rng.randint(0, 10)))
        assert _outcome(lambda: lerf.pgn.parse_time_control(text)) == _outcome(
            lambda: chess.pgn.parse_time_control(text)), text

        def from_game(module):
            game = module.Game()
            game.headers["TimeControl"] = text
            return game.time_control()

        assert _outcome(lambda: from_game(lerf.pgn)) == _outcome(lambda: from_game(chess.pgn)), text
    # Found by the sweep: a second "+" ends the bonus; python-chess reads "3+ 200+2".
    assert repr(lerf.pgn.parse_time_control("3+ 200+2")) == repr(chess.pgn.parse_time_control("3+ 200+2"))


def test_headers_edited_as_python_chess_edits_them():
    """Random edits of Headers (set, delete, pop, setdefault, update, popitem, clear,
    copy) with names and values of every kind: the same tags in the same order, and the
    same exceptions with the same words. A roster tag set to a value that is no str keeps
    that object in python-chess and its text in lerf (README), so values compare as text."""
    import lerf.pgn

    names = ["Event", "Site", "Date", "Round", "White", "Black", "Result", "FEN", "SetUp", "Variant", "WhiteElo",
             "x", "", "a b", "a\nb", "[", "\u00dc", "event", "TimeControl", "ECO"]
    values = ["?", "", "x", "a\nb", "a\rb", "1-0", "*", "Chess960", "\"q\"", "\\", 5, None, "a]b", ["a\nb"],
              ["x"], b"x", "crazyhouse", "8/8/8/8/8/8/8/K6k w - - 0 1"]

    def as_text(value):
        if isinstance(value, (chess.pgn.Headers, lerf.pgn.Headers)):
            return [(k, str(v)) for k, v in value.items()]
        if isinstance(value, tuple):  # popitem's (name, value)
            return value[0], str(value[1])
        return value if isinstance(value, bool) else str(value)

    def outcome(f):
        try:
            return ("value", as_text(f()))
        except Exception as e:  # noqa: BLE001 - any exception is compared
            return ("raised", type(e).__name__, str(e))

    rng = random.Random(97)
    for _ in range(1500):
        start = rng.choice([None, {}, {"White": "a"}, [("Black", "b"), ("Event", "e")]])
        ours = lerf.pgn.Headers() if start is None else lerf.pgn.Headers(start)
        theirs = chess.pgn.Headers() if start is None else chess.pgn.Headers(start)
        for _ in range(rng.randint(1, 8)):
            op, name, value = rng.choice(["set", "del", "pop", "setdefault", "update", "popitem", "clear", "copy", "get"]), \
                rng.choice(names), rng.choice(values)

            def edit(h):
                if op == "set":
                    h[name] = value
                elif op == "del":
                    del h[name]
                elif op == "pop":
                    return h.pop(name)
                elif op == "setdefault":
                    return h.setdefault(name, value)
                elif op == "update":
                    h.update({name: value})
                elif op == "popitem":
                    return h.popitem()
                elif op == "clear":
                    h.clear()
                elif op == "copy":
                    return h.copy()
                elif op == "get":
                    return h.get(name)
                return h

            ours_now, theirs_now = outcome(lambda: edit(ours)), outcome(lambda: edit(theirs))
            assert ours_now == theirs_now, (op, name, value)
            assert as_text(ours) == as_text(theirs), (op, name, value)
    # Found by the sweep: a tag other than the roster's asks its value for a line break as
    # python-chess does (an int cannot say); popitem of no tags raises KeyError().
    with pytest.raises(TypeError, match="argument of type 'int' is not iterable"):
        lerf.pgn.Game().headers["WhiteElo"] = 2700
    with pytest.raises(KeyError) as raised:
        lerf.pgn.Headers({}).popitem()
    assert raised.value.args == ()


def test_annotations_written_as_python_chess_writes_them():
    """set_clock, set_emt, set_eval and set_arrows on comments that already hold
    annotations, with odd numbers among the values (NaN, infinities, 1e300, negatives,
    rounding edges): the same comment and the same value read back, or the same
    exception with the same words."""
    import lerf.engine
    import lerf.pgn
    import lerf.svg
    import chess.engine
    import chess.svg

    seconds = [0, 0.0, 1, 59.999, 59.9999, 60, 3599.5, 3599.99, 3599.999, 3600, 86399.9, 1e-7, 0.05, 0.049,
               -1, -0.5, 1e12, 1e300, float("nan"), float("inf"), float("-inf"), 12.345678, 0.0005, True, None]
    comments = ["", "hi", "[%clk 0:01:00]", "x [%eval 0.3] y", "[%emt 0:00:01] z", "[%cal Ga1a2]", "  ", "a [%csl Rb2] b"]
    rng = random.Random(31)
    for _ in range(2000):
        comment, op = rng.choice(comments), rng.choice(["set_clock", "set_emt", "set_eval", "set_arrows"])
        value = rng.choice(seconds)
        kind, number, turn, depth = rng.choice(["cp", "mate", "none", "given"]), rng.choice([0, 1, -1, 30, -250, 12345]), \
            rng.choice([True, False]), rng.choice([None, 0, 5, 20])
        arrows = [(rng.randrange(64), rng.randrange(64), rng.choice(["red", "green", "blue", "yellow", None]),
                   rng.random() < 0.7) for _ in range(rng.randint(0, 3))]

        def run(library, pgn, engine, svg, read):
            node = pgn.Game().add_variation(library.Move.from_uci("e2e4"))
            node.comment = comment
            if op == "set_eval":
                score = None if kind == "none" else engine.PovScore(
                    engine.Cp(number) if kind == "cp" else engine.Mate(number) if kind == "mate" else engine.MateGiven, turn)
                node.set_eval(score, depth)
                return node.comment, repr(node.eval()), node.eval_depth()
            if op == "set_arrows":
                node.set_arrows([svg.Arrow(t, h, **({"color": c} if c else {})) if a else (t, h) for t, h, c, a in arrows])
                return node.comment, [a.pgn() for a in node.arrows()]
            getattr(node, op)(value)
            return node.comment, getattr(node, read)()

        def outcome(f):
            try:
                return ("value", repr(f()))
            except Exception as e:  # noqa: BLE001 - any exception is compared
                return ("raised", type(e).__name__, str(e))

        read = {"set_clock": "clock", "set_emt": "emt"}.get(op, "clock")
        ours = outcome(lambda: run(lerf, lerf.pgn, lerf.engine, lerf.svg, read))
        theirs = outcome(lambda: run(chess, chess.pgn, chess.engine, chess.svg, read))
        assert ours == theirs, (op, comment, value, kind, number, turn, depth, arrows)
