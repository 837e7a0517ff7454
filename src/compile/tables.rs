//! Lookup tables derived from the program once, used in every hot loop.

use super::attacks::{Attacks, KingGuard};
use crate::program::*;

#[derive(Debug)]
pub struct Tables {
    /// `class[side][code]`: what a cell is to `side` (`C_EMPTY`, `C_OWN`, `C_ENEMY`, `C_GHOST`).
    pub class: Vec<[u8; 256]>,
    /// `movers[side]`: `class[side]` with only the side's pieces that a first step can move
    /// (of the kinds its slides, jumps and flights are for) as `C_OWN`, the others 0 (no
    /// class): the pieces the generator gathers (pieces of kinds that never move are passed by).
    pub movers: Vec<[u8; 256]>,
    /// `side_of[code]` for piece codes.
    pub side_of: [u8; 256],
    pub kind_of: [u8; 256],
    /// The number of piece kinds (a piece's code is `1 + side * kinds + kind`).
    pub kinds: u8,
    /// Every outcome of the roll a turn begins with (`roll ...`), equally likely; empty
    /// when the rules roll no dice.
    pub outcomes: Vec<Roll>,
    /// The outcomes of the first roll under `first roll one die each` (empty otherwise).
    pub opening_outcomes: Vec<Roll>,
    /// Some move statement is `mandatory`.
    pub mandatory: bool,
    /// `promote[code]`: the code a piece becomes on its far row (itself if none, or if the
    /// mover chooses among several).
    pub promote: [u8; 256],
    /// `choices[code]`: the kinds the mover may choose for a piece reaching its far row
    /// (empty unless there are several).
    pub choices: Vec<Vec<u8>>,
    /// Some promotion lets the mover choose.
    pub any_choices: bool,
    /// The filters each `SetFilter::Union` joins.
    pub unions: Vec<Vec<SetFilter>>,
    /// `captured pieces go to the captor's hand`: `back[code]` is the kind a captured piece
    /// of that code joins the captor's hand as (its own, or the kind it was promoted from).
    pub to_hand: bool,
    /// `captured pieces go to their owner's ZONE`: each side's grid cell of the zone.
    pub capture_to: Option<Vec<u32>>,
    pub back: [u8; 256],
    /// `promo_rows[code]`: a piece of that code promotes in its far N rows (a move that starts
    /// or ends there), 0 when only on landing on its far row.
    pub promo_rows: [u8; 256],
    /// `promo_optional[code]`: the mover may also leave the piece unpromoted.
    pub promo_optional: [bool; 256],
    /// `promote_at_once[code]`: the promotion happens as the piece lands, not when the move ends.
    pub promote_at_once: [bool; 256],
    /// Some promotion waits for the end of the move.
    pub promote_at_end: bool,
    /// `symbol[code]` for drawing: the symbol's first character.
    pub symbol: [u8; 256],
    /// `symbol_text[code]`: the whole symbol (`+P`), empty for a code without one.
    pub symbol_text: Vec<Box<str>>,
    /// `cell_of[byte]`: the cell a one-character input symbol stands for, or 0xFE if none.
    pub cell_of: [u8; 256],
    /// The symbols of several characters (`+P`, `Q~`), the longest first, and their cells.
    pub long_symbols: Vec<(Box<[u8]>, Code)>,
    /// `opposite[d]`: the direction straight back from `d` (`u16::MAX` if none is declared).
    pub opposite: Vec<u16>,
    /// Some move slides, steps or jumps a piece (so the generator lists the mover's pieces).
    pub moves_pieces: bool,
    /// Some move continues with a chain of jumps.
    pub chains: bool,
    /// Some move leaves the pieces it captures on the board until it ends.
    pub ghosts: bool,
    /// Chains can be counted by memo: the position inside a chain depends only on which
    /// pieces were taken and where the moving piece stands (no move both chains and flips).
    pub chains_memoisable: bool,
    /// Some move has parts after `then`.
    pub parts: bool,
    /// The game section has conditions that end a game.
    pub has_ends: bool,
    /// The rules ask whether pieces have moved (`unmoved`): positions remember it.
    pub memory: bool,
    /// Some move marks squares: positions remember them for the next move.
    pub marks: bool,
    /// Some action takes or moves a second piece, or claims squares.
    pub effects: bool,
    /// Some action pushes or pulls a second piece (`pushing`, `pulling`).
    pub pairs: bool,
    /// Turns of several moves (`turns of ...`) or `no turn may leave the board unchanged`:
    /// positions count the moves of the turn so far and keep the board it started from.
    pub turns: bool,
    /// Some action turns a block of the board.
    pub rotates: bool,
    /// Some action sows (a board of counts).
    pub sows: bool,
    /// Some move may be followed by another of the same side (`again if`).
    pub again: bool,
    /// Positions keep where the last step ended and its move statement: for `again if`, and
    /// for end rules that ask about the square where the last move ended (`to`).
    pub last: bool,
    /// Some move statement says `unless that leaves ...`.
    pub leaves_not: bool,
    /// Some expression names `last to`: what a position can do depends on where the last
    /// move landed, so its key includes it.
    pub last_to: bool,
    /// `may end between parts`: a move in parts stops at a part after which the game is over.
    pub between_parts: bool,
    /// An end rule asks `position repeated N times`: positions of the game are remembered.
    pub repetition: bool,
    /// The position after every move is looked at before the move counts: `legal if`
    /// conditions, positions that may not come back, identical captures.
    pub legal: bool,
    /// Per side, how its moves capture, read backwards from a square (see [`Attacks`]).
    pub attacks: Vec<Attacks>,
    /// `legal if no own KIND pieces attacked`, when a move's legality can often be told
    /// without asking (see [`KingGuard`]).
    pub king_guard: Option<KingGuard>,
    /// The rules ask how many plies went by without a capture: positions count them.
    pub quiet: bool,
    /// The rules ask how many passes came in a row: positions count them.
    pub passes: bool,
    /// How many pieces each move takes matters (`taking the most`, identical captures).
    pub counts_taken: bool,
    /// When every move begins with one placement (no chains, dice, turns, mandatory moves or
    /// majority captures; later parts allowed): each (rule, action, kind) that places, so
    /// that a random move (or the first step of one drawn part by part) can be drawn as a
    /// candidate and square and kept if legal, without listing every move. Empty otherwise.
    pub placements: Vec<(u16, u8, u8)>,
    /// Every complete move counts as it is: no `legal if`, no position that may not come
    /// back, no majority capture, no identical captures folded into one move.
    pub plain: bool,
}

