//! The rows of a batch as plain vectors, filled move by move, then handed to arrow-rs as
//! its buffers without a copy (`Buffer::from_vec`).

use arrow_array::{
    ArrayRef, BooleanArray, Float64Array, Int32Array, Int64Array, ListArray, RecordBatch,
    StringArray,
};
use arrow_buffer::{Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, Field, SchemaRef};
use std::sync::Arc;
use std::vec::Vec;

/// A string column: Arrow's `i32` offsets and the bytes, with optional nulls.
#[derive(Default, Debug, Clone)]
pub(crate) struct Strings {
    offsets: Vec<i32>,
    /// UTF-8: `push` takes text, `push_utf8_with`'s writers write UTF-8 (arrow-rs checks
    /// the whole buffer once a batch, rather than each row at a time).
    data: Vec<u8>,
    /// One flag a row, only once a null was pushed (`valid` then covers every row).
    valid: Option<Vec<bool>>,
}

impl Strings {
    pub(crate) fn push(&mut self, text: &str) {
        self.push_utf8_with(|data| data.extend_from_slice(text.as_bytes()));
    }

    /// A value written straight into the column's bytes by `write`, which writes UTF-8
    /// (FEN, SAN and UCI are ASCII).
    pub(crate) fn push_utf8_with(&mut self, write: impl FnOnce(&mut Vec<u8>)) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        write(&mut self.data);
        self.offsets.push(self.data.len() as i32);
        if let Some(valid) = &mut self.valid {
            valid.push(true);
        }
    }

    pub(crate) fn push_null(&mut self) {
        let rows = self.len();
        let valid = self.valid.get_or_insert_with(|| std::vec![true; rows]);
        valid.push(false);
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        self.offsets.push(self.data.len() as i32);
    }

    pub(crate) fn push_option(&mut self, text: Option<&str>) {
        match text {
            Some(t) => self.push(t),
            None => self.push_null(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    pub(crate) fn truncate(&mut self, rows: usize) {
        if self.offsets.is_empty() {
            return;
        }
        self.offsets.truncate(rows + 1);
        self.data.truncate(self.offsets.last().map_or(0, |&end| end as usize));
        if let Some(valid) = &mut self.valid {
            valid.truncate(rows);
        }
    }

    fn append(&mut self, other: &Strings) {
        let rows = self.len();
        let shift = self.data.len() as i32;
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        self.offsets.extend(other.offsets.iter().skip(1).map(|o| o + shift));
        self.data.extend_from_slice(&other.data);
        match (&mut self.valid, &other.valid) {
            (None, None) => {}
            (Some(mine), None) => mine.extend(std::iter::repeat_n(true, other.len())),
            (mine, Some(theirs)) => {
                let mine = mine.get_or_insert_with(|| std::vec![true; rows]);
                mine.extend_from_slice(theirs);
            }
        }
    }

    fn take(&mut self) -> StringArray {
        let mut offsets = core::mem::take(&mut self.offsets);
        if offsets.is_empty() {
            offsets.push(0);
        }
        let data = core::mem::take(&mut self.data);
        let nulls = self.valid.take().map(NullBuffer::from);
        // The offsets only grow and end at the data's length; arrow-rs checks that the data
        // is UTF-8 (see `data`).
        StringArray::new(
            OffsetBuffer::new(ScalarBuffer::from(offsets)),
            Buffer::from_vec(data),
            nulls,
        )
    }
}

/// A nullable number column.
#[derive(Debug, Clone)]
pub(crate) struct Nullable<T> {
    values: Vec<T>,
    valid: Vec<bool>,
}

impl<T> Default for Nullable<T> {
    fn default() -> Self {
        Nullable { values: Vec::new(), valid: Vec::new() }
    }
}

impl<T: Copy + Default> Nullable<T> {
    pub(crate) fn push(&mut self, value: Option<T>) {
        self.values.push(value.unwrap_or_default());
        self.valid.push(value.is_some());
    }

    pub(crate) fn truncate(&mut self, rows: usize) {
        self.values.truncate(rows);
        self.valid.truncate(rows);
    }

    fn append(&mut self, other: Nullable<T>) {
        self.values.extend(other.values);
        self.valid.extend(other.valid);
    }

    fn take(&mut self) -> (Vec<T>, Option<NullBuffer>) {
        let valid = core::mem::take(&mut self.valid);
        let nulls = valid.iter().any(|v| !v).then(|| NullBuffer::from(valid));
        (core::mem::take(&mut self.values), nulls)
    }
}

/// The rows of one batch.
#[derive(Default, Debug, Clone)]
pub(crate) struct Columns {
    pub(crate) rows: usize,
    pub(crate) game: Vec<i64>,
    pub(crate) ply: Vec<i32>,
    pub(crate) fen: Strings,
    pub(crate) san: Strings,
    pub(crate) uci: Strings,
    pub(crate) turn: Vec<bool>,
    pub(crate) result: Strings,
    /// python-chess's `uci_variant` of the game's board (`chess`, `atomic` ...).
    pub(crate) variant: Strings,
    pub(crate) elo: [Nullable<i32>; 2],
    pub(crate) clock: Nullable<f64>,
    pub(crate) eval_cp: Nullable<i32>,
    pub(crate) eval_mate: Nullable<i32>,
    /// The NAG list of each row: offsets into `nag_values`.
    pub(crate) nag_offsets: Vec<i32>,
    pub(crate) nag_values: Vec<i32>,
    pub(crate) comment: Strings,
    /// The `nnue` column's values (left empty without it).
    pub(crate) nnue: Nullable<i32>,
    pub(crate) tags: Vec<Strings>,
}

impl Columns {
    pub(crate) fn new(tags: usize) -> Columns {
        Columns { tags: std::vec![Strings::default(); tags], ..Columns::default() }
    }

    /// Room for `rows` more rows (Lichess-sized FENs and moves), so that a batch grows
    /// without copying itself: each batch's vectors leave with it.
    pub(crate) fn reserve(&mut self, rows: usize) {
        self.game.reserve(rows);
        self.ply.reserve(rows);
        self.turn.reserve(rows);
        for (s, bytes) in [
            (&mut self.fen, 60),
            (&mut self.san, 5),
            (&mut self.uci, 4),
            (&mut self.result, 3),
            (&mut self.variant, 5),
        ] {
            s.offsets.reserve(rows + 1);
            s.data.reserve(rows * bytes);
        }
        for side in &mut self.elo {
            side.values.reserve(rows);
            side.valid.reserve(rows);
        }
        for column in [&mut self.eval_cp, &mut self.eval_mate] {
            column.values.reserve(rows);
            column.valid.reserve(rows);
        }
        self.clock.values.reserve(rows);
        self.clock.valid.reserve(rows);
        self.nag_offsets.reserve(rows + 1);
    }

    /// Adds `other`'s rows after these.
    pub(crate) fn append(&mut self, other: Columns) {
        self.rows += other.rows;
        self.game.extend(other.game);
        self.ply.extend(other.ply);
        self.fen.append(&other.fen);
        self.san.append(&other.san);
        self.uci.append(&other.uci);
        self.turn.extend(other.turn);
        self.result.append(&other.result);
        self.variant.append(&other.variant);
        for (mine, theirs) in self.elo.iter_mut().zip(other.elo) {
            mine.append(theirs);
        }
        self.clock.append(other.clock);
        self.eval_cp.append(other.eval_cp);
        self.eval_mate.append(other.eval_mate);
        let shift = self.nag_values.len() as i32;
        if self.nag_offsets.is_empty() {
            self.nag_offsets.push(0);
        }
        self.nag_offsets.extend(other.nag_offsets.iter().skip(1).map(|o| o + shift));
        self.nag_values.extend(other.nag_values);
        self.comment.append(&other.comment);
        self.nnue.append(other.nnue);
        for (mine, theirs) in self.tags.iter_mut().zip(&other.tags) {
            mine.append(theirs);
        }
    }

    /// Keeps the first `rows` rows (the rows of a game the input failed inside go).
    pub(crate) fn truncate(&mut self, rows: usize) {
        if rows >= self.rows {
            return;
        }
        self.rows = rows;
        self.game.truncate(rows);
        self.ply.truncate(rows);
        for s in [
            &mut self.fen,
            &mut self.san,
            &mut self.uci,
            &mut self.result,
            &mut self.variant,
            &mut self.comment,
        ] {
            s.truncate(rows);
        }
        self.turn.truncate(rows);
        for side in &mut self.elo {
            side.truncate(rows);
        }
        self.clock.truncate(rows);
        self.eval_cp.truncate(rows);
        self.eval_mate.truncate(rows);
        self.nnue.truncate(rows);
        if self.nag_offsets.len() > rows + 1 {
            self.nag_offsets.truncate(rows + 1);
            self.nag_values.truncate(self.nag_offsets.last().map_or(0, |&n| n as usize));
        }
        for t in &mut self.tags {
            t.truncate(rows);
        }
    }

    /// The rows as a record batch of `schema` (which [`row_schema`](super::row_schema)
    /// made for the same options); the columns are left empty for the next batch.
    pub(crate) fn take_batch(
        &mut self,
        schema: &SchemaRef,
        comments: bool,
        nnue: bool,
    ) -> Result<RecordBatch, ArrowError> {
        let rows = core::mem::take(&mut self.rows);
        let mut arrays: Vec<ArrayRef> = std::vec![
            Arc::new(Int64Array::from(core::mem::take(&mut self.game))),
            Arc::new(Int32Array::from(core::mem::take(&mut self.ply))),
            Arc::new(self.fen.take()),
            Arc::new(self.san.take()),
            Arc::new(self.uci.take()),
            Arc::new(BooleanArray::from(core::mem::take(&mut self.turn))),
            Arc::new(self.result.take()),
            Arc::new(self.variant.take()),
        ];
        for side in &mut self.elo {
            let (values, nulls) = side.take();
            arrays.push(Arc::new(Int32Array::new(ScalarBuffer::from(values), nulls)));
        }
        let (clock, nulls) = self.clock.take();
        arrays.push(Arc::new(Float64Array::new(ScalarBuffer::from(clock), nulls)));
        for eval in [&mut self.eval_cp, &mut self.eval_mate] {
            let (values, nulls) = eval.take();
            arrays.push(Arc::new(Int32Array::new(ScalarBuffer::from(values), nulls)));
        }
        let mut offsets = core::mem::take(&mut self.nag_offsets);
        if offsets.is_empty() {
            offsets.push(0);
        }
        let values = Int32Array::from(core::mem::take(&mut self.nag_values));
        let item = Arc::new(Field::new("item", arrow_schema::DataType::Int32, true));
        arrays.push(Arc::new(ListArray::try_new(
            item,
            OffsetBuffer::new(ScalarBuffer::from(offsets)),
            Arc::new(values),
            None,
        )?));
        if comments {
            arrays.push(Arc::new(self.comment.take()));
        } else {
            self.comment = Strings::default();
        }
        let (values, nulls) = self.nnue.take();
        if nnue {
            arrays.push(Arc::new(Int32Array::new(ScalarBuffer::from(values), nulls)));
        }
        for t in &mut self.tags {
            arrays.push(Arc::new(t.take()));
        }
        let options = arrow_array::RecordBatchOptions::new().with_row_count(Some(rows));
        RecordBatch::try_new_with_options(schema.clone(), arrays, &options)
    }
}
