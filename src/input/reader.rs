//! A cursor over input bytes that reads whitespace-separated tokens and knows the
//! line and column of everything it reads.
//!
//! The bytes may be a window of a longer stream. A reader over a window that is not the
//! end of its stream notes when it looks past the window's end ([`Reader::starved`]); the
//! caller then refills the window and reads again from a mark it kept.

use std::cell::Cell;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Loc {
    pub line: u32,
    pub col: u32,
}

/// A cheap bookmark of a place in the input (offsets count from the start of the stream);
/// turned into a [`Loc`] only for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    pos: usize,
    line: u32,
    line_start: usize,
}

impl Mark {
    /// The start of the input.
    pub const START: Mark = Mark {
        pos: 0,
        line: 1,
        line_start: 0,
    };

    /// How far into the input the mark is, in bytes.
    pub fn offset(&self) -> usize {
        self.pos
    }
}

/// Which part of a stream a reader sees: `data` starts `base` bytes into the stream, and
/// is its end when `complete`. `head_cols` is the number of characters between the start
/// of the line that `data` starts in and `base`.
#[derive(Debug, Clone, Copy)]
pub struct Window<'a> {
    pub data: &'a [u8],
    pub base: usize,
    pub complete: bool,
    pub head_cols: u32,
}

impl<'a> Window<'a> {
    /// All of an input.
    pub fn whole(data: &'a [u8]) -> Window<'a> {
        Window {
            data,
            base: 0,
            complete: true,
            head_cols: 0,
        }
    }
}

pub struct Reader<'a> {
    data: &'a [u8],
    base: usize,
    complete: bool,
    head_cols: u32,
    starved: Cell<bool>,
    /// Offset into `data`.
    pos: usize,
    line: u32,
    /// Stream offset of the current line's start (may lie before the window).
    line_start: usize,
}

impl<'a> Reader<'a> {
    pub fn new(data: &'a [u8]) -> Reader<'a> {
        Reader::resume(Window::whole(data), Mark::START)
    }

    /// A reader over `w`, standing at `at` (which must lie inside the window).
    pub fn resume(w: Window<'a>, at: Mark) -> Reader<'a> {
        debug_assert!(at.pos >= w.base && at.pos <= w.base + w.data.len());
        Reader {
            data: w.data,
            base: w.base,
            complete: w.complete,
            head_cols: w.head_cols,
            starved: Cell::new(false),
            pos: at.pos - w.base,
            line: at.line,
            line_start: at.line_start,
        }
    }

    /// True once the reader has looked past the end of a window that is not the end of
    /// its stream: what it read since its last mark may be cut short.
    pub fn starved(&self) -> bool {
        self.starved.get()
    }

    /// The byte at `i` (an offset into the window), noting a look past the window's end.
    #[inline]
    fn at(&self, i: usize) -> Option<u8> {
        let b = self.data.get(i).copied();
        if b.is_none() && !self.complete {
            self.starved.set(true);
        }
        b
    }

    /// The number of characters from the start of `line_start`'s line to `pos`, both
    /// stream offsets.
    pub fn column_of(&self, line_start: usize, pos: usize) -> u32 {
        let chars = |b: &[u8]| String::from_utf8_lossy(b).chars().count() as u32;
        if line_start >= self.base {
            chars(&self.data[line_start - self.base..pos - self.base])
        } else {
            self.head_cols + chars(&self.data[..pos - self.base])
        }
    }

    /// Where the reader stands, 1-based, counting columns in characters.
    pub fn loc(&self) -> Loc {
        self.locate(self.mark())
    }

    pub fn mark(&self) -> Mark {
        Mark {
            pos: self.base + self.pos,
            line: self.line,
            line_start: self.line_start,
        }
    }

    pub fn locate(&self, m: Mark) -> Loc {
        Loc {
            line: m.line,
            col: self.column_of(m.line_start, m.pos) + 1,
        }
    }

    /// Where the next token starts.
    pub fn mark_after_ws(&mut self) -> Mark {
        self.skip_ws();
        self.mark()
    }

    #[inline]
    pub fn skip_ws(&mut self) {
        while let Some(b) = self.at(self.pos) {
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.base + self.pos + 1;
            } else if !b.is_ascii_whitespace() {
                break;
            }
            self.pos += 1;
        }
    }

    /// The bytes of the window from where the reader stands on.
    #[inline]
    pub fn rest(&self) -> &'a [u8] {
        self.data.get(self.pos..).unwrap_or(&[])
    }