pub const NO_CELL: u8 = 0xFE;

impl Tables {
    /// The pieces the generator gathers for each side: see [`Tables::movers`].
    fn movers(&mut self, p: &Program) {
        let moving = p
            .moves
            .iter()
            .flat_map(|m| &m.actions)
            .filter(|a| {
                matches!(
                    a.action,
                    Action::Slide { .. } | Action::Jump { .. } | Action::Fly { .. }
                )
            })
            .fold(0u32, |k, a| k | a.kinds);
        for side in &self.class {
            let mut c = *side;
            for code in 1..=p.piece_codes() as u8 {
                if c[code as usize] == C_OWN && moving & (1 << self.kind_of[code as usize]) == 0 {
                    c[code as usize] = 0;
                }
            }
            self.movers.push(c);
        }
    }

    /// What promotions make of each piece, and what a captured piece goes back to a hand as.
    fn promotions(&mut self, p: &Program) {
        let (t, codes) = (self, p.piece_codes());
        for i in 0..256 {
            t.promote[i] = i as u8;
        }
        for code in 1..=codes as u8 {
            let kind = p.kind_of(code);
            let from = p
                .promotions
                .iter()
                .find(|pr| pr.to.contains(&kind))
                .map(|pr| pr.from);
            t.back[code as usize] = match (p.to_hand, from) {
                (Some(true), Some(from)) => from,
                _ => kind,
            };
        }
        for pr in &p.promotions {
            for s in 0..p.sides.len() as u8 {
                let code = p.code(s, pr.from) as usize;
                match pr.to[..] {
                    [one] if !pr.optional => t.promote[code] = p.code(s, one),
                    _ => t.choices[code] = pr.to.clone(),
                }
                t.promo_rows[code] = pr.rows.min(255) as u8;
                t.promo_optional[code] = pr.optional;
            }
            for s in 0..p.sides.len() as u8 {
                t.promote_at_once[p.code(s, pr.from) as usize] = pr.at_once;
            }
            t.promote_at_end |= !pr.at_once;
        }
    }

    /// The cell whose symbol starts `bytes` (the longest that does) and its length.
    pub fn symbol_at(&self, bytes: &[u8]) -> Option<(Code, usize)> {
        for (s, code) in &self.long_symbols {
            if bytes.starts_with(s) {
                return Some((*code, s.len()));
            }
        }
        let code = self.cell_of[*bytes.first()? as usize];
        (code != NO_CELL).then_some((code, 1))
    }

