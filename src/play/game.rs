//! A game being played: the positions so far, the moves that led to them, the legal moves
//! of the side to move (a pass when the rules make it pass), taking moves back, and how the
//! game ended. `ply play`, the agents and `ply serve` all play through it, on the
//! representation the rules compiled to.

use std::rc::Rc;

use crate::compile::Engine;
use crate::dispatch;
use crate::program::{Outcome, SideId};
use crate::run::outcome::Ending;
use crate::run::step::{NONE, move_text, rotation};
use crate::run::{Compiled, Generator, Position, RunError, Runner, Step};

/// A legal move of the side to move: as the game's notation writes it, the squares it
/// visits (to mark them on a board) and the position after it (the next side to move).
#[derive(Clone)]
pub struct Choice {
    pub text: String,
    pub squares: Vec<u32>,
    pub after: Position,
}

/// A move played: who played it, how it is written, its squares, the position before it.
#[derive(Clone)]
pub struct Played {
    pub side: SideId,
    pub text: String,
    pub squares: Vec<u32>,
    pub before: Position,
}

/// Where the game stands.
pub enum Status {
    /// The side to move has these moves (a lone `pass` when it must pass).
    ToMove(Vec<Choice>),
    /// The game is over.
    Over(Ending),
}

pub struct Game<'p> {
    /// The rules, in the representation they compiled to.
    pub compiled: Compiled<'p>,
    pos: Position,
    played: Vec<Played>,
    /// The most plies a game lasts (`stop after N plies`).
    limit: u32,
}

impl<'p> Game<'p> {
    /// A game from `start`. The rules file must have a `game` section.
    pub fn new(mut compiled: Compiled<'p>, start: Position) -> Result<Game<'p>, RunError> {
        let e = compiled.engine().clone();
        if e.p.game.is_none() {
            return Err(RunError::new("the rules file has no `game` section"));
        }
        compiled.runner().forget_game();
        Ok(Game {
            compiled,
            pos: start,
            played: Vec::new(),
            limit: e.ply_limit(),
        })
    }

    /// The rules compiled for the board.
    pub fn engine(&self) -> &Rc<Engine<'p>> {
        self.compiled.engine()
    }

    /// The general generator underneath (explanations of moves are asked of it).
    pub fn runner(&mut self) -> &mut Runner<'p> {
        self.compiled.runner()
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The moves played so far, first to last.
    pub fn played(&self) -> &[Played] {
        &self.played
    }

    /// The positions of the game before the one now, first to last.
    pub fn earlier(&self) -> impl Iterator<Item = &Position> {
        self.played.iter().map(|p| &p.before)
    }

    /// Plies played so far.
    pub fn plies(&self) -> u32 {
        self.played.len() as u32
    }

    /// The most plies (or turns, under `stop after N turns`) the game lasts.
    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// What the moves played so far count toward the limit: plies, or turns ended.
    pub fn counted(&self) -> u32 {
        let e = self.engine();
        let movers = self.played.iter().map(|p| p.before.mover);
        let next = movers
            .clone()
            .skip(1)
            .chain(std::iter::once(self.pos.mover));
        movers.zip(next).map(|(a, b)| e.toward_limit(a, b)).sum()
    }

    /// The side to move.
    pub fn mover(&self) -> SideId {
        self.pos.mover
    }

