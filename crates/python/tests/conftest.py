"""Shared test data: the repository's real games and recovery corpus (lerf-pgn's test
data, read in place so that the two test suites check the same bytes)."""

import pathlib
import re
import sys

import pytest

from budget import count

DATA = pathlib.Path(__file__).resolve().parents[2] / "pgn" / "tests" / "data"
# The corpus's own script (make_expected.py) says how python-chess sets up each game.
sys.path.insert(0, str(DATA / "recovery"))


@pytest.fixture(scope="session")
def sample_path():
    return DATA / "lichess-2025-05-sample.pgn"


@pytest.fixture(scope="session")
def sample_games_path(sample_path, tmp_path_factory):
    """The Lichess sample where python-chess reads or replays it game by game beside lerf
    (most of those tests' time): its 438 games at full size, its first ones in the quick run
    (LERF_SAMPLE_GAMES)."""
    games = count("LERF_SAMPLE_GAMES", quick=150, long=438)
    text = sample_path.read_bytes()
    starts = [m.start() for m in re.finditer(rb"^\[Event ", text, re.M)]
    if games >= len(starts):
        return sample_path
    path = tmp_path_factory.mktemp("sample") / f"first-{games}-games.pgn"
    path.write_bytes(text[: starts[games]])
    return path


@pytest.fixture(scope="session")
def recovery_files():
    return sorted((DATA / "recovery").glob("*.pgn"))
