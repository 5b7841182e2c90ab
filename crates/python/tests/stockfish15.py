"""Debian's ``stockfish`` 15.1, the oracle of ``lerf.nnue``, and its network under
``target/oracle``, exported from it the first time a test asks. lerf-nnue's Rust tests
export the same file, and since ``cargo xtask test`` runs them beside these, the two may
export at once: each writes a file of its own and renames it into place."""

from __future__ import annotations

import functools
import pathlib
import random
import shutil
import subprocess
from typing import Optional

ROOT = pathlib.Path(__file__).resolve().parents[3]
NETWORK = ROOT / "target" / "oracle" / "nn-ad9b42354671.nnue"
NETWORK_SIZE = 47_001_499
ENGINE = shutil.which("stockfish") or shutil.which("stockfish", path="/usr/games")


@functools.lru_cache(maxsize=1)
def is_15_1() -> bool:
    """Whether Debian's Stockfish 15.1 is installed."""
    if ENGINE is None:
        return False
    out = subprocess.run([ENGINE], input="quit\n", capture_output=True, text=True).stdout
    return "Stockfish 15.1" in out


def network() -> Optional[pathlib.Path]:
    """The network file, exported first if it is missing; ``None`` without Stockfish 15.1."""
    if NETWORK.exists() and NETWORK.stat().st_size == NETWORK_SIZE:
        return NETWORK
    if not is_15_1():
        return None
    NETWORK.parent.mkdir(parents=True, exist_ok=True)
    tmp = NETWORK.parent / f"py-export-{random.getrandbits(32)}.nnue"
    subprocess.run([ENGINE], input=f"export_net {tmp}\nquit\n", capture_output=True, text=True, check=True)
    tmp.replace(NETWORK)
    return NETWORK
