//! `GRAMMAR.md` against `grammar/ply.pest`, read as text:
//!
//! - every rule of the pest grammar has a production `rule ::= ...` in a code block of
//!   GRAMMAR.md, except silent rules (`_{ }`, optional there) and the few in
//!   [`NOT_DOCUMENTED`]; and every production names a rule of the pest grammar;
//! - the reserved words listed in GRAMMAR.md are exactly the words of the pest `keyword` rule;
//! - the quoted words of the productions (`"slide"`, `"x"`) are those the pest rules quote;
//! - every link into `docs/language.md` names one of its headings.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

const PEST: &str = "grammar/ply.pest";
const DOC: &str = "GRAMMAR.md";
const REFERENCE: &str = "docs/language.md";

/// Rules of ply.pest that GRAMMAR.md need not write as productions: lexical details that
/// a production of another rule already spells out. Silent rules (`_{ }`) need none either.
const NOT_DOCUMENTED: &[&str] = &[
    // Its words are the "Reserved words" list of GRAMMAR.md (checked word by word below).
    "keyword",
    // The characters inside a `string`, written out in the production of `string`.
    "str_chars",
];

fn read(rel: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {rel}: {e}"))
}

/// A line without its `//` comment (a `//` inside a quoted string stays).
fn code_of(line: &str) -> &str {
    let mut quoted = false;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => quoted = !quoted,
            '/' if !quoted && line[i..].starts_with("//") => return &line[..i],
            _ => {}
        }
    }
    line
}

fn is_ident(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A rule of the pest grammar: its name, its modifier (`_`, `@`, `$`, `!` or none) and body.
struct Rule {
    name: String,
    modifier: Option<char>,
    body: String,
}

/// The rules of ply.pest: `name = { ... }`, `name = _{ ... }`, `@{`, `${`, `!{`.
fn pest_rules() -> Vec<Rule> {
    let text = read(PEST);
    let mut rules: Vec<Rule> = Vec::new();
    for line in text.lines().map(code_of) {
        let head = line.split_once('=').and_then(|(name, rest)| {
            let name = name.trim();
            let rest = rest.trim_start();
            let (modifier, rest) = match rest.chars().next() {
                Some(m @ ('_' | '@' | '$' | '!')) => (Some(m), &rest[1..]),
                _ => (None, rest),
            };
            (is_ident(name) && !line.starts_with(char::is_whitespace) && rest.starts_with('{'))
                .then(|| (name.to_string(), modifier, rest[1..].to_string()))
        });
        match (head, rules.last_mut()) {
            (Some((name, modifier, body)), _) => rules.push(Rule {
                name,
                modifier,
                body,
            }),
            (None, Some(rule)) => {
                rule.body.push('\n');
                rule.body.push_str(line);
            }
            (None, None) => {}
        }
    }
    assert!(
        rules.iter().any(|r| r.name == "file"),
        "found no rules in {PEST}: has its layout changed? (rules are `name = {{ ... }}`)"
    );
    rules
}

/// The lowercase words in double quotes in `text`: `"slide"` gives `slide`.
fn quoted_words(text: &str) -> BTreeSet<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase()))
        .map(str::to_string)
        .collect()
}

/// The code blocks of a Markdown text, each with the line before it that is not blank.
fn code_blocks(text: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut before = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.starts_with("```") {
            let body: Vec<&str> = lines
                .by_ref()
                .take_while(|l| !l.starts_with("```"))
                .collect();
            blocks.push((before.clone(), body.join("\n")));
        } else if !line.trim().is_empty() {
            before = line.to_string();
        }
    }
    blocks
}

/// The productions of GRAMMAR.md: each name before `::=` at the start of a line of a code
/// block, with the text of its production (up to the next one).
fn productions() -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    for (_, block) in code_blocks(&read(DOC)) {
        let mut current: Option<String> = None;
        for line in block.lines() {
            if let Some((name, rhs)) = line.split_once("::=")
                && is_ident(name.trim())
                && !line.starts_with(char::is_whitespace)
            {
                let name = name.trim().to_string();
                let previous = out.insert(name.clone(), rhs.to_string());
                assert!(
                    previous.is_none(),
                    "{DOC} has two productions `{name} ::= ...`: keep one"
                );
                current = Some(name);
            } else if let Some(name) = &current {
                let rhs = out.get_mut(name).expect("the current production");
                rhs.push('\n');
                rhs.push_str(line);
            }
        }
    }
    out
}

