"""lerf.binpack: random games (standard and Chess960, python-chess playing them) written
and read back unchanged, the Arrow rows equal to the entries, and the errors users get."""

import random

import chess
import pyarrow as pa
import pytest

import lerf
import lerf.binpack
from budget import count


def _games(n, chess960=False, seed=60):
    rng = random.Random(seed)
    entries, fens = [], []
    for g in range(n):
        board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
        result = rng.choice([1, 0, -1])
        while not board.is_game_over() and board.ply() < 160:
            moves = list(board.legal_moves)
            promotions = [m for m in moves if m.promotion and m.promotion != chess.QUEEN]
            move = rng.choice(promotions) if promotions and rng.random() < 0.5 else rng.choice(moves)
            lb = lerf.Board(board.fen(), chess960=chess960)
            sign = 1 if board.turn == chess.WHITE else -1
            entries.append(lerf.binpack.Entry(board=lb, move=lerf.Move.from_uci(move.uci()), score=rng.randint(-3000, 3000), ply=board.ply(), result=result * sign))
            fens.append((board.fen(), move.uci()))
            board.push(move)
    return entries, fens


@pytest.mark.parametrize("chess960", [False, True])
def test_games_round_trip(tmp_path, chess960):
    entries, fens = _games(count("LERF_BINPACK_GAMES", 40, 400), chess960)
    path = tmp_path / "games.binpack"
    assert lerf.binpack.write(path, entries) == len(entries)
    back = list(lerf.binpack.read(path))
    assert len(back) == len(entries)
    # python-chess's FEN, and the same move, for every entry read back. The format does not
    # say whether a game was Chess960: a position with its king and rooks on the standard
    # squares reads back as standard chess, its castling written e1g1 instead of e1h1.
    for e, (fen, uci) in zip(back, fens):
        assert e.fen == fen
        if e.move.uci() != uci:
            standard = chess.Board(fen)
            assert standard.parse_uci(e.move.uci()) == standard.parse_uci(uci), (fen, uci)
    assert [(e.score, e.ply, e.result) for e in back] == [(e.score, e.ply, e.result) for e in entries]
    assert [e.board.fen() for e in back[:50]] == [f for f, _ in fens[:50]]
    assert path.stat().st_size / len(entries) < 4, "chains, not 32-byte stems"


def test_arrow_rows_are_the_entries(tmp_path):
    entries, _ = _games(20)
    path = tmp_path / "games.binpack"
    lerf.binpack.write(path, entries)
    table = pa.RecordBatchReader.from_stream(lerf.binpack.to_arrow(path, batch_size=1000)).read_all()
    assert table.column_names == ["fen", "move", "score", "ply", "result", "rule50"]
    rows = table.to_pylist()
    assert [(r["fen"], r["move"], r["score"], r["ply"], r["result"]) for r in rows] == [e._row() for e in entries]
    assert [r["rule50"] for r in rows] == [int(e.fen.split()[4]) for e in entries]
    # Three files' worth of chunks on two threads: the same rows, in order.
    (tmp_path / "three.binpack").write_bytes(path.read_bytes() * 3)
    threaded = pa.RecordBatchReader.from_stream(lerf.binpack.to_arrow(tmp_path / "three.binpack", 777, threads=2)).read_all()
    assert threaded.to_pylist() == rows * 3
    with pytest.raises(ValueError, match="threads"):
        lerf.binpack.to_arrow(path, threads=0)


