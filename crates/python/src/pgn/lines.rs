//! The lines `read_game` reads from a Python text handle, consumed exactly as python-chess
//! consumes them (so `tell()` after a game is where python-chess leaves it).
//!
//! - Any handle: each line from its `readline()`.
//! - A file opened in text mode with UTF-8 (`open(path)`), read by the Rust visitors: its
//!   bytes are read in large blocks and cut into lines here, and the file is set right
//!   after the game's last line before returning (on the binary buffer, where the text
//!   layer has nothing pending). The blocks are read with `os.pread` on the file's
//!   descriptor (64 KiB at a time, the file's position untouched) where there is one,
//!   otherwise through the binary buffer. The bytes read ahead are kept for the next game
//!   of the same file. A line with a `\r` (whose reading depends on how the file was
//!   opened) or that is not UTF-8 sends the game back to `readline()`.
//!
//! With `pread`, the binary buffer is moved past a game by reading the game through it
//! (not by a seek): it then holds the bytes after the game, so that the next game finds
//! its position (`seek(0, 1)`) without a system call, and the buffer's own reads (a
//! system call for each of its blocks, 4 or 8 KiB) replace two a game (`tell` and
//! `seek`, each a system call).

use lerf_pgn::tree::{Headers, LineSource, Skim, skim_game};
use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyString};

/// Lines from a text handle's `readline()`.
pub struct PyLines<'py> {
    readline: Bound<'py, PyAny>,
}

/// The line source for `handle`, through `readline()`.
pub fn lines_of<'py>(handle: &Bound<'py, PyAny>) -> PyResult<PyLines<'py>> {
    Ok(PyLines { readline: handle.getattr("readline")? })
}

impl PyLines<'_> {
    /// Leaves the handle where the reading stopped (every line read was consumed).
    pub fn finish(self) -> PyResult<()> {
        Ok(())
    }
}

impl LineSource for PyLines<'_> {
    type Error = PyErr;

    fn read_line(&mut self, line: &mut String) -> PyResult<()> {
        let value = self.readline.call0()?;
        let text = value.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!(
                "read_game() reads text: readline() returned {}; open the file in text mode",
                value.get_type().name().map(|n| n.to_string()).unwrap_or_default()
            ))
        })?;
        line.clear();
        line.push_str(text.to_str()?);
        Ok(())
    }
}

/// The text of a file read ahead (decoded), kept between games.
#[pyclass(module = "lerf.pgn", name = "_ReadAhead")]
pub struct ReadAhead {
    /// The file offset of `text`'s first byte.
    start: u64,
    /// The bytes read, decoded (UTF-8, checked a block at a time).
    text: String,
    /// The last bytes read when they end inside a character.
    pending: Vec<u8>,
    /// Whether the file ended after them.
    eof: bool,
    /// Where the file was left after the last game (the text layer clean there).
    left_at: u64,
    /// The file has bytes this reading does not take: always use `readline()`.
    refused: bool,
    /// How much to read at a time: 64 KiB with `pread`; through the binary buffer one
    /// byte less than it holds, so that it reads through its buffer and keeps bytes in it
    /// (then seeking back within them costs no system call).
    block: usize,
    /// `os.pread` and the file's descriptor, when the file has one.
    pread: Option<(Py<PyAny>, Py<PyAny>)>,
    /// The binary buffer's `seek` and `read` methods.
    seek: Py<PyAny>,
    read: Py<PyAny>,
}

impl ReadAhead {
    /// The file offset after the last byte read.
    fn end(&self) -> u64 {
        self.start + (self.text.len() + self.pending.len()) as u64
    }

    /// Forgets what was read: the next read starts at `at`.
    fn restart_at(&mut self, at: u64) {
        self.start = at;
        self.text.clear();
        self.pending.clear();
        self.eof = false;
    }
}

/// The attribute of a file object where its `ReadAhead` is kept.
const READ_AHEAD: &str = "_lerf_read_ahead";

/// `io.TextIOWrapper`.
static TEXT_IO: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// What [`RawLines::skim`] found.
// The headers go by value to the `Headers` object made of them.
#[allow(clippy::large_enum_variant)]
pub enum Skimmed {
    /// A game, with its headers (empty when not collected).
    Game(Headers),
    /// The end of the file.
    End,
    /// Bytes the block reading does not take: read the game through `readline()`.
    Refused,
}

/// Why the block reading gave a game back to `readline()`.
pub enum RawError {
    /// Bytes it does not take (`\r`, not UTF-8): read the game through `readline()`.
    Refused,
    /// The file failed.
    Py(PyErr),
}

impl From<PyErr> for RawError {
    fn from(e: PyErr) -> RawError {
        RawError::Py(e)
    }
}

