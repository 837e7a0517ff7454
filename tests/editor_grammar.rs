//! Checks the TextMate grammar for `.rules` files, `editors/vscode/syntaxes/ply.tmLanguage.json`,
//! and the VS Code extension around it.
//!
//! TextMate grammars are matched with Oniguruma regexes. This test compiles them with the
//! `fancy-regex` crate in its Oniguruma mode, which has the look-arounds the grammar needs (the
//! `regex` crate has none). The grammar keeps to what both engines read alike: ASCII character
//! classes, groups, alternation, look-ahead, fixed-length look-behind, `^` and `$`. (VS Code
//! matches a line with its `\n`, before which Oniguruma's `$` matches; here a line is matched
//! without it, and `$` matches at its end: the same place.)
//!
//! - The JSON files have the fields VS Code needs, every regex compiles and every `include`
//!   resolves.
//! - Every word that `grammar/ply.pest` quotes (`"slide"`, `"x"`, ...) gets a keyword scope, and
//!   no keyword pattern of the TextMate grammar names a word the pest grammar does not have.
//! - A small tokenizer that follows the rules of vscode-textmate (VS Code's engine) runs over
//!   every rules file in `rules/` and every `ply` example of `docs/language.md`. A separate
//!   lexer of the language says where the comments, strings, words and numbers are, and the
//!   tokenizer's scopes must agree with it character by character.

use fancy_regex::{Regex, RegexBuilder};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

const GRAMMAR: &str = "editors/vscode/syntaxes/ply.tmLanguage.json";
const MANIFEST: &str = "editors/vscode/package.json";
const PEST: &str = "grammar/ply.pest";

/// Scopes that count as highlighting a word as a keyword.
const KEYWORD_SCOPES: [&str; 2] = ["keyword.", "constant.language."];
const COMMENT_SCOPE: &str = "comment.line.number-sign.ply";
const STRING_SCOPE: &str = "string.quoted.double";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("cannot read {rel}: {e}"))
}

fn read_json(rel: &str) -> Value {
    serde_json::from_str(&read(rel)).unwrap_or_else(|e| panic!("{rel} is not valid JSON: {e}"))
}

fn oniguruma(pattern: &str) -> Regex {
    RegexBuilder::new(pattern)
        .oniguruma_mode(true)
        .build()
        .unwrap_or_else(|e| panic!("regex {pattern:?} does not compile: {e}"))
}

// ---- a tokenizer following vscode-textmate ---------------------------------------------------

/// A capture's scope, and the patterns its text is tokenized with again.
struct Capture {
    name: Option<String>,
    patterns: Vec<usize>,
}

enum Kind {
    Match(Regex),
    Region {
        begin: Regex,
        end: Regex,
        end_last: bool,
    },
    Include(String),
    /// A rule with only `patterns`.
    Group,
}

struct Rule {
    kind: Kind,
    name: Option<String>,
    content_name: Option<String>,
    captures: HashMap<usize, Capture>,
    begin_captures: HashMap<usize, Capture>,
    end_captures: HashMap<usize, Capture>,
    patterns: Vec<usize>,
}

struct Grammar {
    scope: String,
    rules: Vec<Rule>,
    top: Vec<usize>,
    repository: HashMap<String, usize>,
}

/// One level of the tokenizer's stack: the patterns that may match here, the region whose end
/// closes it (none at the bottom), and the scopes of its text.
struct Frame {
    patterns: Vec<usize>,
    region: Option<usize>,
    /// Where on its first line the region was pushed (none after that line).
    enter_pos: Option<usize>,
    scopes: Vec<String>,
    boundary_scopes: Vec<String>,
}

enum Candidate {
    End(usize),
    Rule(usize),
}

impl Grammar {
    fn load(json: &Value) -> Grammar {
        let mut g = Grammar {
            scope: json["scopeName"].as_str().expect("scopeName").to_string(),
            rules: Vec::new(),
            top: Vec::new(),
            repository: HashMap::new(),
        };
        let repo = json["repository"].as_object().expect("a repository object");
        for (key, rule) in repo {
            let id = g.add(rule, &format!("repository.{key}"));
            g.repository.insert(key.clone(), id);
        }
        g.top = g.add_list(&json["patterns"], "patterns");
        g
    }

