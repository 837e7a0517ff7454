//! Parsing the `drawn` statement: the shape of the cells, the style of the pieces and the
//! details after commas.

use pest::iterators::{Pair, Pairs};

use super::ast::{CellShape, DrawnDetail, PieceStyle, StatementKind};
use super::grammar::Rule;
use super::pairs::{name, span};

/// `drawn as SHAPE [with STYLE]` or `drawn with STYLE`, then details after commas.
pub(super) fn drawn(inner: Pairs<Rule>) -> StatementKind {
    let (mut shape, mut style, mut details) = (None, None, Vec::new());
    for p in inner {
        let word = p.clone().into_inner().next().map(|w| w.as_rule());
        match (p.as_rule(), word) {
            (Rule::cell_shape, Some(Rule::intersections_word)) => {
                shape = Some(CellShape::Intersections)
            }
            (Rule::cell_shape, Some(Rule::hexagons_word)) => shape = Some(CellShape::Hexagons),
            (Rule::cell_shape, Some(Rule::pits_word)) => shape = Some(CellShape::Pits),
            (Rule::cell_shape, Some(Rule::triangles_word)) => shape = Some(CellShape::Triangles),
            (Rule::cell_shape, _) => shape = Some(CellShape::Squares),
            (Rule::piece_style, Some(Rule::figurines_word)) => style = Some(PieceStyle::Figurines),
            (Rule::piece_style, Some(Rule::tiles_word)) => style = Some(PieceStyle::Tiles),
            (Rule::piece_style, Some(Rule::discs_word)) => style = Some(PieceStyle::Discs),
            (Rule::piece_style, _) => style = Some(PieceStyle::Stones),
            (Rule::drawn_detail, _) => details.push(drawn_detail(p)),
            _ => {}
        }
    }
    StatementKind::Drawn {
        shape,
        style,
        details,
    }
}

/// One detail of a `drawn` statement: `narrow ...`, `stores on Z`, `diagonals on Z`,
/// `strips on Z`, `a river across the middle`.
fn drawn_detail(pair: Pair<Rule>) -> DrawnDetail {
    let detail = pair.into_inner().next().unwrap();
    let span = span(&detail);
    match detail.as_rule() {
        Rule::narrow => {
            let (mut rows, mut cols, mut odd) = (None, None, false);
            for p in detail.into_inner() {
                match p.as_rule() {
                    Rule::parity => odd = p.as_str() == "odd",
                    Rule::rows_word if rows.is_none() => rows = Some(odd),
                    Rule::columns_word if cols.is_none() => cols = Some(odd),
                    // Said twice: the checker reports it from the span.
                    Rule::rows_word | Rule::columns_word => {
                        return DrawnDetail::Narrow {
                            rows: None,
                            cols: None,
                            span,
                        };
                    }
                    _ => {}
                }
            }
            DrawnDetail::Narrow { rows, cols, span }
        }
        Rule::drawn_zone => {
            let mut it = detail.into_inner();
            let word = it.next().unwrap().as_rule();
            let zones = it.map(name).collect();
            match word {
                Rule::stores_word => DrawnDetail::Stores(zones),
                Rule::strips_word => DrawnDetail::Strips(zones),
                _ => DrawnDetail::Diagonals(zones),
            }
        }
        _ => DrawnDetail::River(span),
    }
}