/// Lines of a UTF-8 text file read in blocks from its binary buffer.
pub struct RawLines<'py> {
    handle: Bound<'py, PyAny>,
    buffer: Bound<'py, PyAny>,
    ahead: Bound<'py, ReadAhead>,
    /// The file offset of the next line.
    at: u64,
    /// Where the game started.
    began: u64,
}

/// Bytes read at a time with `os.pread`.
const PREAD_BLOCK: usize = 1 << 16;

/// The longest game the binary buffer is read through (past it, a seek: one system call
/// rather than a copy of a long game).
const READ_THROUGH_MAX: u64 = 1 << 16;

/// `os.pread` and the descriptor of a binary buffer's raw file, when both exist.
fn pread_of(buffer: &Bound<'_, PyAny>) -> Option<(Py<PyAny>, Py<PyAny>)> {
    let py = buffer.py();
    let pread = py.import("os").ok()?.getattr("pread").ok()?;
    let fd = buffer.call_method0("fileno").ok()?;
    Some((pread.unbind(), fd.unbind()))
}

/// Whether `handle` is a file opened in text mode with UTF-8 that this reading takes.
fn is_plain_utf8_file(handle: &Bound<'_, PyAny>) -> PyResult<bool> {
    let py = handle.py();
    let text_io = TEXT_IO.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("io")?.getattr("TextIOWrapper")?.unbind())
    })?;
    if !handle.get_type().is(text_io.bind(py)) {
        return Ok(false);
    }
    let encoding = handle.getattr("encoding")?;
    let name = py.import("codecs")?.call_method1("lookup", (encoding,))?.getattr("name")?;
    let errors = handle.getattr("errors")?;
    Ok(name.extract::<String>()? == "utf-8"
        && errors.extract::<String>()? == "strict"
        && handle.getattr("buffer")?.call_method0("seekable")?.is_truthy()?)
}

