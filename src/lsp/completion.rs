//! Completion: the keywords the grammar accepts at the cursor (pest says what it expected
//! where a parse of the statement so far stops) and, where a name fits, the declared names
//! and the built-in directions.

use std::sync::OnceLock;

use lsp_types::{CompletionItem, CompletionItemKind, CompletionItemLabelDetails};

use super::document::Document;
use super::hover::{in_comment, word_at};
use crate::syntax::next_after;

/// The completions at byte `at`.
pub fn complete(doc: &Document, at: usize) -> Vec<CompletionItem> {
    let text = &doc.text;
    let at = at.min(text.len());
    if !text.is_char_boundary(at) || in_comment(text, at) {
        return Vec::new();
    }
    // The word being typed is replaced by the item; what comes before it decides.
    let word_start = word_at(text, at).map_or(at, |w| w.start.min(at));
    let start = statement_start(text, word_start);
    let next = next_after(&text[start..word_start]);
    let mut items: Vec<CompletionItem> = next
        .words
        .iter()
        .map(|w| CompletionItem {
            label: w.clone(),
            kind: Some(CompletionItemKind::KEYWORD),
            sort_text: Some(format!("1{w}")),
            ..CompletionItem::default()
        })
        .collect();
    if next.name
        && let Some(names) = doc.names()
    {
        let mut seen = std::collections::HashSet::new();
        for (name, what) in names.visible(word_start) {
            let value = matches!(what, "let" | "input variable");
            if (value && !next.expr) || !seen.insert(name) {
                continue;
            }
            items.push(CompletionItem {
                label: name.to_string(),
                kind: Some(kind_of(what)),
                label_details: Some(CompletionItemLabelDetails {
                    detail: None,
                    description: Some(what.to_string()),
                }),
                detail: Some(what.to_string()),
                sort_text: Some(format!(
                    "{}{name}",
                    if what.starts_with("built-in") { 2 } else { 0 }
                )),
                ..CompletionItem::default()
            });
        }
    }
    items
}

fn kind_of(what: &str) -> CompletionItemKind {
    match what {
        "side" => CompletionItemKind::CONSTANT,
        "kind" => CompletionItemKind::CLASS,
        "let" => CompletionItemKind::FUNCTION,
        "parameter" | "input variable" => CompletionItemKind::VARIABLE,
        _ => CompletionItemKind::ENUM_MEMBER,
    }
}

/// The words a statement starts with: what the grammar accepts at the start of a file.
fn statement_words() -> &'static [String] {
    static WORDS: OnceLock<Vec<String>> = OnceLock::new();
    WORDS.get_or_init(|| next_after("").words)
}

/// Where the statement the byte `at` is in starts: the nearest line at or above it that
/// begins, in its first column, with a word that starts statements; else the file's start.
/// Only that statement is parsed for a completion, however long the file.
fn statement_start(text: &str, at: usize) -> usize {
    let words = statement_words();
    let mut end = at;
    loop {
        let line_start = text[..end].rfind('\n').map_or(0, |i| i + 1);
        let line = &text[line_start..];
        let first: &str = line
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .next()
            .unwrap_or("");
        if !first.is_empty() && words.iter().any(|w| w == first) {
            return line_start;
        }
        if line_start == 0 {
            return 0;
        }
        end = line_start - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_start_at_their_keyword() {
        let text = "board 8 x 8\nmove\n  slide along up\n  onto empty\n";
        let at = text.find("onto").unwrap();
        assert_eq!(statement_start(text, at), text.find("move").unwrap());
        assert_eq!(statement_start(text, 3), 0);
        assert!(statement_words().iter().any(|w| w == "board"));
    }
}
