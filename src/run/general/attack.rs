//! Whether a square is attacked: some move of the attackers could capture a piece standing
//! on it (land on it, or jump over it). Read backwards from the square with each side's
//! capturing patterns ([`crate::compile::attacks`]); a side whose captures have no pattern
//! is asked through the generator itself, with a piece of another side put on the square.

use super::candidate::Candidate;
use super::movegen::Gen;
use super::own::OwnPieces;
use super::trace::Off;
use crate::compile::Engine;
use crate::compile::attacks::Pattern;
use crate::program::*;
use crate::run::error::RunError;
use crate::run::eval::eval;
use crate::run::position::Position;
use crate::run::step::{NONE, Step};

/// The sides (as bits) that attack for `who`, when the square holds `cell` and `viewer`
/// is the side asking.
pub fn attackers(e: &Engine, who: Attackers, cell: Code, viewer: SideId) -> u32 {
    let all = (1u32 << e.p.sides.len()) - 1;
    match who {
        Attackers::Side(s) => 1 << s,
        Attackers::Enemies => all & !(1 << viewer),
        Attackers::Others => match cell {
            EMPTY | GHOST => all & !(1 << viewer),
            c => all & !(1 << e.t.side_of[c as usize]),
        },
    }
}

/// The square of a piece of a side in `by` that could capture on `sq`, if there is one;
/// `sq` itself when a placement onto it would take what stands there.
pub fn attacker(
    e: &Engine,
    vars: &[i64],
    pos: &Position,
    sq: u32,
    by: u32,
) -> Result<Option<u32>, RunError> {
    for s in 0..e.p.sides.len() as SideId {
        if by & (1 << s) == 0 {
            continue;
        }
        let found = match e.t.attacks[s as usize].general {
            true => by_generator(e, vars, pos, sq, s)?,
            false => by_patterns(e, vars, pos, sq, s)?,
        };
        if found.is_some() {
            return Ok(found);
        }
    }
    Ok(None)
}

