//! Asking the grammar what fits: the words that may come after a text (an editor's
//! completions) and whether a text is a name (an editor's renames).

use pest::Parser;

use super::grammar::{Rule, RulesParser};
use super::parse::{CALL_LIMIT, PEST_SETTINGS};

/// What the grammar accepts after a text.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Next {
    /// The keywords that may come next, sorted.
    pub words: Vec<String>,
    /// Whether a name may come next (a declared one, or a new one).
    pub name: bool,
    /// Whether an expression may come next (a let or an input variable fits there).
    pub expr: bool,
}

/// What may come after `text`, which begins at the start of a statement. Nothing when
/// the text already fails to parse before its end.
pub fn next_after(text: &str) -> Next {
    // A character no rule accepts outside strings and comments: the parse fails at it,
    // and pest lists what it tried there.
    let probe = format!("{text}\u{1}");
    let attempts = {
        let _settings = PEST_SETTINGS.lock().unwrap_or_else(|e| e.into_inner());
        pest::set_call_limit(std::num::NonZeroUsize::new(CALL_LIMIT));
        pest::set_error_detail(true);
        let result = RulesParser::parse(Rule::file, &probe);
        pest::set_error_detail(false);
        match result {
            Ok(_) => return Next::default(),
            Err(e) => e.parse_attempts(),
        }
    };
    let Some(a) = attempts.filter(|a| a.max_position == text.len()) else {
        return Next::default();
    };
    let mut next = Next::default();
    for tok in a.expected_tokens() {
        let t = tok.to_string();
        if t == "a..z" {
            // Only a name starts with any letter (a keyword is a literal).
            next.name = true;
        } else if t.len() > 1 && t.chars().all(|c| c.is_ascii_lowercase()) {
            next.words.push(t);
        }
    }
    // Where an expression may start, a let or an input variable fits too.
    next.expr = a.call_stacks().iter().any(|stack| {
        matches!(
            stack.deepest.get_rule(),
            Some(
                Rule::reference
                    | Rule::expr
                    | Rule::conj
                    | Rule::negation
                    | Rule::not_op
                    | Rule::compare
                    | Rule::sum
                    | Rule::product
                    | Rule::unary
                    | Rule::minus
            )
        )
    });
    next.name |= next.expr;
    next.words.sort();
    next.words.dedup();
    next
}

/// Whether `text` is a name the grammar accepts (a letter, then letters, digits, `_` and
/// `-` before a letter), and no reserved word.
pub fn is_name(text: &str) -> bool {
    let _settings = PEST_SETTINGS.lock().unwrap_or_else(|e| e.into_inner());
    pest::set_call_limit(std::num::NonZeroUsize::new(CALL_LIMIT));
    RulesParser::parse(Rule::name, text)
        .ok()
        .and_then(|mut p| p.next())
        .is_some_and(|p| p.as_span().end() == text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_reserved_words() {
        assert!(is_name("score2"));
        assert!(is_name("up-left"));
        assert!(!is_name("slide"));
        assert!(!is_name("2x"));
        assert!(!is_name("a b"));
        assert!(!is_name(""));
        assert!(!is_name("a-"));
    }

    #[test]
    fn keywords_after_a_text() {
        let n = next_after("move\n  slide ");
        assert_eq!(n.words, ["along"]);
        let n = next_after("move slide along up ");
        assert!(n.words.contains(&"distance".to_string()), "{n:?}");
        let n = next_after("move slide along ");
        assert!(n.name && !n.expr, "{n:?}");
        let n = next_after("let a of s = count ");
        assert!(
            n.name && !n.expr && n.words.contains(&"own".to_string()),
            "{n:?}"
        );
        assert!(!next_after("squares ").name);
        let n = next_after("require ");
        assert!(
            n.name && n.expr && n.words.contains(&"count".to_string()),
            "{n:?}"
        );
        assert!(
            next_after("board 8 x 8\n")
                .words
                .contains(&"sides".to_string())
        );
        // Broken before the end: nothing to say.
        assert_eq!(next_after("board board "), Next::default());
    }
}
