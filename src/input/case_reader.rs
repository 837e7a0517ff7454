//! Reads input cases as the rules file's input section describes them.

use super::input_error::InputError;
use super::reader::{Loc, Mark, Reader, Window};
use super::setup::Setup;
use crate::check::MAX_DIM;
use crate::compile::NO_CELL;
use crate::compile::Tables;
use crate::program::*;
use crate::run::eval::{Numbers, eval};
use crate::syntax::ast::{Axis, Style};

/// What a file without an input section reads: one case of nothing. Commands that read
/// input refuse such a file first (see [`crate::cases`]).
static NO_INPUT: InputSpec = InputSpec {
    header: Vec::new(),
    repeat: Repeat::Once,
    body: Vec::new(),
};

pub struct CaseReader<'a> {
    pub(super) p: &'a Program,
    /// The input section (a file without one reads no cases).
    spec: &'a InputSpec,
    pub(super) t: &'a Tables,
    pub(super) r: Reader<'a>,
    pub vars: Vec<i64>,
    /// Where each variable was read.
    var_locs: Vec<Loc>,
    case: usize,
    started: bool,
    remaining: u64,
    finished: bool,
}

/// Everything a [`CaseReader`] knows between cases: enough to read on from the same place
/// in a refilled window.
#[derive(Debug, Clone)]
pub struct CaseState {
    at: Mark,
    vars: Vec<i64>,
    var_locs: Vec<Loc>,
    case: usize,
    started: bool,
    remaining: u64,
    finished: bool,
}

impl CaseState {
    /// The state before the input's first byte.
    pub fn start(p: &Program) -> CaseState {
        CaseState {
            at: Mark::START,
            vars: vec![0; p.vars.len()],
            var_locs: vec![Loc { line: 1, col: 1 }; p.vars.len()],
            case: 0,
            started: false,
            remaining: 0,
            finished: false,
        }
    }

    /// Where the next case starts, in bytes from the start of the input.
    pub fn offset(&self) -> usize {
        self.at.offset()
    }

    /// The bookmark of where the next case starts.
    pub fn mark(&self) -> Mark {
        self.at
    }
}

