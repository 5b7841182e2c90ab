//! The columns of rows made elsewhere, read whatever integer or string type they come back
//! as: lerf's rows are `Int32`/`Int64` and `Utf8`, but pyarrow, polars and DuckDB may hand
//! them back as other widths, `LargeUtf8` or `Utf8View`.

use arrow_array::cast::AsArray;
use arrow_array::types::{
    Int8Type, Int16Type, Int32Type, Int64Type, UInt8Type, UInt16Type, UInt32Type, UInt64Type,
};
use arrow_array::{Array, ArrowPrimitiveType, PrimitiveArray, RecordBatch};
use arrow_schema::DataType;

/// Why a column cannot be read: its name and the type it has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ColumnFault {
    pub(crate) column: &'static str,
    /// `None` when the rows have no such column.
    pub(crate) found: Option<DataType>,
}

/// An integer column's values (nulls as `None`; values past `i64` as `None` too).
pub(crate) fn ints(
    batch: &RecordBatch,
    column: &'static str,
) -> Result<Vec<Option<i64>>, ColumnFault> {
    let array = batch.column_by_name(column).ok_or(ColumnFault { column, found: None })?;
    let values = match array.data_type() {
        DataType::Int8 => widen(array.as_primitive::<Int8Type>()),
        DataType::Int16 => widen(array.as_primitive::<Int16Type>()),
        DataType::Int32 => widen(array.as_primitive::<Int32Type>()),
        DataType::Int64 => widen(array.as_primitive::<Int64Type>()),
        DataType::UInt8 => widen(array.as_primitive::<UInt8Type>()),
        DataType::UInt16 => widen(array.as_primitive::<UInt16Type>()),
        DataType::UInt32 => widen(array.as_primitive::<UInt32Type>()),
        DataType::UInt64 => widen(array.as_primitive::<UInt64Type>()),
        DataType::Null => vec![None; array.len()],
        other => return Err(ColumnFault { column, found: Some(other.clone()) }),
    };
    Ok(values)
}

fn widen<T: ArrowPrimitiveType>(array: &PrimitiveArray<T>) -> Vec<Option<i64>>
where
    T::Native: TryInto<i64>,
{
    array.iter().map(|v| v.and_then(|v| v.try_into().ok())).collect()
}

/// A string column, whichever of Arrow's three string layouts it is in.
pub(crate) enum Strings<'a> {
    Small(&'a arrow_array::StringArray),
    Large(&'a arrow_array::LargeStringArray),
    View(&'a arrow_array::StringViewArray),
    /// A column of nulls only.
    Nulls,
}

impl Strings<'_> {
    /// Row `row`'s string (`None` for a null).
    pub(crate) fn get(&self, row: usize) -> Option<&str> {
        match self {
            Strings::Small(a) => a.is_valid(row).then(|| a.value(row)),
            Strings::Large(a) => a.is_valid(row).then(|| a.value(row)),
            Strings::View(a) => a.is_valid(row).then(|| a.value(row)),
            Strings::Nulls => None,
        }
    }
}

/// A string column of `batch`.
pub(crate) fn strings<'a>(
    batch: &'a RecordBatch,
    column: &'static str,
) -> Result<Strings<'a>, ColumnFault> {
    let array = batch.column_by_name(column).ok_or(ColumnFault { column, found: None })?;
    match array.data_type() {
        DataType::Utf8 => Ok(Strings::Small(array.as_string::<i32>())),
        DataType::LargeUtf8 => Ok(Strings::Large(array.as_string::<i64>())),
        DataType::Utf8View => Ok(Strings::View(array.as_string_view())),
        DataType::Null => Ok(Strings::Nulls),
        other => Err(ColumnFault { column, found: Some(other.clone()) }),
    }
}

/// A column the rows may lack: `Ok(None)` then.
pub(crate) fn optional<T>(read: Result<T, ColumnFault>) -> Result<Option<T>, ColumnFault> {
    match read {
        Ok(values) => Ok(Some(values)),
        Err(ColumnFault { found: None, .. }) => Ok(None),
        Err(fault) => Err(fault),
    }
}
