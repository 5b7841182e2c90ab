"""How much the long differential tests do. `cargo xtask test`, the command a contributor runs
before each change, runs them quick: every test runs, the random ones on fewer games and
positions. `cargo xtask test --long` (what CI runs) sets LERF_LONG_TESTS=1 and they run at
full size. A test's own variable (LERF_DIFFERENTIAL_GAMES, ...) overrides both."""

import os

LONG = os.environ.get("LERF_LONG_TESTS", "") not in ("", "0")


def count(variable: str, quick: int, long: int) -> int:
    """The size a test runs at: `variable` if it is set, else `long` or `quick`."""
    value = os.environ.get(variable, "")
    if value:
        return int(value)
    return long if LONG else quick
