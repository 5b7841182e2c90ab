//! The reader's bounds: each keeps what it holds, or how deep it goes, constant whatever
//! the input.

/// The default for the longest token (a comment or a tag line) the reader keeps whole.
pub const DEFAULT_MAX_TOKEN: usize = 16 * 1024 * 1024;

/// How deep variations may nest: a deeper one is skipped (and recorded). Real games rarely
/// pass ten; the limit keeps what visitors build (a tree of lines, a stack of positions)
/// and the recursion over it bounded, whatever the input.
pub const MAX_VARIATION_DEPTH: usize = 256;

/// How many recovered problems of one game reach [`Visitor::error`](crate::Visitor::error); the rest are counted
/// (see [`Reader::errors_in_game`](crate::Reader::errors_in_game)) but not passed on, so that a game of garbage costs
/// bounded memory.
pub const MAX_ERRORS_PER_GAME: usize = 100;
