//! The options and helpers every subcommand shares: exit codes, `--color`, `--format`,
//! the search limits, and writing a result to standard output.

use std::io::Write;

use clap::ValueEnum;

pub use super::report::Format;
use super::report::Reporter;

/// Exit codes.
pub mod exit {
    pub const OK: i32 = 0;
    pub const FAILURE: i32 = 1;
    pub const USAGE: i32 = 2;
    pub const RULES: i32 = 3;
    pub const INPUT: i32 = 4;
    pub const BUDGET: i32 = 5;
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

impl Color {
    /// Whether to colour: `always` and `never` say so; `auto` colours a terminal unless
    /// `NO_COLOR` is set to something (<https://no-color.org>).
    pub fn wanted(self, no_color: Option<&std::ffi::OsStr>, terminal: bool) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => no_color.is_none_or(|v| v.is_empty()) && terminal,
        }
    }
}

/// The `--format` option of the commands that have one.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct FormatArg {
    /// Write results (and errors) as text or as JSON Lines (see docs/json.md)
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// What `ply perft --count` counts as a ply.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Counting {
    Moves,
    Actions,
    Turns,
}

impl Counting {
    /// What perft counts as a ply under this choice.
    pub fn unit(self) -> crate::run::query::perft::Unit {
        use crate::run::query::perft::Unit;
        match self {
            Counting::Moves => Unit::Moves,
            Counting::Actions => Unit::Actions,
            Counting::Turns => Unit::Turns,
        }
    }
}

/// Which representation of the rules the whole-game commands play on.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Representation {
    /// Use the general generator even where the rules have a bit form (`ply check` says
    /// which they have): to compare, or to time what the bit form gains
    #[arg(long)]
    pub general: bool,
}

impl Representation {
    pub fn choice(&self) -> crate::run::Choice {
        match self.general {
            true => crate::run::Choice::General,
            false => crate::run::Choice::Fastest,
        }
    }
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
    /// Stop with exit code 5 rather than let the process hold more memory than this: bytes,
    /// or a number with K, M, G or T (512M, 8G); `none` (or 0) for no limit. Checked before
    /// the rules are compiled for a board (once for each thread) and while searching
    #[arg(long, value_name = "SIZE", value_parser = memory_size,
        default_value_t = MaxMemory(Some(crate::memory::DEFAULT_LIMIT)))]
    pub max_memory: MaxMemory,
}

/// `--max-memory`: a number of bytes, or no limit.
#[derive(Debug, Clone, Copy)]
pub struct MaxMemory(pub Option<u64>);

/// As it is written on the command line (`4G`, `512M`, `none`), for `--help`'s default.
impl std::fmt::Display for MaxMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Some(bytes) = self.0 else {
            return f.write_str("none");
        };
        let unit = [(40, "T"), (30, "G"), (20, "M"), (10, "K")]
            .into_iter()
            .find(|&(shift, _)| bytes.is_multiple_of(1 << shift));
        match unit {
            Some((shift, unit)) => write!(f, "{}{unit}", bytes >> shift),
            None => write!(f, "{bytes}"),
        }
    }
}

fn memory_size(text: &str) -> Result<MaxMemory, String> {
    crate::memory::parse(text).map(MaxMemory)
}

impl Limits {
    pub fn budget(&self) -> crate::run::Budget {
        crate::run::Budget {
            max_nodes: self.max_nodes,
            max_memory: self.max_memory.0,
            shared: None,
            deadline: self
                .timeout
                .filter(|t| t.is_finite() && *t >= 0.0)
                .map(|t| {
                    std::time::Instant::now() + std::time::Duration::from_secs_f64(t.min(1e9))
                }),
        }
    }
}

/// Writes a command's result to standard output; a closed pipe is a quiet success.
pub(super) fn print(rep: &Reporter, text: &str) -> Result<(), i32> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(exit::OK),
        Err(e) => {
            let msg = format!("writing the output failed: {e}");
            rep.error(crate::diagnostic::Kind::Io, None, &msg);
            Err(exit::FAILURE)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_memory_shown_as_written() {
        let shown = |bytes| MaxMemory(bytes).to_string();
        assert_eq!(shown(Some(crate::memory::DEFAULT_LIMIT)), "4G");
        assert_eq!(shown(Some(512 << 20)), "512M");
        assert_eq!(shown(Some(1000)), "1000");
        assert_eq!(shown(None), "none");
        for text in ["4G", "512M", "1000", "none"] {
            assert_eq!(memory_size(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn colour_honours_no_color() {
        use std::ffi::OsStr;
        assert!(Color::Auto.wanted(None, true));
        assert!(Color::Auto.wanted(Some(OsStr::new("")), true));
        assert!(!Color::Auto.wanted(Some(OsStr::new("1")), true));
        assert!(!Color::Auto.wanted(None, false));
        assert!(Color::Always.wanted(Some(OsStr::new("1")), false));
        assert!(!Color::Never.wanted(None, true));
    }
}
