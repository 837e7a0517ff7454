//! Rendering errors: for people, rules-file errors as annotated source snippets (miette)
//! and input errors as `file:line:column: case N: message` lines; for programs, every
//! error as one JSON object ([`Json`], documented in `docs/json.md`). Nothing else
//! renders errors.

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};

use crate::check::CheckError;
use crate::input::InputError;
use crate::syntax::SyntaxError;
use crate::syntax::ast::Span;

#[derive(Debug, thiserror::Error)]
#[error("{message}")]
struct Report {
    message: String,
    src: NamedSource<String>,
    labels: Vec<LabeledSpan>,
    help: Option<String>,
    /// A warning rather than an error.
    warning: bool,
}

impl Diagnostic for Report {
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.src)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        let help: &'a String = self.help.as_ref()?;
        Some(Box::new(help))
    }

    fn severity(&self) -> Option<miette::Severity> {
        self.warning.then_some(miette::Severity::Warning)
    }
}

/// How diagnostics are drawn.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub color: bool,
    pub width: usize,
}

/// A label on a span, clamped to the source and to character boundaries.
fn labeled(source: &str, span: Span, label: &str, primary: bool) -> LabeledSpan {
    let mut start = span.start.min(source.len());
    while !source.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = span.end.clamp(start, source.len());
    while !source.is_char_boundary(end) {
        end += 1;
    }
    let text = Some(label.to_string());
    if primary {
        LabeledSpan::new_primary_with_span(text, start..end)
    } else {
        LabeledSpan::new_with_span(text, start..end)
    }
}

/// The longest line drawn as a snippet, in bytes. An error on a longer line is reported
/// as one plain line: no one reads such a snippet, and miette pads a label to its column
/// with a formatting width, which panics past 65535.
const MAX_LINE: usize = 1000;

/// The line and column of `at` (both from 1, the column in characters), and the length of
/// that line in bytes.
pub fn line_col(source: &str, at: usize) -> (usize, usize, usize) {
    let mut at = at.min(source.len());
    while !source.is_char_boundary(at) {
        at -= 1;
    }
    let start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = source[at..].find('\n').map_or(source.len(), |i| at + i);
    let line = source[..start].matches('\n').count() + 1;
    (line, source[start..at].chars().count() + 1, end - start)
}

/// One error in a rules file, as either stage reports it.
struct Located<'a> {
    span: Span,
    message: &'a str,
    label: &'a str,
    help: Option<&'a str>,
    also: Option<&'a (Span, String)>,
    warning: bool,
}

fn render(style: Style, name: &str, source: &str, e: Located) -> String {
    let Located {
        span,
        message,
        label,
        help,
        also,
        warning,
    } = e;
    let long = [Some(span), also.map(|a| a.0)]
        .into_iter()
        .flatten()
        .any(|s| {
            [s.start, s.end]
                .iter()
                .any(|&at| line_col(source, at).2 > MAX_LINE)
        });
    if long {
        let (line, col, _) = line_col(source, span.start);
        let what = if warning { "warning" } else { "error" };
        let mut out = format!("{what}: {name}:{line}:{col}: {message} ({label})\n");
        if let Some(h) = help {
            out.push_str(&format!("  help: {h}\n"));
        }
        return out;
    }
    let mut labels = vec![labeled(source, span, label, true)];
    if let Some((s, l)) = also {
        labels.push(labeled(source, *s, l, false));
    }
    let report = Report {
        message: message.to_string(),
        src: NamedSource::new(name, source.to_string()),
        labels,
        help: help.map(str::to_string),
        warning,
    };
    let theme = if style.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false);
    let mut out = String::new();
    if handler.render_report(&mut out, &report).is_err() {
        out = format!("error: {name}: {message}\n");
    }
    out
}

pub fn syntax_error(style: Style, name: &str, source: &str, e: &SyntaxError) -> String {
    let e = Located {
        span: e.span,
        message: &e.message,
        label: &e.label,
        help: e.help.as_deref(),
        also: None,
        warning: false,
    };
    // One error: the parser stops at the first.
    format!("{}\n{name}: 1 error\n", render(style, name, source, e))
}

pub fn check_errors(style: Style, name: &str, source: &str, errors: &[CheckError]) -> String {
    located(style, name, source, errors, false)
}

/// Warnings about a rules file that has no errors (`ply check`), with their number.
pub fn check_warnings(style: Style, name: &str, source: &str, warnings: &[CheckError]) -> String {
    located(style, name, source, warnings, true)
}

