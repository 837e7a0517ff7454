//! Hovers: on a name, its declaration; on a keyword, its section of the language
//! reference, read from `docs/language.md` itself (built into the binary, so the editor
//! shows what the reference says, never a copy of it).

use std::collections::HashSet;
use std::sync::OnceLock;

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};

use super::document::Document;
use super::symbols::Symbol;
use crate::syntax::ast::Span;

const LANGUAGE: &str = include_str!("../../docs/language.md");
const GRAMMAR: &str = include_str!("../../grammar/ply.pest");

/// The most lines of the reference a hover shows.
const MAX_LINES: usize = 30;

/// The hover at byte `at`, if there is a name or a keyword there.
pub fn hover(doc: &Document, at: usize) -> Option<Hover> {
    if let Some((sym, span)) = doc.symbols.as_ref().and_then(|s| s.at(at)) {
        return Some(markdown(doc, span, name_hover(doc, sym)));
    }
    let span = word_at(&doc.text, at)?;
    let word = &doc.text[span.start..span.end];
    if !keywords().contains(word) || in_comment(&doc.text, span.start) {
        return None;
    }
    // A keyword of several statements (`no` in `no moves: pass` and in `no regions of`):
    // the section of the statement it stands in, when that section writes it.
    let statement = statement_word(&doc.text, span.start);
    let doc_text = statement
        .and_then(|st| section_doc(st, word))
        .or_else(|| keyword_doc(word))?;
    Some(markdown(doc, span, doc_text))
}

/// The first word of the statement the byte `at` is in: the last line at or before it that
/// starts in the first column (statements do; their clauses are indented).
fn statement_word(text: &str, at: usize) -> Option<&str> {
    let head = &text[..at.min(text.len())];
    let line = head
        .split_inclusive('\n')
        .rev()
        .map(|l| l.trim_end_matches(['\n', '\r']))
        .chain(std::iter::once(""))
        .find(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()))?;
    let end = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(line.len());
    Some(&line[..end])
}

/// The section whose heading names `statement`, when its text writes `word` as code.
fn section_doc(statement: &str, word: &str) -> Option<String> {
    let s = sections()
        .iter()
        .find(|s| s.level >= 3 && heading_words(s.heading).any(|w| w == statement))?;
    writes_code(s, word).then(|| render_section(s))
}

/// Whether a section's text writes `word` as code (`` `word` `` or `` `word ...` ``).
fn writes_code(s: &Section, word: &str) -> bool {
    let code = format!("`{word}");
    s.body.iter().any(|l| {
        l.match_indices(&code).any(|(i, _)| {
            let rest = &l[i + code.len()..];
            rest.starts_with('`') || rest.starts_with(' ')
        })
    })
}

fn markdown(doc: &Document, span: Span, value: String) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(doc.lines.range(&doc.text, span)),
    }
}

/// A name: what it is, its declaration as written, and how often it is used.
fn name_hover(doc: &Document, sym: &Symbol) -> String {
    let mut out = format!("{} `{}`", sym.what(), sym.name);
    let Some((name, statement)) = sym.decl else {
        if let Some(d) = keyword_doc(if sym.what() == "built-in direction set" {
            "orthogonal"
        } else {
            "up"
        }) {
            out.push_str("\n\n");
            out.push_str(&d);
        }
        return out;
    };
    let line = doc.lines.line_of(name.start);
    // The declaration: from the statement's first line to the name's, and a few more
    // lines of a long statement.
    let first = doc.lines.line_of(statement.start);
    let last = doc.lines.line_of(statement.end).min(line + 3).max(line);
    let from = doc.lines.line_span(&doc.text, first).start;
    let to = doc.lines.line_span(&doc.text, last).end;
    let uses = sym.uses.len();
    out.push_str(&format!(
        ", declared on line {}, used {uses} time{}\n\n```ply\n{}\n```",
        line + 1,
        if uses == 1 { "" } else { "s" },
        &doc.text[from..to]
    ));
    out
}

/// The word (letters, digits, `_`, `-`) at or just before byte `at`.
pub fn word_at(text: &str, at: usize) -> Option<Span> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let at = at.min(text.len());
    if !text.is_char_boundary(at) {
        return None;
    }
    let start = text[..at]
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_word(*c))
        .last()
        .map_or(at, |(i, _)| i);
    let end = text[at..]
        .find(|c: char| !is_word(c))
        .map_or(text.len(), |i| at + i);
    (start < end).then(|| Span::new(start, end))
}