    /// A side's name as the rules file declares it.
    pub fn side_name(&self, side: SideId) -> &'p str {
        let p: &'p crate::program::Program = self.engine().p;
        &p.sides[side as usize].name
    }

    /// How many outcomes the roll the position waits for has (0: it waits for none; the
    /// game is over, or the turn's roll is made).
    pub fn waits_for_roll(&mut self) -> Result<usize, RunError> {
        let pos = &self.pos;
        dispatch!(&mut self.compiled, g => {
            let s = g.state(pos);
            g.outcomes(&s)
        })
    }

    /// True before the first roll of `first roll one die each`, which decides who begins.
    pub fn opening(&self) -> bool {
        self.pos.dice & crate::run::position::OPENING != 0
    }

    /// The outcomes of a roll, as written (`4`, `3-5`), in order.
    pub fn roll_texts(&mut self) -> Vec<String> {
        let pos = &self.pos;
        let outcomes = self.compiled.runner().roll_outcomes(pos);
        outcomes.iter().map(crate::program::roll_text).collect()
    }

    /// Makes the turn's roll, when the position waits for one, drawn from the moves played
    /// so far: the same game always gets the same rolls, however often it is replayed (the
    /// server keeps a game as its moves alone). Returns the roll made, as written.
    pub fn roll_from_moves(&mut self, seed: u64) -> Result<Option<String>, RunError> {
        let n = self.waits_for_roll()?;
        if n == 0 {
            return Ok(None);
        }
        // FNV-1a over the moves' texts, then the seed: a different game, a different roll.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for p in &self.played {
            for b in p.text.bytes().chain([0]) {
                h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        let mut rng = super::move_rng(seed ^ h, self.plies());
        let i = rng.below(n as u64) as usize;
        self.roll(i);
        Ok(self.roll_texts().get(i).cloned())
    }

    /// Makes the turn's roll: outcome `i` of [`Game::roll_texts`].
    pub fn roll(&mut self, i: usize) {
        if i >= self.roll_texts().len() {
            return;
        }
        let pos = &self.pos;
        let rolled = dispatch!(&mut self.compiled, g => {
            let s = g.state(pos);
            let r = g.rolled(&s, i);
            g.position(&r)
        });
        self.pos = rolled;
    }

    /// The legal moves of the side to move in board order (by the squares they visit), or
    /// how the game ended.
    pub fn status(&mut self) -> Result<Status, RunError> {
        self.compiled.runner().new_position();
        let (pos, over) = (&self.pos, self.counted() >= self.limit);
        let choices = dispatch!(&mut self.compiled, g => {
            let s = g.state(pos);
            match over || g.end(&s)?.is_some() {
                true => Vec::new(),
                false => choices(g, &s)?,
            }
        });
        match choices.is_empty() {
            false => Ok(Status::ToMove(choices)),
            true => self.compiled.runner().ending(pos, None).map(Status::Over),
        }
    }
}

/// The legal moves of `s` (the game's position now), each with the position after it, in
/// board order.
fn choices<'p, G: Generator<'p>>(g: &mut G, s: &G::State) -> Result<Vec<Choice>, RunError> {
    let mut steps = Vec::new();
    g.moves(s, usize::MAX, &mut steps)?;
    let mut after = Vec::new();
    g.children(s, &mut after)?;
    let e = g.engine().clone();
    let mut out: Vec<Choice> = steps
        .iter()
        .zip(&after)
        .map(|(m, after)| Choice {
            text: move_text(&e, m),
            squares: squares(&e, m),
            after: g.position(after),
        })
        .collect();
    // Board order, as `ply moves` lists them.
    out.sort_by(|a, b| {
        let key = |c: &Choice| {
            c.squares
                .iter()
                .copied()
                .chain([u32::MAX])
                .collect::<Vec<_>>()
        };
        key(a).cmp(&key(b))
    });
    Ok(out)
}

impl<'p> Game<'p> {
    /// Plays `choice` (one of the moves [`Game::status`] gave).
    pub fn play(&mut self, choice: Choice) {
        let before = std::mem::replace(&mut self.pos, choice.after);
        dispatch!(&mut self.compiled, g => {
            let s = g.state(&before);
            g.remember(&s);
        });
        self.played.push(Played {
            side: before.mover,
            text: choice.text,
            squares: choice.squares,
            before,
        });
    }

    /// Takes back the last move; false when none was played.
    pub fn undo(&mut self) -> bool {
        let Some(last) = self.played.pop() else {
            return false;
        };
        self.pos = last.before;
        self.forget_last();
        true
    }

    /// Remembers the positions before the one now again (after a look past it).
    pub(super) fn forget_last(&mut self) {
        let played = &self.played;
        dispatch!(&mut self.compiled, g => {
            g.forget_game();
            for p in played {
                let s = g.state(&p.before);
                g.remember(&s);
            }
        });
    }