    pub fn new(p: &Program) -> Tables {
        let mut t = Tables {
            class: Vec::new(),
            movers: Vec::new(),
            side_of: [0; 256],
            kind_of: [0; 256],
            kinds: p.kinds.len() as u8,
            promote: [0; 256],
            choices: vec![Vec::new(); 256],
            unions: p.unions.clone(),
            any_choices: p.promotions.iter().any(|pr| pr.to.len() > 1 || pr.optional),
            to_hand: p.to_hand.is_some(),
            capture_to: p.capture_to.clone(),
            back: [0; 256],
            promo_rows: [0; 256],
            promo_optional: [false; 256],
            promote_at_once: [true; 256],
            promote_at_end: false,
            symbol: [b'?'; 256],
            symbol_text: vec![Box::from(""); 256],
            cell_of: [NO_CELL; 256],
            long_symbols: Vec::new(),
            opposite: p
                .directions
                .iter()
                .map(|d| {
                    let back = p
                        .directions
                        .iter()
                        .position(|o| o.dr == -d.dr && o.dc == -d.dc);
                    back.map_or(u16::MAX, |i| i as u16)
                })
                .collect(),
            moves_pieces: p
                .moves
                .iter()
                .flat_map(|m| &m.actions)
                .any(|a| matches!(a.action, Action::Slide { .. } | Action::Jump { .. })),
            chains: p.moves.iter().any(|m| m.chain.is_some()),
            ghosts: p.moves.iter().any(|m| !m.capture_at_once),
            chains_memoisable: p.legal.is_empty()
                && p.moves.iter().all(|m| m.leaves_not.is_empty())
                && !p.captures_most
                && !p.identical_one
                && p.no_repeat.is_none()
                && p.moves
                    .iter()
                    .all(|m| m.chain.is_none() || m.flip.is_none()),
            parts: p.moves.iter().any(|m| !m.then.is_empty()),
            has_ends: p.game.as_ref().is_some_and(|g| !g.ends.is_empty()),
            memory: uses_memory(p),
            marks: all_actions(p).any(|a| a.effects.marks),
            effects: all_actions(p).any(|a| a.effects.touches_others()),
            pairs: all_actions(p).any(|a| a.effects.pushes.is_some() || a.effects.pulls.is_some()),
            turns: p.turns.is_some() || p.unchanged.is_some(),
            rotates: all_actions(p).any(|a| matches!(a.action, Action::Rotate { .. })),
            sows: all_actions(p).any(|a| matches!(a.action, Action::Sow(_))),
            again: p.moves.iter().any(|m| m.again.is_some()),
            leaves_not: p.moves.iter().any(|m| !m.leaves_not.is_empty()),
            last: p
                .moves
                .iter()
                .any(|m| m.again.is_some() || !m.leaves_not.is_empty())
                || p.turns.is_some()
                || ends_ask_squares(p)
                || uses(p, &Expr::names_last_to),
            last_to: uses(p, &Expr::names_last_to),
            between_parts: p.game.as_ref().is_some_and(|g| g.between_parts.is_some()),
            repetition: p.game.as_ref().is_some_and(|g| {
                g.ends
                    .iter()
                    .any(|e| e.condition.any(&|x| matches!(x, Expr::Repeated(_))))
            }),
            legal: !p.legal.is_empty()
                || p.moves.iter().any(|m| !m.leaves_not.is_empty())
                || p.no_repeat.is_some()
                || p.identical_one
                || p.unchanged.is_some(),
            attacks: (0..p.sides.len())
                .map(|s| Attacks::of(p, s as SideId))
                .collect(),
            king_guard: None,
            quiet: uses(p, &|e| matches!(e, Expr::QuietPlies))
                || p.input.as_ref().is_some_and(|i| {
                    i.header
                        .iter()
                        .chain(&i.body)
                        .any(|x| matches!(x, InItem::Quiet))
                }),
            passes: uses(p, &|e| matches!(e, Expr::PassesInARow(_))),
            counts_taken: p.captures_most || p.identical_one,
            mandatory: p.moves.iter().any(|m| m.mandatory),
            placements: placements(p),
            outcomes: p.dice.as_ref().map(|d| d.outcomes()).unwrap_or_default(),
            opening_outcomes: p
                .dice
                .as_ref()
                .filter(|d| d.opening)
                .map(|d| d.opening_outcomes())
                .unwrap_or_default(),
            plain: p.legal.is_empty()
                && p.moves.iter().all(|m| m.leaves_not.is_empty())
                && p.no_repeat.is_none()
                && p.unchanged.is_none()
                && !p.identical_one
                && !p.captures_most,
        };
        let codes = p.piece_codes();
        for code in 1..=codes as u8 {
            t.side_of[code as usize] = p.side_of(code);
            t.kind_of[code as usize] = p.kind_of(code);
        }
        t.promotions(p);
        t.king_guard = KingGuard::of(p, &t.attacks);
        for s in 0..p.sides.len() as u8 {
            let mut c = [0u8; 256];
            c[EMPTY as usize] = C_EMPTY;
            c[GHOST as usize] = C_GHOST;
            // On a board of counts a cell is a count: empty or not, no side's.
            for code in (1..=codes as u8).filter(|_| p.held.is_none()) {
                c[code as usize] = if p.side_of(code) == s { C_OWN } else { C_ENEMY };
            }
            t.class.push(c);
        }
        t.movers(p);
        for (text, code) in &p.symbols {
            match text.as_bytes() {
                [b] => t.cell_of[*b as usize] = *code,
                long => t.long_symbols.push((long.into(), *code)),
            }
            if t.symbol_text[*code as usize].is_empty() {
                t.symbol[*code as usize] = text.as_bytes()[0];
                t.symbol_text[*code as usize] = text.as_str().into();
            }
        }
        t.long_symbols
            .sort_by_key(|(s, _)| std::cmp::Reverse(s.len()));
        t
    }
}