    fn add_list(&mut self, list: &Value, at: &str) -> Vec<usize> {
        match list {
            Value::Null => Vec::new(),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, r)| self.add(r, &format!("{at}[{i}]")))
                .collect(),
            _ => panic!("{at}: `patterns` must be an array"),
        }
    }

    fn add_captures(&mut self, caps: &Value, at: &str) -> HashMap<usize, Capture> {
        let Some(caps) = caps.as_object() else {
            return HashMap::new();
        };
        caps.iter()
            .map(|(k, v)| {
                let group = k.parse().unwrap_or_else(|_| panic!("{at}: capture {k:?}"));
                let capture = Capture {
                    name: v["name"].as_str().map(str::to_string),
                    patterns: self.add_list(&v["patterns"], &format!("{at}.{k}")),
                };
                (group, capture)
            })
            .collect()
    }

    fn add(&mut self, rule: &Value, at: &str) -> usize {
        assert!(rule.is_object(), "{at}: a rule must be an object");
        let text = |key: &str| rule[key].as_str().map(str::to_string);
        let kind = if let Some(inc) = text("include") {
            Kind::Include(inc)
        } else if let Some(m) = text("match") {
            Kind::Match(oniguruma(&m))
        } else if let Some(b) = text("begin") {
            let end = text("end").unwrap_or_else(|| panic!("{at}: `begin` without `end`"));
            Kind::Region {
                begin: oniguruma(&b),
                end: oniguruma(&end),
                end_last: rule["applyEndPatternLast"].as_bool().unwrap_or(false)
                    || rule["applyEndPatternLast"].as_i64() == Some(1),
            }
        } else {
            assert!(
                rule["patterns"].is_array(),
                "{at}: a rule without match, begin or include"
            );
            Kind::Group
        };
        let rule = Rule {
            kind,
            name: text("name"),
            content_name: text("contentName"),
            captures: self.add_captures(&rule["captures"], at),
            begin_captures: self.add_captures(&rule["beginCaptures"], at),
            end_captures: self.add_captures(&rule["endCaptures"], at),
            patterns: self.add_list(&rule["patterns"], at),
        };
        self.rules.push(rule);
        self.rules.len() - 1
    }

    /// The match and region rules reached from `ids`, includes and groups expanded in order.
    fn flatten(&self, ids: &[usize], out: &mut Vec<usize>, seen: &mut Vec<usize>) {
        for &id in ids {
            match &self.rules[id].kind {
                Kind::Match(_) | Kind::Region { .. } => out.push(id),
                Kind::Group => self.flatten(&self.rules[id].patterns, out, seen),
                Kind::Include(target) => {
                    let target = self.resolve(target);
                    if seen.contains(&target) {
                        continue;
                    }
                    seen.push(target);
                    self.flatten(&[target], out, seen);
                    seen.pop();
                }
            }
        }
    }

    fn resolve(&self, include: &str) -> usize {
        if let Some(key) = include.strip_prefix('#') {
            return *self
                .repository
                .get(key)
                .unwrap_or_else(|| panic!("include {include:?}: no such repository entry"));
        }
        panic!("include {include:?}: only #name includes are used by this grammar")
    }

    /// The scopes of every byte of every line of `text`.
    fn tokenize(&self, text: &str) -> Vec<Vec<Vec<String>>> {
        let mut stack = vec![Frame {
            patterns: self.top.clone(),
            region: None,
            enter_pos: None,
            scopes: vec![self.scope.clone()],
            boundary_scopes: vec![self.scope.clone()],
        }];
        text.lines()
            .map(|line| {
                let mut out = vec![Vec::new(); line.len()];
                self.scan(line, 0, &mut stack, &mut out);
                for frame in &mut stack {
                    frame.enter_pos = None;
                }
                out
            })
            .collect()
    }

    fn regex_of(&self, c: &Candidate) -> &Regex {
        match c {
            Candidate::End(r) => match &self.rules[*r].kind {
                Kind::Region { end, .. } => end,
                _ => unreachable!("an end without a region"),
            },
            Candidate::Rule(r) => match &self.rules[*r].kind {
                Kind::Match(re) | Kind::Region { begin: re, .. } => re,
                _ => unreachable!("includes are flattened"),
            },
        }
    }

    /// Tokenizes `line` from `pos` on, as vscode-textmate does: at each step every pattern of the
    /// innermost frame and that frame's end are searched from the current position; the
    /// earliest match wins, on a tie the end (unless `applyEndPatternLast`), then the pattern
    /// listed first. A match that neither moves nor pushes or pops makes vscode-textmate give up
    /// on the line; here it fails the test.
    fn scan(&self, line: &str, mut pos: usize, stack: &mut Vec<Frame>, out: &mut [Vec<String>]) {
        for _ in 0..10_000 {
            let frame = stack.last().expect("a frame");
            let mut rules = Vec::new();
            self.flatten(&frame.patterns, &mut rules, &mut Vec::new());
            let mut candidates: Vec<Candidate> = rules.into_iter().map(Candidate::Rule).collect();
            if let Some(region) = frame.region {
                let Kind::Region { end_last, .. } = self.rules[region].kind else {
                    unreachable!()
                };
                let at = if end_last { candidates.len() } else { 0 };
                candidates.insert(at, Candidate::End(region));
            }
            let mut best: Option<(fancy_regex::Captures<'_, str>, &Candidate)> = None;
            for c in &candidates {
                let re = self.regex_of(c);
                let Some(caps) = re.captures_from_pos(line, pos).expect("regex runs") else {
                    continue;
                };
                let start = caps.get(0).expect("group 0").start();
                if best
                    .as_ref()
                    .is_none_or(|(b, _)| start < b.get(0).unwrap().start())
                {
                    best = Some((caps, c));
                }
            }
            let scopes = frame.scopes.clone();
            let Some((caps, cand)) = best else {
                fill(out, pos, line.len(), &scopes);
                return;
            };
            let whole = caps.get(0).unwrap();
            let advanced = whole.end() > pos;
            fill(out, pos, whole.start(), &scopes);
            match cand {
                Candidate::End(region) => {
                    let frame = stack.pop().unwrap();
                    assert!(
                        advanced || frame.enter_pos != Some(pos),
                        "a region pushed and popped without advancing in {line:?}"
                    );
                    fill(out, whole.start(), whole.end(), &frame.boundary_scopes);
                    let rule = &self.rules[*region];
                    let spec = pick(&rule.end_captures, &rule.captures);
                    self.apply_captures(line, &caps, spec, out);
                }
                Candidate::Rule(id) => {
                    let rule = &self.rules[*id];
                    let mut own = scopes;
                    own.extend(rule.name.clone());
                    fill(out, whole.start(), whole.end(), &own);
                    if let Kind::Region { .. } = rule.kind {
                        assert!(
                            advanced
                                || !stack
                                    .iter()
                                    .any(|f| f.region == Some(*id) && f.enter_pos == Some(pos)),
                            "a region pushed again without advancing in {line:?}"
                        );
                        let spec = pick(&rule.begin_captures, &rule.captures);
                        self.apply_captures(line, &caps, spec, out);
                        let mut inner = own.clone();
                        inner.extend(rule.content_name.clone());
                        stack.push(Frame {
                            patterns: rule.patterns.clone(),
                            region: Some(*id),
                            enter_pos: Some(pos),
                            scopes: inner,
                            boundary_scopes: own,
                        });
                    } else {
                        assert!(advanced, "an empty match at {pos} in {line:?}");
                        self.apply_captures(line, &caps, &rule.captures, out);
                    }
                }
            }
            pos = whole.end();
        }
        panic!("the tokenizer is stuck in {line:?}");
    }

    fn apply_captures(
        &self,
        line: &str,
        caps: &fancy_regex::Captures<'_, str>,
        spec: &HashMap<usize, Capture>,
        out: &mut [Vec<String>],
    ) {
        let mut groups: Vec<_> = spec.iter().collect();
        groups.sort_by_key(|(g, _)| **g);
        for (group, capture) in groups {
            let Some(m) = caps.get(*group).filter(|m| !m.range().is_empty()) else {
                continue;
            };
            for scopes in &mut out[m.range()] {
                scopes.extend(capture.name.clone());
            }
            if !capture.patterns.is_empty() {
                // Like vscode-textmate: the line up to the capture's end, from its start, inside
                // the scopes the capture has so far.
                let scopes = out[m.start()].clone();
                let mut stack = vec![Frame {
                    patterns: capture.patterns.clone(),
                    region: None,
                    enter_pos: None,
                    scopes: scopes.clone(),
                    boundary_scopes: scopes,
                }];
                self.scan(&line[..m.end()], m.start(), &mut stack, out);
            }
        }
    }
}

