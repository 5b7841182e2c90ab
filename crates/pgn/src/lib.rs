//! PGN (in progress).