impl<'py> RawLines<'py> {
    /// Block reading for `handle`, when it takes it (`None`: use `readline()`).
    pub fn open(handle: &Bound<'py, PyAny>) -> PyResult<Option<RawLines<'py>>> {
        let py = handle.py();
        let known = handle.getattr(intern!(py, READ_AHEAD)).ok();
        let ahead = match known.as_ref().and_then(|k| k.cast::<ReadAhead>().ok()) {
            Some(a) => a.clone(),
            None => {
                if !is_plain_utf8_file(handle)? {
                    return Ok(None);
                }
                let blksize = handle
                    .getattr(intern!(py, "buffer"))?
                    .getattr(intern!(py, "raw"))
                    .and_then(|raw| raw.getattr(intern!(py, "_blksize")))
                    .and_then(|b| b.extract::<usize>())
                    .unwrap_or(8192);
                let buffer = handle.getattr(intern!(py, "buffer"))?;
                let pread = pread_of(&buffer);
                let block =
                    if pread.is_some() { PREAD_BLOCK } else { blksize.clamp(2, 1 << 20) - 1 };
                let ahead = ReadAhead {
                    start: 0,
                    text: String::new(),
                    pending: Vec::new(),
                    eof: false,
                    left_at: u64::MAX,
                    refused: false,
                    block,
                    pread,
                    seek: buffer.getattr(intern!(py, "seek"))?.unbind(),
                    read: buffer.getattr(intern!(py, "read"))?.unbind(),
                };
                let ahead = Bound::new(py, ahead)?;
                if handle.setattr(intern!(py, READ_AHEAD), &ahead).is_err() {
                    return Ok(None);
                }
                ahead
            }
        };
        if ahead.borrow().refused {
            return Ok(None);
        }
        let buffer = handle.getattr(intern!(py, "buffer"))?;
        // Without a system call while the buffer holds bytes (one when it is empty).
        let mut at: u64 = ahead.borrow().seek.bind(py).call1((0, 1))?.extract()?;
        if at != ahead.borrow().left_at {
            // The text layer may hold text it decoded: its own position, then a seek to
            // it, leave it with nothing pending.
            let cookie = handle.call_method0(intern!(py, "tell"))?;
            let Ok(position) = cookie.extract::<u64>() else { return Ok(None) };
            handle.call_method1(intern!(py, "seek"), (position,))?;
            at = position;
            let mut a = ahead.borrow_mut();
            if at < a.start || at > a.start + a.text.len() as u64 {
                // Elsewhere in the file: what was read ahead is of no use.
                a.restart_at(at);
            }
        }
        Ok(Some(RawLines { handle: handle.clone(), buffer, ahead, at, began: at }))
    }

    /// Reads another block into the read-ahead (or notes the end of the file).
    fn fill(&mut self) -> Result<(), RawError> {
        let py = self.buffer.py();
        let mut ahead = self.ahead.borrow_mut();
        let block = match &ahead.pread {
            Some((pread, fd)) => pread.bind(py).call1((fd, ahead.block, ahead.end()))?,
            None => {
                ahead.seek.bind(py).call1((ahead.end(),))?;
                ahead.read.bind(py).call1((ahead.block,))?
            }
        };
        let bytes = block.cast::<PyBytes>().map_err(PyErr::from)?.as_bytes();
        // Keep only what the current game still needs.
        let keep_from = (self.began.saturating_sub(ahead.start) as usize).min(ahead.text.len());
        ahead.text.drain(..keep_from);
        ahead.start += keep_from as u64;
        if bytes.is_empty() {
            ahead.eof = true;
            if !ahead.pending.is_empty() {
                return Err(RawError::Refused);
            }
            return Ok(());
        }
        if memchr::memchr(b'\r', bytes).is_some() {
            return Err(RawError::Refused);
        }
        if ahead.pending.is_empty()
            && let Ok(text) = core::str::from_utf8(bytes)
        {
            // The common case: whole characters, copied once.
            ahead.text.push_str(text);
            return Ok(());
        }
        let mut joined = core::mem::take(&mut ahead.pending);
        joined.extend_from_slice(bytes);
        match core::str::from_utf8(&joined) {
            Ok(text) => ahead.text.push_str(text),
            Err(e) if e.error_len().is_none() => {
                // A character cut by the block's end: its bytes wait for the next block.
                let valid = e.valid_up_to();
                ahead.text.push_str(core::str::from_utf8(&joined[..valid]).unwrap_or_default());
                ahead.pending = joined[valid..].to_vec();
            }
            Err(_) => return Err(RawError::Refused),
        }
        Ok(())
    }

    /// The next game's headers (or nothing, when `collect` is false) read straight from
    /// the text, as `HeadersBuilder` or `SkipVisitor` read them.
    pub fn skim(&mut self, collect: bool) -> PyResult<Skimmed> {
        loop {
            let ahead = self.ahead.borrow();
            let from = (self.at - ahead.start) as usize;
            let eof = ahead.eof && ahead.pending.is_empty();
            match skim_game(&ahead.text[from..], eof, collect) {
                Skim::Game { headers, consumed } => {
                    drop(ahead);
                    self.at += consumed as u64;
                    return Ok(Skimmed::Game(headers));
                }
                Skim::End { consumed } => {
                    drop(ahead);
                    self.at += consumed as u64;
                    return Ok(Skimmed::End);
                }
                Skim::NeedMore => {
                    drop(ahead);
                    match self.fill() {
                        Ok(()) => {}
                        Err(RawError::Py(e)) => return Err(e),
                        Err(RawError::Refused) => return Ok(Skimmed::Refused),
                    }
                }
            }
        }
    }

    /// Leaves the file after the last line read, ready for the next game.
    pub fn finish(self) -> PyResult<()> {
        let py = self.buffer.py();
        let mut ahead = self.ahead.borrow_mut();
        // With `pread` the binary buffer has not moved since `open` found it at `began`.
        let passed = self.at - self.began;
        if ahead.pread.is_some() && passed <= READ_THROUGH_MAX {
            ahead.read.bind(py).call1((passed,))?;
        } else {
            ahead.seek.bind(py).call1((self.at,))?;
        }
        ahead.left_at = self.at;
        Ok(())
    }

    /// Gives the game back to `readline()`: the file is set where the game began, and this
    /// file is read through `readline()` from now on.
    pub fn refuse(self) -> PyResult<()> {
        let mut ahead = self.ahead.borrow_mut();
        ahead.refused = true;
        ahead.restart_at(0);
        drop(ahead);
        self.handle.call_method1(intern!(self.handle.py(), "seek"), (self.began,))?;
        Ok(())
    }
}

impl LineSource for RawLines<'_> {
    type Error = RawError;

    fn read_line(&mut self, line: &mut String) -> Result<(), RawError> {
        line.clear();
        loop {
            let ahead = self.ahead.borrow();
            let rest = &ahead.text[(self.at - ahead.start) as usize..];
            let n = match memchr::memchr(b'\n', rest.as_bytes()) {
                Some(i) => i + 1,
                None if !(ahead.eof && ahead.pending.is_empty()) => {
                    drop(ahead);
                    self.fill()?;
                    continue;
                }
                None => rest.len(),
            };
            line.push_str(&rest[..n]);
            drop(ahead);
            self.at += n as u64;
            return Ok(());
        }
    }
}
