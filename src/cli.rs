//! The command line: `ply run`, `ply check`. Exit codes are documented in `--help`.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand, ValueEnum};

use crate::compile::program::Program;
use crate::diagnostic::{self, Style};
use crate::io::{RunFailure, run_cases};

/// `eprint!` and `eprintln!` without their panic when standard error is a pipe whose
/// reader went away (`ply check ... 2>&1 | head -1`): the exit code still says what happened.
macro_rules! report {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}
macro_rules! reportln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// Exit codes.
pub mod exit {
    pub const OK: i32 = 0;
    pub const FAILURE: i32 = 1;
    pub const USAGE: i32 = 2;
    pub const RULES: i32 = 3;
    pub const INPUT: i32 = 4;
    pub const BUDGET: i32 = 5;
}

const AFTER_HELP: &str = "\
Examples:
  ply run game.rules board.txt                answer every case in board.txt
  ply run game.rules < cases.txt              read the cases from standard input
  ply check rules/*.rules                     check rules files, print every error
  ply perft game.rules --depth 8              count move sequences from the setup
  ply playout game.rules --games 1000 --seed 3

Exit codes:
  0  success
  1  any other failure (a file cannot be read, a count overflows, ...)
  2  usage error (unknown option, missing argument)
  3  the rules file has errors
  4  the input is malformed
  5  a search went past --max-nodes or --timeout";

/// The deepest perft: each ply is a level of recursion.
const MAX_PERFT_DEPTH: i64 = 10_000;

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

/// Limits on the searches a command runs (counting moves, best moves, perft, playouts).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Limits {
    /// Stop with exit code 5 after expanding this many positions
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Stop with exit code 5 after this many seconds of searching
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
}

impl Limits {
    fn budget(&self) -> crate::run::Budget {
        crate::run::Budget {
            max_nodes: self.max_nodes,
            deadline: self
                .timeout
                .filter(|t| t.is_finite() && *t >= 0.0)
                .map(|t| {
                    std::time::Instant::now() + std::time::Duration::from_secs_f64(t.min(1e9))
                }),
        }
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Answer every case of the input as the rules file says, printing exactly its output
    #[command(
        after_help = "Examples:\n  ply run game.rules cases.txt\n  cat cases.txt | ply run game.rules -"
    )]
    Run {
        /// The rules file
        rules: PathBuf,
        /// The input file; `-` or nothing reads standard input
        input: Option<PathBuf>,
        #[command(flatten)]
        limits: Limits,
    },
    /// Count the move sequences of exactly DEPTH plies from the start position
    #[command(
        after_help = "The count is the last line of standard output; --divide first prints each first \
move with its count. Time and leaves per second go to standard error.\n\n\
Examples:\n  ply perft game.rules --depth 6\n  ply perft game.rules --depth 4 --divide\n  \
ply perft game.rules --depth 3 --position board.txt"
    )]
    Perft {
        /// The rules file
        rules: PathBuf,
        /// How many plies deep to count (at most 10000)
        #[arg(long, short, value_parser = clap::value_parser!(u32).range(..=MAX_PERFT_DEPTH))]
        depth: u32,
        /// Start from the first case of this file (read with the rules file's input format)
        /// instead of the rules file's setup
        #[arg(long)]
        position: Option<PathBuf>,
        /// Print each first move with its count before the total
        #[arg(long)]
        divide: bool,
        #[command(flatten)]
        limits: Limits,
    },
    /// Play random games from the start position and print the tally of results
    #[command(
        after_help = "Each game picks uniformly among the legal moves until the game ends; the \
same seed gives the same tally. Games per second go to standard error.\n\n\
Examples:\n  ply playout game.rules --games 1000\n  ply playout game.rules --games 500 --seed 7"
    )]
    Playout {
        /// The rules file
        rules: PathBuf,
        /// How many games to play
        #[arg(long, short)]
        games: u64,
        /// The random seed
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Start from the first case of this file instead of the rules file's setup
        #[arg(long)]
        position: Option<PathBuf>,
        #[command(flatten)]
        limits: Limits,
    },
    /// Check rules files and report every error in them
    #[command(after_help = "Examples:\n  ply check game.rules\n  ply check rules/*.rules")]
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
        Command::Run {
            rules,
            input,
            limits,
        } => run(style, &rules, input.as_deref(), limits),
        Command::Perft {
            rules,
            depth,
            position,
            divide,
            limits,
        } => perft(style, &rules, depth, position.as_deref(), divide, limits),
        Command::Playout {
            rules,
            games,
            seed,
            position,
            limits,
        } => playout(style, &rules, games, seed, position.as_deref(), limits),
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
    use std::io::Read;
    let mut data = Vec::new();
    open_file(path)?
        .read_to_end(&mut data)
        .map_err(|e| format!("cannot read {}: {}", display(path), describe_io(&e)))?;
    Ok(data)
}

fn open_file(path: &Path) -> Result<std::fs::File, String> {
    if path.is_dir() {
        return Err(format!("{} is a directory, not a file", display(path)));
    }
    std::fs::File::open(path)
        .map_err(|e| format!("cannot read {}: {}", display(path), describe_io(&e)))
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
            reportln!("error: {msg}");
            return Err(exit::FAILURE);
        }
    };
    let source = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            reportln!("error: {name}:{line}: the rules file is not valid UTF-8 text (byte {at})");
            return Err(exit::RULES);
        }
    };
    let ast = match crate::syntax::parse(&source) {
        Ok(a) => a,
        Err(e) => {
            report!("{}", diagnostic::syntax_error(style, &name, &source, &e));
            return Err(exit::RULES);
        }
    };
    match crate::check::check(&ast) {
        Ok(p) => Ok(p),
        Err(errors) => {
            report!(
                "{}",
                diagnostic::check_errors(style, &name, &source, &errors)
            );
            Err(exit::RULES)
        }
    }
}

fn run(style: Style, rules: &Path, input: Option<&Path>, limits: Limits) -> i32 {
    let program = match load(style, rules) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let stdin = std::io::stdin();
    let (name, mut source): (String, Box<dyn Read>) = match input {
        Some(p) if p.as_os_str() != "-" => match open_file(p) {
            Ok(f) => (display(p), Box::new(f)),
            Err(msg) => {
                reportln!("error: {msg}");
                return exit::FAILURE;
            }
        },
        _ => ("<stdin>".to_string(), Box::new(stdin.lock())),
    };
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    match run_cases(&program, &mut source, &mut lock, limits.budget()) {
        Ok(_) => exit::OK,
        Err(RunFailure::Input(e)) => {
            let _ = lock.flush();
            report!("{}", diagnostic::input_error(&name, &e));
            exit::INPUT
        }
        Err(RunFailure::Write(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => exit::OK,
        Err(RunFailure::Read(e)) => {
            let _ = lock.flush();
            reportln!("error: cannot read {name}: {}", describe_io(&e));
            exit::FAILURE
        }
        // About the output, not the input: no input name.
        Err(e @ RunFailure::Write(_)) => {
            reportln!("error: {e}");
            exit::FAILURE
        }
        Err(e) => {
            let _ = lock.flush();
            reportln!("error: {name}: {e}");
            match e {
                RunFailure::Run { error, .. } if error.budget => exit::BUDGET,
                _ => exit::FAILURE,
            }
        }
    }
}

/// The exit code for a failed search.
fn search_failed(e: &crate::run::RunError) -> i32 {
    reportln!("error: {e}");
    if e.budget {
        exit::BUDGET
    } else {
        exit::FAILURE
    }
}

/// Loads the rules and the start position of a whole-game command.
fn game_start<'p>(
    program: &'p Program,
    rules: &Path,
    position: Option<&Path>,
) -> Result<(crate::run::Runner<'p>, crate::run::Position), i32> {
    let data = match position.map(read_file).transpose() {
        Ok(d) => d,
        Err(msg) => {
            reportln!("error: {msg}");
            return Err(exit::FAILURE);
        }
    };
    crate::io::game_start(program, data.as_deref()).map_err(|e| match (e, position) {
        // Without a position file the start is the rules file's own setup.
        (RunFailure::Input(e), None) => {
            reportln!("error: {}: the setup: {}", display(rules), e.message);
            exit::RULES
        }
        (e, position) => report_failure(&display(position.unwrap_or(rules)), e),
    })
}

fn report_failure(name: &str, e: RunFailure) -> i32 {
    match e {
        RunFailure::Input(e) => {
            report!("{}", diagnostic::input_error(name, &e));
            exit::INPUT
        }
        RunFailure::Write(e) if e.kind() == std::io::ErrorKind::BrokenPipe => exit::OK,
        RunFailure::Missing(msg) => {
            reportln!("error: {name}: {msg}");
            exit::USAGE
        }
        e => {
            reportln!("error: {e}");
            exit::FAILURE
        }
    }
}

fn perft(
    style: Style,
    rules: &Path,
    depth: u32,
    position: Option<&Path>,
    divide: bool,
    limits: Limits,
) -> i32 {
    let program = match load(style, rules) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let (mut runner, pos) = match game_start(&program, rules, position) {
        Ok(x) => x,
        Err(code) => return code,
    };
    runner.budget = limits.budget();
    let started = std::time::Instant::now();
    let mut out = String::new();
    let total = if divide {
        match runner.perft_divide(&pos, depth) {
            Ok(lines) => {
                for (mv, n) in &lines {
                    out.push_str(&format!("{mv}: {n}\n"));
                }
                lines
                    .iter()
                    .try_fold(0u64, |a, (_, n)| a.checked_add(*n))
                    .ok_or_else(|| crate::run::RunError::new("the count passed 64 bits"))
            }
            Err(e) => Err(e),
        }
    } else {
        runner.perft(&pos, depth)
    };
    let total = match total {
        Ok(t) => t,
        Err(e) => return search_failed(&e),
    };
    let secs = started.elapsed().as_secs_f64();
    out.push_str(&format!("{total}\n"));
    if let Err(code) = print(&out) {
        return code;
    }
    reportln!(
        "perft({depth}) = {total} in {secs:.3} s ({:.0} leaves/s)",
        total as f64 / secs.max(1e-9)
    );
    exit::OK
}

fn playout(
    style: Style,
    rules: &Path,
    games: u64,
    seed: u64,
    position: Option<&Path>,
    limits: Limits,
) -> i32 {
    let program = match load(style, rules) {
        Ok(p) => p,
        Err(code) => return code,
    };
    if program.game.is_none() {
        reportln!(
            "error: {}: the rules file has no `game` section, so games have no end or result",
            display(rules)
        );
        return exit::USAGE;
    }
    let (mut runner, start) = match game_start(&program, rules, position) {
        Ok(x) => x,
        Err(code) => return code,
    };
    runner.budget = limits.budget();
    let started = std::time::Instant::now();
    let mut rng = crate::run::game::Rng::new(seed);
    let mut scratch = Vec::new();
    let mut tally: Vec<(String, u64)> = Vec::new();
    let mut plies = 0u64;
    for _ in 0..games {
        let result = crate::run::game::playout(&mut runner, &start, &mut rng, &mut scratch)
            .and_then(|played| {
                plies += played.plies as u64;
                crate::io::output::result_line(&mut runner, &played.end)
            });
        match result {
            Ok(text) => match tally.iter_mut().find(|(t, _)| *t == text) {
                Some((_, n)) => *n += 1,
                None => tally.push((text, 1)),
            },
            Err(e) => return search_failed(&e),
        }
    }
    let secs = started.elapsed().as_secs_f64();
    tally.sort();
    let mut out = String::new();
    for (text, n) in &tally {
        out.push_str(&format!("{text}: {n}\n"));
    }
    if let Err(code) = print(&out) {
        return code;
    }
    reportln!(
        "{games} games, {plies} plies in {secs:.3} s ({:.0} games/s)",
        games as f64 / secs.max(1e-9)
    );
    exit::OK
}

/// Writes a command's result to standard output; a closed pipe is a quiet success.
fn print(text: &str) -> Result<(), i32> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(exit::OK),
        Err(e) => {
            reportln!("error: writing the output failed: {e}");
            Err(exit::FAILURE)
        }
    }
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