    /// Finds the move `text` names among `choices`: written as the game writes it (case
    /// aside), as its number in the list (from 1), or by its first and last squares when one
    /// move alone has them and nothing else is written. Else says why it is not a legal move.
    pub fn find(&self, choices: &[Choice], text: &str) -> Result<usize, String> {
        let typed: String = text.split_whitespace().collect();
        if let Some(i) = choices
            .iter()
            .position(|c| c.text.eq_ignore_ascii_case(&typed))
        {
            return Ok(i);
        }
        if let Ok(n) = typed.parse::<usize>() {
            return match n {
                1.. if n <= choices.len() => Ok(n - 1),
                _ => Err(format!(
                    "there is no move number {n}: the moves are numbered 1 to {}",
                    choices.len()
                )),
            };
        }
        let (named, unread) = self.read_squares(&typed);
        // By its first and last squares only when nothing else is written (`e2e4xyz` is
        // not `e2e4`).
        if named.len() >= 2 && unread.is_none() {
            let (first, last) = (named[0], named[named.len() - 1]);
            let ends: Vec<usize> = (0..choices.len())
                .filter(|&i| {
                    let s = &choices[i].squares;
                    s.first() == Some(&first) && s.last() == Some(&last)
                })
                .collect();
            if ends.len() == 1 && named.len() == 2 {
                return Ok(ends[0]);
            }
        }
        Err(self.not_legal(choices, &typed, &named))
    }

    /// Why `typed` is not a legal move.
    fn not_legal(&self, choices: &[Choice], typed: &str, named: &[u32]) -> String {
        let side = self.side_name(self.pos.mover);
        let Some(&first) = named.first() else {
            return format!(
                "`{typed}` is not a move: write a move as the list shows it (e.g. {}), or its number",
                choices.first().map_or("pass", |c| c.text.as_str())
            );
        };
        let name = &self.engine().g.names[first as usize];
        let from: Vec<&str> = choices
            .iter()
            .filter(|c| c.squares.first() == Some(&first))
            .map(|c| c.text.as_str())
            .collect();
        if from.is_empty() {
            format!("`{typed}` is not a legal move: {side} has no legal move from or onto {name}")
        } else {
            format!(
                "`{typed}` is not a legal move; from {name}, {side} may play {}",
                from.join(", ")
            )
        }
    }

    /// The square a text names, if it names one.
    fn square(&self, text: &str) -> Option<u32> {
        self.engine()
            .g
            .names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(text))
            .map(|s| s as u32)
    }

    /// The squares named in a move as typed, in order: the text cut at separators, or read
    /// greedily from the left as the longest square names.
    pub fn squares_named(&self, text: &str) -> Vec<u32> {
        self.read_squares(text).0
    }

    /// [`Game::squares_named`], and the first text after them that names no square, if any
    /// (`xyz` in `e2e4xyz`).
    fn read_squares<'t>(&self, text: &'t str) -> (Vec<u32>, Option<&'t str>) {
        let pieces: Vec<&str> = text
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|s| !s.is_empty())
            .collect();
        let mut out = Vec::new();
        for piece in pieces {
            let mut rest = piece;
            while !rest.is_empty() {
                let found = (1..=rest.len())
                    .rev()
                    .filter(|&n| rest.is_char_boundary(n))
                    .find_map(|n| self.square(&rest[..n]).map(|s| (s, n)));
                match found {
                    Some((sq, n)) => {
                        out.push(sq);
                        rest = &rest[n..];
                    }
                    None => return (out, Some(rest)),
                }
            }
        }
        (out, None)
    }
}

/// The squares a move visits: where it starts, then where each step lands; a block's
/// turn carries the squares already visited on it to where their pieces went.
fn squares(e: &Engine, steps: &[Step]) -> Vec<u32> {
    let mut out = Vec::new();
    for st in steps {
        if let Some((block, turn)) = rotation(e, st) {
            let (block, from) = (&e.g.blocks[block as usize], &e.g.turn_from[turn as usize]);
            for sq in &mut out {
                if let Some(j) = block.iter().position(|b| b == sq)
                    && let Some(i) = from.iter().position(|&f| f as usize == j)
                {
                    *sq = block[i];
                }
            }
            continue;
        }
        for sq in [st.from, st.to] {
            if sq != NONE && out.last() != Some(&sq) {
                out.push(sq);
            }
        }
    }
    out
}

/// What a finished game is worth to each of `sides` sides, from 0 (lost) to 1 (won).
pub fn rewards(outcome: Outcome, sides: usize, out: &mut Vec<f64>) {
    out.clear();
    let n = sides.max(1);
    match outcome {
        Outcome::Win(w) => out.extend((0..n).map(|s| f64::from(u8::from(s == w as usize)))),
        Outcome::Loss(l) => out.extend((0..n).map(|s| {
            if s == l as usize {
                0.0
            } else {
                1.0 / (n - 1).max(1) as f64
            }
        })),
        Outcome::Draw | Outcome::Unstated => out.extend((0..n).map(|_| 1.0 / n as f64)),
    }
}
