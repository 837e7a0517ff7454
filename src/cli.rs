//! The command line: `ply run`, `ply check`. Exit codes are documented in `--help`.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand, ValueEnum};

use crate::compile::program::Program;
use crate::diagnostic::{self, Style};
use crate::io::{RunFailure, run_cases};

/// Exit codes.
pub mod exit {
    pub const OK: i32 = 0;
    pub const FAILURE: i32 = 1;
    pub const USAGE: i32 = 2;
    pub const RULES: i32 = 3;
    pub const INPUT: i32 = 4;
}

const AFTER_HELP: &str = "\
Examples:
  ply run rules/lines-of-action.rules board.txt     answer every case in board.txt
  ply run rules/tothello.rules < cases.txt          read the cases from standard input
  ply check rules/*.rules                           check rules files, print every error

Exit codes:
  0  success
  1  any other failure (a file cannot be read, a count overflows, ...)
  2  usage error (unknown option, missing argument)
  3  the rules file has errors
  4  the input is malformed";

#[derive(Parser, Debug)]
#[command(name = "ply", version, about = "Check, compile and run board-game rules files", after_help = AFTER_HELP)]
pub struct Cli {
    /// When to colour diagnostics (NO_COLOR in the environment means never for `auto`)
    #[arg(long, value_enum, default_value_t = Color::Auto, global = true)]
    pub color: Color,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Answer every case of the input as the rules file says, printing exactly its output
    #[command(
        after_help = "Examples:\n  ply run rules/go-territory.rules cases.txt\n  cat cases.txt | ply run rules/go-territory.rules -"
    )]
    Run {
        /// The rules file
        rules: PathBuf,
        /// The input file; `-` or nothing reads standard input
        input: Option<PathBuf>,
    },
    /// Check rules files and report every error in them
    #[command(
        after_help = "Examples:\n  ply check rules/tothello.rules\n  ply check rules/*.rules"
    )]
    Check {
        /// The rules files
        #[arg(required = true)]
        rules: Vec<PathBuf>,
    },
}

/// Runs the command line and returns the exit code.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() {
                exit::USAGE
            } else {
                exit::OK
            };
            let _ = e.print();
            return code;
        }
    };
    let color = match cli.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stderr().is_terminal()
        }
    };
    let style = Style { color, width: 100 };
    match cli.command {
        Command::Run { rules, input } => run(style, &rules, input.as_deref()),
        Command::Check { rules } => {
            let mut code = exit::OK;
            for r in &rules {
                match load(style, r) {
                    Ok(_) => {}
                    Err(c) => code = code.max(c),
                }
            }
            code
        }
    }
}

fn display(path: &Path) -> String {
    path.display().to_string()
}

fn read_file(path: &Path) -> Result<Vec<u8>, String> {
    if path.is_dir() {
        return Err(format!("{} is a directory, not a file", display(path)));
    }
    std::fs::read(path).map_err(|e| format!("cannot read {}: {}", display(path), describe_io(&e)))
}

fn describe_io(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}

/// Parses and checks a rules file, printing its diagnostics; the exit code on failure.
pub fn load(style: Style, path: &Path) -> Result<Program, i32> {
    let name = display(path);
    let bytes = match read_file(path) {
        Ok(b) => b,
        Err(msg) => {
            eprintln!("error: {msg}");
            return Err(exit::FAILURE);
        }
    };
    let source = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            eprintln!("error: {name}:{line}: the rules file is not valid UTF-8 text (byte {at})");
            return Err(exit::RULES);
        }
    };
    let ast = match crate::syntax::parse(&source) {
        Ok(a) => a,
        Err(e) => {
            eprint!("{}", diagnostic::syntax_error(style, &name, &source, &e));
            return Err(exit::RULES);
        }
    };
    match crate::check::check(&ast) {
        Ok(p) => Ok(p),
        Err(errors) => {
            eprint!(
                "{}",
                diagnostic::check_errors(style, &name, &source, &errors)
            );
            Err(exit::RULES)
        }
    }
}

fn run(style: Style, rules: &Path, input: Option<&Path>) -> i32 {
    let program = match load(style, rules) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let (name, data) = match input {
        None => read_stdin(),
        Some(p) if p.as_os_str() == "-" => read_stdin(),
        Some(p) => (display(p), read_file(p)),
    };
    let data = match data {
        Ok(d) => d,
        Err(msg) => {
            eprintln!("error: {msg}");
            return exit::FAILURE;
        }
    };
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    match run_cases(&program, &data, &mut lock) {
        Ok(_) => exit::OK,
        Err(RunFailure::Input(e)) => {
            let _ = lock.flush();
            eprint!("{}", diagnostic::input_error(&name, &e));
            exit::INPUT
        }
        Err(RunFailure::Write(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => exit::OK,
        Err(e) => {
            let _ = lock.flush();
            eprintln!("error: {name}: {e}");
            exit::FAILURE
        }
    }
}

fn read_stdin() -> (String, Result<Vec<u8>, String>) {
    let mut data = Vec::new();
    let r = std::io::stdin()
        .read_to_end(&mut data)
        .map(|_| data)
        .map_err(|e| format!("cannot read standard input: {e}"));
    ("<stdin>".to_string(), r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }
}
