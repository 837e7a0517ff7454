//! The bit form of games of steps and short jumps with two kinds of piece, one promoting to
//! the other on the far row: see [`JumpGame`].

use super::ends::{BitEnds, bit_ends};
use super::fits::{action_kind_miss, single_part, where_miss};
use super::{Fit, Miss};
use crate::compile::geometry::Geometry;
use crate::compile::tables::Tables;
use crate::compile::word::Shift;
use crate::program::{
    Action, C_EMPTY, C_ENEMY, Code, DirId, Distance, Gap, KindAction, Program, Stuck,
};

/// A game of single steps onto empty squares and short jumps over an enemy piece onto the
/// empty square beyond it, as bit operations: two sides with two kinds of piece, the one
/// kind (men) becoming the other (kings) on the far row; the jumps of a move may go on in a
/// chain (while possible or as the mover likes, until promoted or not, never straight back
/// or not), captured pieces leaving at once or when the move ends; captures may be
/// mandatory; the game ends by conditions on counts of pieces or when a side cannot move.
/// No `where`, effects, flying pieces, majority captures or identical captures folded.
#[derive(Debug, Clone)]
pub struct JumpGame {
    /// The code of each side's pieces of each kind: `code[side * 2 + kind]`, kind 0 the men
    /// and 1 the kings.
    pub code: [Code; 4],
    /// Per side, the actions of the first step of a move in the generator's order.
    pub actions: [Vec<JumpAction>; 2],
    /// Per side, the directions of the steps and of the first jumps of a move with the
    /// kinds that take them, in any order (a direction once for kinds that share it).
    pub steps: [Vec<Lane>; 2],
    pub jumps: [Vec<Lane>; 2],
    /// Per side and kind (men, kings), the directions a chain goes on along, in the
    /// generator's order (each jump action of the chaining rule in turn).
    pub chain: [[Vec<Lane>; 2]; 2],
    /// Per direction, the one straight back (`DirId::MAX` if none), when a chain may not
    /// turn straight back; empty when it may.
    pub back: Vec<DirId>,
    /// The jumps of a move go on while they can: a chain may not stop earlier.
    pub must_go_on: bool,
    /// Jumps go on as a chain at all.
    pub chains: bool,
    /// A man crowned during a chain stops there.
    pub until_promoted: bool,
    /// Captured pieces leave as they are jumped (else they block until the move ends).
    pub capture_at_once: bool,
    /// Per side, the squares a man is crowned on as it lands (promotion at once).
    pub far_now: [u128; 2],
    /// Per side, the squares a man is crowned on when its move ends there (at end of move).
    pub far_end: [u128; 2],
    /// When some jump is possible, only jumps are legal.
    pub mandatory: bool,
    pub ends: BitEnds,
}

/// A direction as bits: its step, and the kinds that move along it (bit 0 the men, bit 1
/// the kings).
#[derive(Debug, Clone, Copy)]
pub struct Lane {
    pub dir: DirId,
    pub shift: Shift,
    pub kinds: u8,
}

impl Lane {
    fn new(g: &Geometry, dir: DirId, kinds: u8) -> Lane {
        Lane {
            dir,
            shift: Shift::of(g, dir),
            kinds,
        }
    }
}

/// The lanes of the actions' directions for the kinds that take them: a direction that
/// comes again for other kinds joins its lane; for a kind that has it already (the
/// generator then lists its moves twice), it starts another lane.
fn lanes<'a>(g: &Geometry, actions: impl Iterator<Item = &'a JumpAction>) -> Vec<Lane> {
    let mut out: Vec<Lane> = Vec::new();
    for act in actions {
        for &d in &act.dirs {
            let joins = out
                .iter_mut()
                .find(|l| l.dir == d && l.kinds & act.kinds == 0);
            match joins {
                Some(l) => l.kinds |= act.kinds,
                None => out.push(Lane::new(g, d, act.kinds)),
            }
        }
    }
    out
}

/// One action of a move's first step: which kinds make it (bit 0 the men, bit 1 the
/// kings), its directions (also as lanes), and whether it jumps (else it steps onto an
/// empty square).
#[derive(Debug, Clone)]
pub struct JumpAction {
    pub kinds: u8,
    pub dirs: Vec<DirId>,
    pub lanes: Vec<Lane>,
    pub jump: bool,
}

