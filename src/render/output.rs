//! Writes each case's answer as the rules file's output section says.

use super::position_text::position_text;
use crate::program::{LineCond, OutStmt, TplPart};
use crate::run::step::{NONE, Step, move_text};
use crate::run::{MoveEnds, Position, RunError, Runner};
use std::cmp::Ordering;

/// Scratch space for sorting a case's move lines.
#[derive(Default)]
pub struct Lines {
    /// The lines, each followed by a line break, then eight zero bytes.
    text: Vec<u8>,
    /// Each line's first eight bytes (big-endian, so integer order is text order), start, end.
    spans: Vec<(u64, u32, u32)>,
    ends: Vec<MoveEnds>,
}

/// The eight bytes of `text` from `start` (which has at least eight bytes after it).
#[inline(always)]
fn eight(text: &[u8], start: usize) -> &[u8; 8] {
    text[start..start + 8].try_into().expect("eight bytes")
}

/// The first eight bytes of the line `text[start..end]` as a big-endian number, zero
/// after its end: one load, as `text` has eight bytes after every line's start.
#[inline(always)]
fn prefix(text: &[u8], start: usize, end: usize) -> u64 {
    let word = u64::from_be_bytes(*eight(text, start));
    match end - start {
        0 => 0,
        len @ 1..8 => word & !(u64::MAX >> (8 * len)),
        _ => word,
    }
}

/// Appends `text[start..end]`; a short one with one eight-byte copy (no call to memcpy),
/// as `text` has eight bytes after every line's start.
#[inline(always)]
fn put_span(out: &mut Vec<u8>, text: &[u8], start: usize, end: usize) {
    if end - start <= 8 {
        let at = out.len();
        out.extend_from_slice(eight(text, start));
        out.truncate(at + end - start);
    } else {
        out.extend_from_slice(&text[start..end]);
    }
}

