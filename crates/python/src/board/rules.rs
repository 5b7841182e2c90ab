//! `Board`'s rules: status, the game's end, repetitions and draw claims, castling rights.

use lerf_position::{Outcome, Termination};
use lerf_types::Color;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use crate::board::board::{Board, base};
use crate::board::moves::color_of;
use crate::board::truth::Truth;

/// The Python classes `Status`, `Termination` and `Outcome` (lerf/_types.py).
static TYPES: PyOnceLock<(Py<PyAny>, Py<PyAny>, Py<PyAny>)> = PyOnceLock::new();

fn types(py: Python<'_>) -> PyResult<&(Py<PyAny>, Py<PyAny>, Py<PyAny>)> {
    TYPES.get_or_try_init(py, || {
        let module = py.import("lerf._types")?;
        Ok((
            module.getattr("Status")?.unbind(),
            module.getattr("Termination")?.unbind(),
            module.getattr("Outcome")?.unbind(),
        ))
    })
}

/// python-chess's name of a termination.
fn termination_name(t: Termination) -> &'static str {
    match t {
        Termination::Checkmate => "CHECKMATE",
        Termination::Stalemate => "STALEMATE",
        Termination::InsufficientMaterial => "INSUFFICIENT_MATERIAL",
        Termination::SeventyFiveMoves => "SEVENTYFIVE_MOVES",
        Termination::FivefoldRepetition => "FIVEFOLD_REPETITION",
        Termination::FiftyMoves => "FIFTY_MOVES",
        Termination::ThreefoldRepetition => "THREEFOLD_REPETITION",
    }
}

/// The `Outcome` object of a lerf outcome.
pub fn outcome_object<'py>(py: Python<'py>, outcome: Outcome) -> PyResult<Bound<'py, PyAny>> {
    let (_, termination, class) = types(py)?;
    let termination = termination.bind(py).getattr(termination_name(outcome.termination))?;
    let winner = outcome.winner.map(|c| c == Color::White);
    class.bind(py).call1((termination, winner))
}

/// The count python-chess's `is_repetition` asks for, as the least number of occurrences
/// that reaches it: any real number (`2.5` asks for 3; one of 1 or less is always
/// reached), Python's `TypeError` for anything else.
fn repetitions_needed(count: &Bound<'_, PyAny>) -> PyResult<usize> {
    let one = 1i64.into_pyobject(count.py())?;
    if !one.lt(count)? {
        return Ok(1);
    }
    let needed = match count.extract::<i64>() {
        Ok(n) => n as f64,
        Err(_) => count.extract::<f64>()?.ceil(),
    };
    // Beyond any stack (a huge int, infinity): never reached.
    Ok(if needed < 1e18 { needed as usize } else { usize::MAX })
}