/// Whether byte `at` is inside a comment: after a `#` outside a string on its line.
pub fn in_comment(text: &str, at: usize) -> bool {
    let line = &text[text[..at].rfind('\n').map_or(0, |i| i + 1)..at];
    let mut in_string = false;
    let mut escaped = false;
    for c in line.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '#' if !in_string => return true,
            _ => {}
        }
    }
    false
}

/// Every word of the grammar (`"slide"`, `"along"`, ...): the words a hover documents.
fn keywords() -> &'static HashSet<&'static str> {
    static WORDS: OnceLock<HashSet<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| {
        GRAMMAR
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .flat_map(|l| l.split('"').skip(1).step_by(2))
            .filter(|w| w.len() > 1 && w.chars().all(|c| c.is_ascii_lowercase()))
            .collect()
    })
}

/// A section of the reference: its heading line and the lines up to the next heading.
struct Section {
    level: usize,
    heading: &'static str,
    body: Vec<&'static str>,
}

fn sections() -> &'static [Section] {
    static SECTIONS: OnceLock<Vec<Section>> = OnceLock::new();
    SECTIONS.get_or_init(|| {
        let mut out: Vec<Section> = Vec::new();
        let mut fenced = false;
        for line in LANGUAGE.lines() {
            if line.starts_with("```") {
                fenced = !fenced;
            }
            let level = line.chars().take_while(|&c| c == '#').count();
            if !fenced && level > 0 && line[level..].starts_with(' ') {
                out.push(Section {
                    level,
                    heading: line[level..].trim(),
                    body: Vec::new(),
                });
            } else if let Some(s) = out.last_mut() {
                s.body.push(line);
            }
        }
        out
    })
}

/// The words a heading is about: the first word of each of its `code` parts.
fn heading_words(heading: &str) -> impl Iterator<Item = &str> {
    heading
        .split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|code| code.split_whitespace().next())
}

/// The section of the reference that documents `word`: the one whose heading names it,
/// else the first that writes it as code in its text.
pub fn keyword_doc(word: &str) -> Option<String> {
    let all = sections();
    let named = all
        .iter()
        .find(|s| s.level >= 3 && heading_words(s.heading).any(|w| w == word));
    let mentioned = || {
        all.iter()
            .filter(|s| s.level >= 3)
            .find(|s| writes_code(s, word))
    };
    Some(render_section(named.or_else(mentioned)?))
}

/// A section as a hover shows it: its heading and at most [`MAX_LINES`] lines of its text.
fn render_section(s: &Section) -> String {
    let mut lines: Vec<&str> = s
        .body
        .iter()
        .copied()
        .skip_while(|l| l.trim().is_empty())
        .collect();
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    let cut = lines.len() > MAX_LINES;
    lines.truncate(MAX_LINES);
    let mut text = format!(
        "**{}** (docs/language.md)\n\n{}",
        s.heading,
        lines.join("\n")
    );
    if lines.iter().filter(|l| l.starts_with("```")).count() % 2 == 1 {
        text.push_str("\n```");
    }
    if cut {
        text.push_str("\n\n...");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_find_their_sections() {
        let slide = keyword_doc("slide").expect("slide is documented");
        assert!(slide.starts_with("**`slide`**"), "{slide}");
        assert!(slide.contains("slide along DIRECTIONS"));
        let taking = keyword_doc("marking").expect("marking is documented");
        assert!(taking.contains("`taking`, `moving`, `marking`"), "{taking}");
        let board = keyword_doc("board").expect("board is documented");
        assert!(board.contains("board ROWS x COLUMNS"), "{board}");
        // Only mentioned in a section's text.
        assert!(keyword_doc("cascading").is_some());
        assert!(keywords().contains("cascading"));
        assert!(!keywords().contains("x"));
    }

    #[test]
    fn a_keyword_of_several_statements_is_documented_where_it_stands() {
        let text = "game\n  no moves: pass\nlet x = no regions of own pieces by orthogonal\n";
        assert_eq!(statement_word(text, 8), Some("game"));
        assert_eq!(statement_word(text, 30), Some("let"));
        let in_game = section_doc("game", "no").expect("the game section writes `no moves`");
        assert!(in_game.starts_with("**`game`**"), "{in_game}");
        assert!(section_doc("board", "no").is_none());
    }

    #[test]
    fn words_and_comments() {
        let text = "move slide along up-left # a comment\n";
        assert_eq!(word_at(text, 7), Some(Span::new(5, 10)));
        assert_eq!(word_at(text, 10), Some(Span::new(5, 10)));
        assert_eq!(word_at(text, 20), Some(Span::new(17, 24)));
        assert!(in_comment(text, 28));
        assert!(!in_comment(text, 8));
        assert!(!in_comment("output \"#{x}\"", 11));
    }
}
