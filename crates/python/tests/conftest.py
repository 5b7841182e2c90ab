"""Shared test data: the repository's real games and recovery corpus (lerf-pgn's test
data, read in place so that the two test suites check the same bytes)."""

import pathlib
import sys

import pytest

DATA = pathlib.Path(__file__).resolve().parents[2] / "pgn" / "tests" / "data"
# The corpus's own script (make_expected.py) says how python-chess sets up each game.
sys.path.insert(0, str(DATA / "recovery"))


@pytest.fixture(scope="session")
def sample_path():
    return DATA / "lichess-2025-05-sample.pgn"


@pytest.fixture(scope="session")
def recovery_files():
    return sorted((DATA / "recovery").glob("*.pgn"))
