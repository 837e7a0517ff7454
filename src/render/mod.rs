//! Views of positions and answers: the output section's lines ([`output`]), a board as
//! text ([`board_text`]) or as an SVG picture ([`svg`], its board drawn by [`board_svg`], its
//! pieces by [`figures`], the edges a side must join by [`edges`]), the moves of a position with
//! their explanations ([`move_view`] builds the values of [`move_views`], written as text by
//! [`moves_text`]), a position as the input writes it ([`position_text`]), the tally of
//! random games ([`tally`]), what a rules file compiles to ([`representation`]) and the
//! JSON documents of `--format json` ([`json`]).

pub mod board_svg;
pub mod board_text;
pub mod edges;
pub mod figures;
pub mod frame;
pub mod json;
pub mod move_view;
pub mod move_views;
pub mod moves_text;
pub mod output;
pub mod position_text;
pub mod representation;
pub mod svg;
pub mod tally;
pub mod xml;
