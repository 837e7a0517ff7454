//! Reading a grid: one line of symbols per board row (on a board of points on lines, the
//! cells that are no point hold the lines drawn between the points).

use super::case_reader::CaseReader;
use super::input_error::InputError;
use super::reader::{Loc, Mark};
use super::setup::Setup;
use crate::compile::NO_CELL;
use crate::program::*;

impl CaseReader<'_> {
    pub(super) fn grid(&mut self, s: &mut Setup) -> Result<(), InputError> {
        if self.p.held.is_some() {
            return self.count_grid(s);
        }
        if self.p.stacks {
            return self.stack_grid(s);
        }
        let (rows, cols) = (s.rows as usize, s.cols as usize);
        s.cells.clear();
        s.cells.reserve(rows * cols);
        for row in 0..rows {
            let loc = self.r.mark_after_ws();
            // Fastest path: a line of known symbols, exactly as long as a row and ended well
            // inside the window, read straight from the bytes.
            let rest = self.r.rest();
            let points = self.p.points.as_ref();
            if points.is_none() && rest.get(cols).is_some_and(u8::is_ascii_whitespace) {
                let line = &rest[..cols];
                let cell_of = &self.t.cell_of;
                if line
                    .iter()
                    .all(|&b| !b.is_ascii_whitespace() && cell_of[b as usize] != NO_CELL)
                {
                    s.cells.extend(line.iter().map(|&b| cell_of[b as usize]));
                    self.r.advance(cols);
                    if self.p.notation.numbered {
                        self.light_squares_empty(s, row, loc)?;
                    }
                    continue;
                }
            }
            let tok = self.r.token();
            if tok.is_empty() {
                return Err(self.err_at(
                    loc,
                    format!(
                        "expected grid line {} of {rows}, found the end of the input",
                        row + 1
                    ),
                ));
            }
            // Fast path: a line of known one-byte symbols, exactly as long as a row.
            if tok.len() == cols && points.is_none() {
                let before = s.cells.len();
                s.cells
                    .extend(tok.iter().map(|&b| self.t.cell_of[b as usize]));
                if s.cells[before..].iter().all(|&c| c != NO_CELL) {
                    self.light_squares_empty(s, row, loc)?;
                    continue;
                }
                s.cells.truncate(before);
            }
            // Symbols of several characters (`+P`): the longest symbol at each place.
            if !self.t.long_symbols.is_empty() && points.is_none() {
                let before = s.cells.len();
                let mut i = 0;
                while let Some((code, len)) = self.t.symbol_at(&tok[i..]) {
                    s.cells.push(code);
                    i += len;
                }
                if i == tok.len() && s.cells.len() - before == cols {
                    self.light_squares_empty(s, row, loc)?;
                    continue;
                }
                s.cells.truncate(before);
            }
            let mut col = 0;
            // Each character, or run of bytes that are not UTF-8 text, is one column.
            let chars = tok.utf8_chunks().flat_map(|c| {
                let bad = (!c.invalid().is_empty()).then_some(Err(c.invalid()));
                c.valid().chars().map(Ok).chain(bad)
            });
            // An error at column `i` of this line.
            let at = |this: &Self, i: usize, what: String| {
                let start = this.r.locate(loc);
                let at = Loc {
                    line: start.line,
                    col: start.col + i as u32,
                };
                Err(this.err(at, what))
            };
            for (i, ch) in chars.enumerate() {
                let mut code = match ch {
                    Ok(ch) if ch.is_ascii() => self.t.cell_of[ch as usize],
                    _ => NO_CELL,
                };
                // On a board of points on lines, a cell that is not a point is written with
                // a filler (`-`, `|`, `+`, `/`, `\`) or the empty symbol, a point never so.
                if let Some(pts) = points.filter(|_| col < cols) {
                    let point = pts.square_of[row * cols + col] != u32::MAX;
                    let filler = matches!(ch, Ok(ch) if Points::is_filler(ch));
                    if !point && (filler || code == EMPTY) {
                        code = EMPTY;
                    } else if !point {
                        return at(
                            self,
                            i,
                            format!(
                                "grid line {} has a piece in column {}, which is not a point of the board; write `{}` there",
                                row + 1,
                                col + 1,
                                pts.filler[row * cols + col]
                            ),
                        );
                    } else if filler && code == NO_CELL {
                        return at(
                            self,
                            i,
                            format!(
                                "grid line {} column {} is a point of the board; expected {}",
                                row + 1,
                                col + 1,
                                self.symbol_choices()
                            ),
                        );
                    }
                }
                if code == NO_CELL {
                    let shown = match ch {
                        Ok(ch) => super::quote_char(ch),
                        Err(bytes) => super::quote(bytes),
                    };
                    return at(
                        self,
                        i,
                        format!(
                            "unknown symbol {shown} in the grid; expected {}",
                            self.symbol_choices()
                        ),
                    );
                }
                if col < cols {
                    s.cells.push(code);
                }
                col += 1;
            }
            if col != cols {
                return Err(self.err_at(
                    loc,
                    format!(
                        "grid line {} has {col} cell{}, expected {cols}",
                        row + 1,
                        if col == 1 { "" } else { "s" }
                    ),
                ));
            }
            self.light_squares_empty(s, row, loc)?;
        }
        Ok(())
    }

    /// A grid of stacks (`pieces stack`): a stack for each square (`5x`, `x` for one, or the
    /// empty symbol), row by row, separated by spaces.
    fn stack_grid(&mut self, s: &mut Setup) -> Result<(), InputError> {
        let (rows, cols) = (s.rows as usize, s.cols as usize);
        s.cells.clear();
        s.heights.clear();
        for i in 0..rows * cols {
            let loc = self.r.mark_after_ws();
            let tok = self.r.token();
            let (row, col) = (i / cols + 1, i % cols + 1);
            let found = std::str::from_utf8(tok)
                .ok()
                .and_then(|t| self.p.stack_token(t));
            let Some((code, h)) = found else {
                let shown = match tok {
                    [] => "the end of the input".to_string(),
                    t => super::quote(t),
                };
                return Err(self.err_at(
                    loc,
                    format!("expected the stack on row {row}, column {col} of the grid (a height from 1 to 255 and a symbol, as `5{}`, a symbol alone for one piece, or the empty symbol), found {shown}", self.p.symbols.iter().find(|(_, c)| *c != EMPTY).map_or("", |(s, _)| s.as_str())),
                ));
            };
            s.cells.push(code);
            s.heights.push(h);
        }
        Ok(())
    }

    /// A grid of counts (`each square holds seeds`): a count for each square, row by row,
    /// separated by spaces; the whole board holds at most [`MAX_HELD`].
    fn count_grid(&mut self, s: &mut Setup) -> Result<(), InputError> {
        let (rows, cols) = (s.rows as usize, s.cols as usize);
        let held = self.p.held.clone().unwrap_or_default();
        s.cells.clear();
        let mut total = 0u32;
        for i in 0..rows * cols {
            let loc = self.r.mark_after_ws();
            let tok = self.r.token();
            let (row, col) = (i / cols + 1, i % cols + 1);
            if tok.is_empty() {
                return Err(self.err_at(
                    loc,
                    format!("expected the {held} on row {row}, column {col} of the grid, found the end of the input"),
                ));
            }
            let n = std::str::from_utf8(tok)
                .ok()
                .and_then(|t| t.parse::<u32>().ok())
                .filter(|&n| n <= MAX_HELD);
            let Some(n) = n else {
                let shown = super::quote(tok);
                return Err(self.err_at(
                    loc,
                    format!("expected the {held} on row {row}, column {col} of the grid (a count from 0 to {MAX_HELD}), found {shown}"),
                ));
            };
            total += n;
            if total > MAX_HELD {
                return Err(self.err_at(
                    loc,
                    format!("the grid holds more than {MAX_HELD} {held} in all"),
                ));
            }
            s.cells.push(n as Code);
        }
        Ok(())
    }

    /// When only the dark squares are numbered, a grid line has no piece on a light square.
    pub(super) fn light_squares_empty(
        &self,
        s: &Setup,
        row: usize,
        loc: Mark,
    ) -> Result<(), InputError> {
        if !self.p.notation.numbered {
            return Ok(());
        }
        let cols = s.cols as usize;
        let line = &s.cells[row * cols..(row + 1) * cols];
        let light = (0..cols)
            .find(|&c| line[c] != EMPTY && !Notation::is_dark(s.rows, row as u32, c as u32));
        let Some(c) = light else { return Ok(()) };
        let start = self.r.locate(loc);
        let at = Loc {
            line: start.line,
            col: start.col + c as u32,
        };
        Err(self.err(
            at,
            format!(
                "grid line {} has a piece on a light square (column {}); only the dark squares are used, and the bottom-left square is dark",
                row + 1,
                c + 1
            ),
        ))
    }
}
