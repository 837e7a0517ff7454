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
    /// (`hop ... any gap before, any gap after, onto enemy`, a cannon).
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
    /// Some capturing action has no pattern: ask the generator.
    pub general: bool,
}

impl Attacks {
    pub fn of(p: &Program, side: SideId) -> Attacks {
        let mut a = Attacks::default();
        for rule in &p.moves {
            for ka in &rule.actions {
                a.add(ka, side as usize);
            }
        }
        a
    }

    fn add(&mut self, ka: &KindAction, side: usize) {
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
            } => {
                if onto & C_ENEMY == 0 {
                    return;
                }
                if !ka.conditions.is_empty() {
                    self.general = true;
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
                    self.merge(pattern);
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
                    if !ka.conditions.is_empty() || !any(before) || !any(after) || !aside.is_empty()
                    {
                        self.general = true;
                        return;
                    }
                    for &dir in &dirs[side] {
                        self.merge(Pattern::Screen {
                            kinds,
                            dir,
                            over: *over,
                        });
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
                if !ka.conditions.is_empty() || !short {
                    self.general = true;
                    return;
                }
                for &dir in &dirs[side] {
                    self.merge(Pattern::Hop { kinds, dir });
                }
            }
        }
    }

    /// Adds a pattern, joining it with one that differs only in the kinds.
    fn merge(&mut self, new: Pattern) {
        for p in &mut self.patterns {
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
    }
}
