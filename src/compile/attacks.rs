//! How a side's moves capture, read backwards from the square attacked: for `attacked`,
//! which asks whether some move of a side could capture a piece standing on a square.
//! Each capturing action of a move's first part becomes a pattern to look for from that
//! square: a piece a fixed number of steps away, the first piece along a line, a piece to
//! jump from. An action no pattern can say (a distance worked out, gaps, a `where` clause)
//! makes the side's attacks `general`: the generator itself is asked.

use crate::program::*;

/// One way a side's piece captures on a square, seen from that square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pattern {
    /// A piece of one of `kinds` exactly `k` steps back along `dir`, the squares between
    /// in `over` (as the attacker sees them).
    Leap {
        kinds: u32,
        dir: DirId,
        k: u32,
        over: CellMask,
    },
    /// The first piece back along `dir` past squares in `over`, of one of `kinds`.
    Ray {
        kinds: u32,
        dir: DirId,
        over: CellMask,
    },
    /// A piece of one of `kinds` one step back along `dir` that jumps the square, landing
    /// on the empty square one step on.
    Hop { kinds: u32, dir: DirId },
    /// A piece of one of `kinds` back along `dir` with exactly one piece in `over` between
    /// (the screen), empty squares on either side of it: a hop that lands on the square
    /// (`hop ... any gap before, any gap after, onto enemy`).
    Screen {
        kinds: u32,
        dir: DirId,
        over: CellMask,
    },
}

/// The capturing patterns of one side.
#[derive(Debug, Clone, Default)]
pub struct Attacks {
    pub patterns: Vec<Pattern>,
    /// Per pattern, the action whose `where` clause its attacker must meet, as a move from
    /// where it stands to the square attacked (rule, action of the first part); `None`: none.
    pub guards: Vec<Option<(u16, u8)>>,
    /// Some capturing action has no pattern: ask the generator.
    pub general: bool,
}

/// True if working out `e` asks whether squares are attacked or about the moves (which
/// would ask the attacks again): an action with such a condition is asked of the generator.
fn asks_attacks(p: &Program, e: &Expr) -> bool {
    e.any(&|x| match x {
        Expr::SquareIs(_, SquareClass::Attacked(_))
        | Expr::CountIn {
            attacked: Some(_), ..
        }
        | Expr::CountMoves(_)
        | Expr::Best { .. } => true,
        Expr::CountNear(n) => n.within.attacked.is_some(),
        Expr::Let(l) => asks_attacks(p, &p.lets[*l]),
        _ => false,
    })
}

impl Attacks {
    pub fn of(p: &Program, side: SideId) -> Attacks {
        let mut a = Attacks::default();
        for (r, rule) in p.moves.iter().enumerate() {
            for (i, ka) in rule.actions.iter().enumerate() {
                // A `where` clause is asked of the attacker found (a horse's leg, a palace),
                // unless it asks about attacks itself.
                let guard = (!ka.conditions.is_empty()).then_some((r as u16, i as u8));
                let before = (a.patterns.len(), a.general);
                a.add(ka, side as usize, guard);
                // A capturing action whose condition asks about attacks is asked of the
                // generator (a castling's, which captures nothing, is not asked at all).
                let captures = a.patterns.len() > before.0 || a.general != before.1;
                if captures && ka.conditions.iter().any(|(c, _)| asks_attacks(p, c)) {
                    a.patterns.truncate(before.0);
                    a.guards.truncate(before.0);
                    a.general = true;
                }
            }
        }
        a
    }

    fn add(&mut self, ka: &KindAction, side: usize, guard: Option<(u16, u8)>) {
        let kinds = ka.kinds;
        match &ka.action {
            Action::Pass | Action::Rotate { .. } | Action::Sow { .. } => {}
            // A removal takes an enemy piece wherever it stands.
            Action::Remove { what } => self.general |= what & C_ENEMY != 0,
            // A piece that flies onto an enemy takes it wherever it stands.
            Action::Fly { onto } => self.general |= onto & C_ENEMY != 0,
            Action::Place { onto, .. } => {
                // A placement onto an enemy takes it wherever it stands.
                self.general |= onto & C_ENEMY != 0;
            }
            Action::Slide {
                dirs,
                distance,
                over,
                onto,
                ..
            } => {
                if onto & C_ENEMY == 0 {
                    return;
                }
                for &dir in &dirs[side] {
                    let pattern = match distance {
                        Distance::Const(0) => continue,
                        Distance::Const(k) => Pattern::Leap {
                            kinds,
                            dir,
                            k: *k,
                            over: *over,
                        },
                        Distance::Unlimited => Pattern::Ray {
                            kinds,
                            dir,
                            over: *over,
                        },
                        Distance::LineCount(_) | Distance::Expr(_) => {
                            self.general = true;
                            return;
                        }
                    };
                    self.merge(pattern, guard);
                }
            }
            Action::Jump {
                dirs,
                over,
                before,
                after,
                hop,
                aside,
                onto,
            } => {
                if onto & C_ENEMY != 0 {
                    // A landing on the first piece beyond the jumped one takes it.
                    let any = |g: &Gap| g.least == 0 && g.most == u32::MAX;
                    if !any(before) || !any(after) || !aside.is_empty() {
                        self.general = true;
                        return;
                    }
                    for &dir in &dirs[side] {
                        self.merge(
                            Pattern::Screen {
                                kinds,
                                dir,
                                over: *over,
                            },
                            guard,
                        );
                    }
                    if !*hop {
                        // It takes the piece jumped over too.
                        self.general = true;
                    }
                    return;
                }
                if over & C_ENEMY == 0 || *hop {
                    return;
                }
                let short = before.most == 0 && after.most == 0 && aside.is_empty();
                if !short {
                    self.general = true;
                    return;
                }
                for &dir in &dirs[side] {
                    self.merge(Pattern::Hop { kinds, dir }, guard);
                }
            }
        }
    }

