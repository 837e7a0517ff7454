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
        let loc = match err.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((s, _)) => s,
        }
        .min(source.len());
        let attempts = err.parse_attempts();
        // pest reports where the failing statement began; its attempts know how far the
        // parse got. Prefer the farthest point, unless all it got past is one word (then
        // the word was probably meant as a keyword, not as the name it was tried as).
        let far = attempts
            .as_ref()
            .map(|a| a.max_position.min(source.len()))
            .unwrap_or(loc);
        // A lone word the parse got past that is a keyword (`stop` of `stop aftr`) was meant
        // as one: the mistake is after it.
        let passed = source[loc..far.max(loc)].trim();
        let use_far = far > loc
            && (passed.contains(char::is_whitespace) || is_keyword(passed.trim_end_matches(':')));
        let pos = if use_far { far } else { loc };
        let mut expected: Vec<String> = Vec::new();
        // Words that would fit here, for a "did you mean" hint.
        let mut words: Vec<String> = Vec::new();
        if let Some(a) = &attempts {
            if use_far || far == loc {
                // One statement's word alone is a clause's word here (`drawn as squares`).
                let statement_words = a
                    .expected_tokens()
                    .iter()
                    .filter(|t| group(&t.to_string()) == Some("a statement"))
                    .count();
                for tok in a.expected_tokens() {
                    let text = tok.to_string();
                    // Whitespace and comments can go anywhere; `-` and `_` are only ever
                    // offered as the next letter of a name; ranges are named by rules.
                    if matches!(
                        text.as_str(),
                        "BUILTIN_RULE" | "-" | "_" | " " | "\t" | "\n" | "\r" | "#" | ""
                    ) || (text.len() > 2 && text.contains(".."))
                    {
                        continue;
                    }
                    if text.chars().all(|c| c.is_ascii_alphabetic()) {
                        words.push(text.clone());
                    }
                    expected.push(
                        group(&text)
                            .filter(|g| *g != "a statement" || statement_words > 1)
                            .map(str::to_string)
                            .unwrap_or(format!("`{text}`")),
                    );
                }
            }
            if use_far {
                for stack in a.call_stacks() {
                    if let Some(r) = stack.deepest.get_rule() {
                        // The statement being parsed is not what was expected inside it.
                        if let Some(d) = describe(*r).filter(|d| *d != "a statement") {
                            expected.push(d.to_string());
                        }
                    }
                }
            }
        }
        if !use_far && let ErrorVariant::ParsingError { positives, .. } = &err.variant {
            for r in positives {
                if let Some(d) = describe(*r) {
                    expected.push(d.to_string());
                }
            }
        }
        // Cell classes offered one by one need no summary as well.
        if expected.iter().any(|e| e == "`own`") {
            expected.retain(|e| !e.starts_with("`empty`, `own`"));
        }
        // Mid-line, a word is meant to continue the clause before it, not to start the next
        // statement: what only starts a statement is left out.
        let line_start = source[..pos].rfind('\n').map_or(0, |i| i + 1);
        let mid_line = !source[line_start..pos].trim().is_empty();
        let starts_statement = |e: &String| {
            e == "a statement"
                || e == "the end of the file"
                || STATEMENT_KEYWORDS.iter().any(|k| *e == format!("`{k}`"))
                || STATEMENT_ONLY.iter().any(|k| *e == format!("`{k}`"))
        };
        let continues = |e: &String| !starts_statement(e);
        // A word that starts a statement may also continue a clause (`drawn as squares`):
        // only the next statement offers them together.
        let next_statement = expected.iter().filter(|e| starts_statement(e)).count() > 1;
        if mid_line && next_statement && expected.iter().any(continues) {
            expected.retain(continues);
        }
        expected.sort();
        expected.dedup();
        // A keyword that matched the start of a longer word (`pass` of `passs`) fails on
        // the rest: show the whole word.
        let in_word = |i: usize| {
            source[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        let pos = if expected.is_empty() && in_word(pos) {
            let mut start = pos;
            while in_word(start) {
                start -= 1;
            }
            start
        } else {
            pos
        };
        let found = found_at(source, pos);
        let message = if expected.is_empty() {
            format!("unexpected {found}")
        } else {
            format!("expected {}, found {found}", or_list(&expected))
        };
        let len = token_len(source, pos);
        let word = &source[pos..pos + len];
        if expected.is_empty() {
            words.extend(
                STATEMENT_KEYWORDS
                    .iter()
                    .chain(CLAUSE_KEYWORDS)
                    .chain(GAME_KEYWORDS)
                    .chain(STUCK_KEYWORDS)
                    .map(|k| k.to_string()),
            );
        }
        if expected.iter().any(|e| e == "a statement") {
            words.extend(STATEMENT_KEYWORDS.iter().map(|k| k.to_string()));
        }
        if expected.iter().any(|e| e == "a move clause") {
            words.extend(CLAUSE_KEYWORDS.iter().map(|k| k.to_string()));
        }
        let help = if word.chars().next().is_some_and(char::is_alphabetic) {
            crate::suggest::closest(word, words.iter().map(String::as_str))
                .filter(|k| *k != word)
                .map(|k| format!("did you mean `{k}`?"))
        } else {
            None
        };
        // `cont black pieces`: the misspelt keyword was read as a name, and the error is at
        // the word after it. Suggest the keyword for the word before.
        let help = help.or_else(|| {
            let before = previous_word(source, pos)?;
            let keywords = EXPRESSION_KEYWORDS
                .iter()
                .chain(GAME_KEYWORDS)
                .chain(STATEMENT_KEYWORDS)
                .chain(CLAUSE_KEYWORDS)
                .copied();
            let k = crate::suggest::closest(before, keywords)?;
            (k != before).then(|| format!("did you mean `{k}`? (`{before}` was read as a name)"))
        });
        if let Some(e) = unknown_statement(source, pos) {
            return e;
        }
        if expected.iter().any(|e| e == "a name")
            && let Some(e) = reserved_as_name(source, pos)
        {
            return e;
        }
        SyntaxError {
            span: Span::new(pos, pos + len),
            message,
            label: "not expected here".to_string(),
            help,
        }
    }
}

