//! `ply moves` as text: the board, each legal move with what it takes, flips and
//! promotes, with `--explain` the steps behind each move, and with `--square` what was
//! turned down there.

use std::fmt::Write;

use super::move_view::{CaseView, Clause, MoveView, StepView, cite};

/// `text (line N)`.
fn at_line(c: &Clause) -> String {
    format!("{} (line {})", c.text, c.line)
}

/// Writes one case: `board` is the board as `board_text::draw` draws it.
pub fn case(view: &CaseView, board: &[String], out: &mut String) {
    let _ = writeln!(
        out,
        "case {}: {} ({}) to move{}{}",
        view.case,
        view.to_move,
        view.symbol,
        match &view.last_to {
            Some(sq) if sq != "-" => format!(", the last move to {sq}"),
            _ => String::new(),
        },
        match &view.roll {
            Some(r) => format!(", roll {r}"),
            None => String::new(),
        }
    );
    for line in board {
        let _ = writeln!(out, "  {line}");
    }
    out.push('\n');
    let listed = view.moves.len() as u64;
    if let Some(over) = &view.game_over {
        let _ = write!(out, "game over: {}", over.result);
        match &over.clause {
            Some(c) => {
                let _ = writeln!(out, ", by {}", cite(c));
            }
            None => out.push('\n'),
        }
    }
    match view.move_count {
        0 if view.game_over.is_some() => {}
        0 => out.push_str("no legal moves\n"),
        1 => out.push_str("1 move:\n"),
        n if n == listed => {
            let _ = writeln!(out, "{n} moves:");
        }
        n => {
            let _ = writeln!(
                out,
                "{n} moves; the first {listed} the generator makes (--limit shows more):"
            );
        }
    }
    for m in &view.moves {
        one_move(m, out);
    }
    if let (Some(square), Some(rejected)) = (&view.square, &view.rejected) {
        out.push('\n');
        if rejected.is_empty() {
            let _ = writeln!(out, "nothing was turned down on {square}");
        } else {
            let _ = writeln!(out, "turned down on {square} ({}):", rejected.len());
        }
        for r in rejected {
            let mut how = at_line(&r.action);
            if let Some(d) = &r.direction {
                let _ = write!(how, ", {d}");
            }
            if let Some(d) = r.distance {
                let _ = write!(how, ", distance {d}");
            }
            let _ = write!(out, "  {}  {how}: {}", r.candidate, r.reason);
            if let Some(c) = &r.clause {
                let _ = write!(out, "; {}", cite(c));
            }
            out.push('\n');
        }
    }
}

/// One move's line (with what it captures, flips and promotes) and, when explained, the
/// steps behind it.
pub fn one_move(m: &MoveView, out: &mut String) {
    move_line(m, out);
    for (i, s) in m.steps.iter().flatten().enumerate() {
        let number = if m.steps.as_ref().is_some_and(|s| s.len() > 1) {
            format!("{}. ", i + 1)
        } else {
            String::new()
        };
        step(s, &number, out);
    }
    if let Some(end) = &m.chain_end {
        let _ = writeln!(out, "      the chain ends: {end}");
    }
    if let Some(why) = &m.stopped {
        let _ = writeln!(out, "      the move ends here: {why}");
    }
}

/// What a move captures, flips, claims and promotes, and whether the same side moves again,
/// in words (empty if nothing).
pub fn notes(m: &MoveView) -> String {
    let mut notes = Vec::new();
    if !m.captures.is_empty() {
        notes.push(format!("captures {}", m.captures.join(", ")));
    }
    if !m.flips.is_empty() {
        notes.push(format!("flips {}", m.flips.join(", ")));
    }
    if !m.claims.is_empty() {
        notes.push(format!("claims {}", m.claims.join(", ")));
    }
    if let Some(k) = &m.promotion {
        notes.push(format!("becomes a {k}"));
    }
    if m.again {
        notes.push("moves again".to_string());
    }
    notes.join("; ")
}

