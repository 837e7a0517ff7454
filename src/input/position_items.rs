//! Input items that write a whole position on one line: a packed grid
//! (rows separated by `/`, digits for runs of empty squares), the side to move by a word,
//! letters saying which pieces have not moved, and a marked square.

use super::case_reader::CaseReader;
use super::input_error::InputError;
use super::reader::Loc;
use super::setup::Setup;
use crate::compile::NO_CELL;
use crate::program::{EMPTY, SideId, UnmovedLetter};

impl CaseReader<'_> {
    /// A grid on one token: rows from the top separated by `sep`, each a symbol per square
    /// or a number for a run of empty squares (`rnbqkbnr/pppppppp/8/...`).
    pub(super) fn packed_grid(&mut self, s: &mut Setup, sep: &str) -> Result<(), InputError> {
        let (rows, cols) = (s.rows as usize, s.cols as usize);
        let loc = self.r.mark_after_ws();
        let whole = self.r.peek_token();
        if whole.is_empty() {
            return Err(self.err_at(
                loc,
                "expected the board, its rows separated by `/`, found the end of the input"
                    .replace('/', sep),
            ));
        }
        let tok = &whole[..self.grid_len(whole, sep, rows)];
        self.r.advance(tok.len());
        let start = self.r.locate(loc);
        let at = |i: usize| Loc {
            line: start.line,
            col: start.col + i as u32,
        };
        s.cells.clear();
        let text = String::from_utf8_lossy(tok);
        let mut offset = 0;
        let lines: Vec<&str> = text.split(sep).collect();
        if lines.len() != rows {
            return Err(self.err_at(
                loc,
                format!(
                    "the board has {} row{} separated by `{sep}`, expected {rows}",
                    lines.len(),
                    if lines.len() == 1 { "" } else { "s" }
                ),
            ));
        }
        for (r, line) in lines.iter().enumerate() {
            let row_start = s.cells.len();
            // Squares the row names, counted in full for the message, though no more than
            // one past the row's end are kept.
            let mut n = 0u64;
            let mut chars = line.char_indices().peekable();
            while let Some((i, ch)) = chars.next() {
                // A symbol of several characters (`+P`, `Q~`).
                if !self.t.long_symbols.is_empty()
                    && let Some((code, len)) = self.t.symbol_at(&line.as_bytes()[i..])
                    && len > 1
                {
                    for _ in 1..len {
                        chars.next();
                    }
                    n = n.saturating_add(1);
                    if s.cells.len() - row_start <= cols {
                        s.cells.push(code);
                    }
                    continue;
                }
                if let Some(d) = ch.to_digit(10) {
                    if d == 0 {
                        return Err(self.err(
                            at(offset + i),
                            "a number of empty squares starts with 0; expected 1 to the row's length"
                                .to_string(),
                        ));
                    }
                    let mut run = d as u64;
                    while let Some(&(_, c)) = chars.peek()
                        && let Some(more) = c.to_digit(10)
                    {
                        run = run.saturating_mul(10).saturating_add(more as u64);
                        chars.next();
                    }
                    n = n.saturating_add(run);
                    let room = (cols + 1).saturating_sub(s.cells.len() - row_start);
                    s.cells
                        .extend(std::iter::repeat_n(EMPTY, (run.min(room as u64)) as usize));
                } else {
                    let code = if ch.is_ascii() {
                        self.t.cell_of[ch as usize]
                    } else {
                        NO_CELL
                    };
                    if code == NO_CELL {
                        return Err(self.err(
                            at(offset + i),
                            format!(
                                "unknown symbol {} on the board; expected {} or a number of empty squares",
                                super::quote_char(ch),
                                self.symbol_choices()
                            ),
                        ));
                    }
                    n = n.saturating_add(1);
                    if s.cells.len() - row_start <= cols {
                        s.cells.push(code);
                    }
                }
            }
            if n != cols as u64 {
                return Err(self.err(
                    at(offset),
                    format!(
                        "row {} of the board has {n} square{}, expected {cols}",
                        r + 1,
                        if n == 1 { "" } else { "s" }
                    ),
                ));
            }
            offset += line.len() + sep.len();
        }
        Ok(())
    }

    /// How much of a token is the packed grid: all of it, or, when the rows are all there,
    /// up to a mark glued to it that is no symbol, digit or separator (a hand in
    /// brackets, `.../4K3[Pp]`, is read by the items after the grid).
    fn grid_len(&self, tok: &[u8], sep: &str, rows: usize) -> usize {
        let sep = sep.as_bytes();
        let (mut i, mut seps) = (0, 0);
        while i < tok.len() {
            let rest = &tok[i..];
            if !sep.is_empty() && rest.starts_with(sep) {
                seps += 1;
                i += sep.len();
            } else if let Some((_, len)) = self.t.symbol_at(rest) {
                i += len;
            } else if rest[0].is_ascii_alphanumeric() || !rest[0].is_ascii() || seps + 1 != rows {
                i += 1;
            } else {
                return i;
            }
        }
        tok.len()
    }

    /// The side to move, written as one of the words the rules file gives.
    pub(super) fn mover_word(
        &mut self,
        s: &mut Setup,
        words: &[(String, SideId)],
    ) -> Result<(), InputError> {
        let loc = self.r.mark_after_ws();
        let w = self.r.word();
        match words.iter().find(|(word, _)| word.as_bytes() == w) {
            Some((_, side)) => {
                s.mover = Some(*side);
                Ok(())
            }
            None => {
                let shown = match w {
                    [] => "the end of the input".to_string(),
                    w => super::quote(w),
                };
                let choices: Vec<String> = words.iter().map(|(w, _)| format!("`{w}`")).collect();
                Err(self.err_at(
                    loc,
                    format!(
                        "expected the side to move ({}), found {shown}",
                        choices.join(" or ")
                    ),
                ))
            }
        }
    }

    /// Letters saying which pieces have not moved (`-` for none), each at most once.
    pub(super) fn rights(
        &mut self,
        s: &mut Setup,
        letters: &[UnmovedLetter],
    ) -> Result<(), InputError> {
        let loc = self.r.mark_after_ws();
        let tok = self.r.token();
        let known: Vec<String> = letters.iter().map(|l| format!("`{}`", l.letter)).collect();
        let expected = format!("letters of {} or `-`", known.join(", "));
        if tok.is_empty() {
            return Err(self.err_at(
                loc,
                format!("expected {expected}, found the end of the input"),
            ));
        }
        let mut present = Vec::new();
        if tok != b"-" {
            let start = self.r.locate(loc);
            for (i, &b) in tok.iter().enumerate() {
                let ch = b as char;
                let at = Loc {
                    line: start.line,
                    col: start.col + i as u32,
                };
                if !letters.iter().any(|l| l.letter == ch) {
                    let shown = super::quote(&tok[i..=i]);
                    return Err(self.err(at, format!("expected {expected}, found {shown}")));
                }
                if present.contains(&ch) {
                    return Err(self.err(at, format!("the letter `{ch}` is given twice")));
                }
                present.push(ch);
            }
        }
        s.rights = Some((present, loc));
        Ok(())
    }

    /// The plies since the last capture (or move of the kinds that restart the count).
    /// `roll`: the faces of the turn's dice, joined by `-` (`4`, `3-5`), or `-` before the
    /// roll.
    pub(super) fn roll(&mut self, s: &mut Setup) -> Result<(), InputError> {
        let loc = self.r.mark_after_ws();
        let tok = self.r.token();
        let Some(dice) = self.p.dice.as_ref() else {
            return Ok(());
        };
        s.dice = 0;
        if tok == b"-" {
            s.roll = None;
            return Ok(());
        }
        let text = String::from_utf8_lossy(tok).to_string();
        let faces: Vec<Option<u8>> = text.split('-').map(|f| f.parse::<u8>().ok()).collect();
        let fits = faces.len() == dice.count as usize
            && faces
                .iter()
                .all(|f| f.is_some_and(|f| (1..=dice.faces).contains(&f)));
        if !fits {
            let shown = match tok {
                [] => "the end of the input".to_string(),
                t => super::quote(t),
            };
            let (n, faces) = (dice.count, dice.faces);
            let want = match n {
                1 => format!("a die's face (1 to {faces})"),
                _ => format!("{n} faces of 1 to {faces} joined by `-` (`3-5`)"),
            };
            return Err(self.err_at(
                loc,
                format!("expected the roll, {want}, or `-`, found {shown}"),
            ));
        }
        let mut roll = [0; crate::program::MAX_DICE];
        for (i, f) in faces.into_iter().enumerate() {
            roll[i] = f.unwrap_or(1);
        }
        s.roll = Some(roll);
        if dice.doubles_twice && self.r.peek_token() == b"again" {
            let at = self.r.mark_after_ws();
            self.r.token();
            if !dice.double(&roll) {
                return Err(self.err_at(
                    at,
                    "`again` is the second play of a double: this roll is no double".to_string(),
                ));
            }
            s.dice = crate::run::position::SECOND_PLAY;
        }
        Ok(())
    }

    pub(super) fn quiet_plies(&mut self, s: &mut Setup) -> Result<(), InputError> {
        let loc = self.r.mark_after_ws();
        let tok = self.r.token();
        match std::str::from_utf8(tok)
            .ok()
            .and_then(|t| t.parse::<u16>().ok())
        {
            Some(n) if tok.iter().all(u8::is_ascii_digit) => {
                s.quiet = n;
                Ok(())
            }
            _ => {
                let shown = match tok {
                    [] => "the end of the input".to_string(),
                    t => super::quote(t),
                };
                Err(self.err_at(
                    loc,
                    format!(
                        "expected the number of plies without capture (0 to 65535), found {shown}"
                    ),
                ))
            }
        }
    }

    /// The pieces in hand: `-` for none, else each piece's symbol after its count (`9W9B`;
    /// a count of 1 may be left out, as in `W2B`).
    pub(super) fn hand(&mut self, s: &mut Setup) -> Result<(), InputError> {
        let loc = self.r.mark_after_ws();
        let whole = self.r.peek_token();
        // The hand ends at the token's end or at a mark glued to it that is no count or
        // symbol (`Pp]` in brackets); written so, it may be empty (`[]`).
        let mut len = 0;
        while len < whole.len() {
            match self.t.symbol_at(&whole[len..]) {
                Some((_, n)) => len += n,
                None if whole[len].is_ascii_alphanumeric() || !whole[len].is_ascii() => len += 1,
                None if whole[len] == b'-' && len == 0 => len += 1,
                None => break,
            }
        }
        let glued = len < whole.len();
        let tok = whole[..len].to_vec();
        self.r.advance(len);
        s.hand.clear();
        if tok == b"-" || (tok.is_empty() && glued) {
            return Ok(());
        }
        let fail = |this: &Self, what: String| {
            Err(this.err_at(
                loc,
                format!("{what}; a hand is written as counts and piece symbols (`9W9B`), or `-` for none"),
            ))
        };
        if tok.is_empty() {
            return fail(
                self,
                "expected the pieces in hand, found the end of the input".into(),
            );
        }
        let mut count: Option<u32> = None;
        let mut i = 0;
        while i < tok.len() {
            let b = tok[i];
            if b.is_ascii_digit() {
                let n = count.unwrap_or(0) * 10 + u32::from(b - b'0');
                if n > 255 {
                    return fail(self, "a hand holds at most 255 pieces of a kind".into());
                }
                count = Some(n);
                i += 1;
                continue;
            }
            let (code, len) = self.t.symbol_at(&tok[i..]).unwrap_or((NO_CELL, 1));
            if code == NO_CELL || code == EMPTY {
                return fail(
                    self,
                    format!(
                        "unknown piece {} in the hand {}",
                        super::quote(&[b]),
                        super::quote(&tok)
                    ),
                );
            }
            s.hand.push((code, count.take().unwrap_or(1)));
            i += len;
        }
        if count.is_some() {
            return fail(
                self,
                format!("the hand {} ends with a count", super::quote(&tok)),
            );
        }
        Ok(())
    }

    /// The square where the last move landed, or `-`.
    pub(super) fn last_to(&mut self, s: &mut Setup) -> Result<(), InputError> {
        self.board(s)?;
        if self.r.peek_token() == b"-" {
            self.r.token();
            s.last = None;
            return Ok(());
        }
        let (sq, _) = self.square_at(s)?;
        s.last = Some(sq);
        Ok(())
    }

    /// The square the last move marked, or `-`.
    pub(super) fn marked_square(&mut self, s: &mut Setup) -> Result<(), InputError> {
        self.board(s)?;
        let loc = self.r.mark_after_ws();
        if self.r.peek_token() == b"-" {
            self.r.token();
            s.marked = Some((None, loc));
            return Ok(());
        }
        let (sq, at) = self.square_at(s)?;
        s.marked = Some((Some(sq), at));
        Ok(())
    }
}