    /// Moves on `n` bytes, which hold no line break.
    #[inline]
    pub fn advance(&mut self, n: usize) {
        debug_assert!(!self.rest()[..n].contains(&b'\n'));
        self.pos += n;
    }

    /// True at the end of input (after skipping whitespace).
    pub fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    /// The next byte without consuming it (after skipping whitespace).
    #[inline]
    pub fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.at(self.pos)
    }

    /// The byte `ahead` places from where the reader stands (no whitespace skipped).
    #[inline]
    pub fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.at(self.pos + ahead)
    }

    /// The next byte exactly where the reader stands (no whitespace skipped).
    #[inline]
    pub fn peek_here(&self) -> Option<u8> {
        self.at(self.pos)
    }

    #[inline]
    pub fn bump(&mut self) {
        self.pos += 1;
    }

    /// The next whitespace-separated token, without consuming it.
    pub fn peek_token(&mut self) -> &'a [u8] {
        self.skip_ws();
        let start = self.pos;
        let mut end = start;
        while self.at(end).is_some_and(|b| !b.is_ascii_whitespace()) {
            end += 1;
        }
        &self.data[start..end]
    }

    /// Consumes and returns the next whitespace-separated token.
    pub fn token(&mut self) -> &'a [u8] {
        let t = self.peek_token();
        self.pos += t.len();
        t
    }

    /// Consumes `lit` if the input continues with it (after whitespace).
    pub fn eat(&mut self, lit: &[u8]) -> bool {
        self.skip_ws();
        let word_char = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        let matches = (0..lit.len()).all(|i| self.at(self.pos + i) == Some(lit[i]));
        // A literal that ends in a letter or digit must not run on into a longer word.
        let runs_on = matches
            && lit.last().is_some_and(|&b| word_char(b))
            && self.at(self.pos + lit.len()).is_some_and(word_char);
        if matches && !runs_on {
            self.pos += lit.len();
            true
        } else {
            false
        }
    }

    /// A word: letters, digits, `_` and `-`, or else one other visible character.
    pub fn word(&mut self) -> &'a [u8] {
        self.skip_ws();
        let start = self.pos;
        while self
            .at(self.pos)
            .is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'))
        {
            self.pos += 1;
        }
        if self.pos == start
            && let Some(b) = self.at(self.pos)
        {
            let len = utf8_len(b);
            if self.pos + len > self.data.len() {
                self.at(self.pos + len - 1);
            }
            self.pos = (self.pos + len).min(self.data.len());
        }
        &self.data[start..self.pos]
    }

    /// Reads digits where the reader stands (no whitespace skipped); `None` if there are none
    /// or the number does not fit.
    pub fn digits_here(&mut self) -> Option<u64> {
        let start = self.pos;
        let mut v: u64 = 0;
        while let Some(b) = self.at(self.pos) {
            if !b.is_ascii_digit() {
                break;
            }
            v = v.checked_mul(10)?.checked_add((b - b'0') as u64)?;
            self.pos += 1;
        }
        (self.pos > start).then_some(v)
    }

    /// A description of what stands at the reader, for error messages.
    pub fn found(&mut self) -> String {
        let save = (self.pos, self.line, self.line_start);
        let t = self.peek_token();
        let shown = if t.is_empty() {
            "the end of the input".to_string()
        } else {
            super::quote(t)
        };
        (self.pos, self.line, self.line_start) = save;
        shown
    }
}

fn utf8_len(b: u8) -> usize {
    match b {
        0xF0..=0xFF => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}