fn move_line(m: &MoveView, out: &mut String) {
    let notes = notes(m);
    if notes.is_empty() {
        let _ = writeln!(out, "  {}", m.notation);
    } else {
        let _ = writeln!(out, "  {}  {notes}", m.notation);
    }
}

fn step(s: &StepView, number: &str, out: &mut String) {
    let pad = " ".repeat(number.len());
    let what = match (s.kind, &s.from, &s.to) {
        ("pass", ..) => String::new(),
        ("rotate", ..) => format!(": {}", s.rotation.as_deref().unwrap_or("")),
        ("remove", _, Some(to)) => format!(": on {to}"),
        ("place", _, Some(to)) => format!(": on {to}"),
        ("sow", Some(from), Some(to)) => {
            let dir = s.direction.as_deref().unwrap_or("");
            format!(": {} from {from} along {dir}, the last on {to}", s.distance)
        }
        (_, Some(from), Some(to)) => {
            let dir = s.direction.as_deref().unwrap_or("");
            let squares = if s.distance == 1 { "square" } else { "squares" };
            let over = match (&s.captured, s.kind) {
                (Some(c), "jump") => format!(" over {c}"),
                _ => String::new(),
            };
            format!(
                ": {dir} from {from}{over} to {to}, {} {squares}",
                s.distance
            )
        }
        _ => String::new(),
    };
    let _ = writeln!(out, "      {number}{}{what}", at_line(&s.action));
    let indent = format!("        {pad}");
    if let Some(rule) = &s.distance_rule {
        match s.distance_reason.as_deref() {
            Some(reason) => writeln!(out, "{indent}{}: {reason}", at_line(rule)),
            // A fixed distance says all there is to say.
            None => writeln!(out, "{indent}{}", at_line(rule)),
        }
        .ok();
    } else if let Some(reason) = &s.distance_reason {
        let _ = writeln!(out, "{indent}distance: {reason}");
    }
    if !s.passed.is_empty() {
        let verb = if s.kind == "sow" {
            "drops on"
        } else {
            "passes"
        };
        let _ = writeln!(out, "{indent}{verb} {}", s.passed.join(", "));
    }
    if let (Some(sq), Some(piece)) = (&s.captured, &s.captured_piece) {
        let _ = writeln!(out, "{indent}takes {piece} on {sq}");
    }
    if let Some(x) = &s.second {
        let verb = if x.how == "pushed" { "pushes" } else { "pulls" };
        let _ = writeln!(
            out,
            "{indent}{verb} {} from {} to {}",
            x.piece, x.from, x.to
        );
    }
    // Pieces a `taking` clause took, grouped by symbol in the order met.
    let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
    for t in &s.taken {
        match groups.iter_mut().find(|(p, _)| *p == t.piece) {
            Some((_, squares)) => squares.push(&t.square),
            None => groups.push((&t.piece, vec![&t.square])),
        }
    }
    for (piece, squares) in groups {
        let on = if s.kind == "sow" { "from" } else { "on" };
        let _ = writeln!(out, "{indent}takes {piece} {on} {}", squares.join(", "));
    }
    if !s.flips.is_empty() {
        match &s.flip_rule {
            Some(rule) => {
                let _ = writeln!(out, "{indent}{}:", at_line(rule));
            }
            None => {
                let _ = writeln!(out, "{indent}flips:");
            }
        }
        for (i, run) in s.flips.iter().enumerate() {
            let then = if i == 0 { "" } else { "then " };
            let _ = writeln!(
                out,
                "{indent}  {then}{} from {}: {}, closed by {}",
                run.direction,
                run.from,
                run.squares.join(", "),
                run.closed_by
            );
        }
    }
    if let Some(k) = &s.promoted_to {
        let _ = writeln!(out, "{indent}becomes a {k}");
    }
}
