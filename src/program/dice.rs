//! `roll ...`: the dice a side rolls at the start of each of its turns, and the outcomes of a
//! roll.

/// The most dice a roll may have.
pub const MAX_DICE: usize = 4;

/// The faces a roll shows, the first die first; 0 past the last die. All 0: not rolled yet.
pub type Roll = [u8; MAX_DICE];

/// `roll N dice [of F faces] [, again on V or ...]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dice {
    pub count: u8,
    pub faces: u8,
    /// The totals after which the side that rolled them moves again (with a new roll).
    pub again_on: Vec<u8>,
    /// `one move a die`: each move uses one die (`the die`), the turn lasts while a die
    /// can be used, and a side uses as many dice as it can (the higher when only one).
    pub per_die: bool,
    /// `doubles twice`: a roll whose dice all show the same face is played twice.
    pub doubles_twice: bool,
    /// `first roll one die each`: the game begins with one die for each side (no tie), and
    /// the side whose die is higher moves first, with those dice as its roll.
    pub opening: bool,
}

impl Dice {
    /// Every outcome of a roll, equally likely, in order: the first die's face changes
    /// slowest (`1 1`, `1 2`, ... for two dice). Two dice of six faces have 36 outcomes.
    pub fn outcomes(&self) -> Vec<Roll> {
        let mut out = vec![[0; MAX_DICE]];
        for die in 0..self.count as usize {
            out = out
                .into_iter()
                .flat_map(|r| {
                    (1..=self.faces).map(move |f| {
                        let mut r = r;
                        r[die] = f;
                        r
                    })
                })
                .collect();
        }
        out
    }

    /// The outcomes of the first roll under `first roll one die each`: every roll with no
    /// two dice alike, in the order of [`Dice::outcomes`].
    pub fn opening_outcomes(&self) -> Vec<Roll> {
        self.outcomes()
            .into_iter()
            .filter(|r| {
                let faces = &r[..self.count as usize];
                faces
                    .iter()
                    .enumerate()
                    .all(|(i, f)| !faces[..i].contains(f))
            })
            .collect()
    }

    /// True if a roll of this total gives the side another turn.
    pub fn again(&self, roll: &Roll) -> bool {
        self.again_on.contains(&total(roll))
    }

    /// True if every die of the roll shows the same face.
    pub fn double(&self, roll: &Roll) -> bool {
        roll[..self.count as usize].iter().all(|f| *f == roll[0])
    }
}

/// The faces of a roll added up (0 before the roll).
pub fn total(roll: &Roll) -> u8 {
    roll.iter().fold(0u8, |a, f| a.saturating_add(*f))
}

/// A roll as written: its faces joined by `-` (`4`, `3-5`), `-` before the roll.
pub fn roll_text(roll: &Roll) -> String {
    if roll[0] == 0 {
        return "-".to_string();
    }
    let faces: Vec<String> = roll
        .iter()
        .take_while(|f| **f != 0)
        .map(|f| f.to_string())
        .collect();
    faces.join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_dice_have_36_outcomes_in_order() {
        let d = Dice {
            count: 2,
            faces: 6,
            again_on: vec![12],
            per_die: false,
            doubles_twice: false,
            opening: false,
        };
        let all = d.outcomes();
        assert_eq!(all.len(), 36);
        assert_eq!(all[0], [1, 1, 0, 0]);
        assert_eq!(all[1], [1, 2, 0, 0]);
        assert_eq!(all[35], [6, 6, 0, 0]);
        assert!(d.again(&all[35]) && !d.again(&all[34]));
        assert_eq!(roll_text(&all[7]), "2-2");
        assert_eq!(d.opening_outcomes().len(), 30);
        assert!(d.double(&all[7]) && !d.double(&all[8]));
        assert_eq!(roll_text(&[0; MAX_DICE]), "-");
    }
}