#[pymethods]
impl Board {
    /// What is wrong with the position: a `Status` of python-chess's flags
    /// (`STATUS_VALID` when nothing is).
    fn status<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let bits = base(&slf).board().status().bits();
        types(py)?.0.bind(py).call1((bits,))
    }

    /// Whether the status is valid.
    fn is_valid(slf: PyRef<'_, Self>) -> bool {
        base(&slf).board().is_valid()
    }

    /// How the game stands by the rules: an `Outcome`, or `None` while it goes on
    /// (`claim_draw` adds the 50-move rule and threefold repetition).
    #[pyo3(signature = (*, claim_draw=Truth(false)))]
    fn outcome<'py>(
        slf: PyRef<'py, Self>,
        claim_draw: Truth,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = slf.py();
        base(&slf).game.outcome(claim_draw.0).map(|o| outcome_object(py, o)).transpose()
    }

    /// Whether the game is over.
    #[pyo3(signature = (*, claim_draw=Truth(false)))]
    fn is_game_over(slf: PyRef<'_, Self>, claim_draw: Truth) -> bool {
        base(&slf).game.outcome(claim_draw.0).is_some()
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    #[pyo3(signature = (*, claim_draw=Truth(false)))]
    fn result(slf: PyRef<'_, Self>, claim_draw: Truth) -> &'static str {
        base(&slf).game.outcome(claim_draw.0).map_or("*", |o| o.result())
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(slf: PyRef<'_, Self>) -> bool {
        base(&slf).board().is_checkmate()
    }

    /// Whether the side to move is stalemated.
    fn is_stalemate(slf: PyRef<'_, Self>) -> bool {
        base(&slf).board().is_stalemate()
    }

    /// Whether neither side can mate.
    fn is_insufficient_material(slf: PyRef<'_, Self>) -> bool {
        base(&slf).board().is_insufficient_material()
    }

    /// Whether `color` cannot mate.
    fn has_insufficient_material(slf: PyRef<'_, Self>, color: Truth) -> bool {
        base(&slf).board().has_insufficient_material(color_of(color.0))
    }

    /// The 75-move rule.
    fn is_seventyfive_moves(slf: PyRef<'_, Self>) -> bool {
        base(&slf).board().is_seventyfive_moves()
    }

    /// The fivefold repetition rule.
    fn is_fivefold_repetition(slf: PyRef<'_, Self>) -> bool {
        base(&slf).game.is_fivefold_repetition()
    }

    /// Whether the side to move may claim a draw.
    fn can_claim_draw(slf: PyRef<'_, Self>) -> bool {
        base(&slf).game.can_claim_draw()
    }

    /// The 50-move rule holds.
    fn is_fifty_moves(slf: PyRef<'_, Self>) -> bool {
        base(&slf).board().is_fifty_moves()
    }

    /// Whether the side to move may claim the 50-move rule.
    fn can_claim_fifty_moves(slf: PyRef<'_, Self>) -> bool {
        base(&slf).board().can_claim_fifty_moves()
    }

    /// Whether the side to move may claim threefold repetition.
    fn can_claim_threefold_repetition(slf: PyRef<'_, Self>) -> bool {
        base(&slf).game.can_claim_threefold_repetition()
    }

    /// Whether the position occurred `count` times.
    #[pyo3(signature = (count = None))]
    fn is_repetition(slf: PyRef<'_, Self>, count: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        let count = match count {
            Some(count) => repetitions_needed(count)?,
            None => 3,
        };
        Ok(base(&slf).game.is_repetition(count))
    }

    /// Whether `count - 1` earlier positions stand on this one's squares (the variant
    /// boards' repetition search looks first).
    fn _occupancy_repeats(slf: PyRef<'_, Self>, count: usize) -> bool {
        base(&slf).game.occupancy_repeats(count)
    }

    /// The castling rights that are possible, as a bitboard of rooks.
    fn clean_castling_rights(slf: PyRef<'_, Self>) -> u64 {
        base(&slf).board().clean_castling_rights().0
    }

    /// Whether `color` keeps a castling right.
    fn has_castling_rights(slf: PyRef<'_, Self>, color: Truth) -> bool {
        base(&slf).board().has_castling_rights(color_of(color.0))
    }

    /// Whether `color` may castle towards the h-file.
    fn has_kingside_castling_rights(slf: PyRef<'_, Self>, color: Truth) -> bool {
        base(&slf).board().has_kingside_castling_rights(color_of(color.0))
    }

    /// Whether `color` may castle towards the a-file.
    fn has_queenside_castling_rights(slf: PyRef<'_, Self>, color: Truth) -> bool {
        base(&slf).board().has_queenside_castling_rights(color_of(color.0))
    }

    /// Whether some castling right exists only in Chess960.
    fn has_chess960_castling_rights(slf: PyRef<'_, Self>) -> bool {
        base(&slf).board().has_chess960_castling_rights()
    }

    /// python-chess's private position key, which scripts use as a dict key: the six type
    /// bitboards, White's and Black's pieces, the side to move, the clean castling rights and
    /// the en passant square when a capture there is legal (else `None`).
    #[allow(clippy::type_complexity)]
    fn _transposition_key(
        slf: PyRef<'_, Self>,
    ) -> (u64, u64, u64, u64, u64, u64, u64, u64, bool, u64, Option<u8>) {
        let b = base(&slf).board();
        let l = &b.layout;
        let ep = b.ep_square.filter(|_| b.has_legal_en_passant()).map(|sq| sq as u8);
        (
            l.pawns.0,
            l.knights.0,
            l.bishops.0,
            l.rooks.0,
            l.queens.0,
            l.kings.0,
            l.by_color[0].0,
            l.by_color[1].0,
            b.turn == Color::White,
            b.clean_castling_rights().0,
            ep,
        )
    }
}