/// The bit form of a game of steps and short jumps on this board, or why it has none.
pub(super) fn jump_game(p: &Program, t: &Tables, g: &Geometry) -> Fit<JumpGame> {
    let Some(game) = p.game.as_ref() else {
        unreachable!("bit forms are asked of whole games")
    };
    let [promotion] = &p.promotions[..] else {
        let what = match p.promotions.len() {
            0 => "a jump without men that become kings (bit forms jump with men and kings)"
                .to_string(),
            n => format!("{n} promotions (men and kings have one)"),
        };
        return Err(Miss::new(what, None));
    };
    let (man, king) = (
        promotion.from,
        promotion.to.first().copied().unwrap_or(promotion.from),
    );
    if p.kinds.len() != 2 || promotion.to.len() != 1 || man == king || t.any_choices {
        let what = match p.kinds.len() {
            2 => "a promotion to a choice of kinds".to_string(),
            n => format!("{n} kinds of piece (men and kings are two)"),
        };
        return Err(Miss::new(what, None));
    }
    single_part(p)?;
    if game.stuck == Stuck::Pass {
        return Err(Miss::new(
            "a side with no move passes (a game of men and kings ends)",
            game.stuck_span,
        ));
    }
    let mut actions: [Vec<JumpAction>; 2] = [Vec::new(), Vec::new()];
    let mut chain: [[Vec<Lane>; 2]; 2] = Default::default();
    let mut jump_rule = None;
    for (ri, rule) in p.moves.iter().enumerate() {
        for ka in &rule.actions {
            let Some((dirs, jump)) = action_dirs(ka) else {
                return Err(action_kind_miss(ka));
            };
            if jump {
                if jump_rule.is_some_and(|r| r != ri) {
                    return Err(Miss::new(
                        "jumps in two move statements (men and kings jump in one)",
                        Some(ka.span),
                    ));
                }
                jump_rule = Some(ri);
            }
            let kinds = (ka.kinds >> man & 1 | (ka.kinds >> king & 1) << 1) as u8;
            if !ka.conditions.is_empty() {
                return Err(where_miss(ka));
            }
            for (side, list) in actions.iter_mut().enumerate() {
                list.push(JumpAction {
                    kinds,
                    dirs: dirs[side].clone(),
                    lanes: dirs[side].iter().map(|&d| Lane::new(g, d, kinds)).collect(),
                    jump,
                });
                if jump {
                    for (kind, chained) in chain[side].iter_mut().enumerate() {
                        if kinds >> kind & 1 == 1 {
                            chained.extend(dirs[side].iter().map(|&d| Lane::new(g, d, kinds)));
                        }
                    }
                }
            }
        }
    }
    // The directions a chain goes on along are told apart by bits of a u32.
    if chain.iter().flatten().any(|d| d.len() > 32) {
        return Err(Miss::new(
            "a chain that goes on along more than 32 directions",
            None,
        ));
    }
    let rule = jump_rule.map(|r| &p.moves[r]);
    let chained = rule.and_then(|r| r.chain);
    let far = |s: usize| g.bits_where(|sq| g.far[s * g.n + sq]);
    let far = [far(0), far(1)];
    let none = [0, 0];
    Ok(JumpGame {
        code: [
            p.code(0, man),
            p.code(0, king),
            p.code(1, man),
            p.code(1, king),
        ],
        steps: actions
            .each_ref()
            .map(|list| lanes(g, list.iter().filter(|a| !a.jump))),
        jumps: actions
            .each_ref()
            .map(|list| lanes(g, list.iter().filter(|a| a.jump))),
        actions,
        chain,
        back: match chained {
            Some(c) if c.no_turning_back => t.opposite.clone(),
            _ => Vec::new(),
        },
        must_go_on: chained.is_some_and(|c| c.must),
        chains: chained.is_some(),
        until_promoted: chained.is_some_and(|c| c.until_promoted),
        capture_at_once: rule.is_none_or(|r| r.capture_at_once),
        far_now: if promotion.at_once { far } else { none },
        far_end: if promotion.at_once { none } else { far },
        mandatory: p.captures_mandatory,
        ends: bit_ends(p, t, g, 2)?,
    })
}

/// An action's directions per side, and whether it jumps: a step of one square onto an
/// empty square, or a short jump over an enemy piece; `None` for any other action.
fn action_dirs(ka: &KindAction) -> Option<(&Vec<Vec<DirId>>, bool)> {
    match &ka.action {
        Action::Slide {
            dirs,
            distance: Distance::Const(1),
            onto: C_EMPTY,
            ..
        } => Some((dirs, false)),
        Action::Jump {
            dirs,
            over: C_ENEMY,
            before: Gap { most: 0, .. },
            after: Gap { most: 0, .. },
            hop: false,
            aside,
            onto: C_EMPTY,
        } if aside.is_empty() => Some((dirs, true)),
        _ => None,
    }
}
