//! The input as a sliding window over a byte stream, so that memory stays flat however
//! long the input is. The case reader reads from the window; when it runs into the
//! window's end it starts its case again after a refill.

use std::io::{ErrorKind, Read};

use super::reader::{Mark, Reader, Window};

/// How many bytes a refill asks for at least.
const CHUNK: usize = 1 << 20;

/// The UTF-8 byte-order mark some editors put first: not part of the input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

pub struct InputStream<'s> {
    src: &'s mut dyn Read,
    buf: Vec<u8>,
    /// Offset of `buf[0]` in the stream.
    base: usize,
    eof: bool,
    /// Characters between the start of `buf[0]`'s line and `buf[0]`.
    head_cols: u32,
    /// Whether the start was looked at for a byte-order mark (dropped when there).
    started: bool,
}

impl<'s> InputStream<'s> {
    /// A stream with nothing read yet; the first [`InputStream::refill`] reads.
    pub fn new(src: &'s mut dyn Read) -> InputStream<'s> {
        InputStream {
            src,
            buf: Vec::new(),
            base: 0,
            eof: false,
            head_cols: 0,
            started: false,
        }
    }

    /// What has been read and is still kept.
    pub fn window(&self) -> Window<'_> {
        Window {
            data: &self.buf,
            base: self.base,
            complete: self.eof,
            head_cols: self.head_cols,
        }
    }

    /// Forgets everything before `keep` (which must lie in the window) and reads more:
    /// at least half again as much as is kept, so a case read over and over as it grows
    /// is read a bounded number of times per byte. It reads what one `read` call gives
    /// when less is needed, so an interactive writer gets its answers case by case.
    pub fn refill(&mut self, keep: Mark) -> std::io::Result<()> {
        let cut = keep.offset() - self.base;
        if cut > 0 {
            self.head_cols = Reader::resume(self.window(), keep).locate(keep).col - 1;
            self.buf.drain(..cut);
            self.base += cut;
        }
        let kept = self.buf.len();
        let want = (kept / 2).max(1);
        let room = (kept + want).max(CHUNK);
        while self.buf.len() < kept + want && !self.eof {
            let filled = self.buf.len();
            self.buf.resize(filled.max(room).max(filled + want), 0);
            match self.src.read(&mut self.buf[filled..]) {
                Ok(0) => {
                    self.buf.truncate(filled);
                    self.eof = true;
                }
                Ok(n) => self.buf.truncate(filled + n),
                Err(e) if e.kind() == ErrorKind::Interrupted => self.buf.truncate(filled),
                Err(e) => {
                    self.buf.truncate(filled);
                    return Err(e);
                }
            }
        }
        if !self.started && (self.buf.len() >= BOM.len() || self.eof) {
            self.started = true;
            if self.base == 0 && self.buf.starts_with(BOM) {
                self.buf.drain(..BOM.len());
            }
        }
        Ok(())
    }
}