def test_errors(tmp_path):
    # At the call, not at the first entry or batch.
    with pytest.raises(FileNotFoundError):
        lerf.binpack.read(tmp_path / "missing.binpack")
    with pytest.raises(FileNotFoundError, match="missing.binpack"):
        lerf.binpack.batches([tmp_path / "missing.binpack"])
    entries, _ = _games(3)
    path = tmp_path / "games.binpack"
    lerf.binpack.write(path, entries)
    data = path.read_bytes()
    (tmp_path / "cut.binpack").write_bytes(data[: len(data) // 2])
    with pytest.raises(ValueError, match="chunk 0 at byte .*ends inside"):
        list(lerf.binpack.read(tmp_path / "cut.binpack"))
    (tmp_path / "foreign.binpack").write_bytes(b"PNG!" + data[4:])
    with pytest.raises(ValueError, match="no BINP chunk header"):
        list(lerf.binpack.read(tmp_path / "foreign.binpack"))
    illegal = lerf.binpack.Entry(board=lerf.Board(), move=lerf.Move.from_uci("e2e5"), score=0, ply=0, result=0)
    with pytest.raises(ValueError, match="entry 2: illegal move e2e5"):
        lerf.binpack.write(tmp_path / "bad.binpack", [entries[0], entries[1], illegal])
    bad_result = lerf.binpack.Entry(board=lerf.Board(), move=lerf.Move.from_uci("e2e4"), score=0, ply=0, result=3)
    with pytest.raises(ValueError, match="result 3"):
        lerf.binpack.write(tmp_path / "bad.binpack", [bad_result])


def test_batches_for_training(tmp_path):
    entries, _ = _games(30)
    path = tmp_path / "games.binpack"
    lerf.binpack.write(path, entries)
    batches = list(lerf.binpack.batches(path, 1000))
    assert sum(len(b["us"]) for b in batches) == len(entries)
    first = batches[0]
    assert first["white"].shape == (1000, 32) and first["white"].dtype.name == "int32"
    for row, entry in enumerate(entries[:200]):
        board = chess.Board(entry.fen)
        pieces = len(board.piece_map())
        assert first["pieces"][row] == pieces
        assert (first["white"][row, :pieces] >= 0).all() and (first["white"][row, pieces:] == -1).all()
        assert first["us"][row] == (1.0 if board.turn == chess.WHITE else 0.0)
        assert first["score"][row] == entry.score and first["outcome"][row] == (entry.result + 1) / 2
    # Options: deterministic with a seed; two files one after the other; cycling never ends.
    again = lambda seed: [b["score"].tolist() for b in lerf.binpack.batches(path, 500, random_skip=0.5, seed=seed)]
    assert again(3) == again(3) and again(3) != again(4)
    assert sum(len(b["us"]) for b in lerf.binpack.batches([path, path], 700)) == 2 * len(entries)
    stream = lerf.binpack.batches(path, 4096, cyclic=True)
    assert all(len(next(stream)["us"]) == 4096 for _ in range(5))
    early = sum(len(b["us"]) for b in lerf.binpack.batches(path, 999, skip_early_plies=20))
    assert early == sum(1 for e in entries if e.ply >= 20)
    with pytest.raises(ValueError, match="random_skip"):
        lerf.binpack.batches(path, 10, random_skip=1.5)
    # Threads: the same batches, in the same order, from several files.
    rows = lambda threads: [
        (b["score"].tolist(), b["white"].tolist())
        for b in lerf.binpack.batches([path, path, path], 333, random_skip=0.25, seed=9, threads=threads)
    ]
    assert rows(3) == rows(1) == rows(2)
    with pytest.raises(ValueError, match="threads"):
        lerf.binpack.batches(path, 10, threads=0)


def test_fields_outside_the_format_are_named(tmp_path):
    import numpy

    good, _ = _games(1)
    start = lambda **fields: lerf.binpack.Entry(**{"board": lerf.Board(), "move": lerf.Move.from_uci("e2e4"), "score": 0, "ply": 0, "result": 0, **fields})
    path = tmp_path / "fields.binpack"
    cases = [
        (dict(score=40000), ValueError, "entry 3: score 40000 is not from -32768 to 32767"),
        (dict(score=-32769), ValueError, "entry 3: score -32769"),
        (dict(score=2**80), ValueError, "entry 3: score 1208925819614629174706176 is not from"),
        (dict(ply=-3), ValueError, "entry 3: ply -3 is not from 0 to 16383"),
        (dict(ply=16384), ValueError, "entry 3: ply 16384"),
        (dict(result=2), ValueError, "entry 3: result 2 is not from -1 to 1"),
        (dict(score=1.5), TypeError, "entry 3: score 1.5 is not an integer"),
        (dict(ply="7"), TypeError, "entry 3: ply '7' is not an integer"),
    ]
    for fields, error, message in cases:
        with pytest.raises(error, match=message):
            lerf.binpack.write(path, good[:3] + [start(**fields)] + good[3:6])
        # The entries before the bad one were written, and nothing after it.
        assert [e._row() for e in lerf.binpack.read(path)] == [e._row() for e in good[:3]]
    # numpy's integers are integers, at the format's limits too.
    edge = [start(score=numpy.int16(-32768), ply=numpy.int64(16383), result=numpy.int8(-1)), start(score=32767)]
    assert lerf.binpack.write(path, edge) == 2
    assert [(e.score, e.ply, e.result) for e in lerf.binpack.read(path)] == [(-32768, 16383, -1), (32767, 0, 0)]


def test_arguments_are_checked(tmp_path):
    entries, _ = _games(2)
    path = tmp_path / "games.binpack"
    lerf.binpack.write(path, entries)
    for kwargs, error, message in [
        (dict(batch_size=0), ValueError, "batch_size must be from 1 to 16777216, not 0"),
        (dict(batch_size=-1), ValueError, "batch_size must be from 1"),
        (dict(batch_size=1 << 30), ValueError, "batch_size must be from 1 to 16777216, not 1073741824"),
        (dict(batch_size=2.0), TypeError, "batch_size must be an integer, not float"),
        (dict(threads=-1), ValueError, "threads must be from 1 to 1024, not -1"),
        (dict(skip_early_plies=-1), ValueError, "skip_early_plies must be from 0 to 65535, not -1"),
        (dict(seed=-1), ValueError, "seed must be from 0 to 18446744073709551615, not -1"),
        (dict(seed=2**64), ValueError, "seed must be from 0"),
    ]:
        with pytest.raises(error, match=message):
            lerf.binpack.batches(path, **kwargs)
    for kwargs, error in [(dict(batch_size=0), ValueError), (dict(threads=-2), ValueError), (dict(batch_size="9"), TypeError)]:
        with pytest.raises(error, match=next(iter(kwargs))):
            lerf.binpack.to_arrow(path, **kwargs)
    # The largest seed is a seed like any other.
    assert sum(len(b["us"]) for b in lerf.binpack.batches(path, 7, seed=2**64 - 1)) == len(entries)


def test_rows_of_games_as_the_command_writes_them(sample_path, tmp_path):
    import io

    import polars as pl

    from test_rows_readers import xtask

    done = xtask("pgn", str(sample_path), "--binpack", str(tmp_path / "command.binpack"))
    assert done.returncode == 0, done.stderr
    command = (tmp_path / "command.binpack").read_bytes()
    path = tmp_path / "rows.binpack"
    # lerf's rows, a pyarrow table with large strings and wide integers, a polars frame.
    assert lerf.binpack.write_rows(path, lerf.pgn.positions(sample_path, comments=True)) == 2194
    assert path.read_bytes() == command
    table = pa.RecordBatchReader.from_stream(lerf.pgn.positions(sample_path, batch_size=500)).read_all()
    wide = table.cast(pa.schema([pa.field(f.name, pa.large_string() if f.type == pa.string() else (pa.int64() if f.type == pa.int32() else f.type)) for f in table.schema]))
    for rows in (table, wide, pl.from_arrow(table)):
        assert lerf.binpack.write_rows(path, rows) == 2194
        assert path.read_bytes() == command

    # An engine match's words, the mover's view of the position the move was played from.
    match = b'[Event "m"]\n[Result "0-1"]\n\n1. e4 {book} e5 {book} 2. Nf3 {+0.32/18 1.1s} Nc6 {-0.25/17} 3. Bb5 {+M4/30} a6 {-M3/25} 0-1\n'
    assert lerf.binpack.write_rows(path, lerf.pgn.positions(io.BytesIO(match), comments=True), mate_score=1000) == 4
    assert [(e.move.uci(), e.score, e.ply, e.result) for e in lerf.binpack.read(path)] == [
        ("g1f3", 32, 2, -1), ("b8c6", -25, 3, 1), ("f1b5", 996, 4, -1), ("a7a6", -997, 5, 1)]
    assert lerf.binpack.write_rows(path, lerf.pgn.positions(io.BytesIO(match), comments=True), unscored_as_zero=True, skip_plies=1, append=True) == 5
    assert len(list(lerf.binpack.read(path))) == 9

    # Errors name what is wrong; the entries before a bad row are written.
    with pytest.raises(ValueError, match='the rows have no "uci" column'):
        lerf.binpack.write_rows(path, table.drop_columns(["uci"]))
    with pytest.raises(TypeError, match="rows must offer an Arrow stream"):
        lerf.binpack.write_rows(path, [{"fen": "x"}])
    with pytest.raises(ValueError, match="scores must be"):
        lerf.binpack.write_rows(path, table, scores="engine")
    with pytest.raises(ValueError, match="mate_score must be from 1"):
        lerf.binpack.write_rows(path, table, mate_score=0)
    rows = table.to_pylist()
    bad = [i for i, r in enumerate(rows) if r["eval_cp"] is not None][200]
    rows[bad + 1]["fen"] = "no fen"
    with pytest.raises(ValueError, match=f"game {rows[bad]['game']}, ply {rows[bad + 1]['ply']}: "):
        lerf.binpack.write_rows(path, pa.Table.from_pylist(rows, schema=table.schema))
    written = len(list(lerf.binpack.read(path)))
    assert 0 < written < 2194


def test_boards_and_moves_of_any_kind_write_the_same_file(tmp_path):
    import lerf.variant

    entries, fens = _games(6)
    path = tmp_path / "boards.binpack"
    lerf.binpack.write(path, entries)  # lerf.Board and lerf.Move, read in Rust
    written = path.read_bytes()
    as_text = [lerf.binpack.Entry._from_row(e.fen, e.move.uci(), e.score, e.ply, e.result, False) for e in entries]
    theirs = [
        lerf.binpack.Entry(board=chess.Board(fen), move=chess.Move.from_uci(uci), score=e.score, ply=e.ply, result=e.result)
        for e, (fen, uci) in zip(entries, fens)
    ]
    for other in (as_text, theirs):
        lerf.binpack.write(path, other)
        assert path.read_bytes() == written
    # A subclass's own fen() is asked (a crazyhouse board's names its pockets: no binpack
    # position); an object without one is the wrong type, named.
    start = dict(move=lerf.Move.from_uci("e2e4"), score=0, ply=0, result=0)
    with pytest.raises(ValueError, match=r"entry 0: .*\[\]"):
        lerf.binpack.write(path, [lerf.binpack.Entry(board=lerf.variant.CrazyhouseBoard(), **start)])
    with pytest.raises(TypeError, match="entry 1: 'int' object has no attribute 'fen'"):
        lerf.binpack.write(path, [entries[0], lerf.binpack.Entry(board=3, **start)])
