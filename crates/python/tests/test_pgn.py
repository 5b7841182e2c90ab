"""lerf.pgn.read_games against chess.pgn.read_game: the recovery corpus, the real games,
and .pgn.zst."""

import io

import chess
import chess.pgn
import pytest
import zstandard

import lerf


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
    assert "line 1" in str(games[0].errors[0])
    assert type(games[1].errors[0]) is ValueError
    assert games[1].mainline_moves() == []