impl<'a> CaseReader<'a> {
    pub fn new(p: &'a Program, t: &'a Tables, data: &'a [u8]) -> CaseReader<'a> {
        CaseReader::resume(p, t, Window::whole(data), CaseState::start(p))
    }

    /// A reader over `w` that goes on from `s` (whose place must lie in the window).
    pub fn resume(p: &'a Program, t: &'a Tables, w: Window<'a>, s: CaseState) -> CaseReader<'a> {
        CaseReader {
            p,
            spec: p.input.as_ref().unwrap_or(&NO_INPUT),
            t,
            r: Reader::resume(w, s.at),
            vars: s.vars,
            var_locs: s.var_locs,
            case: s.case,
            started: s.started,
            remaining: s.remaining,
            finished: s.finished,
        }
    }

    /// Copies what the reader knows into `s`, to go on from here later.
    pub fn save(&self, s: &mut CaseState) {
        s.at = self.r.mark();
        s.vars.clone_from(&self.vars);
        s.var_locs.clone_from(&self.var_locs);
        s.case = self.case;
        s.started = self.started;
        s.remaining = self.remaining;
        s.finished = self.finished;
    }

    /// True when the reader ran into the end of a window that is not the end of the input,
    /// so the case it just read (or failed to read) must be read again from more input.
    pub fn starved(&self) -> bool {
        self.r.starved()
    }

    pub(super) fn err(&self, loc: Loc, message: String) -> InputError {
        InputError {
            case: self.case,
            loc,
            message,
        }
    }

    pub(super) fn err_at(&self, m: Mark, message: String) -> InputError {
        self.err(self.r.locate(m), message)
    }

    /// The error of a position file that holds no case: where its reading stopped (its end,
    /// or after the end marker).
    pub fn no_case(&self) -> InputError {
        InputError {
            case: 0,
            loc: self.r.loc(),
            message: "the position file holds no case; expected a position, written as a case of the rules file's input section".into(),
        }
    }

    /// The place a bookmark stands for.
    pub fn locate(&self, m: Mark) -> Loc {
        self.r.locate(m)
    }

    /// The next case, or `None` when the input is over.
    pub fn next_case(&mut self, setup: &mut Setup) -> Result<bool, InputError> {
        if self.finished {
            return Ok(false);
        }
        if !self.started {
            self.started = true;
            let mut header = self.blank_setup();
            self.items(&self.spec.header, &mut header)?;
            if let Repeat::Times(e) = &self.spec.repeat {
                let v = eval(e, &mut Numbers(&self.vars))
                    .map_err(|e| self.err(self.r.loc(), e.message))?;
                if v < 0 {
                    let loc = self.r.loc();
                    return Err(self.err(
                        loc,
                        format!("the number of cases cannot be negative (it is {v})"),
                    ));
                }
                self.remaining = v as u64;
            }
        }
        let more = match &self.spec.repeat {
            Repeat::Once => {
                self.finished = true;
                true
            }
            Repeat::UntilEnd => !self.r.at_end(),
            Repeat::UntilToken(tok) => {
                if self.r.at_end() {
                    let loc = self.r.loc();
                    return Err(InputError {
                        case: 0,
                        loc,
                        message: format!("the input ended without the end marker `{tok}`"),
                    });
                }
                if self.r.peek_token() == tok.as_bytes() {
                    self.r.token();
                    false
                } else {
                    true
                }
            }
            Repeat::Times(_) => {
                if self.remaining == 0 {
                    false
                } else {
                    self.remaining -= 1;
                    true
                }
            }
        };
        if !more {
            self.finished = true;
            return self.expect_end().map(|_| false);
        }
        self.case += 1;
        setup.cells.clear();
        setup.placed.clear();
        setup.rows = 0;
        setup.cols = 0;
        setup.mover = None;
        setup.rights = None;
        setup.marked = None;
        setup.last = None;
        setup.quiet = 0;
        setup.hand.clear();
        self.r.skip_ws();
        setup.start = self.r.mark();
        setup.case = self.case;
        let before = self.r.mark().offset();
        self.items(&self.spec.body, setup)?;
        if self.r.mark().offset() == before && matches!(self.spec.repeat, Repeat::UntilEnd) {
            // A case that reads nothing would repeat forever.
            let loc = self.r.loc();
            let found = self.r.found();
            return Err(self.err(
                loc,
                format!("this case read nothing, and the input goes on with {found}"),
            ));
        }
        if setup.rows == 0 {
            self.board(setup)?;
        }
        if self.finished {
            self.expect_end()?;
        }
        Ok(true)
    }

    fn expect_end(&mut self) -> Result<(), InputError> {
        if self.r.at_end() {
            return Ok(());
        }
        let loc = self.r.loc();
        let found = self.r.found();
        let why = match &self.spec.repeat {
            Repeat::UntilToken(tok) => format!("nothing may follow the end marker `{tok}`"),
            Repeat::Times(_) => format!(
                "the input announced {} case{}",
                self.case,
                if self.case == 1 { "" } else { "s" }
            ),
            _ => "the input holds one case".to_string(),
        };
        // Reported after the last case, not as part of it.
        Err(InputError {
            case: 0,
            loc,
            message: format!("expected the end of the input, found {found} ({why})"),
        })
    }

    pub fn blank_setup(&self) -> Setup {
        Setup {
            case: self.case,
            start: self.r.mark(),
            rows: 0,
            cols: 0,
            cells: Vec::new(),
            placed: Vec::new(),
            mover: None,
            rights: None,
            marked: None,
            last: None,
            quiet: 0,
            hand: Vec::new(),
            roll: None,
            heights: Vec::new(),
            dice: 0,
        }
    }

    fn dim(&self, d: Dim) -> Result<u32, InputError> {
        match d {
            Dim::Fixed(v) => Ok(v),
            Dim::Var(v) => {
                let x = self.vars[v];
                if x < 1 || x > MAX_DIM as i64 {
                    return Err(self.err(
                        self.var_locs[v],
                        format!("a board size must be from 1 to {MAX_DIM}, found {x}"),
                    ));
                }
                Ok(x as u32)
            }
        }
    }

    /// Makes sure the case's board exists (its size may come from the input).
    pub(super) fn board(&self, s: &mut Setup) -> Result<(), InputError> {
        if s.rows == 0 {
            s.rows = self.dim(self.p.rows)?;
            s.cols = self.dim(self.p.cols)?;
        }
        Ok(())
    }

    /// A number into an input variable, in the range its `read` item gives.
    fn read_number(&mut self, r: ReadVar) -> Result<(), InputError> {
        let loc = self.r.mark_after_ws();
        let tok = self.r.token();
        let parsed = std::str::from_utf8(tok)
            .ok()
            .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|t| t.parse::<i64>().ok());
        let shown = match parsed {
            Some(x) if (r.least..=r.most).contains(&x) => {
                self.vars[r.var] = x;
                self.var_locs[r.var] = self.r.locate(loc);
                return Ok(());
            }
            Some(_) => super::quote(tok),
            None if tok.is_empty() => "the end of the input".to_string(),
            None if tok.iter().all(u8::is_ascii_digit) => format!(
                "{}, which is too large (at most {})",
                super::quote(tok),
                r.most
            ),
            None => super::quote(tok),
        };
        let range = match (r.least, r.most) {
            (0, i64::MAX) => String::new(),
            (least, i64::MAX) => format!(" (at least {least})"),
            (0, most) => format!(" (at most {most})"),
            (least, most) => format!(" (from {least} to {most})"),
        };
        let name = &self.p.vars[r.var];
        Err(self.err_at(
            loc,
            format!("expected a number for `{name}`{range}, found {shown}"),
        ))
    }

    fn items(&mut self, items: &[InItem], s: &mut Setup) -> Result<(), InputError> {
        for item in items {
            match item {
                InItem::Literal(lit) => {
                    let loc = self.r.mark_after_ws();
                    if !self.r.eat(lit.as_bytes()) {
                        let found = self.r.found();
                        return Err(self.err_at(loc, format!("expected `{lit}`, found {found}")));
                    }
                }
                InItem::Read(vars) => {
                    for &r in vars {
                        self.read_number(r)?;
                    }
                }
                InItem::PackedGrid(sep) => {
                    self.board(s)?;
                    self.packed_grid(s, sep)?;
                }
                InItem::Unmoved(letters) => self.rights(s, letters)?,
                InItem::Marked => self.marked_square(s)?,
                InItem::LastTo => self.last_to(s)?,
                InItem::Quiet => self.quiet_plies(s)?,
                InItem::Hand => self.hand(s)?,
                InItem::Roll => self.roll(s)?,
                InItem::Mover(words) if !words.is_empty() => self.mover_word(s, words)?,
                InItem::Mover(_) => {
                    let loc = self.r.mark_after_ws();
                    let w = self.r.word();
                    match self.side_named(w) {
                        Some(side) => s.mover = Some(side),
                        None => {
                            let shown = if w.is_empty() {
                                "the end of the input".to_string()
                            } else {
                                super::quote(w)
                            };
                            return Err(self.err_at(
                                loc,
                                format!(
                                    "expected the side to move ({}), found {shown}",
                                    self.side_choices()
                                ),
                            ));
                        }
                    }
                }
                InItem::Grid => {
                    self.board(s)?;
                    self.grid(s)?;
                }
                InItem::Squares {
                    count,
                    piece,
                    separator,
                } => {
                    self.board(s)?;
                    self.squares(s, count.as_ref(), *piece, separator.as_deref())?;
                }
            }
        }
        Ok(())
    }

    fn side_named(&self, w: &[u8]) -> Option<SideId> {
        if let Some(i) = self
            .p
            .sides
            .iter()
            .position(|side| side.name.as_bytes() == w)
        {
            return Some(i as SideId);
        }
        match self.t.symbol_at(w) {
            Some((c, len)) if len == w.len() && c != NO_CELL && c != EMPTY => {
                Some(self.t.side_of[c as usize])
            }
            _ => None,
        }
    }

    fn side_choices(&self) -> String {
        let mut names: Vec<String> = Vec::new();
        for (i, side) in self.p.sides.iter().enumerate() {
            match self
                .p
                .symbols
                .iter()
                .find(|(_, c)| *c != EMPTY && self.p.side_of(*c) == i as SideId)
            {
                Some((ch, _)) if *ch != side.name => {
                    names.push(format!("`{ch}` or `{}`", side.name))
                }
                _ => names.push(format!("`{}`", side.name)),
            }
        }
        names.join(", ")
    }

    pub(super) fn symbol_choices(&self) -> String {
        let syms: Vec<String> = self
            .p
            .symbols
            .iter()
            .map(|(c, _)| format!("`{c}`"))
            .collect();
        match syms.split_last() {
            Some((last, init)) if !init.is_empty() => format!("{} or {last}", init.join(", ")),
            _ => syms.join(""),
        }
    }

    fn squares(
        &mut self,
        s: &mut Setup,
        count: Option<&Count>,
        piece: Code,
        sep: Option<&str>,
    ) -> Result<(), InputError> {
        match count {
            Some(c) => {
                let n = match c {
                    Count::Const(v) => *v,
                    // Read as digits, so never negative.
                    Count::Var(v) => self.vars[*v].max(0) as u64,
                };
                for i in 0..n {
                    if i > 0
                        && let Some(sep) = sep
                    {
                        self.expect_sep(sep)?;
                    }
                    self.square(s, piece)?;
                }
            }
            None => {
                let sep = sep.unwrap_or(",");
                if self.starts_square() {
                    self.square(s, piece)?;
                    while self.r.eat(sep.as_bytes()) {
                        self.square(s, piece)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn expect_sep(&mut self, sep: &str) -> Result<(), InputError> {
        let loc = self.r.mark_after_ws();
        if self.r.eat(sep.as_bytes()) {
            return Ok(());
        }
        let found = self.r.found();
        Err(self.err_at(
            loc,
            format!("expected `{sep}` between squares, found {found}"),
        ))
    }

    fn starts_square(&mut self) -> bool {
        self.r.skip_ws();
        if self.p.notation.numbered {
            return self.r.peek_here().is_some_and(|b| b.is_ascii_digit());
        }
        let lower = self.p.notation.lowercase;
        let fits = |b: Option<u8>, style: Style| match (b, style) {
            (Some(b), Style::Letter) => b.is_ascii_uppercase() || lower && b.is_ascii_lowercase(),
            (Some(b), Style::Number) => b.is_ascii_digit(),
            (None, _) => false,
        };
        let parts = &self.p.notation.parts;
        fits(self.r.peek_here(), parts[0].1)
            && (!self.p.notation.joined[0] || fits(self.r.peek_at(1), parts[1].1))
    }

    fn square(&mut self, s: &mut Setup, piece: Code) -> Result<(), InputError> {
        if !self.p.notation.numbered {
            let loc = self.r.mark_after_ws();
            if let Some((sq, len)) = self.plain_square(s) {
                self.r.advance(len);
                s.placed.push((sq, piece, loc));
                return Ok(());
            }
        }
        let (sq, loc) = self.square_at(s)?;
        s.placed.push((sq, piece, loc));
        Ok(())
    }

    /// A square written in the game's notation, and where it starts.
    pub(super) fn square_at(&mut self, s: &Setup) -> Result<(u32, Mark), InputError> {
        let loc = self.r.mark_after_ws();
        if self.p.notation.numbered {
            return self.numbered_square(s).map(|sq| (sq, loc));
        }
        let mut row = None;
        let mut col = None;
        for (i, (axis, style)) in self.p.notation.parts.iter().enumerate() {
            if i == 0 || !self.p.notation.joined[i - 1] {
                self.r.skip_ws();
            }
            let len = if *axis == Axis::Row { s.rows } else { s.cols };
            let what = if *axis == Axis::Row { "row" } else { "column" };
            let here = self.r.mark();
            let v: i64 = match style {
                Style::Letter => match self.r.peek_here() {
                    Some(b @ b'A'..=b'Z') => {
                        self.r.bump();
                        (b - b'A') as i64
                    }
                    Some(b @ b'a'..=b'z') if self.p.notation.lowercase => {
                        self.r.bump();
                        (b - b'a') as i64
                    }
                    _ => {
                        let found = self.r.found();
                        return Err(self.err_at(
                            here,
                            format!(
                                "expected a square like `{}` ({what} letter), found {found}",
                                self.example_square()
                            ),
                        ));
                    }
                },
                Style::Number => match self.r.digits_here() {
                    Some(v) => v.min(i64::MAX as u64) as i64 - 1,
                    None => {
                        let found = self.r.found();
                        return Err(self.err_at(
                            here,
                            format!(
                                "expected a square like `{}` ({what} number), found {found}",
                                self.example_square()
                            ),
                        ));
                    }
                },
            };
            if v < 0 || v >= len as i64 {
                let shown = match style {
                    Style::Letter => ((b'A' + v.clamp(0, 25) as u8) as char).to_string(),
                    Style::Number => (v + 1).to_string(),
                };
                let range = match style {
                    Style::Letter => format!("A to {}", (b'A' + (len - 1) as u8) as char),
                    Style::Number => format!("1 to {len}"),
                };
                return Err(self.err_at(
                    here,
                    format!("{what} {shown} is off the board ({what}s run from {range})"),
                ));
            }
            if *axis == Axis::Row {
                let v = v as u32;
                row = Some(match self.p.notation.rows_from_bottom {
                    true => len - 1 - v,
                    false => v,
                });
            } else {
                let v = v as u32;
                col = Some(match self.p.notation.cols_from_right {
                    true => len - 1 - v,
                    false => v,
                });
            }
        }
        Ok((row.unwrap_or(0) * s.cols + col.unwrap_or(0), loc))
    }

    /// The common case of [`CaseReader::square_at`], read straight from the bytes: a square
    /// on the board, written within the window, with only spaces or tabs between its parts.
    /// The square and how many bytes it takes; `None` for anything else (the general reading
    /// then reads it again, and reports what is wrong).
    #[inline]
    fn plain_square(&self, s: &Setup) -> Option<(u32, usize)> {
        let n = &self.p.notation;
        let rest = self.r.rest();
        let (mut i, mut row, mut col) = (0, 0, 0);
        for (k, &(axis, style)) in n.parts.iter().enumerate() {
            if k > 0 && !n.joined[k - 1] {
                while matches!(rest.get(i), Some(b' ' | b'\t')) {
                    i += 1;
                }
            }
            let len = if axis == Axis::Row { s.rows } else { s.cols };
            let v = match style {
                Style::Letter => {
                    let v = match *rest.get(i)? {
                        b @ b'A'..=b'Z' => b - b'A',
                        b @ b'a'..=b'z' if n.lowercase => b - b'a',
                        _ => return None,
                    };
                    i += 1;
                    v as u32
                }
                Style::Number => {
                    let start = i;
                    let mut v: u32 = 0;
                    while let b @ b'0'..=b'9' = *rest.get(i)? {
                        v = v * 10 + (b - b'0') as u32;
                        i += 1;
                        if i - start > 6 {
                            return None;
                        }
                    }
                    v.checked_sub(1)?
                }
            };
            if v >= len {
                return None;
            }
            match axis {
                Axis::Row if n.rows_from_bottom => row = len - 1 - v,
                Axis::Row => row = v,
                _ if n.cols_from_right => col = len - 1 - v,
                _ => col = v,
            }
        }
        Some((row * s.cols + col, i))
    }

    /// A square written as its number, when the dark squares are numbered.
    fn numbered_square(&mut self, s: &Setup) -> Result<u32, InputError> {
        let here = self.r.mark();
        let Some(v) = self.r.digits_here() else {
            let found = self.r.found();
            return Err(self.err_at(
                here,
                format!("expected a square number like `1`, found {found}"),
            ));
        };
        let (rows, cols) = (s.rows, s.cols);
        let mut dark = (0..rows * cols).filter(|sq| Notation::is_dark(rows, sq / cols, sq % cols));
        match v.checked_sub(1).and_then(|i| dark.nth(i as usize)) {
            Some(sq) => Ok(sq),
            None => {
                let count = (rows * cols).div_ceil(2);
                Err(self.err_at(
                    here,
                    format!(
                        "square {v} is off the board (the dark squares are numbered 1 to {count})"
                    ),
                ))
            }
        }
    }

    fn example_square(&self) -> String {
        if self.p.notation.numbered {
            return "1".to_string();
        }
        let mut out = String::new();
        for (i, (_, style)) in self.p.notation.parts.iter().enumerate() {
            if i > 0 && !self.p.notation.joined[i - 1] {
                out.push(' ');
            }
            out.push_str(match style {
                Style::Letter if self.p.notation.lowercase => "c",
                Style::Letter => "C",
                Style::Number => "4",
            });
        }
        out
    }
}
