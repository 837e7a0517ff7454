//! Opening files and loading rules files: reading, parsing and checking, with the exit
//! code each failure has.

use std::path::Path;

use super::options::{Format, exit};
use super::report::Reporter;
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
    pub fn exit_code(&self) -> i32 {
        match self {
            Problem::Io(_) => exit::FAILURE,
            _ => exit::RULES,
        }
    }

    fn not_utf8(name: &str, line: usize, byte: usize) -> String {
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

    /// Prints the problem as the reporter says.
    pub fn report(&self, rep: &Reporter, name: &str) {
        match self {
            Problem::Io(msg) => rep.error(Kind::Io, Some(name), msg),
            Problem::NotUtf8 { line, byte } => match rep.format {
                Format::Text => rep.error(
                    Kind::Syntax,
                    Some(name),
                    &Problem::not_utf8(name, *line, *byte),
                ),
                Format::Json => {
                    for j in self.json(name) {
                        super::report::to_stderr(&j.to_line());
                    }
                }
            },
            Problem::Syntax(source, e) => rep.syntax(name, source, e),
            Problem::Rules(source, errors) => rep.rules(name, source, errors),
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
    let ast = match crate::syntax::parse(&source) {
        Ok(a) => a,
        Err(e) => return Err(Problem::Syntax(source, e)),
    };
    match crate::check::check(&ast) {
        Ok(program) => Ok(Rules { source, program }),
        Err(errors) => Err(Problem::Rules(source, errors)),
    }
}

/// [`load`] for a command that reads `input` too: when the rules file fails to load and the
/// two look swapped (the input is named `*.rules`, the rules file not), says so.
pub fn load_with_input(
    rep: &Reporter,
    command: &str,
    path: &Path,
    input: Option<&Path>,
) -> Result<Rules, i32> {
    let rules_like = |p: &Path| p.extension().is_some_and(|e| e == "rules");
    load(rep, path).inspect_err(|_| {
        if let Some(input) = input.filter(|i| rules_like(i) && !rules_like(path)) {
            let msg = format!(
                "the arguments look swapped: {} is a rules file; write the rules file first: ply {command} {} {}",
                display(input),
                display(input),
                display(path)
            );
            rep.warning(Kind::Usage, None, &msg);
        }
    })
}

/// Loads a rules file, reporting what is wrong with it; the exit code on failure.
pub fn load(rep: &Reporter, path: &Path) -> Result<Rules, i32> {
    try_load(path).map_err(|problem| {
        problem.report(rep, &display(path));
        problem.exit_code()
    })
}
