//! Writes each case's answer as the rules file's output section says.

use crate::program::{LineCond, OutStmt, TplPart};
use crate::run::step::NONE;
use crate::run::{MoveEnds, Position, RunError, Runner};

/// Scratch space for sorting a case's move lines.
#[derive(Default)]
pub struct Lines {
    text: Vec<u8>,
    /// Each line's first eight bytes (big-endian, so integer order is text order), start, end.
    spans: Vec<(u64, u32, u32)>,
    ends: Vec<MoveEnds>,
}

fn prefix(line: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    let n = line.len().min(8);
    b[..n].copy_from_slice(&line[..n]);
    u64::from_be_bytes(b)
}

pub fn write_case<'p>(
    runner: &mut Runner<'p>,
    pos: &Position,
    index: usize,
    lines: &mut Lines,
    out: &mut Vec<u8>,
) -> Result<(), RunError> {
    let p = runner.engine().p;
    if index > 0
        && let Some(between) = &p.output.between
    {
        template(runner, pos, between, None, out)?;
        out.push(b'\n');
    }
    // Whether a line of the current `if ... / otherwise` group has been printed.
    let mut group_printed = false;
    for stmt in &p.output.stmts {
        match stmt {
            OutStmt::EachMove {
                template: tpl,
                sorted,
            } => {
                group_printed = false;
                runner.move_ends(pos, &mut lines.ends)?;
                let ends = std::mem::take(&mut lines.ends);
                if *sorted {
                    lines.text.clear();
                    lines.spans.clear();
                    for e in &ends {
                        let start = lines.text.len();
                        template(runner, pos, tpl, Some(*e), &mut lines.text)?;
                        let key = prefix(&lines.text[start..]);
                        lines
                            .spans
                            .push((key, start as u32, lines.text.len() as u32));
                    }
                    let text = &lines.text;
                    let line = |s: &(u64, u32, u32)| &text[s.1 as usize..s.2 as usize];
                    lines
                        .spans
                        .sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| line(a).cmp(line(b))));
                    for s in &lines.spans {
                        out.extend_from_slice(line(s));
                        out.push(b'\n');
                    }
                } else {
                    for e in &ends {
                        template(runner, pos, tpl, Some(*e), out)?;
                        out.push(b'\n');
                    }
                }
                lines.ends = ends;
            }
            OutStmt::Line {
                template: tpl,
                cond,
            } => {
                let print = match cond {
                    LineCond::Always => {
                        group_printed = false;
                        true
                    }
                    LineCond::If(c) => {
                        let yes = runner.eval(c, pos, pos.mover)? != 0;
                        group_printed |= yes;
                        yes
                    }
                    LineCond::Otherwise => {
                        let yes = !group_printed;
                        group_printed = false;
                        yes
                    }
                };
                if print {
                    template(runner, pos, tpl, None, out)?;
                    out.push(b'\n');
                }
            }
        }
    }
    Ok(())
}

fn template<'p>(
    runner: &mut Runner<'p>,
    pos: &Position,
    parts: &'p [TplPart],
    mv: Option<MoveEnds>,
    out: &mut Vec<u8>,
) -> Result<(), RunError> {
    for part in parts {
        match part {
            TplPart::Text(s) => out.extend(s.as_bytes().iter().copied()),
            TplPart::Value(e) => {
                let v = runner.eval(e, pos, pos.mover)?;
                write_int(out, v);
            }
            TplPart::From | TplPart::To => {
                let ends = mv.expect("the checker allows from/to only in move lines");
                let sq = if matches!(part, TplPart::From) {
                    ends.from
                } else {
                    ends.to
                };
                if sq == NONE {
                    out.extend_from_slice(if matches!(part, TplPart::From) && ends.to != NONE {
                        b"*"
                    } else {
                        b"pass"
                    });
                } else {
                    out.extend(
                        runner.engine().g.names[sq as usize]
                            .as_bytes()
                            .iter()
                            .copied(),
                    );
                }
            }
        }
    }
    Ok(())
}

fn write_int(out: &mut Vec<u8>, v: i64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    let neg = v < 0;
    let mut u = v.unsigned_abs();
    loop {
        i -= 1;
        buf[i] = b'0' + (u % 10) as u8;
        u /= 10;
        if u == 0 {
            break;
        }
    }
    if neg {
        out.push(b'-');
    }
    out.extend_from_slice(&buf[i..]);
}

/// How a finished game is reported: the first `result` line of the game section whose
/// condition holds (an `otherwise` holds when no `if` right before it did).
pub fn result_line(runner: &mut Runner, pos: &Position) -> Result<String, RunError> {
    let p = runner.engine().p;
    let game = p
        .game
        .as_ref()
        .ok_or_else(|| RunError::new("the rules file has no `game` section"))?;
    runner.new_position();
    let mut group_held = false;
    for (tpl, cond) in &game.results {
        let holds = match cond {
            LineCond::Always => true,
            LineCond::If(c) => {
                let yes = runner.eval(c, pos, pos.mover)? != 0;
                group_held |= yes;
                yes
            }
            LineCond::Otherwise => !std::mem::replace(&mut group_held, false),
        };
        if holds {
            let mut out = Vec::new();
            template(runner, pos, tpl, None, &mut out)?;
            return Ok(String::from_utf8_lossy(&out).into_owned());
        }
    }
    Err(RunError::new(
        "no `result` line of the game section holds for this finished game",
    ))
}