#[test]
fn every_rule_of_the_pest_grammar_has_a_production_and_no_other() {
    let rules = pest_rules();
    let documented = productions();
    let mut problems = Vec::new();
    for rule in &rules {
        let optional = rule.modifier == Some('_') || NOT_DOCUMENTED.contains(&rule.name.as_str());
        if !optional && !documented.contains_key(&rule.name) {
            problems.push(format!(
                "the rule `{name}` of {PEST} has no production in {DOC}: add a line \
                 `{name} ::= ...` (the rule written out in the notation of {DOC}) to the code \
                 block of its section, and a line under the block saying what it means with a \
                 link to its section of {REFERENCE}; or, if it is only a lexical detail of \
                 another rule, add it to NOT_DOCUMENTED in tests/grammar_doc.rs with the reason",
                name = rule.name
            ));
        }
    }
    for name in documented.keys() {
        if !rules.iter().any(|r| &r.name == name) {
            problems.push(format!(
                "{DOC} has a production `{name} ::= ...`, but {PEST} has no rule `{name}`: \
                 rename the production after the pest rule it stands for, or remove it"
            ));
        }
    }
    for name in NOT_DOCUMENTED {
        if !rules.iter().any(|r| r.name == *name) {
            problems.push(format!(
                "NOT_DOCUMENTED in tests/grammar_doc.rs names `{name}`, which is not a rule of \
                 {PEST}: remove it from the list"
            ));
        }
    }
    assert!(problems.is_empty(), "\n{}\n", problems.join("\n\n"));
}

#[test]
fn the_reserved_words_are_the_keywords_of_the_pest_grammar() {
    let rules = pest_rules();
    let keyword = rules
        .iter()
        .find(|r| r.name == "keyword")
        .unwrap_or_else(|| panic!("{PEST} has no `keyword` rule"));
    let keywords = quoted_words(&keyword.body);
    let doc = read(DOC);
    let (_, list) = code_blocks(&doc)
        .into_iter()
        .find(|(before, _)| before.starts_with("Reserved words"))
        .unwrap_or_else(|| {
            panic!("{DOC} has no code block after a line starting with \"Reserved words\"")
        });
    let listed: BTreeSet<String> = list.split_whitespace().map(str::to_string).collect();
    let missing: Vec<_> = keywords.difference(&listed).collect();
    let extra: Vec<_> = listed.difference(&keywords).collect();
    assert!(
        missing.is_empty(),
        "the keywords {missing:?} of the `keyword` rule of {PEST} are not in the list of \
         reserved words in {DOC}: add them there, in alphabetical order"
    );
    assert!(
        extra.is_empty(),
        "{DOC} lists {extra:?} as reserved words, but the `keyword` rule of {PEST} does not \
         have them: remove them from the list"
    );
}

#[test]
fn the_productions_quote_the_words_the_pest_rules_quote() {
    let in_pest: BTreeSet<String> = pest_rules()
        .iter()
        .filter(|r| r.name != "keyword")
        .flat_map(|r| quoted_words(&r.body))
        .collect();
    let in_doc: BTreeSet<String> = productions()
        .values()
        .flat_map(|rhs| quoted_words(rhs))
        .collect();
    let missing: Vec<_> = in_pest.difference(&in_doc).collect();
    let extra: Vec<_> = in_doc.difference(&in_pest).collect();
    assert!(
        missing.is_empty(),
        "the words {missing:?} of {PEST} appear in no production of {DOC}: write them in the \
         productions of the rules that use them"
    );
    assert!(
        extra.is_empty(),
        "the productions of {DOC} quote {extra:?}, which no rule of {PEST} has: write the \
         words the grammar has"
    );
}

/// The anchor GitHub gives a heading: lower case, punctuation but `-` and `_` dropped,
/// spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

#[test]
fn links_into_the_language_reference_name_its_headings() {
    let reference = read(REFERENCE);
    let mut anchors = BTreeSet::new();
    let mut in_code = false;
    for line in reference.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            let base = anchor(line.trim_start_matches('#'));
            let mut name = base.clone();
            let mut n = 0;
            while !anchors.insert(name.clone()) {
                n += 1;
                name = format!("{base}-{n}");
            }
        }
    }
    let doc = read(DOC);
    let link = format!("({REFERENCE}#");
    let mut broken = Vec::new();
    for (i, _) in doc.match_indices(&link) {
        let rest = &doc[i + link.len()..];
        let target = &rest[..rest.find(')').unwrap_or(rest.len())];
        if !anchors.contains(target) {
            broken.push(target.to_string());
        }
    }
    assert!(
        broken.is_empty(),
        "{DOC} links to {broken:?} in {REFERENCE}, which has no such headings: link to one \
         of {anchors:?}"
    );
    assert!(doc.contains(&link), "{DOC} has no links into {REFERENCE}");
}
