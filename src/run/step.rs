//! Moves as values: one step of a move (a slide, a placement, one jump of a chain, a pass),
//! and a move written in the game's square notation.

use crate::compile::Engine;
use crate::program::Action;
use crate::syntax::ast::{Promotions, Turn};

pub const NONE: u32 = u32::MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Step {
    /// The square the piece leaves (`NONE` for a placement or a pass).
    pub from: u32,
    /// The square the piece lands on or is placed on (`NONE` for a pass).
    pub to: u32,
    /// The square of the piece jumped over (`NONE` if none).
    pub over: u32,
    /// The second square of a second piece the step moves: where a pushed piece goes, where
    /// a pulled piece comes from (`NONE` if none).
    pub pair: u32,
    /// The direction moved (`u16::MAX` if none).
    pub dir: u16,
    /// Which move rule produced it.
    pub rule: u16,
    /// Which action of that rule.
    pub action: u8,
    /// The kind a placement puts down (0 for other steps).
    pub kind: u8,
    /// Which part of its move the step is (0 the first, 1 after the first `then`, ...).
    pub part: u8,
    /// The kind the moving piece is promoted to, when the mover chooses (`NO_KIND` if not).
    pub promo: u8,
    /// The first step of its move (the marks of the move before are forgotten).
    pub first: bool,
    /// Under `one move a die`: the face of the die the step uses ([`NO_DIE`] if none).
    pub die: u8,
}

/// No die used by a step.
pub const NO_DIE: u8 = u8::MAX;

/// No kind chosen for a promotion.
pub const NO_KIND: u8 = u8::MAX;

impl Step {
    /// A step of the piece on `from` to `to` along `dir` (over `over`, or `NONE`).
    #[inline(always)]
    pub fn new(from: u32, to: u32, over: u32, dir: u16, rule: u16, action: u8) -> Step {
        Step {
            from,
            to,
            over,
            pair: NONE,
            dir,
            rule,
            action,
            kind: 0,
            part: 0,
            promo: NO_KIND,
            first: false,
            die: NO_DIE,
        }
    }

    pub fn is_pass(&self) -> bool {
        self.to == NONE
    }

    /// True if the step takes a piece, on a board whose cells `class` says what they are
    /// to the side moving: it jumps one, or lands on an enemy (a pushed one is not taken).
    #[inline(always)]
    pub fn captures(&self, class: &[u8; 256], cells: &[crate::program::Code]) -> bool {
        self.over != NONE
            || (self.from != NONE
                && self.to != NONE
                && self.pair == NONE
                && class[cells[self.to as usize] as usize] == crate::program::C_ENEMY)
    }

    /// A piece taken off its square by `remove` (no piece moves: the square is both the
    /// step's landing and what it takes).
    #[inline(always)]
    pub fn is_removal(&self) -> bool {
        self.from == NONE && self.over != NONE
    }
}

/// The block (numbered from 0, row by row from the top left) and the turn of a step that
/// turns a block; `None` for every other step.
#[inline(always)]
pub fn rotation(e: &Engine, st: &Step) -> Option<(u32, Turn)> {
    // Asked of every step played: only a game whose blocks turn looks further.
    match e.t.rotates {
        true => block_turned(e, st),
        false => None,
    }
}

/// [`rotation`] in a game whose blocks turn.
fn block_turned(e: &Engine, st: &Step) -> Option<(u32, Turn)> {
    if st.from != NONE || st.to == NONE {
        return None;
    }
    // A rotation's step lands on its block's first square.
    let block = *e.g.block_of.get(st.to as usize)?;
    let ka = &e.p.part(st.rule, st.part)[st.action as usize];
    match ka.action {
        Action::Rotate { .. } if block != NONE => Some((block, Turn::ALL[st.kind as usize])),
        _ => None,
    }
}

/// The second piece a step moves (`pushing`, `pulling`): the square it leaves, the square it
/// goes to, and whether it is pushed (else pulled); `None` for every other step.
#[inline]
pub fn second_piece(e: &Engine, st: &Step) -> Option<(u32, u32, bool)> {
    if st.pair == NONE || st.from == NONE {
        return None;
    }
    let fx = &e.p.part(st.rule, st.part)[st.action as usize].effects;
    Some(match fx.pushes.is_some() {
        true => (st.to, st.pair, true),
        false => (st.pair, st.from, false),
    })
}

