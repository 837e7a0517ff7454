//! Byte offsets of a text and the positions of the protocol (a line and a column counted
//! in UTF-16 code units, both from 0).

use lsp_types::{Position, Range};

use crate::syntax::ast::Span;

/// Where each line of a text starts.
#[derive(Debug, Default)]
pub struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    pub fn new(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { starts }
    }

    /// The position of byte `at` (clamped to the text and to a character boundary).
    pub fn position(&self, text: &str, at: usize) -> Position {
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= at) - 1;
        let start = self.starts[line];
        let col: usize = text[start..at].chars().map(char::len_utf16).sum();
        Position::new(line as u32, col as u32)
    }

    /// The byte offset of a position; a line past the end is the end of the text, a
    /// column past the end of its line the end of that line.
    pub fn offset(&self, text: &str, p: Position) -> usize {
        let Some(&start) = self.starts.get(p.line as usize) else {
            return text.len();
        };
        let end = self
            .starts
            .get(p.line as usize + 1)
            .map_or(text.len(), |&e| e - 1);
        let mut units = 0;
        for (i, c) in text[start..end].char_indices() {
            if units >= p.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }

    pub fn range(&self, text: &str, span: Span) -> Range {
        Range::new(
            self.position(text, span.start),
            self.position(text, span.end.max(span.start)),
        )
    }

    /// The line (from 0) byte `at` is on.
    pub fn line_of(&self, at: usize) -> usize {
        self.starts.partition_point(|&s| s <= at).saturating_sub(1)
    }

    /// The byte range of line `line` (from 0), without its line break.
    pub fn line_span(&self, text: &str, line: usize) -> Span {
        let start = self.starts.get(line).copied().unwrap_or(text.len());
        let end = self
            .starts
            .get(line + 1)
            .map_or(text.len(), |&e| e - 1)
            .max(start);
        let end = if text[start..end].ends_with('\r') {
            end - 1
        } else {
            end
        };
        Span::new(start, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_columns_both_ways() {
        let text = "ab\né𝄞x\n\nlast";
        let lines = Lines::new(text);
        // `x` is after é (1 unit, 2 bytes) and 𝄞 (2 units, 4 bytes).
        let x = text.find('x').unwrap();
        assert_eq!(lines.position(text, x), Position::new(1, 3));
        assert_eq!(lines.offset(text, Position::new(1, 3)), x);
        assert_eq!(lines.offset(text, Position::new(1, 99)), x + 1);
        assert_eq!(lines.offset(text, Position::new(9, 0)), text.len());
        assert_eq!(lines.position(text, text.len()), Position::new(3, 4));
        assert_eq!(lines.line_of(text.len()), 3);
        assert_eq!(
            &text[lines.line_span(text, 1).start..lines.line_span(text, 1).end],
            "é𝄞x"
        );
    }
}
