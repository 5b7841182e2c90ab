"""The extension's allocator: mimalloc keeps freed pages for 10 s, unless the environment
sets mimalloc's own delay, which then decides."""

import os
import subprocess
import sys

from lerf import _lerf


def purge_delay_with(**environment) -> int:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MIMALLOC_")}
    env.update(environment)
    script = "from lerf import _lerf; print(_lerf._allocator_purge_delay())"
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    return int(out.stdout)


def test_freed_pages_are_kept_ten_seconds():
    assert purge_delay_with() == 10_000


def test_the_environment_decides_when_it_sets_the_delay():
    # mimalloc reads MIMALLOC_PURGE_DELAY into the option the extension sets, so this also
    # checks that the extension sets the purge delay and not another option.
    assert purge_delay_with(MIMALLOC_PURGE_DELAY="123") == 123
    assert purge_delay_with(MIMALLOC_PURGE_DELAY="-1") == -1
    assert purge_delay_with(MIMALLOC_RESET_DELAY="77") == 77


def test_this_process_runs_with_the_delay_its_environment_asks_for():
    expected = os.environ.get("MIMALLOC_PURGE_DELAY", os.environ.get("MIMALLOC_RESET_DELAY", 10_000))
    assert _lerf._allocator_purge_delay() == int(expected)
