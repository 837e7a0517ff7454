//! A position drawn as text: one line per row with the game's own row and column names,
//! one symbol per square (the symbols the input uses).

use crate::compile::{Engine, Tables};
use crate::program::{Code, EMPTY, Notation, Program};
use crate::run::Position;
use crate::syntax::ast::{Axis, Style};

/// The name of row or column `i` (from 0, rows from the top) of `len` as the game's square
/// notation writes it. When only the dark squares are numbered, a row is labelled with the
/// numbers of its first and last squares (`6-10`) and a column has no label; `cols` is the
/// width of the board.
pub fn axis_label(notation: &Notation, axis: Axis, i: u32, len: u32, cols: u32) -> String {
    if notation.numbered {
        return match axis {
            Axis::Row => {
                let before = (0..i * cols)
                    .filter(|sq| Notation::is_dark(len, sq / cols, sq % cols))
                    .count();
                let here = (0..cols).filter(|&c| Notation::is_dark(len, i, c)).count();
                match here {
                    0 => String::new(),
                    _ => format!("{}-{}", before + 1, before + here),
                }
            }
            Axis::Column => String::new(),
        };
    }
    let i = match axis {
        Axis::Row if notation.rows_from_bottom => len - 1 - i,
        Axis::Column if notation.cols_from_right => len - 1 - i,
        _ => i,
    };
    match notation.parts.iter().find(|(a, _)| *a == axis) {
        Some((_, Style::Letter)) if notation.lowercase => {
            char::from(b'a' + (i % 26) as u8).to_string()
        }
        Some((_, Style::Letter)) => char::from(b'A' + (i % 26) as u8).to_string(),
        _ => (i + 1).to_string(),
    }
}

/// The character a cell is drawn with: the input symbol for it, or for a piece that has
/// none (a king made by promotion, say) its side's first symbol with the case swapped.
pub fn symbol(p: &Program, t: &Tables, code: Code) -> String {
    let own = &t.symbol_text[code as usize];
    if !own.is_empty() {
        return own.to_string();
    }
    if code == EMPTY {
        return ".".to_string();
    }
    let base = t.symbol[p.code(t.side_of[code as usize], 0) as usize] as char;
    let swapped = if base.is_ascii_lowercase() {
        base.to_ascii_uppercase()
    } else if base.is_ascii_uppercase() {
        base.to_ascii_lowercase()
    } else {
        '?'
    };
    swapped.to_string()
}

/// How wide the widest symbol is (1 unless some symbol has several characters: `+P`).
pub fn symbol_width(t: &Tables) -> usize {
    t.long_symbols
        .iter()
        .map(|(s, _)| s.len())
        .max()
        .unwrap_or(1)
}

/// The board's rows from the top, one symbol per square (on a board of counts or of
/// stacks, the counts or stacks separated by spaces, as the input writes them).
pub fn rows(e: &Engine, pos: &Position) -> Vec<String> {
    let g = &e.g;
    if e.p.held.is_some() || e.p.stacks {
        return (0..g.rows)
            .map(|r| {
                let counts: Vec<String> = (0..g.cols).map(|c| cell_text(e, pos, r, c)).collect();
                counts.join(" ")
            })
            .collect();
    }
    // Symbols of several characters are right-aligned in cells as wide as the widest.
    let w = symbol_width(&e.t);
    (0..g.rows)
        .map(|r| {
            (0..g.cols)
                .map(|c| format!("{:>w$}", cell_char(e, pos, r, c)))
                .collect()
        })
        .collect()
}

/// What the grid cell at row `r`, column `c` is drawn with: [`cell_char`], on a board of
/// counts the count, on a board of stacks a stack of several as its height and symbol (`5x`).
pub fn cell_text(e: &Engine, pos: &Position, r: u32, c: u32) -> String {
    match (e.p.held.is_some(), e.g.square_at(r, c)) {
        (true, Some(sq)) => pos.cells[sq].to_string(),
        (false, Some(sq)) if e.p.stacks && pos.height(sq) > 1 => {
            format!("{}{}", pos.height(sq), cell_char(e, pos, r, c))
        }
        _ => cell_char(e, pos, r, c),
    }
}