/// Every action of every part of every move.
fn all_actions(p: &Program) -> impl Iterator<Item = &KindAction> {
    p.moves
        .iter()
        .flat_map(|m| m.actions.iter().chain(m.then.iter().flatten()))
}

/// Whether the rules ask if a piece has moved (`unmoved`), or read it from the input.
/// Whether some expression of the program has a part for which `f` holds.
/// Some condition of the game section (an end rule, or where the game may end between parts)
/// asks about a square named from `to`, itself or through its lets.
fn ends_ask_squares(p: &Program) -> bool {
    // A let uses only the lets above it, so this ends.
    fn asks(p: &Program, e: &Expr) -> bool {
        e.any(&|x| match x {
            Expr::SquareIs(..) | Expr::Outranks(..) | Expr::OnBlock(_) | Expr::BlockIs(_) => true,
            Expr::CountNear(near) => near.asks_squares(),
            Expr::Let(l) => asks(p, &p.lets[*l]),
            _ => false,
        })
    }
    p.game.as_ref().is_some_and(|g| {
        g.ends.iter().any(|r| asks(p, &r.condition))
            || g.between_parts
                .as_ref()
                .and_then(|b| b.1.as_ref())
                .is_some_and(|c| asks(p, c))
    })
}

fn uses(p: &Program, f: &dyn Fn(&Expr) -> bool) -> bool {
    p.expressions().any(|e| e.any(f))
}

fn uses_memory(p: &Program) -> bool {
    let unmoved = |e: &Expr| {
        matches!(
            e,
            Expr::SquareIs(_, SquareClass::Piece { unmoved: true, .. })
        )
    };
    let read = |items: &[InItem]| items.iter().any(|i| matches!(i, InItem::Unmoved(_)));
    p.input
        .as_ref()
        .is_some_and(|i| read(&i.header) || read(&i.body))
        || p.expressions().any(|e| e.any(&unmoved))
}

/// See [`Tables::placements`].
fn placements(p: &Program) -> Vec<(u16, u8, u8)> {
    let simple = p.dice.is_none()
        && p.turns.is_none()
        && !p.captures_mandatory
        && !p.captures_most
        && p.moves.iter().all(|m| !m.mandatory && m.chain.is_none());
    let places = |a: &KindAction| matches!(a.action, Action::Place { reach: None, .. });
    if !simple || !p.moves.iter().flat_map(|m| &m.actions).all(places) {
        return Vec::new();
    }
    let kinds = p.kinds.len().clamp(1, 32);
    let mut out = Vec::new();
    for (ri, m) in p.moves.iter().enumerate() {
        for (ai, a) in m.actions.iter().enumerate() {
            let mut bits = a.kinds & (u32::MAX >> (32 - kinds));
            while bits != 0 {
                out.push((ri as u16, ai as u8, bits.trailing_zeros() as u8));
                bits &= bits - 1;
            }
        }
    }
    out
}
