//! Reading the leaves of the parse: spans, names, numbers, strings and the small clauses
//! every part of the parser shares, from pest's pairs.

use pest::iterators::Pair;

use super::ast::{Name, Span, Str};
use super::grammar::Rule;
use super::syntax_error::SyntaxError;

/// A pair's span without the whitespace and comments pest lets it swallow at its end.
pub(super) fn span(pair: &Pair<Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), trim_end(s.get_input(), s.start(), s.end()))
}

fn trim_end(source: &str, start: usize, mut end: usize) -> usize {
    let bytes = source.as_bytes();
    loop {
        while end > start && bytes[end - 1].is_ascii_whitespace() {
            end -= 1;
        }
        // Strings never span lines, so a `#` outside quotes on this line starts a comment.
        let line_start = source[..end].rfind('\n').map_or(0, |i| i + 1).max(start);
        let mut in_string = false;
        let mut escaped = false;
        let mut comment = None;
        for (i, b) in bytes[line_start..end].iter().enumerate() {
            match b {
                _ if escaped => escaped = false,
                b'\\' if in_string => escaped = true,
                b'"' => in_string = !in_string,
                b'#' if !in_string => {
                    comment = Some(line_start + i);
                    break;
                }
                _ => {}
            }
        }
        match comment {
            Some(c) if c < end => end = c,
            _ => return end,
        }
    }
}

/// The span of the keyword a pair starts with.
pub(super) fn keyword_span(pair: &Pair<Rule>) -> Span {
    let s = pair.as_span();
    let text = s.as_str();
    let len = text
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    Span::new(s.start(), s.start() + len)
}

pub(super) fn name(pair: Pair<Rule>) -> Name {
    Name {
        text: pair.as_str().to_string(),
        span: span(&pair),
    }
}

/// A number too large for the engine is a syntax-level problem, reported with its span.
pub(super) fn integer(pair: &Pair<Rule>) -> Result<u64, SyntaxError> {
    pair.as_str()
        .parse::<u64>()
        .ok()
        .filter(|v| *v <= i64::MAX as u64 / 4)
        .ok_or_else(|| SyntaxError::custom(span(pair), "this number is too large", None))
}

/// The longest step a written direction may take (and, in the checker, a sum of them).
pub const MAX_STEP: i64 = 1 << 20;

pub(super) fn signed(pair: &Pair<Rule>) -> Result<i64, SyntaxError> {
    pair.as_str()
        .parse::<i64>()
        .ok()
        .filter(|v| v.unsigned_abs() <= MAX_STEP as u64)
        .ok_or_else(|| SyntaxError::custom(span(pair), "this number is too large", None))
}

pub(super) fn string(pair: Pair<Rule>) -> Result<Str, SyntaxError> {
    let sp = span(&pair);
    let inner = pair.into_inner().next().expect("string has str_chars");
    Ok(Str {
        value: unescape(inner.as_str(), sp)?,
        span: sp,
    })
}

pub(super) fn unescape(raw: &str, sp: Span) -> Result<String, SyntaxError> {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(c @ ('"' | '\\' | '{' | '}')) => out.push(c),
            other => {
                let shown = other.map(|c| c.to_string()).unwrap_or_default();
                return Err(SyntaxError::custom(
                    sp,
                    &format!("unknown escape `\\{shown}` in a string"),
                    Some(
                        "write \\\" for a quote, \\\\ for a backslash, \\n for a new line, \\t for a tab, \\{ and \\} for braces",
                    ),
                ));
            }
        }
    }
    Ok(out)
}

pub(super) fn name_list(pair: Pair<Rule>) -> Vec<Name> {
    pair.into_inner().map(name).collect()
}

pub(super) fn timing(pair: Pair<Rule>) -> bool {
    pair.into_inner()
        .next()
        .map(|p| p.as_rule() == Rule::at_once)
        .unwrap_or(true)
}
