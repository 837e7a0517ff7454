//! Loading rules files: reading, parsing and checking, and what went wrong when it failed
//! ([`Problem`]). The command line and the server load through here.

use std::path::Path;

use crate::check::CheckError;
use crate::diagnostic::{Json, Kind};
use crate::program::Program;
use crate::syntax::SyntaxError;

pub fn display(path: &Path) -> String {
    path.display().to_string()
}

pub fn read_file(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut data = Vec::new();
    open_file(path)?
        .read_to_end(&mut data)
        .map_err(|e| format!("cannot read {}: {}", display(path), describe_io(&e)))?;
    Ok(data)
}

pub fn open_file(path: &Path) -> Result<std::fs::File, String> {
    if path.is_dir() {
        return Err(format!("{} is a directory, not a file", display(path)));
    }
    std::fs::File::open(path)
        .map_err(|e| format!("cannot read {}: {}", display(path), describe_io(&e)))
}

pub fn describe_io(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}

/// A checked rules file, with its text (explanations quote it).
pub struct Rules {
    pub source: String,
    pub program: Program,
}

/// Why a rules file could not be loaded.
pub enum Problem {
    Io(String),
    NotUtf8 { line: usize, byte: usize },
    Syntax(String, SyntaxError),
    Rules(String, Vec<CheckError>),
}

impl Problem {
    /// The message of a file that is not UTF-8.
    pub fn not_utf8(name: &str, line: usize, byte: usize) -> String {
        format!("{name}:{line}: the rules file is not valid UTF-8 text (byte {byte})")
    }

    /// The problem as JSON objects, one per error.
    pub fn json(&self, name: &str) -> Vec<Json> {
        match self {
            Problem::Io(msg) => vec![Json::plain(Kind::Io, Some(name), msg.clone())],
            Problem::NotUtf8 { line, byte } => {
                let mut j = Json::plain(
                    Kind::Syntax,
                    Some(name),
                    format!("the rules file is not valid UTF-8 text (byte {byte})"),
                );
                j.line = Some(*line);
                vec![j]
            }
            Problem::Syntax(source, e) => vec![Json::syntax(name, source, e)],
            Problem::Rules(source, errors) => errors
                .iter()
                .map(|e| Json::rules(name, source, e))
                .collect(),
        }
    }
}

/// Reads, parses and checks a rules file.
pub fn try_load(path: &Path) -> Result<Rules, Problem> {
    try_load_bytes(read_file(path).map_err(Problem::Io)?)
}

/// Parses and checks the bytes of a rules file.
pub fn try_load_bytes(bytes: Vec<u8>) -> Result<Rules, Problem> {
    let source = String::from_utf8(bytes).map_err(|e| {
        let byte = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..byte].iter().filter(|&&b| b == b'\n').count() + 1;
        Problem::NotUtf8 { line, byte }
    })?;
    let source = plain_lines(source);
    let ast = match crate::syntax::parse(&source) {
        Ok(a) => a,
        Err(e) => return Err(Problem::Syntax(source, e)),
    };
    match crate::check::check(&ast) {
        Ok(program) => Ok(Rules { source, program }),
        Err(errors) => Err(Problem::Rules(source, errors)),
    }
}

/// The text of a rules file as the parser reads it: without the byte-order mark some
/// editors put first, and with lines that end in a carriage return alone (as old Mac files
/// do) ended with a line feed (a comment would otherwise run on to the end of the file).
/// CR LF is left as it is.
fn plain_lines(source: String) -> String {
    let source = match source.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => source,
    };
    if !source.contains('\r') {
        return source;
    }
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(source.len());
    for (i, ch) in source.char_indices() {
        match ch {
            '\r' if bytes.get(i + 1) != Some(&b'\n') => out.push('\n'),
            c => out.push(c),
        }
    }
    out
}
