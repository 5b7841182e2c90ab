"""Shared test data: the repository's real games and recovery corpus (lerf-pgn's test
data, read in place so that the two test suites check the same bytes), and Stockfish
15.1's network; a fixture that silences the engine modules' logs."""

import logging
import pathlib
import re
import sys

import pytest

import lerf.nnue
import stockfish15
from budget import count

DATA = pathlib.Path(__file__).resolve().parents[2] / "pgn" / "tests" / "data"
# The corpus's own script (make_expected.py) says how python-chess sets up each game.
sys.path.insert(0, str(DATA / "recovery"))


@pytest.fixture
def quiet():
    """No log output during the test (the engine tests feed malformed lines on purpose)."""
    logging.disable(logging.CRITICAL)
    yield
    logging.disable(logging.NOTSET)


@pytest.fixture(scope="session")
def sample_path():
    return DATA / "lichess-2025-05-sample.pgn"


# The games of the Lichess sample.
SAMPLE_GAMES = 438


@pytest.fixture(scope="session")
def sample_games():
    """How many of the sample's games the tests that replay it beside python-chess take
    (most of those tests' time): all at full size, the first 150 in the quick run
    (LERF_SAMPLE_GAMES)."""
    return min(count("LERF_SAMPLE_GAMES", quick=150, long=SAMPLE_GAMES), SAMPLE_GAMES)


@pytest.fixture(scope="session")
def sample_games_path(sample_path, sample_games, tmp_path_factory):
    """The sample cut after its first `sample_games` games (the whole file for all)."""
    if sample_games == SAMPLE_GAMES:
        return sample_path
    text = sample_path.read_bytes()
    starts = [m.start() for m in re.finditer(rb"^\[Event ", text, re.M)]
    path = tmp_path_factory.mktemp("sample") / f"first-{sample_games}-games.pgn"
    path.write_bytes(text[: starts[sample_games]])
    return path


@pytest.fixture(scope="session")
def recovery_files():
    return sorted((DATA / "recovery").glob("*.pgn"))


@pytest.fixture(scope="session")
def network():
    """Stockfish 15.1's network, exported once from Debian's ``stockfish`` into
    ``target/oracle`` (the tests that need it skip without it)."""
    path = stockfish15.network()
    if path is None:
        pytest.skip("needs Debian's stockfish 15.1 (apt-get install stockfish) to export its network")
    return lerf.nnue.load(path)