fn pick<'a>(
    specific: &'a HashMap<usize, Capture>,
    general: &'a HashMap<usize, Capture>,
) -> &'a HashMap<usize, Capture> {
    if specific.is_empty() {
        general
    } else {
        specific
    }
}

fn fill(out: &mut [Vec<String>], from: usize, to: usize, scopes: &[String]) {
    for s in &mut out[from..to] {
        *s = scopes.to_vec();
    }
}

fn grammar() -> Grammar {
    Grammar::load(&read_json(GRAMMAR))
}

fn has_scope(scopes: &[String], prefixes: &[&str]) -> bool {
    scopes
        .iter()
        .any(|s| prefixes.iter().any(|p| s.starts_with(p)))
}

// ---- the pest grammar's words ----------------------------------------------------------------

/// Every word the pest grammar quotes: `"slide"`, `"x"`, ...
fn pest_words() -> BTreeSet<String> {
    let words = Regex::new(r#""([a-z]+)""#).unwrap();
    read(PEST)
        .lines()
        .map(|l| l.split("//").next().unwrap())
        .flat_map(|l| {
            words
                .captures_iter(l)
                .map(|c| c.unwrap()[1].to_string())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The words of the pest `keyword` rule: reserved, never names.
fn reserved_words() -> BTreeSet<String> {
    let pest = read(PEST);
    let start = pest
        .find("keyword = @{")
        .expect("a keyword rule in ply.pest");
    let body = &pest[start..];
    let body = &body[..body.find('}').expect("the end of the keyword rule")];
    let words = Regex::new(r#""([a-z]+)""#).unwrap();
    words
        .captures_iter(body)
        .map(|c| c.unwrap()[1].to_string())
        .collect()
}

/// Words the pest grammar uses without reserving them, each with a snippet where it is a
/// keyword. A new unreserved word in ply.pest needs a line here (and a rule in the grammar).
const CONTEXTUAL: &[(&str, &str)] = &[
    ("turns", "turns of 1 to 4 moves"),
    ("turn", "no turn may leave the board unchanged"),
    ("unchanged", "no turn may leave the board unchanged"),
    ("counts", "move pass, counts as 2 moves"),
    ("pushing", "move step along up onto enemy, pushing along up"),
    (
        "pulling",
        "move step along up onto empty, pulling enemy pieces",
    ),
    (
        "stronger",
        "move step along up, where to is stronger than from",
    ),
    ("weaker", "move step along up, where to is weaker than from"),
    ("than", "move step along up, where to is weaker than from"),
    ("isolated", "move step along up, taking isolated pieces"),
    (
        "matching",
        "move place onto empty, where to is on the block matching last to",
    ),
    (
        "next",
        "move step along up, where no own pieces next to from",
    ),
    ("holds", "each square holds seeds"),
    ("least", "input read n at least 1"),
    ("through", "direction round = through A1 B1 C1"),
    ("sow", "move sow from own pits along round"),
    (
        "skipping",
        "move sow from own pits along round, skipping from",
    ),
    (
        "into",
        "move sow from own pits along round, taking to into own store",
    ),
    (
        "unless",
        "move sow from own pits along round, taking to into own store, unless that leaves no seeds on own pits",
    ),
    (
        "that",
        "move sow from own pits along round, taking to into own store, unless that leaves no seeds on own pits",
    ),
    (
        "leaves",
        "move sow from own pits along round, taking to into own store, unless that leaves no seeds on own pits",
    ),
    (
        "holding",
        "move sow from own pits along round, taking squares holding 2 or more into own store",
    ),
    (
        "more",
        "move sow from own pits along round, taking squares holding 2 or more into own store",
    ),
    (
        "run",
        "move sow from own pits along round, taking squares in a run from to along round into own store",
    ),
    (
        "right",
        "squares column number from the right + row lowercase letter",
    ),
    ("drops", "moves written with \"\", drops as \"*\""),
    ("go", "captured pieces go to the captor's hand, unpromoted"),
    ("their", "captured pieces go to their owner's hand"),
    ("die", "roll one die, again on 6"),
    ("dice", "roll 2 dice of 6 faces"),
    ("faces", "roll 2 dice of 6 faces"),
    ("stack", "pieces stack"),
    ("drawn", "drawn as intersections"),
    ("intersections", "drawn as intersections"),
    ("hexagons", "drawn as hexagons"),
    ("figurines", "drawn as squares with figurines"),
    ("tiles", "drawn with tiles"),
    ("discs", "drawn with discs"),
    ("stones", "drawn with stones"),
    ("pits", "drawn as pits, stores on store"),
    ("triangles", "drawn as triangles"),
    ("stores", "drawn as pits, stores on store"),
    (
        "narrow",
        "drawn as squares, narrow even rows and even columns",
    ),
    ("diagonals", "drawn as intersections, diagonals on palace"),
    ("strips", "drawn as triangles, strips on bar and off"),
    ("river", "drawn as intersections, a river across the middle"),
    (
        "across",
        "drawn as intersections, a river across the middle",
    ),
    (
        "middle",
        "drawn as intersections, a river across the middle",
    ),
    ("past", "move slide along up distance 2 past the end"),
    ("doubles", "roll 2 dice, one move a die, doubles twice"),
    ("twice", "roll 2 dice, one move a die, doubles twice"),
    ("behind", "let rear = no own pieces behind to along up"),
    (
        "unpromoted",
        "captured pieces go to the captor's hand, unpromoted",
    ),
    ("piece", "no piece may stand where it can never move"),
    ("stand", "no piece may stand where it can never move"),
    ("it", "no piece may stand where it can never move"),
    ("can", "no piece may stand where it can never move"),
    ("x", "board 8 x 8"),
    ("side", "setup empty, each side has 9 in hand"),
    ("has", "setup empty, each side has 9 in hand"),
    ("x", "board rows x cols"),
    ("to", "promote man to king on the far row"),
    ("to", "result \"Draw\" if white to move"),
    (
        "forward",
        "sides white \"O\" forward up, black forward down",
    ),
    ("before", "move jump along up over enemy, any gap before"),
    ("a", "move place onto empty then rotate a block"),
    ("parts", "game\n  may end between parts"),
    ("repeated", "game\n  draw if position repeated"),
    (
        "light",
        "move place onto empty, where to is on a light square",
    ),
    (
        "exactly",
        "game\n  x wins if exactly 5 x pieces in a row along right",
    ),
    (
        "quarter",
        "move place onto empty then rotate a block a quarter turn clockwise",
    ),
    (
        "half",
        "move place onto empty then rotate a block a half turn",
    ),
    (
        "turn",
        "move place onto empty then rotate a block a half turn",
    ),
    (
        "clockwise",
        "move place onto empty then rotate a block a quarter turn clockwise",
    ),
    (
        "anticlockwise",
        "move place onto empty then rotate a block a quarter turn anticlockwise",
    ),
    (
        "either",
        "move place onto empty then rotate a block a quarter turn either way",
    ),
    (
        "way",
        "move place onto empty then rotate a block a quarter turn either way",
    ),
    ("a", "game\n  x wins if 4 x pieces in a row"),
    ("left", "game\n  x wins if any x pieces on the left edge"),
    ("right", "game\n  x wins if any x pieces on the right edge"),
    ("from", "squares column letter + row number from the bottom"),
    ("from", "move step along up, where from is empty"),
    ("to", "move place onto empty, where down of to is not empty"),
    (
        "second",
        "move step along up, where from is on the second row",
    ),
    (
        "third",
        "move step along up, where from is on the third row",
    ),
    (
        "fourth",
        "move step along up, where from is on the fourth row",
    ),
    (
        "fifth",
        "move step along up, where from is on the fifth row",
    ),
    (
        "sixth",
        "move step along up, where from is on the sixth row",
    ),
    (
        "seventh",
        "move step along up, where from is on the seventh row",
    ),
    (
        "eighth",
        "move step along up, where from is on the eighth row",
    ),
    (
        "ninth",
        "move step along up, where from is on the ninth row",
    ),
    (
        "tenth",
        "move step along up, where from is on the tenth row",
    ),
    ("with", "moves written with \"\""),
    ("square", "input marked square"),
    ("as", "moves written with \"\", promotions as"),
    ("rows", "zone grooves = even rows x odd columns"),
    ("columns", "zone grooves = even rows x odd columns"),
    ("odd", "zone grooves = even rows x odd columns"),
    ("even", "zone grooves = even rows x odd columns"),
    ("rows", "zone lanes = rows x columns"),
    ("same", "identical captures in the same order are one move"),
    ("order", "identical captures in the same order are one move"),
];

/// The byte range of `token` in `text`, first after `after`: a name or number only whole, as
/// the language splits words (`-` joins two letters).
fn find(text: &str, token: &str, after: usize) -> std::ops::Range<usize> {
    let first = token.chars().next().unwrap_or(' ');
    let before = if first.is_ascii_alphabetic() {
        "(?<![A-Za-z0-9_])(?<![A-Za-z0-9_]-)"
    } else if first.is_ascii_digit() {
        "(?<![A-Za-z0-9_])"
    } else {
        ""
    };
    let last = token.chars().last().unwrap_or(' ');
    let ahead = if last.is_ascii_alphanumeric() {
        "(?![A-Za-z0-9_]|-[A-Za-z])"
    } else {
        ""
    };
    let re = oniguruma(&format!("{before}{}{ahead}", fancy_regex::escape(token)));
    let m = re.find_from_pos(text, after).unwrap();
    m.unwrap_or_else(|| panic!("no {token:?} in {text:?}"))
        .range()
}

/// The scopes of each byte of `range` when `text` is tokenized.
fn scopes_of(g: &Grammar, text: &str, range: std::ops::Range<usize>) -> Vec<Vec<String>> {
    let line_start = text[..range.start].rfind('\n').map_or(0, |i| i + 1);
    let line_no = text[..range.start].matches('\n').count();
    g.tokenize(text)[line_no][range.start - line_start..range.end - line_start].to_vec()
}

fn assert_keyword(g: &Grammar, text: &str, word: &str, after: usize) {
    for (i, scopes) in scopes_of(g, text, find(text, word, after))
        .iter()
        .enumerate()
    {
        assert!(
            has_scope(scopes, &KEYWORD_SCOPES),
            "{word:?} in {text:?}: byte {i} is not highlighted as a keyword: {scopes:?}"
        );
    }
}

/// Each token of `expected` (the first after the one before) has the scope as its innermost.
fn assert_scopes(g: &Grammar, text: &str, expected: &[(&str, &str)]) {
    let mut after = 0;
    for (token, scope) in expected {
        let range = find(text, token, after);
        after = range.end;
        for scopes in scopes_of(g, text, range) {
            assert!(
                scopes.last().is_some_and(|s| s.starts_with(scope)),
                "{token:?} in {text:?}: expected {scope}, got {scopes:?}"
            );
        }
    }
}

// ---- an independent lexer of the rules language ----------------------------------------------

#[derive(Clone, Copy, PartialEq, Debug)]
enum Class {
    Code,
    Comment,
    Str,
}

/// Where the comments and strings of one line are (docs/language.md: `#` outside a string
/// starts a comment; a string is double-quoted on one line, `\` escapes the next character).
fn classify(line: &str) -> Vec<Class> {
    let bytes = line.as_bytes();
    let mut out = vec![Class::Code; bytes.len()];
    let mut i = 0;
    let mut in_string = false;
    while i < bytes.len() {
        if in_string {
            out[i] = Class::Str;
            if bytes[i] == b'\\' && i + 1 < bytes.len() {
                out[i + 1] = Class::Str;
                i += 2;
                continue;
            }
            in_string = bytes[i] != b'"';
        } else if bytes[i] == b'"' {
            out[i] = Class::Str;
            in_string = true;
        } else if bytes[i] == b'#' {
            out[i..].fill(Class::Comment);
            break;
        }
        i += 1;
    }
    out
}

/// The words (names and keywords) and numbers of the code parts of a line, as byte ranges.
fn words(line: &str, classes: &[Class]) -> Vec<(usize, usize)> {
    let b = line.as_bytes();
    let idc = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if classes[i] != Class::Code || !b[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let start = i;
        if b[i].is_ascii_digit() {
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        } else {
            while i < b.len()
                && (idc(b[i])
                    || (b[i] == b'-' && i + 1 < b.len() && b[i + 1].is_ascii_alphabetic()))
            {
                i += 1;
            }
        }
        out.push((start, i));
    }
    out
}

/// Every rules file in rules/, and every `ply` example of docs/language.md.
fn samples() -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "rules") {
                out.push((
                    p.display().to_string(),
                    std::fs::read_to_string(&p).unwrap(),
                ));
            }
        }
    }
    let mut out = Vec::new();
    walk(&root().join("rules"), &mut out);
    assert!(out.len() >= 10, "expected the rules files in rules/");
    let docs = read("docs/language.md");
    let mut block: Option<(usize, String)> = None;
    for (n, line) in docs.lines().enumerate() {
        match &mut block {
            None if line == "```ply" => block = Some((n + 1, String::new())),
            Some((start, text)) if line == "```" => {
                out.push((format!("docs/language.md:{start}"), std::mem::take(text)));
                block = None;
            }
            Some((_, text)) => {
                text.push_str(line);
                text.push('\n');
            }
            None => {}
        }
    }
    assert!(
        out.len() >= 30,
        "expected the ply examples of docs/language.md"
    );
    out
}

// ---- the tests -------------------------------------------------------------------------------

#[test]
fn grammar_and_manifest_have_the_required_fields() {
    let g = read_json(GRAMMAR);
    assert_eq!(g["scopeName"], "source.ply");
    assert_eq!(g["fileTypes"], serde_json::json!(["rules"]));
    assert!(g["name"].is_string(), "a grammar name");
    assert!(
        !g["patterns"]
            .as_array()
            .expect("top-level patterns")
            .is_empty()
    );
    // Every regex compiles and every include resolves.
    let grammar = Grammar::load(&g);
    for rule in &grammar.rules {
        if let Kind::Include(target) = &rule.kind {
            grammar.resolve(target);
        }
    }

    let m = read_json(MANIFEST);
    for field in ["name", "version", "publisher", "displayName"] {
        assert!(m[field].is_string(), "package.json: {field}");
    }
    assert!(
        m["engines"]["vscode"].is_string(),
        "package.json: engines.vscode"
    );
    // The extension's code starts the language server.
    let main = m["main"].as_str().expect("package.json: main");
    let code = std::fs::read_to_string(Path::new(MANIFEST).parent().unwrap().join(main))
        .expect("package.json: main names the extension's code");
    assert!(code.contains(r#"args: ["lsp"]"#), "{main} starts `ply lsp`");
    assert!(m["dependencies"]["vscode-languageclient"].is_string());
    let lang = &m["contributes"]["languages"][0];
    assert_eq!(lang["id"], "ply");
    assert_eq!(lang["extensions"], serde_json::json!([".rules"]));
    let gram = &m["contributes"]["grammars"][0];
    assert_eq!(gram["language"], "ply");
    assert_eq!(gram["scopeName"], "source.ply");
    let dir = Path::new(MANIFEST).parent().unwrap();
    let path = gram["path"].as_str().expect("grammars[0].path");
    assert_eq!(
        dir.join(path).components().collect::<PathBuf>(),
        Path::new(GRAMMAR).components().collect::<PathBuf>(),
        "package.json points at the grammar"
    );
    let conf_path = lang["configuration"]
        .as_str()
        .expect("languages[0].configuration");
    let conf = read_json(&dir.join(conf_path).display().to_string());
    assert_eq!(conf["comments"]["lineComment"], "#");
    let pairs = conf["autoClosingPairs"].to_string();
    for bracket in [r#""open":"{""#, r#""open":"(""#, r#""open":"\"""#] {
        assert!(
            pairs.contains(bracket),
            "language-configuration: auto-closing {bracket}"
        );
    }
    assert!(conf["brackets"].to_string().contains(r#"["{","}"]"#));
}

#[test]
fn every_word_of_the_pest_grammar_is_a_keyword() {
    let g = grammar();
    let reserved = reserved_words();
    assert!(
        reserved.len() > 80,
        "the keyword rule of ply.pest was not found whole"
    );
    for word in &reserved {
        // Alone, in an output condition, and in a template hole.
        for text in [
            word.to_string(),
            format!("output \"\" if {word}"),
            format!("output \"{{{word}}}\""),
        ] {
            // The word is the last one of each snippet.
            assert_keyword(&g, &text, word, text.rfind(word.as_str()).unwrap());
        }
    }
    for word in pest_words().difference(&reserved) {
        let snippets: Vec<_> = CONTEXTUAL.iter().filter(|(w, _)| w == word).collect();
        assert!(
            !snippets.is_empty(),
            "{word:?} is quoted in ply.pest but not reserved: add it to CONTEXTUAL with a \
             snippet, and highlight it there in the TextMate grammar"
        );
        for (_, text) in snippets {
            // The last occurrence is the one in keyword position in every snippet.
            let at = text.rfind(word).unwrap();
            assert_keyword(&g, text, word, at);
        }
    }
    for (word, text) in CONTEXTUAL {
        assert!(
            pest_words().contains(*word),
            "{word:?} ({text:?}) is not in ply.pest"
        );
    }
}

#[test]
fn keyword_patterns_name_only_words_of_the_pest_grammar() {
    // Word alternations such as `(?:slide|step)` in rules that give keyword scopes.
    let alternation = Regex::new(r"\((?:\?:)?([a-z]+(?:\|[a-z]+)*)\)").unwrap();
    let known = pest_words();
    let mut checked = 0;
    let mut stack = vec![read_json(GRAMMAR)];
    while let Some(v) = stack.pop() {
        match &v {
            Value::Object(map) => {
                let scoped = v.to_string();
                let keyword_rule = KEYWORD_SCOPES
                    .iter()
                    .any(|s| scoped.contains(&format!("\"{s}")));
                for key in ["match", "begin"] {
                    let Some(re) = map.get(key).and_then(Value::as_str) else {
                        continue;
                    };
                    if !keyword_rule {
                        continue;
                    }
                    for c in alternation.captures_iter(re) {
                        for w in c.unwrap()[1].split('|') {
                            checked += 1;
                            assert!(
                                known.contains(w) || w == "from",
                                "the grammar highlights {w:?}, which ply.pest does not have"
                            );
                        }
                    }
                }
                stack.extend(map.values().cloned());
            }
            Value::Array(items) => stack.extend(items.iter().cloned()),
            _ => {}
        }
    }
    assert!(
        checked > 100,
        "only {checked} keyword words found in the grammar"
    );
}

#[test]
fn comments_strings_keywords_and_numbers_of_every_rules_file_are_scoped() {
    let g = grammar();
    let reserved = reserved_words();
    let contextual: BTreeSet<&str> = CONTEXTUAL.iter().map(|(w, _)| *w).collect();
    for (file, text) in samples() {
        let tokens = g.tokenize(&text);
        for (n, (line, scopes)) in text.lines().zip(&tokens).enumerate() {
            let at = |i: usize| format!("{file}:{}:{}: {line:?}: {:?}", n + 1, i + 1, scopes[i]);
            let classes = classify(line);
            for (i, class) in classes.iter().enumerate() {
                let comment = has_scope(&scopes[i], &[COMMENT_SCOPE]);
                let string = has_scope(&scopes[i], &[STRING_SCOPE]);
                match class {
                    Class::Comment => assert!(comment && !string, "not a comment: {}", at(i)),
                    Class::Str => assert!(string && !comment, "not a string: {}", at(i)),
                    Class::Code => assert!(!string && !comment, "not code: {}", at(i)),
                }
            }
            for (s, e) in words(line, &classes) {
                let word = &line[s..e];
                let (wanted, present, what) = if word.as_bytes()[0].is_ascii_digit() {
                    (&["constant.numeric"][..], true, "not a number")
                } else if reserved.contains(word) {
                    (&KEYWORD_SCOPES[..], true, "not a keyword")
                } else if contextual.contains(word) {
                    continue; // checked by every_word_of_the_pest_grammar_is_a_keyword
                } else {
                    (&KEYWORD_SCOPES[..], false, "a name as a keyword")
                };
                for (i, sc) in scopes.iter().enumerate().take(e).skip(s) {
                    assert_eq!(has_scope(sc, wanted), present, "{what}: {}", at(i));
                }
            }
            // `{from}` and `{to}` in templates are placeholders.
            for hole in ["{from}", "{to}"] {
                for (i, _) in line.match_indices(hole) {
                    if classes[i] == Class::Str {
                        for (j, sc) in scopes.iter().enumerate().skip(i).take(hole.len()) {
                            assert!(
                                has_scope(sc, &["variable.other.placeholder"]),
                                "not a placeholder: {}",
                                at(j)
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn declarations_templates_and_names_are_scoped() {
    let g = grammar();
    assert_scopes(
        &g,
        "sides black \"X\" forward down, white forward up\nkinds man, king",
        &[
            ("black", "entity.name.type.side"),
            ("forward", "keyword.other"),
            ("down", "support.constant.direction"),
            ("white", "entity.name.type.side"),
            ("man", "entity.name.type.kind"),
            ("king", "entity.name.type.kind"),
        ],
    );
    assert_scopes(
        &g,
        "direction knight = -2 1\ndirections jumps = knight, up-left\nmove step along forward-left",
        &[
            ("knight", "entity.name.constant.direction"),
            ("-2", "constant.numeric"),
            ("jumps", "entity.name.constant.direction"),
            ("up-left", "support.constant.direction"),
            ("forward-left", "support.constant.direction"),
        ],
    );
    assert_scopes(
        &g,
        "let territory of S = count S pieces\nlet n-black = a - b\ninput read n, cols",
        &[
            ("territory", "entity.name.function"),
            ("S", "variable.parameter"),
            ("=", "keyword.operator.assignment"),
            ("n-black", "entity.name.function"),
            ("-", "keyword.operator.arithmetic"),
            ("n", "entity.name.variable.input"),
            ("cols", "entity.name.variable.input"),
        ],
    );
    // A keyword inside a name is not a keyword; a `-` inside a name is not minus.
    assert_scopes(
        &g,
        "let over-x = up-left-2",
        &[
            ("over-x", "entity.name.function"),
            ("up-left", "support.constant.direction"),
            ("-", "keyword.operator.arithmetic"),
            ("2", "constant.numeric"),
        ],
    );
    assert_scopes(
        &g,
        "output \"{{x}} \\{y\\} {count own pieces} \\q\" if count moves > 0\n  each move \"{from}-{to}\", sorted",
        &[
            ("{{", "constant.character.escape"),
            ("\\{", "constant.character.escape"),
            ("count", "keyword.other"),
            ("own", "constant.language.cell"),
            ("\\q", "invalid.illegal"),
            (">", "keyword.operator.comparison"),
            ("each", "keyword.other"),
            ("from", "variable.language.placeholder"),
            ("to", "variable.language.placeholder"),
            ("sorted", "keyword.other"),
        ],
    );
    // Plain strings have no holes; `#` in a string is not a comment.
    assert_scopes(
        &g,
        "sides a \"{\"\nrequire count pieces = 1 else \"{n} # pieces\"",
        &[
            ("{", "string.quoted.double.ply"),
            ("n", "string.quoted.double.ply"),
            ("#", "string.quoted.double.ply"),
        ],
    );
    let t = g.tokenize("require count pieces = 1 else \"{n} # pieces\"");
    assert!(
        t[0].iter()
            .all(|s| !has_scope(s, &["variable.other.placeholder", COMMENT_SCOPE]))
    );
}