pub fn write_case<'p>(
    runner: &mut Runner<'p>,
    pos: &Position,
    index: usize,
    lines: &mut Lines,
    out: &mut Vec<u8>,
) -> Result<(), RunError> {
    let p = runner.engine().p;
    let Some(output) = &p.output else {
        return Err(RunError::new("the rules file has no output section"));
    };
    if index > 0
        && let Some(between) = &output.between
    {
        template(runner, pos, between, None, out)?;
        out.push(b'\n');
    }
    // Whether a line of the current `if ... / otherwise` group has been printed.
    let mut group_printed = false;
    for stmt in &output.stmts {
        match stmt {
            OutStmt::EachMove {
                template: tpl,
                sorted,
            } => {
                group_printed = false;
                let notation = tpl.iter().any(|p| matches!(p, TplPart::Move));
                let mut texts = Vec::new();
                if notation {
                    // Whole moves, for their notation (the ends from their steps).
                    lines.ends.clear();
                    let e = runner.engine().clone();
                    for m in runner.move_list(pos, usize::MAX)?.0 {
                        lines.ends.push(ends_of(&m));
                        texts.push(move_text(&e, &m));
                    }
                } else {
                    runner.move_ends(pos, &mut lines.ends)?;
                }
                let ends = std::mem::take(&mut lines.ends);
                let line = |i: usize| MoveLine {
                    ends: ends[i],
                    text: texts.get(i).map_or("", String::as_str),
                };
                // Lines of squares and text only are written without the evaluator.
                let squares_only = !notation
                    && tpl
                        .iter()
                        .all(|p| matches!(p, TplPart::Text(_) | TplPart::From | TplPart::To));
                if *sorted {
                    lines.text.clear();
                    lines.spans.clear();
                    let e = runner.engine().clone();
                    for (i, &move_ends) in ends.iter().enumerate() {
                        let start = lines.text.len();
                        if squares_only {
                            squares_line(&e.g.names, tpl, move_ends, &mut lines.text);
                        } else {
                            template(runner, pos, tpl, Some(line(i)), &mut lines.text)?;
                        }
                        lines.spans.push((0, start as u32, lines.text.len() as u32));
                        lines.text.push(b'\n');
                    }
                    // Every line's start has eight bytes after it.
                    lines.text.extend_from_slice(&[0; 8]);
                    let text = &lines.text;
                    for s in lines.spans.iter_mut() {
                        s.0 = prefix(text, s.1 as usize, s.2 as usize);
                    }
                    lines.spans.sort_unstable_by(|a, b| match a.0.cmp(&b.0) {
                        Ordering::Equal => whole_lines(text, a, b),
                        o => o,
                    });
                    for s in &lines.spans {
                        // The line and the line break after it.
                        put_span(out, text, s.1 as usize, s.2 as usize + 1);
                    }
                } else {
                    for i in 0..ends.len() {
                        template(runner, pos, tpl, Some(line(i)), out)?;
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

/// The move an `each move` line is about: its squares, and for `{move}` its notation.
#[derive(Clone, Copy)]
struct MoveLine<'a> {
    ends: MoveEnds,
    text: &'a str,
}

fn template<'p>(
    runner: &mut Runner<'p>,
    pos: &Position,
    parts: &'p [TplPart],
    mv: Option<MoveLine>,
    out: &mut Vec<u8>,
) -> Result<(), RunError> {
    for part in parts {
        match part {
            TplPart::Text(s) => put(out, s.as_bytes()),
            TplPart::Move => {
                let line = mv.expect("the checker allows {move} only in move lines");
                out.extend_from_slice(line.text.as_bytes());
            }
            TplPart::Position => {
                let e = runner.engine().clone();
                out.extend_from_slice(position_text(&e, pos, runner.vars()).as_bytes());
            }
            TplPart::Value(e) => {
                let v = runner.eval(e, pos, pos.mover)?;
                write_int(out, v);
            }
            TplPart::From | TplPart::To => {
                let ends = mv
                    .expect("the checker allows from/to only in move lines")
                    .ends;
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
                    put(out, runner.engine().g.names[sq as usize].as_bytes());
                }
            }
        }
    }
    Ok(())
}

/// The order of two lines by their whole text (out of the sort's loop: lines seldom share
/// their first eight bytes).
#[inline(never)]
fn whole_lines(text: &[u8], a: &(u64, u32, u32), b: &(u64, u32, u32)) -> Ordering {
    let line = |s: &(u64, u32, u32)| &text[s.1 as usize..s.2 as usize];
    line(a).cmp(line(b))
}

/// A move line whose template has only text and the move's squares.
#[inline]
fn squares_line(names: &[Box<str>], parts: &[TplPart], ends: MoveEnds, out: &mut Vec<u8>) {
    for part in parts {
        let bytes: &[u8] = match part {
            TplPart::Text(s) => s.as_bytes(),
            TplPart::From if ends.from != NONE => names[ends.from as usize].as_bytes(),
            TplPart::To if ends.to != NONE => names[ends.to as usize].as_bytes(),
            TplPart::From if ends.to != NONE => b"*",
            _ => b"pass",
        };
        put(out, bytes);
    }
}

/// Appends `bytes`: the one or two bytes of most separators and square names one by one,
/// longer texts with one copy (a call to memcpy costs more than two pushes).
#[inline(always)]
fn put(out: &mut Vec<u8>, bytes: &[u8]) {
    match *bytes {
        [a] => out.push(a),
        [a, b] => {
            out.push(a);
            out.push(b);
        }
        _ => out.extend_from_slice(bytes),
    }
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

/// Where a move (as its steps) starts and where its first part ends.
fn ends_of(steps: &[Step]) -> MoveEnds {
    let first = steps[0];
    let last = steps.iter().take_while(|s| s.part == first.part).last();
    MoveEnds {
        from: first.from,
        to: last.map_or(first.to, |s| s.to),
    }
}