fn located(style: Style, name: &str, source: &str, list: &[CheckError], warning: bool) -> String {
    let mut out = String::new();
    for e in list {
        let e = Located {
            span: e.span,
            message: &e.message,
            label: &e.label,
            help: e.help.as_deref(),
            also: e.also.as_ref(),
            warning,
        };
        out.push_str(&render(style, name, source, e));
        out.push('\n');
    }
    let n = list.len();
    let what = if warning { "warning" } else { "error" };
    out.push_str(&format!(
        "{name}: {n} {what}{}\n",
        if n == 1 { "" } else { "s" }
    ));
    out
}

pub fn input_error(name: &str, e: &InputError) -> String {
    if e.case == 0 {
        format!(
            "error: {name}:{}:{}: {}\n",
            e.loc.line, e.loc.col, e.message
        )
    } else {
        format!(
            "error: {name}:{}:{}: case {}: {}\n",
            e.loc.line, e.loc.col, e.case, e.message
        )
    }
}

/// What an error is about; in JSON, the `kind` field (each kind has its exit code).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// The rules file does not parse (exit code 3).
    Syntax,
    /// The rules file parses but is wrong (exit code 3).
    Rules,
    /// The input is malformed (exit code 4).
    Input,
    /// Answering a valid case failed, such as a count past 64 bits (exit code 1).
    Runtime,
    /// A search went past `--max-nodes`, `--timeout` or `--max-memory` (exit code 5).
    Budget,
    /// A file cannot be read or written (exit code 1).
    Io,
    /// The command needs something it was not given (exit code 2).
    Usage,
}

/// A byte range of a rules file, and where it starts as line and column (from 1).
#[derive(Debug, Clone, serde::Serialize)]
pub struct JsonSpan {
    pub start: usize,
    pub end: usize,
    pub line: usize,
    pub column: usize,
}

/// A second place an error points at.
#[derive(Debug, Clone, serde::Serialize)]
pub struct JsonRelated {
    pub span: JsonSpan,
    pub label: String,
}

/// One error as a JSON object.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Json {
    pub severity: &'static str,
    pub kind: Kind,
    /// The file the error is about (the rules file, the input), if any.
    pub file: Option<String>,
    /// Where in `file` (from 1), if the error has a place.
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// The span in a rules file (byte offsets).
    pub span: Option<JsonSpan>,
    /// The input case (from 1) the error is about.
    pub case: Option<usize>,
    pub message: String,
    pub label: Option<String>,
    pub help: Option<String>,
    pub related: Vec<JsonRelated>,
}

impl Json {
    /// An error with no place in a file.
    pub fn plain(kind: Kind, file: Option<&str>, message: impl Into<String>) -> Json {
        Json {
            severity: "error",
            kind,
            file: file.map(str::to_string),
            line: None,
            column: None,
            span: None,
            case: None,
            message: message.into(),
            label: None,
            help: None,
            related: Vec::new(),
        }
    }

    fn at(kind: Kind, name: &str, source: &str, span: Span, message: &str, label: &str) -> Json {
        let span = json_span(source, span);
        Json {
            line: Some(span.line),
            column: Some(span.column),
            span: Some(span),
            label: Some(label.to_string()),
            ..Json::plain(kind, Some(name), message)
        }
    }

    pub fn syntax(name: &str, source: &str, e: &SyntaxError) -> Json {
        Json {
            help: e.help.clone(),
            ..Json::at(Kind::Syntax, name, source, e.span, &e.message, &e.label)
        }
    }

    pub fn rules(name: &str, source: &str, e: &CheckError) -> Json {
        Json {
            help: e.help.clone(),
            related: e
                .also
                .iter()
                .map(|(span, label)| JsonRelated {
                    span: json_span(source, *span),
                    label: label.clone(),
                })
                .collect(),
            ..Json::at(Kind::Rules, name, source, e.span, &e.message, &e.label)
        }
    }

    pub fn input(name: &str, e: &InputError) -> Json {
        Json {
            line: Some(e.loc.line as usize),
            column: Some(e.loc.col as usize),
            case: (e.case > 0).then_some(e.case),
            ..Json::plain(Kind::Input, Some(name), e.message.clone())
        }
    }

    /// The object as one line of JSON.
    pub fn to_line(&self) -> String {
        let mut s = serde_json::to_string(self).unwrap_or_default();
        s.push('\n');
        s
    }
}

fn json_span(source: &str, span: Span) -> JsonSpan {
    let (line, column, _) = line_col(source, span.start);
    let start = span.start.min(source.len());
    JsonSpan {
        start,
        end: span.end.clamp(start, source.len()),
        line,
        column,
    }
}