/// A block's turn as a move writes it: the block's number from 1, then `cw`, `ccw` or
/// `half` (`2cw`).
pub fn rotation_text(block: u32, turn: Turn) -> String {
    format!("{}{}", block + 1, turn.suffix())
}

/// A move in the game's notation: its squares joined by the rules file's separator (`-`
/// unless `moves written` says otherwise: `C3-A5-C7`, `e2e4`; a move that jumps uses the
/// capture separator if there is one: `28x19x10`), a placement's square, `pass`; the parts
/// of a move in parts joined by `/` (`D1-D7/G7`); a promotion the mover chose adds the new
/// kind's symbol when the rules file asks for it (`e7e8q`); a piece removed is `x` and its
/// square (`D2/xA1`).
pub fn move_text(e: &Engine, steps: &[Step]) -> String {
    let (g, notation) = (&e.g, &e.p.move_notation);
    let jumps = steps.iter().any(|s| s.over != NONE);
    let sep = match (&notation.captures, jumps) {
        (Some(c), true) => c.as_str(),
        _ => notation.separator.as_str(),
    };
    let mut out = String::new();
    let mut part = None;
    for st in steps {
        // A sowing is written as the square sown from: where it ends follows from it.
        if e.t.sows
            && matches!(
                e.p.part(st.rule, st.part)[st.action as usize].action,
                Action::Sow(_)
            )
        {
            if part.is_some() {
                out.push('/');
            }
            part = Some(st.part);
            out.push_str(&g.names[st.from as usize]);
            continue;
        }
        if let Some((block, turn)) = rotation(e, st) {
            if part.is_some() {
                out.push('/');
            }
            part = Some(st.part);
            out.push_str(&rotation_text(block, turn));
            continue;
        }
        if part != Some(st.part) {
            if part.is_some() {
                out.push('/');
            }
            part = Some(st.part);
            if st.is_pass() {
                out.push_str("pass");
                continue;
            }
            if st.from != NONE {
                out.push_str(&g.names[st.from as usize]);
                out.push_str(sep);
            } else if st.is_removal() {
                out.push('x');
            } else if let Some(mark) = &notation.drops {
                // A drop: the piece's letters (as the first side writes them), the mark.
                out.extend(letters(e, st.kind).map(|c| c.to_ascii_uppercase()));
                out.push_str(mark);
            }
        } else if !st.is_pass() {
            out.push_str(sep);
        }
        if !st.is_pass() {
            out.push_str(&g.names[st.to as usize]);
        }
        if let Some((a, b, _)) = second_piece(e, st) {
            out.push('/');
            out.push_str(&g.names[a as usize]);
            out.push_str(sep);
            out.push_str(&g.names[b as usize]);
        }
    }
    if out.is_empty() {
        out.push_str("pass");
    }
    // A slide past the end lands on the same square whatever die it uses: the die is written.
    if let Some(st) = steps.last().filter(|st| st.die != NO_DIE)
        && matches!(
            e.p.part(st.rule, st.part)[st.action as usize].action,
            Action::Slide { past_end: true, .. }
        )
    {
        out.push_str(&format!("({})", st.die));
    }
    if let (Some(how), Some(last)) = (&notation.promotions, steps.last())
        && last.promo != NO_KIND
    {
        match how {
            Promotions::Mark(mark) => out.push_str(&mark.value),
            Promotions::Symbols(true) => {
                out.extend(letters(e, last.promo).map(|c| c.to_ascii_lowercase()))
            }
            Promotions::Symbols(false) => out.extend(letters(e, last.promo)),
        }
    }
    out
}

/// The letters of a kind's symbol as the first side writes it (`Q` of `Q~`, `P` of `+P`).
fn letters<'e>(e: &'e Engine, kind: u8) -> impl Iterator<Item = char> + 'e {
    e.t.symbol_text[e.p.code(0, kind) as usize]
        .chars()
        .filter(char::is_ascii_alphanumeric)
}
