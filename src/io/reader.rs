//! A cursor over input bytes that reads whitespace-separated tokens and knows the
//! line and column of everything it reads.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Loc {
    pub line: u32,
    pub col: u32,
}

/// A cheap bookmark of a place in the input; turned into a [`Loc`] only for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    pos: usize,
    line: u32,
    line_start: usize,
}

pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    line: u32,
    line_start: usize,
}

impl<'a> Reader<'a> {
    pub fn new(data: &'a [u8]) -> Reader<'a> {
        Reader {
            data,
            pos: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// Where the reader stands, 1-based, counting columns in characters.
    pub fn loc(&self) -> Loc {
        self.locate(self.mark())
    }

    pub fn mark(&self) -> Mark {
        Mark {
            pos: self.pos,
            line: self.line,
            line_start: self.line_start,
        }
    }

    pub fn locate(&self, m: Mark) -> Loc {
        let col = String::from_utf8_lossy(&self.data[m.line_start..m.pos])
            .chars()
            .count() as u32
            + 1;
        Loc { line: m.line, col }
    }

    /// Where the next token starts.
    pub fn mark_after_ws(&mut self) -> Mark {
        self.skip_ws();
        self.mark()
    }

    #[inline]
    pub fn skip_ws(&mut self) {
        while let Some(&b) = self.data.get(self.pos) {
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.pos + 1;
            } else if !b.is_ascii_whitespace() {
                break;
            }
            self.pos += 1;
        }
    }

    /// True at the end of input (after skipping whitespace).
    pub fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.pos >= self.data.len()
    }

    /// The next byte without consuming it (after skipping whitespace).
    #[inline]
    pub fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.data.get(self.pos).copied()
    }

    /// The next byte exactly where the reader stands (no whitespace skipped).
    #[inline]
    pub fn peek_here(&self) -> Option<u8> {
        self.data.get(self.pos).copied()
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
        while end < self.data.len() && !self.data[end].is_ascii_whitespace() {
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
        let word_char = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_';
        // A literal that ends in a letter or digit must not run on into a longer word.
        let runs_on = lit.last().is_some_and(word_char)
            && self.data.get(self.pos + lit.len()).is_some_and(word_char);
        if self.data[self.pos..].starts_with(lit) && !runs_on {
            self.pos += lit.len();
            true
        } else {
            false
        }
    }

    /// The bytes from the reader on (no whitespace skipped).
    pub fn rest(&self) -> &'a [u8] {
        &self.data[self.pos..]
    }

    /// How far into the input the reader is, in bytes.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// A word: letters, digits, `_` and `-`, or else one other visible character.
    pub fn word(&mut self) -> &'a [u8] {
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.data.len()
            && (self.data[self.pos].is_ascii_alphanumeric()
                || matches!(self.data[self.pos], b'_' | b'-'))
        {
            self.pos += 1;
        }
        if self.pos == start && self.pos < self.data.len() {
            self.pos = (self.pos + utf8_len(self.data[self.pos])).min(self.data.len());
        }
        &self.data[start..self.pos.min(self.data.len())]
    }

    /// Reads digits where the reader stands (no whitespace skipped); `None` if there are none
    /// or the number does not fit.
    pub fn digits_here(&mut self) -> Option<u64> {
        let start = self.pos;
        let mut v: u64 = 0;
        while let Some(&b) = self.data.get(self.pos) {
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
            let s = String::from_utf8_lossy(&t[..t.len().min(24)]);
            format!("`{}{}`", s, if t.len() > 24 { "..." } else { "" })
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
