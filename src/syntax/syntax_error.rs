//! A syntax error as plain data: where, what was expected, what was found.
//! Rendering happens in `diagnostic.rs`.

use pest::error::{ErrorVariant, InputLocation};

use super::ast::Span;
use super::grammar::Rule;

#[derive(Debug, Clone)]
pub struct SyntaxError {
    pub span: Span,
    pub message: String,
    pub label: String,
    pub help: Option<String>,
}

impl SyntaxError {
    pub fn custom(span: Span, message: &str, help: Option<&str>) -> SyntaxError {
        SyntaxError {
            span,
            message: message.to_string(),
            label: "here".to_string(),
            help: help.map(str::to_string),
        }
    }

    pub fn from_pest(err: pest::error::Error<Rule>, source: &str) -> SyntaxError {
        let pos = match err.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((s, _)) => s,
        };
        let pos = pos.min(source.len());
        let mut expected: Vec<String> = Vec::new();
        if let Some(attempts) = err.parse_attempts() {
            for tok in attempts.expected_tokens() {
                // Literal tokens print as themselves; character ranges and built-ins
                // are covered by the rule descriptions below.
                let text = tok.to_string();
                // `-` and `_` are only ever offered as the next letter of a name.
                if text == "BUILTIN_RULE"
                    || text == "-"
                    || text == "_"
                    || (text.len() > 2 && text.contains(".."))
                {
                    continue;
                }
                expected.push(format!("`{text}`"));
            }
        }
        if let ErrorVariant::ParsingError { positives, .. } = &err.variant {
            for r in positives {
                if let Some(d) = describe(*r) {
                    expected.push(d.to_string());
                }
            }
        }
        // A keyword attempt shows up as a list of every keyword: name the group instead.
        if expected.len() > 12 {
            expected.retain(|e| !e.starts_with('`'));
            expected.push("a statement or clause keyword".to_string());
        }
        expected.sort();
        expected.dedup();
        let found = found_at(source, pos);
        let message = if expected.is_empty() {
            format!("unexpected {found}")
        } else {
            format!("expected {}, found {found}", or_list(&expected))
        };
        let len = token_len(source, pos);
        SyntaxError {
            span: Span::new(pos, pos + len),
            message,
            label: "not expected here".to_string(),
            help: None,
        }
    }
}

fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn token_len(source: &str, pos: usize) -> usize {
    let rest = &source[pos..];
    let mut chars = rest.char_indices();
    match chars.next() {
        None => 0,
        Some((_, c)) if c.is_alphanumeric() || c == '_' => rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(rest.len()),
        Some((_, c)) => c.len_utf8(),
    }
}

fn found_at(source: &str, pos: usize) -> String {
    let len = token_len(source, pos);
    match &source[pos..pos + len] {
        "" => "the end of the file".to_string(),
        "\n" | "\r" => "the end of the line".to_string(),
        t => format!("`{t}`"),
    }
}

/// What each grammar rule means to a rule author; `None` for rules whose literal
/// tokens already say it. No `_` arm: a new rule must say how it reads.
fn describe(rule: Rule) -> Option<&'static str> {
    use Rule::*;
    Some(match rule {
        EOI => "the end of the file",
        WHITESPACE | COMMENT | idc | statement | move_part | action | atom | set_base
        | input_item | out_stmt => {
            return None;
        }
        keyword => "a keyword",
        name => "a name",
        integer => "a number",
        signed => "a whole number",
        string | str_chars => "a string in double quotes",
        file => "a statement",
        board => "a board statement",
        dim => "a size (a number or an input variable)",
        squares => "a squares statement",
        square_part | axis => "`row` or `column`",
        style => "`letter` or `number`",
        square_join => "`+` or `,`",
        sides => "a sides statement",
        side_def => "a side name",
        kinds => "a kinds statement",
        pieces => "a pieces statement",
        piece_def => "a piece symbol in double quotes",
        empty => "an empty statement",
        first => "a first statement",
        direction => "a direction statement",
        direction_def => "a direction definition (`name = row-step column-step`)",
        vector => "two whole numbers (row step, column step)",
        name_sum => "direction names joined by `+`",
        directions => "a directions statement",
        name_list => "a list of names separated by commas",
        promote => "a promote statement",
        timing | at_once | at_end => "`at once` or `at end of move`",
        let_ => "a let statement",
        require => "a require statement",
        move_ => "a move statement",
        kind_action => "a piece kind followed by `:`",
        slide | step | place | jump | pass => {
            "a move action (`slide`, `step`, `place`, `jump` or `pass`)"
        }
        distance | over | onto => "a move clause",
        cells | cell => "`empty`, `own` or `enemy`",
        gap | any_gap | bounded_gap => "a gap clause",
        gap_side => "`before` or `after`",
        flip => "a flip clause",
        cascading => "`cascading`",
        continue_ | while_possible | optionally => "a continue clause",
        no_reversing => "`never straight back`",
        captured => "a captured clause",
        expr | conj | negation | compare | sum | product | unary => "an expression",
        not_op => "`not`",
        compare_op => "a comparison (`=`, `!=`, `<`, `<=`, `>`, `>=`)",
        add_op | mul_op | minus => "an operator",
        count_moves | count_regions | count_set => "a count",
        best | best_op => "`max` or `min`",
        region_sum => "a sum over regions",
        no_moves | no_set => "`no`",
        size => "`size`",
        reference => "a name",
        regions => "`regions of ...`",
        border | border_only | border_none | border_any => "a bordered clause",
        square_set | own_pieces | enemy_pieces | empty_squares | all_pieces | all_squares
        | side_pieces => {
            "a set of squares (`own pieces`, `enemy pieces`, `empty squares`, `SIDE pieces`, ...)"
        }
        on_line => "`on line`",
        input => "an input section",
        repeat => "`repeat`",
        until_end | until_token | times => "`until end`, `until \"TOKEN\"` or `COUNT times`",
        grid | mover | read | square_list | list_word | literal => "an input item",
        output => "an output section",
        between | each_move | line | sorted | if_ | otherwise => "an output line",
        template | text | hole => "a template string",
    })
}