/// The sections of a rules file (a statement that holds others), as opposed to statements.
const SECTIONS: &[&str] = &["move", "game", "input", "output", "setup"];

/// A misspelt statement keyword at the start of a line (`mvoe` for `move`), when the parse
/// fails at it or later in what follows it: the statement before may have read it as a
/// name, so that the parse fails a line later with an error about something else. The
/// error is at the misspelt word: it is not a keyword, and either the parse failed on it or
/// it is close to a statement keyword.
fn unknown_statement(source: &str, pos: usize) -> Option<SyntaxError> {
    // The last line at or before `pos` that starts at its first column (statements start
    // there; what continues a statement is usually indented).
    let mut line_start = source[..pos].rfind('\n').map_or(0, |i| i + 1);
    loop {
        let first = source[line_start..].chars().next();
        if first.is_some_and(|c| !c.is_whitespace() && c != '#') {
            break;
        }
        if line_start == 0 {
            return None;
        }
        line_start = source[..line_start - 1].rfind('\n').map_or(0, |i| i + 1);
    }
    let word_len = source[line_start..]
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(source.len() - line_start);
    let word = &source[line_start..line_start + word_len];
    if word.is_empty() || !word.starts_with(|c: char| c.is_ascii_alphabetic()) || is_keyword(word) {
        return None;
    }
    let known = STATEMENT_KEYWORDS.iter().chain(STATEMENT_ONLY).copied();
    // A word of one or two letters is a typo of too many keywords to name one.
    let meant = crate::suggest::closest(word, known).filter(|_| word.len() >= 3);
    if meant.is_none() && pos != line_start {
        return None;
    }
    let what = match meant {
        Some(k) if SECTIONS.contains(&k) => "section",
        _ => "statement",
    };
    // The message says what was meant when a keyword is close; else the help lists them.
    let help = meant.is_none().then(|| {
        format!(
            "a statement starts with a keyword: {}",
            STATEMENT_KEYWORDS
                .iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    });
    let message = match meant {
        Some(k) => format!("unknown {what} `{word}`, did you mean `{k}`?"),
        None => format!("unknown {what} `{word}`"),
    };
    Some(SyntaxError {
        span: Span::new(line_start, line_start + word_len),
        message,
        label: format!("not a {what} keyword"),
        help,
    })
}

/// The words that start an expression (`count own pieces`, `no moves`, `any ...`), for a
/// "did you mean" hint on a name right before a parse error.
const EXPRESSION_KEYWORDS: &[&str] = &["count", "any", "no", "max", "min", "sum", "plies", "size"];

/// The word that ends right before `pos` (spaces between), if it is a plain name.
fn previous_word(source: &str, pos: usize) -> Option<&str> {
    let head = source[..pos].trim_end_matches([' ', '\t']);
    let start = head
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    let word = &head[start..];
    (word.len() >= 3 && word.chars().all(|c| c.is_ascii_alphabetic()) && head.len() < pos)
        .then_some(word)
}

/// A reserved word written where a name goes (`kinds line, box`, `let end = 3`): the parse
/// fails just after it, since a keyword is never a name. The error is at the word.
fn reserved_as_name(source: &str, pos: usize) -> Option<SyntaxError> {
    let start = source[..pos]
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .map_or(0, |i| i + 1);
    let word = &source[start..pos];
    if word.is_empty() || !is_keyword(word) {
        return None;
    }
    Some(SyntaxError {
        span: Span::new(start, pos),
        message: format!("`{word}` is a reserved word, so it cannot be a name"),
        label: "reserved".to_string(),
        help: Some(format!(
            "choose another name, such as `{word}2` or `my-{word}` (docs/language.md lists the reserved words)"
        )),
    })
}

/// What a side with no move does: `no moves: pass`.
const STUCK_KEYWORDS: &[&str] = &["pass", "end", "lose", "draw"];

/// The words that start a clause of the `game` section.
const GAME_KEYWORDS: &[&str] = &["result", "stop", "draw", "wins", "loses"];

/// Words that start statements the expected lists name (`identical captures are one move`,
/// `legal if`, `moves written with`, `no move may repeat`, `each square holds`), besides
/// [`STATEMENT_KEYWORDS`].
const STATEMENT_ONLY: &[&str] = &["identical", "legal", "moves", "no", "each"];

/// Whether `word` is one of the language's reserved words (the grammar's `keyword` rule).
fn is_keyword(word: &str) -> bool {
    !word.is_empty()
        && <super::grammar::RulesParser as pest::Parser<Rule>>::parse(Rule::keyword, word)
            .is_ok_and(|mut p| p.next().is_some_and(|k| k.as_str() == word))
}

/// The words that start statements and move clauses, for "did you mean" hints.
const STATEMENT_KEYWORDS: &[&str] = &[
    "setup",
    "game",
    "captures",
    "board",
    "blocks",
    "lines",
    "zone",
    "squares",
    "sides",
    "kinds",
    "pieces",
    "empty",
    "first",
    "direction",
    "directions",
    "promote",
    "let",
    "move",
    "require",
    "input",
    "output",
];
const CLAUSE_KEYWORDS: &[&str] = &[
    "slide", "step", "place", "jump", "pass", "rotate", "remove", "fly", "distance", "over",
    "onto", "flip", "continue", "captured", "claiming", "again",
];

/// Keywords that start a statement all read as "a statement" in a list of expectations.
fn group(token: &str) -> Option<&'static str> {
    match token {
        "!=" | "*" | "+" | "-" | "<=" | "<" | "=" | ">=" | ">" | "and" | "or" => {
            Some("an operator")
        }
        "board" | "blocks" | "lines" | "zone" | "squares" | "sides" | "kinds" | "pieces"
        | "first" | "direction" | "directions" | "promote" | "let" | "move" | "require"
        | "input" | "output" | "setup" | "game" | "captures" => Some("a statement"),
        _ => None,
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

/// [`describe`] for the words of dice, counts, stacks and pictures.
fn describe_counts(rule: Rule) -> Option<&'static str> {
    use Rule::*;
    Some(match rule {
        one_die | die_word | dice_word | faces | faces_word => "`roll one die` or `roll N dice`",
        again_on => "`again on N [or N ...]`",
        the_roll | the_die => "`the roll` or `the die`",
        per_die | doubles_twice | doubles_word | twice_word | opening => "a clause of `roll`",
        on_square | behind | behind_word => "`on SQUARE` or `behind SQUARE along DIRECTION`",
        holds_word => "`each square holds NAME`",
        through | through_word | once => "`through` and the squares of a route, in order",
        held | no_held => "`NAME on SQUARE` (the count a square holds)",
        holding | holding_word | holding_more | more_word => "`holding N [to M]`",
        in_run | run_word => "`in a run from SQUARE along DIRECTION`",
        own_zone | enemy_zone | side_zone | own_word | enemy_word => {
            "a zone of a side (`own NAME`, `enemy NAME`, `NAME of SIDE`)"
        }
        strength_class | stronger | weaker | than => {
            "`stronger than SQUARE` or `weaker than SQUARE`"
        }
        _ => return None,
    })
}

/// What each grammar rule means to a rule author; `None` for rules whose literal
/// tokens already say it. No `_` arm: a new rule must say how it reads.
fn describe(rule: Rule) -> Option<&'static str> {
    use Rule::*;
    Some(match rule {
        EOI => "the end of the file",
        sow | sow_word | skipping | skipping_word | counts_as | counts_word | pushing
        | pushing_word | pulling | pulling_word | claiming | again | rotate | remove | fly
        | kind_action | slide | step | place | jump | pass | distance | over | onto | gap
        | any_gap | bounded_gap | hop | flip | continue_ | while_possible | optionally
        | captured | marking | taking | moving | must_flip | then_part | where_ | leaves_not
        | unless_word | that_word | leaves_word | mandatory_move | past_end | past_word => {
            "a move clause"
        }
        WHITESPACE | COMMENT | idc | statement | move_part | action | atom | set_base
        | input_item | out_stmt | cell_shape | piece_style | intersections_word | hexagons_word
        | squares_word | figurines_word | tiles_word | discs_word | stones_word | pits_word
        | triangles_word | drawn_detail | narrow | narrow_word | drawn_zone | stores_word
        | diagonals_word | strips_word | river | river_word | list_end => {
            return None;
        }
        file | board | blocks | lines | zone | squares | sides | kinds | pieces | empty | first
        | direction | directions | promote | let_ | require | move_ | input | output | legal
        | notation | setup | mandatory | game | identical | no_repeat | turns | unchanged
        | holds | turns_word | turn_word | unchanged_word | to_hand | stranded | go_word
        | captors_word | unpromoted_word | piece_word | stand_word | it_word | can_word
        | the_captors | their_owners | their_word | owners_word | roll | stacks | stack_word
        | drawn | drawn_word => "a statement",
        one_die | die_word | dice_word | faces | faces_word | again_on | the_roll | the_die
        | per_die | doubles_twice | doubles_word | twice_word | opening | on_square | behind
        | behind_word | holds_word | held | no_held | holding | holding_word | holding_more
        | more_word | in_run | run_word | through | through_word | once | own_zone | enemy_zone
        | side_zone | own_word | enemy_word | strength_class | stronger | weaker | than => {
            return describe_counts(rule);
        }
        take_squares | take_into | into_word | take_if | take_unless => "a `taking` clause",
        kind_sep => "`,` or `>`",
        isolated => "`isolated`",
        block_class | block_ref | block_of | block_matching | block_test => "`the block of SQUARE`",
        block_set => "`blocks where CONDITION`",
        next_to | next_word | in_line => "`next to SQUARE` or `in the column of SQUARE`",
        keyword => "a keyword",
        name => "a name",
        integer => "a number",
        signed => "a whole number",
        string | str_chars => "a string in double quotes",
        dim => "a size (a number or an input variable)",
        zone_name => "a zone's name",
        setup_hand => "`each side has N in hand`",
        part_if => "`if CONDITION,`",
        row_class => "`in a row of N along DIRECTIONS`",
        in_hand => "`in hand`",
        board_line => "a line: the names of its points, in order",
        point_name => "a point's name (a square's name, such as `a1`)",
        zone_item | zone_pattern | rows_word | columns_word => {
            "a square's name or `[odd | even] rows x [odd | even] columns`"
        }
        parity => "`odd` or `even`",
        between_parts => "a game clause",
        colour_squares => "`the dark squares` or `the light squares`",
        colour => "`dark` or `light`",
        exactly => "`exactly`",
        repeated => "`position repeated N times`",
        turn | quarter_turn | half_turn => "`a quarter turn` or `a half turn`",
        turn_way | either_way | clockwise | anticlockwise => {
            "`either way`, `clockwise` or `anticlockwise`"
        }
        square_part | axis => "`row` or `column`",
        style => "`letter` or `number`",
        square_join => "`+` or `,`",
        side_def => "a side name",
        piece_def => "a piece symbol in double quotes",
        direction_def => "a direction definition (`name = row-step column-step`)",
        vector => "two whole numbers (row step, column step)",
        name_sum => "direction names joined by `+`",
        name_list => "a list of names separated by commas",
        dir_item => "a direction name or a step (`2 1`)",
        timing | at_once | at_end => "`at once` or `at end of move`",
        cells | cell => "`empty`, `own` or `enemy`",
        gap_side => "`before` or `after`",
        at_most => "`at most`",
        sideways => "`sideways if blocked`",
        cascading => "`cascading`",
        no_turning_back => "`never straight back`",
        expr | conj | negation | compare | sum | product | unary => "an expression",
        not_op => "`not`",
        compare_op | add_op | mul_op | minus => "an operator",
        count_moves | count_regions | count_set => "a count",
        best | best_op => "`max` or `min`",
        region_sum => "a sum over regions",
        no_moves | no_set => "`no`",
        size => "`size`",
        reference => "a name",
        regions => "`regions of ...`",
        border | border_only | border_none | border_any => "a bordered clause",
        containing | touching => "`containing SET` or `touching AREA`",
        square_set | own_pieces | enemy_pieces | empty_squares | all_pieces | all_squares
        | side_pieces => {
            "a set of squares (`own pieces`, `enemy pieces`, `empty squares`, `SIDE pieces`, ...)"
        }
        on_line => "`on line`",
        repeat => "`repeat`",
        until_end | until_token | times => "`until end`, `until \"TOKEN\"` or `COUNT times`",
        grid | mover | read | read_name | square_list | list_word | literal | hand_item
        | last_item | roll_item | packed_grid | unmoved_item | unmoved_def | unmoved_place
        | marked_item | mover_name => "an input item",
        between | each_move | line | sorted | if_ | otherwise => "an output line",
        template | text | hole => "a template string",
        move_text | position_text => "`move` or `position`",
        lowercase_letter => "`lowercase letter`",
        attacked_class => "`attacked`",
        marked_class => "`marked`",
        area_class => "`on` and a part of the board",
        piece_class | unmoved | piece_words | kind_class => {
            "`empty`, `own`, `enemy`, a side or a kind (`unmoved own rook`)"
        }
        nth_row | ordinal | far_rows => "a row (`the second row`, `the far 3 rows`, ...)",
        plies_without | quiet_item => "`plies without capture`",
        read_range | read_bound | at_least | least_word | from_word => {
            "`at least N`, `at most N` or `from N to M`"
        }
        captures_with | promotions_as | lowercase | drops_as | drops_word => "a notation clause",
        setup_place => "a side and its squares (`black on \"D5\", \"E4\"`)",
        setup_row => "a board row in double quotes",
        game_clause | stuck | stop_after | result => "a game clause",
        stuck_pass | stuck_end | stuck_lose | stuck_draw => "`pass`, `end`, `lose` or `draw`",
        until_promoted => "`until promoted`",
        same_order => "`in the same order`",
        to_move => "`SIDE to move`",
        from_bottom | right_word => "`from the bottom` or `from the right`",
        setup_empty => "`empty`",
        end_line | outcome | side_outcome | wins | loses | draw => {
            "an outcome (`SIDE wins`, `SIDE loses` or `draw`)"
        }
        in_a_row => "`N SQUARES in a row along DIRECTIONS`",
        any_set => "`any`",
        square_test | square_ref | square_step | square_base | last_to | to_word => {
            "a square of the move (`to`, `from`, `down of to`, ...) and `is`"
        }
        square_class | off_board | empty_class | own_class | enemy_class | side_class => {
            "`empty`, `own`, `enemy`, `off the board`, `attacked`, `marked` or a side"
        }
        numbered => "`numbered over the dark squares`",
        the_most => "`taking the most`",
        last_position | earlier_position => {
            "`the position before the last move` or `an earlier position`"
        }
        passes_in_a_row => "`N passes in a row`",
        no_liberty | size_filter => "`with no empty neighbour` or `with size >= N`",
        on_area | area | far_row | home_row | edge | edge_side => {
            "a part of the board (`the far row`, `the home row`, `the top edge`, ...)"
        }
    })
}
