//! How a finished game ended ([`Ending`]), and the results whose text is fixed, known from
//! the rules alone.

use crate::program::{Outcome, Program, SideId, Stuck, TplPart};

/// How a finished game ended: what its result line says, who it went to, and the end rule
/// that ended it (none when the side to move had no moves or the ply limit was reached).
#[derive(Debug, Clone)]
pub struct Ending {
    pub text: String,
    pub outcome: Outcome,
    pub rule: Option<usize>,
}

/// What is known of the end rule that holds at the end of a game: `Some(Some(i))` rule `i`,
/// `Some(None)` none holds, `None` not asked.
pub type Known = Option<Option<usize>>;

/// The result of a finished game whose end rule is known, when that rule's text is fixed:
/// its text and outcome, read without rendering anything. `None` for anything else.
pub fn fixed_ending(p: &Program, known: Known) -> Option<(&str, Outcome)> {
    let end = &p.game.as_ref()?.ends[known??];
    Some((fixed_text(&end.text)?, end.outcome))
}

/// The text of a template that is one piece of fixed text (a result text usually is).
pub fn fixed_text(parts: &[TplPart]) -> Option<&str> {
    match parts {
        [TplPart::Text(fixed)] => Some(fixed),
        _ => None,
    }
}

/// The results a finished game can have whose text is fixed (no `{...}` in it): of the end
/// rules, the `result` lines and running out of moves, each once, in the rules file's order.
pub fn fixed_endings(p: &Program) -> Vec<(String, Outcome)> {
    let Some(game) = &p.game else {
        return Vec::new();
    };
    let literal = |parts: &[TplPart]| -> Option<String> {
        parts
            .iter()
            .map(|t| match t {
                TplPart::Text(s) => Some(s.as_str()),
                _ => None,
            })
            .collect()
    };
    let mut out: Vec<(String, Outcome)> = Vec::new();
    let ends = game.ends.iter().map(|e| (literal(&e.text), e.outcome));
    let lines = game.results.iter().map(|r| (literal(&r.text), r.outcome));
    let stuck = match game.stuck {
        Stuck::Lose | Stuck::Draw => (0..p.sides.len())
            .map(|s| {
                let e = stuck_ending(p, game.stuck, s as SideId);
                (Some(e.text), e.outcome)
            })
            .collect(),
        _ => Vec::new(),
    };
    for (text, outcome) in ends.chain(lines).chain(stuck) {
        if let Some(text) = text
            && !out.iter().any(|(t, _)| *t == text)
        {
            out.push((text, outcome));
        }
    }
    out
}

/// The end of a game whose side to move, `mover`, has no moves and loses or draws.
pub fn stuck_ending(p: &Program, stuck: Stuck, mover: SideId) -> Ending {
    let name = |s: SideId| {
        let mut chars = p.sides[s as usize].name.chars();
        chars
            .next()
            .map(|f| f.to_uppercase().chain(chars).collect::<String>())
            .unwrap_or_default()
    };
    let (text, outcome) = match stuck {
        Stuck::Draw => ("Draw".to_string(), Outcome::Draw),
        _ if p.sides.len() == 2 => {
            let other = 1 - mover;
            (format!("{} wins", name(other)), Outcome::Win(other))
        }
        _ => (format!("{} loses", name(mover)), Outcome::Loss(mover)),
    };
    Ending {
        text,
        outcome,
        rule: None,
    }
}