    /// Adds a pattern, joining it with one that differs only in the kinds (when neither
    /// has a guard).
    fn merge(&mut self, new: Pattern, guard: Option<(u16, u8)>) {
        if guard.is_some() {
            self.patterns.push(new);
            self.guards.push(guard);
            return;
        }
        for (p, _) in self
            .patterns
            .iter_mut()
            .zip(&self.guards)
            .filter(|(_, g)| g.is_none())
        {
            match (p, new) {
                (
                    Pattern::Leap {
                        kinds,
                        dir,
                        k,
                        over,
                    },
                    Pattern::Leap {
                        kinds: k2,
                        dir: d2,
                        k: n2,
                        over: o2,
                    },
                ) if (*dir, *k, *over) == (d2, n2, o2) => {
                    *kinds |= k2;
                    return;
                }
                (
                    Pattern::Ray { kinds, dir, over },
                    Pattern::Ray {
                        kinds: k2,
                        dir: d2,
                        over: o2,
                    },
                ) if (*dir, *over) == (d2, o2) => {
                    *kinds |= k2;
                    return;
                }
                (Pattern::Hop { kinds, dir }, Pattern::Hop { kinds: k2, dir: d2 })
                    if *dir == d2 =>
                {
                    *kinds |= k2;
                    return;
                }
                _ => {}
            }
        }
        self.patterns.push(new);
        self.guards.push(None);
    }
}

/// A game whose only `legal if` is `no own KIND pieces attacked`, with attacks a move can
/// open only along a line: the kind, and per attacking side the directions of its rays.
/// A move of another piece, from a square on no such line through the own piece of that
/// kind, or a drop, then cannot leave it attacked when it was not attacked before: no need
/// to ask. `None` when the rules ask anything else, or some attack could be opened otherwise
/// (a leap whose squares between may block, a hop, a screen, a `where` clause on the
/// attacker, an attack the patterns cannot say).
#[derive(Debug, Clone)]
pub struct KingGuard {
    pub kind: KindId,
    /// Per side, the directions of its rays, each with the kinds that attack along it.
    pub rays: Vec<Vec<(DirId, u32)>>,
    /// The guard is all that is asked of the position after a move (no position that may
    /// not come back, no `unless that leaves`, no captures compared): a move known legal
    /// counts without its position being made.
    pub alone: bool,
}

impl KingGuard {
    pub fn of(p: &Program, attacks: &[Attacks]) -> Option<KingGuard> {
        let [(cond, _)] = &p.legal[..] else {
            return None;
        };
        let Expr::Bin(Op::Eq, count, zero) = cond else {
            return None;
        };
        let (
            Expr::CountIn {
                filter: SetFilter::OwnKind(kind),
                area: None,
                also: None,
                attacked: Some(Attackers::Others),
                row: None,
            },
            Expr::Int(0),
        ) = (&**count, &**zero)
        else {
            return None;
        };
        // A piece promoted to the guarded kind would be a second one, not looked at.
        if p.promotions.iter().any(|pr| pr.to.contains(kind)) {
            return None;
        }
        let all = C_EMPTY | C_OWN | C_ENEMY;
        let mut rays = Vec::with_capacity(attacks.len());
        for a in attacks {
            if a.general || a.guards.iter().any(Option::is_some) {
                return None;
            }
            let mut dirs: Vec<(DirId, u32)> = Vec::new();
            for pat in &a.patterns {
                match *pat {
                    Pattern::Leap { k, over, .. } if k <= 1 || over & all == all => {}
                    Pattern::Ray { dir, over, kinds } if over == C_EMPTY => {
                        match dirs.iter_mut().find(|(d, _)| *d == dir) {
                            Some((_, k)) => *k |= kinds,
                            None => dirs.push((dir, kinds)),
                        }
                    }
                    _ => return None,
                }
            }
            dirs.sort_unstable();
            rays.push(dirs);
        }
        let alone = p.moves.iter().all(|m| m.leaves_not.is_empty())
            && p.no_repeat.is_none()
            && p.unchanged.is_none()
            && !p.identical_one
            && !p.captures_most;
        Some(KingGuard {
            kind: *kind,
            rays,
            alone,
        })
    }
}
