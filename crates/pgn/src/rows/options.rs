//! What the rows hold beyond the fixed columns, and their schema.

use std::string::String;
use std::sync::Arc;
use std::vec::Vec;

use arrow_schema::{DataType, Field, Schema, SchemaRef};

/// What the rows hold beyond the fixed columns.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowOptions {
    /// Tags to give a column each (named by the tag; null where a game lacks it).
    pub tags: Vec<String>,
    /// A `comment` column: the comment after each move, as python-chess's `node.comment`.
    pub comments: bool,
    /// An `nnue` column (feature `nnue`): the network's evaluation of each row's position.
    #[cfg(feature = "nnue")]
    pub nnue: Option<NnueColumn>,
}

/// The network of the `nnue` column: Stockfish's NNUE evaluation of the position before each
/// move (the row's `fen`), from the side to move's view, in Stockfish's internal units, as
/// [`Network::evaluate`](lerf_nnue::Network::evaluate) gives it; null in variant games and
/// where the network cannot evaluate the position. Options compare equal when they share
/// the network.
#[cfg(feature = "nnue")]
#[derive(Clone)]
pub struct NnueColumn(pub std::sync::Arc<lerf_nnue::Network>);

#[cfg(feature = "nnue")]
impl PartialEq for NnueColumn {
    fn eq(&self, other: &NnueColumn) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

#[cfg(feature = "nnue")]
impl Eq for NnueColumn {}

#[cfg(feature = "nnue")]
impl core::fmt::Debug for NnueColumn {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("NnueColumn").field(&self.0).finish()
    }
}

/// No network: what `nnue_network` names without the `nnue` feature.
#[cfg(not(feature = "nnue"))]
pub(crate) enum Never {}

/// Why a [`RowOptions`] cannot make rows: two columns would share a name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadTag {
    /// The tag is named like one of the fixed columns (`fen`, `comment`, ...).
    TakenByColumn(String),
    /// The tag is named twice.
    Repeated(String),
}

impl core::fmt::Display for BadTag {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BadTag::TakenByColumn(tag) => write!(
                f,
                "a tag column cannot be named {tag:?}: a column of the rows has that name"
            ),
            BadTag::Repeated(tag) => write!(f, "tag {tag:?} is named twice"),
        }
    }
}

impl std::error::Error for BadTag {}

impl RowOptions {
    /// The `nnue` column's network, if the options ask for it.
    #[cfg(feature = "nnue")]
    pub(crate) fn nnue_network(&self) -> Option<&lerf_nnue::Network> {
        self.nnue.as_ref().map(|n| &*n.0)
    }

    /// Without the `nnue` feature, never.
    #[cfg(not(feature = "nnue"))]
    pub(crate) fn nnue_network(&self) -> Option<&Never> {
        None
    }

    /// Checks that every column gets its own name: no tag named like a fixed column
    /// (or `comment`), none named twice. The readers take any options (a repeated name
    /// gives two columns of that name); call this first where the names come from users.
    pub fn check(&self) -> Result<(), BadTag> {
        let fixed = row_schema(&RowOptions::default());
        for (i, tag) in self.tags.iter().enumerate() {
            if fixed.column_with_name(tag).is_some() || tag == "comment" || tag == "nnue" {
                return Err(BadTag::TakenByColumn(tag.clone()));
            }
            if self.tags[..i].contains(tag) {
                return Err(BadTag::Repeated(tag.clone()));
            }
        }
        Ok(())
    }
}

/// The columns of the rows for `options`, known before any row is read.
pub fn row_schema(options: &RowOptions) -> SchemaRef {
    let mut fields = std::vec![
        Field::new("game", DataType::Int64, false),
        Field::new("ply", DataType::Int32, false),
        Field::new("fen", DataType::Utf8, false),
        Field::new("san", DataType::Utf8, false),
        Field::new("uci", DataType::Utf8, false),
        Field::new("turn", DataType::Boolean, false),
        Field::new("result", DataType::Utf8, false),
        Field::new("variant", DataType::Utf8, false),
        Field::new("white_elo", DataType::Int32, true),
        Field::new("black_elo", DataType::Int32, true),
        Field::new("clock", DataType::Float64, true),
        Field::new("eval_cp", DataType::Int32, true),
        Field::new("eval_mate", DataType::Int32, true),
        Field::new(
            "nags",
            DataType::List(Arc::new(Field::new("item", DataType::Int32, true))),
            false,
        ),
    ];
    if options.comments {
        fields.push(Field::new("comment", DataType::Utf8, false));
    }
    if options.nnue_network().is_some() {
        fields.push(Field::new("nnue", DataType::Int32, true));
    }
    for tag in &options.tags {
        fields.push(Field::new(tag, DataType::Utf8, true));
    }
    Arc::new(Schema::new(fields))
}
