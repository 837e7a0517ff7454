//! A position written as a case of the rules file's input section reads it (`{position}`):
//! a packed board with the side to move and the counters after it, a grid, a hand in
//! brackets glued to the board. Each item of the section's repeated part writes what it
//! would read; what a position does not keep
//! (the numbers `read` into input variables) is written as it was last read (never below
//! the least its `read` item allows).

use super::board_text::{cell_char, hand, symbol};
use crate::compile::Engine;
use crate::program::{Code, EMPTY, GHOST, InItem};
use crate::run::Position;

/// The position as a case of the input writes it; empty when the rules file reads none.
pub fn position_text(e: &Engine, pos: &Position, vars: &[i64]) -> String {
    let Some(input) = &e.p.input else {
        return String::new();
    };
    let mut out = String::new();
    // Whether the next item is glued to what came before (after an opening bracket).
    let mut glued = true;
    for (i, item) in input.body.iter().enumerate() {
        let text = match item {
            InItem::Literal(t) => {
                let opens = t.starts_with(['[', '(', '{', '<']);
                let closes = t.starts_with([']', ')', '}', '>']);
                if !(opens || closes || glued) {
                    out.push(' ');
                }
                out.push_str(t);
                glued = opens;
                continue;
            }
            // Inside brackets a hand repeats its symbols, one per piece (`[PPn]`).
            InItem::Hand if glued && i > 0 => bracketed_hand(e, pos),
            other => item_text(e, pos, vars, other),
        };
        if !glued {
            out.push(' ');
        }
        out.push_str(&text);
        glued = false;
    }
    out
}

/// What one item (not a literal) writes.
fn item_text(e: &Engine, pos: &Position, vars: &[i64], item: &InItem) -> String {
    let (p, g) = (e.p, &e.g);
    match item {
        InItem::Grid => {
            // A row of counts or stacks is written with a space between squares, as it is read.
            let between = if p.held.is_some() || p.stacks {
                " "
            } else {
                ""
            };
            let rows: Vec<String> = (0..g.rows)
                .map(|r| {
                    let cells: Vec<String> = (0..g.cols).map(|c| cell(e, pos, r, c)).collect();
                    cells.join(between)
                })
                .collect();
            rows.join("\n")
        }
        InItem::PackedGrid(sep) => packed(e, pos, sep),
        InItem::Roll => match pos.dice & crate::run::position::SECOND_PLAY {
            0 => crate::program::roll_text(&pos.roll),
            _ => format!("{} again", crate::program::roll_text(&pos.roll)),
        },
        // The side's word, or the symbol of its first kind, as input files mostly write it.
        InItem::Mover(words) => match words.iter().find(|(_, s)| *s == pos.mover) {
            Some((w, _)) => w.clone(),
            None => match &*e.t.symbol_text[p.code(pos.mover, 0) as usize] {
                "" => p.sides[pos.mover as usize].name.clone(),
                own => own.to_string(),
            },
        },
        InItem::Unmoved(letters) => {
            let named = |sq: &str| g.names.iter().position(|n| &**n == sq);
            let letters: String = letters
                .iter()
                .filter(|l| {
                    l.pieces.iter().all(|(sq, code)| {
                        named(sq).is_some_and(|at| pos.cells[at] == *code && !pos.has_moved(at))
                    })
                })
                .map(|l| l.letter)
                .collect();
            dash_if_empty(letters)
        }
        InItem::Marked => (0..g.n)
            .find(|&sq| pos.is_marked(sq))
            .map_or("-".to_string(), |sq| g.names[sq].to_string()),
        InItem::LastTo => match pos.last.0 {
            u32::MAX => "-".to_string(),
            sq => g.names[sq as usize].to_string(),
        },
        InItem::Hand => hand(e, pos),
        InItem::Quiet => pos.quiet.to_string(),
        InItem::Read(read) => {
            // A number never read (a setup's 0, or none given) is written as the least the
            // item allows, so that the text reads back.
            let values: Vec<String> = read
                .iter()
                .map(|r| vars.get(r.var).map_or(r.least, |&x| x.max(r.least)))
                .map(|x| x.to_string())
                .collect();
            values.join(" ")
        }
        InItem::Squares {
            piece, separator, ..
        } => {
            let squares: Vec<&str> = (0..g.n)
                .filter(|&sq| pos.cells[sq] == *piece)
                .map(|sq| &*g.names[sq])
                .collect();
            squares.join(separator.as_deref().unwrap_or(" "))
        }
        InItem::Literal(t) => t.clone(),
    }
}

/// What the cell at row `r`, column `c` is written with: its count, its symbol, or on a
/// board of points on lines the line drawn through a cell that is no point.
fn cell(e: &Engine, pos: &Position, r: u32, c: u32) -> String {
    match e.g.square_at(r, c) {
        Some(sq) if e.p.held.is_some() => pos.cells[sq].to_string(),
        // A stack as its height and symbol (`1x`, `5x`), as an oracle writes it.
        Some(sq) if e.p.stacks && pos.height(sq) > 0 => {
            format!("{}{}", pos.height(sq), cell_char(e, pos, r, c))
        }
        _ => cell_char(e, pos, r, c),
    }
}

/// The board in one token: rows from the top joined by `sep`, a run of empty squares as its
/// length.
fn packed(e: &Engine, pos: &Position, sep: &str) -> String {
    let g = &e.g;
    let mut rows = Vec::with_capacity(g.rows as usize);
    for r in 0..g.rows {
        let (mut row, mut run) = (String::new(), 0);
        for c in 0..g.cols {
            let code = e.g.square_at(r, c).map_or(EMPTY, |sq| pos.cells[sq]);
            if code == EMPTY || code == GHOST {
                run += 1;
                continue;
            }
            if run > 0 {
                row.push_str(&run.to_string());
                run = 0;
            }
            row.push_str(&symbol(e.p, &e.t, code));
        }
        if run > 0 {
            row.push_str(&run.to_string());
        }
        rows.push(row);
    }
    rows.join(sep)
}

/// The pieces in hand, each symbol once per piece (`PPn`), nothing for none.
fn bracketed_hand(e: &Engine, pos: &Position) -> String {
    let mut out = String::new();
    for (code, &n) in pos.hand.iter().enumerate() {
        for _ in 0..n {
            out.push_str(&symbol(e.p, &e.t, code as Code));
        }
    }
    out
}

fn dash_if_empty(s: String) -> String {
    match s.is_empty() {
        true => "-".to_string(),
        false => s,
    }
}
