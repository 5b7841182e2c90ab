"""Which build of lerf the Python benchmarks measure. ``cargo xtask test`` installs the
extension its Rust tests' build made (the test profile: debug assertions, dependencies
unoptimised), which is right for tests and wrong for figures; the release build, as the
wheel is made, comes from
``target/py-test/bin/maturin develop --release -m crates/python/Cargo.toml``.
"""

import sys
from typing import Optional

import lerf._lerf


def warn_unless_release() -> Optional[str]:
    """Says on standard error, and returns, a line for the tables when the extension is not
    a release build (``None`` when it is)."""
    if not lerf._lerf.DEBUG_ASSERTIONS:
        return None
    line = (
        "(lerf is a build with debug assertions, as `cargo xtask test` installs it: these "
        "figures are not to be quoted; build the release one with "
        "`target/py-test/bin/maturin develop --release -m crates/python/Cargo.toml`)"
    )
    print(line, file=sys.stderr)
    return line
