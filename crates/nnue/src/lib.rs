//! Stockfish's NNUE evaluation for lerf.
//!
//! A [`Network`] is read from Stockfish's `.nnue` files (HalfKAv2_hm networks: Stockfish
//! 15.1's, raw, and the LEB128-compressed ones of Stockfish 16 and later, such as Stockfish
//! 18's small network) and evaluates any [`Placement`] (lerf's `Position` and `Board`) to the
//! integer Stockfish computes. Engines keep an [`AccumulatorStack`] beside their position, so
//! each evaluation adds and subtracts only the rows of what the moves changed.
//!
//! ```no_run
//! use lerf_nnue::{AccumulatorStack, Network};
//! use lerf_position::Position;
//!
//! let net = Network::from_file("nn-ad9b42354671.nnue")?;
//! let mut pos = Position::startpos();
//! let full = net.evaluate(&pos)?;
//!
//! let mut stack = AccumulatorStack::new(&net, &pos)?;
//! let m = pos.parse_uci("e2e4")?;
//! stack.do_move(&mut pos, m);
//! let after = stack.evaluate(&net, &pos);
//! assert_eq!(after, net.evaluate(&pos)?);
//! stack.undo_move(&mut pos, m);
//! assert_eq!(stack.evaluate(&net, &pos), full);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Not read: HalfKP networks (Stockfish 12 to 14) and the threat-input networks of Stockfish
//! 18 (its big network) and 19; loading one is [`NetworkError::UnsupportedVersion`] or
//! [`NetworkError::UnsupportedFeatures`].

mod accumulator;
mod bytes;
mod error;
mod evaluate;
mod features;
mod layers;
mod network;
mod placement;
mod refresh_cache;
mod simd;
mod stack;

pub use accumulator::Accumulator;
pub use error::{EvalError, NetworkError};
pub use evaluate::{Buckets, Evaluation};
pub use features::{FEATURES, feature_index};
pub use network::{BUCKETS, Generation, Network};
pub use placement::Placement;
pub use simd::Kernels;
pub use stack::AccumulatorStack;

// The README is documentation too: its examples are compiled as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