/// The patterns of side `s`, read back from `sq`.
fn by_patterns(
    e: &Engine,
    vars: &[i64],
    pos: &Position,
    sq: u32,
    s: SideId,
) -> Result<Option<u32>, RunError> {
    let (g, t) = (&e.g, &*e.t);
    let class = &t.class[s as usize];
    let of = |at: u32, kinds: u32| {
        let c = pos.cells[at as usize];
        c != EMPTY
            && c != GHOST
            && t.side_of[c as usize] == s
            && kinds & (1 << t.kind_of[c as usize]) != 0
    };
    let back = |d: DirId, at: u32| g.prev[d as usize * g.n + at as usize];
    // How many steps back along `d` stay on the board, and the step's index change, when
    // the board is a full grid and `d` has a declared opposite: the squares back are then
    // counted, not looked up one after the other.
    let room = |d: DirId| {
        let (stride, o) = (g.stride[d as usize], t.opposite[d as usize]);
        (stride != 0 && o != u16::MAX).then(|| (g.steps(o, sq as usize), stride))
    };
    let attacks = &t.attacks[s as usize];
    for (p, guard) in attacks.patterns.iter().zip(&attacks.guards) {
        // The attacker's square, the direction of its move, where the move lands.
        let (found, dir, to) = match *p {
            Pattern::Leap {
                kinds,
                dir,
                k,
                over,
            } => {
                let mut at = sq;
                let mut open = true;
                if let Some((avail, stride)) = room(dir) {
                    open = avail >= k;
                    for _ in 0..k.min(avail) {
                        at = (at as isize - stride) as u32;
                    }
                    let mut between = sq;
                    for _ in 1..k.min(avail) {
                        between = (between as isize - stride) as u32;
                        open &= class[pos.cells[between as usize] as usize] & over != 0;
                    }
                } else {
                    for j in 0..k {
                        at = back(dir, at);
                        if at == NONE {
                            open = false;
                            break;
                        }
                        if j + 1 < k && class[pos.cells[at as usize] as usize] & over == 0 {
                            open = false;
                            break;
                        }
                    }
                }
                ((open && of(at, kinds)).then_some(at), dir, sq)
            }
            Pattern::Ray { kinds, dir, over } => {
                let mut found = None;
                if let Some((avail, stride)) = room(dir) {
                    let mut at = sq as isize;
                    for _ in 0..avail {
                        at -= stride;
                        let at = at as u32;
                        if of(at, kinds) {
                            found = Some(at);
                            break;
                        }
                        if class[pos.cells[at as usize] as usize] & over == 0 {
                            break;
                        }
                    }
                } else {
                    let mut at = back(dir, sq);
                    while at != NONE {
                        if of(at, kinds) {
                            found = Some(at);
                            break;
                        }
                        if class[pos.cells[at as usize] as usize] & over == 0 {
                            break;
                        }
                        at = back(dir, at);
                    }
                }
                (found, dir, sq)
            }
            Pattern::Screen { kinds, dir, over } => {
                let open = |mut at: u32| {
                    while at != NONE && pos.cells[at as usize] == EMPTY {
                        at = back(dir, at);
                    }
                    at
                };
                let screen = open(back(dir, sq));
                let mut found = None;
                if screen != NONE && class[pos.cells[screen as usize] as usize] & over != 0 {
                    let from = open(back(dir, screen));
                    if from != NONE && of(from, kinds) {
                        found = Some(from);
                    }
                }
                (found, dir, sq)
            }
            Pattern::Hop { kinds, dir } => {
                let from = back(dir, sq);
                let land = g.next[dir as usize * g.n + sq as usize];
                let found = from != NONE
                    && land != NONE
                    && pos.cells[land as usize] == EMPTY
                    && of(from, kinds);
                (found.then_some(from), dir, land)
            }
        };
        let Some(from) = found else { continue };
        // An action with a `where` clause attacks where the move from the attacker's square
        // to this one meets it.
        let meets = match guard {
            None => true,
            Some((rule, action)) => {
                let conds = &e.p.moves[*rule as usize].actions[*action as usize].conditions;
                let mut at = Candidate {
                    e,
                    vars,
                    pos,
                    side: s,
                    from,
                    to,
                    dir,
                    memo: None,
                    die: 0,
                };
                let mut all = true;
                for (c, _) in conds {
                    if eval(c, &mut at)? == 0 {
                        all = false;
                        break;
                    }
                }
                all
            }
        };
        if meets {
            return Ok(Some(from));
        }
    }
    Ok(None)
}

/// Side `s`'s moves, made for it with a piece of another side on `sq`: one that lands on
/// the square or jumps over it (the square of the piece that moves), or a placement onto it
/// (`sq` itself: no piece of the board attacks).
fn by_generator(
    e: &Engine,
    vars: &[i64],
    pos: &Position,
    sq: u32,
    s: SideId,
) -> Result<Option<u32>, RunError> {
    let mut p = pos.clone();
    p.mover = s;
    let cell = p.cells[sq as usize];
    if cell == EMPTY || cell == GHOST || e.t.side_of[cell as usize] == s {
        let other = (s as usize + 1) % e.p.sides.len();
        p.set(sq as usize, e.p.code(other as SideId, 0));
    }
    if p.cells[sq as usize] == e.p.code(s, 0) {
        return Ok(None);
    }
    let (mut line_counts, mut steps, mut memo) = (Vec::new(), Vec::<Step>::new(), Vec::new());
    let mut own = OwnPieces::default();
    Gen {
        e,
        vars,
        line_counts: &mut line_counts,
        own: &mut own,
        trace: &mut Off,
        err: None,
        fixed: Default::default(),
        memo: &mut memo,
        die: 0,
    }
    .first_steps(&p, &mut steps)?;
    Ok(steps
        .iter()
        .find(|st| st.to == sq || st.from != NONE && st.over == sq)
        .map(|st| if st.from == NONE { sq } else { st.from }))
}
