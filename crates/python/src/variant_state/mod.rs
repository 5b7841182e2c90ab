//! The state of a variant board below the Python board binding: what three-check and
//! crazyhouse keep beside the position ([`Kept`]), and the variants' moves played and
//! written over it ([`play`]). The board's `push`, `pop` and SAN call down to it; it never
//! names the board classes.

mod kept;
mod play;

pub use kept::{Extra, Kept, StateTuple};
pub use play::{plays_own_moves, popped, push, san};