/// The character of the grid cell at row `r`, column `c`: its square's symbol, or on a board
/// of points on lines the line drawn through a cell that is not a point.
pub fn cell_char(e: &Engine, pos: &Position, r: u32, c: u32) -> String {
    match (e.g.square_at(r, c), &e.p.points) {
        (Some(sq), _) => symbol(e.p, &e.t, pos.cells[sq]),
        (None, Some(pts)) => pts.filler[(r * e.g.cols + c) as usize].to_string(),
        (None, None) => " ".to_string(),
    }
}

/// The board as lines of text, a header line of column names first.
pub fn draw(e: &Engine, pos: &Position) -> Vec<String> {
    draw_marked(e, pos, &[])
}

/// The board as [`draw`] draws it, with the squares in `marks` (a move's squares, say)
/// bracketed: `[B]`.
pub fn draw_marked(e: &Engine, pos: &Position, marks: &[u32]) -> Vec<String> {
    let (p, g) = (e.p, &e.g);
    let cols: Vec<String> = (0..g.cols)
        .map(|c| axis_label(&p.notation, Axis::Column, c, g.cols, g.cols))
        .collect();
    let rows: Vec<String> = (0..g.rows)
        .map(|r| axis_label(&p.notation, Axis::Row, r, g.rows, g.cols))
        .collect();
    let cw = cols.iter().map(String::len).max().unwrap_or(1).max(1);
    // On a board of counts a column is as wide as its widest count.
    let cw = match p.held {
        Some(_) => cw.max(
            pos.cells
                .iter()
                .map(|c| c.to_string().len())
                .max()
                .unwrap_or(1),
        ),
        None if p.stacks => cw.max(
            (0..pos.cells.len())
                .map(|sq| pos.height(sq).to_string().len() + symbol_width(&e.t))
                .max()
                .unwrap_or(1),
        ),
        None => cw.max(symbol_width(&e.t)),
    };
    let rw = rows.iter().map(String::len).max().unwrap_or(1);
    let mut lines = Vec::with_capacity(rows.len() + 1);
    if cols.iter().any(|c| !c.is_empty()) {
        let mut head = " ".repeat(rw);
        for c in &cols {
            head.push_str(&format!(" {c:>cw$}"));
        }
        lines.push(head);
    }
    for (r, label) in rows.iter().enumerate() {
        let mut line = format!("{label:>rw$}");
        let mut after_mark = false;
        for c in 0..g.cols as usize {
            let sq = g.square_at(r as u32, c as u32);
            let sym = cell_text(e, pos, r as u32, c as u32);
            let marked = sq.is_some_and(|sq| marks.contains(&(sq as u32)));
            let pad = " ".repeat(cw.saturating_sub(sym.chars().count()));
            let left = match (marked, after_mark) {
                (true, _) => '[',
                (false, true) => ']',
                (false, false) => ' ',
            };
            if marked {
                line.push_str(&format!("{pad}{left}{sym}"));
            } else {
                line.push_str(&format!("{left}{pad}{sym}"));
            }
            after_mark = marked;
        }
        if after_mark {
            line.push(']');
        }
        lines.push(line);
    }
    if !pos.hand.is_empty() {
        lines.push(format!("in hand: {}", hand(e, pos)));
    }
    lines
}

/// What a title says of the turn's roll: `, roll 3-5`, `, to roll` before it is made, and
/// nothing in a game without dice.
pub fn roll_note(e: &Engine, pos: &Position) -> String {
    match (e.p.dice.is_some(), pos.rolled()) {
        (false, _) => String::new(),
        (true, false) => ", to roll".to_string(),
        (true, true) => format!(", roll {}", crate::program::roll_text(&pos.roll)),
    }
}

/// The pieces in hand as a `hand` input item writes them: each piece's count and symbol
/// (`9W9B`, a count of 1 left out), `-` for none.
pub fn hand(e: &Engine, pos: &Position) -> String {
    let mut out = String::new();
    for (code, &n) in pos.hand.iter().enumerate().filter(|(_, n)| **n > 0) {
        if n > 1 {
            out.push_str(&n.to_string());
        }
        out.push_str(&symbol(e.p, &e.t, code as Code));
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}
