//! Where diagnostics go and in what form: text for people or one JSON object per error
//! (`--format json`), on standard error. The words themselves come from `diagnostic.rs`.

use std::io::Write;

use crate::check::CheckError;
use crate::diagnostic::{self, Json, Kind, Style};
use crate::input::InputError;
use crate::syntax::SyntaxError;

/// Writes to standard error, ignoring a reader that went away (`ply check ... 2>&1 | head
/// -1`): the exit code still says what happened.
pub fn to_stderr(text: &str) {
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// How results and errors are written: text for people, or JSON Lines for programs (one
/// document per case, per file or per count, and one object per error on standard error;
/// see docs/json.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum Format {
    #[default]
    Text,
    Json,
}

/// How a command reports its errors.
#[derive(Debug, Clone, Copy)]
pub struct Reporter {
    pub style: Style,
    pub format: Format,
}

impl Reporter {
    /// An error with no place in a file: `error: MESSAGE` (the message names the file if
    /// there is one).
    pub fn error(&self, kind: Kind, file: Option<&str>, message: &str) {
        match self.format {
            Format::Text => to_stderr(&format!("error: {message}\n")),
            Format::Json => {
                to_stderr(&Json::plain(kind, file, strip_file(file, message)).to_line())
            }
        }
    }

    /// A warning: something likely wrong that does not change the exit code.
    pub fn warning(&self, kind: Kind, file: Option<&str>, message: &str) {
        match self.format {
            Format::Text => to_stderr(&format!("warning: {message}\n")),
            Format::Json => {
                let mut j = Json::plain(kind, file, strip_file(file, message));
                j.severity = "warning";
                to_stderr(&j.to_line());
            }
        }
    }

    /// An error about one case of an input (or the input as a whole).
    pub fn case_error(&self, kind: Kind, file: &str, case: usize, message: &str) {
        match self.format {
            Format::Text => to_stderr(&format!("error: {file}: case {case}: {message}\n")),
            Format::Json => {
                let mut j = Json::plain(kind, Some(file), message);
                j.case = Some(case);
                to_stderr(&j.to_line());
            }
        }
    }

    pub fn syntax(&self, name: &str, source: &str, e: &SyntaxError) {
        match self.format {
            Format::Text => to_stderr(&diagnostic::syntax_error(self.style, name, source, e)),
            Format::Json => to_stderr(&Json::syntax(name, source, e).to_line()),
        }
    }

    pub fn rules(&self, name: &str, source: &str, errors: &[CheckError]) {
        match self.format {
            Format::Text => to_stderr(&diagnostic::check_errors(self.style, name, source, errors)),
            Format::Json => {
                for e in errors {
                    to_stderr(&Json::rules(name, source, e).to_line());
                }
            }
        }
    }

    pub fn input(&self, name: &str, e: &InputError) {
        match self.format {
            Format::Text => to_stderr(&diagnostic::input_error(name, e)),
            Format::Json => to_stderr(&Json::input(name, e).to_line()),
        }
    }
}

/// A message for JSON without the `FILE: ` it starts with for people (the file has a field).
fn strip_file<'m>(file: Option<&str>, message: &'m str) -> &'m str {
    file.and_then(|f| message.strip_prefix(f))
        .and_then(|m| m.strip_prefix(": "))
        .unwrap_or(message)
}
